"""Tests of the computer at work: ComputerRun (the model) and SolvingState driven through the app."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.core.codes import score
from game.core.config import GameConfig
from game.core.solver import is_consistent
from game.core.state import Guess, Outcome, apply_move, new_game
from game.ui.computer import ComputerRun, Phase, Speed


def play_out(run: ComputerRun, dt: float = 1 / 60, max_frames: int = 20_000) -> int:
    frames = 0
    while not run.finished and frames < max_frames:
        run.update(dt)
        frames += 1
    return frames


@pytest.mark.parametrize("strategy", ["lowest", "random", "knuth-consistent", "entropy-consistent"])
def test_computer_run__from_mid_game_every_guess_agrees_with_player_rows(strategy: str) -> None:
    rng = random.Random(31)
    config = GameConfig(4, 6)
    for _ in range(10):
        secret = tuple(rng.randrange(6) for _ in range(4))
        game = new_game(config, secret)
        for _ in range(2):
            game = apply_move(game, Guess(tuple(rng.randrange(6) for _ in range(4))))
        if game.over:
            continue
        player_rows = game.history
        run = ComputerRun(game, strategy, random.Random(rng.random()), speed=Speed.FAST)
        play_out(run)
        assert run.game.outcome is Outcome.WON and run.game.rows[-1].guess == secret
        assert run.game.history[:2] == player_rows
        for index, row in enumerate(run.game.rows[2:], start=2):
            assert is_consistent(row.guess, player_rows)
            assert is_consistent(row.guess, run.game.history[:index])
        assert "finished it" in run.summary() and "after your 2" in run.summary()


def test_computer_run__sees_only_the_history() -> None:
    config = GameConfig(4, 6)
    game_a = apply_move(new_game(config, (0, 1, 2, 3)), Guess((0, 0, 1, 1)))
    game_b = new_game(config, (1, 0, 4, 5))
    # Same history (0011 graded 1B1W against both secrets), different secrets: the same next guess.
    assert score((0, 0, 1, 1), (1, 0, 4, 5)) == game_a.history[0][1]
    game_b = apply_move(game_b, Guess((0, 0, 1, 1)))
    runs = [ComputerRun(g, "random", random.Random(9), speed=Speed.INSTANT) for g in (game_a, game_b)]
    for run in runs:
        while run.phase is Phase.THINKING:
            run.update(1 / 60)
    assert runs[0].guess == runs[1].guess


def test_computer_run__animates_peg_by_peg_then_grade() -> None:
    run = ComputerRun(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
    seen_pegs, seen_grades = set(), set()
    for _ in range(2000):
        run.update(1 / 60)
        if run.phase is Phase.PLACING:
            seen_pegs.add(run.placed_pegs)
        if run.phase is Phase.GRADING:
            seen_grades.add(run.shown_grade_pegs)
        if run.finished:
            break
    assert seen_pegs == {1, 2, 3, 4}
    assert {1, 2}.issubset(seen_grades)
    assert run.game.outcome is Outcome.WON


def test_computer_run__pause_freezes_and_single_step_plays_one_guess() -> None:
    run = ComputerRun(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
    run.toggle_pause()
    for _ in range(300):
        run.update(1 / 60)
    assert run.game.rows == () and run.phase is Phase.THINKING
    run.single_step()
    for _ in range(300):
        run.update(1 / 60)
    assert len(run.game.rows) == 1 and run.paused
    run.toggle_pause()
    play_out(run)
    assert run.game.outcome is Outcome.WON


def test_computer_run__speeds_scale_the_animation() -> None:
    frames = {}
    for speed in Speed:
        run = ComputerRun(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1), speed=speed)
        frames[speed] = play_out(run)
    assert frames[Speed.SLOW] > frames[Speed.NORMAL] > frames[Speed.FAST] > frames[Speed.INSTANT]
    assert frames[Speed.INSTANT] <= 12  # at most a guess a frame, plus the last step


def test_computer_run__finished_game_finishes_at_once() -> None:
    game = apply_move(new_game(GameConfig(3, 4), (0, 1, 2)), Guess((0, 1, 2)))
    run = ComputerRun(game, "random", random.Random(1))
    assert run.finished and run.computer_guesses == 0


# --- the state, through the real app -------------------------------------------------------------


def test_solving_state__solve_from_playing_hands_over_the_players_rows() -> None:
    from game.states.playing import PlayingState
    from game.states.result import ResultState
    from game.states.solving import SolvingState
    from tests.states.driver import make_app, press_key, settle

    app = make_app(seed=11, start=PlayingState(GameConfig(4, 6)))
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
    assert "after your 2" in result.solved_by and result.verdict() == "Solved by the computer"


def test_solving_state__no_pump_exceeds_its_budget_in_real_frames() -> None:
    from game.states.solving import SolvingState
    from tests.states.driver import make_app

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
    from game.states.solving import SolvingState
    from tests.states.driver import click, make_app, press_key

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
