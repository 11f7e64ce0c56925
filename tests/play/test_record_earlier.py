"""Saved games and settings written before variants had names (tests/play/data/earlier_records.json,
made by GameRecord.to_dict() and GameConfig.to_text() of that code: a grid named by its "grid" field,
a row by nothing) still read as the games they were, and are written again in today's form."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.config import GameConfig
from game.core.grid import score_grid
from game.core.state import Outcome
from game.core.variants import GridVariant, RowVariant
from game.play.record import RECORD_VERSION, GameRecord, Player

EARLIER = json.loads((Path(__file__).parent / "data" / "earlier_records.json").read_text())


def earlier(what_starts: str) -> dict:
    (found,) = [item["record"] for item in EARLIER["records"] if item["what"].startswith(what_starts)]
    return found


def test_record_earlier__every_saved_game_reads_and_writes_back_in_todays_form_unchanged():
    for item in EARLIER["records"]:
        data = item["record"]
        assert data["version"] == 1 and "variant" not in data["config"]
        record = GameRecord.from_dict(data)
        again = record.to_dict()
        assert again["version"] == RECORD_VERSION and again["config"]["variant"] == record.config.variant.text
        assert GameRecord.from_dict(again) == record
        for key in ("secret", "moves", "played_by", "elapsed_s", "assisted", "draft", "ruled_out"):
            assert again[key] == data[key], key


def test_record_earlier__a_classic_game_is_the_row_with_its_rows_draft_and_notes():
    record = GameRecord.from_dict(earlier("a Classic game"))
    assert record.config == GameConfig(4, 6) and record.config.variant == RowVariant(4)
    assert [row.guess for row in record.game.rows] == [(0, 0, 1, 1), (1, 2, 3, 4)]
    assert record.draft == (0, None, 2, None) and record.ruled_out == (5,) and record.resumable


def test_record_earlier__grid_games_are_grids_graded_as_grids():
    won = GameRecord.from_dict(earlier("a 2x3 grid game won"))
    assert won.config == GameConfig(colours=4, variant=GridVariant(2, 3)) and won.outcome is Outcome.WON
    secret = (0, 1, 2, 3, 0, 1)
    assert won.game.secret == secret
    for row in won.game.rows:
        assert row.feedback == score_grid(row.guess, secret, 2, 3)
    by_hand = GameRecord.from_dict(earlier("a 2x2 grid graded by hand"))
    config = by_hand.config
    assert config.variant == GridVariant(2, 2) and not config.duplicates and config.turns == 12
    assert by_hand.game.secret is None and by_hand.played_by == (Player.COMPUTER,)
    assert tuple(by_hand.game.rows[0].feedback) == tuple(score_grid((0, 1, 2, 3), (1, 0, 2, 4), 2, 2))


def test_record_earlier__a_revealed_super_game_keeps_its_end_and_its_hint():
    record = GameRecord.from_dict(earlier("a 5x8 tight game"))
    assert record.config == GameConfig(5, 8, difficulty="tight") and record.outcome is Outcome.REVEALED
    assert record.assisted


def test_config_earlier__the_earlier_text_of_a_custom_game_reads_as_that_game():
    grid33, nodup, grid34 = (GameConfig.from_text(text) for text in EARLIER["config_texts"])
    assert grid33 == GameConfig(colours=4, variant=GridVariant(3, 3))
    assert nodup == GameConfig(6, 9, duplicates=False, difficulty="relaxed", turns=20)
    assert grid34 == GameConfig(colours=3, variant=GridVariant(3, 4))
    for config in (grid33, nodup, grid34):
        assert GameConfig.from_text(config.to_text()) == config and "grid=" not in config.to_text()
