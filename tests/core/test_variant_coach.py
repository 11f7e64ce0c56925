"""The coach's core facts and hard mode for the variants with symbols of their own: Why-not names a
word or a number in its own symbols and grade words, a word outside the list is refused before hard
mode's reason, and every fact shown holds for every code still possible (brute force)."""

from __future__ import annotations

import itertools
import random

import pytest

from game.core.config import GameConfig
from game.core.facts import FactKind, what_we_know
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.whynot import why_not
from game.core.wordlists import word_code, word_lists
from game.play.breaker import BreakerRun
from game.play.record import GameRecord, Player


def test_why_not__speaks_the_variants_symbols_and_grades():
    digits = GameConfig(variant=BullsAndCowsVariant(4))
    history = (((0, 1, 2, 3), BullsAndCowsVariant(4).score((0, 1, 2, 3), (4, 0, 7, 1))),)
    reason = why_not(digits, history, (9, 8, 7, 6))
    assert reason.text() == (
        "if the number were 9876, row 1 would have been graded 0 bulls 0 cows; it got 0 bulls 2 cows"
    )
    marks = GameConfig(variant=WordMarksVariant())
    history = ((word_code("slate"), WordMarksVariant().score(word_code("slate"), word_code("crane"))),)
    assert why_not(marks, history, word_code("crane")) is None
    assert why_not(marks, history, word_code("plate")).text() == (
        "if the word were PLATE, row 1 would have been graded absent, right place, right place, right place, "
        "right place; it got absent, absent, right place, absent, right place"
    )


@pytest.mark.parametrize("variant", [WordVariant(), WordMarksVariant()], ids=["words", "word-marks"])
def test_hard_mode__a_word_game_refuses_words_outside_the_list_then_words_that_cannot_be_the_secret(variant):
    config = GameConfig(variant=variant)
    record = GameRecord.new(config, word_code("crane")).played(word_code("slate"), Player.PLAYER)
    run = BreakerRun(record, hard=True)
    run.draft = list(word_code("qxzzy"))
    assert run.submit_problem() == "QXZZY is not in the word list"
    history = record.game.history
    answers = [tuple(int(v) for v in row) for row in word_lists().answers.codes]
    for code in random.Random(1).sample(answers, 150) + [word_code("crane")]:
        run.draft = list(code)
        fits = all(variant.score(guess, code) == got for guess, got in history)
        problem = run.submit_problem()
        assert (problem is None) == fits
        assert fits or problem.startswith("hard mode: if the word were ")


@pytest.mark.parametrize("variant", [WordVariant(), WordMarksVariant(), BullsAndCowsVariant(4)])
def test_facts__every_fact_holds_for_every_code_still_possible_and_fixed_places_are_all_found(variant):
    config = GameConfig(variant=variant)
    if variant.listed:
        every = [tuple(int(v) for v in row) for row in word_lists().answers.codes]
        guesses = [word_code(w) for w in ("crane", "moist", "lousy", "pudgy")]
    else:
        every = list(itertools.permutations(range(10), 4))
        guesses = [(0, 1, 2, 3), (4, 5, 6, 7), (1, 3, 5, 8)]
    rng = random.Random(9)
    for _ in range(6):
        secret = rng.choice(every)
        history = tuple((g, variant.score(g, secret)) for g in guesses[: rng.randint(1, len(guesses))])
        left = [c for c in every if all(variant.score(g, c) == fb for g, fb in history)]
        known = what_we_know(config, history)
        assert known.possible == len(left)
        for fact in known.facts:
            count = [c.count(fact.colour) for c in left]
            if fact.kind is FactKind.FIXED:
                assert all(c[fact.place] == fact.colour for c in left)
            elif fact.kind is FactKind.ABSENT:
                assert max(count) == 0
            elif fact.kind is FactKind.EXACTLY:
                assert min(count) == max(count) == fact.count
            else:
                assert min(count) == fact.count < max(count)
            assert fact.text(config)  # in the variant's own symbols, never a colour key past 0
        fixed = {(f.place, f.colour) for f in known.facts if f.kind is FactKind.FIXED}
        for place in range(config.pegs):
            letters = {c[place] for c in left}
            if len(letters) == 1 and len(left) > 1:
                assert (place, letters.pop()) in fixed
