"""Solver strategies: the registry, published figures at 4x6, the applet's walk-through."""

import itertools
import random

import pytest

from game.core.codes import score
from game.core.config import GameConfig
from game.core.solver import Progress, run
from game.core.strategies import STRATEGIES, STRONGEST, UnknownStrategy, get


def play(config, name, secret, seed=0):
    rng = random.Random(seed)
    history = []
    while len(history) < 40:
        guess = run(get(name).think(config, tuple(history), rng))
        feedback = score(guess, secret)
        history.append((guess, feedback))
        if feedback.black == config.pegs:
            break
    return [guess for guess, _ in history]


def test_registry__is_immutable_and_lists_names_when_unknown():
    assert STRONGEST in STRATEGIES
    with pytest.raises(TypeError):
        STRATEGIES["x"] = STRATEGIES["lowest"]  # type: ignore[index]
    with pytest.raises(UnknownStrategy, match="lowest"):
        get("nope")
    assert isinstance(UnknownStrategy("x"), ValueError)


def test_lowest__applet_walk_through_3x3_ends_with_021():
    assert play(GameConfig(3, 3), "lowest", (0, 2, 1)) == [(0, 0, 0), (0, 1, 1), (0, 1, 2), (0, 2, 1)]


def test_lowest__all_4x6_secrets_total_7471_max_9():
    config = GameConfig(4, 6)
    lengths = [len(play(config, "lowest", secret)) for secret in itertools.product(range(6), repeat=4)]
    assert (sum(lengths), max(lengths)) == (7471, 9)


def test_strategies__report_possible_codes_before_returning():
    config = GameConfig(4, 6)
    history = (((0, 0, 1, 1), score((0, 0, 1, 1), (2, 3, 1, 0))),)
    for name, info in STRATEGIES.items():
        updates = []
        gen = info.think(config, history, random.Random(1))
        try:
            while True:
                updates.append(next(gen))
        except StopIteration as stop:
            guess = stop.value
        assert all(isinstance(p, Progress) for p in updates), name
        assert any(p.possible == 208 for p in updates), name
        assert config.is_legal(guess), name


def test_strategies__respect_no_duplicates():
    config = GameConfig(4, 6, duplicates=False)
    for name in STRATEGIES:
        for secret in [(0, 1, 2, 3), (5, 4, 3, 2), (1, 3, 5, 0)]:
            guesses = play(config, name, secret, seed=3)
            assert guesses[-1] == secret, name
            assert all(len(set(g)) == 4 for g in guesses), name
