"""Guesses to finish (game/core/tofinish.py) and the post-game analysis that compares guesses by it:
the exact figure against the tables' own headers and their play, the estimate against a brute-force
expected-size player written with score() alone, and the analysis never showing a best guess worse
than the player's by the same measure (row games, a grid game, a sampled large position)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.core.codes import score
from game.core.config import GameConfig
from game.core.postgame import OPTIMAL_SOURCE, YOURS_SOURCE, analyse
from game.core.solver import is_consistent, run
from game.core.space import consistent_indices, small_space
from game.core.tofinish import (
    EXACT_CODES,
    Position,
    is_exact_table,
    table_to_finish_steps,
    to_finish_steps,
)
from game.core.variants import GridVariant
from game.tables import load_table


def legal(config: GameConfig) -> list[tuple[int, ...]]:
    codes = itertools.product(range(config.colours), repeat=config.pegs)
    return [c for c in codes if config.is_legal(c)]


def position_of(config: GameConfig, history=(), seed: int = 0) -> Position:
    space = small_space(config.pegs, config.colours, config.duplicates)
    return Position.of(config, space, space.positions(consistent_indices(config, tuple(history))), seed)


def brute_to_finish(config: GameConfig, guess, history=()) -> float:
    """Expected-size play written plainly with the variant's score(): every legal code is a candidate
    (these spaces have a score table); fewest codes left on average, then a code that can win, then
    the lowest code."""
    everything = legal(config)
    possible = [c for c in everything if is_consistent(c, list(history), config.variant)]

    def guesses_after(codes) -> int:  # summed over `codes`, the guess made here included
        if len(codes) == 1:
            return 1

        def key(c):
            sizes = Counter(config.variant.score(c, s) for s in codes).values()
            return (sum(v * v for v in sizes), c not in codes, c)

        chosen = min(everything, key=key)
        return len(codes) + sum(guesses_after(part) for part in split(chosen, codes))

    def split(chosen, codes):
        parts: dict = {}
        for s in codes:
            if s != chosen:
                parts.setdefault(config.variant.score(chosen, s), []).append(s)
        return list(parts.values())

    return 1 + sum(guesses_after(part) for part in split(tuple(guess), possible)) / len(possible)


@pytest.mark.parametrize(
    "pegs, colours, duplicates", [(2, 3, True), (3, 3, True), (3, 4, False), (2, 5, True)]
)
def test_to_finish__matches_a_brute_force_expected_size_player(pegs, colours, duplicates):
    config = GameConfig(pegs, colours, duplicates)
    position = position_of(config)
    for guess in legal(config):
        assert run(to_finish_steps(position, guess)) == pytest.approx(brute_to_finish(config, guess))
    secret = legal(config)[-1]
    first = legal(config)[0]
    history = [(first, score(first, secret))]
    later = position_of(config, history)
    for guess in legal(config)[::3]:
        assert run(to_finish_steps(later, guess)) == pytest.approx(brute_to_finish(config, guess, history))


@pytest.mark.parametrize(
    "pegs, colours, duplicates", [(2, 3, True), (3, 4, True), (4, 6, True), (4, 6, False)]
)
def test_table_to_finish__is_the_tables_own_total_over_its_secrets(pegs, colours, duplicates):
    table = load_table(pegs, colours, duplicates)
    assert is_exact_table(table)
    config = GameConfig(pegs, colours, duplicates)
    exact = run(table_to_finish_steps(position_of(config), table, ()))
    assert exact == pytest.approx(int(table.header["total"]) / int(table.header["secrets"]))


def test_table_to_finish__later_positions_average_the_tables_play_and_beat_every_other_guess():
    config = GameConfig(3, 4)
    table = load_table(3, 4)
    secret = (3, 1, 1)
    first = table.moves[()]
    history = ((first, score(first, secret)),)
    position = position_of(config, history)
    exact = run(table_to_finish_steps(position, table, history))
    possible = [c for c in legal(config) if is_consistent(c, list(history))]
    # the table's play for each code still possible, from the second guess on
    assert exact == pytest.approx(sum(len(table.play(s)) - 1 for s in possible) / len(possible))
    for guess in legal(config):  # an optimal table's figure is never above any real way to play
        assert exact <= run(to_finish_steps(position, guess)) + 1e-9
    off = ((first, score(first, secret)), ((0, 0, 0), score((0, 0, 0), secret)))
    if table.next_guess(off) is None:
        assert run(table_to_finish_steps(position_of(config, off), table, off)) is None


def random_game(config: GameConfig, rng: random.Random, table=None):
    """A game a middling player makes: sometimes the table's move, sometimes any consistent code."""
    codes = legal(config)
    secret = rng.choice(codes)
    history = []
    while not history or history[-1][0] != secret:
        options = [c for c in codes if is_consistent(c, history, config.variant)]
        guess = rng.choice(options)
        if table is not None and rng.random() < 0.4 and table.next_guess(history) is not None:
            guess = table.next_guess(history)
        history.append((guess, config.variant.score(guess, secret)))
    return history, secret


