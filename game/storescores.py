"""The high-score tables' rows in the records database: entered when a game is decided, signed
with initials later, read back as each table's top ten.

HighScoreRows is one part of store.Store (a base class it extends), using the store's connection,
transactions and guards (store.py's docstring has the invariants). A decided game's score is entered
once (its game id unique), under the last initials used, and unsigned until the player signs it;
signing keeps the initials for the next entry. A row whose values a HighScore refuses is set aside.
"""

from __future__ import annotations

from collections import defaultdict

from .core.highscores import DEFAULT_INITIALS, TABLE_SIZE, HighScore, HighScoreTable
from .settings import Settings
from .storedb import StoreRows

UNSIGNED = "SELECT id FROM high_scores WHERE tbl = ? AND score = ? AND confirmed = 0 ORDER BY id DESC"
TOP_TEN = "SELECT id FROM high_scores WHERE tbl = ? ORDER BY score DESC, id LIMIT ?"


class HighScoreRows(StoreRows):
    """Every table's top ten, entering a decided game's score, signing it and its rank."""

    high_score_tables: tuple[str, ...]  # the tables the modes declared (store.Store.declare)
    _settings: Settings  # an earlier version's last initials, where the database has none

    def load_high_scores(self) -> dict[str, HighScoreTable]:
        """Table -> its top ten: every declared table, any other the database holds, and an empty one
        for any other name asked (a tool or test without the modes' registry)."""
        entries: dict[str, list[HighScore]] = {name: [] for name in self.high_score_tables}
        for row_id, table, initials, score, day in self._rows(
            "SELECT id, tbl, initials, score, day FROM high_scores ORDER BY tbl, score DESC, id"
        ):
            listed = entries.setdefault(table, [])
            try:
                if len(listed) < TABLE_SIZE:
                    listed.append(HighScore(initials, score, day))
            except ValueError as exc:
                self._refused(
                    "high_scores", "id = ?", (row_id,), "high score in", table, [initials, score, day], exc
                )
        return defaultdict(HighScoreTable, {name: HighScoreTable(tuple(e)) for name, e in entries.items()})

    def enter_high_score(self, table: str, points: int, day: str, game_id: str) -> int | None:
        """Enter a decided game's score under the last initials used (signed later); its rank, if it
        is in the top ten."""
        with self.transaction() as db:
            sql = "INSERT OR IGNORE INTO high_scores(tbl, initials, score, day, confirmed, game_id) VALUES "
            db.execute(sql + "(?, ?, ?, ?, 0, ?)", (table, self.last_initials(), points, day, game_id))
            row = db.execute("SELECT id FROM high_scores WHERE game_id = ?", (game_id,)).fetchone()
        return self._rank(table, row[0]) if row else None

    def entered_rank(self, table: str, points: int) -> int | None:
        """The rank of an entered, unsigned score of `points` in `table`, if in the top ten."""
        row = self._rows(UNSIGNED, (table, points))
        return self._rank(table, row[0][0]) if row else None

    def add_high_score(self, table: str, entry: HighScore) -> int | None:
        """Sign the entered score of `entry` with its initials (or add it); its rank, or None."""
        with self._guard(), self.transaction() as db:
            row = db.execute(UNSIGNED, (table, entry.score)).fetchone()
            if row is None:
                sql = "INSERT INTO high_scores(tbl, initials, score, day) VALUES (?, ?, ?, ?)"
                row = (db.execute(sql, (table, entry.initials, entry.score, entry.date)).lastrowid,)
            db.execute(
                "UPDATE high_scores SET initials = ?, confirmed = 1 WHERE id = ?", (entry.initials, row[0])
            )
            db.execute("INSERT OR REPLACE INTO meta VALUES ('last_initials', ?)", (entry.initials,))
            return self._rank(table, row[0])
        return None

    def last_initials(self) -> str:
        """The initials a decided score is entered under and the entry starts from: the last ones
        confirmed (here, or in an earlier version's settings), else the latest any table shows (an
        earlier version's tables), else DEFAULT_INITIALS."""
        row = self._rows("SELECT value FROM meta WHERE key = 'last_initials'")
        if not row and not self._settings.last_initials:
            row = self._rows("SELECT initials FROM high_scores WHERE confirmed = 1 ORDER BY id DESC LIMIT 1")
        return row[0][0] if row else (self._settings.last_initials or DEFAULT_INITIALS)

    def _rank(self, table: str, row_id: int) -> int | None:
        ids = [r[0] for r in self._rows(TOP_TEN, (table, TABLE_SIZE))]
        return ids.index(row_id) + 1 if row_id in ids else None
