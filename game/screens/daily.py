"""The Daily code: one secret a day for Classic and for Super (game/core/daily.py), played once.

Three pieces:
- DailyState, from the menu: today's date (UTC), one column per daily preset with what is known of
  it today (not played, in progress, cracked or not) and a live countdown to the next codes.
- DailyMode, composed into the playing screen (game/screens/modes.py): today's secret, no New game,
  Solve or Hint, Reveal only once a row is on the board (a secret seen with nothing played could be
  played again), Menu keeps the game for today. When the screen leaves, the mode writes to the store
  exactly once: a finished game as the day's result (record_daily), an unfinished one as the day's
  game in progress (daily.json, apart from the saved game, so nothing else can drop it).
- DailyResultState (game/screens/daily_result.py): the result and its share text, streak,
  countdown; also what a second attempt the same day gets, with a message saying why.
The calendar is app.now() (injectable), so tests choose the day. Nothing here is recorded in the
per-difficulty statistics: the daily streak and the Daily high-score table are its own.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from game.core.daily import (
    DAILY_PRESETS,
    DailyError,
    daily_config,
    daily_day,
    daily_secret,
    is_won,
    seconds_until_next_daily,
)
from game.play.modefiles import DailyBook
from game.play.record import GameRecord
from game.screens.base import Push, State, Transition, board_art, to_menu
from game.screens.confirm import ConfirmOverlay
from game.screens.modes import NO_ASSIST_BUTTONS, PlayMode, panel_without
from game.ui import palette as pal
from game.ui.daily_view import (
    DailyLayout,
    countdown_text,
)
from game.ui.widgets import draw_button, draw_card

DAILY_HIGH_SCORES = "Daily"  # the high-score table daily wins enter


def load_daily(app: Any) -> DailyBook:
    return app.store.load_daily() if app.store is not None else DailyBook()


def open_daily(app: Any, preset: str) -> State:
    """Today's `preset` daily: the game (new or resumed), or its result when already played."""
    day = daily_day(app.now())
    if not load_daily(app).can_play(preset, day):
        from game.screens.daily_result import DailyResultState

        return DailyResultState(preset, day, refused=True)
    from game.screens.playing import PlayingState

    return PlayingState(daily_config(preset), mode=DailyMode(preset, day))


# --- the game -------------------------------------------------------------------------------------
class DailyMode(PlayMode):
    """Today's code at a daily preset, composed into the playing screen (see the module docstring)."""

    help_screen = "daily"

    keeps_own_game = True
    panel_items = panel_without(NO_ASSIST_BUTTONS)

    def __init__(self, preset: str, day: dt.date) -> None:
        self.preset = preset
        self.day = day
        self.title = f"Daily {preset} · {day.isoformat()}"

    def start(self, app: Any) -> GameRecord:
        kept = load_daily(app).game_for(self.preset, self.day)
        if kept is not None:
            return kept
        return GameRecord.new(daily_config(self.preset), daily_secret(self.day, self.preset))

    def allows(self, name: str, state: Any) -> bool:
        if name == "reveal" and not state.game.rows:
            return False  # seeing the secret before any row would leave nothing to record
        return super().allows(name, state)

    def leave(self, state: Any) -> Any:
        from game.screens.playing import LeaveChosen

        return Push(
            ConfirmOverlay(
                "Leave today's daily code? It is kept for today: choose it again in Daily code to go on.",
                LeaveChosen(keep=True),
                yes="Leave (kept for today)",
                no="Keep playing",
                focus="yes",
            )
        )

    def finished(self, state: Any) -> Any:
        from game.screens.base import Replace
        from game.screens.daily_result import DailyResultState

        return Replace(DailyResultState(self.preset, self.day, state.record))

    def exit(self, state: Any) -> None:
        store = state.app.store
        if store is None:
            return
        record = state.run.snapshot()
        if record.over and record.game.rows:
            try:
                store.update_daily(lambda book: book.finished(self.preset, self.day, record))
            except DailyError:
                pass  # recorded already (another window): the first result stands
        elif not record.over:
            store.update_daily(lambda book: book.with_game(self.preset, self.day, record))


