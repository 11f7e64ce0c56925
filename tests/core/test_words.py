"""The word variants: both gradings against brute-force references (repeated letters included),
words outside the list refused with the reason, their stored forms (text, config, game numbers,
saves), the listed space against brute force, and the strategies over the answers."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.codes import CodeError, colour_counts
from game.core.config import GameConfig
from game.core.gamenumber import game_number, parse_game_number
from game.core.solver import run
from game.core.space import consistent_indices, count_consistent, partition_over_space
from game.core.strategies import get
from game.core.strategies.walk import walk
from game.core.variants import (
    GradeError,
    grade_from_numbers,
    grade_words,
    variant_from_name,
    variant_from_text,
)
from game.core.variants.wordmarks import Marks, WordMarksVariant, marks_between
from game.core.variants.words import WordVariant
from game.core.wordlists import code_word, word_code, word_lists
from game.play.record import GameRecord, Player
from game.tables import bind

WORDS, MARKS = WordVariant(), WordMarksVariant()
# few letters, so repeats are common
letter_codes = st.tuples(*[st.integers(0, 3)] * 5) | st.tuples(*[st.integers(0, 25)] * 5)


def brute_black_white(guess: tuple, secret: tuple) -> tuple[int, int]:
    """Black: equal places. White: the most pairs of an open guess place and an open secret place of
    the same letter, each place in one pair at most, found by trying every order of the secret's."""
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    open_guess = [g for g, s in zip(guess, secret, strict=True) if g != s]
    open_secret = [s for g, s in zip(guess, secret, strict=True) if g != s]
    white = max(
        (
            sum(g == s for g, s in zip(open_guess, order, strict=False))
            for order in itertools.permutations(open_secret)
        ),
        default=0,
    )
    return black, white


def brute_marks(guess: tuple, secret: tuple) -> tuple[int, ...]:
    """Right place where equal; else elsewhere when fewer copies of the letter stand before it, among
    the guess's places that are not right, than the secret has at places that are not right."""
    right = [g == s for g, s in zip(guess, secret, strict=True)]
    out = []
    for i, letter in enumerate(guess):
        if right[i]:
            out.append(2)
            continue
        earlier = sum(1 for j in range(i) if guess[j] == letter and not right[j])
        free = sum(1 for j, s in enumerate(secret) if s == letter and not right[j])
        out.append(1 if earlier < free else 0)
    return tuple(out)


@settings(max_examples=400, deadline=None)
@given(letter_codes, letter_codes)
def test_words__grading_over_letters_is_the_brute_force_one_with_repeated_letters(guess, secret):
    assert tuple(WORDS.score(guess, secret)) == brute_black_white(guess, secret)
    assert tuple(MARKS.score(guess, secret)) == brute_marks(guess, secret)
    g, s = np.asarray([guess], dtype=np.uint8), np.asarray([secret], dtype=np.uint8)
    packed = WORDS.grades_between(g, colour_counts(g, 26), s, colour_counts(s, 26))[0, 0]
    assert WORDS.unpack(int(packed)) == WORDS.score(guess, secret)
    assert MARKS.unpack(int(marks_between(g, s)[0, 0])) == MARKS.score(guess, secret)
    grade = MARKS.score(guess, secret)
    assert (
        MARKS.grade_from_text(MARKS.grade_text(grade)) == grade and MARKS.unpack(MARKS.pack(grade)) == grade
    )


def test_words__marks_resolve_repeated_letters_left_to_right_after_the_exact_ones():
    assert MARKS.score(word_code("speed"), word_code("abide")) == Marks(0, 0, 1, 0, 1)  # one e is free
    assert MARKS.score(word_code("eerie"), word_code("there")) == Marks(1, 0, 1, 0, 2)
    assert MARKS.score(word_code("lolly"), word_code("hello")) == Marks(0, 1, 2, 2, 0)  # no l left
    assert WORDS.score(word_code("lolly"), word_code("hello")) == (2, 1)
    with pytest.raises(GradeError, match="cannot happen"):
        MARKS.check_grade((2, 2, 2, 2, 1))


def test_words__a_guess_not_in_the_list_is_refused_with_the_reason():
    for variant in (WORDS, MARKS):
        config = GameConfig(variant=variant)
        assert config.check_code(word_code("crane")) == word_code("crane")
        with pytest.raises(CodeError, match="^QXZZY is not in the word list$"):
            config.check_code(word_code("qxzzy"))
        assert not variant.accepts(word_code("aaaaa")) and variant.why_not(word_code("years")) is None
        assert variant.code_symbols(word_code("crane")) == "crane"


def test_words__lists_hold_the_answers_inside_the_allowed_words_sorted():
    lists = word_lists()
    assert len(lists.answers) == 2000 and len(lists.allowed) > 10_000
    assert lists.allowed.contains(lists.answers.indices).all()
    assert (np.diff(lists.answers.indices) > 0).all() and (np.diff(lists.allowed.indices) > 0).all()


