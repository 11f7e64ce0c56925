"""The player's records in one SQLite database in the data folder; settings in a JSON file beside it.

The folder is platformdirs' user data dir for "mastermind-arcade" unless one is injected (tests).
records.sqlite3 holds kept games, decided games, statistics, high scores, each mode's own records
(Mode.records: a RecordBook codec per name, the store knowing no mode) and one attempt a day per
(day, kind). settings.json stays a small JSON file a person can open and edit (a palette, the window
size): nothing in it changes together with a game, so it needs no transaction, and a hand edit gone
wrong costs only the settings (moved aside, defaults used).

Invariants:
- The database runs in WAL mode (readers beside one writer, so a second window never waits to read)
  with synchronous=FULL: a transaction that returned is on disk even after a power cut (NORMAL in
  WAL mode may lose the last transactions to one, and a decided game is what the player cares about
  most; the cost is one fsync per decision or row, far under a frame). Foreign keys are on and a
  busy timeout (busy_s, BUSY_S unless injected) lets two windows take turns instead of failing; a
  write still refused after it (another process holding the database longer) is kept by the
  lifetime owner and tried again (game/lifetime.py), each retry waiting only a moment (patience()).
- A change is one transaction (transaction(): re-entrant, the outermost one commits): a decision
  writes the decided game (its game id unique: recording it twice is a no-op), its statistics, the
  mode's records, its high-score entry and the kept slot's removal together or not at all.
- A resume claims its kept slot (claim_kept) in a transaction against the row as the menu listed
  it, so two windows cannot both take up one kept game.
- One attempt a day is the attempts table's primary key (day, kind); days are stored as given,
  never judged against the clock: a future or far-past day is clock skew, not damage.
- A database that is not one (junk, truncated, a folder, failing its quick check) is moved aside
  whole with its -wal and -shm (records.damaged-N.sqlite3...) and a new one made, named once in a
  notice. A database that cannot be opened for writing (read-only, locked past the busy timeout) is
  copied into memory: the session plays on, says so once, and nothing on disk is touched. A row a
  codec refuses is moved to the set_aside table with its reason, never deleted.
- Earlier versions' JSON files are read in once, in one transaction (game/storemigrate.py), and kept
  renamed beside the database.
Notices are plain sentences for the screen, each value in them cut short; take_notices() hands
them over once.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from .core.records import (  # noqa: F401  (checked_book, largest_turn_limit: re-exported for tools)
    DifficultyStats,
    GameResult,
    checked_book,
    checked_stats,
    game_points,
    largest_turn_limit,
    record_game,
    stats_from_dict,
    stats_key,
    stats_to_dict,
)
from .settings import Settings
from .storeattempts import AlreadyDecided, Attempt, AttemptRows  # noqa: F401  (re-exported)
from .storedb import BUSY_S, DB_FILE, excerpt, open_database  # noqa: F401  (DB_FILE: re-exported for tests)
from .storefiles import (
    DamagedFile,
    NewerFile,
    free_name,
    read_document,
    remove_stale_temporaries,
    unwrap,
    write_atomically,
)
from .storemigrate import migrate
from .storescores import HighScoreRows

APP_NAME = "mastermind-arcade"
SCHEMA_VERSION = 1  # of settings.json and the earlier JSON files
SETTINGS_FILE = "settings.json"
SLOT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-_ ")
MAX_SLOT_LENGTH = 40

log = logging.getLogger(__name__)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def default_directory() -> Path:
    """The user data directory of the game (e.g. ~/.local/share/mastermind-arcade on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def is_slot(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_SLOT_LENGTH and set(value) <= SLOT_CHARACTERS


def new_game_id() -> str:
    return uuid.uuid4().hex


@dataclass
class Store(HighScoreRows, AttemptRows):
    """The game's records on disk. Every method is safe to call whatever the state of the folder.
    Two kinds of rows are parts of their own, bases of this class: the high scores (storescores.py)
    and one attempt a day (storeattempts.py)."""

    directory: Path = field(default_factory=default_directory)
    notices: list[str] = field(default_factory=list)
    clock: Callable[[], dt.datetime] = utc_now
    records: tuple[Any, ...] = ()  # the RecordBooks the modes declared (for reading earlier files)
    busy_s: float = BUSY_S  # how long a write waits for another window's transaction
    high_score_tables: tuple[str, ...] = ()
    histograms: dict[str, str] | None = None  # bucket -> what its histogram counts (declare())
    first_run: bool = field(init=False, default=False)  # the data folder did not exist yet
    _db: sqlite3.Connection | None = field(init=False, default=None, repr=False)
    _depth: int = field(init=False, default=0)  # transactions open (nested ones join the outermost)
    _settings: Settings = field(init=False, default_factory=Settings)
    _settings_frozen: bool = field(init=False, default=False)  # never overwritten this session
    _claims: dict[str, str] = field(init=False, default_factory=dict)  # slot -> game id claimed
    _token: str = field(init=False, default_factory=new_game_id)  # this session, as a kept game's holder
    _in_memory: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        try:
            self.first_run = not self.directory.exists()
        except OSError:
            self.first_run = False
        remove_stale_temporaries(self.directory, (Path(SETTINGS_FILE).stem,))

    def declare(
        self,
        high_score_tables: tuple[str, ...] = (),
        records: tuple[Any, ...] = (),
        histograms: Mapping[str, str] | None = None,
    ) -> None:
        """The tables, RecordBooks and statistics meanings (bucket -> what its histogram counts,
        StatsTab.histogram) the modes' registry names; the app declares them once."""
        self.high_score_tables, self.records = tuple(high_score_tables), tuple(records)
        self.histograms = dict(histograms) if histograms is not None else None

    def histogram(self, bucket: str) -> str:
        """What `bucket`'s histogram counts as its mode declared it ("wins" when it declared none); a
        store told no meanings (a tool) checks only what holds for every mode: within the games."""
        return "games" if self.histograms is None else self.histograms.get(bucket, "wins")

    def notice(self, text: str) -> None:
        log.warning("%s", text)
        if text not in self.notices:
            self.notices.append(text)

    def take_notices(self) -> list[str]:
        """Notices not yet shown, oldest first; each is handed out once."""
        taken, self.notices = self.notices, []
        return taken

    # -- the database -------------------------------------------------------------------------------
    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._open()
            migrate(self)
        return self._db

    def _open(self) -> sqlite3.Connection:
        db, self._in_memory = open_database(self.directory, self.busy_s, self.notice)
        return db

    def close(self) -> None:
        """Let go of the database (its log folded in, so the folder is one file to copy); reopened
        by the next call that needs it."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction for the block (nested blocks join the outer one); rolled back on error."""
        db = self.db
        if self._depth == 0:
            db.execute("BEGIN IMMEDIATE")
        self._depth += 1
        try:
            yield db
        except BaseException:
            self._depth -= 1
            if self._depth == 0:
                db.execute("ROLLBACK")
            raise
        self._depth -= 1
        if self._depth == 0:
            db.execute("COMMIT")

    @contextlib.contextmanager
    def patience(self, seconds: float | None) -> Iterator[None]:
        """Writes in the block wait at most `seconds` for another window (None: busy_s), so a write
        tried again while the database stays busy costs a frame a moment, not busy_s."""
        if seconds is None:
            yield
            return
        self.db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute(f"PRAGMA busy_timeout = {int(self.busy_s * 1000)}")

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Outside a decision, a database that refuses (busy past the timeout) costs a notice, not the
        game; inside one the decision's own transaction sees it and undoes everything."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if self._depth:
                raise
            self.notice(f"The records database is busy or cannot be written ({excerpt(exc)}).")

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._guard():
            return self.db.execute(sql, args).fetchall()
        return []

    def set_aside(self, what: str, name: str | None, data: Any, reason: str) -> None:
        """Keep a row a codec refused, with why (never deleted), and name it in a notice."""
        text = data if isinstance(data, str) else json.dumps(data, default=str)
        with self.transaction() as db:
            db.execute(
                "INSERT INTO set_aside(what, name, data, reason, at) VALUES (?, ?, ?, ?, ?)",
                (what, name, text, reason, self.clock().isoformat()),
            )
        self.notice(f"The {what} {excerpt(name)} could not be read ({excerpt(reason)}); it was set aside.")

    def _refused(
        self, table: str, where: str, args: tuple[Any, ...], what: str, name: str, data: Any, why: Any
    ):
        """Move a row its codec refused (`why`) from `table` to set_aside, in one transaction."""
        with self._guard(), self.transaction() as db:
            db.execute(f"DELETE FROM {table} WHERE {where}", args)
            self.set_aside(what, name, data, str(why))

    # -- settings (a JSON file a person can edit) --------------------------------------------------
    def load_settings(self) -> Settings:
        path = self.directory / SETTINGS_FILE
        try:
            self._settings = Settings.from_dict(unwrap(read_document(path), "settings", SCHEMA_VERSION))
        except FileNotFoundError:
            pass
        except (DamagedFile, NewerFile, ValueError) as exc:
            aside = free_name(path, "newer" if isinstance(exc, NewerFile) else "corrupt")
            try:
                os.replace(path, aside or path)
                self.notice(f"The settings file {excerpt(exc)}; it is kept as {aside.name}, defaults used.")
            except (OSError, AttributeError):
                self._settings_frozen = True
                self.notice(f"The settings file {excerpt(exc)}; it stays as it is, defaults used.")
        except OSError as exc:
            self._settings_frozen = True
            self.notice(f"The settings file cannot be read ({excerpt(exc.strerror or exc)}); left as is.")
        return self._settings

    def save_settings(self, settings: Settings) -> bool:
        self._settings = settings
        document = {"schema_version": SCHEMA_VERSION, "kind": "settings", "data": settings.to_dict()}
        try:
            if not self._settings_frozen:
                write_atomically(self.directory / SETTINGS_FILE, json.dumps(document, indent=2) + "\n")
                return True
        except OSError as exc:
            self._settings_frozen = True
            self.notice(f"Cannot save settings in {self.directory} ({excerpt(exc.strerror or exc)}).")
        return False

    # -- statistics and decided games --------------------------------------------------------------
    def load_stats(self) -> dict[str, DifficultyStats]:
        book = {}
        for bucket, data in self._rows("SELECT bucket, data FROM stats"):
            try:
                book[bucket] = checked_stats(bucket, json.loads(data), self.histogram(bucket))
            except (ValueError, TypeError) as exc:
                self._refused("stats", "bucket = ?", (bucket,), "statistics of", bucket, data, exc)
        return book

    def record(self, result: GameResult, game_id: str | None = None) -> tuple[dict[str, Any], int]:
        """Count a finished game once per game id (a decision of its own); (the statistics, its score)."""
        with self._guard(), self.transaction():
            if self.decide(game_id or new_game_id(), result.bucket or stats_key(result.config)):
                self.count(result)
        return self.load_stats(), game_points(result)

    def count(self, result: GameResult) -> tuple[dict[str, DifficultyStats], int]:
        """Add a game to its bucket's statistics (inside a decision's transaction); (book, score)."""
        key = result.bucket or stats_key(result.config)
        with self.transaction() as db:
            row = db.execute("SELECT data FROM stats WHERE bucket = ?", (key,)).fetchone()
            before = DifficultyStats() if row is None else stats_from_dict(json.loads(row[0]))
            data = json.dumps(stats_to_dict(record_game(before, result)))
            db.execute("INSERT OR REPLACE INTO stats(bucket, data) VALUES (?, ?)", (key, data))
        return self.load_stats(), game_points(result)

    def decide(self, game_id: str, bucket: str | None = None) -> bool:
        """Mark `game_id` decided; False if it was already (the decision is then a no-op)."""
        with self.transaction() as db:
            sql = "INSERT OR IGNORE INTO decided(game_id, bucket, at) VALUES (?, ?, ?)"
            return db.execute(sql, (game_id, bucket, self.clock().isoformat())).rowcount == 1

    # -- kept games --------------------------------------------------------------------------------
    def load_kept(self) -> dict[str, dict[str, Any]]:
        """Every kept game, slot -> {"mode", "version", "data"}."""
        return {slot: kept["save"] for slot, kept in self.kept_games().items()}

    def kept_games(self) -> dict[str, dict[str, Any]]:
        """Slot -> {"save", "game_id", "holder"} (what a claim checks against)."""
        games = {}
        for slot, game_id, mode, version, data, holder in self._rows("SELECT * FROM kept"):
            try:
                games[slot] = {"save": {"mode": mode, "version": version, "data": json.loads(data)}}
            except ValueError as exc:
                self._refused("kept", "slot = ?", (slot,), "kept game", slot, data, exc)
                continue
            games[slot].update(game_id=game_id, holder=holder)
        return games

    def save_kept(self, slot: str, save: Mapping[str, Any], game_id: str | None = None) -> bool:
        """Keep `save` in `slot` as the game `game_id` of this session (replacing what was there)."""
        if not is_slot(slot):
            raise ValueError(f"a slot is a short name, not {excerpt(repr(slot))}")
        if set(save) != {"mode", "version", "data"} or not isinstance(save["data"], Mapping):
            raise ValueError(f"the kept game {slot!r} is not {{mode, version, data}}")
        row = (slot, game_id or new_game_id(), save["mode"], save["version"], json.dumps(save["data"]))
        with self._guard(), self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO kept VALUES (?, ?, ?, ?, ?, ?)", (*row, self._token))
            return True
        return False

    def drop_kept(self, slot: str, reason: str | None = None, game_id: str | None = None) -> bool:
        """Forget the game kept in `slot` (only the game `game_id` when given); with `reason`, a save its
        mode refused, which is set aside with that reason instead."""
        with self._guard(), self.transaction() as db:
            row = db.execute(
                "SELECT mode, version, data, game_id FROM kept WHERE slot = ?", (slot,)
            ).fetchone()
            if row is None or (game_id is not None and row[3] != game_id):
                return False
            if reason is not None:
                self.set_aside("kept game", slot, {"mode": row[0], "version": row[1], "data": row[2]}, reason)
            db.execute("DELETE FROM kept WHERE slot = ?", (slot,))
            return True
        return False

    def claim_kept(self, slot: str, game_id: str, holder: str | None) -> bool:
        """Take up the kept game `game_id` in `slot` as the menu listed it (held by `holder`); False,
        with a notice, when another window took it first (its holder changed) or it is gone, or
        the database is busy past its timeout (the game stays kept, to take up again)."""
        with self._guard(), self.transaction() as db:
            sql = "UPDATE kept SET holder = ? WHERE slot = ? AND game_id = ? AND holder IS ?"
            if db.execute(sql, (self._token, slot, game_id, holder)).rowcount == 1:
                self._claims[slot] = game_id
                return True
            self.notice("That kept game was taken up in another window; it goes on there.")
        return False

    def take_claim(self, slot: str) -> str | None:
        """The game id this session claimed in `slot`, once (the resumed screen's journal uses it)."""
        return self._claims.pop(slot, None)

    # -- each mode's own records -------------------------------------------------------------------
    def load_record(self, book: Any) -> Any:
        """The value a mode keeps under `book.name` (its RecordBook decodes it; one it refuses is set
        aside and the default used)."""
        for (data,) in self._rows("SELECT data FROM records WHERE name = ?", (book.name,)):
            try:
                return book.decode(json.loads(data))
            except (ValueError, TypeError, KeyError) as exc:
                self._refused("records", "name = ?", (book.name,), "records of", book.name, data, exc)
        return book.default()

    def update_record(self, book: Any, change: Callable[[Any], Any]) -> Any:
        """Apply `change` to `book`'s value in one transaction; the new value (an exception from
        `change` leaves everything as it was)."""
        with self.transaction() as db:
            value = change(self.load_record(book))
            data = json.dumps(book.encode(value))
            db.execute("INSERT OR REPLACE INTO records(name, data) VALUES (?, ?)", (book.name, data))
        return value
