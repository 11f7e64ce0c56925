"""Stored numbers and dates are read by their meaning, through real files: a game's time is at most
records.MAX_PLAY_S (refused above it, never written above it), a date is never in the future beyond
a day of clock skew, a streak is never longer than the days that could make it, Blitz figures never
beyond what their runs could score. A refused file is moved aside and the game goes on."""

from __future__ import annotations

import datetime as dt
import json

import pygame
import pytest

from game.app import App
from game.core.blitz import blitz_to_dict, new_blitz
from game.core.config import GameConfig, preset
from game.core.daily import daily_config, daily_secret
from game.core.records import MAX_PLAY_S, GameEnd, GameResult
from game.modes.blitz.screens import BLITZ_SAVE, BlitzSave
from game.modes.daily.result import DailyResultState
from game.modes.registry import kept_games
from game.play.record import GameRecord, Player
from game.screens.play_hooks import PLAIN_SAVE
from game.screens.playing import PlayingState
from game.store import BLITZ_FILE, DAILY_FILE, HIGH_SCORES_FILE, KEPT_FILE, STATS_FILE, Store
from tests.screens.driver import key, post
from tests.screens.test_daily import open_menu_entry, release_apps  # noqa: F401  (an autouse fixture)

TODAY = dt.date(2026, 11, 23)
NOW = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
CLASSIC = GameConfig(4, 6)


def stored(kind: str, data) -> str:
    return json.dumps({"schema_version": 1, "kind": kind, "data": data})


def store_at(directory) -> Store:
    return Store(directory, clock=lambda: NOW)


def game_with_time(seconds) -> dict:
    """A kept plain game whose record says `seconds` of play."""
    record = GameRecord.new(CLASSIC, (1, 2, 3, 4)).played((0, 0, 1, 1), Player.PLAYER)
    save = PLAIN_SAVE.envelope("classic", record)
    return {"games": {"classic:Classic": {**save, "data": {**save["data"], "elapsed_s": seconds}}}}


