"""The multiset scorer: its grades equal the scalar reference, and its table is built in steps."""

import random

import numpy as np

from game.core import kernels
from game.core.codes import pack, score
from game.core.kernels import WORK_PER_YIELD, scorer_for, scorer_steps


def test_scorer__grades_equal_the_scalar_reference_on_random_codes():
    rng = random.Random(11)
    for pegs, colours in [(3, 4), (5, 8), (6, 9)]:
        scorer = scorer_for(pegs, colours)
        guesses = np.array([[rng.randrange(colours) for _ in range(pegs)] for _ in range(7)], dtype=np.uint8)
        codes = np.array([[rng.randrange(colours) for _ in range(pegs)] for _ in range(300)], dtype=np.uint8)
        grades = scorer.grades(
            guesses, scorer.multiset_ids(guesses), np.ascontiguousarray(codes.T), scorer.multiset_ids(codes)
        )
        expected = [[pack(score(tuple(g), tuple(c)), pegs) for c in codes] for g in guesses]
        assert np.array_equal(grades, np.array(expected))


def test_scorer_steps__builds_a_large_table_over_many_small_steps():
    pegs, colours = 6, 9
    kernels._scorer_build.cache_clear()  # a cold build, as on the first solve of a session
    steps = scorer_steps(pegs, colours)
    progress = []
    try:
        while True:
            progress.append(next(steps))
    except StopIteration as stop:
        scorer = stop.value
    size = scorer.common.shape[0]
    # no step holds more than about one yield's work (about 12 byte-operations a cell)
    assert len(progress) >= 12 * size * size * colours // WORK_PER_YIELD
    assert progress[-1].done == progress[-1].total == size
    assert scorer is scorer_for(pegs, colours)
    assert not scorer.common.flags.writeable
