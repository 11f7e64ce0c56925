"""The post-game analysis opens from every way a game can end, through real events: won, lost,
revealed before any row and mid-game, solved by the computer, graded by hand, a duel, the daily code,
a Blitz run, a grid and ten pegs. Each time the table holds the game's rows (or says there is nothing
to compare), drawing raises nothing, and Escape goes back to the screen it was opened from."""

from __future__ import annotations

import pygame

from game.core.blitz import DURATION_S
from game.core.codes import score
from game.core.config import GameConfig
from game.core.duel import DuelRules, level_named
from game.core.state import Outcome
from game.core.variants import GridVariant
from game.modes.blitz.screens import BlitzResultState
from game.modes.classic.hooks import ClassicHooks
from game.modes.daily.result import DailyResultState
from game.modes.duel.hooks import DuelHooks
from game.modes.duel.result import DuelResultState
from game.modes.maker.handgrade import HandGradeState
from game.screens.analysis import NO_ROWS_NOTE, AnalysisOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from tests.screens.driver import (
    click,
    drawn_lines,
    grade_by_keys,
    key,
    lowest_consistent,
    make_app,
    post,
    press_key,
    settle,
)
from tests.screens.test_blitz import blitz_app
from tests.screens.test_daily import daily_app, open_menu_entry, play_to_the_end, release_apps  # noqa: F401
from tests.screens.test_handgrade import wait_ready

CLASSIC = GameConfig(4, 6)
DIGIT_KEYS = [pygame.K_1 + i for i in range(9)] + [pygame.K_0]  # colour 0 is key 1, colour 9 key 0


def type_code(app, code) -> None:
    for colour in code:
        post(app, key(DIGIT_KEYS[colour]))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.5)


def reveal(app) -> None:
    """R, then Left and Enter on the question (as a player who reads it would)."""
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_LEFT)
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)


def until(app, predicate, frames: int = 6000, dt: float = 1 / 30) -> None:
    for _ in range(frames):
        if predicate():
            return
        app.step([], dt)
    raise AssertionError("the app never got there")


def open_analysis(app, end_type, by_click: bool = False) -> tuple[AnalysisOverlay, list[str]]:
    """Open the analysis on the end screen (A, or its Analysis button), let it finish, draw it, and
    close it again; the overlay and the lines one frame of it drew."""
    end = app.state
    assert isinstance(end, end_type)
    if by_click:
        layout = end.layout()
        buttons = layout.buttons  # a card's named rects, or the side panel's button names
        rect = buttons["analysis"] if isinstance(buttons, dict) else layout.button_rect("analysis")
        click(app, rect.center)
    else:
        press_key(app, pygame.K_a)
    overlay = app.state
    assert isinstance(overlay, AnalysisOverlay)
    until(app, lambda: overlay.result is not None, dt=1 / 60)
    assert overlay.pump.error is None
    lines = drawn_lines(app)
    press_key(app, pygame.K_ESCAPE)
    assert app.state is end
    return overlay, lines


def play_careful(app) -> None:
    state = app.state
    while not state.game.over:
        type_code(app, lowest_consistent(state.game))
    settle(app, 2.5)


def test_analysis_ends__won_game_compares_every_row():
    app = make_app(start=PlayingState(CLASSIC, secret=(1, 2, 3, 4), hooks=ClassicHooks()))
    play_careful(app)
    overlay, lines = open_analysis(app, ResultState, by_click=True)
    rows = overlay.record.game.rows
    assert overlay.result.won and len(overlay.result.rows) == len(rows) >= 2
    assert any(f"you took {len(rows)}" in line for line in lines)


def test_analysis_ends__lost_game_compares_every_row_without_a_verdict():
    app = make_app(start=PlayingState(CLASSIC, secret=(1, 2, 3, 4), hooks=ClassicHooks()))
    for _ in range(CLASSIC.turns):
        type_code(app, (0, 0, 5, 5))
    settle(app, 2.5)
    assert app.state.game.outcome is Outcome.LOST
    overlay, lines = open_analysis(app, ResultState)
    assert not overlay.result.won and len(overlay.result.rows) == CLASSIC.turns
    assert not any("you took" in line for line in lines)


def test_analysis_ends__revealed_before_any_row_says_there_is_nothing_to_compare():
    app = make_app(start=PlayingState(CLASSIC, secret=(1, 2, 3, 4), hooks=ClassicHooks()))
    reveal(app)
    overlay, lines = open_analysis(app, ResultState)
    assert overlay.result.rows == () and NO_ROWS_NOTE in lines
    assert overlay.result.optimal_guesses is not None  # what optimal play needs is still said
    assert any(line.startswith("Optimal play needs") for line in lines)


