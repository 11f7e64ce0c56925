"""Board screens draw their still parts from one cached image (board.draw_board_screen, FrameCache),
and what the player sees still follows every change: hover, a played row, the window size.
Also the codemaker's secret entry with play's one drag model (a press that barely moves is a click)."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.core.state import new_game
from game.modes.classic.hooks import ClassicHooks
from game.play.drag import DRAG_THRESHOLD_PX
from game.screens.codemaker import CodemakerState, Mode
from game.screens.playing import PlayingState
from game.screens.solving import SolvingState
from game.ui.board import BoardView, FrameCache
from tests.screens.driver import make_app, motion, mouse_down, mouse_up, post, press_key


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_board_screen__a_cached_frame_matches_a_fresh_draw_and_follows_hover_and_play() -> None:
    config = GameConfig(4, 6)
    state = SolvingState(new_game(config, (0, 1, 2, 3)), strategy="knuth")
    app = make_app(size=(1280, 800), start=state)
    press_key(app, pygame.K_SPACE)  # paused: the board stands still while we look
    for _ in range(3):
        app.step([], 1 / 60)  # the first frame draws straight; later ones blit the cached image
    cached = app.surface.copy()
    state.view.screen = FrameCache()  # view state, thrown away as the game may: the next frame draws afresh
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(cached, "RGB")
    menu = state.layout().button_rect("menu")
    before = pixels(app.surface, menu)
    post(app, motion(menu.center, buttons=(0, 0, 0)))
    post(app, motion(menu.center, buttons=(0, 0, 0)))
    assert pixels(app.surface, menu) != before  # the hovered Menu button is lit, cache or not
    post(app, motion((2, app.size[1] - 2), buttons=(0, 0, 0)))
    assert pixels(app.surface, menu) == before
    row0 = state.layout().row_rect(0)
    empty_row = pixels(app.surface, row0)
    press_key(app, pygame.K_SPACE)
    press_key(app, pygame.K_4)  # instant: play on until the first row is on the board
    for _ in range(600):
        if len(state.run.game.rows) >= 1 and state.run.shown_rows >= 1:
            break
        app.step([], 1 / 60)
    app.step([], 1 / 60)
    assert pixels(app.surface, row0) != empty_row


def test_board_screen__the_cached_image_follows_a_new_window_size() -> None:
    app = make_app(
        size=(1024, 720), start=PlayingState(GameConfig(4, 6), secret=(0, 1, 2, 3), hooks=ClassicHooks())
    )
    for _ in range(3):
        app.step([], 1 / 60)
    app.resize((1280, 800))
    for _ in range(3):
        app.step([], 1 / 60)
    state = app.state
    fresh = app.surface.copy()
    state.frame, state.board = FrameCache(), BoardView()  # thrown away: the next frame draws afresh
    app.draw()
    assert app.surface.get_size() == (1280, 800)
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_codemaker__a_press_that_barely_moves_is_a_click_not_a_drag_off_the_row() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(4, 6))
    app = make_app(start=state)
    for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        press_key(app, k)
    slot = state.layout().secret_slot_rect(1)
    jitter = (slot.centerx + DRAG_THRESHOLD_PX - 2, slot.centery)
    post(app, mouse_down(slot.center), motion(jitter), mouse_up(jitter))
    assert state.secret == [0, 1, 2, 3] and state.drag is None  # a hand's tremble moves nothing
    away = (slot.centerx, app.size[1] - 5)  # the same press carried off the row removes the peg
    post(app, mouse_down(slot.center), motion(away), mouse_up(away))
    assert state.secret == [0, None, 2, 3]
