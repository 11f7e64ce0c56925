"""What the server keeps: players (a hash of their device token and a nickname) and finished games.

One small interface, ResultStore, and its SQLite implementation (the default: one file, WAL, each
result one transaction keyed by a unique game id, so recording the same game twice is a no-op).
The server never stores a device token, only its SHA-256 (player_id), so a copied database cannot
be used to act as anyone.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
import uuid
from pathlib import Path
from typing import Any, Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS players(id TEXT PRIMARY KEY, nick TEXT NOT NULL, seen REAL NOT NULL);
CREATE TABLE IF NOT EXISTS results(game TEXT PRIMARY KEY, at REAL NOT NULL, data TEXT NOT NULL);
"""


def player_id(token: str) -> str:
    """The server's name for a device: the SHA-256 of its token (the token itself is never kept)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class ResultStore(Protocol):
    def see_player(self, player: str, nick: str) -> None: ...
    def record(self, result: dict[str, Any]) -> str: ...
    def results(self) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...


class SqliteStore:
    """ResultStore in one SQLite file (":memory:" for a server that keeps nothing)."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # made in one thread, used by the server's loop in another (one at a time, never together)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives the process dying
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)

    def see_player(self, player: str, nick: str) -> None:
        self.db.execute(
            "INSERT INTO players(id, nick, seen) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET nick=excluded.nick, seen=excluded.seen",
            (player, nick, time.time()),
        )

    def record(self, result: dict[str, Any]) -> str:
        """Keep one finished game; returns its id (result["game_id"] when given, else a new one)."""
        game = str(result.get("game_id") or uuid.uuid4().hex)
        data = json.dumps({**result, "game_id": game}, sort_keys=True)
        self.db.execute(
            "INSERT OR IGNORE INTO results(game, at, data) VALUES (?, ?, ?)", (game, time.time(), data)
        )
        return game

    def results(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT data FROM results ORDER BY at, game").fetchall()
        return [json.loads(data) for (data,) in rows]

    def close(self) -> None:
        self.db.close()
