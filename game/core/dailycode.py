"""The daily code: which code each day holds, for Classic, Super and each variant, the same for all.

The day is the calendar date in UTC, so everyone plays the same code at the same moment and the
countdown to the next one is exact (no time zones or daylight saving to guess). Functions that need
"now" take an aware datetime; a naive one is refused, because its zone is unknown.

The recipe (stable across platforms and Python versions):
    text   = "mastermind-arcade daily v1|" + ISO date + "|" + preset name in lower case
             e.g. "mastermind-arcade daily v1|2026-11-23|classic"
    n      = SHA-256 of the UTF-8 text, the 32-byte digest read as a big-endian unsigned integer
    pegs   = repeated divmod: n, peg = divmod(n, colours), once per peg; the first remainder is the
             first (leftmost) peg.
Both daily presets allow repeated colours, so every code this gives is legal. Blitz and Deduce seed
their own codes with the same hashing (hashed_code, hashed_number).

This stands apart from what a played daily leaves (its grades, share text, record and streak:
game/core/daily.py, which hands these names on to the screens): the codes change only with the
recipe or the calendar, the record with what is kept of a game.

    DAILY_PRESETS, VARIANT_DAILIES, DAILIES   the dailies (see daily.py)
    daily_day(now) -> date             the UTC date of `now`
    seconds_until_next_daily(now) -> float   in (0, 86400]
    daily_config(preset_name) -> GameConfig; daily_name(preset_name) -> the daily's own spelling
    daily_secret(day, preset_name) -> Code
    check_day(day); check_not_future(day, today, what)  a stored date is at most CLOCK_SKEW after `today`
    iso_day(text) -> date               a stored day, YYYY-MM-DD only
The archive (any past day's code, played for fun: it never reaches a DailyRecord, so it cannot touch
the streak or the one attempt a day). Days are numbered from DAILY_EPOCH, Daily #1:
    daily_number(day) -> int            daily_number_day(number) -> date
    archive_day(today, day_or_number) -> date   a day from DAILY_EPOCH to yesterday, else DailyError
    archive_numbers(today) -> range     the numbers the archive offers on `today` (may be empty)
    archive_secret(today, day_or_number, preset_name) -> Code
Every error is a DailyError (a ValueError) with a message a person can act on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from typing import Any

from .codes import Code
from .config import GameConfig, legal_codes, preset
from .variants import variant_from_text

DAILY_PRESETS: tuple[str, ...] = ("Classic", "Super")
# One daily per variant of its own, by name -> the variant's stored text. Its secret is drawn by rank
# among the variant's secrets (n modulo their count: Variant.secret_of_rank), so a word daily is a word
# of the answer list. The Daily mode's screens list DAILY_PRESETS; these are the core's for now.
VARIANT_DAILIES: Mapping[str, str] = {
    "Bulls and Cows": "bulls-and-cows:4",
    "Words": "words:5",
    "Word marks": "word-marks:5",
}
DAILIES: tuple[str, ...] = (*DAILY_PRESETS, *VARIANT_DAILIES)
DAILY_HASH_PREFIX = "mastermind-arcade daily v1"
SECONDS_PER_DAY = 86_400
# A clock a little ahead (another machine, a wrong time zone setting) may have written "tomorrow";
# anything later is not a day anyone has played yet.
CLOCK_SKEW = dt.timedelta(days=1)


# Daily #1, the first day of the daily code. The archive offers days from here to yesterday: today's
# code is the daily itself (one attempt), and a future one would spoil it.
DAILY_EPOCH = dt.date(2026, 11, 23)


class DailyError(ValueError):
    """A daily request that cannot be met (unknown preset, naive time, second attempt, bad record)."""


def hashed_number(text: str) -> int:
    """SHA-256 of the UTF-8 `text`, its 32-byte digest read as a big-endian unsigned integer."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")


def hashed_code(text: str, pegs: int, colours: int) -> Code:
    """A code drawn from `text` by SHA-256 and repeated divmod (first remainder = first peg)."""
    return code_of_digest(hashed_number(text), pegs, colours)


def code_of_digest(number: int, pegs: int, colours: int) -> Code:
    """A hash's number read peg by peg by repeated divmod (first remainder = first peg): every code
    drawn from a hash is read so, and changing the order would change every day's code."""
    pegs_out = []
    for _ in range(pegs):
        number, peg = divmod(number, colours)
        pegs_out.append(peg)
    return tuple(pegs_out)


def daily_name(preset_name: str) -> str:
    """The daily's own name for `preset_name`, in any case ("classic" -> "Classic"), else DailyError."""
    for name in DAILIES:
        if isinstance(preset_name, str) and name.lower() == preset_name.lower():
            return name
    raise DailyError(f"the daily code is played at {', '.join(DAILIES)}, not {preset_name!r}")


def daily_config(preset_name: str) -> GameConfig:
    """The configuration of a daily game (the preset's own size and turn limit, or the variant's)."""
    name = daily_name(preset_name)
    if name in VARIANT_DAILIES:
        return GameConfig(variant=variant_from_text(VARIANT_DAILIES[name]))
    return preset(name).config()