@pytest.mark.parametrize("pegs, colours, duplicates", [(3, 4, True), (4, 6, False), (3, 5, True)])
def test_analyse__the_best_guess_is_never_worse_than_the_players_by_guesses_to_finish(
    pegs, colours, duplicates
):
    config = GameConfig(pegs, colours, duplicates)
    table = load_table(pegs, colours, duplicates)
    rng = random.Random(pegs * 100 + colours)
    for _ in range(6):
        history, secret = random_game(config, rng, table)
        report = analyse(config, history, secret, table)
        for row in report.rows:
            assert row.best_to_finish is not None and row.guess_to_finish is not None
            assert row.best_to_finish <= row.guess_to_finish + 1e-9
            followed = table.next_guess(history[: row.row]) is not None
            before = history[: row.row]
            if row.possible_before <= EXACT_CODES:  # every way to play weighed: both exact, and no
                # worse than the estimate's real way to play
                assert row.guess_exact and row.best_exact
                assert row.guess_to_finish <= brute_to_finish(config, row.guess, before) + 1e-9
                if row.possible_before <= 2:
                    assert row.best_to_finish == (1.0 if row.possible_before == 1 else 1.5)
            elif row.best_exact and followed:  # the optimal table's own play from here, on average
                possible = [c for c in legal(config) if is_consistent(c, before)]
                plays = [len(table.play(s)) - len(before) for s in possible]
                assert row.best_source == OPTIMAL_SOURCE
                assert row.best_to_finish == pytest.approx(sum(plays) / len(plays))
            if row.guess_exact and row.possible_before > EXACT_CODES:
                assert row.guess == row.best_guess and row.guess_to_finish == row.best_to_finish
            if row.best_source == YOURS_SOURCE:
                assert row.best_guess == row.guess


def test_analyse__grid_games_weigh_guesses_by_grid_grades():
    config = GameConfig(variant=GridVariant(2, 2), colours=4)
    rng = random.Random(5)
    compared = 0
    for _ in range(4):
        history, secret = random_game(config, rng)
        report = analyse(config, history, secret)
        for row in report.rows:
            assert row.best_to_finish <= row.guess_to_finish + 1e-9
            assert row.best_exact is (row.possible_before <= EXACT_CODES) and not row.to_finish_sampled
        last = report.rows[-1]
        if last.possible_before <= 12:  # small enough for the plain player over all 256 codes
            expected = brute_to_finish(config, last.guess, history[:-1])
            assert last.guess_to_finish <= expected + 1e-9  # exact: no worse than a real way to play
            compared += 1
    assert compared


def test_analyse__a_large_position_is_weighed_on_a_sample_and_says_so():
    config = GameConfig(5, 8)
    secret = (1, 3, 5, 7, 1)
    guess = (0, 1, 2, 3, 4)
    report = analyse(config, [(guess, score(guess, secret))], secret)
    row = report.rows[0]
    assert row.to_finish_sampled and not row.best_exact
    assert 3.0 < row.best_to_finish <= row.guess_to_finish < 8.0
    again = analyse(config, [(guess, score(guess, secret))], secret)
    assert again.rows[0].guess_to_finish == row.guess_to_finish  # a fixed sample: the same figures