@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
def test_words__variants_read_back_from_text_config_numbers_and_saves(variant):
    config = GameConfig(variant=variant)
    assert (config.pegs, config.colours, config.duplicates) == (5, 26, True)
    assert (
        config.turns == variant.classic_turns and GameConfig(variant=variant, difficulty="tight").turns <= 7
    )
    assert GameConfig.from_text(config.to_text()) == config
    assert variant_from_name(variant.name) == variant == variant_from_text(variant.text)
    rng = random.Random(3)
    for rank in rng.sample(range(2000), 40) + [0, 1999]:
        secret = word_lists().answer(rank)
        assert parse_game_number(game_number(config, secret)) == (config, secret)
    record = GameRecord.new(config, word_code("crane")).played(word_code("slate"), Player.PLAYER)
    record = record.played(word_code("crane"), Player.PLAYER)
    data = json.loads(json.dumps(record.to_dict()))
    assert GameRecord.from_dict(data) == record and record.over
    graded = variant.score(word_code("slate"), word_code("crane"))
    by_hand = GameRecord.new(config, None).played(word_code("slate"), Player.COMPUTER, graded)
    again = GameRecord.from_dict(json.loads(json.dumps(by_hand.to_dict())))
    assert again == by_hand and type(again.game.rows[0].feedback) is variant.grade_type
    marked = MARKS.score(word_code("slate"), word_code("crane"))
    assert grade_from_numbers(tuple(marked)) == marked == Marks(0, 0, 2, 0, 2)


@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
def test_words__consistent_answers_and_splits_are_the_brute_force_ones(variant):
    config = GameConfig(variant=variant)
    answers = [tuple(int(v) for v in row) for row in word_lists().answers.codes]
    rng = random.Random(11)
    for _ in range(4):
        secret = rng.choice(answers)
        history = tuple(
            (word_code(w), variant.score(word_code(w), secret))
            for w in rng.sample(["crane", "moist", "lolly", "years"], 2)
        )
        expected = [code_word(a) for a in answers if all(variant.score(g, a) == fb for g, fb in history)]
        found = [code_word(c) for c in consistent_indices_words(config, history)]
        assert found == expected and count_consistent(config, history) == len(expected)
    split = partition_over_space(config, word_code("crane"))
    for packed, count in enumerate(split.tolist()):
        assert count == sum(
            1 for a in answers if variant.pack(variant.score(word_code("crane"), a)) == packed
        )


def consistent_indices_words(config: GameConfig, history) -> list[tuple]:
    from game.core.wordlists import decode_words

    return [tuple(int(v) for v in row) for row in decode_words(consistent_indices(config, history))]


@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
@pytest.mark.parametrize("name", ["entropy", "most-parts", "knuth", "irving", "lowest", "random"])
def test_words__each_strategy_finds_sampled_answers_with_words_of_the_list(variant, name):
    config = GameConfig(variant=variant)
    lists = word_lists()
    secrets = np.sort(np.random.default_rng(7).choice(lists.answers.indices, 60, replace=False))
    games = walk(config, get(name).think, secrets, seed=2, max_turns=config.turns)
    assert all(game.solved for game in games)
    for game in games:
        assert all(variant.accepts(g) for g in game.guesses)
        pairs = zip(game.guesses, game.feedback, strict=True)
        assert all(variant.score(guess, game.secret) == fb for guess, fb in pairs)


def test_words__without_its_opening_the_first_guess_is_the_best_of_every_allowed_word(monkeypatch):
    """The shipped shortlist must hold each criterion's best over the whole allowed list (what the
    rules play where the lists lack the opening): weigh every allowed word here (a few seconds) and
    compare with what the strategy plays."""
    from game.core.strategies.partition import negative_information, negative_parts

    monkeypatch.setattr(WordVariant, "opening", None)
    config = GameConfig(variant=MARKS)
    codes = [tuple(int(v) for v in row) for row in word_lists().allowed.codes]
    rows = np.vstack([partition_over_space(config, code) for code in codes])
    for criterion, name in ((negative_parts, "most-parts"), (negative_information, "entropy")):
        scores = criterion(rows)
        best = scores.min()
        played = run(get(name).think(config, (), random.Random(0)))
        assert scores[codes.index(played)] <= best + 1e-9 * abs(best)


PARTITION_RULES = ["entropy", "knuth", "irving", "most-parts", "optimal"]


@pytest.mark.parametrize("name", [*PARTITION_RULES, "entropy-consistent", "knuth-consistent"])
@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
def test_words__the_computer_opens_with_an_answer_a_player_knows(variant, name):
    config = GameConfig(variant=variant)
    think = bind(get(name)).think
    first = run(think(config, (), random.Random(0)))
    assert word_lists().answer_rank(first) >= 0  # raises for a word that is not an answer
    assert variant.why_not_secret(first) is None


