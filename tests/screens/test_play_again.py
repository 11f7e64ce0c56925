"""Play again on the result screen goes back to the mode the game was played in, through real events:
a computer game started from the codemaker screen returns there with the same choices; a game the
player handed to the computer (Solve) starts a new break-the-code game."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.codemaker import CodemakerState, Mode
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from tests.screens.driver import click, make_app, press_key


def solve_to_result(app) -> ResultState:
    press_key(app, pygame.K_4)  # instant speed
    for _ in range(3000):
        if not isinstance(app.state, SolvingState):
            break
        app.step([], 1 / 60)
    assert isinstance(app.state, ResultState)
    return app.state


def test_play_again__codemaker_game_returns_to_codemaker_with_same_choices():
    state = CodemakerState(Mode.MAKE, GameConfig(3, 5, duplicates=False), strategy="knuth")
    app = make_app(start=state, seed=9)
    for k in (pygame.K_2, pygame.K_5, pygame.K_1):
        press_key(app, k)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, SolvingState)
    result = solve_to_result(app)
    click(app, result.layout().button_rect("again").center)
    again = app.state
    assert isinstance(again, CodemakerState)
    assert (again.mode, again.pegs, again.colours, again.duplicates, again.strategy) == (
        Mode.MAKE,
        3,
        5,
        False,
        "knuth",
    )
    assert again.secret == [None] * 3  # a new secret to set


def test_play_again__watch_game_by_enter_returns_to_watch_setup():
    app = make_app(start=CodemakerState(Mode.WATCH, GameConfig(4, 6), strategy="irving"), seed=3)
    press_key(app, pygame.K_RETURN)
    solve_to_result(app)
    press_key(app, pygame.K_RETURN)
    again = app.state
    assert isinstance(again, CodemakerState)
    assert (again.mode, again.pegs, again.colours, again.strategy) == (Mode.WATCH, 4, 6, "irving")


def test_play_again__game_the_player_handed_to_solve_starts_a_new_break_the_code_game():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()), seed=5)
    press_key(app, pygame.K_s)
    assert isinstance(app.state, SolvingState)
    solve_to_result(app)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState) and app.state.config == GameConfig(4, 6)
