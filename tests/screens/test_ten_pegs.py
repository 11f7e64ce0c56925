"""A ten-peg, ten-colour game through real events at the smallest window: set up in Custom, one row
placed by mouse, then the computer solves it on screen (it sees only the grades)."""

from __future__ import annotations

import pygame

from game.core.codes import score
from game.core.config import GameConfig
from game.core.state import Outcome
from game.modes.classic.setup import SetupState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.ui.layout import Slot, centre
from tests.screens.driver import click, drag, make_app, press_key, settle

SMALLEST_WINDOW = (640, 480)
# Solving 10^10 codes takes seconds of solver time; frames at 1/60 s with a few ms each.
MAX_SOLVING_FRAMES = 60_000


def test_ten_pegs__custom_game_fits_the_smallest_window_and_the_computer_solves_it():
    app = make_app(size=SMALLEST_WINDOW, seed=5, start=SetupState(GameConfig(8, 10)))
    for _ in range(4):  # the pegs stepper has the focus and stops at ten
        press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RETURN)
    playing = app.state
    assert isinstance(playing, PlayingState)
    assert (playing.config.pegs, playing.config.colours, playing.config.turns) == (10, 10, 20)

    layout = playing.layout()
    window = pygame.Rect((0, 0), SMALLEST_WINDOW)
    slots = [layout.slot_rect(0, col) for col in range(10)]
    assert all(window.contains(rect) for rect in slots)
    assert all(a.right <= b.left for a, b in zip(slots, slots[1:], strict=False))  # side by side, no overlap
    assert all(layout.hit_test(centre(rect)) == Slot(0, col) for col, rect in enumerate(slots))
    assert all(window.contains(layout.palette_rect(colour)) for colour in range(10))

    row = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    for col, colour in enumerate(row):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(0, col)))
    assert playing.run.draft == list(row)
    click(app, centre(layout.button_rect("submit")))
    settle(app, 1.0)
    assert [guess for guess, _ in playing.game.history] == [row]
    secret = playing.game.secret

    press_key(app, pygame.K_s)
    assert isinstance(app.state, SolvingState)
    press_key(app, pygame.K_4)  # instant: no animation between guesses
    for _ in range(MAX_SOLVING_FRAMES):
        if not isinstance(app.state, SolvingState):
            break
        app.step([], 1 / 60)
    result = app.state
    assert isinstance(result, ResultState)
    game = result.game
    assert game.outcome is Outcome.WON
    assert game.history[0][0] == row and game.history[-1][0] == secret
    assert len(game.history) <= 20
    assert all(tuple(score(guess, secret)) == tuple(fb) for guess, fb in game.history)
