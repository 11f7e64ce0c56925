"""Custom game setup: the shape (a row of pegs or a grid of config.GRID_SHAPES), pegs 2..10 for a
row, colours 2..10, duplicates on or off, difficulty, Start.

With a grid the pegs row shows the grid's cells and cannot be changed (the shape sets them); the
row's own peg count is kept for when Row is chosen again. The turn limit and the number of codes
(without repeats when repeats are off) are shown live as the choices change, by the grid's rules
for a grid. A combination the game does not offer (no duplicates with fewer colours than pegs, a
grid with more codes than config.MAX_GRID_CODES) disables Start and says why (GameConfig's own
message). Setup opens on the last Custom game's choices, shape included (settings.last_custom,
written when a game starts). Back (or Menu, or Escape) returns to the menu with Custom focused.
Keyboard: Up/Down move between rows (skipping a grid's fixed cells), Left/Right change the value,
Enter starts, Escape goes back; the focus starts on the pegs (on the shape for a grid).
"""

from __future__ import annotations

import pygame

from game.core.config import (
    GRID_SHAPES,
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    ConfigError,
    Difficulty,
    GameConfig,
    legal_codes,
)
from game.states.base import State, Transition, to_menu
from game.ui import palette as pal
from game.ui.board import draw_top_bar
from game.ui.layout_screens import SetupLayout
from game.ui.widgets import draw_button, draw_stepper, draw_toggle

DIFFICULTIES = (Difficulty.RELAXED, Difficulty.CLASSIC, Difficulty.TIGHT)
SHAPES: tuple[tuple[int, int] | None, ...] = (None, *GRID_SHAPES)  # None: the classic row of pegs
ROW_LABELS = {
    "shape": "Shape",
    "pegs": "Pegs",
    "colours": "Colours",
    "duplicates": "Repeated colours",
    "difficulty": "Turns rule",
}


