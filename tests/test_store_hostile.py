"""A records database a careless or hostile user left behind: junk, truncated, a folder, read-only,
locked by another process. The game starts, names it once, and loses nothing else."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.config import GameConfig
from game.core.records import GameEnd, GameResult
from game.store import DB_FILE, SETTINGS_FILE, Settings, Store

CLASSIC = GameConfig(4, 6)
SETTINGS = Settings(palette="classic", volume=0.3)


def win() -> GameResult:
    return GameResult(CLASSIC, GameEnd.WON, 4, 42.0)


def played(directory: Path, games: int = 3) -> None:
    """A data folder with settings and `games` counted wins."""
    store = Store(directory)
    store.save_settings(SETTINGS)
    for n in range(games):
        store.record(win(), f"game-{n}")
    store.db.close()


def junk(path: Path) -> None:
    path.write_bytes(b"not a database at all " * 200)


def truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])


def folder(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("something")


@pytest.mark.parametrize("damage", [junk, truncated, folder])
def test_store_hostile__a_damaged_database_is_moved_aside_whole_and_named_once(tmp_path, damage):
    played(tmp_path)
    for name in (DB_FILE + "-wal", DB_FILE + "-shm"):  # leftovers of the damaged one go with it
        (tmp_path / name).write_bytes(b"stale")
    damage(tmp_path / DB_FILE)
    store = Store(tmp_path)
    store.record(win(), "after")
    assert store.load_stats()["Classic"].games == 1  # a new database works at once
    (notice,) = store.take_notices()
    assert "records.damaged-1.sqlite3" in notice
    aside = {p.name for p in tmp_path.iterdir() if "damaged" in p.name}
    assert aside == {
        "records.damaged-1.sqlite3",
        "records.damaged-1.sqlite3-wal",
        "records.damaged-1.sqlite3-shm",
    }
    assert Store(tmp_path).load_settings() == SETTINGS  # nothing else lost
    again = Store(tmp_path)
    assert again.load_stats()["Classic"].games == 1 and again.take_notices() == []


@contextlib.contextmanager
def refused_by_the_kernel(*paths: Path) -> Iterator[None]:
    """Run the block as a user the file modes apply to (as `nobody` when we are root), then come back."""
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
        subprocess.run(["chmod", "-R", "u+rwx", str(parent)], check=False)
        subprocess.run(["rm", "-rf", str(parent)], check=False)


def test_store_hostile__a_read_only_folder_plays_on_in_memory_with_what_it_holds(shared_dir):
    played(shared_dir)
    paths = [shared_dir] + list(shared_dir.iterdir())
    before = {p.name: p.read_bytes() for p in shared_dir.iterdir() if p.is_file()}
    for path in paths:
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
    with refused_by_the_kernel(*paths):
        store = Store(shared_dir)
        assert store.load_stats()["Classic"].games == 3  # what the folder holds is read
        store.record(win(), "this-session")
        assert store.load_stats()["Classic"].games == 4  # this session's games are kept in memory
        (notice,) = store.take_notices()
        assert "kept for this session only" in notice
        assert store.load_settings() == SETTINGS
    after = {p.name: p.read_bytes() for p in shared_dir.iterdir() if p.is_file()}
    assert after == before  # nothing on disk touched


def test_store_hostile__a_database_locked_by_another_process_for_ten_seconds_loses_nothing(tmp_path):
    played(tmp_path, games=1)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "time.sleep(10)\n"
            "db.execute('COMMIT')\n",
            str(tmp_path / DB_FILE),
        ],
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout.readline().strip() == b"locked"
        started = time.monotonic()
        store = Store(tmp_path)  # the game starts meanwhile
        store.record(win(), "during-the-lock")
        waited = time.monotonic() - started
    finally:
        holder.wait(timeout=30)
    assert Store(tmp_path).load_stats()["Classic"].games == 2 and waited < 15
    assert len(store.take_notices()) <= 1


def test_store_hostile__a_database_of_a_newer_version_is_left_alone(tmp_path):
    played(tmp_path, games=2)
    with sqlite3.connect(tmp_path / DB_FILE) as db:
        db.execute("PRAGMA user_version = 99")
    before = (tmp_path / DB_FILE).read_bytes()
    store = Store(tmp_path)
    assert store.load_stats()["Classic"].games == 2  # read, in memory
    store.record(win(), "newer")
    (notice,) = store.take_notices()
    assert "newer version" in notice and (tmp_path / DB_FILE).read_bytes() == before


def test_store_hostile__a_folder_that_is_a_file_never_stops_the_game(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    store = Store(blocker)
    store.record(win(), "one")
    assert store.load_stats()["Classic"].games == 1 and len(store.take_notices()) == 1
    assert not store.save_settings(SETTINGS) and store.load_settings() == SETTINGS
    assert not (tmp_path / SETTINGS_FILE).exists()
