"""What the Daily code and Blitz keep between sessions: results, statistics, games in progress.

Pure values with a strict text form (to_dict / from_dict), read and written by game/store.py through
its one hardened path (daily.json, blitz.json). from_dict raises ModeFileError (a ValueError) naming
the first thing wrong, so a damaged file is moved aside, never half-trusted.

DailyBook: per daily preset (Classic, Super) the DailyRecord of game.core.daily (last day played,
its grades, the streak) and at most one game in progress, kept with its day. Invariants: a game in
progress plays that day's secret at the preset's configuration, is not over, and belongs to a day
that can still be played (one attempt per day); game_for() hands it out only on its own day, so a
game left unfinished yesterday is never resumed today. It is kept here, with the day's result, so that one
attempt a day holds: a daily left half-played cannot be dropped and started again with its rows seen.

BlitzBook: statistics of finished runs (BlitzStats); best figures never exceed the totals. A run in
progress is a kept game like any other (game/modes/blitz/screens.py BLITZ_SAVE).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.blitz import (
    POINTS_PER_SPARE_TURN,
    BlitzSession,
    points_for,
)
from game.core.codes import Feedback
from game.core.daily import (
    DAILY_PRESETS,
    DailyRecord,
    check_not_future,
    daily_book_from_dict,
    daily_book_to_dict,
    daily_config,
    daily_secret,
    record_daily,
)
from game.play.record import GameRecord


class ModeFileError(ValueError):
    """A stored daily or blitz document that cannot be trusted; the message says why."""


def _iso_day(value: Any) -> dt.date:
    if not isinstance(value, str) or len(value) != 10 or value[4] != "-" or value[7] != "-":
        raise ModeFileError(f"a day is written YYYY-MM-DD, not {value!r}")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ModeFileError(f"{value!r} is not a calendar date") from None


def _record(data: Any, what: str) -> GameRecord:
    try:
        return GameRecord.from_dict(data)
    except ValueError as exc:
        raise ModeFileError(f"{what}: {exc}") from None


def grades_of(record: GameRecord) -> tuple[Feedback, ...]:
    """Every row's grade, in order (what the daily result and its share text keep)."""
    return tuple(row.feedback for row in record.game.rows)


# --- the daily code ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DailyGame:
    """A daily game in progress: its day and record (the half-filled row included)."""

    day: dt.date
    record: GameRecord


@dataclass(frozen=True)
class DailyBook:
    """Daily results and games in progress, per daily preset (see the module docstring)."""

    results: Mapping[str, DailyRecord] = field(
        default_factory=lambda: {name: DailyRecord() for name in DAILY_PRESETS}
    )
    in_progress: Mapping[str, DailyGame] = field(default_factory=dict)

    def result(self, preset: str) -> DailyRecord:
        return self.results.get(preset, DailyRecord())

    def can_play(self, preset: str, day: dt.date) -> bool:
        return self.result(preset).can_play(day)

    def game_for(self, preset: str, day: dt.date) -> GameRecord | None:
        """The game in progress of `day`, if one was left unfinished that very day."""
        game = self.in_progress.get(preset)
        return game.record if game is not None and game.day == day else None

    def with_game(self, preset: str, day: dt.date, record: GameRecord) -> DailyBook:
        """The book keeping `record` as the game in progress of `day` (or dropping it: not started)."""
        games = dict(self.in_progress)
        started = bool(record.game.rows) or any(p is not None for p in record.draft)
        if started and not record.over:
            games[preset] = DailyGame(day, record)
        else:
            games.pop(preset, None)
        return replace(self, in_progress=games)

    def finished(self, preset: str, day: dt.date, record: GameRecord) -> DailyBook:
        """The book after the daily of `day` ended with `record` (DailyError if already played)."""
        results = dict(self.results)
        results[preset] = record_daily(self.result(preset), day, grades_of(record), preset)
        games = dict(self.in_progress)
        games.pop(preset, None)
        return DailyBook(results, games)


def daily_file_to_dict(book: DailyBook) -> dict[str, Any]:
    return {
        "results": daily_book_to_dict(book.results),
        "in_progress": {
            name: {"day": game.day.isoformat(), "record": game.record.to_dict()}
            for name, game in book.in_progress.items()
        },
    }