# --- the daily choice -------------------------------------------------------------------------------
class DailyState(State):
    """Today's daily codes, one per preset, and the countdown to the next ones."""

    def __init__(self) -> None:
        self.focus = 0
        self.mouse = (-1, -1)
        self.book = DailyBook()

    def enter(self, app) -> None:
        super().enter(app)
        self.book = load_daily(app)

    def layout(self) -> DailyLayout:
        return DailyLayout(self.app.surface.get_size(), DAILY_PRESETS)

    @property
    def day(self) -> dt.date:
        return daily_day(self.app.now())

    def status(self, preset: str) -> tuple[str, str]:
        """What is known of today's `preset` code, and what its button does."""
        day = self.day
        result = self.book.result(preset)
        if not result.can_play(day):
            grades = result.grades
            turns = daily_config(preset).turns
            if is_won(grades, daily_config(preset).pegs):
                return f"Cracked in {len(grades)} of {turns}", "See result"
            return "Not cracked today", "See result"
        game = self.book.game_for(preset, day)
        if game is not None:
            return f"In progress: {len(game.game.rows)} of {game.config.turns} guesses", "Resume"
        return "Not played yet", "Play"

    def activate(self, preset: str) -> Transition | State | None:
        self.app.sound.play("click")
        return open_daily(self.app, preset)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "back":
                return to_menu()
            if hit is not None:
                return self.activate(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return to_menu()
            if event.key in (pygame.K_h, pygame.K_F1):
                from game.screens.help import HelpOverlay

                return Push(HelpOverlay(screen="daily"))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                self.focus = (self.focus + 1) % len(DAILY_PRESETS)
            elif event.key in (pygame.K_1, pygame.K_2):
                return self.activate(DAILY_PRESETS[event.key - pygame.K_1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(DAILY_PRESETS[self.focus])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        text.draw_in(surface, "Daily code", layout.title, pal.TEXT, 60)
        day = self.day
        text.draw_in(
            surface,
            f"{day:%A %d %B %Y} (UTC) · the same codes for everyone · one attempt each",
            layout.date,
            pal.TEXT_DIM,
            28,
        )
        for i, preset in enumerate(DAILY_PRESETS):
            column = layout.columns[preset]
            focused = i == self.focus
            pygame.draw.rect(surface, pal.BUTTON_HOT if focused else pal.BOARD, column, border_radius=10)
            pygame.draw.rect(
                surface, pal.SELECTION if focused else pal.BOARD_EDGE, column, 3 if focused else 1, 10
            )
            status, action = self.status(preset)
            rows = column.inflate(-column.w // 10, 0)
            h = column.h // 6
            text.draw_in(
                surface, f"Daily {preset}", pygame.Rect(rows.x, column.y + h // 3, rows.w, h), pal.TEXT, 48
            )
            config = daily_config(preset)
            detail = f"{config.pegs} pegs × {config.colours} colours · {config.turns} turns"
            text.draw_in(
                surface,
                detail,
                pygame.Rect(rows.x, column.y + 3 * h // 2, rows.w, h * 2 // 3),
                pal.TEXT_DIM,
                28,
            )
            text.draw_in(
                surface,
                status,
                pygame.Rect(rows.x, column.y + 5 * h // 2, rows.w, h * 2 // 3),
                pal.SELECTION,
                30,
            )
            rect = layout.play[preset]
            draw_button(
                surface, text, rect, action, primary=True, hot=rect.collidepoint(self.mouse), focused=focused
            )
        wait = countdown_text(seconds_until_next_daily(self.app.now()))
        text.draw_in(surface, f"Next daily codes in {wait}", layout.countdown, pal.TEXT, 34)
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Back", hot=back.collidepoint(self.mouse))


# --- the result and its share text ----------------------------------------------------------------
