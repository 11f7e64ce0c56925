"""Weighing every code a colour multiset at a time (strategies/every_code.py): the bounds never exceed
a real score, and the choice is the brute force's under the tie rule, for every criterion."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import space
from game.core.codes import colour_counts, decode
from game.core.config import GameConfig
from game.core.kernels import multiset_groups_steps, scorer_for
from game.core.solver import run
from game.core.strategies import every_code, partition, pool

CRITERIA = [partition.largest_part, partition.sum_of_squares, partition.negative_information]
CRITERIA += [partition.negative_parts]


def brute_force_scores(pegs, colours, left, criterion):
    """Every code's score against the codes `left`, graded the straightforward way."""
    everything = decode(np.arange(colours**pegs), pegs, colours)
    codes = everything[left]
    grades = space.grades_between(
        everything, colour_counts(everything, colours), codes, colour_counts(codes, colours)
    )
    size = (pegs + 1) * (pegs + 1)
    return criterion(np.stack([np.bincount(row, minlength=size) for row in grades]))


def random_left(rng, count, colours, pegs):
    return np.array(sorted(rng.sample(range(colours**pegs), count)), dtype=np.int64)


@pytest.mark.parametrize("criterion", CRITERIA)
def test_multiset_bounds__never_exceed_the_score_of_any_code_of_the_multiset(criterion):
    pegs, colours = 4, 6
    scorer = scorer_for(pegs, colours)
    ids = scorer.ids_of_indices(np.arange(colours**pegs))
    rng = random.Random(2)
    for count in (2, 3, 5, 9, 17, 40, 120):
        left = random_left(rng, count, colours, pegs)
        scores = brute_force_scores(pegs, colours, left, criterion)
        bounds = every_code.multiset_bounds(scorer, scorer.ids_of_indices(left), criterion)
        lowest = np.full(bounds.shape[0], np.inf)
        np.minimum.at(lowest, ids, scores)
        assert np.all(bounds <= lowest + 1e-9)
        if count >= 17:  # and it can skip multisets: some bound is worse than the best code
            assert np.any(bounds > scores.min())


