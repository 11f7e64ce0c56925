"""The store against hostile or careless files, with real files on disk: deep nesting, NaN and
Infinity, huge numbers and histogram keys, FIFOs, devices, unreadable files, unsearchable and
read-only directories, over-long paths, stale temporary files and two processes recording at once.

Permission cases need the kernel to refuse: when the tests run as root (who ignores file modes) they
switch the effective user to `nobody` for the few calls that must be refused, and back.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.config import MAX_COLOURS, MAX_PEGS, Difficulty, GameConfig, turn_limit
from game.core.records import GameEnd, GameResult
from game.core.state import Guess, apply_move, new_game
from game.modes.registry import kept_games
from game.play.record import GameRecord
from game.screens.play_hooks import PLAIN_SAVE
from game.store import (
    KEPT_FILE,
    KEPT_LOCK_FILE,
    SETTINGS_FILE,
    STATS_FILE,
    STATS_LOCK_FILE,
    Settings,
    Store,
    largest_turn_limit,
)
from game.storefiles import MAX_DEPTH, MAX_FILE_BYTES, STALE_TEMP_S

CLASSIC = GameConfig(4, 6)
REPO = Path(__file__).resolve().parent.parent
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="FIFOs, /dev/zero and file modes are POSIX")


def win(guesses: int = 4) -> GameResult:
    return GameResult(CLASSIC, GameEnd.WON, guesses, 42.0)


def stored(kind: str, data) -> str:
    return json.dumps({"schema_version": 1, "kind": kind, "data": data})


def files(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()} - {STATS_LOCK_FILE, KEPT_LOCK_FILE}


def one_game_in_progress() -> dict:
    """A kept game's record data (what PLAIN_SAVE writes for it)."""
    state = apply_move(new_game(CLASSIC, (0, 0, 1, 2)), Guess((0, 1, 2, 3)))
    return GameRecord.of_game(state).timed(12.0).to_dict()


def kept_doc(record_data: dict) -> str:
    """kept.json holding one plain game with this record data."""
    save = {"mode": "classic", "version": PLAIN_SAVE.version, "data": record_data}
    return stored("kept games", {"games": {"classic:Classic": save}})


