"""Deduce's screens: the level choice, the dealing card and the result.

DeduceState: a column per level (4×6, 5×8, 6×9) with the puzzle of the day (once a day, the same for
everyone; the streak counts days solved in a row) and endless practice puzzles. Keys: Left/Right
pick the level, Up/Down the puzzle, Enter plays, H help, Esc back to the menu; or the mouse. A new
puzzle where one is kept asks first (app.start_game).

DealState: the engine deals the puzzle (game/core/deduce.py), pumped a few milliseconds a frame like
the solvers, with a progress bar; then the playing screen with DeduceHooks. Esc cancels. Given a
kept puzzle (`kept`, from Resume), it proves that puzzle again the same way (exactly one code fits,
every row needed) before it is played: one that fails (a save edited or damaged) is dropped from the
kept games, with a notice saying why, and the level choice shows instead.

DeduceResultState: the end card, as the Daily code's: the stars, the share text (share.py: the
tries' grades, spoiling nothing; copied to the clipboard as the card shows, C or Copy again), the
code uncovered, tries, time, score and (for a puzzle of the day) the streak. It holds the same
decision as the playing screen, so the puzzle is recorded once whichever showed it first. Enter
deals the next practice puzzle at the level, Esc goes back to the choice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Generator
from typing import Any

import pygame

from game.core.daily import daily_day
from game.core.deduce import (
    LEVELS,
    Puzzle,
    check_puzzle_steps,
    daily_puzzle_steps,
    practice_puzzle_steps,
    stars,
    tries_taken,
)
from game.core.solver import Progress
from game.core.state import Outcome
from game.modes.deduce.book import DeduceBook, daily_figures
from game.modes.deduce.hooks import (
    DEDUCE_SAVE,
    SLOT,
    DeduceHooks,
    DeduceSave,
    load_book,
    puzzle_decided,
    puzzle_name,
    start_record,
    update_book,
)
from game.modes.deduce.share import share_grades, share_header, share_text
from game.modes.deduce.view import DeduceLayout, draw_stars
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.play.record import GameRecord
from game.screens.base import Context, Push, Replace, Route, State, Transition, board_art, go, to_menu
from game.screens.holding import Holding
from game.ui import end_cards
from game.ui import palette as pal
from game.ui.daily_view import copy_text, draw_code, draw_share
from game.ui.end_cards import EndCardLayout, Tile
from game.ui.layout import dialog_rect, margin_px
from game.ui.thinking import draw_progress_bar
from game.ui.widgets import draw_button, draw_card

LEVEL_NAMES = tuple(lv.name for lv in LEVELS)
KINDS = ("daily", "practice")
SIDE_STARS_FRAC, SIDE_SHARE_FRAC = 0.3, 0.45  # the end card's side: stars, share text, then the code
RULES = "Every row is graded as usual. Exactly one code fits them all: name it. Fewer tries, more stars."


def practice_route(app: Context, level: str) -> Route:
    """The next practice puzzle at `level` (its number is taken now, so each one is new)."""
    store = app.store
    if store is None:
        return go("deduce_deal", level=level, number=app.rng.randrange(1_000_000))
    number = 0

    def take(book: DeduceBook) -> DeduceBook:
        nonlocal number
        book, number = book.practice_dealt(level)
        return book

    update_book(store, take)
    return go("deduce_deal", level=level, number=number)


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

    def layout(self) -> DeduceLayout:
        return DeduceLayout(self.app.surface.get_size(), LEVEL_NAMES)

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
            if isinstance(hit, tuple):
                self.focus, self.kind = LEVEL_NAMES.index(hit[0]), KINDS.index(hit[1])
                return self.activate(*hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return to_menu(focus="Deduce")
            if event.key in (pygame.K_h, pygame.K_F1):
                return Push(go("help", screen="deduce"))
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % len(LEVEL_NAMES)
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
            self.message or RULES,
            layout.rules,
            pal.TEXT_WARN if self.message else pal.TEXT_DIM,
            text.grown(28),
        )
        for i, level in enumerate(LEVEL_NAMES):
            column = layout.columns[level]
            focused = i == self.focus
            pygame.draw.rect(surface, pal.BUTTON_HOT if focused else pal.BOARD, column, border_radius=10)
            pygame.draw.rect(
                surface, pal.SELECTION if focused else pal.BOARD_EDGE, column, 3 if focused else 1, 10
            )
            rows = column.inflate(-column.w // 10, 0)
            h = column.h // 7
            pegs, colours = level.split("x")
            text.draw_in(
                surface,
                level.replace("x", " × "),
                pygame.Rect(rows.x, column.y + h // 3, rows.w, h),
                pal.TEXT,
                text.grown(48),
            )
            detail = f"{pegs} pegs, {colours} colours"
            text.draw_in(
                surface,
                detail,
                pygame.Rect(rows.x, column.y + 4 * h // 3, rows.w, h * 2 // 3),
                pal.TEXT_DIM,
                text.grown(28),
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
                label = "Today's puzzle" if kind == "daily" else "Practice"
                draw_button(
                    surface,
                    text,
                    rect,
                    label,
                    primary=kind == "daily",
                    hot=rect.collidepoint(self.mouse),
                    focused=focused and j == self.kind,
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
        size_words = self.level.replace("x", " × ")
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


class DeduceResultState(State):
    """The end card: stars, the share text, the code, tries, time and score; Enter deals the next
    practice puzzle, C copies the share text again, Esc goes back."""

    def __init__(self, puzzle: Puzzle, record: GameRecord) -> None:
        self.puzzle = puzzle
        self.record = record
        self.mouse = (-1, -1)
        self.book: DeduceBook | None = None
        self.initials_asked = False
        self.share = share_text(puzzle, record.game)
        self.copied = False

    def enter(self, app) -> None:
        super().enter(app)
        self.copied = copy_text(self.share)

    def copy(self) -> None:
        self.copied = copy_text(self.share)
        self.app.sound.play("click")

    def holding(self) -> Holding:
        return Holding(decided=puzzle_decided(self.puzzle, self.record))

    @property
    def solved(self) -> bool:
        return self.record.game.outcome is Outcome.WON

    @property
    def tries(self) -> int:
        return tries_taken(self.puzzle, self.record.game)

    def layout(self) -> EndCardLayout:
        buttons = ("copy", "again", "menu")
        return EndCardLayout(self.app.surface.get_size(), 3, buttons, side=True, lines=4, columns=3)

    def tiles(self) -> list[Tile]:
        tries = self.tries
        outcome = self.app.session.outcome_of(self.record)
        points = outcome.points if outcome is not None else 0
        best = outcome is not None and outcome.new_best
        return [
            Tile("Tries", f"{tries} of {self.puzzle.tries}"),
            Tile("Time", self.record.time_text),
            Tile("Score", f"{points:,}" if points else "-", highlight=best or bool(points)),
        ]

    def lines(self) -> list[tuple[str, pal.RGB]]:
        lines = [(puzzle_name(self.puzzle), pal.TEXT)]
        if self.copied:
            lines.append(("Share text copied to the clipboard", pal.TEXT_DIM))
        else:
            lines.append(("No clipboard here: copy the share text by hand", pal.TEXT_WARN))
        outcome = self.app.session.outcome_of(self.record)
        if outcome is not None and outcome.new_best:
            lines.append(("A new best score!", pal.SELECTION))
        store = self.app.store
        if self.puzzle.is_daily and store is not None:
            _, _, streak, best = daily_figures(store, self.puzzle.level, self.puzzle.day)
            lines.append((f"Daily streak {streak} · best {best}", pal.TEXT_DIM))
        return lines

    def update(self, dt: float) -> Transition | None:
        if self.book is None:  # read once the lifetime owner has recorded the puzzle
            self.book = load_book(self.app.store)
        if self.initials_asked:
            return None
        self.initials_asked = True
        outcome = self.app.session.outcome_of(self.record)
        if outcome is None or outcome.high_score is None:
            return None
        table, points = outcome.high_score
        return Push(go("initials", mode=table, score=points, date=self.app.now().date().isoformat()))

    def handle(self, event: pygame.event.Event) -> Route | Transition | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "copy":
                self.copy()
            elif hit == "again":
                return self.next_puzzle()
            if hit == "menu":
                return go("deduce", level=self.puzzle.level)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                return self.next_puzzle()
            if event.key == pygame.K_c:
                self.copy()
            elif event.key == pygame.K_ESCAPE:
                return go("deduce", level=self.puzzle.level)
        return None

    def next_puzzle(self) -> Route | Transition:
        self.app.sound.play("click")
        return self.app.start_game(SLOT, practice_route(self.app, self.puzzle.level))

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        tries = self.tries
        if self.solved:
            verdict = f"Deduced in {tries} {'try' if tries == 1 else 'tries'}!"
        else:
            verdict = "Not this time: the code was…"
        end_cards.draw_title(surface, text, layout.title, verdict, pal.SELECTION if self.solved else pal.TEXT)
        side = layout.side
        # the side: the stars, the share text as it reads, the code uncovered
        stars_box = pygame.Rect(side.x, side.y, side.w, round(side.h * SIDE_STARS_FRAC))
        draw_stars(
            surface, stars_box.inflate(-side.w // 10, -stars_box.h // 6), stars(tries) if self.solved else 0
        )
        share_box = pygame.Rect(side.x, stars_box.bottom, side.w, round(side.h * SIDE_SHARE_FRAC))
        grades = share_grades(self.puzzle, self.record.game)
        header = share_header(self.puzzle, self.record.game)
        config = self.puzzle.config
        draw_share(surface, art, share_box, header, grades, config.pegs, self.puzzle.tries)
        code_box = pygame.Rect(side.x, share_box.bottom, side.w, side.bottom - share_box.bottom)
        draw_code(
            surface, art, code_box.inflate(-side.w // 10, -code_box.h // 5), self.puzzle.secret, "The code"
        )
        end_cards.draw_tiles(surface, text, layout.tiles, self.tiles())
        end_cards.draw_lines(surface, text, layout.lines, self.lines())
        copy = "Copy again (C)" if self.copied else "Copy (C)"
        labels = {"copy": copy, "again": "Next puzzle", "menu": "Deduce"}
        end_cards.draw_buttons(surface, text, layout.buttons, labels, self.mouse, primary="again")
