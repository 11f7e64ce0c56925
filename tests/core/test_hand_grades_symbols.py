"""Hand grades of words and numbers checked against brute force: check_grade counts the answers (or
numbers) that fit every row as a brute-force filter does, and a grade nothing fits is explained by
earlier rows that brute force confirms contradict it, none of them spare when it says so, in the
game's own nouns ("no word in the list fits", "no number fits")."""

from __future__ import annotations

import itertools
import random

import pytest

from game.core.analysis import check_grade
from game.core.config import GameConfig
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.wordlists import word_lists
from tests.screens.test_word_games import counted_grade
from tests.screens.test_word_maker import reference_marks


def every_code(config: GameConfig) -> list[tuple[int, ...]]:
    if config.variant.listed:
        lists = word_lists()
        return [lists.answer(rank) for rank in range(len(lists.answers))]
    return list(itertools.permutations(range(10), config.pegs))


def reference(config: GameConfig):
    """The grade by counting, independent of the game's graders."""
    return reference_marks if config.variant.marks_by_place else counted_grade


def fit(rows, grade_of, codes) -> list:
    return [c for c in codes if all(tuple(grade_of(g, c)) == tuple(int(n) for n in fb) for g, fb in rows)]


CASES = [
    (GameConfig(variant=WordVariant()), "no word in the list fits"),
    (GameConfig(variant=WordMarksVariant()), "no word in the list fits"),
    (GameConfig(variant=BullsAndCowsVariant(4)), "no number fits"),
]


@pytest.mark.parametrize(("config", "said"), CASES, ids=["words", "word-marks", "bulls-and-cows"])
def test_check_grade__counts_and_contradictions_match_brute_force(config, said) -> None:
    variant, grade_of = config.variant, reference(config)
    codes = every_code(config)
    rng = random.Random(5)
    conflicts = 0
    for trial in range(10):
        secret = rng.choice(codes)
        rows = [(g, variant.grade(*grade_of(g, secret))) for g in rng.sample(codes, rng.randint(2, 5))]
        guess = rng.choice(codes)
        # the grade some code gives this guess: every other time a code the rows rule out
        fitting = set(fit(rows, grade_of, codes))
        other = rng.choice(codes if trial % 2 else [c for c in codes if c not in fitting])
        grade = variant.grade(*grade_of(guess, other))
        result = check_grade(config, rows, guess, grade)
        left = fit([*rows, (guess, grade)], grade_of, codes)
        assert result.possible == len(left)
        if left:
            assert result.conflict is None
            continue
        conflicts += 1
        conflict = result.conflict
        named = [rows[r] for r in conflict.rows]
        assert not fit([*named, (guess, grade)], grade_of, codes)  # the rows named do contradict it
        if conflict.smallest:  # and none of them is spare
            for r in range(len(named)):
                assert fit([*named[:r], *named[r + 1 :], (guess, grade)], grade_of, codes)
        assert said in conflict.message
    assert conflicts  # the draw above does make grades nothing fits
