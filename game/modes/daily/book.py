"""What the Daily code keeps: one attempt a day per daily preset, in the store's attempts (kind
"daily:<preset>"), and what earlier versions' daily.json held, read in once.

An attempt is made when the day's first row is played (Store.play_attempt, which holds the game in
progress) and decided once (Store.decide_attempt, the result's grades and points); the store's
unique (day, kind) makes a second attempt impossible, whichever window asks. DailyBook is the view
the screens read: per preset, each decided day's result and the day's game in progress; the streaks
are computed from the stored days (core.daily.day_streaks), so a clock that slips never costs one.
An earlier version kept only each preset's last day, its streak and best streak: the days of the
streak become decided attempts, and a best streak longer than them is kept as a figure of its own
(the record "daily": {"best_streaks": {preset: days}}), which the best streak never falls below.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.codes import Feedback
from game.core.daily import (
    DAILIES,
    check_grades,
    daily_book_from_dict,
    daily_config,
    day_streaks,
    is_won,
)
from game.play.record import GameRecord
from game.screens.holding import RecordBook

MAX_STREAK = 100_000  # days: far beyond any player's, so a bigger number is damage


def kind_of(preset: str) -> str:
    return f"daily:{preset}"


@dataclass(frozen=True)
class DayResult:
    grades: tuple[Feedback, ...]
    points: int = 0
    carried: bool = False  # a day won in a streak an earlier version kept (its grades unknown)


@dataclass(frozen=True)
class DailyBook:
    """Per daily preset: decided days -> result, and days -> game in progress (see the module doc)."""

    played: Mapping[str, Mapping[dt.date, DayResult]] = field(default_factory=dict)
    in_progress: Mapping[str, Mapping[dt.date, GameRecord]] = field(default_factory=dict)
    carried_best: Mapping[str, int] = field(default_factory=dict)  # best streaks of days before the store

    def result_on(self, preset: str, day: dt.date) -> DayResult | None:
        return self.played.get(preset, {}).get(day)

    def can_play(self, preset: str, day: dt.date) -> bool:
        """One attempt a day: the day's attempt is not decided (whatever the clock says of other days)."""
        return self.result_on(preset, day) is None

    def game_for(self, preset: str, day: dt.date) -> GameRecord | None:
        return self.in_progress.get(preset, {}).get(day)

    def won_on(self, preset: str, day: dt.date) -> bool:
        result = self.result_on(preset, day)
        return result is not None and is_won(result.grades, daily_config(preset).pegs)

    def streaks(self, preset: str, day: dt.date) -> tuple[int, int]:
        """(the streak on `day`, the best streak) of days won at `preset`."""
        pegs = daily_config(preset).pegs
        days = {when: is_won(r.grades, pegs) or r.carried for when, r in self.played.get(preset, {}).items()}
        streak, best = day_streaks(days, day)
        return streak, max(best, self.carried_best.get(preset, 0))


def _result(data: Any, preset: str) -> DayResult:
    if not isinstance(data, Mapping) or not {"grades", "points"} <= set(data):
        raise ValueError("a daily result holds its grades and points")
    points = data["points"]
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ValueError(f"points are a whole number of at least 0, not {str(points)[:40]!r}")
    grades = check_grades(data["grades"], daily_config(preset)) if data["grades"] else ()
    return DayResult(grades, points, data.get("won") is True)


def load_daily(store: Any) -> DailyBook:
    """The Daily code's attempts as stored (an empty book without a store)."""
    if store is None:
        return DailyBook()
    played: dict[str, dict[dt.date, DayResult]] = {}
    games: dict[str, dict[dt.date, GameRecord]] = {}
    for preset in DAILIES:
        for day_text, attempt in store.attempts(kind_of(preset)).items():
            try:
                day = dt.date.fromisoformat(day_text)
                if attempt.state == "decided":
                    played.setdefault(preset, {})[day] = _result(attempt.result, preset)
                elif attempt.game is not None:
                    games.setdefault(preset, {})[day] = GameRecord.from_dict(attempt.game)
            except ValueError:
                continue  # a row this version cannot read stays in the store as it is
    return DailyBook(played, games, store.load_record(DAILY_BOOK).get("best_streaks", {}))