class StoreApp:
    """What kept_games() reads of an app: its store and the calendar."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def now(self):
        import datetime as dt

        return dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- a file that is not a document of ours: moved aside, the game starts --------------------------


@pytest.mark.parametrize(
    "name, kind", [(SETTINGS_FILE, "settings"), (KEPT_FILE, "kept games"), (STATS_FILE, "statistics")]
)
@pytest.mark.parametrize("where", ["whole file", "inside data"])
def test_store__deep_nesting_is_moved_aside_not_a_recursion_error(tmp_path, name, kind, where):
    text = nested(1000) if where == "whole file" else stored(kind, {"x": json.loads(nested(MAX_DEPTH))})
    if where == "whole file":
        assert len(text) == 2000  # the 2 KB file that raised RecursionError
    (tmp_path / name).write_text(text)
    store = Store(tmp_path)
    assert (store.load_settings(), store.load_kept(), store.load_stats()) == (Settings(), {}, {})
    assert f"{Path(name).stem}.corrupt-1{Path(name).suffix}" in files(tmp_path)
    assert len(store.take_notices()) == 1
    # The next start is clean, and the finished games are recorded as usual.
    assert Store(tmp_path).record(win())[0]["Classic"].wins == 1


@pytest.mark.parametrize(
    "field, value",
    [
        ("best_time_s", "NaN"),
        ("best_time_s", "Infinity"),
        ("best_time_s", "-Infinity"),
        ("best_time_s", "1e999"),  # a float that overflows to infinity
        ("best_time_s", "1e300"),  # finite, but no game lasts that long
        ("games", "1" + "0" * 40),  # an integer no real count reaches
    ],
)
def test_store__non_finite_numbers_in_statistics_are_moved_aside(tmp_path, field, value):
    record = {"games": 3, "wins": 2, "best_time_s": 40.0, field: "@"}
    text = stored("statistics", {"Classic": record}).replace('"@"', value)
    (tmp_path / STATS_FILE).write_text(text)
    store = Store(tmp_path)
    assert store.load_stats() == {}
    assert (tmp_path / "statistics.corrupt-1.json").read_text() == text
    # A later record never writes the bad value back: the file on disk is strict JSON again.
    store.record(win())
    json.loads((tmp_path / STATS_FILE).read_text(), parse_constant=pytest.fail)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e999"])
def test_store__infinite_elapsed_time_in_a_kept_game_is_moved_aside(tmp_path, value):
    text = kept_doc({**one_game_in_progress(), "elapsed_s": "@"}).replace('"@"', value)
    (tmp_path / KEPT_FILE).write_text(text)
    store = Store(tmp_path)
    assert store.load_kept() == {}
    assert "kept.corrupt-1.json" in files(tmp_path) and KEPT_FILE not in files(tmp_path)
    assert Store(tmp_path).load_kept() == {}  # the next start is not offered it again


@pytest.mark.parametrize("assisted", ["false", "true", 0, 1, None])
def test_store__assisted_that_is_not_a_boolean_is_not_trusted(tmp_path, assisted):
    (tmp_path / KEPT_FILE).write_text(kept_doc({**one_game_in_progress(), "assisted": assisted}))
    store = Store(tmp_path)
    assert list(kept_games(StoreApp(store))) == []
    assert store.load_kept() == {} and store.take_notices()


def test_store__kept_game_booleans_round_trip(tmp_path):
    for assisted in (False, True):
        (tmp_path / KEPT_FILE).write_text(kept_doc({**one_game_in_progress(), "assisted": assisted}))
        (kept,) = kept_games(StoreApp(Store(tmp_path)))
        assert kept.entry.route.args["record"].assisted is assisted


def test_store__largest_turn_limit_follows_the_configuration():
    limit = largest_turn_limit()
    assert limit >= max(turn_limit(MAX_PEGS, MAX_COLOURS, d) for d in Difficulty)
    GameConfig(MAX_PEGS, MAX_COLOURS, turns=limit)  # a game this long can exist, so can its record
    won = GameResult(GameConfig(MAX_PEGS, MAX_COLOURS, turns=limit), GameEnd.WON, limit, 60.0)
    assert won.clean_win


@pytest.mark.parametrize("key", ["100000", "1000000000", "0", "-1", "@top"])
def test_store__histogram_keys_beyond_any_turn_limit_are_moved_aside(tmp_path, key):
    key = str(largest_turn_limit() + 1) if key == "@top" else key
    record = {"games": 1, "wins": 1, "current_streak": 1, "best_streak": 1, "guesses_needed": {key: 1}}
    (tmp_path / STATS_FILE).write_text(stored("statistics", {"Classic": record}))
    store = Store(tmp_path)
    assert store.load_stats() == {}
    assert "statistics.corrupt-1.json" in files(tmp_path)


def test_store__histogram_key_at_the_largest_turn_limit_loads(tmp_path):
    top = largest_turn_limit()
    record = {"games": 1, "wins": 1, "current_streak": 1, "best_streak": 1, "guesses_needed": {str(top): 1}}
    (tmp_path / STATS_FILE).write_text(stored("statistics", {"Custom": record}))
    assert dict(Store(tmp_path).load_stats()["Custom"].guesses_needed) == {top: 1}


@pytest.mark.parametrize(
    "record",
    [
        {"games": 2, "wins": 2, "current_streak": 3, "best_streak": 3},  # streak above games
        {"games": 5, "wins": 1, "current_streak": 0, "best_streak": 2},  # streak above wins
        {"games": 3, "wins": 1, "best_streak": 1, "guesses_needed": {"4": 2}},  # more clean wins than wins
        {"games": 3, "wins": 1, "best_time_s": -5},
    ],
)
def test_store__statistics_that_contradict_themselves_are_moved_aside(tmp_path, record):
    (tmp_path / STATS_FILE).write_text(stored("statistics", {"Classic": record}))
    assert Store(tmp_path).load_stats() == {}
    assert "statistics.corrupt-1.json" in files(tmp_path)


def test_store__file_larger_than_the_limit_is_moved_aside_unread(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(b" " * (MAX_FILE_BYTES + 1))
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert "too large" in store.take_notices()[0]
    assert (tmp_path / "settings.corrupt-1.json").stat().st_size == MAX_FILE_BYTES + 1


def load_within(seconds: float, load) -> object:
    """Run `load` in a thread; fail (instead of hanging the suite) if it takes longer than `seconds`."""
    answer: list[object] = []
    worker = threading.Thread(target=lambda: answer.append(load()), daemon=True)
    started = time.monotonic()
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still reading after {seconds} s"
    assert time.monotonic() - started < seconds
    return answer[0]


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * ((MAX_FILE_BYTES - 1) // 2),  # escaped quotes that never close: no rescans
        "[" * MAX_FILE_BYTES,
        "[]" * (MAX_FILE_BYTES // 2) + "x",
    ],
    ids=["unclosed-escapes", "all-open", "flat-garbage"],
)
def test_store__largest_hostile_text_is_moved_aside_in_linear_time(tmp_path, text):
    (tmp_path / STATS_FILE).write_text(text)
    store = Store(tmp_path)
    assert load_within(10.0, store.load_stats) == {}  # a quadratic scan takes minutes here
    assert "statistics.corrupt-1.json" in files(tmp_path)


@POSIX_ONLY
@pytest.mark.parametrize("name", [SETTINGS_FILE, KEPT_FILE, STATS_FILE])
def test_store__fifo_is_moved_aside_within_a_second(tmp_path, name):
    os.mkfifo(tmp_path / name)
    store = Store(tmp_path)
    load_within(1.0, lambda: (store.load_settings(), store.load_kept(), store.load_stats()))
    aside = tmp_path / f"{Path(name).stem}.corrupt-1{Path(name).suffix}"
    assert aside.is_fifo() and not (tmp_path / name).exists()
    assert "named pipe" in store.take_notices()[0]


@POSIX_ONLY
def test_store__settings_symlinked_to_dev_zero_is_moved_aside(tmp_path):
    os.symlink("/dev/zero", tmp_path / SETTINGS_FILE)
    store = Store(tmp_path)
    assert load_within(1.0, store.load_settings) == Settings()
    aside = tmp_path / "settings.corrupt-1.json"
    assert aside.is_symlink() and os.readlink(aside) == "/dev/zero"  # the link moved, /dev/zero untouched
    assert "device" in store.take_notices()[0]
    assert store.save_settings(Settings(volume=0.3)) and Store(tmp_path).load_settings().volume == 0.3


def test_store__path_longer_than_the_system_allows_never_raises(tmp_path):
    store = Store(tmp_path / ("x" * 5000))
    assert store.load_settings() == Settings() and store.load_kept() == {}
    for _ in range(3):
        store.record(win())
    assert store.load_stats()["Classic"].games == 3
    assert not store.save_settings(Settings(volume=0.2)) and store.load_settings().volume == 0.2
    assert store.take_notices()


def test_store__stale_temporary_files_are_removed_at_start(tmp_path):
    old = time.time() - STALE_TEMP_S - 5
    stale = (".statistics-abc.tmp", ".settings-def.tmp", ".game-x.tmp", ".other.tmp")
    for name in (*stale, ".statistics-new.tmp"):
        (tmp_path / name).write_text("{")
    for name in stale:
        os.utime(tmp_path / name, (old, old))
    Store(tmp_path)
    # Only the game's own old temporaries go: a young one may be a write in progress in another window.
    assert files(tmp_path) == {".statistics-new.tmp", ".other.tmp"}


# --- a file or directory the kernel refuses: left alone, the session works in memory --------------


@contextlib.contextmanager
def refused_by_the_kernel(*paths: Path) -> Iterator[None]:
    """Run the block as a user the file modes apply to (as `nobody` when we are root), then come back.

    `paths` (made by root) are handed to that user first, so their modes are what refuses access.
    """
    if os.name != "posix":
        pytest.skip("file modes do not refuse access on this platform")
    if os.geteuid() != 0:
        yield
        return
    import pwd

    nobody = pwd.getpwnam("nobody")
    for path in paths:
        os.chown(path, nobody.pw_uid, nobody.pw_gid, follow_symlinks=False)
    groups = os.getgroups()
    os.setgroups([])
    os.setegid(nobody.pw_gid)
    os.seteuid(nobody.pw_uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)
        os.setgroups(groups)


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A data directory another user can reach (pytest's tmp_path is private to root)."""
    parent = Path(tempfile.mkdtemp(prefix="store-hostile-"))
    os.chmod(parent, 0o755)
    directory = parent / "data"
    directory.mkdir()
    try:
        yield directory
    finally:
        for path in (directory, parent):
            with contextlib.suppress(OSError):
                os.chmod(path, 0o755)
        subprocess.run(["rm", "-rf", str(parent)], check=False)


