"""The store never loses a record: corrupt, newer, unreadable and unwritable files; interrupted writes."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from game.core.config import GameConfig
from game.core.records import DifficultyStats, GameEnd, GameResult
from game.core.state import Guess, apply_move, new_game
from game.modes.registry import kept_games
from game.play.record import GameRecord
from game.screens.play_hooks import PLAIN_SAVE
from game.store import (
    GAME_FILE,
    KEPT_LOCK_FILE,
    SCHEMA_VERSION,
    SETTINGS_FILE,
    STATS_FILE,
    STATS_LOCK_FILE,
    Settings,
    Store,
    default_directory,
)

CLASSIC = GameConfig(4, 6)
CHANGED = Settings(palette="classic", symbols=False, volume=0.25, reduced_motion=True, window_size=(800, 600))


def win(guesses: int = 4) -> GameResult:
    return GameResult(CLASSIC, GameEnd.WON, guesses, 42.0)


def files(directory: Path) -> set[str]:
    """The stored files (the lock files, empty and kept on purpose, are left out)."""
    return {p.name for p in directory.iterdir()} - {STATS_LOCK_FILE, KEPT_LOCK_FILE}


def kept_save(record: GameRecord) -> dict:
    """A plain game as the playing screen keeps it."""
    return PLAIN_SAVE.envelope("classic", record)


class StoreApp:
    """What kept_games() reads of an app: its store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def now(self) -> dt.datetime:
        return dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)


def test_store__default_directory_is_the_platform_user_data_dir_for_the_app():
    assert default_directory().name == "mastermind-arcade"
    assert Store().directory == default_directory()


def test_store__settings_round_trip_through_a_new_store(tmp_path):
    assert Store(tmp_path).save_settings(CHANGED)
    assert Store(tmp_path).load_settings() == CHANGED
    doc = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert doc["schema_version"] == SCHEMA_VERSION and doc["kind"] == "settings"


def test_store__missing_files_give_defaults_without_notice(tmp_path):
    store = Store(tmp_path / "not" / "yet")
    assert store.load_settings() == Settings()
    assert store.load_stats() == {}
    assert store.load_kept() == {}
    assert store.take_notices() == []


@pytest.mark.parametrize(
    "text",
    ["{not json", "", "\x00\x01", "[1, 2]", '{"schema_version": "1", "kind": "settings", "data": {}}'],
)
def test_store__corrupt_settings_are_moved_aside_with_a_notice(tmp_path, text):
    (tmp_path / SETTINGS_FILE).write_text(text)
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    notices = store.take_notices()
    assert len(notices) == 1 and "settings.corrupt-1.json" in notices[0]
    assert (tmp_path / "settings.corrupt-1.json").read_text() == text
    assert not (tmp_path / SETTINGS_FILE).exists()
    assert store.save_settings(CHANGED) and Store(tmp_path).load_settings() == CHANGED


def test_store__non_utf8_bytes_are_moved_aside(tmp_path):
    (tmp_path / STATS_FILE).write_bytes(b"\xff\xfe\x00garbage")
    store = Store(tmp_path)
    assert store.load_stats() == {}
    assert (tmp_path / "statistics.corrupt-1.json").read_bytes() == b"\xff\xfe\x00garbage"
    assert store.take_notices()


def test_store__second_corrupt_file_never_overwrites_the_first_one_moved_aside(tmp_path):
    for n, text in enumerate(["first {", "second {"], start=1):
        (tmp_path / STATS_FILE).write_text(text)
        Store(tmp_path).load_stats()
        assert (tmp_path / f"statistics.corrupt-{n}.json").read_text() == text
    assert (tmp_path / "statistics.corrupt-1.json").read_text() == "first {"


def test_store__newer_schema_version_is_moved_aside_and_defaults_used(tmp_path):
    newer = {"schema_version": SCHEMA_VERSION + 1, "kind": "statistics", "data": {"Classic": {"games": 9}}}
    (tmp_path / STATS_FILE).write_text(json.dumps(newer))
    store = Store(tmp_path)
    assert store.load_stats() == {}
    (notice,) = store.take_notices()
    assert "newer version" in notice and "statistics.newer-1.json" in notice
    assert json.loads((tmp_path / "statistics.newer-1.json").read_text()) == newer


