"""The confirm overlay's accent marks its default answer: Reveal's question keeps the gold, the focus and
Enter together on Keep playing (Reveal cannot be taken back), and Tab then Enter reveals; what is gold on
screen is read from the drawn pixels."""

from __future__ import annotations

import pygame
import pytest

from game.core.config import GameConfig
from game.core.state import Outcome
from game.modes.classic.hooks import ClassicHooks
from game.screens.confirm import ConfirmOverlay
from game.screens.playing import PlayingState
from game.ui import palette as pal
from tests.screens.driver import click, make_app, press_key, settle, submit_code

ACCENT = {pal.BUTTON_PRIMARY, pal.BUTTON_PRIMARY_HOT}


def gold(app, rect: pygame.Rect) -> bool:
    """Whether the button at `rect` is drawn on the accent: its face beside the label, this frame."""
    app.draw()
    probe = (rect.x + max(4, rect.h // 4), rect.y + rect.h // 2 - 2)
    return tuple(app.surface.get_at(probe))[:3] in ACCENT


def open_reveal(app) -> ConfirmOverlay:
    click(app, app.state.layout().button_rect("reveal").center)
    overlay = app.state
    assert isinstance(overlay, ConfirmOverlay)
    return overlay


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_confirm_accent__reveal_asks_with_gold_focus_and_enter_on_keep_playing(size):
    app = make_app(size=size, seed=5, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    submit_code(app, (0, 1, 2, 3))
    settle(app, 1.0)
    game = app.state
    overlay = open_reveal(app)
    buttons = overlay.layout().buttons
    assert overlay.labels["no"] == "Keep playing" and overlay.focus == "no"
    assert gold(app, buttons["no"]) and not gold(app, buttons["yes"])
    press_key(app, pygame.K_RETURN)  # Enter takes the gold button
    assert app.state is game and not game.game.over
    overlay = open_reveal(app)
    press_key(app, pygame.K_TAB)  # the focus ring moves to Reveal; the gold stays on the default
    assert overlay.focus == "yes" and gold(app, buttons["no"]) and not gold(app, buttons["yes"])
    press_key(app, pygame.K_RETURN)
    assert app.state.game.outcome is Outcome.REVEALED
