"""BreakerRun without pygame: drag, click, keys, undo, submit with reasons, grading timing, finish."""

from __future__ import annotations

import random

from game.core.config import GameConfig
from game.core.state import Outcome
from game.play.breaker import BoardSlot, BreakerRun, OffSlot, PaletteColour
from game.play.cues import Cue
from game.play.grading import GRADE_POP_S, GRADE_STAGGER_S, LOSS_PAUSE_S, WIN_FLASH_S
from game.play.record import GameRecord, Player
from game.play.timeline import Motion

CONFIG = GameConfig(4, 6)
SECRET = (0, 1, 2, 3)
DT = 1 / 60


def new_run(config=CONFIG, secret=SECRET, motion=None) -> BreakerRun:
    return BreakerRun(GameRecord.new(config, secret), motion)


def drag(run, source, target, start=(0, 0), end=(40, 0)):
    run.press(source, start)
    run.motion(end)
    run.release(target, end)


def fill(run, code):
    for colour in code:
        run.type_colour(colour)


def run_for(run, seconds, dt=DT):
    for _ in range(round(seconds / dt)):
        run.update(dt)


def test_breaker__drag_from_palette_places_and_drag_between_slots_swaps():
    run = new_run()
    drag(run, PaletteColour(4), BoardSlot(0, 2))
    drag(run, PaletteColour(5), BoardSlot(0, 0))
    assert run.draft == [5, None, 4, None]
    drag(run, BoardSlot(0, 0), BoardSlot(0, 2))
    assert run.draft == [4, None, 5, None] and run.cursor == 3  # on to the next empty slot
    assert run.take_cues() == (Cue.PICK, Cue.DROP, Cue.PICK, Cue.DROP, Cue.PICK, Cue.DROP)


def test_breaker__a_colour_typed_after_a_drop_goes_beside_the_dropped_peg_not_over_it():
    run = new_run()
    drag(run, PaletteColour(3), BoardSlot(0, 0))
    run.type_colour(1)
    assert run.draft == [3, 1, None, None] and run.cursor == 2


def test_breaker__draft_peg_dragged_off_the_board_is_removed_but_not_when_dropped_on_the_board():
    run = new_run()
    fill(run, (1, 2, 3, 4))
    drag(run, BoardSlot(0, 1), OffSlot())
    assert run.draft == [1, 2, 3, 4]
    drag(run, BoardSlot(0, 1), None)
    drag(run, BoardSlot(0, 3), PaletteColour(0))
    assert run.draft == [1, None, 3, None]


def test_breaker__a_press_that_barely_moves_is_a_click_that_selects_then_places():
    run = new_run()
    drag(run, PaletteColour(3), None, end=(2, 2))
    assert run.selected == 3 and run.draft == [None] * 4
    run.press(BoardSlot(0, 1), (0, 0))
    assert run.draft == [None, 3, None, None]
    drag(run, PaletteColour(3), None, end=(1, 1))
    assert run.selected is None


def test_breaker__dragging_a_played_peg_copies_it():
    run = new_run()
    fill(run, (5, 4, 3, 2))
    run.submit()
    drag(run, BoardSlot(0, 1), BoardSlot(1, 3))
    assert run.draft == [None, None, None, 4] and run.game.rows[0].guess == (5, 4, 3, 2)


def test_breaker__submit_gives_its_reason_and_keeps_the_row_when_it_cannot():
    run = new_run(GameConfig(4, 6, duplicates=False))
    run.type_colour(1)
    assert run.submit() == "place 3 more pegs"
    fill(run, (1, 2, 3))
    assert run.draft == [1, 1, 2, 3]
    assert run.submit() is not None and run.game.rows == ()
    assert Cue.ERROR in run.take_cues()


def test_breaker__undo_steps_back_through_the_row_but_never_a_submitted_row():
    run = new_run()
    run.type_colour(2)
    run.type_colour(3)
    run.clear_row()
    assert run.draft == [None] * 4
    assert run.undo() and run.draft == [2, 3, None, None]
    assert run.undo() and run.draft == [2, None, None, None] and run.cursor == 1
    fill(run, (4, 4, 4))
    run.submit()
    assert not run.undo() and len(run.game.rows) == 1


