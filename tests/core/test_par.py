"""Par (game/core/par.py): exact on positions an optimal table covers (the reference walks the 4x6,
4x6-without-repeats and a grid table secret by secret), an estimate marked approximate elsewhere that
never claims to beat the floor no play beats, how a guess moved par, and a pumped run at 8x10."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.core.config import GameConfig
from game.core.par import Par, par, par_move, par_steps
from game.core.solver import NoCodeLeft
from game.core.variants import GridVariant
from game.play.pump import Pump
from game.tables import load_table, table_for

GRID_2X2X3 = GameConfig(colours=3, variant=GridVariant(2, 2))


def brute_grade(config: GameConfig, guess, secret):
    if config.variant.name == "row":
        black = sum(g == s for g, s in zip(guess, secret, strict=True))
        return black, sum((Counter(guess) & Counter(secret)).values()) - black
    return tuple(config.variant.score(guess, secret))  # the grid rule, already tested against brute force


def legal(config: GameConfig):
    return [c for c in itertools.product(range(config.colours), repeat=config.pegs) if config.is_legal(c)]


def table_reference(config: GameConfig, table, secret, moves: int):
    """Walk the table against `secret` for `moves` rows; then, over every code those grades leave,
    the table's own guess count for it less the rows already played."""
    history = []
    for _ in range(moves):
        guess = table.next_guess(history)
        history.append((guess, brute_grade(config, guess, secret)))
        if guess == tuple(secret):
            return history, None
    possible = [c for c in legal(config) if all(brute_grade(config, g, c) == tuple(f) for g, f in history)]
    return history, sum(len(table.play(c)) - moves for c in possible) / len(possible)


@pytest.mark.parametrize(
    "config, table",
    [
        (GameConfig(4, 6), load_table(4, 6)),
        (GameConfig(4, 6, duplicates=False), load_table(4, 6, duplicates=False)),
        (GRID_2X2X3, table_for(GRID_2X2X3)),
    ],
    ids=["4x6", "4x6-norep", "grid2x2x3"],
)
def test_par__equals_the_exact_expectation_of_the_optimal_table_where_it_covers(config, table) -> None:
    rng = random.Random(8)
    codes = legal(config)
    checked = 0
    for moves in range(4):
        for secret in rng.sample(codes, 6):
            history, reference = table_reference(config, table, secret, moves)
            if reference is None:
                continue
            found = par(config, history, table)
            assert found.exact and found.guesses == pytest.approx(reference, abs=1e-12)
            if found.possible > 1:
                assert found.best_guess is not None
            checked += 1
    assert checked >= 15


def test_par__the_start_of_4x6_is_the_tables_mean() -> None:
    table = load_table(4, 6)
    reference = sum(table.guess_counts(legal(GameConfig(4, 6)))) / 1296
    found = par(GameConfig(4, 6), [], table)
    assert found.exact and found.guesses == pytest.approx(reference) and found.text() == f"{reference:.2f}"
    assert found.best_guess == table.next_guess([])


def test_par__off_the_table_an_estimate_that_never_claims_to_beat_the_floor() -> None:
    config = GameConfig(4, 6)
    table = load_table(4, 6)
    rng = random.Random(21)
    codes = legal(config)
    exact_seen = estimate_seen = 0
    for _ in range(25):
        secret = rng.choice(codes)
        history = []
        for _ in range(rng.randint(1, 3)):
            guess = rng.choice(codes)  # a guess the table would not play: off the table
            history.append((guess, brute_grade(config, guess, secret)))
        possible = [c for c in codes if all(brute_grade(config, g, c) == f for g, f in history)]
        found = par(config, history, table)
        n = len(possible)
        assert found.possible == n and found.guesses >= 2 - 1 / n - 1e-12
        if found.exact:
            exact_seen += 1
            # exact off the table only by meeting the floor: its guess can win and splits the rest
            # into singletons (checked here by brute force), or one or two codes are left
            assert found.guesses == pytest.approx(2 - 1 / n)
            if n > 1:
                grades = Counter(brute_grade(config, found.best_guess, c) for c in possible)
                assert found.best_guess in possible and max(grades.values()) == 1
        else:
            estimate_seen += 1
            assert found.text().startswith("~")
    assert exact_seen and estimate_seen


