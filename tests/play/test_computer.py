"""ComputerRun without pygame: plays on from any record, sees only the history, animates, pauses, steps."""

from __future__ import annotations

import random

import pytest

from game.core import strategies
from game.core.codes import score
from game.core.config import GameConfig
from game.core.solver import is_consistent
from game.core.state import Guess, Outcome, apply_move, new_game
from game.play.computer import FINISH_REST_S, ComputerRun, Phase, Speed
from game.play.cues import Cue
from game.play.grading import GRADE_POP_S, GRADE_STAGGER_S
from game.play.record import GameRecord, Player
from game.play.timeline import Motion
from game.tables import bind


def computer(game, strategy, rng, **kw) -> ComputerRun:
    """A run over `game` (rows so far the player's) with `strategy` bound to its table."""
    record = GameRecord(game, (Player.PLAYER,) * len(game.rows))
    return ComputerRun(record, bind(strategies.get(strategy)), rng, **kw)


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
        run = computer(game, strategy, random.Random(rng.random()), speed=Speed.FAST)
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
    runs = [computer(g, "random", random.Random(9), speed=Speed.INSTANT) for g in (game_a, game_b)]
    for run in runs:
        while run.phase is Phase.THINKING:
            run.update(1 / 60)
    assert runs[0].guess == runs[1].guess


def test_computer_run__animates_peg_by_peg_then_grade() -> None:
    run = computer(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
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
    run = computer(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
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
        run = computer(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1), speed=speed)
        frames[speed] = play_out(run)
    assert frames[Speed.SLOW] > frames[Speed.NORMAL] > frames[Speed.FAST] > frames[Speed.INSTANT]
    assert frames[Speed.INSTANT] <= 12  # at most a guess a frame, plus the last step


def test_computer_run__finished_game_finishes_at_once() -> None:
    game = apply_move(new_game(GameConfig(3, 4), (0, 1, 2)), Guess((0, 1, 2)))
    run = computer(game, "random", random.Random(1))
    assert run.finished and run.computer_guesses == 0


def test_computer_run__counts_its_play_time_and_marks_its_rows_in_the_record() -> None:
    run = computer(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
    frames = play_out(run, dt=0.05)
    record = run.record
    assert record.outcome is Outcome.WON and set(record.played_by) == {Player.COMPUTER}
    # the clock runs from the first frame to the winning row (the rest after it is not play)
    assert 1.0 < record.elapsed_s < 0.05 * frames - FINISH_REST_S * 0.9
    assert record.solved_by == run.info.label and record.end() is None  # watched, not the player's


def test_computer_run__queues_a_submit_and_grading_cues() -> None:
    run = computer(new_game(GameConfig(4, 6), (5, 4, 3, 2)), "lowest", random.Random(1))
    cues = []
    while not run.finished:
        run.update(1 / 60)
        cues += run.take_cues()
    assert cues.count(Cue.SUBMIT) == len(run.game.rows)
    assert Cue.PEG_BLACK in cues


def test_computer_run__grade_pegs_drop_in_on_the_grade_timing_a_persons_row_has() -> None:
    run = computer(new_game(GameConfig(4, 6), (0, 0, 1, 1)), "lowest", random.Random(1))
    dt = 0.005
    while run.phase is not Phase.GRADING:
        run.update(dt)
    assert run.game.rows[-1].guess == (0, 0, 0, 0) and sum(run.game.rows[-1].feedback) == 2
    elapsed, shown_at = 0.0, {}
    while run.phase is Phase.GRADING:
        run.update(dt)
        elapsed += dt
        shown_at.setdefault(run.shown_grade_pegs, elapsed)
    assert shown_at[1] == pytest.approx(GRADE_STAGGER_S, abs=2 * dt)
    assert shown_at[2] == pytest.approx(2 * GRADE_STAGGER_S, abs=2 * dt)
    assert elapsed == pytest.approx(2 * GRADE_STAGGER_S + GRADE_POP_S, abs=2 * dt)


def test_computer_run__reduced_motion_drops_each_peg_and_grade_in_place_at_once() -> None:
    run = computer(
        new_game(GameConfig(4, 6), (0, 0, 1, 1)), "lowest", random.Random(1), motion=Motion(reduced=True)
    )
    drops, pops = set(), set()
    while not run.finished:
        run.update(1 / 240)
        if run.phase is Phase.PLACING and run.placed_pegs:
            drops.add(run.drop_fraction)
        for i in range(4):
            track = run.grade_track(i)
            if track is not None and track.started:
                pops.add(track.value)
    assert drops == {0.0} and pops == {1.0}
    assert run.game.outcome is Outcome.WON