def daily_file_from_dict(data: Any, today: dt.date | None = None) -> DailyBook:
    """Inverse of daily_file_to_dict(); ModeFileError (or DailyError) on anything damaged, and, with
    `today` (the reader's clock), on a day played or kept that is still in the future."""
    if not isinstance(data, Mapping) or set(data) != {"results", "in_progress"}:
        raise ModeFileError("daily results are an object with exactly results and in_progress")
    results = daily_book_from_dict(data["results"], today)
    raw_games = data["in_progress"]
    if not isinstance(raw_games, Mapping):
        raise ModeFileError("in_progress is an object of preset -> game")
    games = {}
    for name, raw in raw_games.items():
        if name not in DAILY_PRESETS:
            raise ModeFileError(f"a daily game in progress is {' or '.join(DAILY_PRESETS)}, not {name!r}")
        if not isinstance(raw, Mapping) or set(raw) != {"day", "record"}:
            raise ModeFileError("a daily game in progress has exactly day and record")
        day = check_not_future(_iso_day(raw["day"]), today, f"the day of the daily {name} game in progress")
        record = _record(raw["record"], f"the daily {name} game in progress")
        if record.config != daily_config(name) or record.game.secret != daily_secret(day, name):
            raise ModeFileError(f"the daily {name} game in progress is not the code of {day.isoformat()}")
        if record.over:
            raise ModeFileError(f"the daily {name} game in progress had already ended")
        if not results[name].can_play(day):
            raise ModeFileError(f"the daily {name} game of {day.isoformat()} was already played")
        games[name] = DailyGame(day, record)
    return DailyBook(results, games)


# --- blitz ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BlitzStats:
    """Finished Blitz runs: how many, the best score and most codes cracked in one, codes in all."""

    runs: int = 0
    best_score: int = 0
    best_cracked: int = 0
    total_cracked: int = 0

    def after(self, run: BlitzSession) -> BlitzStats:
        return BlitzStats(
            self.runs + 1,
            max(self.best_score, run.score),
            max(self.best_cracked, run.cracked),
            self.total_cracked + run.cracked,
        )


@dataclass(frozen=True)
class BlitzBook:
    """What blitz.json keeps: the statistics of finished runs (a run in progress is a kept game)."""

    stats: BlitzStats = BlitzStats()

    def finished(self, run: BlitzSession) -> BlitzBook:
        """The book after `run` ended: counted in the statistics."""
        return BlitzBook(self.stats.after(run))


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ModeFileError(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def blitz_file_to_dict(book: BlitzBook) -> dict[str, Any]:
    s = book.stats
    return {
        "stats": {
            "runs": s.runs,
            "best_score": s.best_score,
            "best_cracked": s.best_cracked,
            "total_cracked": s.total_cracked,
        }
    }


def blitz_file_from_dict(data: Any) -> BlitzBook:
    """Inverse of blitz_file_to_dict(); ModeFileError on anything damaged."""
    if not isinstance(data, Mapping) or set(data) != {"stats"}:
        raise ModeFileError("Blitz results are an object with exactly stats")
    raw = data["stats"]
    names = ("runs", "best_score", "best_cracked", "total_cracked")
    if not isinstance(raw, Mapping) or set(raw) != set(names):
        raise ModeFileError(f"Blitz statistics have exactly {', '.join(names)}")
    stats = BlitzStats(*(_whole(raw[name], name) for name in names))
    if stats.best_score % POINTS_PER_SPARE_TURN or stats.best_cracked > stats.total_cracked:
        raise ModeFileError("Blitz statistics contradict themselves (best beyond the totals)")
    # the best score's run cracked at most the most codes any run did, each worth at most one guess's points
    if stats.best_score > stats.best_cracked * points_for(1):
        raise ModeFileError(f"a best score of {stats.best_score} cannot come from {stats.best_cracked} codes")
    if stats.runs == 0 and (stats.best_score or stats.total_cracked):
        raise ModeFileError("Blitz statistics count codes cracked in no run")
    return BlitzBook(stats)
