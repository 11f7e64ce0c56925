"""The game's record is the one source the screens read: real events through the real app.

Time on the result screen and in statistics, the turn shown while a win's grade appears, a game
left through Esc -> Menu kept (half-filled row included) for the next start, and a hint that costs
the score only once the player asks it for something.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.core.state import Outcome, new_game
from game.modes.classic.hooks import ClassicHooks
from game.screens.hint import COST_NOTE, HintOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.screens.stats import format_time
from game.store import Store
from game.ui.layout import centre
from tests.screens.driver import FRAME_S, click, kept_lines, lowest_consistent, make_app, press_key, settle

SECRET = (0, 1, 2, 3)


def new_app(directory, start=None, seed=11) -> App:
    app = App(size=(1024, 720), seed=seed, store=Store(directory), start=start)
    pygame.event.clear()
    return app


def type_row(app: App, code, dt: float = FRAME_S) -> None:
    for colour in code:
        press_key(app, pygame.K_1 + colour, dt=dt)
    press_key(app, pygame.K_RETURN, dt=dt)


def skip_initials(app: App) -> None:
    """A win may ask for initials for a high-score table first; leave them empty."""
    if not isinstance(app.state, ResultState) and app.state.is_overlay:
        press_key(app, pygame.K_ESCAPE)


def test_result__a_watched_solve_shows_the_time_it_took():
    app = make_app(start=SolvingState(new_game(GameConfig(4, 6), (5, 4, 3, 2)), strategy="lowest"))
    for _ in range(2000):
        if isinstance(app.state, ResultState):
            break
        app.step([], 0.05)
    result = app.state
    assert isinstance(result, ResultState) and result.game.outcome is Outcome.WON
    assert result.record.elapsed_s > 1.0
    time_line = next(line for line in result.details() if line.startswith("Time "))
    assert time_line == f"Time {result.record.time_text}" and time_line != "Time 0:00"


def test_result_and_statistics__show_the_same_time_for_a_win(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    settle(app, 15.5, dt=0.1)  # 15.5 s of thinking, then the winning row: a time that rounds to 0:16
    type_row(app, SECRET)
    settle(app, 3.0)
    skip_initials(app)
    result = app.state
    assert isinstance(result, ResultState)
    seconds = result.record.elapsed_s
    assert 15.5 < seconds < 16.0
    assert f"Time {format_time(seconds)}" in result.details()
    best = Store(tmp_path).load_stats()["Classic"].best_time_s
    assert best == seconds and format_time(best) == "0:16"


def test_playing__the_turn_shown_while_a_win_is_graded_is_the_winning_rows():
    app = make_app(start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    state = app.state
    for guess in ((4, 4, 5, 5), (0, 0, 1, 1), (0, 1, 3, 2)):
        type_row(app, guess)
        settle(app, 1.5)
        assert state.run.turn == len(state.game.rows) + 1
    type_row(app, SECRET)  # the fourth guess wins
    assert state.run.grading_row == 3 and state.game.outcome is Outcome.WON
    assert state.run.turn == 4  # "Turn 4 of 10", never "Turn 5" for a four-guess win
    app.step([], 0.2)
    assert state.run.grading_row == 3 and state.run.turn == 4


def test_leaving_by_menu__keeps_the_game_and_its_half_filled_row_for_the_next_start(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_row(app, (4, 4, 5, 5))
    settle(app, 1.0)
    press_key(app, pygame.K_2)
    press_key(app, pygame.K_3)  # a half-filled second row
    press_key(app, pygame.K_ESCAPE)
    dialog = app.state
    assert dialog.is_overlay and dialog.labels == {"yes": "Leave (your game is kept)", "no": "Abandon"}
    click(app, centre(dialog.layout().buttons["yes"]))
    assert isinstance(app.state, MenuState) and Store(tmp_path).load_kept() != {}
    app.close()

    again = new_app(tmp_path)
    assert kept_lines(again) == ["Resume: Classic · turn 2 of 10"]
    assert again.state.focus == 0  # the kept game has the focus: Enter resumes it
    press_key(again, pygame.K_RETURN)
    resumed = again.state
    assert isinstance(resumed, PlayingState)
    assert [row.guess for row in resumed.game.rows] == [(4, 4, 5, 5)]
    assert resumed.run.draft == [1, 2, None, None]


def test_leaving_by_menu__abandon_forgets_the_game(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_row(app, (4, 4, 5, 5))
    settle(app, 1.0)
    press_key(app, pygame.K_ESCAPE)
    click(app, centre(app.state.layout().buttons["no"]))  # Abandon
    assert isinstance(app.state, MenuState) and kept_lines(app) == []
    app.close()
    assert kept_lines(new_app(tmp_path)) == []


def test_hint__says_what_costs_the_score_and_opening_it_costs_nothing(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_row(app, (4, 4, 5, 5))
    settle(app, 1.0)
    playing = app.state
    click(app, centre(playing.layout().button_rect("hint")))
    overlay = app.state
    assert isinstance(overlay, HintOverlay) and not overlay.asked
    assert "assisted" in COST_NOTE and "no score" in COST_NOTE
    settle(app, 0.5)
    app.draw()
    press_key(app, pygame.K_ESCAPE)
    assert app.state is playing and not playing.record.assisted
    while not playing.game.over:
        type_row(app, lowest_consistent(playing.game))
        settle(app, 1.5)
    settle(app, 2.0)
    skip_initials(app)
    result = app.state
    assert isinstance(result, ResultState) and not result.record.assisted
    assert any(line.startswith("Score ") for line in result.details())
