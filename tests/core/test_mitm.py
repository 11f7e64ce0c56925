"""Huge spaces met in the middle (game/core/mitm.py) against brute force, and 9-10 peg scoring."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import mitm, space
from game.core.codes import colour_counts, decode, encode, pack, score, score_many, unpack
from game.core.config import GameConfig
from game.core.solver import run
from game.core.strategies import get
from game.core.strategies.walk import walk
from tests.core.test_codes import reference_score
from tests.core.test_space import brute_consistent, random_history


@st.composite
def big_code_pairs(draw):
    pegs = draw(st.integers(9, 10))
    colours = draw(st.integers(2, 10))
    code = st.lists(st.integers(0, colours - 1), min_size=pegs, max_size=pegs).map(tuple)
    return colours, draw(code), draw(code)


@settings(max_examples=200, derandomize=True)
@given(big_code_pairs())
def test_score__equals_the_reference_at_9_and_10_pegs(pair):
    colours, guess, secret = pair
    expected = reference_score(guess, secret)
    assert tuple(score(guess, secret)) == expected
    packed = score_many(guess, np.array([secret], dtype=np.uint8), colours)
    assert unpack(packed[0], len(guess)) == expected
    grades = space.grades_between(
        np.array([guess], dtype=np.uint8),
        colour_counts(np.array([guess], dtype=np.uint8), colours),
        np.array([secret], dtype=np.uint8),
        colour_counts(np.array([secret], dtype=np.uint8), colours),
    )
    assert int(grades[0, 0]) == pack(expected, len(guess))


def test_code_index__ten_pegs_of_ten_colours_round_trip_past_int32():
    indices = np.array([0, 2**31 + 7, 10**10 - 1], dtype=np.int64)
    codes = decode(indices, 10, 10)
    assert codes[-1].tolist() == [9] * 10
    assert encode(codes, 10).tolist() == indices.tolist()


@pytest.mark.parametrize(
    "pegs, colours, duplicates",
    [(4, 4, True), (5, 3, True), (3, 5, True), (2, 4, True), (4, 6, False), (5, 6, False)],
)
def test_survey__counts_lists_samples_and_finds_the_lowest_like_brute_force(pegs, colours, duplicates):
    config = GameConfig(pegs, colours, duplicates)
    rng = random.Random(pegs * 100 + colours)
    for turns in (1, 2, 3, 4):
        history = random_history(config, rng, turns)
        expected = brute_consistent(config, history)
        survey = run(mitm.survey_steps(config, history))
        assert survey.count == len(expected)
        assert run(survey.listing_steps()).tolist() == expected
        drawn = survey.sample(200, np.random.default_rng(turns))
        assert set(drawn.tolist()) <= set(expected)
        assert survey.lowest() == expected[0]


def test_survey__samples_every_consistent_code_about_equally_often():
    config = GameConfig(4, 4)
    history = [((0, 0, 1, 1), score((0, 0, 1, 1), (1, 2, 3, 0)))]
    survey = run(mitm.survey_steps(config, history))
    drawn = survey.sample(40 * survey.count, np.random.default_rng(3))
    hits = np.unique(drawn, return_counts=True)[1]
    assert hits.shape[0] == survey.count
    assert hits.min() > 15 and hits.max() < 75  # 40 expected each


def test_entropy__solves_a_ten_peg_secret_within_the_classic_limit():
    config = GameConfig(10, 10)
    secret = np.array([3_141_592_653], dtype=np.int64)
    game = walk(config, get("entropy").think, secret, seed=1, max_turns=config.turns)[0]
    assert game.solved and len(game.guesses) <= config.turns
    assert game.guesses[-1] == tuple(int(p) for p in decode(secret, 10, 10)[0])
    for guess, feedback in zip(game.guesses, game.feedback, strict=True):
        assert tuple(score(guess, game.secret)) == tuple(feedback)
