"""The Daily code on the playing screen: today's secret, no help, one attempt, kept for the day.

DailyHooks (game/screens/play_protocol.py) give the playing screen today's code at a daily preset
(game/core/daily.py), or the game left half-played today; no New game, Solve or Hint; Reveal only
once a row is on the board (a secret seen with nothing played could be played again); Menu keeps
the game for today. The game in progress is kept in the day's attempt (game/modes/daily/book.py),
made by its first row, apart from the other kept games, and journaled like them (every row before
the next frame). The moment it is decided the attempt is decided in the decision's transaction (one
attempt a day, whatever happens to the window afterwards); a win is worth a Classic or Super score
and may enter the Daily high scores. A window whose day was decided in another one says so (a
notice at its next row) and ends on the day's result as decided there.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from game.core.daily import daily_config, daily_secret
from game.core.records import GameEnd, GameResult, score_game
from game.modes.daily.book import DailyBook, decide_day, keep_game
from game.modes.daily.book import load_daily as load_book
from game.play.record import GameRecord
from game.screens.base import Context, Replace, go
from game.screens.holding import Decided, HighScoreChance, Holding, Kept
from game.screens.outcomes import LeaveChosen
from game.screens.play_hooks import (
    NO_ASSIST_BUTTONS,
    PlayScreen,
    StandardHooks,
    confirm,
    panel_without,
    progress_of,
)

DAILY_HIGH_SCORES = "Daily"  # the high-score table daily wins enter


def load_daily(app: Context) -> DailyBook:
    return load_book(app.store)


def daily_points(record: GameRecord) -> int:
    """What a daily win scores: what the same game at its preset would (0 unless cracked)."""
    if record.game.secret is None or record.end() is not GameEnd.WON:
        return 0
    return score_game(GameResult(record.config, GameEnd.WON, record.guesses, record.elapsed_s))


class DailyHooks(StandardHooks):
    """Today's code at a daily preset (see the module docstring)."""

    help_screen = "daily"
    mode = "daily"
    shows_hud = False
    panel_items = panel_without(NO_ASSIST_BUTTONS)

    def __init__(self, preset: str, day: dt.date) -> None:
        self.preset = preset
        self.day = day
        self.decided_elsewhere = False  # another window decided this day's attempt

    def title(self, state: PlayScreen) -> str:
        return f"Daily {self.preset} · {self.day.isoformat()}"

    def start(self, app: Context) -> GameRecord:
        kept = load_daily(app).game_for(self.preset, self.day)
        if kept is not None:
            return kept
        return GameRecord.new(daily_config(self.preset), daily_secret(self.day, self.preset))

    def allows(self, name: str, state: PlayScreen) -> bool:
        if name == "reveal" and not state.game.rows:
            return False  # seeing the secret before any row would leave nothing to record
        return super().allows(name, state)

    def leave(self, state: PlayScreen) -> Any:
        return confirm(
            "Leave today's daily code? It is kept for today: choose it again in Daily code to go on.",
            LeaveChosen(keep=True),
            yes="Leave (kept for today)",
            no="Keep playing",
            focus="yes",
        )

    def finished(self, state: PlayScreen) -> Any:
        outcome = state.app.session.outcome_of(state.record.game)
        if self.decided_elsewhere or (outcome is not None and not outcome.recorded):
            # decided in another window first: its result stands, and is what is shown
            return Replace(go("daily_result", preset=self.preset, day=self.day, refused=True))
        return Replace(go("daily_result", preset=self.preset, day=self.day, finished=state.record))

    def slot(self, state: PlayScreen) -> str:
        return f"daily:{self.preset}"

    def keeps(self, state: PlayScreen) -> bool:
        record = state.run.snapshot()
        return bool(record.game.rows) or any(peg is not None for peg in record.draft)

    def holding(self, state: PlayScreen) -> Holding:
        run = state.run
        if run is None:
            return Holding()
        if run.game.over:
            return Holding(decided=self.decided(state), celebrate=state.layout().board)
        if not self.keeps(state):
            return Holding()
        rows, draft = progress_of(run)
        preset, day = self.preset, self.day

        def write(store: Any) -> None:
            if not keep_game(store, preset, day, state.run.snapshot()) and not self.decided_elsewhere:
                self.decided_elsewhere = True
                store.notice(f"Today's Daily {preset} was finished in another window; its result stands.")

        return Holding(kept=Kept(self.slot(state), rows, draft, write=write), celebrate=state.layout().board)

    def decided(self, state: PlayScreen) -> Decided:
        record = state.run.record
        preset, day = self.preset, self.day

        points = daily_points(record)

        def write(store: Any) -> None:
            if record.game.rows:  # revealed before any row is not allowed: nothing to decide
                decide_day(store, preset, day, record, points)  # AlreadyDecided undoes the decision

        chance = HighScoreChance(DAILY_HIGH_SCORES, points) if points else None
        return Decided(record.game, record, None, chance, write, celebrate=False)