def check_day(day: dt.date) -> dt.date:
    """`day` if it is a calendar date (a datetime is refused), else DailyError."""
    # A datetime is a date too; refusing it keeps "which day?" the caller's explicit choice (daily_day()).
    if not isinstance(day, dt.date) or isinstance(day, dt.datetime):
        raise DailyError(f"a daily code belongs to a calendar date (see daily_day()), not {day!r}")
    return day


def daily_seed_text(day: dt.date, preset_name: str) -> str:
    """The text hashed for a day and preset, e.g. "mastermind-arcade daily v1|2026-11-23|classic"."""
    return f"{DAILY_HASH_PREFIX}|{check_day(day).isoformat()}|{daily_name(preset_name).lower()}"


def daily_secret(day: dt.date, preset_name: str) -> Code:
    """The secret of `day` at `preset_name` (Classic or Super): the same everywhere, every time."""
    config = daily_config(preset_name)
    text = daily_seed_text(day, preset_name)
    if daily_name(preset_name) in VARIANT_DAILIES:
        rank = hashed_number(text) % legal_codes(config)
        return config.check_code(config.variant.secret_of_rank(config.colours, config.duplicates, rank))
    return config.check_code(hashed_code(text, config.pegs, config.colours))


def _utc(now: dt.datetime) -> dt.datetime:
    if not isinstance(now, dt.datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise DailyError(
            f"pass an aware datetime such as datetime.now(timezone.utc), not {now!r}: "
            "the daily code changes at midnight UTC"
        )
    return now.astimezone(dt.UTC)


def daily_day(now: dt.datetime) -> dt.date:
    """The daily code's date at the moment `now` (its UTC calendar date)."""
    return _utc(now).date()


def seconds_until_next_daily(now: dt.datetime) -> float:
    """Seconds from `now` to the next midnight UTC, in (0, 86400]: at midnight exactly, a full day."""
    utc = _utc(now)
    midnight = dt.datetime.combine(utc.date() + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)
    return (midnight - utc).total_seconds()


def check_not_future(day: dt.date, today: dt.date | None, what: str) -> dt.date:
    """`day` unless it is after `today` by more than CLOCK_SKEW (DailyError); no check without `today`."""
    if today is not None and day > today + CLOCK_SKEW:
        raise DailyError(f"{what} is {day.isoformat()}, in the future (today is {today.isoformat()})")
    return day


def iso_day(value: Any) -> dt.date:
    """The day a stored text names, written YYYY-MM-DD and nothing else, else DailyError."""
    # date.fromisoformat also takes forms such as "20261123"; only YYYY-MM-DD is written, so only it is read.
    if not isinstance(value, str) or len(value) != 10 or value[4] != "-" or value[7] != "-":
        raise DailyError(f"a day is written YYYY-MM-DD, not {value!r}")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise DailyError(f"{value!r} is not a calendar date") from None


def daily_number(day: dt.date) -> int:
    """The number of `day`'s daily code: 1 on DAILY_EPOCH, counting up one a day."""
    day = check_day(day)
    if day < DAILY_EPOCH:
        raise DailyError(f"the daily code began on {DAILY_EPOCH.isoformat()}; {day.isoformat()} had none")
    return (day - DAILY_EPOCH).days + 1


def daily_number_day(number: int) -> dt.date:
    """Inverse of daily_number(): the day of Daily #`number`."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise DailyError(
            f"daily codes are numbered from 1 (the {DAILY_EPOCH.isoformat()} code), not {number!r}"
        )
    try:
        return DAILY_EPOCH + dt.timedelta(days=number - 1)
    except OverflowError:
        raise DailyError(
            f"there is no Daily #{number}: that is past the last date a calendar holds"
        ) from None


def archive_numbers(today: dt.date) -> range:
    """The daily numbers the archive offers on `today`: #1 to yesterday's (empty on the first day)."""
    return range(1, max(1, daily_number(today)))


def archive_day(today: dt.date, day_or_number: dt.date | int) -> dt.date:
    """The archived day asked for by date or by number, once checked: from DAILY_EPOCH to the day
    before `today` (today's code is the daily itself, and a future one is never shown)."""
    today = check_day(today)
    if isinstance(day_or_number, dt.date):
        day = check_day(day_or_number)
        daily_number(day)  # refuses a day before the first
    else:
        day = daily_number_day(day_or_number)
    if day >= today:
        when = "today's code is the daily itself" if day == today else "that code has not come yet"
        raise DailyError(
            f"the archive holds the daily codes up to yesterday; {day.isoformat()} "
            f"(Daily #{daily_number(day)}) is not there: {when}"
        )
    return day


def archive_secret(today: dt.date, day_or_number: dt.date | int, preset_name: str) -> Code:
    """The secret of an archived daily (see archive_day()), the same as the day's own daily code."""
    return daily_secret(archive_day(today, day_or_number), preset_name)
