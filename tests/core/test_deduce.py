"""Deduce (game.core.deduce, game.core.deducedeal): dealt boards have exactly one fitting code, no
given row is the secret and every row is needed (brute force at 4x6, an independent numpy scorer at
5x8, the engine's whole-space count at 5x8 and 6x9); seeds reproduce; the text form round-trips and
refuses tampering with a reason; the dealer's steps stay within the solvers' work bound."""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import deducedeal
from game.core.codes import Feedback, code_index, code_to_text, decode, score, score_many
from game.core.deduce import (
    LEVELS,
    MAX_NUMBER,
    DeduceError,
    Puzzle,
    check_puzzle,
    daily_puzzle,
    daily_puzzle_steps,
    deduce_score,
    level,
    narrowing_steps,
    practice_puzzle,
    practice_puzzle_steps,
    stars,
    tries_taken,
)
from game.core.headtail import WORK_PER_YIELD
from game.core.solver import Progress, run
from game.core.space import consistent_indices, count_consistent
from game.core.state import Guess, Outcome, apply_move

DAY = dt.date(2026, 11, 23)
TODAY = dt.date(2026, 12, 31)


@functools.lru_cache(maxsize=32)
def practice(name: str, number: int) -> Puzzle:
    return practice_puzzle(name, number)


@functools.lru_cache(maxsize=16)
def daily(name: str, day: dt.date) -> Puzzle:
    return daily_puzzle(name, day, TODAY)


def fitting_by_brute_force(rows, pegs: int, colours: int) -> list[tuple[int, ...]]:
    """Every code of the space that gives each row its grade, with the scalar score()."""
    return [
        code
        for code in itertools.product(range(colours), repeat=pegs)
        if all(score(guess, code) == grade for guess, grade in rows)
    ]


def test_deduce_board__4x6_has_one_fitting_code_and_needs_every_row_by_brute_force():
    puzzles = [practice("4x6", n) for n in range(8)] + [daily("4x6", DAY)]
    for puzzle in puzzles:
        rows = puzzle.rows
        assert fitting_by_brute_force(rows, 4, 6) == [puzzle.secret]
        assert all(guess != puzzle.secret for guess, _ in rows)
        for i in range(len(rows)):
            assert len(fitting_by_brute_force(rows[:i] + rows[i + 1 :], 4, 6)) > 1, (puzzle, i)


def test_deduce_board__5x8_has_one_fitting_code_by_an_independent_numpy_scorer():
    everything = decode(np.arange(8**5), 5, 8)
    for number in range(3):
        puzzle = practice("5x8", number)
        fits = [
            score_many(guess, everything, 8) == grade.black * 6 + grade.white for guess, grade in puzzle.rows
        ]
        assert np.flatnonzero(np.logical_and.reduce(fits)).tolist() == [code_index(puzzle.secret, 8)]
        for i in range(len(fits)):
            assert np.count_nonzero(np.logical_and.reduce(fits[:i] + fits[i + 1 :])) > 1
        assert all(guess != puzzle.secret for guess, _ in puzzle.rows)


@pytest.mark.parametrize("name", ["5x8", "6x9"])
def test_deduce_board__has_one_fitting_code_over_the_whole_space_by_the_engine_count(name):
    lv = level(name)
    for puzzle in (practice(name, 11), practice(name, 12), daily(name, DAY)):
        config = puzzle.config
        assert lv.min_rows <= len(puzzle.rows) <= lv.max_rows
        assert consistent_indices(config, puzzle.rows).tolist() == [code_index(puzzle.secret, lv.colours)]
        for i in range(len(puzzle.rows)):
            assert count_consistent(config, puzzle.rows[:i] + puzzle.rows[i + 1 :]) > 1
        assert all(guess != puzzle.secret for guess, _ in puzzle.rows)


def test_deduce_board__rows_fall_in_each_levels_range_and_every_row_narrows():
    for lv in LEVELS[:2]:
        for number in range(6):
            puzzle = practice(lv.name, number)
            assert lv.min_rows <= len(puzzle.rows) <= lv.max_rows
            space = lv.colours**lv.pegs
            for guess, _ in puzzle.rows:
                assert count_consistent(puzzle.config, [(guess, score(guess, puzzle.secret))]) < space


def test_deduce_daily__same_date_same_puzzle_another_date_another():
    for lv in LEVELS[:2]:
        first = daily_puzzle(lv.name, DAY, TODAY)
        assert daily_puzzle(lv.name.upper(), DAY, DAY) == first
        assert first.day == DAY and first.number is None and first.is_daily
        others = [daily(lv.name, DAY + dt.timedelta(days=k)) for k in (1, 2, 3)]
        assert all((p.secret, p.rows) != (first.secret, first.rows) for p in others)
    assert daily("6x9", DAY) == daily_puzzle("6x9", DAY, TODAY)
    assert daily("6x9", DAY + dt.timedelta(days=1)).rows != daily("6x9", DAY).rows


