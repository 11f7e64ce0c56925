"""One attempt a day, through the real screens: the puzzle of the day in Deduce goes on with its
tries whatever the player does in between (New game, Abandon, a practice puzzle, a second window);
a Daily code decided in one window is told to the other; a clock that slips costs no history, allows
no replay and locks nothing out."""

from __future__ import annotations

import datetime as dt
import itertools

import pygame
import pytest

from game.app import App
from game.core.daily import daily_secret
from game.modes.daily.book import kind_of, load_daily
from game.modes.daily.result import DailyResultState
from game.modes.daily.screens import DailyState
from game.modes.deduce.hooks import DeduceHooks
from game.modes.deduce.result import DeduceResultState
from game.modes.deduce.screens import DeduceState
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import click, press_key
from tests.screens.test_daily import Clock, daily_app, open_menu_entry, play_to_the_end, type_row
from tests.screens.test_deduce_mode import new_app, open_level, type_code, until

NOW = dt.datetime(2026, 11, 25, 9, 0, tzinfo=dt.UTC)
LEVEL = "5x8"


def wrong_code(puzzle) -> tuple[int, ...]:
    return next(code for code in itertools.product(range(8), repeat=5) if code != puzzle.secret)


def two_wrong_tries(app: App) -> tuple:
    board = open_level(app, LEVEL, "daily")
    puzzle = board.hooks.puzzle
    for _ in range(2):
        type_code(app, wrong_code(puzzle))
        until(app, lambda: board.run.grading_row is None)
    return puzzle, [row.guess for row in board.game.rows]


def leave(app: App, choice: str) -> None:
    """Esc on the board, then Leave (kept) or Abandon; back on the menu."""
    press_key(app, pygame.K_ESCAPE)
    dialog = app.state
    click(app, dialog.layout().buttons["yes" if choice == "keep" else "no"].center)
    until(app, lambda: isinstance(app.state, MenuState))


def todays_puzzle(app: App) -> PlayingState:
    board = open_level(app, LEVEL, "daily")
    assert isinstance(board.hooks, DeduceHooks)
    return board


@pytest.mark.parametrize("between", ["leave", "abandon", "practice", "second window"])
def test_one_attempt__deduce_puzzle_of_the_day_goes_on_with_its_tries(tmp_path, between):
    app = new_app(tmp_path, now=NOW)
    puzzle, rows = two_wrong_tries(app)
    if between == "second window":
        app = new_app(tmp_path, now=NOW)  # the first stays open on its board
    else:
        leave(app, "abandon" if between == "abandon" else "keep")
        if between == "practice":
            practice = open_level(app, LEVEL, "practice")
            type_code(app, wrong_code(practice.hooks.puzzle))
            leave(app, "keep")
    board = todays_puzzle(app)
    assert board.hooks.puzzle == puzzle
    assert [row.guess for row in board.game.rows] == rows  # the same tries, never fresh ones
    for _ in range(puzzle.tries - 2):  # the rest of its tries, all wrong: the day is decided
        type_code(app, wrong_code(puzzle))
        until(app, lambda: app.state is not board or board.run.grading_row is None)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    (attempt,) = app.store.attempts(f"deduce:{LEVEL}").values()
    assert attempt.state == "decided" and attempt.result == {"stars": 0}
    assert app.store.load_stats()["Deduce"].games == 1
    press_key(app, pygame.K_ESCAPE)
    choice = app.state
    assert isinstance(choice, DeduceState) and choice.status(LEVEL)[0] == "Today: not solved"


def test_one_attempt__a_daily_code_decided_in_one_window_is_told_to_the_other(tmp_path):
    clock = Clock()
    first, second = daily_app(tmp_path, clock), daily_app(tmp_path, clock)
    for app in (first, second):
        open_menu_entry(app, "Daily code")
        press_key(app, pygame.K_RETURN)  # Daily Classic
        assert isinstance(app.state, PlayingState)
    secret = daily_secret(clock.now.date(), "Classic")
    wrong = tuple((peg + 1) % 6 for peg in secret)
    type_row(second, wrong)  # the second window's first row: the day's one attempt
    play_to_the_end(first)  # the first window plays it to the end: decided there
    assert not load_daily(first.store).can_play("Classic", clock.now.date())
    type_row(second, wrong)  # the second learns it at its next row
    assert any("another window" in text for text in second.session.notices.texts)
    while isinstance(second.state, PlayingState) and not second.state.game.over:
        type_row(second, wrong)
    until(second, lambda: isinstance(second.state, DailyResultState))
    shown = second.state
    assert shown.refused and shown.won  # the day's result as the first window decided it
    (attempt,) = Store(tmp_path).attempts(kind_of("Classic")).values()
    assert attempt.state == "decided"


def daily_state(tmp_path, clock: Clock) -> DailyState:
    app = daily_app(tmp_path, clock)
    open_menu_entry(app, "Daily code")
    assert isinstance(app.state, DailyState)
    return app.state


def win_today(tmp_path, clock: Clock) -> None:
    app = daily_app(tmp_path, clock)
    open_menu_entry(app, "Daily code")
    press_key(app, pygame.K_RETURN)
    play_to_the_end(app)
    app.close()


def test_one_attempt__a_clock_behind_ahead_or_at_9999_costs_nothing(tmp_path):
    today = Clock()
    win_today(tmp_path, today)
    behind = Clock(today.now - dt.timedelta(days=2))
    assert daily_state(tmp_path, behind).status("Classic")[1] == "Play"  # that day was never played
    ahead = Clock(today.now + dt.timedelta(days=3))
    win_today(tmp_path, ahead)
    state = daily_state(tmp_path, today)  # the clock set back: today stays played, nothing lost
    assert state.status("Classic")[1] == "See result"
    book = load_daily(state.app.store)
    assert not book.can_play("Classic", ahead.now.date()) and not book.can_play("Classic", today.now.date())
    assert book.streaks("Classic", today.now.date())[0] == 1
    with state.app.store.transaction() as db:  # a tampered far-future day
        db.execute(
            "INSERT INTO attempts VALUES ('9999-12-31', ?, 'decided', NULL, ?)",
            (kind_of("Classic"), '{"grades": [[4, 0]], "points": 0}'),
        )
    tomorrow = Clock(today.now + dt.timedelta(days=1))
    state = daily_state(tmp_path, tomorrow)
    assert state.status("Classic")[1] == "Play"  # no lock-out
    assert load_daily(state.app.store).streaks("Classic", tomorrow.now.date())[0] == 1
    assert state.app.store.take_notices() == [] and not (tmp_path / "daily.corrupt-1.json").exists()
