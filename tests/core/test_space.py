"""The code space: consistency filtering and counting against brute force, on both code paths."""

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import headtail, space
from game.core.codes import code_index, score
from game.core.config import GameConfig
from game.core.solver import is_consistent, run


def brute_consistent(config, history):
    codes = itertools.product(range(config.colours), repeat=config.pegs)
    return [
        code_index(code, config.colours)
        for code in codes
        if (config.duplicates or len(set(code)) == config.pegs) and is_consistent(code, history)
    ]


def random_history(config, rng, turns):
    secret = (
        tuple(rng.sample(range(config.colours), config.pegs))
        if not config.duplicates
        else tuple(rng.randrange(config.colours) for _ in range(config.pegs))
    )
    history = []
    for _ in range(turns):
        guess = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        if not config.duplicates:
            guess = tuple(rng.sample(range(config.colours), config.pegs))
        history.append((guess, score(guess, secret)))
    return history


@pytest.mark.parametrize(
    "pegs, colours, duplicates", [(4, 6, True), (3, 5, True), (5, 4, True), (4, 6, False), (5, 7, False)]
)
def test_consistent_indices__match_brute_force_on_small_and_streaming_paths(pegs, colours, duplicates):
    config = GameConfig(pegs, colours, duplicates)
    rng = random.Random(pegs * 100 + colours)
    for turns in (1, 2, 3):
        history = random_history(config, rng, turns)
        expected = brute_consistent(config, history)
        assert space.consistent_indices(config, history).tolist() == expected
        streamed = run(headtail.stream_steps(config, history, keep=True))
        assert streamed.tolist() == expected
        assert run(headtail.stream_steps(config, history, keep=False)) == len(expected)
        assert space.count_consistent(config, history) == len(expected)


def test_count_consistent__empty_history_counts_legal_codes():
    assert space.count_consistent(GameConfig(4, 6), []) == 1296
    assert space.count_consistent(GameConfig(4, 6, duplicates=False), []) == 360
    assert space.count_consistent(GameConfig(8, 10), []) == 10**8


def test_consistent_steps__large_space_with_no_history_refuses_to_list():
    with pytest.raises(space.SpaceTooLarge):
        space.consistent_indices(GameConfig(8, 10), [])


def test_partition_over_space__streaming_matches_small_path():
    for config in (GameConfig(4, 6), GameConfig(5, 6, duplicates=False)):
        guess = (0, 0, 1, 2) if config.pegs == 4 else (0, 1, 2, 3, 4)
        small = space.partition_over_space(config, guess)
        built = run(headtail.guess_rows_steps(config, guess))
        streamed = np.zeros_like(small)
        for grade in range(small.shape[0]):
            streamed[grade] = (built.grades == grade).sum(axis=1) @ built.heads_per_signature
        assert streamed.tolist() == small.tolist()
        assert small.sum() == space.legal_count(config)


def test_release_steps__empties_a_sole_big_array_and_leaves_shared_ones_alone():
    big = np.arange(20_000_000, dtype=np.int32)
    steps = list(space.release_steps(big))
    assert len(steps) > 1 and big.shape == (0,)
    shared = np.arange(20_000_000, dtype=np.int32)
    view = shared[5:]
    assert list(space.release_steps(shared)) == []
    assert shared.shape == (20_000_000,) and view[0] == 5


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    pegs=st.integers(2, 5),
    colours=st.integers(2, 6),
    duplicates=st.booleans(),
    turns=st.integers(1, 3),
    seed=st.integers(0, 10**6),
)
def test_streaming__matches_brute_force_for_generated_games(pegs, colours, duplicates, turns, seed):
    if not duplicates and colours < pegs:
        duplicates = True
    config = GameConfig(pegs, colours, duplicates)
    history = random_history(config, random.Random(seed), turns)
    expected = brute_consistent(config, history)
    assert run(headtail.stream_steps(config, history, keep=True)).tolist() == expected
    assert run(headtail.stream_steps(config, history, keep=False)) == len(expected)


def test_small_space__without_repeats_lists_permutations_even_when_the_full_space_is_huge():
    listed = space.small_space(8, 8, False)  # 8! = 40320 codes out of 8^8 = 16.7 million
    assert listed.indices.shape == (40320,)
    assert (np.diff(listed.indices) > 0).all()
    assert (listed.counts.max(axis=1) == 1).all()
    history = [((0, 1, 2, 3, 4, 5, 6, 7), (2, 6))]
    identity = tuple(range(8))
    fixed_points_2 = sum(
        1 for code in itertools.permutations(identity) if sum(map(int.__eq__, code, identity)) == 2
    )
    assert space.count_consistent(GameConfig(8, 8, duplicates=False), history) == fixed_points_2
