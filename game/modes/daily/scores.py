"""What the Daily code keeps of its own besides daily.json: each preset's last day played, with the
score it earned, in daily_scores.json (a mode file: Store.load_mode_file / update_mode_file). The
day's result shown again later that day ("See result", a second attempt refused) shows its score.

A separate file, so daily.json keeps its format (an older version of the game still reads it).
Strict like every stored value: scores_from_dict raises DailyScoresError (a ValueError) naming what
is wrong, and the store moves a damaged file aside.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.core.daily import DAILY_PRESETS

SCORES_FILE = "daily_scores"
MAX_POINTS = 10_000_000  # far beyond any daily's score: a bigger number is damage


class DailyScoresError(ValueError):
    """Stored daily scores that cannot be trusted; the message says why."""


@dataclass(frozen=True)
class DayScore:
    day: dt.date
    points: int


@dataclass(frozen=True)
class DailyScores:
    """The last day played per daily preset, with its points (0: not cracked)."""

    last: Mapping[str, DayScore] = field(default_factory=lambda: MappingProxyType({}))

    def with_score(self, preset: str, day: dt.date, points: int) -> DailyScores:
        return DailyScores(MappingProxyType({**self.last, preset: DayScore(day, points)}))

    def points_on(self, preset: str, day: dt.date) -> int | None:
        """The points `preset`'s daily of `day` earned, or None when that day is not the one kept."""
        score = self.last.get(preset)
        return score.points if score is not None and score.day == day else None


def scores_to_dict(scores: DailyScores) -> dict[str, Any]:
    return {name: {"day": s.day.isoformat(), "points": s.points} for name, s in scores.last.items()}


def scores_from_dict(data: Any) -> DailyScores:
    if not isinstance(data, Mapping):
        raise DailyScoresError("daily scores are a JSON object")
    last = {}
    for name, value in data.items():
        if name not in DAILY_PRESETS:
            raise DailyScoresError(f"there is no daily preset called {name!r}")
        if not isinstance(value, Mapping) or set(value) != {"day", "points"}:
            raise DailyScoresError("a daily score holds its day and its points")
        day, points = value["day"], value["points"]
        if not isinstance(day, str) or len(day) != 10:
            raise DailyScoresError(f"a day is written YYYY-MM-DD, not {day!r}")
        try:
            when = dt.date.fromisoformat(day)
        except ValueError as exc:
            raise DailyScoresError(f"{day!r} is not a day") from exc
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_POINTS:
            raise DailyScoresError(f"points are a whole number from 0 to {MAX_POINTS:,}, not {points!r}")
        last[name] = DayScore(when, points)
    return DailyScores(MappingProxyType(last))