def test_store__damaged_statistics_record_is_moved_aside(tmp_path):
    doc = {"schema_version": 1, "kind": "statistics", "data": {"Classic": {"games": 1, "wins": 5}}}
    (tmp_path / STATS_FILE).write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.load_stats() == {}
    assert "statistics.corrupt-1.json" in files(tmp_path)


def test_store__bad_settings_field_takes_its_default_and_keeps_the_rest(tmp_path):
    data = {"palette": "classic", "volume": "loud", "animation_speed": 99, "window_size": [5, 5], "x": 1}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"schema_version": 1, "kind": "settings", "data": data}))
    store = Store(tmp_path)
    assert store.load_settings() == Settings(palette="classic")
    assert store.take_notices() == []


def test_store__directory_where_the_file_should_be_is_moved_aside(tmp_path):
    (tmp_path / SETTINGS_FILE).mkdir()  # a directory where the file should be: reading raises
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert (tmp_path / "settings.corrupt-1.json").is_dir()
    assert store.take_notices()


def test_store__unwritable_directory_keeps_going_in_memory_with_one_notice(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the directory should be")
    store = Store(blocker)
    assert store.load_settings() == Settings()
    assert not store.save_settings(CHANGED)
    assert not store.save_settings(CHANGED)
    assert store.load_settings() == CHANGED  # kept in memory
    book, points = store.record(win())
    book, _ = store.record(win())
    assert book["Classic"].wins == 2 and points > 0 and store.load_stats()["Classic"].wins == 2
    assert not store.save_kept("classic:Classic", kept_save(GameRecord.new(CLASSIC, (0, 1, 2, 3))))
    assert list(store.load_kept()) == ["classic:Classic"]  # kept in memory for the session
    notices = store.take_notices()
    assert len(notices) == 3  # settings, statistics, kept games: one each
    assert all("kept for this session only" in n for n in notices)
    assert blocker.read_text() == "a file where the directory should be"


def test_store__read_only_directory_where_replace_fails_never_raises(tmp_path, monkeypatch):
    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    Store(tmp_path).save_settings(Settings(volume=0.5))
    monkeypatch.setattr(os, "replace", refuse)
    store = Store(tmp_path)
    assert not store.save_settings(CHANGED)
    (tmp_path / SETTINGS_FILE).write_text("{broken")  # corrupt AND cannot be moved aside
    assert store.load_settings() == CHANGED  # memory copy: nothing trusted from the broken file
    assert not store.save_settings(Settings())  # frozen: the broken file is never overwritten
    assert (tmp_path / SETTINGS_FILE).read_text() == "{broken"
    assert any("could not be moved aside" in n for n in store.take_notices())


def test_store__write_interrupted_before_replace_keeps_old_file_and_no_temp_file(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.record(win(3))
    before = (tmp_path / STATS_FILE).read_bytes()

    def crash(src, dst):
        assert Path(src).read_text().startswith("{")  # the new text was fully written first
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    book, _ = store.record(win(5))
    assert book["Classic"].wins == 2
    assert (tmp_path / STATS_FILE).read_bytes() == before
    assert files(tmp_path) == {STATS_FILE}
    monkeypatch.undo()
    assert Store(tmp_path).load_stats()["Classic"].wins == 1


def test_store__write_interrupted_mid_text_leaves_old_file_intact(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.save_settings(CHANGED)
    before = (tmp_path / SETTINGS_FILE).read_bytes()

    def crash(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    assert not store.save_settings(Settings())
    monkeypatch.undo()
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert files(tmp_path) == {SETTINGS_FILE}


def test_store__two_writers_one_after_the_other_both_games_count(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    first.load_stats()
    second.load_stats()  # both loaded before either wrote
    first.record(win(4))
    second.record(GameResult(CLASSIC, GameEnd.LOST, 10, 300.0))
    first.record(win(6))
    stats = Store(tmp_path).load_stats()["Classic"]
    assert (stats.games, stats.wins, stats.current_streak, stats.best_streak) == (3, 2, 1, 1)
    assert dict(stats.guesses_needed) == {4: 1, 6: 1}
    first.save_settings(CHANGED)
    second.save_settings(Settings(volume=0.1))
    assert Store(tmp_path).load_settings() == Settings(volume=0.1)
    assert files(tmp_path) == {STATS_FILE, SETTINGS_FILE}
    for name in files(tmp_path):
        json.loads((tmp_path / name).read_text())  # never half-written


def test_store__statistics_survive_a_corrupt_file_written_between_two_games(tmp_path):
    store = Store(tmp_path)
    store.record(win())
    (tmp_path / STATS_FILE).write_text('{"schema_version": 1, "kind": "statistics", "data": ')
    book, _ = store.record(win())
    assert "statistics.corrupt-1.json" in files(tmp_path)
    assert store.take_notices()
    # The session still remembered the first win, so nothing the player saw is lost.
    assert book["Classic"].wins == 2 and Store(tmp_path).load_stats()["Classic"].wins == 2


def test_store__kept_game_round_trips_and_is_gone_once_dropped(tmp_path):
    state = new_game(CLASSIC, (0, 0, 1, 2))
    for code in [(0, 1, 2, 3), (3, 3, 4, 4)]:
        state = apply_move(state, Guess(code))
    record = GameRecord.of_game(state).timed(31.5).with_assist()
    store = Store(tmp_path)
    assert store.save_kept("classic:Classic", kept_save(record))
    (kept,) = kept_games(StoreApp(Store(tmp_path)))
    assert kept.slot == "classic:Classic" and kept.entry.route.args["record"] == record
    assert store.drop_kept("classic:Classic") and Store(tmp_path).load_kept() == {}


def test_store__kept_games_of_several_slots_are_all_kept(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)  # two windows
    first.save_kept("classic:Classic", kept_save(GameRecord.new(CLASSIC, (0, 0, 1, 2))))
    easy = GameConfig(3, 4, difficulty="relaxed")
    second.save_kept("classic:Easy", kept_save(GameRecord.new(easy, (0, 1, 2))))
    assert sorted(Store(tmp_path).load_kept()) == ["classic:Classic", "classic:Easy"]


@pytest.mark.parametrize(
    "change",
    [
        {"moves": ["g01"]},
        {"moves": ["g0012"]},  # the winning guess: a finished game is not offered
        {"secret": "0099"},
        {"config": {"pegs": 40}},
        {"moves": "g0123"},
        {"elapsed_s": -3},
    ],
)
def test_store__kept_game_its_mode_cannot_read_back_is_dropped_with_a_notice(tmp_path, change):
    good = kept_save(GameRecord.new(CLASSIC, (0, 0, 1, 2)))
    tampered = {**good, "data": {**good["data"], **change}}
    doc = {"schema_version": 1, "kind": "kept games", "data": {"games": {"classic:Classic": tampered}}}
    (tmp_path / "kept.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert list(kept_games(StoreApp(store))) == []
    assert store.load_kept() == {} and store.take_notices()


@pytest.mark.parametrize("games", [[], {"x" * 80: {}}, {"classic:Classic": {"mode": "classic"}}])
def test_store__kept_file_of_the_wrong_shape_is_moved_aside(tmp_path, games):
    doc = {"schema_version": 1, "kind": "kept games", "data": {"games": games}}
    (tmp_path / "kept.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.load_kept() == {}
    assert "kept.corrupt-1.json" in files(tmp_path) and store.take_notices()


def test_store__an_earlier_versions_saved_game_is_taken_in_once(tmp_path):
    state = apply_move(new_game(CLASSIC, (0, 0, 1, 2)), Guess((0, 1, 2, 3)))
    legacy = {"schema_version": 1, "kind": "game", "data": GameRecord.of_game(state).to_dict()}
    (tmp_path / GAME_FILE).write_text(json.dumps(legacy))
    (kept,) = kept_games(StoreApp(Store(tmp_path)))
    assert kept.slot == "classic:Classic" and kept.entry.route.args["record"].game == state
    assert GAME_FILE not in files(tmp_path)
    assert list(Store(tmp_path).load_kept()) == ["classic:Classic"]


def test_store__file_of_another_kind_is_not_trusted(tmp_path):
    Store(tmp_path).save_settings(CHANGED)
    os.replace(tmp_path / SETTINGS_FILE, tmp_path / STATS_FILE)
    assert Store(tmp_path).load_stats() == {}
    assert "statistics.corrupt-1.json" in files(tmp_path)


def test_store__record_returns_the_new_book_and_the_score(tmp_path):
    book, points = Store(tmp_path).record(win(2))
    assert isinstance(book["Classic"], DifficultyStats) and book["Classic"].best_score == points > 0
