"""The Statistics screen's Daily, Blitz and Two players tabs: their figures, read from the store once.

Per-difficulty statistics (game/core/records.py) count games of one size; the Daily code and Blitz
keep their own results (daily.json: streak of days won per preset; blitz.json: runs, best score,
most codes cracked), so their tabs show these instead of the guesses chart.
"""

from __future__ import annotations

from typing import Any

from game.core.daily import DAILY_PRESETS, daily_day, seconds_until_next_daily
from game.core.records import DifficultyStats
from game.play.modefiles import BlitzBook, DailyBook
from game.ui.daily_view import countdown_text

MODE_TABS = ("Daily", "Blitz")


def match_figures(stats: DifficultyStats) -> tuple[list[tuple[str, str]], str]:
    """The Two players tab: its bucket (records.MATCH_KEY) read as matches, not games."""
    longest = max(stats.guesses_needed, default=0)
    rows = [
        ("Matches", str(stats.games)),
        ("Decided", str(stats.wins)),
        ("Ties", str(stats.losses)),
        ("Highest total", str(stats.best_score) if stats.games else "-"),
        ("Longest match", f"{longest} rounds" if longest else "-"),
    ]
    return rows, "A match counts once, at its final score; the highest total is either player's"


def mode_figures(app: Any, key: str) -> tuple[list[tuple[str, str]], str]:
    """The (label, value) figures of tab `key` and the note shown where the chart would be."""
    store = app.store
    if key == "Daily":
        book = store.load_daily() if store is not None else DailyBook()
        day = daily_day(app.now())
        rows: list[tuple[str, str]] = []
        for preset in DAILY_PRESETS:
            result = book.result(preset)
            if result.can_play(day):
                today = "in progress" if book.game_for(preset, day) is not None else "not played"
            else:
                today = f"cracked in {len(result.grades)}" if result.won else "not cracked"
            rows += [
                (f"{preset} today", today),
                (f"{preset} streak", str(result.current_streak(day))),
                (f"{preset} best streak", str(result.best_streak)),
            ]
        wait = countdown_text(seconds_until_next_daily(app.now()))
        note = f"Streaks count days won in a row · next codes in {wait}"
        return rows, note
    stats = (store.load_blitz() if store is not None else BlitzBook()).stats
    per_run = f"{stats.total_cracked / stats.runs:.1f}" if stats.runs else "-"
    rows = [
        ("Runs", str(stats.runs)),
        ("Best score", f"{stats.best_score:,}" if stats.best_score else "-"),
        ("Most codes in a run", str(stats.best_cracked)),
        ("Codes cracked", str(stats.total_cracked)),
        ("Codes per run", per_run),
        ("Clock, per code", "3:00, +15 s"),
    ]
    return rows, "Each code cracked scores 100 per turn left plus 100, and adds 15 seconds"
