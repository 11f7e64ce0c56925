"""The records database: a decision counted once, a kept game claimed by one window, high scores in
the table from the moment they are decided, one attempt a day, rows a codec refuses set aside, and
settings in a file a person can edit."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest

from game.core.config import GameConfig
from game.core.highscores import DEFAULT_INITIALS, HighScore
from game.core.records import GameEnd, GameResult
from game.modes.blitz.book import BLITZ_BOOK, BlitzBook, BlitzStats
from game.modes.classic.hooks import PLAIN_SAVE
from game.modes.registry import kept_games, record_books
from game.play.record import GameRecord, Player
from game.store import DB_FILE, SETTINGS_FILE, AlreadyDecided, Settings, Store, default_directory, excerpt

CLASSIC = GameConfig(4, 6)
NOW = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)


def win(guesses: int = 4) -> GameResult:
    return GameResult(CLASSIC, GameEnd.WON, guesses, 42.0)


def kept_save(rows: int = 1) -> dict:
    record = GameRecord.new(CLASSIC, (0, 0, 1, 2))
    for _ in range(rows):
        record = record.played((0, 1, 2, 3), Player.PLAYER)
    return PLAIN_SAVE.envelope("classic", record)


class StoreApp:
    """What kept_games() reads of an app: its store and the calendar."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def now(self) -> dt.datetime:
        return NOW


def set_aside(directory) -> list[tuple[str, str, str]]:
    with sqlite3.connect(directory / DB_FILE) as db:
        return db.execute("SELECT what, name, reason FROM set_aside").fetchall()


def test_store__default_directory_is_the_platform_user_data_dir_for_the_app():
    assert default_directory().name == "mastermind-arcade"


def test_store__settings_are_a_json_file_a_person_can_edit(tmp_path):
    changed = Settings(palette="classic", volume=0.25, window_size=(800, 600))
    assert Store(tmp_path).save_settings(changed)
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["data"]["palette"] == "classic"
    assert Store(tmp_path).load_settings() == changed
    (tmp_path / SETTINGS_FILE).write_text("{ edited by hand and broken")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert (tmp_path / "settings.corrupt-1.json").exists() and len(store.take_notices()) == 1


def test_store__a_game_id_is_counted_once_however_often_it_is_recorded(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)  # two windows
    first.record(win(4), "game-1")
    second.record(win(4), "game-1")  # the same decision again (a resumed copy, a second window)
    first.record(win(6), "game-2")
    second.record(GameResult(CLASSIC, GameEnd.LOST, 10, 300.0), "game-3")
    stats = Store(tmp_path).load_stats()["Classic"]
    assert (stats.games, stats.wins, dict(stats.guesses_needed)) == (3, 2, {4: 1, 6: 1})


def test_store__a_decision_that_fails_halfway_leaves_nothing_behind(tmp_path):
    store = Store(tmp_path)
    store.save_kept("classic:Classic", kept_save(), "game-1")
    with pytest.raises(AlreadyDecided), store.transaction():
        store.decide("game-1", "Classic")
        store.count(win())
        store.drop_kept("classic:Classic", game_id="game-1")
        store.decide_attempt("2026-11-23", "daily:Classic", {"grades": [], "points": 0})
        store.decide_attempt("2026-11-23", "daily:Classic", {"grades": [], "points": 0})
    again = Store(tmp_path)
    assert again.load_stats() == {} and list(again.load_kept()) == ["classic:Classic"]
    assert again.attempts("daily:Classic") == {}


def test_store__a_kept_game_is_claimed_by_one_window_only(tmp_path):
    Store(tmp_path).save_kept("classic:Classic", kept_save(2), "game-1")
    first, second = Store(tmp_path), Store(tmp_path)
    (one,) = kept_games(StoreApp(first))
    (two,) = kept_games(StoreApp(second))  # both menus list it
    assert one.entry.route.name == "resume"
    listed = one.entry.route.args["holder"]
    assert two.entry.route.args["holder"] == listed
    assert first.claim_kept("classic:Classic", "game-1", listed)
    assert not second.claim_kept("classic:Classic", "game-1", listed)
    assert "another window" in second.take_notices()[0]
    assert first.take_claim("classic:Classic") == "game-1" and second.take_claim("classic:Classic") is None
    # a later start (the first window killed) may take it up again, as listed then
    (later,) = kept_games(StoreApp(Store(tmp_path)))
    assert Store(tmp_path).claim_kept("classic:Classic", "game-1", later.entry.route.args["holder"])


def test_store__a_kept_game_its_mode_refuses_is_set_aside_not_deleted(tmp_path):
    good = kept_save()
    Store(tmp_path).save_kept("classic:Classic", {**good, "data": {**good["data"], "elapsed_s": -1}})
    store = Store(tmp_path)
    assert list(kept_games(StoreApp(store))) == [] and store.load_kept() == {}
    (row,) = set_aside(tmp_path)
    assert row[:2] == ("kept game", "classic:Classic") and store.take_notices()