def test_analysis_ends__revealed_mid_game_compares_the_rows_played():
    app = make_app(start=PlayingState(CLASSIC, secret=(1, 2, 3, 4), hooks=ClassicHooks()))
    type_code(app, (0, 0, 1, 1))
    reveal(app)
    overlay, lines = open_analysis(app, ResultState)
    assert [r.guess for r in overlay.result.rows] == [(0, 0, 1, 1)] and NO_ROWS_NOTE not in lines


def test_analysis_ends__solved_by_the_computer_counts_the_game_not_the_player():
    app = make_app(start=PlayingState(CLASSIC, secret=(5, 4, 3, 3), hooks=ClassicHooks()))
    type_code(app, (0, 0, 1, 1))
    press_key(app, pygame.K_s)
    assert isinstance(app.state, SolvingState)
    press_key(app, pygame.K_4)  # instant
    until(app, lambda: isinstance(app.state, ResultState))
    overlay, lines = open_analysis(app, ResultState)
    assert overlay.record.computer_rows >= 1 and len(overlay.result.rows) == overlay.record.guesses
    assert any("the game took" in line for line in lines) and not any("you took" in line for line in lines)


def test_analysis_ends__hand_graded_game_weighs_the_computer_rows_without_a_secret():
    secret = (4, 0, 0, 2)
    state = HandGradeState(CLASSIC, "knuth")
    app = make_app(start=state)
    while not state.run.over:
        wait_ready(app, state)
        true = score(state.run.guess, secret)
        grade_by_keys(app, true)
        wait_ready(app, state)
    overlay, _ = open_analysis(app, HandGradeState)
    rows = overlay.result.rows
    assert len(rows) == state.run.game.rows.__len__() and rows[-1].guess == secret
    assert all(r.best_left is None for r in rows)  # nobody told the analysis the code
    assert overlay.result.optimal_guesses is None


def test_analysis_ends__duel_opens_on_the_players_board():
    rules = DuelRules(GameConfig(4, 6), level_named("Rookie"))
    app = make_app(start=PlayingState(GameConfig(4, 6), secret=(2, 3, 4, 5), hooks=DuelHooks(rules)))
    type_code(app, (0, 1, 1, 2))
    type_code(app, (2, 3, 4, 5))
    until(app, lambda: isinstance(app.state, DuelResultState))
    overlay, _ = open_analysis(app, DuelResultState, by_click=True)
    assert [r.guess for r in overlay.result.rows] == [(0, 1, 1, 2), (2, 3, 4, 5)]


def test_analysis_ends__daily_opens_on_the_game_just_played(tmp_path):
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    guesses = play_to_the_end(app)
    while not isinstance(app.state, DailyResultState):
        post(app, key(pygame.K_ESCAPE))  # no initials
    overlay, _ = open_analysis(app, DailyResultState, by_click=True)
    assert [r.guess for r in overlay.result.rows] == guesses


def test_analysis_ends__blitz_opens_on_the_code_on_the_board_when_time_ran_out(tmp_path):
    app = blitz_app(tmp_path)
    type_code(app, (0, 0, 1, 1))
    settle(app, DURATION_S + 1, dt=0.1)
    overlay, _ = open_analysis(app, BlitzResultState, by_click=True)
    assert [r.guess for r in overlay.result.rows] == [(0, 0, 1, 1)]


def test_analysis_ends__grid_game_compares_its_rows():
    config = GameConfig(colours=3, variant=GridVariant(2, 2))
    app = make_app(start=PlayingState(config, secret=(0, 1, 2, 0), hooks=ClassicHooks()))
    for code in ((0, 0, 1, 1), (0, 1, 2, 0)):
        type_code(app, code)
    settle(app, 2.5)
    overlay, _ = open_analysis(app, ResultState)
    assert overlay.result.won and [r.guess for r in overlay.result.rows] == [(0, 0, 1, 1), (0, 1, 2, 0)]
    assert overlay.result.rows[0].possible_before == 3**4


def test_analysis_ends__ten_pegs_gives_counts_only():
    config = GameConfig(10, 10)
    app = make_app(start=PlayingState(config, secret=tuple(range(10)), hooks=ClassicHooks()))
    type_code(app, (0,) * 10)
    type_code(app, (0, 1, 1, 1, 1, 2, 2, 2, 2, 2))
    reveal(app)
    overlay, lines = open_analysis(app, ResultState)
    rows = overlay.result.rows
    assert [r.possible_before for r in rows][0] == 10**10
    assert all(r.best_guess is None for r in rows)
    assert "This size is too large to weigh every guess: counts only." in " ".join(lines)
