"""GameRecord: who played what, time, its end for statistics, and a strict text form."""

from __future__ import annotations

import json
import math

import pytest

from game.core.config import GameConfig
from game.core.records import GameEnd
from game.core.state import Outcome
from game.play.record import GameRecord, Player, RecordFormatError, format_play_time

CONFIG = GameConfig(4, 6)
SECRET = (0, 1, 2, 3)


def played(*codes_by):
    record = GameRecord.new(CONFIG, SECRET)
    for code, by in codes_by:
        record = record.played(code, by)
    return record


def test_record__rows_and_who_played_them_and_the_end_for_statistics():
    won = played(((5, 5, 5, 5), Player.PLAYER), (SECRET, Player.PLAYER))
    assert won.outcome is Outcome.WON and won.played_by == (Player.PLAYER, Player.PLAYER)
    assert won.end() is GameEnd.WON and won.turn == 2
    solved = played(((5, 5, 5, 5), Player.PLAYER), (SECRET, Player.COMPUTER))
    assert solved.end() is GameEnd.SOLVED and solved.result().assisted
    watched = played((SECRET, Player.COMPUTER))
    assert watched.end() is None and watched.result() is None


def test_record__turn_is_the_next_row_while_playing_and_the_last_row_once_over():
    record = played(((5, 5, 5, 5), Player.PLAYER))
    assert record.turn == 2
    assert record.played(SECRET, Player.PLAYER).turn == 2


def test_record__time_counts_only_while_playing_and_result_carries_it():
    record = GameRecord.new(CONFIG, SECRET).timed(10.4)
    record = record.played(SECRET, Player.PLAYER).timed(5.0)
    assert record.elapsed_s == pytest.approx(10.4)
    assert record.result().seconds == record.elapsed_s
    assert record.time_text == "0:10" == format_play_time(record.result().seconds)


def test_format_play_time__rounds_to_the_nearest_second():
    assert format_play_time(15.6) == "0:16"
    assert format_play_time(72.4) == "1:12"
    assert format_play_time(3725) == "1:02:05"


def test_record__round_trips_through_json_with_a_half_filled_row():
    record = played(((5, 5, 4, 4), Player.PLAYER), ((0, 0, 1, 1), Player.COMPUTER))
    record = record.timed(12.25).with_assist().with_solver("Entropy").with_draft((1, None, 2, None))
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record


def test_record__round_trips_hand_graded_and_revealed_games():
    hand = GameRecord.new(CONFIG, None).played((0, 0, 1, 1), Player.COMPUTER, (1, 2))
    assert GameRecord.from_dict(hand.to_dict()) == hand
    revealed = played(((5, 5, 4, 4), Player.PLAYER)).revealed()
    assert GameRecord.from_dict(revealed.to_dict()).outcome is Outcome.REVEALED


@pytest.mark.parametrize(
    "field, value",
    [
        ("elapsed_s", -1.0),
        ("elapsed_s", math.inf),
        ("elapsed_s", math.nan),
        ("elapsed_s", True),
        ("elapsed_s", "12"),
        ("assisted", 1),
        ("assisted", None),
        ("played_by", ["player", "nobody"]),
        ("played_by", []),
        ("moves", ["g5544", "gzz"]),
        ("moves", "g5544"),
        ("draft", [1, 2]),
        ("draft", [True, None, None, None]),
        ("draft", [9, None, None, None]),
        ("secret", 123),
        ("solved_by", 5),
        ("version", 99),
        ("version", True),
    ],
)
def test_record__from_dict_refuses_wrong_types_and_values(field, value):
    data = played(((5, 5, 4, 4), Player.PLAYER)).timed(3.0).to_dict()
    data[field] = value
    with pytest.raises(RecordFormatError):
        GameRecord.from_dict(data)


@pytest.mark.parametrize("field, value", [("pegs", True), ("pegs", 99), ("duplicates", 1), ("turns", 2.5)])
def test_record__from_dict_refuses_a_bad_config(field, value):
    data = GameRecord.new(CONFIG, SECRET).to_dict()
    data["config"][field] = value
    with pytest.raises(ValueError):
        GameRecord.from_dict(data)


def test_record__resumable_needs_a_row_or_a_peg_and_the_players_game():
    fresh = GameRecord.new(CONFIG, SECRET)
    assert not fresh.resumable
    assert fresh.with_draft((None, 3, None, None)).resumable
    assert played(((5, 5, 4, 4), Player.PLAYER)).resumable
    assert not played(((5, 5, 4, 4), Player.COMPUTER)).resumable
    assert not played((SECRET, Player.PLAYER)).resumable
