"""The Daily code's result screen: verdict, the day's code, the share text, streak and countdown.

The share text is exactly game/core/daily.share_text, copied to the clipboard, or shown to copy by
hand when the platform has none. A second attempt the same day also lands here (`refused`), with a
message saying why. A daily win that qualifies asks for initials for the Daily high-score table. The
game that just ended opens in the post-game analysis (A or Analysis).
"""

from __future__ import annotations

import datetime as dt

import pygame

from game.core.daily import daily_config, daily_secret, is_won, seconds_until_next_daily, share_text
from game.modes.daily.hooks import DAILY_HIGH_SCORES, daily_points, load_daily
from game.play.modefiles import DailyBook, grades_of
from game.play.record import GameRecord
from game.screens.base import Push, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui.board import config_title
from game.ui.daily_view import (
    ShareLayout,
    copy_text,
    countdown_text,
    draw_card_buttons,
    draw_code,
    draw_lines,
    draw_share,
)
from game.ui.particles import win_burst
from game.ui.widgets import draw_card


class DailyResultState(State):
    """Today's result at one preset: verdict, the code, the share text (copied), streak, countdown.

    `finished` is the game that just ended (None when the day's result is only being looked at);
    `refused` says the player asked to play again the same day.
    """

    def __init__(
        self, preset: str, day: dt.date, finished: GameRecord | None = None, refused: bool = False
    ) -> None:
        self.preset = preset
        self.day = day
        self.finished = finished
        self.refused = refused
        self.mouse = (-1, -1)
        self.grades: tuple = ()
        self.share = ""
        self.copied = False
        self.points = 0
        self.rank_asked = False
        self.celebrate = False  # a win just played: confetti on the first frame
        self.book = DailyBook()

    def enter(self, app) -> None:
        super().enter(app)
        self.book = load_daily(app)
        result = self.book.result(self.preset)
        if self.finished is not None and self.finished.game.rows:
            self.grades = grades_of(self.finished)
        elif result.last_day == self.day:
            self.grades = result.grades
        self.share = share_text(self.day, self.preset, self.grades) if self.grades else ""
        self.copied = bool(self.share) and copy_text(self.share)
        if self.won and self.finished is not None and not self.refused:
            self.points = daily_points(self.finished)
            self.celebrate = True

    @property
    def won(self) -> bool:
        return is_won(self.grades, daily_config(self.preset).pegs)

    @property
    def analysable(self) -> bool:
        """The game that just ended can be gone through row by row (a result only looked at cannot:
        the day's record keeps its grades, not its guesses)."""
        return self.finished is not None and not self.refused

    def layout(self) -> ShareLayout:
        buttons = ("copy", "analysis", "menu") if self.analysable else ("copy", "menu")
        return ShareLayout(self.app.surface.get_size(), buttons)

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

    def lines(self) -> list[tuple[str, pal.RGB]]:
        config = daily_config(self.preset)
        result = self.book.result(self.preset)
        lines: list[tuple[str, pal.RGB]] = []
        if self.grades:
            mark = len(self.grades) if self.won else "X"
            lines.append((f"{config_title(config).split(' · ')[0]} · {mark}/{config.turns}", pal.TEXT))
        if self.points:
            lines.append((f"Score {self.points:,}", pal.TEXT))
        streak = result.current_streak(self.day)
        lines.append((f"Daily streak {streak} · best {result.best_streak}", pal.TEXT))
        if self.share:
            lines.append(
                ("Copied to the clipboard", pal.TEXT_DIM)
                if self.copied
                else ("No clipboard here: copy the text by hand", pal.TEXT_WARN)
            )
        wait = countdown_text(seconds_until_next_daily(self.app.now()))
        lines.append((f"Next code in {wait}", pal.SELECTION))
        return lines

    def update(self, dt: float) -> Transition | State | None:
        if self.celebrate:  # on the first frame: the session clears particles as a screen enters
            self.celebrate = False
            app = self.app
            colours = [board_art(app).colours[c] for c in daily_secret(self.day, self.preset)]
            burst = self.layout().share.inflate(0, -self.layout().share.h // 2)
            win_burst(app.session.particles, burst, colours + [pal.SELECTION])
        if self.points and not self.rank_asked and self.app.store is not None:
            self.rank_asked = True
            table = self.app.store.load_high_scores()[DAILY_HIGH_SCORES]
            if table.qualifies(self.points):
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
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        colour = pal.TEXT_WARN if self.refused else (pal.SELECTION if self.won else pal.TEXT)
        art.text.draw_in(surface, self.verdict(), layout.verdict, colour, 44)
        draw_code(surface, art, layout.secret, daily_secret(self.day, self.preset), "Today's code")
        draw_lines(surface, art, layout.lines, self.lines())
        if self.grades:
            header = self.share.split("\n")[:2]
            config = daily_config(self.preset)
            draw_share(surface, art, layout.share, header, self.grades, config.pegs, config.turns)
        copy = "Copy again (C)" if self.copied else "Copy (C)"
        labels = {"copy": copy, "analysis": "Analysis", "menu": "Menu"}
        draw_card_buttons(surface, art, layout.buttons, labels, self.mouse, primary="menu")