@pytest.mark.parametrize("criterion", CRITERIA)
def test_best_code_steps__chooses_as_weighing_every_code_by_brute_force(criterion):
    # Sets of codes left with and without a perfect split, among the codes left or elsewhere; the
    # reference weighs all 3125 codes of 5x5 and applies the tie rule: consistent first, then lowest.
    pegs, colours = 5, 5
    scorer = scorer_for(pegs, colours)
    groups = run(multiset_groups_steps(scorer))
    rng = random.Random(7)
    for trial in range(24):
        left = random_left(rng, 3 + trial % 8 * (1 + trial // 8 * 4), colours, pegs)
        columns = np.ascontiguousarray(decode(left, pegs, colours).T)
        node = run(scorer.node_steps(columns, scorer.ids_of_indices(left)))
        tie_limit = lambda best, c=criterion: partition._tie_limit(best, c)  # noqa: E731
        chosen = run(every_code.best_code_steps(scorer, groups, node, left, criterion, tie_limit, 0))
        scores = brute_force_scores(pegs, colours, left, criterion)
        ties = np.flatnonzero(partition._ties(scores, criterion))
        fits = ties[np.isin(ties, left)]
        assert chosen == (fits[0] if fits.shape[0] else ties[0]), (trial, left.shape[0])


def test_best_code_steps__skips_most_codes_once_a_good_split_is_found():
    # The point of the bounds: with 30 codes left at 5x8 far fewer codes are weighed than exist.
    pegs, colours = 5, 8
    scorer = scorer_for(pegs, colours)
    groups = run(multiset_groups_steps(scorer))
    left = random_left(random.Random(4), 30, colours, pegs)
    node = run(
        scorer.node_steps(np.ascontiguousarray(decode(left, pegs, colours).T), scorer.ids_of_indices(left))
    )
    tie_limit = lambda best: partition._tie_limit(best, partition.negative_information)  # noqa: E731
    steps = every_code.best_code_steps(
        scorer, groups, node, left, partition.negative_information, tie_limit, 30
    )
    progress = []
    try:
        while True:
            progress.append(next(steps))
    except StopIteration:
        pass
    multisets = scorer.keys.shape[0]
    assert progress and progress[-1].total == multisets
    assert progress[-1].done < multisets // 4


def test_best_code_steps__by_parts_and_orbit_representatives_choose_as_the_brute_force():
    # Minus the number of parts read off OR-ed grade bits, and only the lowest code of each orbit of
    # interchangeable colours weighed: the same choice as weighing every code's part sizes.
    pegs, colours = 5, 5
    scorer = scorer_for(pegs, colours)
    groups = run(multiset_groups_steps(scorer))
    everything = decode(np.arange(colours**pegs), pegs, colours)
    rng = random.Random(11)
    for trial in range(16):
        # codes left that use only colours 0-2 and a history that played only 0-2: 3 and 4 are
        # interchangeable (free, and absent from every code left)
        small = np.flatnonzero(everything.max(axis=1) <= 2)
        left = np.array(sorted(rng.sample(small.tolist(), 3 + trial * 5)), dtype=np.int64)
        history = (((0, 1, 2, 0, 1), (0, 0)),)
        flags = pool.canonical_filter(GameConfig(pegs, colours), history, left)
        assert flags is not None and not flags(np.arange(colours**pegs)).all()
        columns = np.ascontiguousarray(decode(left, pegs, colours).T)
        node = run(scorer.node_steps(columns, scorer.ids_of_indices(left)))
        for criterion, by_parts in ((partition.negative_parts, True), (partition.largest_part, False)):
            tie_limit = lambda best, c=criterion: partition._tie_limit(best, c)  # noqa: E731
            steps = every_code.best_code_steps(
                scorer, groups, node, left, criterion, tie_limit, 0, flags, by_parts
            )
            scores = brute_force_scores(pegs, colours, left, criterion)
            ties = np.flatnonzero(partition._ties(scores, criterion))
            fits = ties[np.isin(ties, left)]
            assert run(steps) == (fits[0] if fits.shape[0] else ties[0]), (trial, left.shape[0])


@settings(derandomize=True, max_examples=60, deadline=None)
@given(
    st.integers(4, 5),
    st.integers(3, 6),
    st.integers(1, 40),
    st.integers(0, 2**32 - 1),
)
def test_parts__counts_the_grades_a_guess_gives_the_codes_left_like_the_plain_grader(
    pegs, colours, count, seed
):
    # OR-ed grade bits against the straightforward grader's distinct grades, for random guesses.
    scorer = scorer_for(pegs, colours)
    rng = np.random.default_rng(seed)
    left = np.unique(rng.integers(0, colours**pegs, count))
    guesses = rng.integers(0, colours**pegs, 50)
    node = run(
        scorer.node_steps(np.ascontiguousarray(decode(left, pegs, colours).T), scorer.ids_of_indices(left))
    )
    got = every_code.parts(node, guesses, scorer.ids_of_indices(guesses))
    everything = decode(guesses, pegs, colours)
    codes = decode(left, pegs, colours)
    grades = space.grades_between(
        everything, colour_counts(everything, colours), codes, colour_counts(codes, colours)
    )
    assert got.tolist() == [np.unique(row).shape[0] for row in grades]


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.integers(2, 10), st.data())
def test_even_cuts__cut_each_class_into_its_grades_as_evenly_as_can_be(pegs, data):
    classes = np.array([data.draw(st.lists(st.integers(0, 500), min_size=pegs + 1, max_size=pegs + 1))])
    cuts = every_code.even_cuts(classes, pegs)[0].tolist()
    expected = []
    for common in range(pegs + 1):
        grades = common + 1 if common < pegs else pegs  # (pegs - 1, 1) cannot be
        size = int(classes[0, common])
        expected += sorted(
            (size // grades + (1 if i < size % grades else 0) for i in range(grades)), reverse=True
        )
    assert cuts == expected
