"""The board stands still as a game ends: the result screen's board has the playing screen's rect at
every window size (a band below the board at 4:3 and small windows, a column at wide ones), played
through the real app from the first row to the winning one; its texts fit their boxes."""

from __future__ import annotations

import pygame
import pytest

from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from tests.screens.driver import make_app, press_key, settle, type_code
from tests.screens.test_render import CheckingText


@pytest.mark.parametrize("pegs", [4, 8])
@pytest.mark.parametrize(
    "size", [(640, 480), (800, 600), (1024, 720), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_result_board__stands_where_the_playing_board_stood(size, pegs) -> None:
    config = GameConfig(pegs, 8 if pegs == 8 else 6)  # colours typed 1-8
    secret = tuple((config.colours - 1 - i) % config.colours for i in range(pegs))
    app = make_app(size=size, start=PlayingState(config, secret=secret, hooks=ClassicHooks()))
    app.text = CheckingText()
    playing = app.state
    playing_board = playing.layout().board.copy()
    type_code(app, secret)
    press_key(app, pygame.K_RETURN)
    settle(app, 6.0)
    result = next(state for state in app.stack if isinstance(state, ResultState))
    assert result.layout().board == playing_board
    result.draw(app.surface)
    assert app.text.misfits == []