class SetupState(State):
    """Choose a custom game."""

    MENU_LABEL = "Custom game"  # the menu entry that comes back focused

    def __init__(self, config: GameConfig | None = None) -> None:
        self._chosen = config is not None
        self._take(config or GameConfig())
        self.focus = 0
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        remembered = app.settings.custom_config
        if not self._chosen and remembered is not None:
            self._take(remembered)
        self._chosen = True
        # the keys start on what is changed most: a row's pegs, or a grid's shape (its cells are fixed)
        self.focus = SetupLayout.ROWS.index("pegs" if self.shape is None else "shape")

    def _take(self, config: GameConfig) -> None:
        self.shape = config.grid if config.grid in GRID_SHAPES else None
        self.pegs = config.pegs if self.shape is None else GameConfig().pegs  # a row's own, kept aside
        self.colours = config.colours
        self.duplicates = config.duplicates
        self.difficulty = config.difficulty

    @property
    def cells(self) -> int:
        """Pegs in a code: the row's pegs, or the grid's rows x columns."""
        return self.pegs if self.shape is None else self.shape[0] * self.shape[1]

    def _build(self) -> GameConfig:
        if self.shape is None:
            return GameConfig(self.pegs, self.colours, self.duplicates, self.difficulty)
        return GameConfig(
            colours=self.colours, grid=self.shape, duplicates=self.duplicates, difficulty=self.difficulty
        )

    def config(self) -> GameConfig | None:
        try:
            return self._build()
        except ConfigError:
            return None

    def problem(self) -> str | None:
        try:
            self._build()
        except ConfigError as exc:
            return str(exc)
        return None

    def row_enabled(self, name: str) -> bool:
        """A grid's cells come from its shape: the pegs row is shown but cannot be changed."""
        return not (name == "pegs" and self.shape is not None)

    def change(self, name: str, step: int) -> None:
        if not self.row_enabled(name):
            self.app.sound.play("error")
            return
        if name == "shape":
            index = SHAPES.index(self.shape)
            self.shape = SHAPES[max(0, min(len(SHAPES) - 1, index + step))]
        elif name == "pegs":
            self.pegs = max(MIN_PEGS, min(MAX_PEGS, self.pegs + step))
        elif name == "colours":
            self.colours = max(MIN_COLOURS, min(MAX_COLOURS, self.colours + step))
        elif name == "duplicates":
            self.duplicates = not self.duplicates
        elif name == "difficulty":
            index = DIFFICULTIES.index(self.difficulty)
            self.difficulty = DIFFICULTIES[max(0, min(len(DIFFICULTIES) - 1, index + step))]
        self.app.sound.play("click")

    def start(self) -> Transition | State | None:
        config = self.config()
        if config is None:
            self.app.sound.play("error")
            return None
        from game.states.playing import PlayingState

        self.app.session.change_settings(last_custom=config.to_text())
        return PlayingState(config)

    def back(self) -> Transition:
        return to_menu(focus=self.MENU_LABEL)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            rows = SetupLayout.ROWS
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
                step = -1 if event.key == pygame.K_UP else 1
                self.focus = (self.focus + step) % len(rows)
                if not self.row_enabled(rows[self.focus]):  # a grid's fixed cells take no focus
                    self.focus = (self.focus + step) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.change(rows[self.focus], -1)
            elif event.key in (
                pygame.K_RIGHT,
                pygame.K_PLUS,
                pygame.K_EQUALS,
                pygame.K_KP_PLUS,
                pygame.K_SPACE,
            ):
                self.change(rows[self.focus], +1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start()
            elif event.key == pygame.K_ESCAPE:
                return self.back()
        return None

    def _click(self, pos) -> Transition | State | None:
        layout = SetupLayout(self.app.surface.get_size())
        if layout.menu_rect.collidepoint(pos):
            return self.back()
        if layout.buttons["start"].collidepoint(pos):
            return self.start()
        if layout.buttons["back"].collidepoint(pos):
            return self.back()
        for i, name in enumerate(SetupLayout.ROWS):
            if not self.row_enabled(name):
                continue
            if name == "shape":
                for index, rect in enumerate(layout.segments(name, len(SHAPES))):
                    if rect.collidepoint(pos):
                        self.focus = i
                        self.shape = SHAPES[index]
                        self.app.sound.play("click")
            elif name in ("pegs", "colours"):
                minus, _, plus = layout.stepper_parts(name)
                if minus.collidepoint(pos):
                    self.focus = i
                    self.change(name, -1)
                elif plus.collidepoint(pos):
                    self.focus = i
                    self.change(name, +1)
            elif name == "duplicates":
                if layout.controls[name].collidepoint(pos):
                    self.focus = i
                    self.change(name, +1)
            elif name == "difficulty":
                for index, rect in enumerate(layout.segments(name, len(DIFFICULTIES))):
                    if rect.collidepoint(pos):
                        self.focus = i
                        self.difficulty = DIFFICULTIES[index]
                        self.app.sound.play("click")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout = SetupLayout(surface.get_size())
        text = self.app.text
        surface.fill(pal.BACKGROUND)
        draw_top_bar(surface, layout, text, "Custom game", self.mouse)
        for i, name in enumerate(SetupLayout.ROWS):
            label = layout.labels[name]
            colour = pal.SELECTION if i == self.focus else pal.TEXT
            words = "Cells" if name == "pegs" and self.shape is not None else ROW_LABELS[name]
            if not self.row_enabled(name):
                colour = pal.TEXT_DIM
            text.draw_in(surface, words, label.inflate(0, -label.h // 3), colour, 36, align="midleft")
            if name == "shape":
                self._draw_shapes(surface, layout)
            elif name in ("pegs", "colours"):
                parts = layout.stepper_parts(name)
                value = self.cells if name == "pegs" else self.colours
                low, high = (MIN_PEGS, MAX_PEGS) if name == "pegs" else (MIN_COLOURS, MAX_COLOURS)
                enabled = self.row_enabled(name)
                hot = (
                    "minus"
                    if parts[0].collidepoint(self.mouse)
                    else "plus"
                    if parts[2].collidepoint(self.mouse)
                    else None
                )
                draw_stepper(
                    surface, text, parts, str(value), enabled and value > low, enabled and value < high, hot
                )
                self._draw_sample(surface, layout, name, parts[2])
            elif name == "duplicates":
                control = layout.controls[name]
                toggle = pygame.Rect(control.x, control.y, round(control.h * 2.2), control.h)
                draw_toggle(surface, text, toggle, self.duplicates, hot=toggle.collidepoint(self.mouse))
                note = (
                    "a colour may appear more than once" if self.duplicates else "every colour at most once"
                )
                note_box = pygame.Rect(
                    toggle.right + 12, control.y, control.right - toggle.right - 12, control.h
                )
                size, lines = text.fit_wrapped(note, note_box.w, note_box.h, max(12, control.h // 2))
                line_h = text.font(size).get_linesize()
                top = note_box.centery - line_h * len(lines) / 2
                for k, line in enumerate(lines):
                    text.draw(
                        surface, line, size, pal.TEXT_DIM, (note_box.x, top + k * line_h), align="topleft"
                    )
            else:
                segments = layout.segments(name, len(DIFFICULTIES))
                label_px = min(
                    text.fit_size(d.value.title(), r.w * 0.8, r.h * 0.5)
                    for d, r in zip(DIFFICULTIES, segments, strict=True)
                )
                for difficulty, rect in zip(DIFFICULTIES, segments, strict=True):
                    chosen = difficulty is self.difficulty
                    draw_button(surface, text, rect, "", primary=chosen, hot=rect.collidepoint(self.mouse))
                    text.draw(surface, difficulty.value.title(), label_px, pal.TEXT, rect.center)
        config = self.config()
        problem = self.problem()
        if config is not None:
            line = f"{config.turns} turns · {legal_codes(config):,} possible codes"
            if config.grid is not None:
                line = f"Grid {config.grid[0]}×{config.grid[1]} · {line} · grey pegs"
            text.draw_in(surface, line, layout.turns_rect.inflate(0, -layout.turns_rect.h // 4), pal.TEXT, 44)
        if problem:  # GameConfig's sentences can be long: wrapped, never cut
            box = layout.message_rect.union(layout.turns_rect)
            size, lines = text.fit_wrapped(problem, box.w, box.h, 26)
            line_h = text.font(size).get_linesize()
            top = box.centery - line_h * len(lines) / 2
            for k, line in enumerate(lines):
                text.draw(surface, line, size, pal.TEXT_WARN, (box.centerx, top + k * line_h), align="midtop")
        for name, rect in layout.buttons.items():
            draw_button(
                surface,
                text,
                rect,
                "Start" if name == "start" else "Back",
                primary=name == "start",
                enabled=name != "start" or config is not None,
                hot=rect.collidepoint(self.mouse),
            )

    def _draw_shapes(self, surface, layout: SetupLayout) -> None:
        """One segment per shape: Row, then each grid as R×C."""
        text = self.app.text
        segments = layout.segments("shape", len(SHAPES))
        labels = ["Row" if shape is None else f"{shape[0]}×{shape[1]}" for shape in SHAPES]
        label_px = min(text.fit_size(w, r.w * 0.8, r.h * 0.5) for w, r in zip(labels, segments, strict=True))
        for shape, words, rect in zip(SHAPES, labels, segments, strict=True):
            hot = rect.collidepoint(self.mouse)
            draw_button(surface, text, rect, "", primary=shape == self.shape, hot=hot)
            text.draw(surface, words, label_px, pal.TEXT, rect.center)

    def _draw_sample(self, surface, layout: SetupLayout, name: str, after: pygame.Rect) -> None:
        """A row of sample pegs beside the pegs/colours stepper (the grid's holes, rows x columns, for a
        grid), so the choice is visible."""
        control = layout.controls[name]
        area = pygame.Rect(after.right + 12, control.y, control.right - after.right - 12, control.h)
        if name == "pegs" and self.shape is not None:
            rows, cols = self.shape
            d = max(4, min(round(area.h / rows * 0.9), round(area.w / cols * 0.9)))
            hole = self.app.pegs.hole(d)
            for cell in range(rows * cols):
                r, c = divmod(cell, cols)
                surface.blit(hole, (area.x + c * d, area.centery - rows * d // 2 + r * d))
            return
        count = self.pegs if name == "pegs" else self.colours
        d = min(round(area.h * 0.8), int(area.w / (count * 1.1)) if count else 0)
        if d < 6:
            return
        colours = pal.palette(self.app.settings.palette)
        symbols = self.app.settings.symbols
        for i in range(count):
            colour = i if name == "colours" else None
            x = area.x + round(i * d * 1.1)
            if colour is None:
                hole = self.app.pegs.hole(d)
                surface.blit(hole, (x, area.centery - d // 2))
            else:
                surface.blit(
                    self.app.pegs.peg(colours[colour], colour, d, symbols), (x, area.centery - d // 2)
                )
