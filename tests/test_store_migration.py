"""Earlier versions' JSON files read into the database once, in one transaction, and kept renamed
beside it: statistics, kept games, the one saved game, high scores, the Daily code's, Blitz's and
Deduce's own files. Nothing is lost, nothing is counted twice, a damaged file is kept and named."""

from __future__ import annotations

import datetime as dt
import json

from game.core.config import GameConfig
from game.core.daily import daily_config, daily_secret
from game.core.records import DifficultyStats, stats_to_dict
from game.modes.blitz.book import BLITZ_BOOK, BlitzStats
from game.modes.classic.hooks import PLAIN_SAVE
from game.modes.daily.book import load_daily
from game.modes.deduce.book import DEDUCE_BOOK, daily_figures
from game.modes.registry import high_score_tables, kept_games, record_books
from game.play.record import GameRecord, Player
from game.store import Store
from tests.test_store import StoreApp

CLASSIC = GameConfig(4, 6)
DAY = dt.date(2026, 11, 23)


def stored(kind: str, data) -> str:
    return json.dumps({"schema_version": 1, "kind": kind, "data": data})


def declared(directory) -> Store:
    store = Store(directory)
    store.declare(high_score_tables(), record_books())
    return store


def daily_game(day: dt.date, rows: int) -> GameRecord:
    secret = daily_secret(day, "Super")
    record = GameRecord.new(daily_config("Super"), secret)
    for _ in range(rows):
        record = record.played(tuple((peg + 1) % 8 for peg in secret), Player.PLAYER)
    return record


def earlier_files(directory) -> None:
    """One of each file an earlier version wrote (the forms the store's tests used)."""
    classic = DifficultyStats(
        games=5, wins=3, current_streak=2, best_streak=2, best_score=900, guesses_needed={4: 3}
    )
    (directory / "statistics.json").write_text(stored("statistics", {"Classic": stats_to_dict(classic)}))
    kept = PLAIN_SAVE.envelope(
        "classic", GameRecord.new(CLASSIC, (0, 0, 1, 2)).played((0, 1, 2, 3), Player.PLAYER)
    )
    (directory / "kept.json").write_text(stored("kept games", {"games": {"classic:Classic": kept}}))
    easy = GameRecord.new(GameConfig(3, 4, difficulty="relaxed"), (0, 1, 2)).played((1, 1, 1), Player.PLAYER)
    (directory / "game.json").write_text(stored("game", easy.to_dict()))
    scores = {"Blitz": [{"initials": "ABC", "score": 1200, "date": "2026-11-23"}], "Classic": []}
    (directory / "highscores.json").write_text(stored("high scores", scores))
    results = {
        "Classic": {"last_day": "2026-11-22", "grades": [[1, 0], [4, 0]], "streak": 3, "best_streak": 3}
    }
    in_progress = {"Super": {"day": DAY.isoformat(), "record": daily_game(DAY, 2).to_dict()}}
    (directory / "daily.json").write_text(stored("daily", {"results": results, "in_progress": in_progress}))
    scores = {"Classic": {"day": "2026-11-22", "points": 1234}}
    (directory / "daily_scores.json").write_text(stored("daily_scores", scores))
    blitz = {"stats": {"runs": 2, "best_score": 1800, "best_cracked": 3, "total_cracked": 4}}
    (directory / "blitz.json").write_text(stored("blitz", blitz))
    level = {"last_day": "2026-11-22", "last_stars": 2, "streak": 2, "best_streak": 4, "next_practice": 7}
    (directory / "deduce.json").write_text(stored("deduce", {"5x8": level}))


def test_store_migration__every_earlier_file_is_read_in_once_and_kept_beside(tmp_path):
    earlier_files(tmp_path)
    store = declared(tmp_path)
    assert store.load_stats()["Classic"].games == 5
    assert sorted(store.load_kept()) == ["classic:Classic", "classic:Easy"]
    assert [(e.initials, e.score) for e in store.load_high_scores()["Blitz"].entries] == [("ABC", 1200)]
    daily = load_daily(store)
    assert not daily.can_play("Classic", dt.date(2026, 11, 22)) and daily.can_play("Classic", DAY)
    assert daily.streaks("Classic", DAY)[0] == 3  # the streak an earlier version counted goes on
    assert daily.result_on("Classic", dt.date(2026, 11, 22)).points == 1234
    assert daily.game_for("Super", DAY) == daily_game(DAY, 2)
    assert store.load_record(BLITZ_BOOK).stats == BlitzStats(2, 1800, 3, 4)
    assert store.load_record(DEDUCE_BOOK).level("5x8").next_practice == 7
    assert set(store.attempts("deduce:5x8")) == {"2026-11-21", "2026-11-22"}
    names = {p.name for p in tmp_path.iterdir()}
    for stem in ("statistics", "kept", "game", "highscores", "daily", "daily_scores", "blitz", "deduce"):
        assert f"{stem}.migrated.json" in names and f"{stem}.json" not in names
    assert store.take_notices() == []
    again = declared(tmp_path)  # a second start reads nothing twice
    assert again.load_stats()["Classic"].games == 5
    assert len(again.load_high_scores()["Blitz"].entries) == 1
    assert len(list(kept_games(StoreApp(again)))) == 3  # the two kept games and the Daily Super of today


