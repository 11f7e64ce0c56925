"""Deduce's screens before a puzzle: the level choice and the dealing card.

DeduceState: two pages of levels behind tabs (levels.py: Colours, 4×6, 5×8 and 6×9; Numbers and
words, Bulls and Cows, Words and Word marks), a column per level with the puzzle of the day (once a
day, the same for everyone; the streak counts days solved in a row) and endless practice puzzles.
Keys: Left/Right pick the level (on past a page's last column to the next page), Page Up/Page Down
(a pad's shoulders) the page, Up/Down the puzzle, Enter plays, H help, Esc back to the menu; or the
mouse. A new puzzle where one is kept asks first (app.start_game).

DealState: the engine deals the puzzle (game/core/deduce.py), pumped a few milliseconds a frame like
the solvers, with a progress bar; then the playing screen with DeduceHooks. Esc cancels. Given a
kept puzzle (`kept`, from Resume), it proves that puzzle again the same way (exactly one code fits,
every row needed) before it is played: one that fails (a save edited or damaged) is dropped from the
kept games, with a notice saying why, and the level choice shows instead.

The end card that follows a puzzle is result.py's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Generator
from types import MappingProxyType
from typing import Any

import pygame

from game.core.daily import daily_day
from game.core.deduce import (
    Puzzle,
    check_puzzle_steps,
    daily_puzzle_steps,
    practice_puzzle_steps,
)
from game.core.solver import Progress
from game.modes.deduce.book import DeduceBook, daily_figures
from game.modes.deduce.hooks import (
    DEDUCE_SAVE,
    SLOT,
    DeduceHooks,
    DeduceSave,
    load_book,
    practice_route,
    start_record,
)
from game.modes.deduce.levels import LEVEL_NAMES, PAGES, detail, page_of, title
from game.modes.deduce.view import DeduceLayout
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.screens.base import Push, Replace, Route, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui.layout import dialog_rect, margin_px
from game.ui.thinking import draw_progress_bar
from game.ui.widgets import button_label_px, draw_button, draw_card

KINDS = ("daily", "practice")
PLAY_LABELS = MappingProxyType({"daily": "Today's puzzle", "practice": "Practice"})  # a level's two buttons

RULES = (
    "Every row is graded as usual. Exactly one code fits them all: name it. Fewer tries, more stars.",
    "Every row is graded as usual. Exactly one code (a word: a common one) fits them all: name it.",
)


class DeduceState(State):
    def __init__(self, level: str = LEVEL_NAMES[0]) -> None:
        self.focus = LEVEL_NAMES.index(level) if level in LEVEL_NAMES else 0
        self.kind = 0
        self.mouse = (-1, -1)
        self.book = DeduceBook()
        self.message = ""

    def enter(self, app) -> None:
        super().enter(app)
        self.book = load_book(app.store)

    @property
    def day(self) -> dt.date:
        return daily_day(self.app.now())

    @property
    def page(self) -> int:
        """The page of levels shown: the focused level's."""
        return page_of(LEVEL_NAMES[self.focus])

    def shown(self) -> tuple[str, ...]:
        """The levels of the page shown, in their columns' order."""
        return PAGES[self.page][1]

    def turn_page(self, page: int) -> None:
        """Page `page` (wrapping) shown, its column in the focused one's place focused."""
        column = self.shown().index(LEVEL_NAMES[self.focus])
        names = PAGES[page % len(PAGES)][1]
        self.focus = LEVEL_NAMES.index(names[min(column, len(names) - 1)])

    def layout(self) -> DeduceLayout:
        return DeduceLayout(self.app.surface.get_size(), self.shown(), [tab for tab, _ in PAGES])

    def figures(self, level: str) -> tuple[Any, int, int, int]:
        """(today's attempt or None, its stars, the streak, the best streak) of `level`."""
        return daily_figures(self.app.store, level, self.day)

    def status(self, level: str) -> tuple[str, str]:
        """(today's puzzle, the streak) of `level`, as the column says them."""
        attempt, stars, streak, best = self.figures(level)
        if attempt is None:
            today = "Today's puzzle: not played"
        elif attempt.state == "playing":
            today = "Today's puzzle: in progress"
        elif stars:
            today = f"Today: solved, {stars} of 3 stars"
        else:
            today = "Today: not solved"
        return today, f"Streak {streak} · best {best}"

    def activate(self, level: str, kind: str) -> Any:
        attempt = self.figures(level)[0] if kind == "daily" else None
        if attempt is not None and attempt.state == "decided":
            self.message = "Today's puzzle is played: a new one comes at midnight UTC. Practice meanwhile!"
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        if attempt is not None and attempt.game is not None:  # the day's one attempt goes on
            try:
                save = DEDUCE_SAVE.decode(attempt.game)
                return go("play", record=save.record, hooks=DeduceHooks(save.puzzle))
            except (ValueError, TypeError, KeyError):
                pass  # a game this version cannot read: the puzzle is dealt again, its tries kept below
        route = (
            go("deduce_deal", level=level, day=self.day)
            if kind == "daily"
            else practice_route(self.app, level)
        )
        return self.app.start_game(SLOT, route)

    def handle(self, event: pygame.event.Event) -> Transition | State | Route | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "back":
                return to_menu(focus="Deduce")
            if isinstance(hit, int):
                if hit != self.page:
                    self.app.sound.play("click")
                    self.turn_page(hit)
            elif isinstance(hit, tuple):
                self.focus, self.kind = LEVEL_NAMES.index(hit[0]), KINDS.index(hit[1])
                return self.activate(*hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return to_menu(focus="Deduce")
            if event.key in (pygame.K_h, pygame.K_F1):
                return Push(go("help", screen="deduce"))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % len(LEVEL_NAMES)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.turn_page(self.page + (1 if event.key == pygame.K_PAGEDOWN else -1))
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.kind = 1 - self.kind
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(LEVEL_NAMES[self.focus], KINDS[self.kind])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        text.draw_in(surface, "Deduce", layout.title, pal.TEXT, text.grown(60))
        text.draw_in(
            surface,
            self.message or RULES[self.page],
            layout.rules,
            pal.TEXT_WARN if self.message else pal.TEXT_DIM,
            text.grown(28),
        )
        labels = [PAGES[i][0] for i in range(len(layout.tabs))]
        tab_px = button_label_px(text, layout.tabs, labels) if labels else None  # one size for the tabs
        for i, (rect, label) in enumerate(zip(layout.tabs, labels, strict=True)):
            hot = rect.collidepoint(self.mouse)
            draw_button(surface, text, rect, label, primary=i == self.page, hot=hot, label_px=tab_px)
        # one size for the page's names and one for their details, as large as the longest allows
        first = layout.columns[self.shown()[0]]
        inner_w, h = first.w - first.w // 10, first.h // 7
        names = {lv: title(lv).replace("×", " × ") for lv in self.shown()}
        name_px = min(text.fit_size(names[lv], inner_w, h, text.grown(48)) for lv in self.shown())
        detail_px = min(text.fit_size(detail(lv), inner_w, h * 2 // 3, text.grown(28)) for lv in self.shown())
        # the play buttons' labels in one size: "Practice" beside a shrunk "Today's puzzle" looks broken
        plays = [(layout.play[(level, kind)], PLAY_LABELS[kind]) for level in self.shown() for kind in KINDS]
        play_px = button_label_px(text, [rect for rect, _ in plays], [label for _, label in plays])
        for level in self.shown():
            column = layout.columns[level]
            focused = level == LEVEL_NAMES[self.focus]
            pygame.draw.rect(surface, pal.BUTTON_HOT if focused else pal.BOARD, column, border_radius=10)
            pygame.draw.rect(
                surface, pal.SELECTION if focused else pal.BOARD_EDGE, column, 3 if focused else 1, 10
            )
            rows = column.inflate(-column.w // 10, 0)
            h = column.h // 7
            text.draw_in(
                surface,
                names[level],
                pygame.Rect(rows.x, column.y + h // 3, rows.w, h),
                pal.TEXT,
                name_px,
            )
            text.draw_in(
                surface,
                detail(level),
                pygame.Rect(rows.x, column.y + 4 * h // 3, rows.w, h * 2 // 3),
                pal.TEXT_DIM,
                detail_px,
            )
            today, streak = self.status(level)
            text.draw_in(
                surface,
                today,
                pygame.Rect(rows.x, column.y + 2 * h, rows.w, h * 2 // 3),
                pal.SELECTION,
                text.grown(28),
            )
            text.draw_in(
                surface,
                streak,
                pygame.Rect(rows.x, column.y + 8 * h // 3, rows.w, h * 2 // 3),
                pal.TEXT_DIM,
                text.grown(28),
            )
            for j, kind in enumerate(KINDS):
                rect = layout.play[(level, kind)]
                draw_button(
                    surface,
                    text,
                    rect,
                    PLAY_LABELS[kind],
                    primary=kind == "daily",
                    hot=rect.collidepoint(self.mouse),
                    focused=focused and j == self.kind,
                    label_px=play_px,
                )
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Back", hot=back.collidepoint(self.mouse))


def proved(puzzle: Puzzle) -> Generator[Progress, None, Puzzle]:
    """`puzzle` once proved over the whole space (DeduceError if it has not exactly one answer)."""
    yield from check_puzzle_steps(puzzle)
    return puzzle


class DealState(State):
    """The engine deals a puzzle (or proves a kept one again), a few milliseconds a frame; then the
    puzzle is played."""

    def __init__(
        self,
        level: str,
        day: dt.date | None = None,
        number: int | None = None,
        kept: DeduceSave | None = None,
    ) -> None:
        self.level, self.day, self.number, self.kept = level, day, number, kept
        self.pump: Pump | None = None
        self.problem = ""

    def enter(self, app) -> None:
        super().enter(app)
        if self.pump is None:
            if self.kept is not None:
                steps = proved(self.kept.puzzle)
            elif self.day is not None:
                steps = daily_puzzle_steps(self.level, self.day, daily_day(app.now()))
            else:
                steps = practice_puzzle_steps(self.level, self.number)
            self.pump = Pump(steps)

    def update(self, dt: float) -> Transition | Route | None:
        pump = self.pump
        if not pump.done:
            pump.pump(PUMP_BUDGET_MS)
        if not pump.done:
            return None
        kept = self.kept
        if kept is not None and (pump.error is not None or pump.answer is None):
            return self._set_aside(str(pump.error))
        if pump.error is not None or pump.answer is None:
            self.problem = f"No puzzle could be dealt: {pump.error}"
            return None
        puzzle: Puzzle = pump.answer
        if kept is not None:
            return Replace(go("play", record=kept.record, hooks=DeduceHooks(puzzle)))
        return Replace(go("play", record=start_record(puzzle), hooks=DeduceHooks(puzzle)))

    def _set_aside(self, reason: str) -> Route:
        """A kept puzzle that is no puzzle: never played, dropped, and the player told why."""
        app = self.app
        if app.store is not None:
            app.store.drop_kept(SLOT)
        app.session.notices.show(f"The kept Deduce puzzle was set aside: {reason}.")
        app.sound.play("error")
        return go("deduce", level=self.level)

    def handle(self, event: pygame.event.Event) -> Route | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.pump.close()
            return go("deduce", level=self.level)
        return None

    def exit(self) -> None:
        if self.pump is not None and not self.pump.done:
            self.pump.close()

    def draw(self, surface: pygame.Surface) -> None:
        text = self.app.text
        size = surface.get_size()
        surface.fill(pal.BACKGROUND)
        card = dialog_rect(size, 0.6, 0.4, 420, 220)
        draw_card(surface, card)
        m = margin_px(size)
        line = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, card.h // 3)
        size_words = title(self.level).replace("×", " × ")
        if self.kept is not None:
            words = f"Checking the kept {size_words} puzzle…"
        else:
            what = "today's" if self.day is not None else "a practice"
            words = f"Dealing {what} {size_words} puzzle…"
        words = self.problem or words
        text.draw_in(surface, words, line, pal.TEXT_WARN if self.problem else pal.TEXT, text.grown(40))
        bar = pygame.Rect(card.x + 2 * m, line.bottom + m, card.w - 4 * m, max(8, card.h // 10))
        draw_progress_bar(surface, bar, self.pump.fraction if self.pump is not None else 0.0)
        hint = pygame.Rect(card.x + 2 * m, bar.bottom + m, card.w - 4 * m, card.h // 6)
        text.draw_in(surface, "Esc cancels", hint, pal.TEXT_DIM, text.grown(26))