def test_store__unreadable_statistics_are_left_in_place_and_never_overwritten(shared_dir):
    before = Store(shared_dir)
    for _ in range(5):
        before.record(win())
    stats_path = shared_dir / STATS_FILE
    text = stats_path.read_text()
    os.chmod(stats_path, 0o000)
    with refused_by_the_kernel(shared_dir, stats_path):
        store = Store(shared_dir)
        first = store.load_stats()
        books = [store.record(win())[0]["Classic"].games for _ in range(3)]
        shown = store.load_stats()["Classic"].games
        notices = store.take_notices()
    assert first == {}  # nothing is known about the file: it is not pretended empty on disk
    assert books == [1, 2, 3] and shown == 3  # this session's games are all kept
    assert len(notices) == 1 and "cannot be read" in notices[0] and "left as it is" in notices[0]
    os.chmod(stats_path, 0o644)
    assert stats_path.read_text() == text and Store(shared_dir).load_stats()["Classic"].games == 5
    assert files(shared_dir) == {STATS_FILE}  # nothing moved aside


def test_store__unsearchable_directory_never_raises(shared_dir):
    Store(shared_dir).save_settings(Settings(volume=0.1))
    (shared_dir / KEPT_FILE).write_text(kept_doc(one_game_in_progress()))
    os.chmod(shared_dir, 0o600)  # readable names, but nothing inside can be opened
    with refused_by_the_kernel(shared_dir):
        store = Store(shared_dir)
        settings, saved = store.load_settings(), store.load_kept()
        books = [store.record(win())[0]["Classic"].games for _ in range(3)]
        saved_settings = store.save_settings(Settings(volume=0.9))
        shown = (store.load_stats()["Classic"].games, store.load_settings().volume)
        notices = store.take_notices()
    os.chmod(shared_dir, 0o755)
    assert (settings, saved) == (Settings(), {})
    assert books == [1, 2, 3] and not saved_settings and shown == (3, 0.9)
    assert notices and all("Permission denied" in n for n in notices)
    assert Store(shared_dir).load_settings().volume == 0.1 and (shared_dir / KEPT_FILE).exists()