def keep_game(store: Any, preset: str, day: dt.date, record: GameRecord) -> bool:
    """The day's game in progress, kept in its attempt (made by its first row); False when the day
    was decided already (in another window)."""
    return store.play_attempt(day.isoformat(), kind_of(preset), record.to_dict())


def decide_day(store: Any, preset: str, day: dt.date, record: GameRecord, points: int) -> None:
    """The day's attempt decided with `record`'s grades (AlreadyDecided, a ValueError, if it was)."""
    grades = [[row.feedback.black, row.feedback.white] for row in record.game.rows]
    store.decide_attempt(day.isoformat(), kind_of(preset), {"grades": grades, "points": points})


def take_daily_json(store: Any, data: Any) -> None:
    """An earlier version's daily.json: each preset's last day (and the days of its streak before it)
    become decided attempts, its game in progress the day's attempt in progress."""
    if not isinstance(data, Mapping) or not isinstance(data.get("in_progress", {}), Mapping):
        raise ValueError("daily results are an object with results and in_progress")
    carried = {}
    for preset, record in daily_book_from_dict(data.get("results", {})).items():
        if record.best_streak > record.streak:
            carried[preset] = record.best_streak
        if record.last_day is None:
            continue
        for back in range(1, record.streak):
            earlier = (record.last_day - dt.timedelta(days=back)).isoformat()
            store.decide_attempt(earlier, kind_of(preset), {"grades": [], "points": 0, "won": True})
        grades = [[fb.black, fb.white] for fb in record.grades]
        store.decide_attempt(record.last_day.isoformat(), kind_of(preset), {"grades": grades, "points": 0})
    for preset, raw in data.get("in_progress", {}).items():
        if preset in DAILIES and isinstance(raw, Mapping):
            game = GameRecord.from_dict(raw.get("record"))
            store.play_attempt(str(raw.get("day"))[:10], kind_of(preset), game.to_dict())
    if carried:
        store.update_record(DAILY_BOOK, lambda value: {**value, "best_streaks": carried})


def take_daily_scores_json(store: Any, data: Any) -> None:
    """An earlier version's daily_scores.json (each preset's last day played and its points): the
    points go to that day's decided attempt, read in just before from daily.json."""
    if not isinstance(data, Mapping):
        raise ValueError("daily scores are an object of preset -> {day, points}")
    for preset, value in data.items():
        if preset in DAILIES and isinstance(value, Mapping):
            points = value.get("points")
            if isinstance(points, int) and not isinstance(points, bool) and points >= 0:
                day = str(value.get("day"))[:10]
                store.amend_attempt(day, kind_of(preset), lambda result, p=points: {**result, "points": p})


def _daily_record(data: Any) -> dict[str, Any]:
    """The record "daily": {"best_streaks": {preset: days}} (ValueError on anything else)."""
    carried = data.get("best_streaks", {}) if isinstance(data, Mapping) else None
    if not isinstance(carried, Mapping) or set(data) - {"best_streaks"}:
        raise ValueError("the Daily record is an object with best_streaks: preset -> days")
    for preset, days in carried.items():
        if preset not in DAILIES or isinstance(days, bool) or not isinstance(days, int):
            raise ValueError(
                f"a carried best streak is a preset's whole number of days, not {str(days)[:40]!r}"
            )
        if not 0 <= days <= MAX_STREAK:
            raise ValueError(f"a best streak runs 0 to {MAX_STREAK:,} days, not {days}")
    return {"best_streaks": dict(carried)}


DAILY_BOOK = RecordBook("daily", _daily_record, lambda value: value, dict, legacy=take_daily_json)
# read after DAILY_BOOK (the order the mode declares them): its days are attempts by then
SCORES_BOOK = RecordBook(
    "daily_scores", lambda data: data, lambda value: value, dict, legacy=take_daily_scores_json
)
