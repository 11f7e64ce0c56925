"""HandGradeRun without pygame over many seeded secrets: checks, refusals naming rows, undo, endings."""

from __future__ import annotations

import itertools
import random

from game.core import strategies
from game.core.analysis import count_possible
from game.core.codes import Feedback, score
from game.core.config import GameConfig
from game.play.handgrade import CHECK_GRADES, Ending
from game.play.handgrade import HandGradeRun as _Run
from game.tables import bind


def HandGradeRun(config: GameConfig, strategy: str, rng: random.Random) -> _Run:  # noqa: N802
    return _Run(config, bind(strategies.get(strategy)), rng)


def grade(run: _Run, feedback: Feedback) -> bool:
    """Set and confirm a grade, then let the check (and the next guess) finish. True if accepted."""
    rows = len(run.game.rows)
    run.set_black(feedback.black)
    run.set_white(feedback.white)
    run.confirm()
    run.finish_pending()
    return len(run.game.rows) == rows + 1


def test_handgrade__correct_grades_end_with_the_secret() -> None:
    rng = random.Random(2024)
    for strategy, config in itertools.product(("random", "lowest"), (GameConfig(4, 6), GameConfig(3, 5))):
        for _ in range(12):
            secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
            run = HandGradeRun(config, strategy, random.Random(rng.random()))
            run.finish_pending()
            while not run.over:
                assert grade(run, score(run.guess, secret)), run.refusal
            assert run.ending is Ending.SOLVED
            assert run.game.rows[-1].guess == secret
            assert len(run.game.rows) <= config.turns


def test_handgrade__grade_leaving_no_code_is_refused_naming_rows() -> None:
    config = GameConfig(4, 6)
    run = HandGradeRun(config, "lowest", random.Random(1))
    run.finish_pending()
    secret = (0, 1, 2, 3)  # lowest plays 0000 (1B0W), 0111 (2B0W), then 0122
    first = run.guess
    assert grade(run, score(first, secret))
    second = run.guess
    assert grade(run, score(second, secret))
    rows_before = run.game.rows
    # A grade for the third guess that some code allows alone but none together with rows 1 and 2.
    third = run.guess
    bad = next(
        Feedback(b, w)
        for b in range(config.pegs + 1)
        for w in range(config.pegs + 1 - b)
        if (b, w) != (config.pegs - 1, 1)
        and count_possible(config, [(third, Feedback(b, w))]) > 0
        and count_possible(config, list(run.game.history) + [(third, Feedback(b, w))]) == 0
    )
    assert not grade(run, bad)
    assert run.game.rows == rows_before  # never reached the game state
    assert run.refusal is not None and "contradicts row" in run.refusal
    assert run.conflict_rows and set(run.conflict_rows) <= {0, 1}
    assert "Refused" in run.message() and f"row {run.conflict_rows[0] + 1}" in run.message()
    # The right grade is then accepted.
    assert grade(run, score(third, secret))


def test_handgrade__impossible_grade_shape_is_refused() -> None:
    run = HandGradeRun(GameConfig(4, 6), "lowest", random.Random(1))
    run.finish_pending()
    assert not grade(run, Feedback(3, 1))
    assert "cannot happen" in run.refusal


def test_handgrade__undo_takes_back_the_last_grade() -> None:
    config = GameConfig(4, 6)
    run = HandGradeRun(config, "random", random.Random(5))
    run.finish_pending()
    secret = (0, 1, 2, 3)
    first = run.guess
    assert grade(run, score(first, secret))
    assert run.undo()
    assert run.game.rows == () and run.guess == first and run.pending == score(first, secret)
    assert not run.undo()
    # A wrong grade, noticed later and undone, then the game is finished with honest grades.
    assert grade(run, wrong_but_possible(config, (), first, secret))
    assert run.undo()
    assert run.guess == first
    while not run.over:
        assert grade(run, score(run.guess, secret))
    assert run.ending is Ending.SOLVED and run.game.rows[-1].guess == secret


def wrong_but_possible(config: GameConfig, history, guess, secret) -> Feedback:
    """A grade other than the true one that still leaves some code possible."""
    true = score(guess, secret)
    for b in range(config.pegs + 1):
        for w in range(config.pegs + 1 - b):
            fb = Feedback(b, w)
            if fb != true and (b, w) != (config.pegs - 1, 1) and b != config.pegs:
                if count_possible(config, list(history) + [(guess, fb)]) > 0:
                    return fb
    raise AssertionError("every other grade leaves no code")


def test_handgrade__wrong_grade_that_leaves_codes_ends_asking_to_check() -> None:
    rng = random.Random(77)
    config = GameConfig(4, 6)
    endings = set()
    for game in range(16):
        secret = tuple(rng.randrange(6) for _ in range(4))
        run = HandGradeRun(config, "random" if game % 2 else "lowest", random.Random(game))
        run.finish_pending()
        wrong_at = rng.randrange(2)
        refusals = 0
        while not run.over:
            if len(run.game.rows) == wrong_at:
                assert grade(run, wrong_but_possible(config, run.game.history, run.guess, secret))
            elif not grade(run, score(run.guess, secret)):
                # The honest grade contradicts the wrong one: refused with rows named; the player stops.
                refusals += 1
                assert "contradicts" in run.refusal or "cannot happen" in run.refusal
                run.give_up()
        assert run.ending in (Ending.GAVE_UP, Ending.OUT_OF_TURNS)
        assert CHECK_GRADES in run.message()
        endings.add(run.ending)
    assert Ending.GAVE_UP in endings
