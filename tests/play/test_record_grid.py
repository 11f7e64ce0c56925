"""GameRecord keeps a grid game's shape: saved, resumed and replayed with grid grades."""

from __future__ import annotations

import json

import pytest

from game.core.config import GameConfig
from game.core.grid import GridFeedback, score_grid
from game.core.variants import GridVariant
from game.play.record import GameRecord, Player, RecordFormatError


def test_record_grid__round_trips_through_json_with_its_shape_and_grades():
    config = GameConfig(variant=GridVariant(2, 3), colours=4)
    secret = (0, 1, 2, 3, 0, 1)
    record = GameRecord.new(config, secret)
    for guess, by in [((0, 0, 1, 1, 2, 2), Player.PLAYER), ((1, 0, 2, 3, 1, 0), Player.COMPUTER)]:
        record = record.played(guess, by)
    data = json.loads(json.dumps(record.to_dict()))
    assert data["config"]["variant"] == "grid:2x3"  # the variant's name and parameters
    again = GameRecord.from_dict(data)
    assert again.config == config
    assert again.game.rows == record.game.rows
    assert again.game.rows[1].feedback == score_grid((1, 0, 2, 3, 1, 0), secret, 2, 3)
    assert isinstance(again.game.rows[0].feedback, GridFeedback)


def test_record_grid__a_hand_graded_grid_game_keeps_its_three_numbers():
    record = GameRecord.new(GameConfig(variant=GridVariant(2, 2), colours=5), None)
    record = record.played((0, 0, 1, 1), Player.COMPUTER, GridFeedback(1, 2, 0))
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again.game.rows[0].feedback == GridFeedback(1, 2, 0)


def test_record_grid__classic_records_name_the_row_and_a_bad_variant_is_refused():
    classic = GameRecord.new(GameConfig(4, 6), (0, 1, 2, 3)).to_dict()
    assert classic["config"]["variant"] == "row:4" and "grid" not in classic["config"]
    for bad in ("grid:2by3", 23, "grid:4x4", "cone:2x2", "grid", "row:5", None):
        data = GameRecord.new(GameConfig(variant=GridVariant(2, 2)), (0, 1, 2, 3)).to_dict()
        data["config"]["variant"] = bad
        with pytest.raises(RecordFormatError):
            GameRecord.from_dict(data)
    for bad in ("2by3", 23, "4x4"):  # the earlier form's grid field, as bad
        data = GameRecord.new(GameConfig(variant=GridVariant(2, 2)), (0, 1, 2, 3)).to_dict()
        del data["config"]["variant"]
        data["config"]["grid"] = bad
        data["version"] = 1
        with pytest.raises(RecordFormatError):
            GameRecord.from_dict(data)
