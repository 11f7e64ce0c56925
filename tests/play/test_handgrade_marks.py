"""HandGradeRun graded a mark a letter (word marks), without pygame: each letter's mark is set and
turned on its own within absent..right place, the counts a grade of colours has do not apply, undo
brings a row's marks back, and a game graded truly ends with the word (marks by brute force)."""

from __future__ import annotations

import random

from game.core import strategies
from game.core.config import GameConfig
from game.core.variants.wordmarks import WordMarksVariant
from game.core.wordlists import word_code
from game.play.handgrade import Ending, HandGradeRun
from game.tables import bind
from tests.screens.test_word_maker import reference_marks

MARKS = GameConfig(variant=WordMarksVariant())


def new_run(seed: int = 3) -> HandGradeRun:
    run = HandGradeRun(MARKS, bind(strategies.get("entropy")), random.Random(seed))
    run.finish_pending()
    return run


def test_marks__each_letter_turns_on_its_own_within_the_three_marks() -> None:
    run = new_run()
    assert run.by_place and run.pending == (0, 0, 0, 0, 0)
    run.cycle_peg(2)
    run.cycle_peg(2)
    assert run.pending == (0, 0, 2, 0, 0)
    run.cycle_peg(2)  # right place turns back to absent
    run.cycle_mark(4, -1)  # and absent back to right place
    assert run.pending == (0, 0, 0, 0, 2)
    run.set_mark(0, 7)  # at most right place
    run.set_count("letter 2", 1)  # a stepper's setting is the letter's mark
    assert run.pending == (2, 1, 0, 0, 2)
    assert not run.can_add("letter 1") and run.can_add("letter 2") and run.can_add("letter 3")
    run.step_count("letter 1", +1)  # already right place: stays
    run.step_count("letter 3", -1)  # already absent: stays
    assert run.pending == (2, 1, 0, 0, 2)
    run.clear_grade()
    assert run.pending == (0, 0, 0, 0, 0)


def test_marks__true_marks_find_the_word_and_undo_brings_a_rows_marks_back() -> None:
    secret = word_code("sleep")
    run = new_run(7)
    for _ in range(MARKS.turns):
        if run.over:
            break
        marks = reference_marks(run.guess, secret)
        for place, mark in enumerate(marks):
            run.set_mark(place, mark)
        rows = len(run.game.rows)
        assert run.confirm()
        run.finish_pending()
        assert len(run.game.rows) == rows + 1, run.refusal
    assert run.ending is Ending.SOLVED and run.found_code == secret
    last = tuple(run.game.rows[-1].feedback)
    assert run.undo() and run.pending == last and not run.over
