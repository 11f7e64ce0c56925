"""The Daily code's choice screen: today's date, one column per daily preset, the countdown.

Each column says what is known of today's code at that preset (not played, in progress, cracked or
not) and its button plays it (game/modes/daily/hooks.py on the playing screen), resumes the game
left today, or shows the day's result (game/modes/daily/result.py) once it is played. Past codes (P)
opens the Daily archive (game/modes/daily/archive.py), played for fun, which comes back here. The calendar
is app.now() (injectable), so tests choose the day. Nothing here is recorded in the per-difficulty
statistics: the daily streak and the Daily high-score table are its own.
"""

from __future__ import annotations

import datetime as dt

import pygame

from game.core.daily import (
    DAILIES,
    daily_config,
    daily_day,
    is_won,
    seconds_until_next_daily,
)
from game.modes.daily.book import DailyBook
from game.modes.daily.hooks import load_daily
from game.screens.base import Context, Push, Route, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui.daily_view import DailyLayout, countdown_text
from game.ui.widgets import button_label_px, draw_button, draw_card


def open_daily(app: Context, preset: str) -> Route:
    """Today's `preset` daily: the game (new or resumed), or its result when already played."""
    day = daily_day(app.now())
    if not load_daily(app).can_play(preset, day):
        return go("daily_result", preset=preset, day=day, refused=True)
    return go("new_game", mode="daily", config=daily_config(preset), preset=preset, day=day)


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
        return DailyLayout(self.app.surface.get_size(), DAILIES)

    @property
    def day(self) -> dt.date:
        return daily_day(self.app.now())

    def status(self, preset: str) -> tuple[str, str]:
        """What is known of today's `preset` code, and what its button does."""
        day = self.day
        result = self.book.result_on(preset, day)
        if result is not None:
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

    def archive(self) -> Route:
        self.app.sound.play("click")
        return go("daily_archive")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "back":
                return to_menu()
            if hit == "archive":
                return self.archive()
            if hit is not None:
                return self.activate(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return to_menu()
            if event.key in (pygame.K_h, pygame.K_F1):
                return Push(go("help", screen="daily"))
            if event.key == pygame.K_p:
                return self.archive()
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                self.focus = (self.focus + 1) % len(DAILIES)
            elif event.key in (pygame.K_1, pygame.K_2):
                return self.activate(DAILIES[event.key - pygame.K_1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(DAILIES[self.focus])
        return None

    @staticmethod
    def name_box(column: pygame.Rect) -> pygame.Rect:
        """Where a card writes the name of its code: the top sixth, inside its margins."""
        rows = column.inflate(-column.w // 10, 0)
        h = column.h // 6
        return pygame.Rect(rows.x, column.y + h // 3, rows.w, h)

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        text.draw_in(surface, "Daily code", layout.title, pal.TEXT, text.grown(60))
        day = self.day
        text.draw_in(
            surface,
            f"{day:%A %d %B %Y} (UTC) · the same codes for everyone · one attempt each",
            layout.date,
            pal.TEXT_DIM,
            text.grown(28),
        )
        # every card's name in one size, the largest all of them fit (a long name wraps), so no card
        # shouts beside its neighbour
        name_px = min(
            text.fit_wrapped(name, *self.name_box(layout.columns[name]).size, text.grown(48))[0]
            for name in DAILIES
        )
        for i, preset in enumerate(DAILIES):
            column = layout.columns[preset]
            focused = i == self.focus
            pygame.draw.rect(surface, pal.BUTTON_HOT if focused else pal.BOARD, column, border_radius=10)
            pygame.draw.rect(
                surface, pal.SELECTION if focused else pal.BOARD_EDGE, column, 3 if focused else 1, 10
            )
            status, action = self.status(preset)
            rows = column.inflate(-column.w // 10, 0)
            h = column.h // 6
            _draw_wrapped(surface, text, preset, self.name_box(column), pal.TEXT, name_px)
            config = daily_config(preset)
            # wrapped: five narrow cards at 640x480 (Bulls and Cows and the word games beside the presets)
            # Bulls and Cows' size text opens with its name ("Bulls and Cows, 4 digits"): said once
            size = config.variant.size_text(config.colours).removeprefix(f"{preset}, ")
            detail = f"{size} · {config.turns} turns"
            box = pygame.Rect(rows.x, column.y + 4 * h // 3, rows.w, h)
            _draw_wrapped(surface, text, detail, box, pal.TEXT_DIM, text.grown(28))
            text.draw_in(
                surface,
                status,
                pygame.Rect(rows.x, column.y + 5 * h // 2, rows.w, h * 2 // 3),
                pal.SELECTION,
                text.grown(30),
            )
            rect = layout.play[preset]
            draw_button(
                surface, text, rect, action, primary=True, hot=rect.collidepoint(self.mouse), focused=focused
            )
        wait = countdown_text(seconds_until_next_daily(self.app.now()))
        text.draw_in(surface, f"Next daily codes in {wait}", layout.countdown, pal.TEXT, text.grown(34))
        labels = {"back": "Back", "archive": "Past codes (P)"}
        rects = list(layout.buttons.values())
        shared = button_label_px(text, rects, [labels[name] for name in layout.buttons])
        for name, rect in layout.buttons.items():
            draw_button(surface, text, rect, labels[name], hot=rect.collidepoint(self.mouse), label_px=shared)


def _draw_wrapped(surface: pygame.Surface, text, words: str, box: pygame.Rect, colour, largest: int) -> None:
    """`words` wrapped to fit `box` (as large as fits, up to `largest` px), centred in it."""
    size, lines = text.fit_wrapped(words, box.w, box.h, largest)
    line_h = text.font(size).get_linesize()
    top = box.centery - line_h * len(lines) / 2
    for k, line in enumerate(lines):
        text.draw(surface, line, size, colour, (box.centerx, top + k * line_h), align="midtop")
