"""Player aids in the mid end: colours ruled out live in the GameRecord (its text form round-trips,
older records without them still load, bad values are refused) and the BreakerRun's repeat nudge."""

from __future__ import annotations

import json

import pytest

from game.core.config import GameConfig
from game.play.breaker import BreakerRun, PaletteColour
from game.play.record import GameRecord, Player, RecordFormatError

CONFIG = GameConfig(4, 6)


def test_record__ruled_out_round_trips_and_survives_rows_played():
    record = GameRecord.new(CONFIG, (5, 4, 3, 2)).with_ruled_out(3, True).with_ruled_out(0, True)
    assert record.ruled_out == (0, 3)
    record = record.played((0, 0, 1, 1), Player.PLAYER)
    assert record.ruled_out == (0, 3)
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record and again.ruled_out == (0, 3)
    assert record.with_ruled_out(0, False).ruled_out == (3,)
    assert record.with_ruled_out(3, True).ruled_out == (0, 3)  # marking twice keeps one mark


def test_record__a_record_without_ruled_out_loads_with_none():
    data = GameRecord.new(CONFIG, (5, 4, 3, 2)).played((0, 0, 1, 1), Player.PLAYER).to_dict()
    del data["ruled_out"]
    assert GameRecord.from_dict(data).ruled_out == ()


@pytest.mark.parametrize("value", [[6], [-1], [True], ["2"], [2, 2], [3, 1], "0,1", None])
def test_record__from_dict_refuses_bad_ruled_out(value):
    data = GameRecord.new(CONFIG, (5, 4, 3, 2)).to_dict()
    data["ruled_out"] = value
    with pytest.raises(RecordFormatError):
        GameRecord.from_dict(data)


def test_breaker__right_click_on_the_palette_toggles_a_colour_and_over_games_ignore_it():
    run = BreakerRun(GameRecord.new(CONFIG, (5, 4, 3, 2)))
    run.right_click(PaletteColour(1))
    run.right_click(PaletteColour(4))
    assert run.ruled_out == {1, 4} and run.record.ruled_out == (1, 4)
    run.right_click(PaletteColour(1))
    assert run.ruled_out == {4}
    assert run.snapshot().ruled_out == (4,)  # what resume keeps
    run.toggle_ruled_out(6)  # not a colour of this game
    assert run.ruled_out == {4}
    run.reveal()
    run.right_click(PaletteColour(2))
    assert run.ruled_out == {4}


def test_breaker__nudge_names_the_earlier_row_a_full_row_repeats():
    run = BreakerRun(GameRecord.new(CONFIG, (5, 4, 3, 2)))
    for code in ((0, 0, 1, 1), (2, 3, 2, 3)):
        for colour in code:
            run.type_colour(colour)
        assert run.submit() is None
        run.update(5.0)
    for colour in (2, 3, 2):
        run.type_colour(colour)
    assert run.repeat_of is None and run.nudge is None  # not full yet
    run.type_colour(3)
    assert run.repeat_of == 1 and run.nudge == "row 2 already tried this"
    run.cycle_colour(1)
    assert run.nudge is None