def test_store__read_only_directory_keeps_every_game_of_the_session(shared_dir):
    setup = Store(shared_dir)
    for _ in range(3):
        setup.record(win())
    os.chmod(shared_dir, 0o555)
    with refused_by_the_kernel(shared_dir, shared_dir / STATS_FILE):
        store = Store(shared_dir)
        counts = [store.record(win())[0]["Classic"].games for _ in range(3)]
        shown = store.load_stats()["Classic"]
        notices = store.take_notices()
    os.chmod(shared_dir, 0o755)
    assert counts == [4, 5, 6]
    assert (shown.games, shown.wins, shown.current_streak, sum(shown.guesses_needed.values())) == (6, 6, 6, 6)
    assert len(notices) == 1 and "kept for this session only" in notices[0]
    assert Store(shared_dir).load_stats()["Classic"].games == 3  # the file itself was never touched


def test_store__pending_games_are_written_with_the_next_game_that_can_be(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.record(win())

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    for _ in range(2):
        store.record(win())
    monkeypatch.undo()
    assert Store(tmp_path).load_stats()["Classic"].games == 1
    assert store.record(win())[0]["Classic"].games == 4
    assert Store(tmp_path).load_stats()["Classic"].games == 4  # the two pending games reached the disk


# --- two processes finishing games at the same time ------------------------------------------------

RECORDER = """
import sys, time
from pathlib import Path
from game.core.config import GameConfig
from game.core.records import GameEnd, GameResult
from game.store import Store
directory, games, start_at = Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
time.sleep(max(0.0, start_at - time.time()))  # both processes start recording together
for n in range(games):
    end = GameEnd.WON if n % 3 else GameEnd.LOST
    Store(directory).record(GameResult(GameConfig(4, 6), end, 5, 30.0))
"""


def test_store__two_processes_recording_at_once_lose_no_game(tmp_path):
    games = 200
    start_at = time.time() + 2.0  # time for both interpreters to import the game
    workers = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), str(games), str(start_at)], cwd=REPO)
        for _ in range(2)
    ]
    assert all(w.wait(timeout=240) == 0 for w in workers)
    stats = Store(tmp_path).load_stats()["Classic"]
    wins_each = sum(1 for n in range(games) if n % 3)
    assert (stats.games, stats.wins) == (2 * games, 2 * wins_each)
    assert sum(stats.guesses_needed.values()) == 2 * wins_each
    assert files(tmp_path) == {STATS_FILE}