def test_deduce_daily__refuses_a_day_after_today_and_a_datetime():
    with pytest.raises(DeduceError, match="not out yet"):
        daily_puzzle_steps("4x6", DAY + dt.timedelta(days=1), DAY)
    noon = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
    with pytest.raises(DeduceError, match="calendar date"):
        daily_puzzle_steps("4x6", noon, DAY)
    with pytest.raises(DeduceError, match="levels are"):
        daily_puzzle_steps("7x7", DAY, DAY)


def test_deduce_practice__a_number_deals_the_same_board_and_numbers_differ():
    boards = [practice_puzzle("4x6", n) for n in range(6)]
    assert boards == [practice("4x6", n) for n in range(6)]
    assert len({(p.secret, p.rows) for p in boards}) == 6
    assert all(p.number == n and p.day is None for n, p in enumerate(boards))
    for bad in (-1, MAX_NUMBER + 1, 1.5, True, "3"):
        with pytest.raises(DeduceError):
            practice_puzzle_steps("4x6", bad)


def test_deduce_practice__a_fresh_process_deals_the_same_board():
    probe = (
        "import json; from game.core.deduce import practice_puzzle; "
        "print(json.dumps(practice_puzzle('4x6', 7).to_dict()))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout == json.dumps(practice("4x6", 7).to_dict()) + "\n"


def test_deduce_deal__same_board_whatever_the_step_size(monkeypatch):
    expected = practice("5x8", 3)
    monkeypatch.setattr(deducedeal, "WORK_PER_YIELD", WORK_PER_YIELD // 7)
    assert practice_puzzle("5x8", 3) == expected


@pytest.mark.parametrize("name", ["5x8", "6x9"])
def test_deduce_deal__steps_stay_within_the_solvers_work_bound(name):
    config = level(name).config
    steps = practice_puzzle_steps(name, 5)
    progress: list[Progress] = []
    try:
        while True:
            progress.append(next(steps))
    except StopIteration as stop:
        puzzle = stop.value
    weighed = decoded = 0
    for before, after in itertools.pairwise([Progress(0, 0)] + progress):
        if after.note == "weighing guesses":
            cells = after.done - (before.done if before.note == after.note else 0)
            assert 0 < cells * deducedeal.cell_cost(config) <= WORK_PER_YIELD
            weighed += cells
        elif after.note == "reading codes":
            codes = after.done - (before.done if before.note == after.note else 0)
            assert 0 < codes * deducedeal.decode_cost(config) <= WORK_PER_YIELD
            decoded += codes
    assert weighed and decoded
    own_work = weighed * deducedeal.cell_cost(config) + decoded * deducedeal.decode_cost(config)
    assert len(progress) >= own_work // WORK_PER_YIELD
    assert puzzle.level == name


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    number=st.integers(0, MAX_NUMBER),
    day=st.one_of(st.none(), st.dates(dt.date(2000, 1, 1), TODAY)),
)
def test_deduce_puzzle__to_dict_from_dict_round_trips_through_json(number, day):
    puzzle = daily_puzzle("4x6", day, TODAY) if day else practice_puzzle("4x6", number)
    text = json.dumps(puzzle.to_dict())
    back = Puzzle.from_dict(json.loads(text), today=TODAY)
    assert back == puzzle
    assert json.dumps(back.to_dict()) == text


def tampered(puzzle: Puzzle, change) -> dict:
    data = json.loads(json.dumps(puzzle.to_dict()))
    change(data)
    return data


def set_row(data: dict, i: int, guess: str, black: int, white: int) -> None:
    data["rows"][i] = {"guess": guess, "black": black, "white": white}


def regrade(data: dict, i: int) -> None:
    guess = data["rows"][i]["guess"]
    fb = score(tuple(int(c) for c in guess), tuple(int(c) for c in data["secret"]))
    set_row(data, i, guess, fb.black, fb.white)


TAMPERING = {
    "a grade that is not the secret's": (
        lambda d: d["rows"][0].update(white=(d["rows"][0]["white"] + 1) % 3),
        "against the secret it scores",
    ),
    "a row equal to the secret": (lambda d: set_row(d, 0, d["secret"], 4, 0), "is the secret itself"),
    "a row dropped": (lambda d: d["rows"].pop(1), r"codes fit these rows \(\d{4} as well"),
    "a guess repeated": (lambda d: d["rows"].append(dict(d["rows"][0])), "repeats an earlier row"),
    "a row too many": (lambda d: d["rows"].extend([d["rows"][0]] * 6), "1 to 6 rows"),
    "a colour out of range": (lambda d: d["rows"][0].update(guess="0096"), "row 1: colours here are 0-5"),
    "a short secret": (lambda d: d.update(secret="012"), "the secret: a code here has 4 pegs"),
    "an unknown level": (lambda d: d.update(level="4x7"), "levels are 4x6, 5x8, 6x9"),
    "a day and a number": (lambda d: d.update(number=3), "either a puzzle of the day"),
    "a day after today": (lambda d: d.update(day="2027-01-01"), "not out yet"),
    "a day badly written": (lambda d: d.update(day="20261123"), "YYYY-MM-DD"),
    "an extra field": (lambda d: d.update(extra=1), "'extra' is off"),
    "another version": (lambda d: d.update(version=2), "version 1"),
    "a grade that is not a number": (lambda d: d["rows"][0].update(black="1"), "black is a whole number"),
}


@pytest.mark.parametrize("what", TAMPERING)
def test_deduce_from_dict__refuses_a_tampered_puzzle_with_its_reason(what):
    change, reason = TAMPERING[what]
    with pytest.raises(DeduceError, match=reason):
        Puzzle.from_dict(tampered(daily("4x6", DAY), change), today=TODAY)


def test_deduce_from_dict__refuses_a_row_that_is_not_needed_and_names_it():
    puzzle = daily("4x6", DAY)
    given = {guess for guess, _ in puzzle.rows} | {puzzle.secret}
    extra = next(code for code in itertools.product(range(6), repeat=4) if code not in given)
    # An honest extra row in front: the original rows alone already leave only the secret.
    data = tampered(
        puzzle, lambda d: d["rows"].insert(0, {"guess": code_to_text(extra), "black": 0, "white": 0})
    )
    regrade(data, 0)
    Puzzle.from_dict(data, whole_space=False)  # the cheap checks pass: every grade is the secret's
    with pytest.raises(DeduceError, match="row 1 is not needed"):
        Puzzle.from_dict(data)


def test_deduce_from_dict__without_the_whole_space_check_a_separate_check_still_catches_it():
    data = tampered(practice("5x8", 11), lambda d: d["rows"].pop(0))
    puzzle = Puzzle.from_dict(data, whole_space=False)
    with pytest.raises(DeduceError, match="codes fit these rows"):
        check_puzzle(puzzle)


def test_deduce_start_state__given_rows_played_then_tries_graded_like_any_guess():
    puzzle = practice("4x6", 2)
    state = puzzle.start_state()
    assert [(row.guess, row.feedback) for row in state.rows] == list(puzzle.rows)
    assert state.outcome is Outcome.PLAYING and state.config.turns - len(state.rows) == puzzle.tries == 4
    wrong = [code for code in itertools.product(range(6), repeat=4) if code != puzzle.secret][: puzzle.tries]
    lost = state
    for n, code in enumerate(wrong, start=1):
        lost = apply_move(lost, Guess(code))
        assert lost.rows[-1].feedback == score(code, puzzle.secret) and tries_taken(puzzle, lost) == n
    assert lost.outcome is Outcome.LOST
    won = apply_move(apply_move(state, Guess(wrong[0])), Guess(puzzle.secret))
    assert won.outcome is Outcome.WON and stars(tries_taken(puzzle, won)) == 2


def test_deduce_stars__one_try_three_two_tries_two_more_one():
    assert [stars(n) for n in range(1, 7)] == [3, 2, 1, 1, 1, 1]
    for bad in (0, -1, 1.0, True):
        with pytest.raises(DeduceError):
            stars(bad)


def test_deduce_levels__boards_leave_the_tries_after_the_given_rows():
    assert [lv.name for lv in LEVELS] == ["4x6", "5x8", "6x9"]
    for lv in LEVELS:
        assert (lv.config.pegs, lv.config.colours, lv.config.duplicates) == (lv.pegs, lv.colours, True)
        assert lv.config.turns == lv.max_rows + lv.tries
        assert lv.config_for(lv.min_rows).turns == lv.min_rows + lv.tries
    assert level("6X9") is LEVELS[2]


def test_deduce_score__falls_with_tries_and_time_and_rises_with_the_level():
    for name in ("4x6", "5x8", "6x9"):
        by_tries = [deduce_score(name, tries, 30.0) for tries in (1, 2, 3, 4)]
        assert by_tries[0] > by_tries[1] > by_tries[2] == by_tries[3] > 0
        by_time = [deduce_score(name, 1, seconds) for seconds in (0.0, 30.0, 120.0, 3600.0)]
        assert by_time == sorted(by_time, reverse=True) and by_time[0] > by_time[-1]
    assert deduce_score("4x6", 1, 60.0) < deduce_score("5x8", 1, 60.0) < deduce_score("6x9", 1, 60.0)
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(DeduceError):
            deduce_score("4x6", 1, bad)


def test_deduce_puzzle__constructor_refuses_a_wrong_grade_with_the_row_number():
    puzzle = practice("4x6", 1)
    guess, grade = puzzle.rows[-1]
    bad = puzzle.rows[:-1] + ((guess, Feedback(grade.black, grade.white + 1)),)
    with pytest.raises(DeduceError, match=f"row {len(puzzle.rows)} "):
        Puzzle("4x6", puzzle.secret, bad, number=1)


def test_deduce_narrowing__counts_the_codes_fitting_each_prefix_of_the_rows_by_brute_force():
    for number in (3, 4):
        puzzle = practice("4x6", number)
        counts = run(narrowing_steps(puzzle))
        expected = [
            len(fitting_by_brute_force(puzzle.rows[:i], 4, 6)) for i in range(1, len(puzzle.rows) + 1)
        ]
        assert list(counts) == expected and counts[-1] == 1
        assert all(a > b for a, b in itertools.pairwise((6**4,) + counts))
