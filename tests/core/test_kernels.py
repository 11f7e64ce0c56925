"""The multiset scorer and its per-node tables: grades and part counts equal the scalar reference,
tables are built in steps, and the partition strategies choose through them as a brute force does."""

import random

import numpy as np
import pytest

from game.core import kernels, space
from game.core.codes import code_index, colour_counts, decode, encode, pack, score
from game.core.config import GameConfig
from game.core.kernels import WORK_PER_YIELD, scorer_for, scorer_steps
from game.core.solver import run
from game.core.strategies import partition


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


def dense_grade(feedback, pegs):
    """The node tables' grade numbering: tri(black + white) + black (kernels module docstring)."""
    common = feedback.black + feedback.white
    return common * (common + 1) // 2 + feedback.black


def test_node_scorer__part_counts_equal_the_scalar_reference_in_its_dense_grades():
    rng = random.Random(5)
    for pegs, colours in [(2, 3), (3, 4), (4, 6), (5, 8), (6, 9)]:
        scorer = scorer_for(pegs, colours)
        codes = np.array([[rng.randrange(colours) for _ in range(pegs)] for _ in range(40)], dtype=np.uint8)
        guesses = np.array([[rng.randrange(colours) for _ in range(pegs)] for _ in range(25)], dtype=np.uint8)
        node = run(scorer.node_steps(np.ascontiguousarray(codes.T), scorer.multiset_ids(codes)))
        counts = node.part_counts(encode(guesses, colours), scorer.multiset_ids(guesses))
        assert counts.shape == (25, (pegs + 1) * (pegs + 2) // 2)
        for guess, row in zip(guesses, counts, strict=True):
            expected = np.zeros_like(row)
            for code in codes:
                expected[dense_grade(score(tuple(guess), tuple(code)), pegs)] += 1
            assert np.array_equal(row, expected)
        assert not (node.common.flags.writeable or node.head.flags.writeable or node.tail.flags.writeable)


def test_node_steps__builds_tables_for_many_codes_over_several_steps():
    scorer = scorer_for(5, 8)
    codes = decode(np.arange(0, 32768, 11), 5, 8)  # 2979 codes: a 2.4 M-cell common table
    steps = scorer.node_steps(np.ascontiguousarray(codes.T), scorer.multiset_ids(codes))
    progress = []
    try:
        while True:
            progress.append(next(steps))
    except StopIteration as stop:
        node = stop.value
    assert len(progress) >= node.common.size // WORK_PER_YIELD
    assert node.common.shape == (scorer.common.shape[0], codes.shape[0])


CRITERIA = [partition.largest_part, partition.sum_of_squares, partition.negative_information]
CRITERIA += [partition.negative_parts]


@pytest.mark.parametrize("criterion", CRITERIA)
def test_partition__node_tables_choose_as_scoring_every_code_by_brute_force(criterion):
    # 5x5 (3125 codes) is listed but has no score table, so the strategy weighs through node tables,
    # finds perfect splits early and reduces its pool by symmetry; the reference does none of that.
    config = GameConfig(5, 5)
    rng = random.Random(3)
    everything = decode(np.arange(3125), 5, 5)
    everything_counts = colour_counts(everything, 5)
    for turn in range(15):  # 3 to 510 codes left; a perfect split among them, elsewhere, or none
        secret = tuple(rng.randrange(5) for _ in range(5))
        history = [((0, 0, 1, 1, 2), score((0, 0, 1, 1, 2), secret))]
        for _ in range(turn % 3):
            more = tuple(rng.randrange(5) for _ in range(5))
            history.append((more, score(more, secret)))
        consistent = space.consistent_indices(config, history)
        if consistent.shape[0] <= 2:
            continue
        chosen = run(partition.think_partition(config, history, random.Random(0), criterion=criterion))
        codes = everything[consistent]
        grades = space.grades_between(everything, everything_counts, codes, colour_counts(codes, 5))
        scores = criterion(np.stack([np.bincount(row, minlength=36) for row in grades]))
        ties = np.flatnonzero(partition._ties(scores, criterion))
        fits = ties[np.isin(ties, consistent)]
        assert code_index(chosen, 5) == (fits[0] if fits.shape[0] else ties[0])
