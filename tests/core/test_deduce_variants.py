"""Deduce boards of the variants with codes of their own (digits: Bulls and Cows; words; word marks):
checked by brute force over every secret of the variant to have exactly one answer, every row needed;
the word levels' rows are words of the answer list."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from game.core.deduce import DeduceError, Puzzle, daily_puzzle, deduce_score, level, practice_puzzle
from game.core.variants import variant_from_text
from game.core.wordlists import word_lists


def every_secret(level_name: str) -> list[tuple[int, ...]]:
    if level_name == "digits":
        return list(itertools.permutations(range(10), 4))
    return [tuple(int(v) for v in row) for row in word_lists().answers.codes]


def fitting(puzzle: Puzzle, rows) -> list[tuple[int, ...]]:
    variant = variant_from_text(level(puzzle.level).variant)
    return [
        s
        for s in every_secret(puzzle.level)
        if all(tuple(variant.score(g, s)) == tuple(fb) for g, fb in rows)
    ]


@pytest.mark.parametrize("name", ["digits", "words", "marks"])
def test_deduce_variant__boards_have_one_answer_and_need_every_row_by_brute_force(name):
    today = dt.date(2026, 11, 30)
    puzzles = [practice_puzzle(name, number) for number in range(4)] + [daily_puzzle(name, today, today)]
    for puzzle in puzzles:
        assert fitting(puzzle, puzzle.rows) == [puzzle.secret]
        for i in range(len(puzzle.rows)):
            assert len(fitting(puzzle, puzzle.rows[:i] + puzzle.rows[i + 1 :])) > 1
        assert all(puzzle.config.is_legal(guess) for guess, _ in puzzle.rows)  # words of the list
        if name != "digits":  # rows a player knows: every one an answer
            assert all(guess in every_secret(name) for guess, _ in puzzle.rows)
        assert Puzzle.from_dict(puzzle.to_dict()) == puzzle
        assert puzzle.start_state().turn == len(puzzle.rows)
    assert practice_puzzle(name, 2) == puzzles[2]  # the same number, the same board
    assert deduce_score(name, 1, 0.0) > deduce_score(name, 2, 0.0) > 0


def test_deduce_variant__a_marks_row_is_written_as_its_marks_and_a_wrong_grade_is_refused():
    puzzle = practice_puzzle("marks", 1)
    data = puzzle.to_dict()
    variant = variant_from_text(level("marks").variant)
    assert [row["grade"] for row in data["rows"]] == [variant.grade_text(fb) for _, fb in puzzle.rows]
    wrong = "22222" if data["rows"][0]["grade"] != "22222" else "00000"
    data["rows"][0] = {"guess": data["rows"][0]["guess"], "grade": wrong}
    with pytest.raises(DeduceError, match="row 1"):
        Puzzle.from_dict(data)
