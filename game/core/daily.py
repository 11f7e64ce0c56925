"""What a played daily leaves: its grades checked, the share text, and the record of days played.

The code each day holds (the recipe, the UTC day, the countdown, the archive of past days) is
game/core/dailycode.py; this module keeps what follows from playing it, and hands the code's names
on, so a screen reads the whole daily from here.

The daily record (one per preset) keeps the last day played, that day's grades, and the streak of
consecutive days won: a win the day after the last win extends it, a win after a gap starts again at
one, a loss ends it. One attempt per day: record_daily() refuses a day on or before the last one.

API for a screen (all pure; `day` is a datetime.date, `now` an aware datetime):
    DAILY_PRESETS                      -> ("Classic", "Super"): the Daily mode's
    VARIANT_DAILIES, DAILIES           one daily per variant of its own: "Bulls and Cows", "Words", "Word
                                       marks" (a secret of the variant's, by rank), and all of them
    daily_day, seconds_until_next_daily, daily_config, daily_secret, the archive: dailycode.py's
    share_text(day, preset_name, grades) -> str   grades: every row's Feedback, in order
    DailyRecord(last_day, grades, streak, best_streak); .won, .can_play(day), .current_streak(day)
    record_daily(record, day, grades, preset_name) -> DailyRecord   (DailyError if already played)
    daily_book_to_dict(book) / daily_book_from_dict(data, today)   preset name -> DailyRecord
    day_streaks(days, day) -> (current, best)   streaks from the days decided
Stored values are read by meaning: given `today` (the caller's clock; this module reads none), a
day played is never in the future beyond CLOCK_SKEW, so a tampered 9999-12-31 cannot lock the daily
away; a streak is never longer than the calendar days up to its last day.
Every error is a DailyError (a ValueError) with a message a person can act on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .codes import Feedback
from .config import GameConfig
from .dailycode import (  # noqa: F401  (the code's names, handed on: a screen reads the daily from here)
    DAILIES,
    DAILY_EPOCH,
    DAILY_PRESETS,
    VARIANT_DAILIES,
    DailyError,
    archive_day,
    archive_numbers,
    archive_secret,
    check_day,
    check_not_future,
    daily_config,
    daily_day,
    daily_name,
    daily_number,
    daily_number_day,
    daily_secret,
    hashed_number,
    iso_day,
    seconds_until_next_daily,
)
from .variants import Grade, GradeError

SHARE_TITLE = "Mastermind Arcade Daily"
BLACK_MARK, WHITE_MARK, EMPTY_MARK = "●", "○", "·"
LOSS_MARK = "X"


def grade_marks(feedback: Feedback | tuple[int, int], pegs: int) -> str:
    """One row of the share text: blacks, then whites, then empties, one mark per peg ("●●○·")."""
    black, white = feedback
    return BLACK_MARK * black + WHITE_MARK * white + EMPTY_MARK * (pegs - black - white)


def check_grades(grades: Sequence[Feedback | tuple[int, int]], config: GameConfig) -> tuple[Grade, ...]:
    """`grades` as the game's grades if they can be a finished daily game's rows, else DailyError.

    A finished game has at least one row and at most `turns`, and only its last row may be all black.
    """
    if _variant_daily(config):
        return _check_variant_grades(grades, config)
    out = []
    for black, white in grades:
        for value in (black, white):
            if isinstance(value, bool) or not isinstance(value, int):
                raise DailyError(f"a grade is two whole numbers, not {(black, white)!r}")
        if black < 0 or white < 0 or black + white > config.pegs:
            raise DailyError(f"a grade has at most {config.pegs} pegs, not {black} black and {white} white")
        out.append(Feedback(black, white))
    if not 1 <= len(out) <= config.turns:
        raise DailyError(f"a finished daily game has 1 to {config.turns} rows, not {len(out)}")
    if any(fb.black == config.pegs for fb in out[:-1]):
        raise DailyError("a row after the one that cracked the code cannot happen")
    return tuple(out)


def _variant_daily(config: GameConfig) -> bool:
    return config.variant.text in VARIANT_DAILIES.values()


def _check_variant_grades(grades: Sequence[tuple[int, ...]], config: GameConfig) -> tuple[Grade, ...]:
    out = []
    for grade in grades:
        numbers = tuple(grade)
        if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
            raise DailyError(f"a grade is {len(config.variant.kinds)} whole numbers, not {numbers!r}")
        try:
            out.append(config.variant.check_grade(numbers))
        except GradeError as exc:
            raise DailyError(str(exc)) from None
    if not 1 <= len(out) <= config.turns:
        raise DailyError(f"a finished daily game has 1 to {config.turns} rows, not {len(out)}")
    if any(grade.black == config.pegs for grade in out[:-1]):
        raise DailyError("a row after the one that cracked the code cannot happen")
    return tuple(out)


def is_won(grades: Sequence[Grade], pegs: int) -> bool:
    return bool(grades) and getattr(grades[-1], "black", grades[-1][0]) == pegs


def share_text(day: dt.date, preset_name: str, grades: Sequence[Feedback | tuple[int, int]]) -> str:
    """The spoiler-free result to share: title, date, preset, guesses/turns (X/turns if not cracked),
    then one line of marks per row. Lines are joined by "\\n", with no trailing newline.

    Example (Classic, cracked in 3):
        Mastermind Arcade Daily
        2026-11-23 Classic 3/10
        ●○··
        ●●○○
        ●●●●
    """
    name = daily_name(preset_name)
    config = daily_config(name)
    rows = check_grades(grades, config)
    result = str(len(rows)) if is_won(rows, config.pegs) else LOSS_MARK
    header = [SHARE_TITLE, f"{check_day(day).isoformat()} {name} {result}/{config.turns}"]
    return "\n".join(header + [config.variant.share_marks(fb) for fb in rows])


@dataclass(frozen=True)
class DailyRecord:
    """One preset's daily history: the last day played, its grades, and the streak of days won.

    streak counts consecutive days won up to last_day (0 after a loss); best_streak its highest.
    """

    last_day: dt.date | None = None
    grades: tuple[Feedback, ...] = ()
    streak: int = 0
    best_streak: int = 0

    @property
    def won(self) -> bool:
        """Whether the last daily played was cracked."""
        return self.last_day is not None and self.streak > 0

    def can_play(self, day: dt.date) -> bool:
        """One attempt a day: only a day after the last one played can be played."""
        return self.last_day is None or day > self.last_day

    def current_streak(self, day: dt.date) -> int:
        """The streak as it stands on `day`: it survives only while yesterday's or today's code is won."""
        if self.last_day is None or (day - self.last_day).days > 1:
            return 0
        return self.streak


def record_daily(
    record: DailyRecord, day: dt.date, grades: Sequence[Feedback | tuple[int, int]], preset_name: str
) -> DailyRecord:
    """The record after the daily of `day` ended with `grades` (a new value); DailyError if `day`
    was already played (or is before the last day played, as after a clock set back)."""
    if not record.can_play(check_day(day)):
        raise DailyError(
            f"the daily code of {day.isoformat()} has already been played; the next one comes at midnight UTC"
        )
    config = daily_config(preset_name)
    rows = check_grades(grades, config)
    if not is_won(rows, config.pegs):
        streak = 0
    elif record.last_day is not None and (day - record.last_day).days == 1:
        streak = record.streak + 1
    else:
        streak = 1
    return DailyRecord(day, rows, streak, max(record.best_streak, streak))


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DailyError(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def daily_record_to_dict(record: DailyRecord) -> dict[str, Any]:
    """A JSON-ready dict: the day as ISO text, grades as [black, white] pairs."""
    return {
        "last_day": None if record.last_day is None else record.last_day.isoformat(),
        "grades": [[int(n) for n in fb] for fb in record.grades],  # black, white; a variant's numbers
        "streak": record.streak,
        "best_streak": record.best_streak,
    }


def daily_record_from_dict(data: Any, preset_name: str, today: dt.date | None = None) -> DailyRecord:
    """Inverse of daily_record_to_dict(); DailyError on anything damaged or inconsistent, on a day
    played after `today` (beyond CLOCK_SKEW) and on a streak longer than the days up to that day."""
    if not isinstance(data, Mapping):
        raise DailyError(f"a daily record is a JSON object, not {type(data).__name__}")
    unknown = set(data) - {"last_day", "grades", "streak", "best_streak"}
    if unknown:
        raise DailyError(f"a daily record has no field {sorted(map(str, unknown))[0]!r}")
    raw_day = data.get("last_day")
    last_day = None if raw_day is None else iso_day(raw_day)
    raw_grades = data.get("grades", [])
    numbers = len(daily_config(preset_name).variant.kinds)
    if not isinstance(raw_grades, list) or any(
        not isinstance(g, list) or len(g) != numbers for g in raw_grades
    ):
        raise DailyError(
            "grades are a list of [black, white] pairs" if numbers == 2 else f"grades are lists of {numbers}"
        )
    streak = _count(data.get("streak", 0), "streak")
    best = _count(data.get("best_streak", 0), "best_streak")
    if last_day is None:
        if raw_grades or streak or best:
            raise DailyError("a daily record with no day played has no grades and no streak")
        return DailyRecord()
    check_not_future(last_day, today, "the last day played")
    if best > last_day.toordinal():  # a streak of n days won needs n calendar days up to its last one
        raise DailyError(f"a streak of {best} days cannot end on {last_day.isoformat()}")
    config = daily_config(preset_name)
    grades = check_grades([tuple(g) for g in raw_grades], config)
    won = is_won(grades, config.pegs)
    if (streak > 0) != won or streak > best:
        raise DailyError(
            f"streak {streak} (best {best}) does not fit a daily that was {'won' if won else 'lost'}"
        )
    return DailyRecord(last_day, grades, streak, best)


def daily_book_to_dict(book: Mapping[str, DailyRecord]) -> dict[str, Any]:
    """Preset name -> record dict, for every daily preset present in `book`."""
    return {daily_name(name): daily_record_to_dict(record) for name, record in book.items()}


def daily_book_from_dict(data: Any, today: dt.date | None = None) -> dict[str, DailyRecord]:
    """Inverse of daily_book_to_dict(); every daily preset is present (an empty record if missing).
    With `today`, a day played in the future is refused (daily_record_from_dict)."""
    if not isinstance(data, Mapping):
        raise DailyError("daily results are a JSON object of preset -> record")
    book = {name: DailyRecord() for name in DAILY_PRESETS}
    for key, value in data.items():
        if key not in DAILIES:
            raise DailyError(f"daily results are kept for {', '.join(DAILIES)}, not {key!r}")
        book[key] = daily_record_from_dict(value, key, today)
    return book


def day_streaks(days: Mapping[dt.date, bool], day: dt.date) -> tuple[int, int]:
    """(the streak as it stands on `day`, the best streak) from the days decided, day -> won. The
    streak runs back from the latest decided day not after `day`, while each day before it was won,
    and survives only if that day is `day` or the day before; days after `day` (a clock set back)
    are kept and count again once the clock reaches them, never damage."""
    best = run = 0
    previous = None
    for when in sorted(days):
        run = (
            run + 1
            if days[when] and previous is not None and (when - previous).days == 1 and days[previous]
            else int(days[when])
        )
        best, previous = max(best, run), when
    past = [when for when in days if when <= day]
    if not past or (day - max(past)).days > 1:
        return 0, best
    current, when = 0, max(past)
    while days.get(when):
        current, when = current + 1, when - dt.timedelta(days=1)
    return current, best