class StoreApp:
    """What kept_games() reads of an app: its store and the calendar."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def now(self) -> dt.datetime:
        return NOW


def daily_result(last_day: str, streak: int, best: int) -> dict:
    return {"last_day": last_day, "grades": [[1, 0], [4, 0]], "streak": streak, "best_streak": best}


def daily_file(results: dict, in_progress: dict | None = None) -> str:
    return stored("daily", {"results": results, "in_progress": in_progress or {}})


# --- times ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", [1e10, 1e300, MAX_PLAY_S + 1])
def test_store_meaning__a_kept_game_longer_than_a_clock_runs_is_dropped_with_its_reason(tmp_path, seconds):
    (tmp_path / KEPT_FILE).write_text(stored("kept games", game_with_time(seconds)))
    store = store_at(tmp_path)
    assert list(kept_games(StoreApp(store))) == []
    (notice,) = store.take_notices()
    assert "elapsed_s is at most 360000 seconds" in notice and store.load_kept() == {}


def test_store_meaning__a_kept_game_at_the_clocks_end_loads_and_its_clock_stays_there(tmp_path):
    (tmp_path / KEPT_FILE).write_text(stored("kept games", game_with_time(MAX_PLAY_S)))
    (kept,) = kept_games(StoreApp(store_at(tmp_path)))
    record = kept.entry.route.args["record"]
    assert record.elapsed_s == MAX_PLAY_S
    assert record.timed(5.0).elapsed_s == MAX_PLAY_S and record.time_text == "100:00:00"


def test_store_meaning__a_win_after_an_endless_clock_records_a_time_the_next_start_believes(tmp_path):
    store = store_at(tmp_path)
    for _ in range(3):
        store.record(GameResult(preset("Super").config(), GameEnd.WON, 5, 80.0))
    endless = GameRecord.new(CLASSIC, (1, 2, 3, 4)).timed(1e10).timed(1e300)
    record = endless.played((1, 2, 3, 4), Player.PLAYER)
    assert record.elapsed_s == MAX_PLAY_S
    store.record(record.result())
    store.record(GameResult(CLASSIC, GameEnd.WON, 3, 1e10))  # a result made elsewhere is capped too
    again = store_at(tmp_path)
    book = again.load_stats()
    assert (book["Super"].games, book["Classic"].games, book["Classic"].best_time_s) == (3, 2, MAX_PLAY_S)
    assert again.take_notices() == []


def test_store_meaning__a_best_time_beyond_a_games_clock_is_moved_aside(tmp_path):
    text = stored("statistics", {"Classic": {"games": 1, "wins": 1, "best_time_s": 1e10}})
    (tmp_path / STATS_FILE).write_text(text)
    store = store_at(tmp_path)
    assert store.load_stats() == {} and (tmp_path / "statistics.corrupt-1.json").read_text() == text


# --- dates and streaks -----------------------------------------------------------------------------


def test_store_meaning__a_daily_played_in_9999_is_refused_and_today_can_be_played(tmp_path):
    (tmp_path / DAILY_FILE).write_text(daily_file({"Classic": daily_result("9999-12-31", 1, 1)}))
    app = App(size=(1024, 720), seed=3, store=Store(tmp_path), now=lambda: NOW)
    pygame.event.clear()
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))  # Daily Classic
    assert isinstance(app.state, PlayingState) and not isinstance(app.state, DailyResultState)
    assert app.state.game.secret == daily_secret(TODAY, "Classic")
    shown = app.session.notices.texts
    assert any("9999-12-31, in the future (today is 2026-11-23)" in text for text in shown)
    assert (tmp_path / "daily.corrupt-1.json").exists()


@pytest.mark.parametrize(
    "result, ok",
    [
        (daily_result("2026-11-24", 1, 1), True),  # a clock a day ahead wrote tomorrow: believed
        (daily_result("2026-11-25", 1, 1), False),
        (daily_result("2026-11-23", 10**19, 10**19), False),
        (daily_result("2026-11-23", 1, 10**19), False),
        (daily_result("0001-01-02", 2, 2), True),  # the calendar's first two days
        (daily_result("0001-01-02", 3, 3), False),
        (daily_result("2026-11-23", 739_943, 739_943), True),  # every day up to TODAY
        (daily_result("2026-11-23", 739_944, 739_944), False),
    ],
)
def test_store_meaning__a_daily_day_and_streak_are_what_a_calendar_allows(tmp_path, result, ok):
    (tmp_path / DAILY_FILE).write_text(daily_file({"Classic": result}))
    store = store_at(tmp_path)
    streak = store.load_daily().result("Classic").streak
    assert (streak == result["streak"]) is ok
    assert (tmp_path / "daily.corrupt-1.json").exists() is not ok


def test_store_meaning__a_daily_game_kept_for_a_future_day_is_moved_aside(tmp_path):
    day = TODAY + dt.timedelta(days=3)
    record = GameRecord.new(daily_config("Classic"), daily_secret(day, "Classic"))
    record = record.played((0, 0, 1, 1), Player.PLAYER)
    game = {"day": day.isoformat(), "record": record.to_dict()}
    (tmp_path / DAILY_FILE).write_text(daily_file({}, {"Classic": game}))
    store = store_at(tmp_path)
    assert store.load_daily().in_progress == {}
    assert "in the future" in store.take_notices()[0]


@pytest.mark.parametrize("date, ok", [("2026-11-24", True), ("2026-11-25", False), ("9999-12-31", False)])
def test_store_meaning__a_high_score_from_the_future_is_moved_aside(tmp_path, date, ok):
    entry = {"initials": "ABC", "score": 100, "date": date}
    (tmp_path / HIGH_SCORES_FILE).write_text(stored("high scores", {"Classic": [entry]}))
    store = store_at(tmp_path)
    assert bool(store.load_high_scores()["Classic"].entries) is ok
    assert (tmp_path / "highscores.corrupt-1.json").exists() is not ok


# --- Blitz -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stats, ok",
    [
        ({"runs": 2, "best_score": 2000, "best_cracked": 2, "total_cracked": 3}, True),
        ({"runs": 2, "best_score": 2100, "best_cracked": 2, "total_cracked": 3}, False),
        ({"runs": 1, "best_score": 10**19, "best_cracked": 1, "total_cracked": 1}, False),
    ],
)
def test_store_meaning__blitz_bests_are_what_their_runs_could_score(tmp_path, stats, ok):
    (tmp_path / BLITZ_FILE).write_text(stored("blitz", {"stats": stats}))
    assert (store_at(tmp_path).load_blitz().stats.runs == stats["runs"]) is ok


@pytest.mark.parametrize("change", [{"elapsed_s": MAX_PLAY_S + 1, "cracked": 30_000}, {"seed": 10**30}])
def test_store_meaning__a_blitz_run_in_progress_beyond_its_clock_or_seed_is_dropped(tmp_path, change):
    run = new_blitz(5).crack(2)
    record = GameRecord.new(run.config, run.secret)
    save = BLITZ_SAVE.envelope("blitz", BlitzSave(run, record))
    save["data"]["run"] = {**blitz_to_dict(run), **change}
    (tmp_path / KEPT_FILE).write_text(stored("kept games", {"games": {"blitz": save}}))
    store = store_at(tmp_path)
    assert list(kept_games(StoreApp(store))) == [] and store.load_kept() == {} and store.take_notices()
