"""What the server keeps, behind one interface: players (a hash of their device token and a
nickname), finished duels and ratings, the Daily's and challenges' attempts, flagged devices.

ResultStore is the interface; sqlstore.py has its two implementations, SQLite (the default: one
file, WAL) and PostgreSQL (several server processes on one database). open_store() picks by the
address. Each result is one transaction keyed by a unique game id, so recording the same game
twice is a no-op. The server never stores a device token, only its SHA-256 (player_id), so a
copied database cannot be used to act as anyone.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Protocol

from game.server.glicko2 import Rating
from game.server.sqlstore import PostgresStore, SqliteStore, SqlStore

__all__ = ["PostgresStore", "ResultStore", "SqliteStore", "open_store", "player_id"]


def player_id(token: str) -> str:
    """The server's name for a device: the SHA-256 of its token (the token itself is never kept)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class ResultStore(Protocol):
    """Everything the server asks of its store (each call on the store's thread, in order)."""

    def see_player(self, player: str, nick: str) -> None: ...
    def record(self, result: dict[str, Any]) -> str: ...
    def results(self) -> list[dict[str, Any]]: ...
    def count_results(self) -> int: ...
    def rating(self, player: str) -> Rating: ...
    def server_key(self) -> bytes: ...
    def flag(self, player: str, reason: str) -> None: ...
    def flagged(self, player: str) -> bool: ...
    def open_attempt(self, kind: str, ref: str, player: str, nick: str, size: str) -> dict[str, Any]: ...
    def attempt(self, kind: str, ref: str, player: str) -> dict[str, Any] | None: ...
    def save_attempt(
        self, kind: str, ref: str, player: str, rows: list, done: bool, cracked: bool, ms: int, flagged: bool
    ) -> None: ...
    def board(self, kind: str, ref: str, player: str | None = None, top: int = 10) -> dict[str, Any]: ...
    def days(self, limit: int = 30) -> list[dict[str, Any]]: ...
    def daily_days(self, player: str) -> list[str]: ...
    def make_challenge(self, challenge: str, size: str, maker: str, nick: str) -> None: ...
    def challenge(self, challenge: str) -> dict[str, Any] | None: ...
    def close(self) -> None: ...


def open_store(where: str | Path) -> SqlStore:
    """PostgreSQL for a postgresql:// (or postgres://) address, else the SQLite file at `where`."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(where)
