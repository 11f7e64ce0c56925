"""Every screen of the Daily code, Blitz and the high scores draws all its text inside its boxes, at
the smallest window and a large one (the text renderer notes anything that does not fit)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from game.app import App
from game.core.blitz import new_blitz
from game.core.highscores import HighScore
from game.modes.blitz.screens import BlitzResultState, new_run
from game.modes.daily.result import DailyResultState
from game.modes.daily.screens import DailyState, open_daily
from game.screens.attract import AttractState
from game.screens.base import Push, State
from game.screens.highscores import HighScoresState, InitialsOverlay
from game.screens.stats import StatsState
from game.store import Store
from tests.screens.test_daily import release_apps  # noqa: F401  (an autouse fixture)
from tests.screens.test_render import CheckingText

NOW = dt.datetime(2026, 11, 23, 23, 59, 30, tzinfo=dt.UTC)


def finished_daily(app: App) -> None:
    app.apply(open_daily(app, "Super"))
    state = app.state
    for code in ((0, 0, 1, 1, 2), (3, 3, 4, 4, 5), (6, 6, 7, 7, 0)):
        state.run.record = state.run.record.played(code, "player")
    state.run.reveal()
    app.step([], 0.1)


def attract_phase(phase: str):
    def build(app: App) -> None:
        attract = AttractState()
        app.apply(Push(attract))
        attract._show_scores()
        attract.phase = phase

    return build


SCREENS = {
    "daily-choice": lambda app: app.apply(DailyState()),
    "daily-result": lambda app: (finished_daily(app), app.apply(DailyResultState("Super", NOW.date()))),
    "daily-refused": lambda app: (finished_daily(app), app.apply(open_daily(app, "Super"))),
    "blitz-playing": lambda app: app.apply(new_run()),
    "blitz-result": lambda app: app.apply(
        BlitzResultState(new_blitz(3).crack(2).crack(9).miss().tick(500.0))
    ),
    "initials": lambda app: app.apply(Push(InitialsOverlay("Expert", 123_456, "2026-11-23"))),
    "high-scores": lambda app: app.apply(Push(HighScoresState("Blitz"))),
    "stats-daily": lambda app: app.apply(Push(StatsState("Daily"))),
    "stats-blitz": lambda app: app.apply(Push(StatsState("Blitz"))),
    "attract-scores": attract_phase("scores"),
    "attract-title": attract_phase("title"),
}


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCREENS))
def test_mode_screens__no_text_is_clipped(tmp_path, name, size):
    store = Store(tmp_path)
    for n in range(10):  # full tables: the longest lines
        store.add_high_score("Blitz", HighScore("WWW", 99_900 - n, "2026-11-23"))
    # the screens start from a blank one: the menu under the overlays has its own render test
    app = App(size=size, seed=4, store=store, now=lambda: NOW, start=State())
    pygame.event.clear()
    app.text = CheckingText()
    SCREENS[name](app)
    app.step([], 1 / 60)
    assert app.text.misfits == []
