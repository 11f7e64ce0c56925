"""Opening the records database: the file made or checked, moved aside when damaged, or memory instead.

game/store.py decides what the rows mean; this module only gets it a connection it can trust
(store.py's docstring has the invariants): WAL with synchronous=FULL, foreign keys on, the schema
made, a newer version's file refused and left alone; a file that is not a database (junk, truncated,
a folder, failing its quick check) moved aside whole with its -wal and -shm; one that cannot be
written read into memory for the session. Every outcome but a connection is a notice.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from .storefiles import free_name

DB_VERSION = 1  # PRAGMA user_version of records.sqlite3
DB_FILE = "records.sqlite3"
# a second window waits this long for another's transaction: frozen a moment, never a result lost
BUSY_S = 12.0
EXCERPT = 60  # characters of a quoted value a notice shows

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kept(slot TEXT PRIMARY KEY, game_id TEXT NOT NULL, mode TEXT NOT NULL,
    version INTEGER NOT NULL, data TEXT NOT NULL, holder TEXT);
CREATE TABLE IF NOT EXISTS decided(game_id TEXT PRIMARY KEY, bucket TEXT, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stats(bucket TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS high_scores(id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, initials TEXT NOT NULL,
    score INTEGER NOT NULL CHECK(score > 0), day TEXT NOT NULL, confirmed INTEGER NOT NULL DEFAULT 1,
    game_id TEXT UNIQUE REFERENCES decided(game_id));
CREATE INDEX IF NOT EXISTS high_scores_by_table ON high_scores(tbl, score DESC, id);
CREATE TABLE IF NOT EXISTS records(name TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS attempts(day TEXT NOT NULL, kind TEXT NOT NULL,
    state TEXT NOT NULL CHECK(state IN ('playing', 'decided')), game TEXT, result TEXT,
    PRIMARY KEY(day, kind));
CREATE TABLE IF NOT EXISTS set_aside(id INTEGER PRIMARY KEY, what TEXT NOT NULL, name TEXT, data TEXT,
    reason TEXT NOT NULL, at TEXT NOT NULL);
"""


def excerpt(value: Any) -> str:
    """`value` as a notice may quote it: at most EXCERPT characters."""
    text = str(value)
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


class StoreRows:
    """The base of each part of store.Store that reads and writes one kind of rows (storescores.py,
    storeattempts.py): what it uses of the store, which defines them all (its connection's
    transactions, the guard that turns a busy database into a notice, a query's rows, and moving a
    row its codec refused to set_aside)."""

    transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]
    _guard: Callable[[], AbstractContextManager[None]]
    _rows: Callable[..., list[tuple[Any, ...]]]
    _refused: Callable[..., None]


def open_database(
    directory: Path, busy_s: float, notice: Callable[[str], None]
) -> tuple[sqlite3.Connection, bool]:
    """A connection to the records database in `directory`, and whether it is in memory only (the
    file could not be written or reached); what went wrong is told to `notice`."""
    opener = _Opener(Path(directory), busy_s, notice)
    return opener.open(), opener.in_memory


class _Opener:
    def __init__(self, directory: Path, busy_s: float, notice: Callable[[str], None]) -> None:
        self.directory, self.busy_s, self.notice = directory, busy_s, notice
        self.in_memory = False

    def open(self) -> sqlite3.Connection:
        path = self.directory / DB_FILE
        # the log and index as they were: SQLite drops them when a connection to a damaged file
        # closes, and a damaged database is kept whole
        logs = {suffix: path.with_name(f".{path.name}{suffix}.before") for suffix in ("-wal", "-shm")}
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            for suffix, copy in logs.items():
                if os.path.isfile(f"{path}{suffix}"):
                    shutil.copyfile(f"{path}{suffix}", copy)
            if os.path.lexists(path) and not path.is_file():
                raise sqlite3.DatabaseError(f"{path.name} is not a file")
            return self._connect_waiting(path)
        except sqlite3.OperationalError as exc:  # read-only, locked, newer: not the file's fault
            return self._memory(path, f"cannot be written ({excerpt(exc)})")
        except sqlite3.DatabaseError as exc:
            aside = free_name(path, "damaged")
            try:
                if aside is None:
                    raise OSError("too many kept already") from None
                for suffix, copy in logs.items():
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(f"{path}{suffix}")
                    if os.path.lexists(copy):
                        os.replace(copy, f"{aside}{suffix}")
                os.replace(path, aside)
                db = self._connect(path)
            except (OSError, sqlite3.Error) as again:
                return self._memory(path, f"is damaged ({excerpt(exc)}; {excerpt(again)})", copy=False)
            self.notice(f"The records database was damaged ({excerpt(exc)}); it is kept as {aside.name}.")
            return db
        except OSError as exc:
            return self._memory(path, f"cannot be reached ({excerpt(exc.strerror or exc)})")
        finally:
            for copy in logs.values():
                with contextlib.suppress(OSError):
                    os.unlink(copy)

    def _connect_waiting(self, path: Path) -> sqlite3.Connection:
        """_connect, tried again while another window holds the file locked, up to busy_s. Two windows
        opening a new database at the same moment both switch it to WAL, and SQLite answers the second
        "database is locked" at once, without calling its busy handler: taken as "cannot be written",
        that window would keep its games in memory only."""
        deadline = time.monotonic() + self.busy_s
        while True:
            try:
                return self._connect(path)
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)

    def _connect(self, path: Path | str) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=self.busy_s, isolation_level=None, check_same_thread=False)
        try:
            if str(path) != ":memory:":
                if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                    raise sqlite3.OperationalError("no write-ahead log can be kept here")
                if (check := db.execute("PRAGMA quick_check").fetchone()[0]) != "ok":
                    raise sqlite3.DatabaseError(check)
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            if (version := db.execute("PRAGMA user_version").fetchone()[0]) > DB_VERSION:
                raise sqlite3.OperationalError(f"a newer version of the game wrote it ({version})")
            db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA user_version = {DB_VERSION}; COMMIT;")
            return db
        except BaseException:
            db.close()
            raise

    def _memory(self, path: Path, why: str, copy: bool = True) -> sqlite3.Connection:
        """A database in memory for this session, holding what the file holds when it can be read."""
        self.in_memory = True
        self.notice(f"The records database {path} {why}; what is played is kept for this session only.")
        memory = self._connect(":memory:")
        # read-only first; a folder that cannot even hold the log's index is read as it lies
        for options in ("mode=ro", "mode=ro&immutable=1") if copy else ():
            with contextlib.suppress(sqlite3.Error, OSError):
                source = sqlite3.connect(f"file:{path}?{options}", uri=True, timeout=self.busy_s)
                source.backup(memory)
                source.close()
                memory.executescript(SCHEMA)
                break
        return memory
