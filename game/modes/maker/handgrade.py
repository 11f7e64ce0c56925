"""The hand-grading state: make the code, you grade. The computer shows its guess; the player grades it.

The game itself is game/play/handgrade.py's HandGradeRun; this state turns input into its controls
and draws it. Grading: click the grading pegs of the active row (each click turns a peg into the next
kind: empty -> black -> white -> empty; on a grid empty -> black -> grey -> white -> empty), or a
stepper per kind (Black, White; a grid's Black, Grey, White), or keys (B, W and on a grid G add one,
Shift takes one away, Backspace clears); Enter or Confirm submits. A refused grade stays on screen
with the reason, and the earlier rows it contradicts are outlined on the board. U (or Ctrl+Z) undoes
the last grade; G gives up in the row game (on a grid G is grey: the Give up button ends it); once the
game is over A opens the post-game analysis of the computer's rows; H or F1 opens the help on its
Controls page, Escape goes to the menu. The arrows add and take away a black (Up/Down) and a white
(Right/Left), PageDown/PageUp a grey: a pad's D-pad and shoulders (its A confirms, X undoes, Y opens
the help). Bulls and Cows: B adds a bull, C a cow. Word marks (Variant.marks_by_place) are set letter
by letter: a click on a letter's tile or its mark turns the mark (absent, elsewhere, right place),
a stepper a letter in the panel, keys 0, 1, 2 mark the letter at the cursor and move it on, Left/Right
move the cursor and Up/Down (Space onwards) turn its mark. A grid's rows are drawn as small grids
by the board every playing screen uses (game/ui/board.py over a PlayLayout with the grid's shape).
The events are read by its base, HandGradeInput (game/modes/maker/handgrade_input.py).

Invariants: the game state never holds a secret; drawing only reads the run; the run advances only in
update(dt).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.core import strategies
from game.core.config import GameConfig, legal_codes
from game.modes.maker.handgrade_input import HandGradeInput
from game.play.handgrade import Ending, HandGradeRun
from game.play.pump import PUMP_BUDGET_MS
from game.screens.base import Replace, State, Transition, board_art, top_bar_action
from game.tables import bind
from game.ui import palette as pal
from game.ui.board import BoardView, config_title, draw_board_screen, draw_grade_pegs, mark_image, mark_rect
from game.ui.layout import PlayLayout, stepper_rects
from game.ui.pad_actions import pad_keys
from game.ui.thinking import draw_progress_bar, draw_text_lines
from game.ui.widgets import draw_button

PANEL_BUTTONS = ("confirm", "undo", "end")
STEPPER_PARTS = ("minus", "value", "plus")


def panel_items(kinds: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """The side panel: strategy, codes that fit, one stepper per grade kind (in kinds order), the
    buttons and the message."""
    steppers = tuple((kind, 1.0) for kind in kinds)
    buttons = (("confirm", 1.1), ("undo", 1.0), ("end", 1.0))
    return (("strategy", 0.8), ("possible", 1.0), *steppers, *buttons, ("message", 2.6))


class HandGradeState(HandGradeInput, State):
    """Make the code, you grade: `strategy` guesses, the player grades.

    The strategy defaults to strategies.DEFAULT: optimal tables, else the strongest heuristic.
    """

    pad_keys = pad_keys(rule_out=pygame.K_u, hint=pygame.K_h)

    def __init__(
        self,
        config: GameConfig,
        strategy: str | None = None,
        *,
        budget_ms: float = PUMP_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.config = config
        self.strategy = strategy or strategies.DEFAULT
        self.budget_ms = budget_ms
        self.clock = clock
        self.run: HandGradeRun | None = None
        self.view = BoardView()
        self.mouse = (-1, -1)
        self.cursor = 0  # by place (word marks): the letter the keys mark

    def enter(self, app) -> None:
        super().enter(app)
        if self.run is None:
            rng = random.Random(app.rng.random())
            self.run = HandGradeRun(
                self.config,
                bind(strategies.get(self.strategy), config=self.config),
                rng,
                budget_ms=self.budget_ms,
                clock=self.clock,
            )

    # --- geometry --------------------------------------------------------------------------------
    def layout(self) -> PlayLayout:
        c = self.config
        items = panel_items(c.variant.kinds)
        return self.sized_layout(
            lambda size: PlayLayout(
                size,
                c.pegs,
                c.colours,
                c.turns,
                items,
                PANEL_BUTTONS,
                shape=c.variant.shape,
                band=False,
                palette=False,  # the computer picks the colours: a palette here would do nothing
            )
        )

    def stepper_parts(self, name: str) -> dict[str, pygame.Rect]:
        """[-] value [+] inside panel item `name` (a grade kind: "black", "grey", "white"), after a label
        on the left."""
        rect = self.layout().item_rect(name)
        side = rect.h
        label_w = rect.w - 3 * side
        minus, value, plus = stepper_rects(pygame.Rect(rect.x + label_w, rect.y, 3 * side, side), side)
        return {
            "label": pygame.Rect(rect.x, rect.y, label_w, side),
            "minus": minus,
            "value": value,
            "plus": plus,
        }

    def mark_at(self, pos: tuple[int, int]) -> int | None:
        """By place (word marks): the letter of the active row whose tile or mark is under `pos`."""
        run = self.run
        if run.over or run.guess is None or not run.by_place:
            return None
        layout, row = self.layout(), len(run.game.rows)
        for col in range(self.config.pegs):
            if layout.slot_rect(row, col).collidepoint(pos) or mark_rect(layout, row, col).collidepoint(pos):
                return col
        return None

    def grade_peg_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the active row's grading peg nearest `pos` when `pos` is in its grading area (a
        little beyond its edge too): grading pegs are small, a grid's smaller still, so the whole area
        is the target."""
        run = self.run
        if run.over or run.guess is None or run.by_place:  # by place: the counts only show the marks
            return None
        layout = self.layout()
        row = len(run.game.rows)
        slack = layout.grade_peg_rect(row, 0).w // 2
        if not layout.grade_rect(row).inflate(2 * slack, 2 * slack).collidepoint(pos):
            return None
        x, y = pos
        centres = [layout.grade_peg_rect(row, i).center for i in range(self.config.pegs)]
        return min(range(len(centres)), key=lambda i: (centres[i][0] - x) ** 2 + (centres[i][1] - y) ** 2)

    def press(self, name: str) -> Transition | State | None:
        run = self.run
        self.app.sound.play("click")
        if name in ("menu", "help"):
            return top_bar_action(name, "handgrade")
        if name == "confirm":
            if not run.confirm():
                self.app.sound.play("error")
        elif name == "undo":
            run.undo()
        elif name == "end":
            if run.over:
                return Replace(
                    HandGradeState(self.config, self.strategy, budget_ms=self.budget_ms, clock=self.clock)
                )
            run.give_up()
        return None

    # --- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        run = self.run
        rows, refusal, ending = len(run.game.rows), run.refusal, run.ending
        run.update(dt)
        if run.refusal and run.refusal != refusal:
            self.app.sound.play("error")
        elif len(run.game.rows) > rows:
            self.app.sound.play("submit")
            self.cursor = 0  # the next guess is marked from its first letter
        if run.ending is not None and ending is None:
            self.app.sound.play("win" if run.ending is Ending.SOLVED else "lose")
        return None

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        run, art = self.run, board_art(self.app)
        layout = self.layout()
        active = len(run.game.rows) if not run.over else None
        game, found = run.game, run.found_code
        if found is not None:  # the all-black row is the player's code: the secret row shows it
            game = replace(game, secret=found)
        draw_board_screen(
            surface,
            layout,
            art,
            self.view,
            game,
            title=f"You grade · {config_title(self.config)}",
            mouse=self.mouse,
            palette=False,
            show_secret=found is not None,
            active_row=active,
        )
        for row in run.conflict_rows:
            pygame.draw.rect(
                surface, pal.TEXT_WARN, layout.row_rect(row).inflate(8, 6), width=3, border_radius=6
            )
        if active is not None and run.guess is not None:
            self._draw_guess(surface, layout, art)
        self._draw_panel(surface, layout, art.pegs)

    def _draw_guess(self, surface, layout: PlayLayout, art) -> None:
        """The guess waiting for its grade (cells of a grid where the layout has one) and the grade being
        set, drawn as the board draws a graded row."""
        run = self.run
        row = len(run.game.rows)
        d = layout.peg_diameter()
        for col, colour in enumerate(run.guess):
            peg = art.pegs.peg(art.colours[colour], colour, d, art.symbols)
            surface.blit(peg, peg.get_rect(center=layout.slot_rect(row, col).center))
        draw_grade_pegs(surface, layout, row, run.pending, art.pegs)
        hot = self.grade_peg_at(self.mouse)
        if hot is not None:
            rect = layout.grade_peg_rect(row, hot)
            pygame.draw.circle(surface, pal.SELECTION, rect.center, rect.w * 0.75, 2)
        if run.by_place and run.grading:  # the letter the keys mark, and the one under the pointer
            for col, width in ((self.cursor, 3), (self.mark_at(self.mouse), 1)):
                if col is not None:
                    rect = layout.slot_rect(row, col).inflate(4, 4)
                    pygame.draw.rect(surface, pal.SELECTION, rect, width=width, border_radius=6)
        if run.refusal and run.conflict_rows:
            pygame.draw.rect(
                surface, pal.TEXT_WARN, layout.row_rect(row).inflate(8, 6), width=3, border_radius=6
            )

    def _stepper_label(self, place: int, kind: str) -> str:
        """A stepper's label: its kind ("Black", "Bulls"), or by place the letter it marks ("1 T")."""
        run = self.run
        if not run.by_place:
            return kind.title()
        letter = self.config.variant.symbol_name(run.guess[place]) if run.guess is not None else ""
        return f"{place + 1} {letter}".rstrip()

    def _draw_panel(self, surface, layout: PlayLayout, pegs) -> None:
        text, run = self.app.text, self.run
        nouns = self.config.variant.nouns
        draw_text_lines(
            text, surface, layout.item_rect("strategy"), [f"Strategy: {run.info.label}"], pal.TEXT
        )
        possible = layout.item_rect("possible")
        if run.busy and not run.over and run.progress_fraction > 0:
            draw_progress_bar(surface, possible.inflate(0, -possible.h // 2), run.progress_fraction)
        elif run.possible is not None:
            count = run.possible
            lines = [f"{nouns.count(count)} {'fits' if count == 1 else 'fit'}", "your grades"]
            draw_text_lines(text, surface, possible, lines, pal.ACTIVE_EDGE)
        else:
            lines = [f"{nouns.count(legal_codes(self.config))} in all"]
            draw_text_lines(text, surface, possible, lines, pal.TEXT_DIM)
        grading = run.grading
        for place, name in enumerate(run.kinds):
            count = run.count(name)
            parts = self.stepper_parts(name)
            label = self._stepper_label(place, name)
            draw_text_lines(text, surface, parts["label"], [label], pal.TEXT)
            can_down = grading and count > 0
            can_up = run.can_add(name)
            draw_button(
                surface,
                text,
                parts["minus"],
                "-",
                enabled=can_down,
                hot=parts["minus"].collidepoint(self.mouse),
            )
            draw_button(
                surface, text, parts["plus"], "+", enabled=can_up, hot=parts["plus"].collidepoint(self.mouse)
            )
            if run.by_place:  # the mark itself, as the board draws it under the letter
                mark = mark_image(pegs, count, max(6, round(parts["value"].h * 0.55)))
                surface.blit(mark, mark.get_rect(center=parts["value"].center))
            else:
                draw_text_lines(text, surface, parts["value"], [str(count)], pal.TEXT)
        labels = {
            "confirm": ("Confirm grade", grading),
            "undo": ("Undo last grade", bool(run.game.rows) and not run.busy),
            "end": ("New game" if run.over else "Give up", True),
        }
        for name, (label, enabled) in labels.items():
            rect = layout.button_rect(name)
            primary = name == "confirm" or (name == "end" and run.over)
            draw_button(
                surface,
                text,
                rect,
                label,
                enabled=enabled,
                primary=primary,
                hot=rect.collidepoint(self.mouse),
            )
        message = run.message()
        if run.by_place and run.grading and not run.refusal:  # how to mark, in the words of the keys
            message = "Mark each letter: click it, or type 2 right place, 1 elsewhere, 0 absent; then Enter"
        if run.over:  # the run's sentence ended first, then what A does
            message = message.rstrip(".") + ". A: analysis."
        warn = bool(run.refusal) or (run.over and run.ending is not Ending.SOLVED)
        colour = pal.TEXT_WARN if warn else (pal.SELECTION if run.over else pal.TEXT_DIM)
        box = layout.item_rect("message")
        size, lines = text.fit_wrapped(message[:1].upper() + message[1:], box.w, box.h, text.grown(24))
        line_h = text.font(size).get_linesize()
        for i, line in enumerate(lines):
            text.draw(surface, line, size, colour, (box.centerx, box.y + i * line_h), align="midtop")
