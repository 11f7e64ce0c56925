"""tools/book.py: the command in a book's header remakes the same file, and the book plays as written."""

import json
import shlex
import subprocess
import sys
from pathlib import Path

import numpy as np

from game.core.codes import decode
from game.core.config import GameConfig
from game.core.optimal import parse_table
from game.core.strategies import get
from game.core.strategies.walk import walk
from game.tables import bind

ROOT = Path(__file__).resolve().parents[2]


def run_book(args):
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_book__header_command_remakes_the_same_bytes_and_totals_hold(tmp_path):
    out = tmp_path / "book_4x5.txt"
    args = ["tools/book.py", "--pegs", "4", "--colours", "5", "--candidates", "2", "--jobs", "2"]
    summary = run_book([*args, "--out", str(out)])
    first = out.read_bytes()
    table = parse_table(first)
    command = table.header["command"]
    assert command.startswith("python tools/book.py ")
    out.unlink()
    again = run_book(shlex.split(command)[1:])
    assert out.read_bytes() == first
    assert {**again, "seconds": 0} == {**summary, "seconds": 0}
    # The header's total is what the optimal strategy playing this book (entropy below) scores.
    think = bind(get("optimal"), tmp_path).think
    games = walk(GameConfig(4, 5), think, np.arange(625), seed=0, max_turns=30)
    assert sum(len(g.guesses) for g in games) == summary["total"] == int(table.header["total"].split()[0])
    assert all(g.solved for g in games) and max(len(g.guesses) for g in games) == summary["worst"]


def test_book__seconds_from_adds_third_guesses_never_worse_and_remakes_the_same_bytes(tmp_path):
    base = tmp_path / "base.txt"
    run_book(["tools/book.py", "--pegs", "4", "--colours", "5", "--first", "0012", "--out", str(base)])
    out = tmp_path / "book_4x5.txt"
    args = ["tools/book.py", "--pegs", "4", "--colours", "5", "--candidates", "3", "--deepen", "10"]
    summary = run_book([*args, "--seconds-from", str(base), "--jobs", "2", "--out", str(out)])
    made = out.read_bytes()
    table, earlier = parse_table(made), parse_table(base.read_bytes())
    assert {p: g for p, g in table.moves.items() if len(p) <= 1} == dict(earlier.moves)
    assert any(len(path) == 2 for path in table.moves)
    out.unlink()
    run_book(shlex.split(table.header["command"])[1:])
    assert out.read_bytes() == made
    # Entropy's own third guess is always a candidate, so the deeper book never needs more guesses.
    think = bind(get("optimal"), tmp_path).think
    games = walk(GameConfig(4, 5), think, np.arange(625), seed=0, max_turns=30)
    total = sum(len(g.guesses) for g in games)
    assert total == summary["total"] == int(table.header["total"].split()[0])
    assert total <= int(earlier.header["total"].split()[0])


def test_book__deepening_a_deepened_book_keeps_its_small_cells_and_is_never_worse(tmp_path):
    base = tmp_path / "base.txt"
    run_book(["tools/book.py", "--pegs", "4", "--colours", "5", "--first", "0012", "--out", str(base)])
    deep = tmp_path / "deep.txt"
    args = ["tools/book.py", "--pegs", "4", "--colours", "5", "--candidates", "1", "--jobs", "2"]
    run_book([*args, "--deepen", "5", "--seconds-from", str(base), "--out", str(deep)])
    again = tmp_path / "again.txt"
    summary = run_book([*args, "--deepen", "40", "--seconds-from", str(deep), "--out", str(again)])
    earlier, table = parse_table(deep.read_bytes()), parse_table(again.read_bytes())
    small = {path: guess for path, guess in earlier.moves.items() if len(path) == 2}
    # Which cells are under 40 secrets, counted here by grading every code with the book's guesses.
    config = GameConfig(4, 5)
    codes = [tuple(int(p) for p in row) for row in decode(np.arange(625), 4, 5).tolist()]
    sizes: dict = {}
    for code in codes:
        first = config.variant.score(earlier.moves[()], code)
        if first == (4, 0):
            continue
        second = config.variant.score(earlier.moves[(first,)], code)
        sizes[(first, second)] = sizes.get((first, second), 0) + 1
    kept = {path: guess for path, guess in small.items() if sizes[path] < 40}
    assert kept and all(table.moves[path] == guess for path, guess in kept.items())
    assert table.header["third guesses kept"].startswith(f"{len(kept)}, in cells under --deepen 40")
    # The earlier third guess is a candidate wherever a cell is deepened again, so nothing gets worse.
    assert summary["total"] <= int(earlier.header["total"].split()[0])