def test_store_migration__files_put_back_by_hand_are_not_counted_again(tmp_path):
    earlier_files(tmp_path)
    declared(tmp_path).load_stats()
    (tmp_path / "statistics.migrated.json").rename(tmp_path / "statistics.json")
    assert declared(tmp_path).load_stats()["Classic"].games == 5


def test_store_migration__a_damaged_earlier_file_is_kept_and_named_and_the_rest_go_in(tmp_path):
    earlier_files(tmp_path)
    (tmp_path / "blitz.json").write_text(
        stored("blitz", {"stats": {"runs": 1, "best_score": 900, "best_cracked": 5, "total_cracked": 2}})
    )
    (tmp_path / "highscores.json").write_text("{ not json")
    store = declared(tmp_path)
    assert store.load_stats()["Classic"].games == 5 and store.load_record(BLITZ_BOOK).stats.runs == 0
    notices = store.take_notices()
    assert (
        sum("blitz.json" in text for text in notices) == 1
        and sum("highscores.json" in text for text in notices) == 1
    )
    names = {p.name for p in tmp_path.iterdir()}
    assert {"blitz.corrupt.json", "highscores.corrupt.json", "statistics.migrated.json"} <= names


def test_store_migration__a_kept_game_an_earlier_version_kept_is_set_aside_when_refused(tmp_path):
    good = PLAIN_SAVE.envelope("classic", GameRecord.new(CLASSIC, (0, 0, 1, 2)))
    bad = {**good, "data": {**good["data"], "elapsed_s": -1}}
    (tmp_path / "kept.json").write_text(stored("kept games", {"games": {"classic:Classic": bad}}))
    store = declared(tmp_path)
    assert list(kept_games(StoreApp(store))) == []
    with store.transaction() as db:
        assert db.execute("SELECT name FROM set_aside").fetchall() == [("classic:Classic",)]


def test_store_migration__a_best_streak_longer_than_the_current_one_is_carried_over(tmp_path):
    earlier_files(tmp_path)
    results = {
        "Classic": {"last_day": "2026-11-22", "grades": [[4, 0]], "streak": 2, "best_streak": 9},
        "Super": {"last_day": "2026-11-20", "grades": [[1, 1]], "streak": 0, "best_streak": 5},
    }
    (tmp_path / "daily.json").write_text(stored("daily", {"results": results, "in_progress": {}}))
    store = declared(tmp_path)
    daily = load_daily(store)
    assert daily.streaks("Classic", DAY) == (2, 9) and daily.streaks("Super", DAY) == (0, 5)
    # the deduce.json of earlier_files: a streak of 2 days, a best of 4
    assert daily_figures(store, "5x8", DAY)[2:] == (2, 4)
    # later wins count on from the stored days; a new best passes the carried one
    for back in range(2, 9):  # the 7 days before the carried streak, all won: 9 in a row with it
        day = (dt.date(2026, 11, 22) - dt.timedelta(days=back)).isoformat()
        store.decide_attempt(day, "deduce:5x8", {"stars": 3})
    assert daily_figures(store, "5x8", DAY)[2:] == (9, 9)
    assert store.take_notices() == [] and declared(tmp_path).take_notices() == []
    again = load_daily(declared(tmp_path))  # read once, kept: a second start still shows them
    assert again.streaks("Classic", DAY) == (2, 9)


def test_store_migration__a_carried_best_streak_that_cannot_be_is_set_aside(tmp_path):
    store = declared(tmp_path)
    with store.transaction() as db:
        db.execute(
            "INSERT INTO records VALUES ('daily', ?)", (json.dumps({"best_streaks": {"Classic": -3}}),)
        )
    assert load_daily(store).streaks("Classic", DAY) == (0, 0) and len(store.take_notices()) == 1