def test_par__one_or_two_codes_left_are_exact() -> None:
    config = GameConfig(3, 4)
    one = par(config, [((0, 1, 2), (3, 0))])
    assert (one.guesses, one.exact, one.best_guess) == (1.0, True, None)
    # two rows that leave two codes (counted by brute force below)
    history = [((0, 0, 1), (2, 0)), ((0, 2, 1), (2, 0))]
    possible = [c for c in legal(config) if all(brute_grade(config, g, c) == f for g, f in history)]
    assert len(possible) == 2
    two = par(config, history)
    assert (two.guesses, two.exact) == (1.5, True) and two.best_guess in possible


def test_par__move_of_the_tables_own_guess_costs_nothing() -> None:
    config = GameConfig(4, 6)
    table = load_table(4, 6)
    first = table.next_guess([])
    history = [(first, brute_grade(config, first, (3, 1, 4, 1)))]
    move = par_move(config, history, table)
    start = par(config, [], table)
    assert move.before == start and move.guess_exact and move.guess_value == pytest.approx(start.guesses)
    assert move.cost == 0.0 and move.after == par(config, history, table)
    assert move.luck == pytest.approx(start.guesses - 1 - move.after.guesses)


def test_par__move_of_a_poor_guess_costs_guesses() -> None:
    config = GameConfig(4, 6)
    table = load_table(4, 6)
    history = [((5, 5, 5, 5), brute_grade(config, (5, 5, 5, 5), (0, 1, 2, 3)))]
    move = par_move(config, history, table)
    assert move.before.exact and not move.guess_exact
    assert move.guess_value > move.before.guesses and move.cost > 0.3
    assert move.before.best_guess == table.next_guess([])


def test_par__move_of_the_estimates_own_best_guess_costs_nothing_off_the_table() -> None:
    config = GameConfig(5, 8)
    secret = (1, 2, 3, 4, 5)
    earlier = [((0, 0, 1, 1, 2), brute_grade(config, (0, 0, 1, 1, 2), secret))]
    start = par(config, earlier)
    best = start.best_guess
    move = par_move(config, [*earlier, (best, brute_grade(config, best, secret))])
    assert not start.exact and move.before == start
    assert move.cost == 0.0 and move.guess_value == start.guesses
    worse = par_move(config, [*earlier, ((7, 7, 7, 7, 7), brute_grade(config, (7, 7, 7, 7, 7), secret))])
    assert worse.before == start and worse.cost > 0.5


def test_par__wrong_grades_leave_no_code() -> None:
    with pytest.raises(NoCodeLeft):
        par(GameConfig(4, 6), [((0, 0, 0, 0), (4, 0)), ((1, 1, 1, 1), (1, 0))])


def test_par__pumped_at_8x10_gives_a_sampled_estimate_in_small_steps() -> None:
    config = GameConfig(8, 10)
    secret = (1, 2, 3, 4, 5, 6, 7, 8)
    history = [((0, 0, 1, 1, 2, 2, 3, 3), brute_grade(config, (0, 0, 1, 1, 2, 2, 3, 3), secret))]
    clock = iter(range(10**9))
    pump = Pump(par_steps(config, history, seed=3), clock=lambda: next(clock) / 1000)
    calls = 0
    while not pump.pump(budget_ms=1):  # one step per call on this clock
        calls += 1
    found: Par = pump.answer
    assert pump.error is None and calls > 100
    assert found.sampled and not found.exact and found.text().startswith("~")
    assert 4.0 < found.guesses < 10.0 and found.possible > 1_000_000
