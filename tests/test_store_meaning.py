"""Stored statistics and records read by what they mean: a row that contradicts itself is set aside
(kept, with why), never deleted and never half-trusted. What a bucket's histogram counts is what its
mode declares (StatsTab.histogram): a Classic bucket's unassisted wins, a match's every match."""

from __future__ import annotations

import json
import sqlite3

import pytest

from game.modes.blitz.book import BLITZ_BOOK, BlitzBook, BlitzStats, blitz_file_from_dict, blitz_file_to_dict
from game.modes.match.hooks import MATCH_KEY
from game.modes.registry import high_score_tables, histograms, record_books
from game.store import DB_FILE, Store


def stored(kind: str, data) -> str:
    return json.dumps({"schema_version": 1, "kind": kind, "data": data})


def declared(directory) -> Store:
    store = Store(directory)
    store.declare(high_score_tables(), record_books(), histograms())
    return store


def put(directory, table: str, key: str, data) -> None:
    """A row written into the database as another version or a careless hand might have."""
    store = Store(directory)
    column = "bucket" if table == "stats" else "name"
    with store.transaction() as db:
        db.execute(f"INSERT OR REPLACE INTO {table}({column}, data) VALUES (?, ?)", (key, json.dumps(data)))
    store.close()


def set_aside(directory) -> list[tuple[str, str, str]]:
    with sqlite3.connect(directory / DB_FILE) as db:
        return db.execute("SELECT what, name, data FROM set_aside").fetchall()


# a histogram of two games where one was won: more than the wins, within the games
TWO_OF_THREE = {"games": 3, "wins": 1, "best_streak": 1, "guesses_needed": {"4": 2}}


def test_store_meaning__a_classic_histogram_counting_more_than_its_wins_is_set_aside(tmp_path):
    put(tmp_path, "stats", "Classic", TWO_OF_THREE)
    store = declared(tmp_path)
    assert store.load_stats() == {}
    ((what, name, data),) = set_aside(tmp_path)
    assert (what, name, json.loads(data)) == ("statistics of", "Classic", TWO_OF_THREE)
    assert len(store.take_notices()) == 1


def test_store_meaning__a_match_histogram_counts_every_match_by_its_rounds(tmp_path):
    put(tmp_path, "stats", MATCH_KEY, TWO_OF_THREE)
    assert dict(declared(tmp_path).load_stats()[MATCH_KEY].guesses_needed) == {4: 2}
    put(tmp_path, "stats", MATCH_KEY, {**TWO_OF_THREE, "guesses_needed": {"4": 4}})  # more than the games
    assert declared(tmp_path).load_stats() == {} and len(set_aside(tmp_path)) == 1


def test_store_meaning__an_earlier_statistics_file_is_checked_by_the_same_meanings(tmp_path):
    (tmp_path / "statistics.json").write_text(stored("statistics", {"Classic": TWO_OF_THREE}))
    store = declared(tmp_path)
    assert store.load_stats() == {} and (tmp_path / "statistics.corrupt.json").exists()
    match = tmp_path / "match"
    match.mkdir()
    (match / "statistics.json").write_text(stored("statistics", {MATCH_KEY: TWO_OF_THREE}))
    assert declared(match).load_stats()[MATCH_KEY].games == 3


def test_store_meaning__the_modes_declare_what_each_histogram_counts():
    meanings = histograms()
    assert meanings[MATCH_KEY] == "games" and meanings["Classic"] == "wins"
    assert set(meanings.values()) == {"wins", "games"}


# --- Blitz --------------------------------------------------------------------------------------------


def test_store_meaning__blitz_statistics_round_trip_through_the_database(tmp_path):
    book = BlitzBook(BlitzStats(2, 1800, 3, 4))
    assert blitz_file_from_dict(blitz_file_to_dict(book)) == book
    declared(tmp_path).update_record(BLITZ_BOOK, lambda _: book)
    assert declared(tmp_path).load_record(BLITZ_BOOK) == book and set_aside(tmp_path) == []


@pytest.mark.parametrize(
    "stats",
    [
        {"runs": 1, "best_score": 850, "best_cracked": 1, "total_cracked": 1},  # not a whole turn's points
        {"runs": 1, "best_score": 900, "best_cracked": 3, "total_cracked": 2},  # best beyond the total
        {"runs": 0, "best_score": 900, "best_cracked": 1, "total_cracked": 1},  # codes in no run
        {"runs": 2, "best_score": 2100, "best_cracked": 2, "total_cracked": 3},  # more than 2 codes can score
        {"runs": 1, "best_score": 10**19, "best_cracked": 1, "total_cracked": 1},
        {"runs": True, "best_score": 0, "best_cracked": 0, "total_cracked": 0},
        {"runs": -1, "best_score": 0, "best_cracked": 0, "total_cracked": 0},
        {"runs": 1, "best_score": 0, "best_cracked": 0},  # a figure missing
    ],
)
def test_store_meaning__blitz_statistics_that_contradict_themselves_are_set_aside(tmp_path, stats):
    put(tmp_path, "records", "blitz", {"stats": stats})
    store = declared(tmp_path)
    assert store.load_record(BLITZ_BOOK) == BlitzBook()  # the default shown, the row not trusted
    ((what, name, data),) = set_aside(tmp_path)  # kept whole, with why
    assert (what, name, json.loads(data)) == ("records of", "blitz", {"stats": stats})
    assert len(store.take_notices()) == 1
    store.update_record(BLITZ_BOOK, lambda book: BlitzBook(BlitzStats(1, 100, 1, 1)))  # the game goes on
    assert declared(tmp_path).load_record(BLITZ_BOOK).stats.runs == 1 and len(set_aside(tmp_path)) == 1


@pytest.mark.parametrize(
    "stats, ok",
    [
        ({"runs": 2, "best_score": 2000, "best_cracked": 2, "total_cracked": 3}, True),
        ({"runs": 2, "best_score": 2100, "best_cracked": 2, "total_cracked": 3}, False),
    ],
)
def test_store_meaning__an_earlier_blitz_file_is_read_in_only_when_its_figures_agree(tmp_path, stats, ok):
    (tmp_path / "blitz.json").write_text(stored("blitz", {"stats": stats}))
    store = declared(tmp_path)
    assert (store.load_record(BLITZ_BOOK).stats.runs == stats["runs"]) is ok
    assert (tmp_path / ("blitz.migrated.json" if ok else "blitz.corrupt.json")).exists()
