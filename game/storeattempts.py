"""One attempt a day per kind (each Daily preset, each Deduce level), in the records database's attempts
table.

AttemptRows is one part of store.Store (a base class it extends), using the store's connection,
transactions and guards (store.py's docstring has the invariants). An attempt is 'playing' (with the
game so far) until it is decided once (with its result); (day, kind) is the table's primary key, so
two windows cannot both decide one day. Days are kept as given, never judged against the clock.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .storedb import StoreRows


@dataclass(frozen=True)
class Attempt:
    """A day's attempt of one kind: 'playing' (with the game so far) or 'decided' (with its result)."""

    day: str
    kind: str
    state: str
    game: Any = None
    result: Any = None


class AlreadyDecided(ValueError):
    """The day's attempt was decided already (in another window): the first result stands."""


class AttemptRows(StoreRows):
    """Every stored attempt of a kind; playing, amending and deciding the day's one."""

    def attempts(self, kind: str) -> dict[str, Attempt]:
        """Every stored attempt of `kind`, by day (YYYY-MM-DD, as stored: never judged by the clock)."""
        found = {}
        for day, state, game, result in self._rows(
            "SELECT day, state, game, result FROM attempts WHERE kind = ?", (kind,)
        ):
            try:
                found[day] = Attempt(day, kind, state, _loads(game), _loads(result))
            except ValueError as exc:
                where, name = "day = ? AND kind = ?", f"{kind} {day}"
                self._refused("attempts", where, (day, kind), "attempt", name, [state, game, result], exc)
        return found

    def play_attempt(self, day: str, kind: str, game: Any) -> bool:
        """Keep `game` as the day's attempt in progress (made now if it is the day's first row); False
        when the day was decided already (in another window)."""
        with self._guard(), self.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO attempts(day, kind, state) VALUES (?, ?, 'playing')", (day, kind)
            )
            sql = "UPDATE attempts SET game = ? WHERE day = ? AND kind = ? AND state = 'playing'"
            return db.execute(sql, (json.dumps(game), day, kind)).rowcount == 1
        return True

    def amend_attempt(self, day: str, kind: str, change: Callable[[Any], Any]) -> bool:
        """Apply `change` to a decided attempt's result (an earlier version's figure read in); False
        when there is no such attempt."""
        with self.transaction() as db:
            row = db.execute(
                "SELECT result FROM attempts WHERE day = ? AND kind = ? AND state = 'decided'", (day, kind)
            ).fetchone()
            if row is not None:
                sql = "UPDATE attempts SET result = ? WHERE day = ? AND kind = ?"
                db.execute(sql, (json.dumps(change(_loads(row[0]))), day, kind))
        return row is not None

    def decide_attempt(self, day: str, kind: str, result: Any) -> None:
        """Decide the day's attempt with `result` (AlreadyDecided if it was decided already)."""
        with self.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO attempts(day, kind, state) VALUES (?, ?, 'playing')", (day, kind)
            )
            sql = "UPDATE attempts SET state = 'decided', game = NULL, result = ? WHERE "
            sql += "day = ? AND kind = ? AND state = 'playing'"
            if db.execute(sql, (json.dumps(result), day, kind)).rowcount != 1:
                raise AlreadyDecided(f"the attempt of {day} was decided already")


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)
