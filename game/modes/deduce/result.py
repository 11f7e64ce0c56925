"""Deduce's end card, DeduceResultState: as the Daily code's, the stars, the share text (share.py:
the tries' grades, spoiling nothing; copied to the clipboard as the card shows, C or Copy again),
the code uncovered, tries, time, score and (for a puzzle of the day) the streak. It holds the same
decision as the playing screen, so the puzzle is recorded once whichever showed it first. Enter
deals the next practice puzzle at the level, Esc goes back to the choice.
"""

from __future__ import annotations

import pygame

from game.core.deduce import Puzzle, stars, tries_taken
from game.core.state import Outcome
from game.modes.deduce.book import DeduceBook, daily_figures
from game.modes.deduce.hooks import SLOT, load_book, practice_route, puzzle_decided, puzzle_name
from game.modes.deduce.share import share_grades, share_header, share_text
from game.modes.deduce.view import draw_stars
from game.play.record import GameRecord
from game.screens.base import Push, Route, State, Transition, board_art, go
from game.screens.holding import Holding
from game.ui import end_cards
from game.ui import palette as pal
from game.ui.daily_view import copy_text, draw_code, draw_share
from game.ui.end_cards import EndCardLayout, Tile
from game.ui.widgets import draw_card

SIDE_STARS_FRAC, SIDE_SHARE_FRAC = 0.3, 0.45  # the end card's side: stars, share text, then the code


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
