"""Game numbers (game/core/gamenumber.py): the same number gives back the same config and secret for
every game the config allows (hypothesis, and every game the setup screens offer), every single typo
and swap of neighbours is caught by the check digit, and bad text is refused with a readable reason."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core.config import PRESETS, ConfigError, Difficulty, GameConfig, preset
from game.core.gamenumber import ALPHABET, GAME_NUMBER_CHARS, GameNumberError, game_number, parse_game_number
from game.core.grid import GRID_MAX_CELLS, GRID_MAX_SIDE, GRID_MIN_SIDE
from game.play.custom import DIFFICULTIES, SHAPES

GRIDS = [
    (rows, cols)
    for rows in range(GRID_MIN_SIDE, GRID_MAX_SIDE + 1)
    for cols in range(GRID_MIN_SIDE, GRID_MAX_SIDE + 1)
    if rows * cols <= GRID_MAX_CELLS
]


@st.composite
def games(draw, hand_set_turns: bool = True):
    grid = draw(st.none() | st.sampled_from(GRIDS))
    pegs = 0 if grid else draw(st.integers(2, 10))
    colours = draw(st.integers(2, 10))
    duplicates = draw(st.booleans())
    difficulty = draw(st.sampled_from(list(Difficulty)))
    turns = draw(st.integers(1, 30)) if hand_set_turns and draw(st.booleans()) else 0
    try:
        config = GameConfig(pegs, colours, duplicates, difficulty, turns, grid)
    except ConfigError:
        assume(False)
    if duplicates:
        secret = tuple(
            draw(st.lists(st.integers(0, colours - 1), min_size=config.pegs, max_size=config.pegs))
        )
    else:
        secret = tuple(draw(st.permutations(range(colours)))[: config.pegs])
    return config, secret


@settings(max_examples=400, deadline=None)
@given(games())
def test_game_number__round_trips_config_and_secret_for_every_game_the_config_allows(game) -> None:
    config, secret = game
    number = game_number(config, secret)
    assert 2 <= len(number) <= GAME_NUMBER_CHARS and set(number) <= set(ALPHABET)
    assert parse_game_number(number) == (config, secret)
    assert parse_game_number(f" #{number.lower()[:3]}-{number.lower()[3:]} ") == (config, secret)


def test_game_number__round_trips_every_game_the_setup_screens_offer() -> None:
    rng = random.Random(9)
    configs = [p.config() for p in PRESETS]
    for shape in SHAPES:
        for pegs in range(2, 11) if shape is None else [0]:
            for colours in range(2, 11):
                for duplicates in (True, False):
                    for difficulty in DIFFICULTIES:
                        try:
                            configs.append(GameConfig(pegs, colours, duplicates, difficulty, grid=shape))
                        except ConfigError:
                            pass
    assert len(configs) > 500
    numbers = set()
    for config in configs:
        for _ in range(3):
            if config.duplicates:
                secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
            else:
                secret = tuple(rng.sample(range(config.colours), config.pegs))
            number = game_number(config, secret)
            assert parse_game_number(number) == (config, secret)
            numbers.add((number, config, secret))
    assert len({n for n, _, _ in numbers}) == len(numbers)  # no two games share a number


def test_game_number__different_secrets_of_one_game_get_different_numbers() -> None:
    config = GameConfig(3, 4)
    secrets = [(a, b, c) for a in range(4) for b in range(4) for c in range(4)]
    numbers = {game_number(config, s) for s in secrets}
    assert len(numbers) == 64
    classic = preset("Classic").config()
    assert len(game_number(classic, (5, 5, 5, 5))) <= 5  # short enough to type for the common game


@settings(max_examples=150, deadline=None)
@given(games(), st.data())
def test_game_number__any_single_typo_is_caught_by_the_check_digit(game, data) -> None:
    number = game_number(*game)
    position = data.draw(st.integers(0, len(number) - 1))
    wrong = data.draw(st.sampled_from([ch for ch in ALPHABET if ch != number[position]]))
    typo = number[:position] + wrong + number[position + 1 :]
    with pytest.raises(GameNumberError, match="mistyped"):
        parse_game_number(typo)


def test_game_number__every_typo_and_every_swap_of_neighbours_in_some_numbers_is_caught() -> None:
    rng = random.Random(4)
    for config in [p.config() for p in PRESETS] + [GameConfig(10, 10, turns=30)]:
        secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        number = game_number(config, secret)
        for position in range(len(number)):
            for wrong in ALPHABET:
                if wrong != number[position]:
                    with pytest.raises(GameNumberError):
                        parse_game_number(number[:position] + wrong + number[position + 1 :])
            if position + 1 < len(number) and number[position] != number[position + 1]:
                swapped = number[:position] + number[position + 1] + number[position] + number[position + 2 :]
                with pytest.raises(GameNumberError):
                    parse_game_number(swapped)


def test_game_number__letters_that_look_like_digits_are_read_as_them() -> None:
    config = GameConfig(4, 6)
    for code in [(0, 0, 0, 0), (1, 2, 3, 4), (5, 5, 5, 5), (0, 1, 0, 1)]:
        number = game_number(config, code)
        typed = number.replace("0", "o").replace("1", "l")
        assert parse_game_number(typed) == (config, code)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "type the whole game number"),
        ("7", "type the whole game number"),
        ("12345678901", "at most 10 characters"),
        ("21U1", "'U', is not in a game number"),
        ("2Z1TR", "character 2 of '2Z1TR'"),
    ],
)
def test_game_number__unreadable_text_says_what_to_fix(text: str, words: str) -> None:
    with pytest.raises(GameNumberError, match=words) as caught:
        parse_game_number(text)
    assert isinstance(caught.value, ValueError)


def test_game_number__past_the_last_number_is_refused() -> None:
    from game.core import gamenumber

    value = gamenumber._hand_set_base() * (gamenumber.HAND_SET_TURNS + 1) + 5
    with pytest.raises(GameNumberError, match="past the last game number"):
        parse_game_number(gamenumber._to_text(value))


def test_game_number__a_secret_that_breaks_the_rules_has_no_number() -> None:
    with pytest.raises(ValueError, match="colour twice"):
        game_number(GameConfig(4, 6, duplicates=False), (1, 1, 2, 3))
