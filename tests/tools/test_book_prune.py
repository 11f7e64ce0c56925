"""tools/book_prune.py (book.py --prune): each move kept beats entropy over the secrets below it (or
is entropy's own guess there) and each move dropped does not, judged against games played out
separately; the kept book plays the
totals in its header and never more guesses than entropy; the header's command remakes the bytes."""

import itertools
import shlex
import sys
from pathlib import Path

import numpy as np

from game.core.codes import Feedback, decode, score_many, unpack
from game.core.config import GameConfig
from game.core.optimal import StrategyTable, format_table, parse_table
from game.core.solver import run
from game.core.strategies import STRONGEST, get
from game.core.strategies.optimal import make_think
from game.core.strategies.walk import node_rng, walk

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.tools.test_book import run_book  # noqa: E402
from tools import book_prune  # noqa: E402

CONFIG = GameConfig(4, 5)
EVERY = np.arange(625)


def guesses_below(moves, path, seed=0):
    """(total guesses, the guess played at `path`) of the games whose grades begin with `path` (and
    go on), every secret played from the root with `moves` (entropy where they have none)."""
    games = walk(CONFIG, make_think([StrategyTable(4, 5, True, moves)]), EVERY, seed, 30)
    below = [g for g in games if g.feedback[: len(path)] == path and len(g.feedback) > len(path)]
    (played,) = {g.guesses[len(path)] for g in below}
    return sum(len(g.guesses) for g in below), played


def a_book_with_a_bad_move(tmp_path):
    """A book made by the tool, with the second guess of its largest cell replaced by 0000."""
    made = tmp_path / "made.txt"
    run_book(["tools/book.py", "--pegs", "4", "--colours", "5", "--candidates", "2", "--out", str(made)])
    table = parse_table(made.read_bytes())
    moves = dict(table.moves)
    grades = score_many(moves[()], decode(EVERY, 4, 5), 5)
    values, counts = np.unique(grades, return_counts=True)
    bad = (unpack(int(values[np.argmax(counts)]), 4),)
    moves = {p: g for p, g in moves.items() if p[:1] != bad}
    moves[bad] = (0, 0, 0, 0)
    book = tmp_path / "bad.txt"
    book.write_text(format_table(StrategyTable(4, 5, True, moves, dict(table.header))))
    return moves, bad, book


def test_prune__keeps_exactly_the_moves_that_beat_entropy_below_them(tmp_path):
    moves, bad, _ = a_book_with_a_bad_move(tmp_path)
    kept, summary = book_prune.prune(CONFIG, moves, 0)
    assert bad not in kept and () in kept
    assert max(map(len, moves)) == 1  # a first guess and second guesses: entropy below them
    dropped = alike = 0
    for path in moves:
        if path:  # the move against entropy from the same position, over the secrets below it
            playing, _ = guesses_below({(): moves[()], path: moves[path]}, path)
            instead, own = guesses_below({(): moves[()]}, path)
            # a move that is entropy's own guess there plays alike, and saves entropy the weighing
            keeps = playing < instead or (playing == instead and moves[path] == own)
            assert (path in kept) == keeps, (path, playing, instead)
            dropped += not keeps
            alike += keeps and playing == instead
    assert dropped >= 1 and alike >= 1, (dropped, alike)  # the bad move; entropy's own guesses
    entropy = walk(CONFIG, get(STRONGEST).think, EVERY, 0, 30)
    played = walk(CONFIG, make_think([StrategyTable(4, 5, True, kept)]), EVERY, 0, 30)
    assert summary["entropy_total"] == sum(len(g.guesses) for g in entropy)
    assert summary["total"] == sum(len(g.guesses) for g in played) <= summary["entropy_total"]
    assert summary["total"] < summary["book_total"]  # dropping the bad move saves guesses
    assert summary["worst"] == max(len(g.guesses) for g in played)


