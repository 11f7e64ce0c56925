"""The hand-grading state: make the code, you grade. The computer shows its guess; the player grades it.

The game itself is game/ui/handgrading.py's HandGradeRun; this state turns input into its controls
and draws it. Grading: click the grading pegs of the active row (each click turns a peg empty ->
black -> white -> empty), or the Black/White steppers, or keys (B and W add one, Shift takes one
away, Backspace clears); Enter or Confirm submits. A refused grade stays on screen with the reason,
and the earlier rows it contradicts are outlined on the board. U (or Ctrl+Z) undoes the last grade,
G gives up, H or F1 opens the help on its Controls page, Escape goes to the menu.

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
from game.core.codes import Feedback
from game.core.config import GameConfig, legal_codes
from game.play.handgrade import Ending, HandGradeRun
from game.play.pump import PUMP_BUDGET_MS
from game.states.base import Replace, State, Transition
from game.tables import bind
from game.ui import palette as pal
from game.ui.board import BoardView, config_title, draw_palette, draw_top_bar
from game.ui.layout import Button, PlayLayout, stepper_rects
from game.ui.thinking import draw_progress_bar, draw_text_lines
from game.ui.widgets import draw_button

PANEL_ITEMS = (
    ("strategy", 0.8),
    ("possible", 1.0),
    ("black", 1.0),
    ("white", 1.0),
    ("confirm", 1.1),
    ("undo", 1.0),
    ("end", 1.0),
    ("message", 2.6),
)
PANEL_BUTTONS = ("confirm", "undo", "end")
STEPPER_PARTS = ("minus", "value", "plus")
# A grade slot cycles through these when clicked: empty, black, white.
EMPTY, BLACK, WHITE = 0, 1, 2


def cycle_grade_peg(feedback: Feedback, index: int, pegs: int) -> Feedback:
    """The grade after clicking grading peg `index` (pegs are shown blacks first, then whites)."""
    kinds = [BLACK] * feedback.black + [WHITE] * feedback.white
    kinds += [EMPTY] * (pegs - len(kinds))
    kinds[index] = (kinds[index] + 1) % 3
    return Feedback(kinds.count(BLACK), kinds.count(WHITE))


class HandGradeState(State):
    """Make the code, you grade: `strategy` guesses, the player grades.

    The strategy defaults to strategies.DEFAULT: optimal tables, else the strongest heuristic.
    """

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
        self._layout: PlayLayout | None = None
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        if self.run is None:
            rng = random.Random(app.rng.random())
            self.run = HandGradeRun(
                self.config,
                bind(strategies.get(self.strategy)),
                rng,
                budget_ms=self.budget_ms,
                clock=self.clock,
            )

    # --- geometry --------------------------------------------------------------------------------
    def layout(self) -> PlayLayout:
        size = self.app.size
        if self._layout is None or self._layout.size != size:
            c = self.config
            self._layout = PlayLayout(
                size, c.pegs, c.colours, c.turns, PANEL_ITEMS, PANEL_BUTTONS, top_buttons=("help", "menu")
            )
        return self._layout

    def stepper_parts(self, name: str) -> dict[str, pygame.Rect]:
        """[-] value [+] inside panel item `name` ("black" or "white"), under a label on the left."""
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

    def grade_peg_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the active row's grading peg under `pos` (with a little slack), if any."""
        run = self.run
        if run.over or run.guess is None:
            return None
        layout = self.layout()
        row = len(run.game.rows)
        for i in range(self.config.pegs):
            rect = layout.grade_peg_rect(row, i)
            if rect.inflate(rect.w // 2, rect.h // 2).collidepoint(pos):
                return i
        return None

    # --- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return None

    def _click(self, pos: tuple[int, int]) -> Transition | State | None:
        run = self.run
        hit = self.layout().hit_test(pos)
        if isinstance(hit, Button):
            return self.press(hit.name)
        peg = self.grade_peg_at(pos)
        if peg is not None:
            fb = cycle_grade_peg(run.pending, peg, self.config.pegs)
            run.set_black(fb.black)
            run.set_white(fb.white)
            self.app.sound.play("peg")
            return None
        for name in ("black", "white"):
            parts = self.stepper_parts(name)
            for part, delta in (("minus", -1), ("plus", +1)):
                if parts[part].collidepoint(pos):
                    self._adjust(name, delta)
                    return None
        return None

    def _adjust(self, name: str, delta: int) -> None:
        run = self.run
        if name == "black":
            run.set_black(run.black + delta)
        else:
            run.set_white(run.white + delta)
        self.app.sound.play("click")

    def _key(self, key: int, mod: int) -> Transition | State | None:
        run = self.run
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            return self.press("menu")
        if key in (pygame.K_h, pygame.K_F1):
            return self.press("help")
        if key in (pygame.K_b, pygame.K_w):
            self._adjust("black" if key == pygame.K_b else "white", -1 if shift else +1)
        elif key == pygame.K_BACKSPACE:
            run.set_black(0)
            run.set_white(0)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("end" if run.over else "confirm")
        elif key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            return self.press("undo")
        elif key == pygame.K_g and not run.over:
            return self.press("end")
        return None

    def press(self, name: str) -> Transition | State | None:
        run = self.run
        self.app.sound.play("click")
        if name in ("menu", "help"):
            from game.states.help import top_bar_action

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
        if run.ending is not None and ending is None:
            self.app.sound.play("win" if run.ending is Ending.SOLVED else "lose")
        return None

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, run = self.app, self.run
        layout = self.layout()
        colours = pal.palette(app.settings.palette)
        symbols = app.settings.symbols
        surface.fill(pal.BACKGROUND)
        draw_top_bar(surface, layout, app.text, f"You grade · {config_title(self.config)}")
        menu = layout.button_rect("menu")
        draw_button(surface, app.text, menu, "Menu", hot=menu.collidepoint(self.mouse))
        help_rect = layout.button_rect("help")
        draw_button(surface, app.text, help_rect, "Help", hot=help_rect.collidepoint(self.mouse))
        draw_palette(surface, layout, app.pegs, app.text, colours, symbols, enabled=False)
        active = len(run.game.rows) if not run.over else None
        game, found = run.game, run.found_code
        if found is not None:  # the all-black row is the player's code: the secret row shows it
            game = replace(game, secret=found)
        shown = found is not None
        self.view.draw(
            surface, layout, game, app.pegs, app.text, colours, symbols, show_secret=shown, active_row=active
        )
        for row in run.conflict_rows:
            pygame.draw.rect(
                surface, pal.TEXT_WARN, layout.row_rect(row).inflate(8, 6), width=3, border_radius=6
            )
        if active is not None and run.guess is not None:
            self._draw_guess(surface, layout, colours, symbols)
        self._draw_panel(surface, layout)

    def _draw_guess(self, surface, layout: PlayLayout, colours, symbols: bool) -> None:
        run, art = self.run, self.app.pegs
        row = len(run.game.rows)
        d = layout.peg_diameter()
        for col, colour in enumerate(run.guess):
            peg = art.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, peg.get_rect(center=layout.slot_rect(row, col).center))
        kd = layout.grade_peg_rect(row, 0).w
        fb = run.pending
        hot = self.grade_peg_at(self.mouse)
        for i in range(self.config.pegs):
            rect = layout.grade_peg_rect(row, i)
            if i < fb.black + fb.white:
                image = art.key(i < fb.black, kd)
            else:
                image = art.hole(max(2, round(kd * 0.7)), pal.GRADE_HOLE)
            surface.blit(image, image.get_rect(center=rect.center))
            if i == hot:
                pygame.draw.circle(surface, pal.SELECTION, rect.center, kd * 0.75, 2)
        if run.refusal and run.conflict_rows:
            pygame.draw.rect(
                surface, pal.TEXT_WARN, layout.row_rect(row).inflate(8, 6), width=3, border_radius=6
            )

    def _draw_panel(self, surface, layout: PlayLayout) -> None:
        text, run = self.app.text, self.run
        draw_text_lines(
            text, surface, layout.item_rect("strategy"), [f"Strategy: {run.info.label}"], pal.TEXT
        )
        possible = layout.item_rect("possible")
        if run.busy and not run.over and run.progress_fraction > 0:
            draw_progress_bar(surface, possible.inflate(0, -possible.h // 2), run.progress_fraction)
        elif run.possible is not None:
            count = run.possible
            lines = [f"{count:,} {'code fits' if count == 1 else 'codes fit'}", "your grades"]
            draw_text_lines(text, surface, possible, lines, pal.ACTIVE_EDGE)
        else:
            draw_text_lines(
                text, surface, possible, [f"{legal_codes(self.config):,} codes in all"], pal.TEXT_DIM
            )
        grading = not run.busy and not run.over
        for name, count in (("black", run.black), ("white", run.white)):
            parts = self.stepper_parts(name)
            draw_text_lines(text, surface, parts["label"], [name.title()], pal.TEXT)
            can_down = grading and count > 0
            can_up = grading and run.black + run.white < self.config.pegs
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
        warn = bool(run.refusal) or (run.over and run.ending is not Ending.SOLVED)
        colour = pal.TEXT_WARN if warn else (pal.SELECTION if run.over else pal.TEXT_DIM)
        box = layout.item_rect("message")
        size, lines = text.fit_wrapped(message[:1].upper() + message[1:], box.w, box.h, 24)
        line_h = text.font(size).get_linesize()
        for i, line in enumerate(lines):
            text.draw(surface, line, size, colour, (box.centerx, box.y + i * line_h), align="midtop")
