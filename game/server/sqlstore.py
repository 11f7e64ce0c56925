"""The server's store on SQL: one set of queries, two engines (SQLite, the embedded default, and
PostgreSQL for several server processes), the schema created and migrated by the server itself.

Queries are written once with "?" placeholders (PostgreSQL's driver is given "%s"); upserts use
ON CONFLICT, which both engines speak. Every method runs on the store's own thread (storethread.py),
never on the server's loop, so a slow disk or a far database never stalls a game; a method runs
inside the transaction the thread opened for its batch (transaction()).

Schema versions (meta.schema): 1 is the first server's (players, results); 2 adds ratings, solo
attempts (Daily and challenges), challenges, flagged devices and the server's secret key.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.server.glicko2 import Rating, duel

MIGRATIONS: list[list[str]] = [
    [
        "CREATE TABLE IF NOT EXISTS players(id TEXT PRIMARY KEY, nick TEXT NOT NULL,"
        " seen DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS results(game TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL,"
        " data TEXT NOT NULL)",
    ],
    [
        "CREATE TABLE IF NOT EXISTS ratings(player TEXT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL,"
        " rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS solo(kind TEXT NOT NULL, ref TEXT NOT NULL, player TEXT NOT NULL,"
        " nick TEXT NOT NULL, size TEXT NOT NULL, started DOUBLE PRECISION NOT NULL, rows TEXT NOT NULL,"
        " done INTEGER NOT NULL, cracked INTEGER NOT NULL, guesses INTEGER NOT NULL, ms INTEGER NOT NULL,"
        " flagged INTEGER NOT NULL, PRIMARY KEY(kind, ref, player))",
        "CREATE INDEX IF NOT EXISTS solo_board ON solo(kind, ref, done, cracked, guesses, ms)",
        "CREATE TABLE IF NOT EXISTS challenges(id TEXT PRIMARY KEY, size TEXT NOT NULL, maker TEXT NOT NULL,"
        " nick TEXT NOT NULL, made DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS flags(player TEXT PRIMARY KEY, reason TEXT NOT NULL,"
        " at DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS keys(name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)
UNCRACKED = 99  # an attempt that did not crack the code ranks after every one that did
BOARD_TOP = 10


class SqlStore:
    """The queries; a subclass opens the connection and says how its engine spells placeholders."""

    placeholder = "?"

    def __init__(self) -> None:
        self.db: Any = None
        self._in_transaction = False
        # the store's thread and a test (or the game) reading may share the connection: one at a time
        self.lock = threading.RLock()

    # --- plumbing -------------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def execute(self, sql: str, args: tuple = ()) -> Any:
        with self.lock:
            return self.db.execute(self._sql(sql), args)

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.lock:
            return list(self.execute(sql, args).fetchall())

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction around everything inside (nested calls join the outer one)."""
        with self.lock:
            if self._in_transaction:
                yield
                return
            self.db.execute("BEGIN IMMEDIATE")  # SQLite's; PostgresStore has its own
            self._in_transaction = True
            try:
                yield
            except BaseException:
                self._in_transaction = False
                self.db.execute("ROLLBACK")
                raise
            self._in_transaction = False
            self.db.execute("COMMIT")

    def _lock_for_migration(self) -> None:
        """Held for the migration's transaction, so two processes starting together migrate once."""

    def migrate(self) -> int:
        """Bring the schema to SCHEMA_VERSION; returns the version found before."""
        with self.transaction():
            self._lock_for_migration()
            for statement in MIGRATIONS[0]:
                self.execute(statement)
            self.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            found = self.rows("SELECT value FROM meta WHERE key='schema'")
            version = int(found[0][0]) if found else 1
            for steps in MIGRATIONS[version:]:
                for statement in steps:
                    self.execute(statement)
            self.execute(
                "INSERT INTO meta(key, value) VALUES ('schema', ?) "
                "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                (str(SCHEMA_VERSION),),
            )
        return version

    # --- players and duels --------------------------------------------------------------------
    def see_player(self, player: str, nick: str) -> None:
        self.execute(
            "INSERT INTO players(id, nick, seen) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET nick=excluded.nick, seen=excluded.seen",
            (player, nick, time.time()),
        )

    def record(self, result: dict[str, Any]) -> str:
        """Keep one finished duel, once (by its game id), and rate its players in the same transaction."""
        game = str(result.get("game_id") or uuid.uuid4().hex)
        data = json.dumps({**result, "game_id": game}, sort_keys=True)
        with self.transaction():
            new = self.execute(
                "INSERT INTO results(game, at, data) VALUES (?, ?, ?) ON CONFLICT(game) DO NOTHING",
                (game, time.time(), data),
            ).rowcount
            if new == 1:
                self._rate(result)
                for player, flagged in zip(
                    result.get("players", []), result.get("flagged", []), strict=False
                ):
                    if flagged:
                        self.flag(player, "guesses faster than a person")
        return game

    def _rate(self, result: dict[str, Any]) -> None:
        players, winner = result.get("players", []), result.get("winner")
        if len(players) != 2 or any(result.get("flagged", [])) or result.get("rated") is False:
            return  # kept, never rated: a too-fast player, or a duel aborted before any row (Room.rated)
        first, second = self.rating(players[0]), self.rating(players[1])
        score = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
        for player, new in zip(players, duel(first, second, score), strict=True):
            self.execute(
                "INSERT INTO ratings(player, rating, rd, vol, games) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(player) DO UPDATE SET rating=excluded.rating, rd=excluded.rd, "
                "vol=excluded.vol, games=excluded.games",
                (player, new.rating, new.rd, new.vol, new.games),
            )

    def results(self) -> list[dict[str, Any]]:
        return [json.loads(data) for (data,) in self.rows("SELECT data FROM results ORDER BY at, game")]

    def count_results(self) -> int:
        return int(self.rows("SELECT COUNT(*) FROM results")[0][0])

    def rating(self, player: str) -> Rating:
        found = self.rows("SELECT rating, rd, vol, games FROM ratings WHERE player=?", (player,))
        return Rating(*found[0]) if found else Rating()

    # --- the server's key, flags ---------------------------------------------------------------
    def server_key(self) -> bytes:
        """The secret the Daily's and challenges' codes are derived from: made once, shared by every
        process on this database, never sent to anyone."""
        with self.transaction():
            self.execute(
                "INSERT INTO keys(name, value) VALUES ('codes', ?) ON CONFLICT(name) DO NOTHING",
                (secrets.token_hex(32),),
            )
            return bytes.fromhex(self.rows("SELECT value FROM keys WHERE name='codes'")[0][0])

    def flag(self, player: str, reason: str) -> None:
        self.execute(
            "INSERT INTO flags(player, reason, at) VALUES (?, ?, ?) ON CONFLICT(player) DO NOTHING",
            (player, reason, time.time()),
        )

    def flagged(self, player: str) -> bool:
        return bool(self.rows("SELECT 1 FROM flags WHERE player=?", (player,)))

    # --- solo attempts: the Daily and challenges ----------------------------------------------
    def open_attempt(self, kind: str, ref: str, player: str, nick: str, size: str) -> dict[str, Any]:
        """The player's attempt at (kind, ref): made now if there is none (one per device, by the key)."""
        with self.transaction():
            self.execute(
                "INSERT INTO solo(kind, ref, player, nick, size, started, rows, done, cracked, guesses, ms,"
                " flagged) VALUES (?, ?, ?, ?, ?, ?, '[]', 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING",
                (kind, ref, player, nick, size, time.time()),
            )
            return self.attempt(kind, ref, player)  # type: ignore[return-value]

    def attempt(self, kind: str, ref: str, player: str) -> dict[str, Any] | None:
        found = self.rows(
            "SELECT nick, size, started, rows, done, cracked, guesses, ms, flagged FROM solo "
            "WHERE kind=? AND ref=? AND player=?",
            (kind, ref, player),
        )
        if not found:
            return None
        nick, size, started, rows, done, cracked, guesses, ms, flagged = found[0]
        return {
            "nick": nick,
            "size": size,
            "started": started,
            "rows": json.loads(rows),
            "done": bool(done),
            "cracked": bool(cracked),
            "guesses": guesses,
            "ms": ms,
            "flagged": bool(flagged),
        }

    def save_attempt(
        self, kind: str, ref: str, player: str, rows: list, done: bool, cracked: bool, ms: int, flagged: bool
    ) -> None:
        """The attempt's rows so far; once done it never changes again (a late write cannot undo it)."""
        self.execute(
            "UPDATE solo SET rows=?, done=?, cracked=?, guesses=?, ms=?, flagged=? "
            "WHERE kind=? AND ref=? AND player=? AND done=0",
            (json.dumps(rows), int(done), int(cracked), len(rows), ms, int(flagged), kind, ref, player),
        )
        if flagged:
            self.flag(player, "guesses faster than a person")

    _RANKED = (
        "FROM solo WHERE kind=? AND ref=? AND done=1 AND flagged=0 "
        "AND player NOT IN (SELECT player FROM flags)"
    )
    _KEY = f"(CASE WHEN cracked=1 THEN guesses ELSE {UNCRACKED} END)"

    def board(self, kind: str, ref: str, player: str | None = None, top: int = BOARD_TOP) -> dict[str, Any]:
        """The ranked attempts at (kind, ref): the top ones by nickname, the total, and where
        `player` stands (rank, and the share of players they did better than)."""
        best = self.rows(
            f"SELECT nick, guesses, ms, cracked {self._RANKED} ORDER BY {self._KEY}, ms, started LIMIT ?",
            (kind, ref, top),
        )
        total = int(self.rows(f"SELECT COUNT(*) {self._RANKED}", (kind, ref))[0][0])
        board: dict[str, Any] = {
            "top": [
                {"nick": nick, "guesses": guesses, "ms": ms, "cracked": bool(cracked)}
                for nick, guesses, ms, cracked in best
            ],
            "total": total,
        }
        mine = self.attempt(kind, ref, player) if player else None
        if mine is not None and mine["done"] and not mine["flagged"] and not self.flagged(player or ""):
            key = mine["guesses"] if mine["cracked"] else UNCRACKED
            ahead = self.rows(
                f"SELECT COUNT(*) {self._RANKED} AND ({self._KEY} < ? OR ({self._KEY} = ? AND ms < ?))",
                (kind, ref, key, key, mine["ms"]),
            )[0][0]
            behind = self.rows(
                f"SELECT COUNT(*) {self._RANKED} AND ({self._KEY} > ? OR ({self._KEY} = ? AND ms > ?))",
                (kind, ref, key, key, mine["ms"]),
            )[0][0]
            board["rank"] = int(ahead) + 1
            board["better_than"] = round(100.0 * int(behind) / total, 1) if total else 0.0
        return board

    def days(self, limit: int = 30) -> list[dict[str, Any]]:
        """The latest days with a Daily board, newest first, with how many are ranked on each."""
        found = self.rows(
            "SELECT ref, COUNT(*) FROM solo WHERE kind='daily' AND done=1 "
            "GROUP BY ref ORDER BY ref DESC LIMIT ?",
            (limit,),
        )
        return [{"day": day, "players": int(count)} for day, count in found]

    def daily_days(self, player: str) -> list[str]:
        """The days this device finished an online Daily, newest first (its streak is read from them)."""
        found = self.rows(
            "SELECT ref FROM solo WHERE kind='daily' AND player=? AND done=1 ORDER BY ref DESC LIMIT 400",
            (player,),
        )
        return [day for (day,) in found]

    def make_challenge(self, challenge: str, size: str, maker: str, nick: str) -> None:
        self.execute(
            "INSERT INTO challenges(id, size, maker, nick, made) VALUES (?, ?, ?, ?, ?)",
            (challenge, size, maker, nick, time.time()),
        )

    def challenge(self, challenge: str) -> dict[str, Any] | None:
        found = self.rows("SELECT size, nick, made FROM challenges WHERE id=?", (challenge,))
        if not found:
            return None
        size, nick, made = found[0]
        entries = self.rows(
            "SELECT nick, guesses, ms, cracked, done FROM solo WHERE kind='challenge' AND ref=? "
            f"AND flagged=0 AND player NOT IN (SELECT player FROM flags) ORDER BY done DESC, {self._KEY}, ms",
            (challenge,),
        )
        return {
            "id": challenge,
            "size": size,
            "maker": nick,
            "made": made,
            "entries": [
                {"nick": n, "guesses": g, "ms": ms, "cracked": bool(c), "done": bool(d)}
                for n, g, ms, c, d in entries
            ],
        }

    def close(self) -> None:
        self.db.close()


class SqliteStore(SqlStore):
    """The store in one SQLite file (":memory:" for a server that keeps nothing): WAL, and
    synchronous=NORMAL, under which a commit survives the process dying (not a power cut)."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # made in one thread, used by the store's thread (one at a time, never together)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.migrate()


class PostgresStore(SqlStore):
    """The store in PostgreSQL (psycopg 3), shared by every server process given the same URL."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        try:  # here, not at the top: psycopg (and libpq) cost a one-process SQLite server 20 MB for nothing
            import psycopg
        except ImportError:
            raise RuntimeError("PostgreSQL needs psycopg: pip install 'mastermind-arcade[servers]'") from None
        try:
            self.db = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise RuntimeError(f"cannot reach the database at {url}: {exc}".strip()) from None
        self.migrate()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self.lock:
            if self._in_transaction:
                yield
                return
            self._in_transaction = True
            try:
                with self.db.transaction():
                    yield
            finally:
                self._in_transaction = False

    def _lock_for_migration(self) -> None:
        self.execute("SELECT pg_advisory_xact_lock(?)", (0x6D6D,))
