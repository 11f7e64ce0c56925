"""The Daily code's result screen: one card, the share grid filling its left side, big numbers on
the right (guesses, score, the daily streak, the countdown to the next code), the day's code and
the clipboard's answer under them.

The share text is exactly game/core/daily.share_text, copied to the clipboard, or shown to copy by
hand when the platform has none. A second attempt the same day also lands here (`refused`), with a
message saying why, and the day's score (kept with the day's attempt, game/modes/daily/book.py). A
daily win that qualifies asks for initials for the Daily high-score table once the card has been
seen a moment; a win just played gets its confetti over the share grid. The game that just ended
opens in the post-game analysis (A or Analysis).
"""

from __future__ import annotations

import datetime as dt

import pygame

from game.core.daily import daily_config, daily_secret, is_won, seconds_until_next_daily, share_text
from game.modes.daily.book import DailyBook
from game.modes.daily.hooks import DAILY_HIGH_SCORES, daily_points, load_daily
from game.play.record import GameRecord
from game.screens.base import Push, State, Transition, board_art, go, to_menu
from game.ui import end_cards
from game.ui import palette as pal
from game.ui.daily_view import copy_text, countdown_text, draw_code, draw_share
from game.ui.end_cards import EndCardLayout, Tile
from game.ui.particles import win_burst
from game.ui.widgets import draw_card

ASK_AFTER_S = 0.8  # the card is seen this long before a top-ten score asks for initials


class DailyResultState(State):
    """Today's result at one preset: verdict, the code, the share text (copied), streak, countdown.

    `finished` is the game that just ended (None when the day's result is only being looked at);
    `refused` says the player asked to play again the same day.
    """

    def __init__(
        self, preset: str, day: dt.date, finished: GameRecord | None = None, refused: bool = False
    ) -> None:
        self.preset = preset
        self.config = daily_config(preset)  # the app draws a digit or word daily's code in its symbols
        self.day = day
        self.finished = finished
        self.refused = refused
        self.mouse = (-1, -1)
        self.grades: tuple = ()
        self.share = ""
        self.copied = False
        self.points = 0
        self.rank_asked = False
        self.shown_s = 0.0
        self.celebrate = False  # a win just played: confetti on the first frame
        self.book = DailyBook()

    def enter(self, app) -> None:
        super().enter(app)
        self.book = load_daily(app)
        result = self.book.result_on(self.preset, self.day)
        if self.finished is not None and self.finished.game.rows:
            self.grades = tuple(row.feedback for row in self.finished.game.rows)
        elif result is not None:
            self.grades = result.grades
        self.share = share_text(self.day, self.preset, self.grades) if self.grades else ""
        self.copied = bool(self.share) and copy_text(self.share)
        if self.won and self.finished is not None and not self.refused:
            self.points = daily_points(self.finished)
            self.celebrate = True
        elif self.grades:  # the day's result shown again: its score as it was kept
            self.points = result.points if result is not None else 0

    @property
    def won(self) -> bool:
        return is_won(self.grades, daily_config(self.preset).pegs)

    @property
    def analysable(self) -> bool:
        """The game that just ended can be gone through row by row (a result only looked at cannot:
        the day's record keeps its grades, not its guesses)."""
        return self.finished is not None and not self.refused

    def layout(self) -> EndCardLayout:
        buttons = ("copy", "analysis", "menu") if self.analysable else ("copy", "menu")
        return EndCardLayout(
            self.app.surface.get_size(), 4, buttons, side=bool(self.grades), lines=3, columns=2
        )

    def analysis(self) -> Transition | None:
        return Push(go("analysis", record=self.finished)) if self.analysable else None

    def verdict(self) -> str:
        if self.refused:
            return f"One attempt a day: today's {self.preset} code is played"
        if not self.grades:
            return f"Today's {self.preset} code"
        if self.won:
            return f"You cracked today's {self.preset} code in {len(self.grades)}!"
        return f"Today's {self.preset} code stays unbroken"

    def tiles(self) -> list[Tile]:
        config = daily_config(self.preset)
        streak, _ = self.book.streaks(self.preset, self.day)
        mark = (len(self.grades) if self.won else "X") if self.grades else "-"
        wait = countdown_text(seconds_until_next_daily(self.app.now()))
        return [
            Tile("Guesses", f"{mark}/{config.turns}"),
            Tile("Score", f"{self.points:,}" if self.points else "-", highlight=bool(self.points)),
            Tile("Daily streak", str(streak), highlight=self.won),
            Tile("Next code in", wait),
        ]

    def lines(self) -> list[tuple[str, pal.RGB]]:
        _, best = self.book.streaks(self.preset, self.day)
        lines: list[tuple[str, pal.RGB]] = [(f"Best streak {best}", pal.TEXT_DIM)]
        if self.share:
            lines.insert(
                0,
                ("Copied to the clipboard", pal.TEXT_DIM)
                if self.copied
                else ("No clipboard here: copy the text by hand", pal.TEXT_WARN),
            )
        return lines

    def update(self, dt: float) -> Transition | State | None:
        self.shown_s += dt
        if self.celebrate:  # on the first frame: the session clears particles as a screen enters
            self.celebrate = False
            app = self.app
            colours = [board_art(app).colours[c] for c in daily_secret(self.day, self.preset)]
            side = self.layout().side or self.layout().body
            burst = side.inflate(0, -side.h // 2)
            win_burst(app.session.particles, burst, colours + [pal.SELECTION])
        if self.points and not self.rank_asked and self.app.store is not None and self.shown_s >= ASK_AFTER_S:
            self.rank_asked = True
            if self.app.store.entered_rank(DAILY_HIGH_SCORES, self.points) is not None:
                return Push(
                    go("initials", mode=DAILY_HIGH_SCORES, score=self.points, date=self.day.isoformat())
                )
        return None

    def copy(self) -> None:
        if self.share:
            self.copied = copy_text(self.share)
            self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "copy":
                self.copy()
            elif hit == "analysis":
                return self.analysis()
            elif hit == "menu":
                return to_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c:
                self.copy()
            elif event.key == pygame.K_a:
                return self.analysis()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE):
                return to_menu()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        colour = pal.TEXT_WARN if self.refused else (pal.SELECTION if self.won else pal.TEXT)
        end_cards.draw_title(surface, text, layout.title, self.verdict(), colour)
        if self.grades and layout.side is not None:
            header = self.share.split("\n")[:2]
            config = daily_config(self.preset)
            draw_share(surface, art, layout.side, header, self.grades, config.pegs, config.turns)
        end_cards.draw_tiles(surface, text, layout.tiles, self.tiles())
        lines = layout.lines
        code_h = lines.h * 3 // 5
        draw_code(
            surface,
            art,
            pygame.Rect(lines.x, lines.y, lines.w, code_h),
            daily_secret(self.day, self.preset),
            "Today's code",
        )
        end_cards.draw_lines(
            surface, text, pygame.Rect(lines.x, lines.y + code_h, lines.w, lines.h - code_h), self.lines()
        )
        copy = "Copy again (C)" if self.copied else "Copy (C)"
        labels = {"copy": copy, "analysis": "Analysis", "menu": "Menu"}
        end_cards.draw_buttons(surface, text, layout.buttons, labels, self.mouse, primary="menu")
