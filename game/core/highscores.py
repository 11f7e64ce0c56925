"""Arcade high-score tables: the top ten per mode, entered with three initials.

Invariants:
- A HighScore has three initials A-Z, a whole score from 1 to MAX_SCORE and a YYYY-MM-DD date.
- A HighScoreTable holds at most TABLE_SIZE entries, highest score first. An equal score ranks below
  the ones already there (the first to reach a score keeps the higher place), so a new score must beat
  the tenth to enter a full table.
- Every value is frozen; insert() and the InitialsEditor's methods return new values.
- to_dict()/from_dict() round-trip, and from_dict() raises HighScoreError (a ValueError) on anything
  wrong: wrong types, non-finite or fractional scores, bad initials or dates, more than ten entries,
  entries out of order, a table name that is no short word, and, given the reader's `today`, a date
  in the future (beyond dailycode.CLOCK_SKEW). A damaged file is caught, never half-trusted; a table of a
  mode this version does not know is kept as it is.

The initials editor is the arcade entry as a value: Up/Down cycle the highlighted letter (Z wraps to
A), Left/Right move the highlight, typing a letter sets the letter at the cursor and moves on,
Backspace steps back and clears that letter to A. The cursor runs 0..3: 3 means all three letters were
typed, and the highlight stays on the last letter (typing again replaces it).

The tables are the modes' (game/modes/registry.py high_score_tables()); this module names none.

API for a screen:
    HighScore(initials, score, date)              date as "YYYY-MM-DD"
    HighScoreTable(entries=()); .qualifies(score) -> bool; .rank_for(score) -> int | None (1-based)
        .insert(entry) -> (HighScoreTable, rank or None)
    InitialsEditor(); .up() .down() .left() .right() .backspace() .select(i) .type_letter(ch)
        -> InitialsEditor; .initials -> "ABC"; .position -> highlighted letter 0..2
    empty_book(tables) -> {mode: HighScoreTable}
    table_to_dict(table) / table_from_dict(data, today); book_to_dict(book) / book_from_dict(data, today)
"""

from __future__ import annotations

import datetime as dt
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .dailycode import DailyError, check_not_future

TABLE_SIZE = 10
MAX_TABLE_NAME = 20
INITIALS_LENGTH = 3
LETTERS = string.ascii_uppercase
BLANK_LETTER = "A"
# A score's initials before any were ever entered: what its table line says until they are, and
# where the initials entry starts, so both show one word a player reads as theirs.
DEFAULT_INITIALS = "YOU"
# Far above anything a game can score (a Blitz code is worth at most 1000): a bigger number is damage.
MAX_SCORE = 10**9


class HighScoreError(ValueError):
    """A high-score entry or table that cannot be (the message says what is wrong)."""


def _check_initials(initials: Any) -> str:
    if (
        not isinstance(initials, str)
        or len(initials) != INITIALS_LENGTH
        or any(c not in LETTERS for c in initials)
    ):
        raise HighScoreError(f"initials are {INITIALS_LENGTH} capital letters A-Z, not {initials!r}")
    return initials


def _check_score(score: Any) -> int:
    if isinstance(score, bool) or not isinstance(score, int) or not 1 <= score <= MAX_SCORE:
        raise HighScoreError(f"a high score is a whole number from 1 to {MAX_SCORE}, not {score!r}")
    return score


def _check_date(date: Any) -> str:
    # date.fromisoformat also reads forms such as "20261123"; only YYYY-MM-DD is written or read.
    if not isinstance(date, str) or len(date) != 10 or date[4] != "-" or date[7] != "-":
        raise HighScoreError(f"a high score's date is written YYYY-MM-DD, not {date!r}")
    try:
        dt.date.fromisoformat(date)
    except ValueError:
        raise HighScoreError(f"{date!r} is not a calendar date") from None
    return date


@dataclass(frozen=True)
class HighScore:
    """One line of a table: who (three initials), how many points, and on which day."""

    initials: str
    score: int
    date: str

    def __post_init__(self) -> None:
        _check_initials(self.initials)
        _check_score(self.score)
        _check_date(self.date)


@dataclass(frozen=True)
class HighScoreTable:
    """The top TABLE_SIZE scores of one mode, highest first."""

    entries: tuple[HighScore, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.entries, tuple) or any(not isinstance(e, HighScore) for e in self.entries):
            raise HighScoreError("a table's entries are a tuple of HighScore values")
        if len(self.entries) > TABLE_SIZE:
            raise HighScoreError(f"a table holds at most {TABLE_SIZE} entries, not {len(self.entries)}")
        if any(a.score < b.score for a, b in zip(self.entries, self.entries[1:], strict=False)):
            raise HighScoreError("a table's entries run from the highest score down")

    def rank_for(self, score: int) -> int | None:
        """The place (1-based) a new `score` would take, or None if it does not make the table."""
        if isinstance(score, bool) or not isinstance(score, int) or score < 1:
            return None
        place = sum(1 for e in self.entries if e.score >= score) + 1
        return place if place <= TABLE_SIZE else None

    def qualifies(self, score: int) -> bool:
        """Whether `score` enters the table (ask for initials only then)."""
        return self.rank_for(score) is not None

    def insert(self, entry: HighScore) -> tuple[HighScoreTable, int | None]:
        """The table with `entry` in its place and that place (1-based); (self, None) if it misses."""
        rank = self.rank_for(entry.score)
        if rank is None:
            return self, None
        entries = self.entries[: rank - 1] + (entry,) + self.entries[rank - 1 :]
        return HighScoreTable(entries[:TABLE_SIZE]), rank


