"""tools/book_lookahead.py: symmetries, pools and costs against brute force; --lookahead books remake."""

import random
import shlex
import sys
from pathlib import Path

import numpy as np

from game.core.codes import code_index, decode, score
from game.core.config import GameConfig
from game.core.optimal import parse_table
from game.core.strategies import get
from game.core.strategies.walk import walk
from game.tables import bind

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.tools.test_book import run_book  # noqa: E402
from tools import book_lookahead as la  # noqa: E402


def test_first_guess_symmetries__keep_the_guess_and_every_grade():
    first = (0, 0, 1, 1, 2, 3)
    found = la.first_guess_symmetries(first, 9)
    assert len(found) == 16  # swaps inside each pair, of the pairs, of the two single pegs
    rng = random.Random(3)
    for perm, mapping in found:
        moved = tuple(int(mapping[first[p]]) for p in perm)
        assert moved == first
        for _ in range(50):
            a = tuple(rng.randrange(9) for _ in range(6))
            b = tuple(rng.randrange(9) for _ in range(6))
            image = [tuple(int(mapping[c[p]]) for p in perm) for c in (a, b)]
            assert score(*image) == score(a, b)


def test_second_guess_pool__one_code_per_orbit_with_the_same_split():
    config = GameConfig(4, 5)
    space = la.whole_space(config)
    first = (0, 0, 1, 2)
    grade = (1, 1)
    cell = la._cell(space, first, grade)
    pool = la.second_guess_pool(space, first, grade, la._absent(space, cell))
    every = np.arange(space.codes.shape[0])
    # A symmetry of the first guess permutes the cell, so a code and its orbit split it alike, grade for
    # grade: every code's split is one a pool code has.
    splits_of_pool = {tuple(row) for row in la.split_counts(space, pool, cell).tolist()}
    assert {tuple(row) for row in la.split_counts(space, every, cell).tolist()} == splits_of_pool
    assert pool.shape[0] < every.shape[0] // 2


def test_best_third__cost_is_the_exact_minimum_when_the_pool_holds_every_code():
    config = GameConfig(4, 5)
    space = la.whole_space(config)
    history = (((0, 0, 1, 2), (1, 1)), ((1, 3, 3, 4), (0, 2)))
    everything = [tuple(row) for row in decode(np.arange(625), 4, 5).tolist()]
    secrets = [c for c in everything if all(score(g, c) == f for g, f in history)]
    cell = np.array(sorted(code_index(c, 5) for c in secrets))
    cost, third = la.best_third(space, history, cell, np.arange(625), 625)

    def brute(guess):
        parts = {}
        for secret in secrets:
            parts.setdefault(score(guess, secret), []).append(secret)
        sizes = np.array([len(p) for g, p in parts.items() if g != (4, 0)])
        return len(secrets) + float((sizes * la.estimate(sizes)).sum())

    best = min(brute(g) for g in everything)
    assert abs(cost - best) < 1e-9 and abs(brute(tuple(int(p) for p in space.codes[third])) - best) < 1e-9


def test_book__lookahead_header_command_remakes_the_same_bytes_and_is_played(tmp_path):
    out = tmp_path / "book_4x5.txt"
    args = ["tools/book.py", "--pegs", "4", "--colours", "5", "--lookahead", "--candidates", "2"]
    summary = run_book([*args, "--pool", "300", "--third-pool", "600", "--jobs", "2", "--out", str(out)])
    first = out.read_bytes()
    table = parse_table(first)
    out.unlink()
    again = run_book(shlex.split(table.header["command"])[1:])
    assert out.read_bytes() == first
    assert {**again, "seconds": 0} == {**summary, "seconds": 0}
    assert any(len(path) == 2 for path in table.moves)  # third guesses are shipped
    # The optimal strategy bound to this folder plays every book move the games reach.
    games = walk(GameConfig(4, 5), bind(get("optimal"), tmp_path).think, np.arange(625), seed=0, max_turns=30)
    assert all(g.solved for g in games)
    for game in games:
        path: tuple = ()
        for turn, guess in enumerate(game.guesses[:3]):
            if path in table.moves:
                assert table.moves[path] == guess
            if turn < len(game.feedback):
                path += (tuple(game.feedback[turn]),)
