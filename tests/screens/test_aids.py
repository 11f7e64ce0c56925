"""Player aids through real events on the real app: ruling colours out on the palette (right-click or
X), kept with the game across a resume; the nudge before submitting a row that repeats an earlier one."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.store import Store
from game.ui.board import FrameCache
from game.ui.sound import Sound
from tests.screens.driver import click, key, make_app, post, press_key, settle, type_code
from tests.screens.driver import drawn_lines as driver_drawn_lines

SECRET = (5, 4, 3, 2)


def start(app: App) -> PlayingState:
    state = PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks())
    app.apply(state)
    settle(app, 0.5)
    return state


def drawn_lines(app: App) -> list[str]:
    """Every line of text one whole frame draws: the screen's cached still image is view state, thrown
    away here as the game may at any time, so the frame draws it afresh."""
    app.state.frame = FrameCache()
    return driver_drawn_lines(app)


def brightness(app: App, pos) -> int:
    return sum(app.surface.get_at(pos)[:3])


def test_ruled_out__right_click_dims_a_palette_colour_and_again_brings_it_back() -> None:
    app = make_app(size=(1280, 800))
    state = start(app)
    layout = state.layout()
    peg = layout.palette_peg_rect(2)
    key_label = layout.palette_key_rect(2)
    app.draw()
    lit_peg = brightness(app, (peg.centerx, peg.y + peg.h // 5))
    lit_key = max(brightness(app, (x, key_label.centery)) for x in range(key_label.x, key_label.right))
    click(app, peg.center, button=3)
    assert state.run.ruled_out == {2}
    assert state.record.ruled_out == (2,)
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    assert brightness(app, (peg.centerx, peg.y + peg.h // 5)) < lit_peg  # the peg dims
    dim_key = max(brightness(app, (x, key_label.centery)) for x in range(key_label.x, key_label.right))
    assert dim_key < lit_key  # and so does its key number
    assert state.run.draft == [None] * 4 and state.run.selected is None  # nothing else changed
    click(app, peg.center, button=3)  # toggled back in
    assert state.run.ruled_out == frozenset() and state.record.ruled_out == ()
    type_code(app, (2, 2, 2, 2))  # a ruled-out colour is a note, not a rule: it can still be played
    click(app, peg.center, button=3)
    press_key(app, pygame.K_RETURN)
    assert len(state.game.rows) == 1 and state.game.rows[0].guess == (2, 2, 2, 2)


def test_ruled_out__x_rules_out_the_chosen_colour_or_the_one_under_the_cursor() -> None:
    app = make_app(size=(1280, 800))
    state = start(app)
    layout = state.layout()
    press_key(app, pygame.K_x)  # nothing chosen, an empty slot under the cursor: nothing happens
    assert state.run.ruled_out == frozenset()
    click(app, layout.palette_rect(4).center)  # choose colour 5
    assert state.run.selected == 4
    press_key(app, pygame.K_x)
    assert state.run.ruled_out == {4}
    press_key(app, pygame.K_x)  # X again: back in
    assert state.run.ruled_out == frozenset()
    press_key(app, pygame.K_ESCAPE)  # drop the chosen colour
    assert state.run.selected is None
    post(app, key(pygame.K_1, unicode="1"))  # colour 1 in slot 1; the cursor moves on
    press_key(app, pygame.K_LEFT)
    press_key(app, pygame.K_x)
    assert state.run.ruled_out == {0}


def test_ruled_out__kept_with_the_game_across_a_resume(tmp_path) -> None:
    app = App(size=(1024, 720), seed=3, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    state = start(app)
    type_code(app, (0, 0, 1, 1))
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    layout = state.layout()
    for colour in (0, 1):
        click(app, layout.palette_rect(colour).center, button=3)
    assert state.record.ruled_out == (0, 1)
    post(app, pygame.event.Event(pygame.QUIT))
    assert not app.running
    again = App(size=(1024, 720), seed=4, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    assert again.state.kept(again.state.focus) is not None  # Enter resumes the kept game
    press_key(again, pygame.K_RETURN)
    resumed = again.state
    assert isinstance(resumed, PlayingState) and len(resumed.game.rows) == 1
    assert resumed.run.ruled_out == {0, 1}
    click(again, resumed.layout().palette_rect(1).center, button=3)
    assert resumed.run.ruled_out == {0}


def test_repeat_nudge__shown_before_submitting_a_row_already_tried() -> None:
    app = make_app(size=(1280, 800))
    state = start(app)
    type_code(app, (0, 0, 1, 1))
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    type_code(app, (2, 2, 3, 3))
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    type_code(app, (2, 2, 3, 1))
    assert state.run.nudge is None
    assert not any("already tried" in line for line in drawn_lines(app))
    press_key(app, pygame.K_BACKSPACE)
    type_code(app, (3,))  # now the row is 2 2 3 3: row 2's guess
    assert state.run.draft == [2, 2, 3, 3]
    lines = " ".join(drawn_lines(app))
    assert "Row 2 already tried this" in lines
    press_key(app, pygame.K_BACKSPACE)
    assert not any("already tried" in line for line in drawn_lines(app))  # gone with a peg changed
    type_code(app, (3,))
    press_key(app, pygame.K_RETURN)  # a nudge, not a refusal: the row goes in
    assert len(state.game.rows) == 3 and state.game.rows[2].guess == (2, 2, 3, 3)
