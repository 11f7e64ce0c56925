"""What Deduce keeps of its own (the store's record "deduce"): per level the next practice puzzle's
number, and, from earlier versions' deduce.json, the puzzle of the day's last result and streak
(taken into the day's attempts once, take_deduce_json; the streak is now computed from them).
Pure values with a strict text
form: from_dict raises DeduceBookError (a ValueError) naming the first thing wrong, so a damaged
file is moved aside by the store, never half-trusted.

Invariants: stars run 0 (not solved) to 3; a streak is no longer than the best streak and is 0
unless the last day was solved; practice numbers stay within game/core/deduce.MAX_NUMBER.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.daily import day_streaks
from game.core.deduce import MAX_NUMBER
from game.modes.deduce.levels import LEVEL_NAMES
from game.screens.holding import RecordBook

MAX_STREAK = 100_000  # days: far beyond any player's, so a bigger number is damage


class DeduceBookError(ValueError):
    """A stored Deduce book that cannot be trusted; the message says why."""


@dataclass(frozen=True)
class LevelRecord:
    last_day: dt.date | None = None  # the last puzzle of the day played to its end
    last_stars: int = 0  # its stars (0: not solved)
    streak: int = 0  # puzzles of the day solved on consecutive days, up to last_day
    best_streak: int = 0
    next_practice: int = 0  # the practice puzzle dealt next

    def can_play(self, day: dt.date) -> bool:
        return self.last_day is None or self.last_day < day

    def streak_on(self, day: dt.date) -> int:
        """The streak as it stands on `day` (broken when yesterday's puzzle was not solved)."""
        if self.last_day is None or (day - self.last_day).days > 1:
            return 0
        return self.streak


@dataclass(frozen=True)
class DeduceBook:
    levels: Mapping[str, LevelRecord] = field(default_factory=dict)

    def level(self, name: str) -> LevelRecord:
        return self.levels.get(name, LevelRecord())

    def daily_done(self, name: str, day: dt.date, stars: int) -> DeduceBook:
        """The book after the puzzle of `day` at level `name` ended with `stars` (0: not solved); a
        second result for the same day changes nothing (the first stands)."""
        record = self.level(name)
        if not record.can_play(day):
            return self
        continues = record.last_day == day - dt.timedelta(days=1) and record.last_stars
        streak = (record.streak + 1 if continues else 1) if stars else 0
        best = max(record.best_streak, streak)
        return self._with(
            name, replace(record, last_day=day, last_stars=stars, streak=streak, best_streak=best)
        )

    def practice_dealt(self, name: str) -> tuple[DeduceBook, int]:
        """The next practice number at level `name`, and the book counting it as dealt."""
        record = self.level(name)
        number = record.next_practice
        following = (number + 1) % (MAX_NUMBER + 1)
        return self._with(name, replace(record, next_practice=following)), number

    def _with(self, name: str, record: LevelRecord) -> DeduceBook:
        return DeduceBook({**self.levels, name: record})


def book_to_dict(book: DeduceBook) -> dict[str, Any]:
    return {
        name: {
            "last_day": None if r.last_day is None else r.last_day.isoformat(),
            "last_stars": r.last_stars,
            "streak": r.streak,
            "best_streak": r.best_streak,
            "next_practice": r.next_practice,
        }
        for name, r in book.levels.items()
    }


def book_from_dict(data: Any) -> DeduceBook:
    if not isinstance(data, Mapping):
        raise DeduceBookError("the Deduce book is an object of level -> record")
    levels = {}
    for name, raw in data.items():
        if name not in LEVEL_NAMES:
            raise DeduceBookError(f"Deduce levels are {', '.join(LEVEL_NAMES)}, not {str(name)[:40]!r}")
        keys = {"last_day", "last_stars", "streak", "best_streak", "next_practice"}
        if not isinstance(raw, Mapping) or set(raw) != keys:
            raise DeduceBookError(f"a Deduce level record has exactly {', '.join(sorted(keys))}")
        day = _day(raw["last_day"])
        stars = _whole(raw["last_stars"], "last_stars", 3)
        streak = _whole(raw["streak"], "streak", MAX_STREAK)
        best = _whole(raw["best_streak"], "best_streak", MAX_STREAK)
        number = _whole(raw["next_practice"], "next_practice", MAX_NUMBER)
        if streak > best or (streak and (day is None or not stars)):
            raise DeduceBookError(f"the {name} streak contradicts its record")
        levels[name] = LevelRecord(day, stars, streak, best, number)
    return DeduceBook(levels)


def _whole(value: Any, name: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise DeduceBookError(f"{name} is a whole number from 0 to {most:,}, not {str(value)[:40]!r}")
    return value


def _day(value: Any) -> dt.date | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise DeduceBookError(f"a day is written YYYY-MM-DD, not {str(value)[:40]!r}")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise DeduceBookError(f"{value!r} is not a calendar date") from None


def take_deduce_json(store: Any, data: Any) -> None:
    """An earlier version's deduce.json: the book kept, each level's last puzzle of the day (and the
    days of its streak before it) made decided attempts."""
    book = book_from_dict(data)
    store.update_record(DEDUCE_BOOK, lambda _: book)
    for name, record in book.levels.items():
        if record.last_day is None:
            continue
        for back in range(1, record.streak):
            earlier = (record.last_day - dt.timedelta(days=back)).isoformat()
            store.decide_attempt(earlier, f"deduce:{name}", {"stars": 1})
        store.decide_attempt(record.last_day.isoformat(), f"deduce:{name}", {"stars": record.last_stars})


def daily_figures(store: Any, level: str, day: dt.date) -> tuple[Any, int, int, int]:
    """(today's attempt or None, its stars, the streak on `day`, the best streak) from `level`'s
    stored attempts (a row this version cannot read counts as not solved); the best streak never
    below the one an earlier version counted (the book's best_streak, kept when it was read in)."""
    if store is None:
        return None, 0, 0, 0
    attempts = store.attempts(f"deduce:{level}")
    solved = {}
    for text, attempt in attempts.items():
        try:
            when = dt.date.fromisoformat(text)
        except ValueError:
            continue
        if attempt.state == "decided":
            result = attempt.result if isinstance(attempt.result, Mapping) else {}
            solved[when] = isinstance(result.get("stars"), int) and result["stars"] > 0
    today = attempts.get(day.isoformat())
    stars = 0
    if today is not None and today.state == "decided" and isinstance(today.result, Mapping):
        stars = today.result.get("stars", 0) if isinstance(today.result.get("stars"), int) else 0
    streak, best = day_streaks(solved, day)
    return today, stars, streak, max(best, store.load_record(DEDUCE_BOOK).level(level).best_streak)


DEDUCE_BOOK = RecordBook("deduce", book_from_dict, book_to_dict, DeduceBook, legacy=take_deduce_json)
