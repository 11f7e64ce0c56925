"""A decision through the real app: a top-ten win is in the table however soon the window closes after
it; two windows on one data folder count every game once and cannot both take up one kept game."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import App
from game.core.config import GameConfig
from game.core.highscores import DEFAULT_INITIALS
from game.modes.classic.hooks import ClassicHooks
from game.screens.highscores import InitialsOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import kept_lines, post, press_key, settle
from tests.screens.test_lifetime import SECRET, new_app, type_code


@pytest.mark.parametrize("frames", [1, 10, 30, 600])
def test_decisions__a_top_ten_win_closed_soon_after_keeps_its_score(tmp_path, frames):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, SECRET)
    press_key(app, pygame.K_RETURN)  # the winning row
    for _ in range(frames - 1):
        app.step([], 1 / 60)
    post(app, pygame.event.Event(pygame.QUIT))  # closed before any initials are confirmed
    assert not app.running
    (entry,) = Store(tmp_path).load_high_scores()["Classic"].entries
    assert entry.score == Store(tmp_path).load_stats()["Classic"].best_score > 0
    assert entry.initials == DEFAULT_INITIALS  # the last initials used (none yet): signed when confirmed


def test_decisions__the_initials_confirmed_rename_the_entered_score(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, SECRET)
    press_key(app, pygame.K_RETURN)
    for _ in range(1200):  # the win lands, then the result screen asks for initials
        app.step([], 1 / 60)
        if isinstance(app.state, InitialsOverlay):
            break
    assert isinstance(app.state, InitialsOverlay)
    for letter in "ZOE":
        post(
            app,
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.key.key_code(letter.lower()), mod=0, unicode=letter
            ),
        )
    press_key(app, pygame.K_RETURN)
    table = Store(tmp_path).load_high_scores()["Classic"]
    assert [entry.initials for entry in table.entries] == ["ZOE"]  # renamed, not entered twice


def test_decisions__two_windows_count_every_game_once(tmp_path):
    windows = [
        new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()), seed=n)
        for n in range(3)
    ]
    for app in windows:  # each wins while the others stay open
        type_code(app, SECRET)
        press_key(app, pygame.K_RETURN)
        settle(app, 0.5)
    stats = Store(tmp_path).load_stats()["Classic"]
    assert (stats.games, stats.wins, stats.current_streak) == (3, 3, 3)


def test_decisions__two_windows_cannot_both_resume_one_kept_game(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, (5, 5, 5, 5))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    app.close()
    first, second = new_app(tmp_path), new_app(tmp_path)
    assert kept_lines(first) == kept_lines(second) == ["Resume: Classic · turn 2 of 10"]
    press_key(first, pygame.K_RETURN)  # Resume, focused first
    assert isinstance(first.state, PlayingState) and len(first.state.game.rows) == 1
    press_key(second, pygame.K_RETURN)  # the same line in the other window: taken already
    assert isinstance(second.state, MenuState)
    assert any("another window" in text for text in second.session.notices.texts)
    type_code(first, SECRET)
    press_key(first, pygame.K_RETURN)
    settle(first, 0.5)
    assert Store(tmp_path).load_stats()["Classic"].games == 1 and Store(tmp_path).load_kept() == {}
    assert kept_lines(App(size=(1024, 720), seed=3, store=Store(tmp_path))) == []


def test_decisions__a_score_is_entered_and_its_initials_start_under_what_the_tables_show(tmp_path):
    # an earlier version's tables, signed KIT: no initials entered in this one yet
    scores = {"Blitz": [{"initials": "KIT", "score": 1200, "date": "2026-11-20"}]}
    document = {"schema_version": 1, "kind": "high scores", "data": scores}
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "highscores.json").write_text(json.dumps(document))
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, SECRET)
    press_key(app, pygame.K_RETURN)  # the winning row: entered at once, under the latest initials
    assert [e.initials for e in Store(tmp_path).load_high_scores()["Classic"].entries] == ["KIT"]
    settle(app, 15.0)
    assert isinstance(app.state, InitialsOverlay) and app.state.editor.initials == "KIT"  # as shown
    press_key(app, pygame.K_RETURN)  # Enter alone signs with what the table shows
    assert [e.initials for e in Store(tmp_path).load_high_scores()["Classic"].entries] == ["KIT"]
    assert Store(tmp_path).last_initials() == "KIT"
