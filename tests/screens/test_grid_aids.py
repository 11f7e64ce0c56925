"""A grid game's aids through the real app: Hint counts codes by the grid's grading, the result's
Analysis compares rows with the grid's own optimal table, and a grid game left by Esc resumes as a grid
with its rows and half-built row."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.core.grid import score_grid
from game.core.variants import GridVariant
from game.modes.classic.hooks import ClassicHooks
from game.screens.analysis import AnalysisOverlay
from game.screens.hint import HintOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.tables import table_for
from tests.screens.driver import click, make_app, press_key, record_of, settle
from tests.screens.test_analysis import finished_game

CONFIG = GameConfig(colours=6, variant=GridVariant(2, 2))
SECRET = (3, 1, 4, 5)


def grid_possible(config, history) -> int:
    """Codes fitting every row, each grade recomputed by the grid reference (brute force)."""
    from itertools import product

    return sum(
        all(tuple(score_grid(guess, code, *config.variant.shape)) == tuple(fb) for guess, fb in history)
        for code in product(range(config.colours), repeat=config.pegs)
    )


def type_row(app: App, code) -> None:
    for colour in code:
        press_key(app, pygame.K_1 + colour)
    press_key(app, pygame.K_RETURN)
    settle(app, 1.5)


def test_grid_hint__counts_codes_by_grid_grading_and_fills_a_guess(tmp_path):
    app = App(
        size=(1024, 720),
        seed=5,
        store=Store(tmp_path),
        start=PlayingState(CONFIG, secret=SECRET, hooks=ClassicHooks()),
    )
    pygame.event.clear()
    type_row(app, (0, 0, 1, 1))
    playing = app.state
    click(app, playing.layout().button_rect("hint").center)
    assert isinstance(app.state, HintOverlay)
    for _ in range(600):  # frames: the hint is pumped a few ms per frame
        if app.state.hint is not None:
            break
        app.step([], 1 / 60)
    hint = app.state.hint
    assert hint is not None and hint.possible == grid_possible(CONFIG, playing.game.history)
    press_key(app, pygame.K_g)
    press_key(app, pygame.K_RETURN)
    assert app.state is playing and tuple(playing.run.draft) == hint.guess and playing.record.assisted


def test_grid_analysis__compares_rows_with_the_grids_optimal_table():
    table = table_for(CONFIG)
    assert table is not None and table.fits(CONFIG)
    game = finished_game(CONFIG, SECRET, [(0, 0, 1, 1), (1, 2, 2, 2), SECRET])
    app = make_app(start=ResultState(record_of(game, 30.0)))
    settle(app, 2.0)  # the win lands before the buttons work
    click(app, app.state.layout().button_rect("analysis").center)
    for _ in range(900):
        app.step([], 1 / 60)
        if app.state.result is not None:
            break
    overlay = app.state
    assert isinstance(overlay, AnalysisOverlay) and overlay.result is not None
    rows = overlay.result.rows
    assert rows[0].best_guess == table.moves[()]
    assert [r.possible_before for r in rows] == [
        grid_possible(CONFIG, game.history[:i]) for i in range(len(game.history))
    ]
    assert overlay.result.optimal_guesses == len(table.play(SECRET))


def test_grid_resume__a_grid_game_left_by_esc_comes_back_as_the_same_grid(tmp_path):
    app = App(
        size=(1024, 720),
        seed=5,
        store=Store(tmp_path),
        start=PlayingState(CONFIG, secret=SECRET, hooks=ClassicHooks()),
    )
    pygame.event.clear()
    type_row(app, (0, 0, 1, 1))
    press_key(app, pygame.K_3)  # a half-built second row
    press_key(app, pygame.K_ESCAPE)
    click(app, app.state.layout().buttons["yes"].center)  # Leave (your game is kept)
    app.close()

    again = App(size=(1024, 720), seed=9, store=Store(tmp_path))
    pygame.event.clear()
    assert again.state.kept(again.state.focus) is not None  # Enter resumes the kept game
    press_key(again, pygame.K_RETURN)
    resumed = again.state
    assert isinstance(resumed, PlayingState) and resumed.config == CONFIG
    assert resumed.game.secret == SECRET and [row.guess for row in resumed.game.rows] == [(0, 0, 1, 1)]
    assert resumed.run.draft == [2, None, None, None]
    graded = score_grid((0, 0, 1, 1), SECRET, *CONFIG.variant.shape)
    assert tuple(resumed.game.rows[0].feedback) == tuple(graded)
