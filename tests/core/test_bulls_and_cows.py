"""Bulls and Cows: its grading against a brute-force reference, its stored forms (text, config, game
numbers, saves), and every strategy over every secret of the 3-digit game."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.codes import CodeError, encode
from game.core.config import Difficulty, GameConfig
from game.core.gamenumber import game_number, parse_game_number
from game.core.space import consistent_indices, count_consistent
from game.core.strategies import STRATEGIES
from game.core.strategies.walk import walk
from game.core.variants import GradeError, VariantError, grade_words, variant_from_name, variant_from_text
from game.core.variants.bullscows import BullsAndCowsVariant, BullsCows
from game.play.record import GameRecord, Player
from game.tables import bind

FOUR = BullsAndCowsVariant(4)


def brute_bulls_cows(guess: tuple, secret: tuple) -> tuple[int, int]:
    """Bulls: places that agree. Cows: a guess digit found at another place of the secret (the digits
    are all different, so each is at most one cow), counted place by place."""
    bulls = sum(1 for i, digit in enumerate(guess) if secret[i] == digit)
    cows = sum(1 for i, digit in enumerate(guess) if digit in secret and secret[i] != digit)
    return bulls, cows


codes_of_digits = st.integers(3, 5).flatmap(
    lambda n: st.tuples(st.permutations(range(10)), st.permutations(range(10))).map(
        lambda pair: (tuple(pair[0][:n]), tuple(pair[1][:n]))
    )
)


@settings(max_examples=300, deadline=None)
@given(codes_of_digits)
def test_bulls_and_cows__grades_as_the_brute_force_reference_in_words_of_its_own(pair):
    guess, secret = pair
    variant = BullsAndCowsVariant(len(guess))
    grade = variant.score(guess, secret)
    assert tuple(grade) == brute_bulls_cows(guess, secret) and isinstance(grade, BullsCows)
    codes = np.asarray([secret], dtype=np.uint8)
    assert variant.unpack(int(variant.score_many(guess, codes, 10)[0])) == grade
    assert grade.black == grade.bulls and grade.white == grade.cows
    bulls, cows = ("bull" if grade.bulls == 1 else "bulls"), ("cow" if grade.cows == 1 else "cows")
    assert grade_words(grade) == f"{grade.bulls} {bulls}, {grade.cows} {cows}"


def test_bulls_and_cows__fixes_its_digits_and_reads_back_from_text_config_and_numbers():
    config = GameConfig(colours=6, variant=FOUR)  # the variant's own colours and rule win
    assert (config.colours, config.duplicates, config.pegs, config.turns) == (10, False, 4, 10)
    assert GameConfig.from_text(config.to_text()) == config and "variant=bulls-and-cows:4" in config.to_text()
    assert variant_from_name("bulls-and-cows") == FOUR == variant_from_text("bulls-and-cows:4")
    assert GameConfig(variant=BullsAndCowsVariant(3), difficulty=Difficulty.TIGHT).turns == 7
    for bad in ("bulls-and-cows:2", "bulls-and-cows:6", "bulls-and-cows:4x4"):
        with pytest.raises(VariantError):
            variant_from_text(bad)
    with pytest.raises(CodeError, match="twice"):
        config.check_code((1, 1, 2, 3))
    with pytest.raises(GradeError, match="cow cannot happen"):
        FOUR.check_grade((3, 1))


def test_bulls_and_cows__every_secret_has_its_own_game_number_that_names_it():
    config = GameConfig(variant=BullsAndCowsVariant(3))
    numbers = {}
    for secret in itertools.permutations(range(10), 3):
        number = game_number(config, secret)
        assert parse_game_number(number) == (config, secret)
        numbers[number] = secret
    assert len(numbers) == 720
    five = GameConfig(variant=BullsAndCowsVariant(5), turns=20)
    assert parse_game_number(game_number(five, (9, 8, 7, 6, 5))) == (five, (9, 8, 7, 6, 5))


def test_bulls_and_cows__a_saved_game_and_its_hand_grades_read_back():
    config = GameConfig(variant=FOUR)
    record = GameRecord.new(config, (4, 0, 7, 1)).played((0, 1, 2, 3), Player.PLAYER)
    assert record.game.rows[0].feedback == BullsCows(0, 2)
    data = json.loads(json.dumps(record.to_dict()))
    assert GameRecord.from_dict(data) == record and data["config"]["variant"] == "bulls-and-cows:4"
    by_hand = GameRecord.new(config, None).played((0, 1, 2, 3), Player.COMPUTER, (1, 2))
    again = GameRecord.from_dict(json.loads(json.dumps(by_hand.to_dict())))
    assert again == by_hand and isinstance(again.game.rows[0].feedback, BullsCows)


def test_bulls_and_cows__consistent_codes_are_the_brute_force_ones():
    rng = random.Random(5)
    digits = list(itertools.permutations(range(10), 4))
    for _ in range(5):
        secret, guesses = rng.choice(digits), rng.sample(digits, 2)
        history = tuple((g, FOUR.score(g, secret)) for g in guesses)
        expected = [c for c in digits if all(brute_bulls_cows(g, c) == tuple(fb) for g, fb in history)]
        found = consistent_indices(GameConfig(variant=FOUR), history)
        assert found.tolist() == encode(np.asarray(expected), 10).tolist()
        assert count_consistent(GameConfig(variant=FOUR), history) == len(expected)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_bulls_and_cows__every_strategy_finds_every_3_digit_secret_within_the_turns(name):
    config = GameConfig(variant=BullsAndCowsVariant(3))
    secrets = encode(np.asarray(list(itertools.permutations(range(10), 3))), 10)
    games = walk(config, bind(STRATEGIES[name]).think, np.sort(secrets), seed=1, max_turns=config.turns)
    assert all(game.solved for game in games) and len(games) == 720
    for game in games:  # every grade is the true one, every guess a legal code
        assert all(
            BullsAndCowsVariant(3).score(guess, game.secret) == fb
            for guess, fb in zip(game.guesses, game.feedback, strict=True)
        )
        assert all(config.is_legal(g) for g in game.guesses)


def test_bulls_and_cows__plays_the_rows_optimal_table_of_10_colours_without_repeats():
    from game.tables import table_for

    config = GameConfig(variant=BullsAndCowsVariant(3))
    table = table_for(config)
    assert table is not None and table.fits(config) and table.fits(GameConfig(3, 10, duplicates=False))
    assert not table.fits(GameConfig(variant=BullsAndCowsVariant(4))) and table.pegs == 3
    secrets = list(itertools.permutations(range(10), 3))
    think = bind(STRATEGIES["optimal"]).think
    games = walk(config, think, encode(np.asarray(secrets), 10), seed=0, max_turns=config.turns)
    lengths = [len(game.guesses) for game in games]
    assert sum(lengths) == sum(table.guess_counts(secrets)) == int(table.header["total"])
    assert all(isinstance(fb, BullsCows) for game in games for fb in game.feedback)


def test_bulls_and_cows__four_digits_fit_classic_for_the_weakest_and_tight_for_entropy():
    secrets = encode(np.asarray(list(itertools.permutations(range(10), 4))), 10)
    for name, difficulty in (("lowest", Difficulty.CLASSIC), ("entropy", Difficulty.TIGHT)):
        config = GameConfig(variant=FOUR, difficulty=difficulty)
        games = walk(config, STRATEGIES[name].think, secrets, seed=0, max_turns=config.turns, complete=True)
        assert all(game.solved for game in games), name
