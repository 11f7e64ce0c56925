"""SolvingState driven through the app (the run itself: tests/play/test_computer.py)."""

from __future__ import annotations

import time

import pygame

from game.core.config import GameConfig
from game.core.state import Outcome, new_game
from game.modes.classic.hooks import ClassicHooks
from game.play.computer import Speed

# --- the state, through the real app -------------------------------------------------------------


def test_solving_state__solve_from_playing_hands_over_the_players_rows() -> None:
    from game.screens.playing import PlayingState
    from game.screens.result import ResultState
    from game.screens.solving import SolvingState
    from tests.screens.driver import make_app, press_key, settle

    app = make_app(seed=11, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    for row in (
        (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2),
        (pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6),
    ):
        for k in row:
            press_key(app, k)
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    player_rows = app.state.game.history
    assert len(player_rows) == 2 and not app.state.game.over
    press_key(app, pygame.K_s)
    solving = app.state
    assert isinstance(solving, SolvingState)
    press_key(app, pygame.K_4)  # instant
    for _ in range(2000):
        if not isinstance(app.state, SolvingState):
            break
        app.step([], 1 / 60)
    result = app.state
    assert isinstance(result, ResultState)
    assert result.game.outcome is Outcome.WON and result.game.history[:2] == player_rows
    assert "after your 2" in result.solved_by() and result.verdict() == "Solved by the computer"


def test_solving_state__no_pump_exceeds_its_budget_in_real_frames() -> None:
    from game.screens.solving import SolvingState
    from tests.screens.driver import make_app

    # The pump's clock is this process's CPU time, so other processes on a shared machine cannot make a
    # pump look long; the margin is one solver step (the strategies aim at <= 5 ms between yields).
    budget_ms, margin_ms = 4.0, 5.0
    config = GameConfig(5, 8)
    secret = (7, 0, 3, 3, 5)
    state = SolvingState(
        new_game(config, secret),
        strategy="knuth",
        speed=Speed.FAST,
        budget_ms=budget_ms,
        clock=time.process_time,
    )
    app = make_app(start=state)
    dt = 1 / 60
    frames = 0
    while app.state is state and frames < 20_000:
        started = time.perf_counter()
        app.step(None, dt)
        dt = time.perf_counter() - started  # dt from the clock, as the real loop does (no sleeping)
        frames += 1
    run = state.run
    assert run.game.outcome is Outcome.WON and run.game.rows[-1].guess == secret
    assert run.think_frames >= 0 and frames > 50
    assert run.longest_pump_s * 1000 <= budget_ms + margin_ms, (run.longest_pump_s, run.longest_step_s)


def test_solving_state__pause_step_and_speed_by_keys_and_buttons() -> None:
    from game.screens.solving import SolvingState
    from tests.screens.driver import click, make_app, press_key

    state = SolvingState(new_game(GameConfig(4, 6), (5, 4, 3, 2)), strategy="knuth")
    app = make_app(start=state)
    press_key(app, pygame.K_SPACE)  # pause
    for _ in range(240):
        app.step([], 1 / 60)
    assert state.run.paused and state.run.game.rows == ()
    press_key(app, pygame.K_n)  # single step: one guess, then paused again
    for _ in range(240):
        app.step([], 1 / 60)
    assert len(state.run.game.rows) == 1 and state.run.paused
    click(app, state.layout().button_rect("pause").center)  # resume
    assert not state.run.paused
    assert state.run.speed is Speed.NORMAL
    click(app, state.layout().button_rect("speed").center)
    assert state.run.speed is Speed.FAST
    press_key(app, pygame.K_1)
    assert state.run.speed is Speed.SLOW
    press_key(app, pygame.K_MINUS)
    assert state.run.speed is Speed.SLOW  # already the slowest
    press_key(app, pygame.K_4)
    for _ in range(600):
        if app.state is not state:
            break
        app.step([], 1 / 60)
    assert app.state is not state and state.run.game.outcome is Outcome.WON


def test_solving_state__optimal_says_what_it_plays_where_no_table_is_shipped() -> None:
    from game import assets
    from game.screens.solving import SolvingState
    from tests.screens.driver import drawn_lines, make_app

    shipped = {path.name for path in assets.directory(assets.STRATEGIES).glob("*.txt")}
    for pegs, colours in ((4, 6), (8, 10)):
        secret = tuple(range(pegs))
        state = SolvingState(new_game(GameConfig(pegs, colours), secret), strategy="optimal")
        app = make_app(start=state)
        app.step([], 1 / 60)
        tabled = any(f"{kind}_{pegs}x{colours}.txt" in shipped for kind in ("optimal", "book"))
        lines = drawn_lines(app)
        if tabled:
            assert "Strategy: Optimal" in lines
        else:  # no table: it plays entropy, and the panel and the record say so
            assert "Strategy: Optimal" not in lines
            assert any(line.startswith("Strategy: Entropy") for line in lines)
            assert "Optimal" not in state.run.info.label
