"""Exact guesses to finish where few codes are left, checked against a plain brute force (every legal
code tried as every next guess, no pruning), and the post-game analysis marking exactly those
figures exact: "~" only for estimates."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest

from game.core.codes import encode, score
from game.core.config import GameConfig
from game.core.postgame import analyse
from game.core.solver import run
from game.core.space import small_space
from game.core.tofinish import EXACT_CODES, Position, exact_to_finish_steps, to_finish_steps

CONFIGS = (GameConfig(4, 6), GameConfig(4, 6, duplicates=False), GameConfig(3, 5))


def legal_codes(config: GameConfig) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(config.colours), repeat=config.pegs) if config.is_legal(c)]


def brute_force(config: GameConfig):
    """(optimum(codes), after(guess, codes)) by plain recursion over every legal guess."""
    everything = legal_codes(config)

    def parts(guess, codes):
        split: dict = {}
        for code in codes:
            split.setdefault(tuple(score(guess, code)), []).append(code)
        return [tuple(p) for p in split.values() if p != [guess]]

    def after(guess, codes) -> float:
        return 1.0 + sum(len(p) * optimum(p) for p in parts(guess, codes)) / len(codes)

    @functools.cache
    def optimum(codes) -> float:
        if len(codes) == 1:
            return 1.0
        useful = [g for g in everything if g in codes or len(parts(g, codes)) > 1]
        return min(after(g, codes) for g in useful)

    return optimum, after


def positions(config: GameConfig, count: int, most: int, seed: int) -> list[list[tuple[int, ...]]]:
    """`count` sets of codes still possible (3 to `most` of them) after random guesses, seeded."""
    rng = random.Random(seed)
    everything = legal_codes(config)
    found = []
    while len(found) < count:
        secret, possible = rng.choice(everything), everything
        while len(possible) > most:
            guess = rng.choice(everything)
            grade = score(guess, secret)
            possible = [c for c in possible if score(guess, c) == grade]
        if len(possible) >= 3:
            found.append(possible)
    return found


def position_of(config: GameConfig, codes) -> Position:
    space = small_space(config.pegs, config.colours, config.duplicates)
    index = encode(np.array(codes, dtype=np.int64), config.colours)
    return Position.of(config, space, space.positions(index), 0)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_exact_to_finish__equals_a_brute_force_optimum_and_never_exceeds_the_estimate(config) -> None:
    optimum, after = brute_force(config)
    everything = legal_codes(config)
    rng = random.Random(3)
    for codes in positions(config, 12, 8, seed=config.colours):
        position = position_of(config, codes)
        for guess in [codes[0], codes[-1], rng.choice(everything)]:
            exact = run(exact_to_finish_steps(position, guess))
            assert exact == pytest.approx(after(guess, tuple(codes)), abs=1e-9), (codes, guess)
            assert exact <= run(to_finish_steps(position, guess)) + 1e-9  # the estimate is a real way to play


def test_exact_to_finish__gives_up_above_its_limit() -> None:
    config = GameConfig(4, 6)
    codes = legal_codes(config)[: EXACT_CODES + 1]
    assert run(exact_to_finish_steps(position_of(config, codes), codes[0])) is None


def test_postgame__figures_are_marked_exact_exactly_where_few_codes_are_left() -> None:
    """Every row of seeded 4x6 games: a row with at most EXACT_CODES codes before it is exact (both
    figures, equal to the brute force); a row with more is exact only when the optimal table said so."""
    config = GameConfig(4, 6)
    optimum, after = brute_force(config)
    everything = legal_codes(config)
    rng = random.Random(11)
    small_rows = 0
    for _ in range(6):
        secret, history, possible = rng.choice(everything), [], everything
        while not history or history[-1][1].black != 4:
            guess = rng.choice(possible)
            grade = score(guess, secret)
            history.append((guess, grade))
            possible = [c for c in possible if score(guess, c) == grade]
        result = analyse(config, history, secret, table=None)
        for report, (guess, _) in zip(result.rows, history, strict=True):
            if report.possible_before <= EXACT_CODES:
                small_rows += 1
                before = [c for c in everything if all(score(g, c) == fb for g, fb in history[: report.row])]
                assert report.guess_exact and report.best_exact
                assert report.guess_to_finish == pytest.approx(after(guess, tuple(before)), abs=1e-9)
                best = report.best_guess
                assert report.best_to_finish == pytest.approx(after(best, tuple(before)), abs=1e-9)
            else:
                assert not report.guess_exact  # no table here: an estimate, marked so
    assert small_rows >= 6
