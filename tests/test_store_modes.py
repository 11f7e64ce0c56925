"""High scores, daily results and Blitz runs go through the store's one hardened path, as statistics
do: round trips, damaged and newer files moved aside, unreadable files left alone, unwritable
directories keeping this session's entries in memory, and the read-modify-write of two windows."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from game.core.blitz import new_blitz
from game.core.daily import DailyError, daily_config, daily_secret
from game.core.highscores import HighScore, HighScoreTable
from game.play.modefiles import BlitzBook, BlitzStats, DailyBook
from game.play.record import GameRecord, Player
from game.store import (
    BLITZ_FILE,
    DAILY_FILE,
    HIGH_SCORES_FILE,
    MODES_LOCK_FILE,
    SCHEMA_VERSION,
    STATS_LOCK_FILE,
    Store,
)
from tests.test_store_hostile import refused_by_the_kernel, shared_dir  # noqa: F401  (a fixture)

DAY = dt.date(2026, 11, 23)
KINDS = {HIGH_SCORES_FILE: "high scores", DAILY_FILE: "daily", BLITZ_FILE: "blitz"}


def files(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()} - {STATS_LOCK_FILE, MODES_LOCK_FILE}


def stored(kind: str, data, version: int = SCHEMA_VERSION) -> str:
    return json.dumps({"schema_version": version, "kind": kind, "data": data})


def daily_game(day: dt.date = DAY, rows: int = 1) -> GameRecord:
    """A daily Classic game of `day` with `rows` wrong guesses played (never the secret)."""
    secret = daily_secret(day, "Classic")
    wrong = tuple((peg + 1) % 6 for peg in secret)
    record = GameRecord.new(daily_config("Classic"), secret)
    for _ in range(rows):
        record = record.played(wrong, Player.PLAYER)
    return record


def daily_won(day: dt.date = DAY) -> GameRecord:
    return daily_game(day, 2).played(daily_secret(day, "Classic"), Player.PLAYER)


def blitz_played() -> BlitzBook:
    return BlitzBook(BlitzStats(2, 1800, 3, 4)).finished(new_blitz(5).tick(30.0).crack(3).crack(1))


def fill(store: Store) -> None:
    store.add_high_score("Blitz", HighScore("ABC", 1200, "2026-11-23"))
    store.update_daily(lambda book: book.finished("Classic", DAY, daily_won()))
    store.update_blitz(lambda book: blitz_played())


# --- round trips ------------------------------------------------------------------------------------


def test_store_modes__everything_round_trips_through_a_new_store(tmp_path):
    store = Store(tmp_path)
    fill(store)
    again = Store(tmp_path)
    assert again.load_high_scores()["Blitz"].entries == (HighScore("ABC", 1200, "2026-11-23"),)
    assert again.load_high_scores()["Classic"] == HighScoreTable()
    daily = again.load_daily()
    assert daily.result("Classic").last_day == DAY and daily.result("Classic").streak == 1
    assert not daily.can_play("Classic", DAY) and daily.can_play("Super", DAY)
    assert again.load_blitz().stats == BlitzStats(3, 1800, 3, 6)
    for name, kind in KINDS.items():
        doc = json.loads((tmp_path / name).read_text())
        assert doc["schema_version"] == SCHEMA_VERSION and doc["kind"] == kind
    assert again.take_notices() == []


def test_store_modes__missing_files_give_empty_books_without_notice(tmp_path):
    store = Store(tmp_path / "not" / "yet")
    assert all(table == HighScoreTable() for table in store.load_high_scores().values())
    assert store.load_daily() == DailyBook() and store.load_blitz() == BlitzBook()
    assert store.take_notices() == []


def test_store_modes__daily_game_in_progress_is_handed_out_on_its_own_day_only(tmp_path):
    store = Store(tmp_path)
    store.update_daily(lambda book: book.with_game("Classic", DAY, daily_game(rows=2)))
    book = Store(tmp_path).load_daily()
    assert book.game_for("Classic", DAY) == daily_game(rows=2)
    assert book.game_for("Classic", DAY + dt.timedelta(days=1)) is None
    assert book.game_for("Super", DAY) is None


def test_store_modes__a_second_daily_attempt_is_refused_and_changes_nothing(tmp_path):
    store = Store(tmp_path)
    store.update_daily(lambda book: book.finished("Classic", DAY, daily_won()))
    before = (tmp_path / DAILY_FILE).read_text()
    with pytest.raises(DailyError, match="already been played"):
        store.update_daily(lambda book: book.finished("Classic", DAY, daily_game(rows=3)))
    assert (tmp_path / DAILY_FILE).read_text() == before
    assert store.load_daily().result("Classic").grades[-1].black == 4


def test_store_modes__two_stores_adding_high_scores_keep_both(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    first.load_high_scores()
    second.load_high_scores()
    assert first.add_high_score("Classic", HighScore("AAA", 500, "2026-11-23")) == 1
    assert second.add_high_score("Classic", HighScore("BBB", 700, "2026-11-23")) == 1
    table = Store(tmp_path).load_high_scores()["Classic"]
    assert [(e.initials, e.score) for e in table.entries] == [("BBB", 700), ("AAA", 500)]


# --- damaged, newer, unreadable files ----------------------------------------------------------------

DAMAGED = {
    HIGH_SCORES_FILE: {"Classic": [{"initials": "ab", "score": 10, "date": "2026-11-23"}]},
    DAILY_FILE: {
        "results": {},
        # the next day's code kept under this day: not the code of its day
        "in_progress": {
            "Classic": {"day": DAY.isoformat(), "record": daily_game(DAY + dt.timedelta(1)).to_dict()}
        },
    },
    BLITZ_FILE: {
        "stats": {"runs": 1, "best_score": 900, "best_cracked": 5, "total_cracked": 2},
    },
}


@pytest.mark.parametrize("name", sorted(KINDS))
@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]", "damaged"])
def test_store_modes__damaged_file_is_moved_aside_with_a_notice(tmp_path, name, text):
    if text == "damaged":
        text = stored(KINDS[name], DAMAGED[name])
    (tmp_path / name).write_text(text)
    store = Store(tmp_path)
    loaded = (store.load_high_scores(), store.load_daily(), store.load_blitz())
    assert loaded == (Store(tmp_path / "empty").load_high_scores(), DailyBook(), BlitzBook())
    stem = Path(name).stem
    (notice,) = store.take_notices()
    assert f"{stem}.corrupt-1.json" in notice
    assert (tmp_path / f"{stem}.corrupt-1.json").read_text() == text and not (tmp_path / name).exists()
    fill(store)  # the game goes on and writes a fresh file
    assert Store(tmp_path).load_high_scores()["Blitz"].entries[0].initials == "ABC"


@pytest.mark.parametrize("name", sorted(KINDS))
def test_store_modes__newer_schema_version_is_moved_aside(tmp_path, name):
    text = stored(KINDS[name], {"from": "the future"}, version=SCHEMA_VERSION + 1)
    (tmp_path / name).write_text(text)
    store = Store(tmp_path)
    store.load_high_scores(), store.load_daily(), store.load_blitz()
    (notice,) = store.take_notices()
    assert "newer version" in notice and f"{Path(name).stem}.newer-1.json" in notice
    assert (tmp_path / f"{Path(name).stem}.newer-1.json").read_text() == text


def test_store_modes__file_of_another_kind_is_not_trusted(tmp_path):
    (tmp_path / DAILY_FILE).write_text(stored("blitz", {"stats": {}}))
    store = Store(tmp_path)
    assert store.load_daily() == DailyBook()
    assert "daily.corrupt-1.json" in files(tmp_path)


def test_store_modes__unwritable_directory_keeps_every_entry_in_memory_with_one_notice_each(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the directory should be")
    store = Store(blocker)
    fill(store)
    store.add_high_score("Blitz", HighScore("XYZ", 1500, "2026-11-24"))
    assert [e.initials for e in store.load_high_scores()["Blitz"].entries] == ["XYZ", "ABC"]
    assert not store.load_daily().can_play("Classic", DAY)
    assert store.load_blitz() == blitz_played()
    notices = store.take_notices()
    assert len(notices) == 3 and all("kept for this session only" in n for n in notices)
    assert blocker.read_text() == "a file where the directory should be"


def test_store_modes__unreadable_high_scores_are_left_in_place_and_never_overwritten(shared_dir):  # noqa: F811
    Store(shared_dir).add_high_score("Classic", HighScore("OLD", 900, "2026-11-20"))
    path = shared_dir / HIGH_SCORES_FILE
    text = path.read_text()
    os.chmod(path, 0o000)
    with refused_by_the_kernel(shared_dir, path):
        store = Store(shared_dir)
        first = store.load_high_scores()["Classic"]
        rank = store.add_high_score("Classic", HighScore("NEW", 100, "2026-11-23"))
        shown = store.load_high_scores()["Classic"]
        notices = store.take_notices()
    os.chmod(path, 0o644)
    assert first == HighScoreTable() and rank == 1 and shown.entries[0].initials == "NEW"
    assert len(notices) == 1 and "cannot be read" in notices[0]
    assert path.read_text() == text


def test_store_modes__read_only_directory_keeps_this_sessions_results_over_the_old_files(shared_dir):  # noqa: F811
    setup = Store(shared_dir)
    setup.add_high_score("Classic", HighScore("OLD", 500, "2026-11-20"))
    setup.update_blitz(lambda book: book.finished(new_blitz(1).tick(200.0)))
    setup.update_daily(lambda book: book.with_game("Classic", DAY, daily_game()))
    on_disk = {name: (shared_dir / name).read_text() for name in KINDS}
    os.chmod(shared_dir, 0o555)
    with refused_by_the_kernel(shared_dir, *(shared_dir / name for name in KINDS)):
        store = Store(shared_dir)
        rank = store.add_high_score("Classic", HighScore("NEW", 900, "2026-11-23"))
        table = [e.initials for e in store.load_high_scores()["Classic"].entries]
        for seed in (2, 3, 4):
            store.update_blitz(lambda book, seed=seed: book.finished(new_blitz(seed).crack(2).tick(400.0)))
        blitz = store.load_blitz().stats
        store.update_daily(lambda book: book.finished("Classic", DAY, daily_won()))
        daily = store.load_daily()
        with pytest.raises(DailyError):  # a second attempt is refused though nothing reached the disk
            store.update_daily(lambda book: book.finished("Classic", DAY, daily_won()))
        notices = store.take_notices()
    os.chmod(shared_dir, 0o755)
    assert rank == 1 and table == ["NEW", "OLD"]
    assert (blitz.runs, blitz.total_cracked, blitz.best_cracked) == (4, 3, 1)
    assert not daily.can_play("Classic", DAY) and daily.game_for("Classic", DAY) is None
    assert daily.result("Classic").streak == 1
    assert len(notices) == 3 and all("kept for this session only" in n for n in notices)
    assert {name: (shared_dir / name).read_text() for name in KINDS} == on_disk  # never touched


def test_store_modes__unsaved_results_are_written_with_the_next_change_that_can_be(tmp_path, monkeypatch):
    import game.store as store_module

    store = Store(tmp_path)
    store.add_high_score("Blitz", HighScore("OLD", 100, "2026-11-20"))
    real_write = store_module.write_atomically

    def refuse(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module, "write_atomically", refuse)
    store.add_high_score("Blitz", HighScore("ONE", 300, "2026-11-23"))
    store.update_blitz(lambda book: blitz_played())
    monkeypatch.setattr(store_module, "write_atomically", real_write)
    store.add_high_score("Blitz", HighScore("TWO", 200, "2026-11-23"))
    fresh = Store(tmp_path)
    assert [e.initials for e in fresh.load_high_scores()["Blitz"].entries] == ["ONE", "TWO", "OLD"]
    assert fresh.load_blitz() == BlitzBook()  # the Blitz change waits for a Blitz write...
    assert store.load_blitz() == blitz_played()  # ...and is still shown in the session that made it
