"""Game numbers (game/core/gamenumber.py): the same number gives back the same config and secret for
every game the config allows (hypothesis, and every game the setup screens offer), one game has one
number (every valid number of up to four characters, and the first and last of every kind of game in
every turn limit, decode to a game whose number is that number), numbers made before variants had
names still mean their games, every single typo and swap of neighbours is caught by the check digit,
and bad text is refused with a readable reason."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core import gamenumber
from game.core.codes import code_from_text
from game.core.config import PRESETS, ConfigError, Difficulty, GameConfig, preset
from game.core.gamenumber import ALPHABET, GAME_NUMBER_CHARS, GameNumberError, game_number, parse_game_number
from game.core.grid import GRID_MAX_CELLS, GRID_MAX_SIDE, GRID_MIN_SIDE
from game.core.variants import GridVariant
from game.play.custom import DIFFICULTIES, SHAPES

EARLIER_NUMBERS = Path(__file__).parent / "data" / "earlier_game_numbers.tsv"

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
        config = GameConfig(pegs, colours, duplicates, difficulty, turns, grid and GridVariant(*grid))
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
        for pegs in [shape.pegs] if shape.fixed_pegs else range(2, 11):
            for colours in range(2, 11):
                for duplicates in (True, False):
                    for difficulty in DIFFICULTIES:
                        try:
                            variant = shape.with_pegs(pegs)
                            configs.append(GameConfig(0, colours, duplicates, difficulty, variant=variant))
                        except ConfigError:
                            pass
    assert len(configs) > 500
    numbers = set()
    for config in configs:
        for _ in range(3):
            if config.variant.listed:  # a word game's secret is an answer of its list
                variant, colours, duplicates = config.variant, config.colours, config.duplicates
                count = variant.legal_codes(colours, duplicates)
                secret = variant.secret_of_rank(colours, duplicates, rng.randrange(count))
            elif config.duplicates:
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
    regions, _ = gamenumber._regions()
    value = regions[-1].start + regions[-1].size + 5
    with pytest.raises(GameNumberError, match="past the last game number"):
        parse_game_number(gamenumber._to_text(value))
    assert len(gamenumber._to_text(value - 6)) <= GAME_NUMBER_CHARS  # the last number fits


def canonical(text: str) -> bool:
    """Does `text` decode to a game whose number is `text`? False when it is refused."""
    try:
        game = parse_game_number(text)
    except GameNumberError:
        return False
    assert game_number(*game) == text, text  # a number that reads is that game's one number
    return True


def test_game_number__every_number_of_the_smallest_games_in_every_turn_limit_is_their_only_one() -> None:
    """Every number of the first SMALLEST values of each copy of the numbering (the smallest games; copy
    0 their own turn limits, copy t a hand-set limit of t), decoded and encoded again."""
    region = gamenumber._regions()[0][0]
    own_copies = []  # the values no game has: copy t of an entry whose own limit is t, (first, last + 1)
    for position, entry in enumerate(region.entries):
        start = region.offsets[-1] * entry.config().turns + region.offsets[position]
        own_copies.append((start, start + entry.codes))

    games, refused = set(), 0
    for turns in range(gamenumber.HAND_SET_TURNS + 1):
        low = region.offsets[-1] * turns
        here = [(first, end) for first, end in own_copies if first < low + SMALLEST and end > low]
        for value in range(low, low + SMALLEST):
            text = gamenumber._to_text(value)
            nobodys = any(first <= value < end for first, end in here)
            assert canonical(text) == (not nobodys), value
            if nobodys:
                refused += 1
            else:
                games.add(parse_game_number(text))
    assert refused > 0 and len(games) == (gamenumber.HAND_SET_TURNS + 1) * SMALLEST - refused


SMALLEST = 800


def test_game_number__the_first_and_last_secret_of_every_kind_of_game_in_every_turn_limit() -> None:
    regions, _ = gamenumber._regions()
    for region in regions:
        for position, entry in enumerate(region.entries):
            own = entry.config().turns
            for turns in range(gamenumber.HAND_SET_TURNS + 1):
                start = region.start + region.offsets[-1] * turns + region.offsets[position]
                for value in (start, start + entry.codes - 1):
                    text = gamenumber._to_text(value)
                    assert canonical(text) == (turns != own), (entry, turns)
                    if turns != own:
                        config, _ = parse_game_number(text)
                        assert config.variant == entry.variant and config.turns == (turns or own)


def test_game_number__a_hand_set_limit_equal_to_the_games_own_is_the_games_own_number() -> None:
    classic = GameConfig(4, 6)
    assert GameConfig(4, 6, turns=classic.turns) == classic
    by_hand = GameConfig(4, 6, turns=classic.turns)
    assert game_number(by_hand, (1, 2, 3, 4)) == game_number(classic, (1, 2, 3, 4))
    region = gamenumber._regions()[0][0]
    position = gamenumber._regions()[1][gamenumber._key(classic)][1]
    copy = region.offsets[-1] * classic.turns + region.offsets[position]  # the copy no game has
    with pytest.raises(GameNumberError, match="not a game number"):
        parse_game_number(gamenumber._to_text(copy))


def test_game_number__a_leading_zero_is_refused_so_no_game_has_two_numbers() -> None:
    assert parse_game_number("211TR") == (GameConfig(4, 6), (0, 0, 0, 0))
    for text in ("0211TR", "00211TR", "o211TR", "#0-211TR"):
        with pytest.raises(GameNumberError, match="does not start with 0"):
            parse_game_number(text)
    for value in range(1, len(ALPHABET) ** 3):  # every number of up to four characters
        with pytest.raises(GameNumberError, match="does not start with 0"):
            parse_game_number("0" + gamenumber._to_text(value))  # the check digit still adds up
    assert canonical(gamenumber._to_text(0)) and gamenumber._to_text(0).startswith("0")  # "0" itself


@pytest.mark.parametrize("pasted", ["211TR\n", "211TR\r\n", "\t211TR ", " 211 TR\n", "\n#211-TR\n"])
def test_game_number__a_pasted_number_with_white_space_around_or_inside_is_read(pasted: str) -> None:
    assert parse_game_number(pasted) == (GameConfig(4, 6), (0, 0, 0, 0))


def test_game_number__numbers_made_before_variants_had_names_still_mean_their_games() -> None:
    rows = EARLIER_NUMBERS.read_text().splitlines()
    lines = [line.split("\t") for line in rows if not line.startswith("#")]
    assert len(lines) > 500
    grids = 0
    for number, text, secret_text in lines:
        config = GameConfig.from_text(text)  # the earlier text: a grid's "grid=2x3", a row's nothing
        secret = code_from_text(secret_text, config.pegs, config.colours)
        assert parse_game_number(number) == (config, secret)
        assert game_number(config, secret) == number
        grids += isinstance(config.variant, GridVariant)
    assert grids > 50


def test_game_number__a_secret_that_breaks_the_rules_has_no_number() -> None:
    with pytest.raises(ValueError, match="colour twice"):
        game_number(GameConfig(4, 6, duplicates=False), (1, 1, 2, 3))
