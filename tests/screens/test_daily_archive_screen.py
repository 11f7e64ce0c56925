"""The Daily archive through the real app: a past day's code chosen by number, by date or by stepping,
played to a win without touching the daily streak, today's one attempt, the scores or the statistics;
today and the future refused with their reasons."""

from __future__ import annotations

import datetime as dt

import pygame

from game.app import App
from game.core.daily import archive_secret, daily_config, daily_number, daily_secret
from game.modes.daily.archive import ArchiveState
from game.modes.daily.book import decide_day, load_daily
from game.play.record import GameRecord, Player
from game.screens.base import go
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from tests.screens.driver import drawn_lines, key, lowest_consistent, post, press_key, settle

TODAY = dt.date(2026, 12, 10)
NOW = dt.datetime(2026, 12, 10, 8, 30, tzinfo=dt.UTC)
YESTERDAY = TODAY - dt.timedelta(days=1)


def archive_app(store: Store | None = None) -> App:
    app = App(size=(1024, 720), seed=4, store=store, now=lambda: NOW, start=go("daily_archive"))
    pygame.event.clear()
    assert isinstance(app.state, ArchiveState)
    return app


def type_text(app: App, text: str) -> None:
    for char in text:
        code = pygame.K_MINUS if char == "-" else pygame.K_0 + int(char)
        post(app, key(code, unicode=char))


def dated_store(directory) -> Store:
    """A store whose calendar is the test's (it refuses dates in its future)."""
    return Store(directory, clock=lambda: NOW)


def won_daily(day: dt.date, preset: str) -> GameRecord:
    secret = daily_secret(day, preset)
    return GameRecord.new(daily_config(preset), secret).played(secret, Player.PLAYER)


def test_daily_archive__a_past_code_won_never_touches_the_streak_or_todays_attempt(tmp_path) -> None:
    store = dated_store(tmp_path)
    decide_day(store, "Classic", YESTERDAY, won_daily(YESTERDAY, "Classic"), 0)
    book_before = load_daily(dated_store(tmp_path))
    assert book_before.streaks("Classic", TODAY)[0] == 1
    app = archive_app(store)
    type_text(app, "3")
    press_key(app, pygame.K_RETURN)  # to Daily #3
    assert app.state.day == dt.date(2026, 11, 25)
    press_key(app, pygame.K_RETURN)  # and play it
    state = app.state
    assert isinstance(state, PlayingState)
    assert state.game.secret == daily_secret(dt.date(2026, 11, 25), "Classic")
    assert "Daily #3 Classic · 2026-11-25 · archive" in drawn_lines(app)
    while not state.game.over:
        for colour in lowest_consistent(state.game):
            post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    settle(app, 4.0)
    assert isinstance(app.state, ResultState) and app.state.verdict() == "You cracked it!"
    press_key(app, pygame.K_RETURN)  # Play again: back to the archive
    assert isinstance(app.state, ArchiveState)
    app.close()
    after = dated_store(tmp_path)
    assert load_daily(after) == book_before  # the streak, the last day, today's attempt: as they were
    assert load_daily(after).can_play("Classic", TODAY) and load_daily(after).can_play("Super", TODAY)
    assert after.load_stats() == {}
    assert all(not table.entries for table in after.load_high_scores().values())


def test_daily_archive__refuses_today_and_the_future_with_their_reasons() -> None:
    app = archive_app()
    screen = app.state
    assert screen.day == YESTERDAY  # opens on the newest code it holds
    press_key(app, pygame.K_RIGHT)  # no further than yesterday
    assert screen.day == YESTERDAY
    type_text(app, str(daily_number(TODAY)))
    press_key(app, pygame.K_RETURN)
    assert "today's code is the daily itself" in screen.error and screen.day == YESTERDAY
    for _ in range(3):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "2027-01-01")
    press_key(app, pygame.K_RETURN)
    assert "that code has not come yet" in screen.error
    for _ in range(10):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "2026-11-01")
    press_key(app, pygame.K_RETURN)
    assert screen.error == "The daily code began on 2026-11-23; 2026-11-01 had none"
    assert screen.error in " ".join(drawn_lines(app))  # said on the card (wrapped to its width)


def test_daily_archive__by_date_by_number_and_by_stepping_reach_the_same_code() -> None:
    app = archive_app()
    screen = app.state
    day = dt.date(2026, 12, 1)
    type_text(app, day.isoformat())
    press_key(app, pygame.K_RETURN)
    assert screen.day == day
    press_key(app, pygame.K_DOWN)  # Super
    press_key(app, pygame.K_RETURN)
    by_date = app.state
    assert by_date.config == daily_config("Super")
    assert by_date.game.secret == archive_secret(TODAY, daily_number(day), "Super")
    press_key(app, pygame.K_ESCAPE)  # nothing kept: straight to the menu
    app.apply(go("daily_archive", preset="Super"))
    for _ in range((YESTERDAY - day).days):
        press_key(app, pygame.K_LEFT)
    assert app.state.day == day
    press_key(app, pygame.K_RETURN)
    assert app.state.game.secret == by_date.game.secret