def test_breaker__grading_pegs_appear_one_by_one_with_a_cue_each_and_input_cuts_them_short():
    run = new_run()
    fill(run, (0, 1, 3, 5))  # two black, one white
    run.submit()
    assert run.graded_rows == 0 and run.grading_row == 0
    run.take_cues()
    run.update(GRADE_STAGGER_S + 0.01)
    assert run.take_cues() == (Cue.PEG_BLACK,)
    run.input_arrived()
    run.update(DT)
    assert run.grading_row is None and run.graded_rows == 1
    assert run.take_cues() == ()  # a cut grade makes no more sounds


def test_breaker__a_win_shows_its_grade_then_the_flash_which_input_does_not_cut():
    run = new_run()
    fill(run, SECRET)
    run.submit()
    assert run.turn == 1 and run.record.outcome is Outcome.WON
    grading = GRADE_STAGGER_S * 4 + GRADE_POP_S
    run_for(run, grading + 0.05)
    assert run.grading_row is None and run.finish_track is not None
    run.input_arrived()
    run.type_colour(3)  # the game is over: nothing changes
    assert run.draft == [None] * 4 and not run.finished
    run_for(run, WIN_FLASH_S)
    assert run.finished
    cues = run.take_cues()
    assert cues.count(Cue.PEG_BLACK) == 4 and cues[-1] is Cue.WIN


def test_breaker__the_last_turn_lost_pauses_then_finishes():
    config = GameConfig(2, 2, turns=2)
    run = new_run(config, (0, 0))
    for _ in range(2):
        fill(run, (1, 1))
        run.submit()
    assert run.record.outcome is Outcome.LOST
    run_for(run, LOSS_PAUSE_S + 0.2)
    assert run.finished and Cue.LOSE in run.take_cues()


def test_breaker__time_counts_while_playing_and_stops_when_over():
    run = new_run()
    run_for(run, 2.0, dt=0.1)
    fill(run, SECRET)
    run.submit()
    run_for(run, 3.0, dt=0.1)
    assert abs(run.record.elapsed_s - 2.0) < 1e-9


def test_breaker__a_hint_marks_the_game_assisted_and_fills_the_row_undoably():
    run = new_run()
    run.type_colour(5)
    assert not run.record.assisted
    run.take_hint((1, 1, 2, 2))
    assert run.record.assisted and run.draft == [1, 1, 2, 2]
    assert run.undo() and run.draft == [5, None, None, None]


def test_breaker__snapshot_keeps_the_half_filled_row_and_a_new_run_takes_it_back():
    run = new_run()
    fill(run, (3, 4, 4, 4))
    run.submit()
    run.type_colour(2)
    saved = run.snapshot()
    again = BreakerRun(GameRecord.from_dict(saved.to_dict()))
    assert again.draft == [2, None, None, None] and again.record.played_by == (Player.PLAYER,)


def test_breaker__reduced_motion_pegs_appear_whole():
    run = new_run(motion=Motion(reduced=True))
    run.type_colour(1)
    track = run.snap_track(0)
    assert track is not None and track.value == 1.0


def test_breaker__reveal_ends_the_game_at_once():
    run = new_run()
    run.reveal()
    assert run.finished and run.record.outcome is Outcome.REVEALED
    assert run.take_cues() == (Cue.REVEAL,)


def test_breaker__resumable_answers_as_the_snapshot_would_at_every_step():
    """The playing screen asks every frame whether the game is worth keeping without making a
    snapshot; a seeded random game of every intent (typing, clearing, undoing, submitting, time,
    revealing) must get the snapshot's own answer after each step."""
    rng = random.Random(5)
    for game in range(40):
        run = new_run(secret=tuple(rng.randrange(6) for _ in range(4)))
        for _ in range(60):
            move = rng.choice(("type", "type", "type", "clear", "undo", "submit", "time", "reveal"))
            if move == "type":
                run.type_colour(rng.randrange(6))
            elif move == "clear":
                run.clear_row()
            elif move == "undo":
                run.undo()
            elif move == "submit":
                run.submit()
            elif move == "time":
                run_for(run, 0.5)
            elif move == "reveal" and rng.random() < 0.05:
                run.reveal()
            assert run.resumable == run.snapshot().resumable, (game, move)