# What an opening a player can follow may cost: guesses a game on average over every answer, against
# the rule's best first split among the allowed words (the shortlist's choice).
OPENING_BUDGET = 0.025


@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
def test_words__the_opening_costs_entropy_at_most_the_budget_over_every_answer(monkeypatch, variant):
    # entropy is what `optimal` plays over words, so what Solve and the computer's games play.
    config = GameConfig(variant=variant)
    secrets = word_lists().answers.indices
    think = get("entropy").think
    opening = variant.opening
    opened = walk(config, think, secrets, seed=0, max_turns=config.turns, complete=True)
    monkeypatch.setattr(WordVariant, "opening", None)
    shortlist = walk(config, think, secrets, seed=0, max_turns=config.turns, complete=True)
    assert code_word(opened[0].guesses[0]) == opening != code_word(shortlist[0].guesses[0])
    assert all(game.solved for game in opened) and max(len(g.guesses) for g in opened) <= variant.tight_turns
    extra = (sum(len(g.guesses) for g in opened) - sum(len(g.guesses) for g in shortlist)) / len(secrets)
    assert extra <= OPENING_BUDGET


def test_words__lists_without_the_opening_weigh_their_own_first_guess():
    from game.core import wordlists

    previous = wordlists.source()
    small = wordlists.WordLists.of(["crane", "plumb", "fight", "vodka", "sweet"], ["zzzzz", "aeiou"])
    wordlists.install(lambda: small)
    try:
        config = GameConfig(variant=WORDS)
        first = run(get("most-parts").think(config, (), random.Random(0)))
        # no shortlist for these lists: every allowed word weighed, the most parts first (brute force)
        parts = {
            code: len({WORDS.score(code, secret) for secret in map(tuple, small.answers.codes.tolist())})
            for code in map(tuple, small.allowed.codes.tolist())
        }
        assert parts[first] == max(parts.values()) and code_word(first) != WORDS.opening
    finally:
        wordlists.install(previous)


@pytest.mark.parametrize("variant", [WORDS, MARKS], ids=["words", "word-marks"])
def test_words__classic_turns_are_enough_for_the_weakest_strategy_on_every_answer(variant):
    config = GameConfig(variant=variant)
    secrets = word_lists().answers.indices
    games = walk(config, get("lowest").think, secrets, seed=0, max_turns=config.turns, complete=True)
    assert all(game.solved for game in games) and max(len(g.guesses) for g in games) == config.turns


def test_words__typed_symbols_read_as_codes_and_back_for_every_variant_with_symbols():
    from game.core.variants.bullscows import BullsAndCowsVariant

    assert (
        WORDS.code_from_symbols(" Crane ") == word_code("crane")
        and WORDS.code_symbols(word_code("crane")) == "crane"
    )
    assert BullsAndCowsVariant(4).code_from_symbols("4071") == (4, 0, 7, 1)
    assert [WORDS.symbol_name(v) for v in word_code("crane")] == list("CRANE")
    for variant, bad in (
        (WORDS, "cr4ne"),
        (BullsAndCowsVariant(4), "40a1"),
        (variant_from_text("row:4"), "1234"),
    ):
        with pytest.raises(CodeError):
            variant.code_from_symbols(bad)


def test_words__a_word_win_scores_by_its_answers_like_a_row_of_as_many_codes():
    import math

    from game.core.records import GameEnd, GameResult, score_game

    config = GameConfig(variant=WORDS)
    row = GameConfig(pegs=2, colours=10, turns=config.turns)  # 100 codes
    word, small = (score_game(GameResult(c, GameEnd.WON, 4, 0.0)) for c in (config, row))
    bits = math.log2(len(word_lists().answers))  # not log2(26 ** 5): the secrets are the answers
    assert word / small == pytest.approx(bits / math.log2(100), rel=0.02)


def test_words__a_contradicting_hand_grade_is_explained_in_the_variants_own_words():
    from game.core.analysis import check_grade

    for variant in (WORDS, MARKS):
        config = GameConfig(variant=variant)
        history = ((word_code("slate"), variant.score(word_code("slate"), word_code("crane"))),)
        nothing = variant.grade(*([0] * len(variant.kinds)))
        checked = check_grade(config, history, word_code("plate"), nothing)  # shares "ate" with slate
        assert checked.possible == 0 and checked.conflict.rows == (0,)
    assert grade_words(Marks(2, 1, 0, 0, 2)) == "right place, elsewhere, absent, absent, right place"


def test_words__a_new_games_random_secret_is_an_answer():
    from game.play.record import random_secret

    rng = random.Random(4)
    for variant in (WORDS, MARKS):
        config = GameConfig(variant=variant)
        secrets = [random_secret(config, rng) for _ in range(50)]
        assert all(word_lists().answer_rank(secret) >= 0 for secret in secrets) and len(set(secrets)) > 40