@dataclass(frozen=True)
class InitialsEditor:
    """Three letters being entered, and the cursor (0..3; 3 = all typed, highlight on the last)."""

    letters: str = BLANK_LETTER * INITIALS_LENGTH
    cursor: int = 0

    def __post_init__(self) -> None:
        _check_initials(self.letters)
        if isinstance(self.cursor, bool) or not isinstance(self.cursor, int) or not 0 <= self.cursor <= 3:
            raise HighScoreError(f"the cursor is 0 to {INITIALS_LENGTH}, not {self.cursor!r}")

    @property
    def initials(self) -> str:
        return self.letters

    @property
    def position(self) -> int:
        """The highlighted letter, 0..2."""
        return min(self.cursor, INITIALS_LENGTH - 1)

    def _set(self, index: int, letter: str, cursor: int) -> InitialsEditor:
        letters = self.letters[:index] + letter + self.letters[index + 1 :]
        return InitialsEditor(letters, cursor)

    def _cycle(self, step: int) -> InitialsEditor:
        letter = LETTERS[(LETTERS.index(self.letters[self.position]) + step) % len(LETTERS)]
        return self._set(self.position, letter, self.cursor)

    def up(self) -> InitialsEditor:
        """The next letter at the highlight (Z wraps to A)."""
        return self._cycle(1)

    def down(self) -> InitialsEditor:
        """The previous letter at the highlight (A wraps to Z)."""
        return self._cycle(-1)

    def left(self) -> InitialsEditor:
        return InitialsEditor(self.letters, max(0, self.position - 1))

    def right(self) -> InitialsEditor:
        return InitialsEditor(self.letters, min(INITIALS_LENGTH - 1, self.position + 1))

    def select(self, index: int) -> InitialsEditor:
        """Highlight letter `index` (a click on it)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < INITIALS_LENGTH:
            raise HighScoreError(f"letters are numbered 0 to {INITIALS_LENGTH - 1}, not {index!r}")
        return InitialsEditor(self.letters, index)

    def type_letter(self, char: str) -> InitialsEditor:
        """A typed character: a letter a-z or A-Z is set at the cursor, which moves on; anything
        else (digits, space, an empty string from a key without text) leaves the editor unchanged."""
        # upper() can lengthen a character ("ß" -> "SS"), so the length is checked after it.
        letter = char.upper() if isinstance(char, str) and len(char) == 1 else ""
        if len(letter) != 1 or letter not in LETTERS:
            return self
        return self._set(self.position, letter, min(self.cursor + 1, INITIALS_LENGTH))

    def backspace(self) -> InitialsEditor:
        """Step back one letter and clear it to A; at the first letter, nothing to erase."""
        if self.cursor == 0:
            return self
        return self._set(self.cursor - 1, BLANK_LETTER, self.cursor - 1)


def empty_book(tables: tuple[str, ...]) -> dict[str, HighScoreTable]:
    """An empty table for each of `tables` (the modes' registry names them)."""
    return {mode: HighScoreTable() for mode in tables}


def table_to_dict(table: HighScoreTable) -> list[dict[str, Any]]:
    return [{"initials": e.initials, "score": e.score, "date": e.date} for e in table.entries]


def table_from_dict(data: Any, today: dt.date | None = None) -> HighScoreTable:
    """Inverse of table_to_dict(); HighScoreError on anything wrong (a date after `today`, too)."""
    if not isinstance(data, list):
        raise HighScoreError(f"a high-score table is a list of entries, not {type(data).__name__}")
    if len(data) > TABLE_SIZE:
        raise HighScoreError(f"a table holds at most {TABLE_SIZE} entries, not {len(data)}")
    entries = []
    for item in data:
        if not isinstance(item, Mapping) or set(item) != {"initials", "score", "date"}:
            raise HighScoreError("an entry is an object with exactly initials, score and date")
        entry = HighScore(item["initials"], item["score"], item["date"])
        try:
            check_not_future(dt.date.fromisoformat(entry.date), today, "a high score's date")
        except DailyError as exc:
            raise HighScoreError(str(exc)) from None
        entries.append(entry)
    return HighScoreTable(tuple(entries))


def book_to_dict(
    book: Mapping[str, HighScoreTable], tables: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Mode -> table: every one of `tables` present, in that order, then any other table the book
    holds (a mode of a newer version: kept, never dropped)."""
    for mode in book:
        _check_table_name(mode)
    names = list(tables) + [mode for mode in book if mode not in tables]
    return {mode: table_to_dict(book.get(mode, HighScoreTable())) for mode in names}


def book_from_dict(
    data: Any, tables: tuple[str, ...] = (), today: dt.date | None = None
) -> dict[str, HighScoreTable]:
    """Inverse of book_to_dict(); a missing table is empty. A table of a mode this version does not
    know (written by a newer one) is read and kept like the others, so going back to an older
    version never costs a high score; a name that cannot be a table's is damage; with `today`, a date
    in the future is damage too."""
    if not isinstance(data, Mapping):
        raise HighScoreError("high scores are a JSON object of mode -> table")
    book = empty_book(tables)
    for mode, table in data.items():
        book[_check_table_name(mode)] = table_from_dict(table, today)
    return book


def _check_table_name(name: Any) -> str:
    if not (isinstance(name, str) and 0 < len(name) <= MAX_TABLE_NAME and name.replace(" ", "").isalnum()):
        raise HighScoreError(f"a high-score table is named by a short word, not {str(name)[:40]!r}")
    if not name.isascii():
        raise HighScoreError(f"a high-score table is named in plain letters, not {name[:40]!r}")
    return name