def test_book_prune__header_command_remakes_the_same_bytes(tmp_path):
    _, _, book = a_book_with_a_bad_move(tmp_path)
    out = tmp_path / "pruned.txt"
    summary = run_book(["tools/book.py", "--prune", str(book), "--jobs", "2", "--out", str(out)])
    made = out.read_bytes()
    table = parse_table(made)
    assert int(table.header["total"].split()[0]) == summary["total"]
    assert table.header["positions kept"] == f"{summary['kept']} of {summary['positions']}"
    out.unlink()
    run_book(shlex.split(table.header["command"])[1:])
    assert out.read_bytes() == made


def test_seconds_from__a_pruned_book_deepens_below_entropys_own_second_guess_where_it_has_none(tmp_path):
    _, bad, book = a_book_with_a_bad_move(tmp_path)
    pruned, deeper = tmp_path / "pruned.txt", tmp_path / "deeper.txt"
    run_book(["tools/book.py", "--prune", str(book), "--out", str(pruned)])
    assert bad not in parse_table(pruned.read_bytes()).moves
    args = ["--pegs", "4", "--colours", "5", "--candidates", "1", "--deepen", "10"]
    run_book(["tools/book.py", *args, "--seconds-from", str(pruned), "--out", str(deeper)])
    moves = parse_table(deeper.read_bytes()).moves
    history = ((moves[()], bad[0]),)
    assert moves[bad] == run(get(STRONGEST).think(CONFIG, history, node_rng(0, history)))
    assert any(len(path) == 2 and path[0] == bad[0] for path in moves)  # third guesses below it


def test_book_prune__pruning_a_pruned_book_in_place_again_changes_nothing(tmp_path):
    _, _, book = a_book_with_a_bad_move(tmp_path)
    args = ["tools/book.py", "--prune", str(book), "--out", str(book)]
    first = run_book(args)
    made = book.read_bytes()
    again = run_book(args)
    assert book.read_bytes() == made
    assert again["kept"] == again["positions"] == first["kept"] < first["positions"]


def replay(config, moves, seed=0):
    """Each secret's guess count, in code-number order: every code without a repeated colour listed by
    itertools, each game played one guess at a time from the start and graded here by counting."""
    think = make_think([StrategyTable(config.pegs, config.colours, config.duplicates, moves)])
    counts = []
    for secret in itertools.permutations(range(config.colours), config.pegs):
        history = ()
        while not history or history[-1][0] != secret:
            guess = tuple(run(think(config, history, node_rng(seed, history))))
            bulls = sum(a == b for a, b in zip(guess, secret, strict=True))
            history += ((guess, Feedback(bulls, len(set(guess) & set(secret)) - bulls)),)
            assert len(history) <= 30, secret
        counts.append(len(history))
    return counts


def test_prune__without_repeats_the_totals_are_those_of_the_games_replayed_one_by_one(tmp_path):
    config = GameConfig(4, 6, duplicates=False)
    made = tmp_path / "made.txt"
    size = ["--pegs", "4", "--colours", "6", "--no-duplicates"]
    run_book(["tools/book.py", *size, "--candidates", "2", "--out", str(made)])
    moves = dict(parse_table(made.read_bytes()).moves)
    # a second guess that tells nothing in the largest cell: pruning must drop it and only it there
    firsts = [path for path in moves if len(path) == 1]
    bad = max(firsts, key=lambda path: sum(1 for p in moves if p[:1] == path))
    moves[bad] = tuple(moves[()])
    kept, summary = book_prune.prune(config, moves, 0)
    assert bad not in kept
    entropy, book, played = replay(config, {}), replay(config, moves), replay(config, kept)
    assert len(played) == 360
    assert (summary["entropy_total"], summary["entropy_worst"]) == (sum(entropy), max(entropy))
    assert (summary["book_total"], summary["book_worst"]) == (sum(book), max(book))
    assert (summary["total"], summary["worst"]) == (sum(played), max(played))
    assert sum(played) <= sum(entropy) and sum(played) < sum(book)
