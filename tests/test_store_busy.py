"""A records database another process holds past the busy timeout while a game is played, through the
real app: the rows and the decision the database refused are kept in memory, said once, and written
when it is free (on a later frame, or when the window closes); each game counted once."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.config import GameConfig
from game.lifetime import BUSY_NOTICE, RETRY_S
from game.modes.classic.hooks import ClassicHooks
from game.modes.daily.book import kind_of, load_daily
from game.screens.playing import PlayingState
from game.store import DB_FILE, Store
from tests.screens.driver import click, key, lowest_consistent, post, press_key, settle, type_code
from tests.screens.test_daily import open_menu_entry, play_to_the_end, release_apps, type_row  # noqa: F401  (an autouse fixture)

SECRET = (0, 0, 1, 2)
DAY = dt.date(2026, 11, 23)
NOON = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
BUSY_S = 0.3  # the store's busy timeout in these tests: the lock is held well past it
HOLDER = (
    "import sqlite3, sys\n"
    "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "db.execute('BEGIN EXCLUSIVE')\n"
    "print('locked', flush=True)\n"
    "sys.stdin.readline()\n"  # held until the test says
    "db.execute('COMMIT')\n"
)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a second process holds the lock the POSIX way")


class Lock:
    """Another process holding the database's write lock (BEGIN EXCLUSIVE) until release()."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(folder / DB_FILE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        self.process.communicate("go\n", timeout=30)
        assert self.process.returncode == 0


def playing(folder: Path, monkeypatch) -> tuple[App, list[str]]:
    """A Classic game whose store gives up on a busy database after BUSY_S, and the notices it shows."""
    app = App(
        size=(1024, 720),
        seed=3,
        store=Store(folder, busy_s=BUSY_S),
        start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()),
    )
    pygame.event.clear()
    shown: list[str] = []
    show = app.session.notices.show
    monkeypatch.setattr(app.session.notices, "show", lambda text, *a: (shown.append(text), show(text, *a)))
    return app, shown


def play_row(app: App, code) -> None:
    type_code(app, code)
    press_key(app, pygame.K_RETURN)


def kept_moves(folder: Path) -> dict[str, list]:
    return {slot: save["data"]["moves"] for slot, save in Store(folder).load_kept().items()}


def test_store_busy__a_row_refused_while_locked_is_written_on_a_later_frame(tmp_path, monkeypatch):
    app, shown = playing(tmp_path, monkeypatch)
    play_row(app, (5, 5, 5, 5))  # written at once: the database is free
    lock = Lock(tmp_path)
    play_row(app, (4, 4, 3, 3))  # refused after BUSY_S: kept in memory
    play_row(app, (3, 3, 4, 4))  # waits behind it
    settle(app, 2 * RETRY_S)  # still locked: the retries keep it
    lock.release()
    (before,) = kept_moves(tmp_path)["classic:Classic"]  # what was on disk before the lock
    settle(app, RETRY_S + 0.1)
    after = kept_moves(tmp_path)["classic:Classic"]
    assert len(after) == 3 and after[0] == before
    assert shown.count(BUSY_NOTICE) == 1


@pytest.mark.parametrize("written", ["on a later frame", "when the window closes"])
def test_store_busy__a_win_refused_while_locked_is_recorded_once(tmp_path, monkeypatch, written):
    app, shown = playing(tmp_path, monkeypatch)
    play_row(app, (5, 5, 5, 5))
    lock = Lock(tmp_path)
    play_row(app, (4, 4, 3, 3))  # a row refused
    play_row(app, SECRET)  # and the win that decides the game
    settle(app, 2 * RETRY_S)
    lock.release()
    assert Store(tmp_path).load_stats() == {}  # nothing recorded while the lock was held
    if written == "on a later frame":
        settle(app, RETRY_S + 0.1)
        assert Store(tmp_path).load_stats()["Classic"].games == 1
        settle(app, 3 * RETRY_S)
    post(app, pygame.event.Event(pygame.QUIT))
    assert not app.running
    stats = Store(tmp_path).load_stats()["Classic"]
    assert (stats.games, stats.wins, stats.current_streak) == (1, 1, 1)  # counted once
    assert kept_moves(tmp_path) == {}  # the decided game is never offered for resume
    assert shown.count(BUSY_NOTICE) == 1
    again = Store(tmp_path)
    assert again.db.execute("SELECT COUNT(*) FROM decided").fetchone() == (1,)


def test_store_busy__todays_daily_played_while_locked_is_one_attempt_decided_once(tmp_path, monkeypatch):
    app = App(size=(1024, 720), seed=11, store=Store(tmp_path, busy_s=BUSY_S), now=lambda: NOON)
    pygame.event.clear()
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))  # Daily Classic has the focus
    playing = app.state
    first = lowest_consistent(playing.game)
    type_row(app, first)  # the day's attempt made, with its first row
    lock = Lock(tmp_path)
    guesses = [first] + play_to_the_end(app)  # every later row and the decision refused, kept
    lock.release()
    attempt = Store(tmp_path).attempts(kind_of("Classic"))[DAY.isoformat()]
    assert attempt.state == "playing" and len(attempt.game["moves"]) == 1  # as it was before the lock
    settle(app, RETRY_S + 0.1)
    attempt = Store(tmp_path).attempts(kind_of("Classic"))[DAY.isoformat()]
    assert attempt.state == "decided" and len(attempt.result["grades"]) == len(guesses)
    book = load_daily(Store(tmp_path))
    assert book.streaks("Classic", DAY) == (1, 1) and not book.can_play("Classic", DAY)
    assert not any("another window" in text for text in app.session.notices.texts)


def test_store_busy__a_game_abandoned_while_locked_is_never_offered_again(tmp_path, monkeypatch):
    app, shown = playing(tmp_path, monkeypatch)
    play_row(app, (5, 5, 5, 5))
    settle(app, 1.0)
    lock = Lock(tmp_path)
    play_row(app, (4, 4, 3, 3))  # refused
    settle(app, 1.0)
    press_key(app, pygame.K_ESCAPE)
    click(app, app.state.layout().buttons["no"].center)  # Abandon: refused too, kept to try again
    settle(app, 2 * RETRY_S)
    lock.release()
    assert len(kept_moves(tmp_path)["classic:Classic"]) == 1  # still on disk while it was locked
    settle(app, RETRY_S + 0.1)
    assert kept_moves(tmp_path) == {}  # the abandon written; the refused row never written back
    app.close()
    assert kept_moves(tmp_path) == {} and shown.count(BUSY_NOTICE) == 1
