"""Post-game analysis against brute-force counts over every code."""

import itertools
import random

import pytest

from game.core.codes import Feedback, score
from game.core.config import GameConfig
from game.core.postgame import OPTIMAL_SOURCE, YOURS_SOURCE, analyse, play_from_start_steps
from game.core.solver import run
from game.core.space import consistent_indices, small_space
from game.core.strategies import STRONGEST, get
from game.core.tofinish import Position, to_finish_steps
from game.tables import load_table


def legal_codes(config):
    codes = itertools.product(range(config.colours), repeat=config.pegs)
    return [c for c in codes if config.duplicates or len(set(c)) == config.pegs]


def consistent(codes, history):
    return [c for c in codes if all(score(g, c) == f for g, f in history)]


def brute_split(guess, possible):
    parts = {}
    for code in possible:
        parts.setdefault(score(guess, code), []).append(code)
    sizes = [len(p) for p in parts.values()]
    return max(sizes), sum(s * s for s in sizes) / len(possible)


def random_game(config, secret, rng, rows):
    codes = legal_codes(config)
    history = [(g, score(g, secret)) for g in rng.sample(codes, rows)]
    if history[-1][0] != secret:
        history.append((secret, score(secret, secret)))
    return history


@pytest.mark.parametrize(
    ("pegs", "colours", "duplicates", "seed"), [(4, 6, True, 1), (3, 4, True, 2), (4, 6, False, 3)]
)
def test_analyse__row_counts_match_brute_force(pegs, colours, duplicates, seed):
    config = GameConfig(pegs, colours, duplicates)
    codes = legal_codes(config)
    rng = random.Random(seed)
    table = load_table(4, 6)
    for _ in range(3):
        secret = rng.choice(codes)
        history = random_game(config, secret, rng, 3)
        report = analyse(config, history, secret, table)
        assert report.player_guesses == len(history) and report.won
        for row, entry in enumerate(report.rows):
            before = consistent(codes, history[:row])
            assert entry.possible_before == len(before)
            assert entry.possible_after == len(consistent(codes, history[: row + 1]))
            assert entry.could_win == (history[row][0] in before)
            assert (entry.guess_worst, entry.guess_expected) == pytest.approx(
                brute_split(entry.guess, before)
            )
            assert (entry.best_worst, entry.best_expected) == pytest.approx(
                brute_split(entry.best_guess, before)
            )
            left = consistent(before, [(entry.best_guess, score(entry.best_guess, secret))])
            assert entry.best_left == len(left)
        assert report.rows[-1].possible_after == 1


def test_analyse__best_guess_is_the_tables_while_the_player_follows_it_then_the_strongest():
    config = GameConfig(4, 6)
    table = load_table(4, 6)
    secret = (5, 3, 1, 0)
    first = table.moves[()]
    second = table.moves[(score(first, secret),)]
    off = (4, 4, 5, 5) if second != (4, 4, 5, 5) else (4, 4, 5, 3)
    history = [(first, score(first, secret)), (second, score(second, secret)), (off, score(off, secret))]
    history.append((secret, score(secret, secret)))
    report = analyse(config, history, secret, table)
    sources = [r.best_source for r in report.rows]
    assert sources[:3] == [OPTIMAL_SOURCE] * 3
    assert [r.best_guess for r in report.rows[:3]] == [first, second, table.next_guess(history[:2])]
    # off the table: the strongest heuristic's guess, unless the player's own guess (here the secret)
    # does at least as well by guesses to finish, when it is shown as the best
    expected = run(get(STRONGEST).think(config, tuple(history[:3]), random.Random(3)))
    last = report.rows[3]
    assert last.best_source in (STRONGEST, YOURS_SOURCE)
    assert last.best_guess == (expected if last.best_source == STRONGEST else secret)
    possible = consistent_indices(config, tuple(history[:3]))
    space = small_space(4, 6, True)
    position = Position.of(config, space, space.positions(possible), seed=3)
    strongest = run(to_finish_steps(position, expected))
    assert last.best_to_finish == pytest.approx(min(strongest, last.guess_to_finish))


def test_analyse__optimal_guesses_from_the_start_are_the_tables_for_that_secret():
    config = GameConfig(4, 6)
    table = load_table(4, 6)
    for secret in [(0, 0, 0, 0), (5, 5, 4, 3), (1, 2, 3, 4)]:
        history = [((0, 1, 2, 3), score((0, 1, 2, 3), secret)), (secret, score(secret, secret))]
        report = analyse(config, history, secret, table)
        assert report.optimal_guesses == len(table.play(secret))
        assert report.optimal_source == OPTIMAL_SOURCE
        assert report.extra_guesses == 2 - report.optimal_guesses


def test_play_from_start__without_a_table_plays_the_strongest_heuristic():
    config = GameConfig(3, 4)
    secret = (3, 1, 2)
    guesses, source = run(play_from_start_steps(config, secret, load_table(4, 6), seed=7))
    assert source == STRONGEST
    history = []
    while True:
        guess = run(get(STRONGEST).think(config, tuple(history), random.Random(7 + len(history))))
        history.append((guess, score(guess, secret)))
        if guess == secret:
            break
    assert guesses == len(history)


def test_analyse__unknown_secret_gives_counts_but_no_per_secret_figures():
    config = GameConfig(3, 4)
    history = [((0, 0, 1), Feedback(1, 0)), ((1, 2, 3), Feedback(0, 2))]
    report = analyse(config, history, None)
    assert [r.possible_before for r in report.rows] == [64, len(consistent(legal_codes(config), history[:1]))]
    assert all(r.best_left is None for r in report.rows)
    assert report.optimal_guesses is None and report.extra_guesses is None and not report.won


def test_analyse__large_space_gives_counts_only():
    config = GameConfig(6, 9)
    history = [((0, 0, 0, 0, 0, 0), Feedback(0, 0))]
    report = analyse(config, history, (1, 2, 3, 4, 5, 6))
    row = report.rows[0]
    assert (row.possible_before, row.possible_after) == (9**6, 8**6)
    assert row.best_guess is None and row.best_left is None and report.optimal_guesses is None


def test_analyse__counts_and_best_guesses_do_not_depend_on_the_secret():
    config = GameConfig(4, 6)
    secret = (2, 2, 4, 1)
    history = [((0, 0, 1, 1), score((0, 0, 1, 1), secret)), (secret, score(secret, secret))]
    with_secret = analyse(config, history, secret, load_table(4, 6))
    without = analyse(config, history, None, load_table(4, 6))
    strip = [(r.possible_before, r.possible_after, r.best_guess, r.best_worst) for r in with_secret.rows]
    assert strip == [(r.possible_before, r.possible_after, r.best_guess, r.best_worst) for r in without.rows]


def test_analyse__after_a_contradictory_hand_grade_rows_report_nothing_fits():
    config = GameConfig(3, 4)
    history = [((0, 0, 0), Feedback(3, 0)), ((1, 1, 1), Feedback(1, 0)), ((0, 1, 2), Feedback(0, 0))]
    report = analyse(config, history, None)
    assert [(r.possible_before, r.possible_after) for r in report.rows] == [(64, 1), (1, 0), (0, 0)]
    assert report.rows[2].best_guess is None and report.rows[2].guess_expected is None