def test_store__dropping_a_slot_by_game_id_never_drops_another_game(tmp_path):
    store = Store(tmp_path)
    store.save_kept("classic:Classic", kept_save(), "new-game")
    assert not store.drop_kept("classic:Classic", game_id="old-game")
    assert store.drop_kept("classic:Classic", game_id="new-game") and store.load_kept() == {}


def test_store__a_score_is_in_the_table_when_decided_and_signed_later(tmp_path):
    store = Store(tmp_path)
    store.add_high_score("Classic", HighScore("MAX", 900, "2026-11-22"))  # the initials last used
    with store.transaction():
        store.decide("game-1")
        assert store.enter_high_score("Classic", 1200, "2026-11-23", "game-1") == 1
    # the window closes before the initials are confirmed: the score stands under the last initials
    table = Store(tmp_path).load_high_scores()["Classic"]
    assert [(e.initials, e.score) for e in table.entries] == [("MAX", 1200), ("MAX", 900)]
    assert Store(tmp_path).entered_rank("Classic", 1200) == 1
    assert store.add_high_score("Classic", HighScore("ZOE", 1200, "2026-11-23")) == 1
    table = Store(tmp_path).load_high_scores()["Classic"]
    assert [(e.initials, e.score) for e in table.entries] == [("ZOE", 1200), ("MAX", 900)]


def test_store__two_windows_adding_high_scores_keep_both(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.add_high_score("Blitz", HighScore("AAA", 500, "2026-11-23")) == 1
    assert second.add_high_score("Blitz", HighScore("BBB", 700, "2026-11-23")) == 1
    table = Store(tmp_path).load_high_scores()["Blitz"]
    assert [(e.initials, e.score) for e in table.entries] == [("BBB", 700), ("AAA", 500)]


def test_store__a_modes_record_round_trips_and_a_refused_one_is_set_aside(tmp_path):
    store = Store(tmp_path)
    book = store.update_record(BLITZ_BOOK, lambda b: BlitzBook(BlitzStats(2, 1800, 3, 4)))
    assert Store(tmp_path).load_record(BLITZ_BOOK) == book
    with sqlite3.connect(tmp_path / DB_FILE) as db:
        db.execute("UPDATE records SET data = ? WHERE name = 'blitz'", (json.dumps({"stats": {"runs": -1}}),))
    again = Store(tmp_path)
    assert again.load_record(BLITZ_BOOK) == BlitzBook()
    assert set_aside(tmp_path)[0][:2] == ("records of", "blitz") and again.take_notices()


def test_store__one_attempt_a_day_whichever_window_asks(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.play_attempt("2026-11-23", "daily:Classic", {"rows": 1})
    assert second.play_attempt("2026-11-23", "daily:Classic", {"rows": 2})  # the same attempt, carried on
    first.decide_attempt("2026-11-23", "daily:Classic", {"grades": [[4, 0]], "points": 300})
    with pytest.raises(AlreadyDecided):
        second.decide_attempt("2026-11-23", "daily:Classic", {"grades": [[0, 0]], "points": 0})
    assert not second.play_attempt("2026-11-23", "daily:Classic", {"rows": 3})  # learns it is decided
    (attempt,) = Store(tmp_path).attempts("daily:Classic").values()
    assert attempt.state == "decided" and attempt.result["points"] == 300


def test_store__the_modes_declare_their_records_and_the_store_names_no_mode():
    names = {book.name for book in record_books()}
    assert {"daily", "blitz", "deduce"} <= names
    source = Path(default_directory.__code__.co_filename).read_text()
    for word in ("daily", "blitz", "deduce", "duel", "MATCH_KEY", "Two players"):
        assert f"def load_{word}" not in source and f"def update_{word}" not in source
    assert "MATCH_KEY" not in source


def test_store__a_notice_quotes_a_huge_value_as_a_short_excerpt(tmp_path):
    huge = "x" * 1_000_000
    assert len(excerpt(huge)) <= 60
    store = Store(tmp_path)
    store.save_kept("classic:Classic", {"mode": "classic", "version": 1, "data": {"v": huge}})
    with sqlite3.connect(tmp_path / DB_FILE) as db:
        db.execute("UPDATE kept SET data = ?", ("{" + huge,))
    assert store.load_kept() == {}
    (text,) = store.take_notices()
    assert len(text) < 300


def test_store__a_score_is_entered_under_the_latest_initials_any_table_shows_else_you(tmp_path):
    store = Store(tmp_path, clock=lambda: NOW)
    store.decide("first")
    store.enter_high_score("Classic", 900, "2026-11-23", "first")
    assert store.load_high_scores()["Classic"].entries[0].initials == DEFAULT_INITIALS == "YOU"
    store.add_high_score("Blitz", HighScore("ANN", 300, "2026-11-23"))  # signed in another table
    store.decide("second")
    store.enter_high_score("Classic", 800, "2026-11-23", "second")
    assert [e.initials for e in store.load_high_scores()["Classic"].entries] == ["YOU", "ANN"]
