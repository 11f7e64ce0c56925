"""Help on the computer's screens, through real events: H, F1 or the Help button opens the help overlay
on the Controls page of that screen (its own keys listed), and closing it returns to the same game; a
pad's glyphs never drawn over the words beside them."""

from __future__ import annotations

import pygame
import pytest

from game.core.config import GameConfig
from game.core.state import new_game
from game.modes.maker.handgrade import HandGradeState
from game.screens.help import HANDGRADE_CONTROLS, PAGES, SOLVING_CONTROLS, HelpOverlay
from game.screens.help_keys import KEY_SECTIONS
from game.screens.solving import SolvingState
from game.ui import help_view
from tests.screens.driver import click, make_app, press_key, settle, text_rects


def assert_help_on_controls(app, controls: str) -> HelpOverlay:
    overlay = app.state
    assert isinstance(overlay, HelpOverlay)
    assert overlay.controls == controls and PAGES[overlay.page] == "Controls"
    return overlay


def test_screen_help__solving_h_f1_and_button_open_its_controls():
    state = SolvingState(new_game(GameConfig(4, 6), (5, 4, 3, 2)), strategy="knuth")
    app = make_app(start=state)
    press_key(app, pygame.K_SPACE)  # paused, so the game stands still while help is read
    rows = len(state.run.game.rows)
    press_key(app, pygame.K_h)
    assert_help_on_controls(app, SOLVING_CONTROLS)
    press_key(app, pygame.K_ESCAPE)
    assert app.state is state
    press_key(app, pygame.K_F1)
    assert_help_on_controls(app, SOLVING_CONTROLS)
    press_key(app, pygame.K_h)  # H closes it again
    assert app.state is state
    click(app, state.layout().button_rect("help").center)
    assert_help_on_controls(app, SOLVING_CONTROLS)
    click(app, app.state.layout().close.center)  # Close
    assert app.state is state and len(state.run.game.rows) == rows and state.run.paused
    for words in ("Space", "1-4", "Right", "Esc"):
        assert words in SOLVING_CONTROLS


def test_screen_help__handgrade_h_f1_and_button_open_its_controls():
    state = HandGradeState(GameConfig(4, 6), "knuth")
    app = make_app(start=state)
    settle(app, 1.0)
    press_key(app, pygame.K_b)  # a grade in progress survives a visit to the help
    pending = state.run.pending
    press_key(app, pygame.K_F1)
    assert_help_on_controls(app, HANDGRADE_CONTROLS)
    press_key(app, pygame.K_ESCAPE)
    assert app.state is state and state.run.pending == pending
    press_key(app, pygame.K_h)
    assert_help_on_controls(app, HANDGRADE_CONTROLS)
    press_key(app, pygame.K_RETURN)
    assert app.state is state
    click(app, state.layout().button_rect("help").center)
    assert_help_on_controls(app, HANDGRADE_CONTROLS)
    for words in ("B or W", "Ctrl+Z", "Backspace", "Enter", "G: give up"):
        assert words in HANDGRADE_CONTROLS


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_screen_help__pad_glyphs_never_run_into_the_words_beside_them(size, monkeypatch):
    """Where a column is too narrow for the caps, the pad's glyphs and the words side by side, the
    glyphs are left out rather than drawn over the words (Start over "pause or go on" at 640x480)."""
    app = make_app(size=size, start=SolvingState(new_game(GameConfig(4, 6), (5, 4, 3, 2)), strategy="knuth"))
    press_key(app, pygame.K_SPACE)
    press_key(app, pygame.K_h)
    glyphs = []
    real_draw_glyphs = help_view.draw_glyphs

    def spy(surface, text, names, midleft, h):
        width = real_draw_glyphs(surface, text, names, midleft, h)
        glyphs.append(pygame.Rect(midleft[0], midleft[1] - h // 2, width, h))
        return width

    monkeypatch.setattr(help_view, "draw_glyphs", spy)
    drawn = text_rects(app)
    app.draw()
    del app.text.draw
    actions = [rect for _, action, _ in KEY_SECTIONS["solving"][1] for rect in drawn.get(action, [])]
    assert actions
    for glyph in glyphs:
        for action in actions:
            assert not glyph.colliderect(action), (glyph, action)
