"""A third grading variant added from a test alone: a class and one registry entry (monkeypatched
into variants.VARIANTS, as its one line in the package would) give it a name to look up, a config
and text form, saved games that read back, hand grades in move texts and game numbers of its own,
past every earlier number, which keep meaning what they meant."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import numpy as np
import pytest

from game.core import gamenumber, variants
from game.core.config import GameConfig
from game.core.gamenumber import game_number, parse_game_number
from game.core.variants import GameSize, RowVariant, grade_words, variant_from_text, variant_named
from game.play.record import GameRecord, Player


class Blacks(NamedTuple):
    black: int


@dataclass(frozen=True)
class BlacksRow(RowVariant):
    """A row graded by black pegs only: how many pegs are right, never which colours are in it."""

    name: ClassVar[str] = "testblacks"  # a name no real variant takes
    kinds: ClassVar[tuple[str, ...]] = ("black",)
    grade_type: ClassVar[type] = Blacks
    multiset: ClassVar[bool] = False  # a grade counts places, not colours in common

    @classmethod
    def offered(cls) -> tuple:
        return ()

    @classmethod
    def numbered(cls) -> tuple:
        return (cls(3), cls(4))

    def score(self, guess, secret) -> Blacks:
        return Blacks(sum(g == s for g, s in zip(guess, secret, strict=True)))

    def grades_between(self, guesses, guess_counts, codes, counts) -> np.ndarray:
        return (guesses[:, None, :] == codes[None, :, :]).sum(axis=2).astype(np.uint8)

    def pack(self, grade) -> int:
        return int(grade[0])

    def unpack(self, packed: int) -> Blacks:
        return Blacks(packed)

    @property
    def grade_count(self) -> int:
        return self.pegs + 1

    def problem(self, colours: int, duplicates: bool) -> str | None:
        return None if colours <= 6 else "played with at most 6 colours"

    def consistent_steps(self, config: GameSize, history):  # its code space: not needed here
        raise NotImplementedError


def value_of(number: str) -> int:
    """The value a number's digits write (its check digit left off)."""
    value = 0
    for ch in number[:-1]:
        value = value * len(gamenumber.ALPHABET) + gamenumber.ALPHABET.index(ch)
    return value


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setattr(variants, "VARIANTS", (*variants.VARIANTS, BlacksRow))
    gamenumber._regions.cache_clear()
    yield BlacksRow
    gamenumber._regions.cache_clear()


def test_variant_added__is_found_by_name_and_its_text_and_config_read_back(registered):
    assert variant_named("testblacks") is BlacksRow and variant_from_text("testblacks:5") == BlacksRow(5)
    config = GameConfig(colours=4, variant=BlacksRow(3))
    assert config.pegs == 3 and "variant=testblacks:3" in config.to_text()
    assert GameConfig.from_text(config.to_text()) == config and config != GameConfig(3, 4)
    assert grade_words(Blacks(2)) == "2 black"


def test_variant_added__saved_games_and_hand_grades_read_back_as_its_own(registered):
    config = GameConfig(colours=4, variant=BlacksRow(3))
    record = GameRecord.new(config, (0, 1, 2)).played((0, 2, 1), Player.PLAYER)
    record = record.played((0, 1, 2), Player.PLAYER)
    assert record.game.rows[0].feedback == Blacks(1) and record.over
    data = json.loads(json.dumps(record.to_dict()))
    assert data["config"]["variant"] == "testblacks:3" and GameRecord.from_dict(data) == record
    by_hand = GameRecord.new(config, None).played((3, 3, 1), Player.COMPUTER, Blacks(2))
    again = GameRecord.from_dict(json.loads(json.dumps(by_hand.to_dict())))
    assert again == by_hand and isinstance(again.game.rows[0].feedback, Blacks)


def test_variant_added__has_numbers_past_every_earlier_one_and_those_keep_their_games(registered):
    earlier = {number: parse_game_number(number) for number in ("211TR", "00", "V9DBNFMBS")}
    regions, _ = gamenumber._regions()
    assert regions[-1].start == regions[-2].start + regions[-2].size  # its own region, the last
    for pegs, colours, duplicates in itertools.product((3, 4), range(2, 7), (True, False)):
        if not duplicates and colours < pegs:
            continue
        config = GameConfig(colours=colours, duplicates=duplicates, variant=BlacksRow(pegs), turns=9)
        secrets = {
            tuple(code)
            for code in itertools.product(range(colours), repeat=pegs)
            if duplicates or len(set(code)) == pegs
        }
        numbers = {game_number(config, secret): secret for secret in secrets}
        assert len(numbers) == len(secrets)
        for number, secret in numbers.items():
            assert parse_game_number(number) == (config, secret)
            assert value_of(number) >= regions[-1].start  # past every earlier number
    for number, game in earlier.items():
        assert parse_game_number(number) == game and game_number(*game) == number
