"""Strategies that play a code that could still be the secret: `lowest` and `random`.

- lowest: the lowest-numbered consistent code (the Java applet's strategy, Tatham's hint). Its first
  guess is forced: 000..0 (0123.. without duplicates). The applet option plays one random first guess
  and then the lowest consistent code: registered as "lowest-random-first".
- random (Swaszek): a uniformly random consistent code drawn with the given rng; first guess AABB..
  (colour i // 2 at peg i, 0011 at 4x6 as in the msespos game; 0123.. without duplicates; a listed
  variant's, such as words, a random secret).

Both yield Progress with `possible` set as soon as the consistent codes are counted.
"""

from __future__ import annotations

import random
from collections.abc import Generator

import numpy as np

from ..codes import Code, index_code
from ..config import GameConfig
from ..mitm import is_huge, survey_steps
from ..solver import History, NoCodeLeft, Progress, lowest_of_last_two
from ..space import consistent_steps, legal_count, random_legal_indices, release_steps


def lowest_legal_code(config: GameConfig) -> Code:
    if config.variant.listed:  # a list's lowest secret (its first word)
        return config.variant.secret_of_rank(config.colours, config.duplicates, 0)
    if config.duplicates:
        return (0,) * config.pegs
    return tuple(range(config.pegs))


def pairs_code(config: GameConfig) -> Code:
    """AABB..: colour (i // 2) mod colours at peg i; without duplicates 0123.."""
    if not config.duplicates:
        return tuple(range(config.pegs))
    return tuple((i // 2) % config.colours for i in range(config.pegs))


def random_legal_code(config: GameConfig, rng: random.Random) -> Code:
    index = int(random_legal_indices(config, 1, rng.getrandbits(64))[0])
    return index_code(index, config.pegs, config.colours)


def consistent_or_fail(config: GameConfig, history: History):
    """Sorted indices of the consistent codes (generator); raises NoCodeLeft when there are none."""
    consistent = yield from consistent_steps(config, history)
    if consistent.shape[0] == 0:
        raise NoCodeLeft(config.variant.nouns.contradiction())
    return consistent


def _survey_or_fail(config: GameConfig, history: History):
    survey = yield from survey_steps(config, history)
    if survey.count == 0:
        raise NoCodeLeft(config.variant.nouns.contradiction())
    return survey


def think_lowest(config: GameConfig, history: History, rng: random.Random) -> Generator[Progress, None, Code]:
    """The lowest-numbered code consistent with every grade."""
    if not history:
        yield Progress(1, 1, "first guess", legal_count(config))
        return lowest_legal_code(config)
    if is_huge(config):  # too many to list: the lowest fitting head and tail pair (mitm.py)
        survey = yield from _survey_or_fail(config, history)
        return index_code(survey.lowest(), config.pegs, config.colours)
    consistent = yield from consistent_or_fail(config, history)
    guess = index_code(int(consistent[0]), config.pegs, config.colours)
    yield from release_steps(consistent)
    return guess


lowest_of_last_two(think_lowest)


def think_lowest_random_first(
    config: GameConfig, history: History, rng: random.Random
) -> Generator[Progress, None, Code]:
    """The applet's option: one random first guess, then the lowest consistent code."""
    if not history:
        yield Progress(1, 1, "first guess", legal_count(config))
        return random_legal_code(config, rng)
    return (yield from think_lowest(config, history, rng))


lowest_of_last_two(think_lowest_random_first)


def think_random(config: GameConfig, history: History, rng: random.Random) -> Generator[Progress, None, Code]:
    """Swaszek: a random code that could still be the secret; first guess AABB.. (a listed
    variant's, a random secret: AABB is seldom a word)."""
    if not history and not config.variant.listed:
        yield Progress(1, 1, "first guess", legal_count(config))
        return pairs_code(config)
    if is_huge(config):  # a uniform draw among the fitting codes without listing them (mitm.py)
        survey = yield from _survey_or_fail(config, history)
        index = int(survey.sample(1, np.random.default_rng(rng.getrandbits(64)))[0])
        return index_code(index, config.pegs, config.colours)
    consistent = yield from consistent_or_fail(config, history)
    index = int(consistent[rng.randrange(consistent.shape[0])])
    yield from release_steps(consistent)
    return index_code(index, config.pegs, config.colours)
