"""Custom game setup: the shape (a row of pegs or a grid of config.SHAPE_CHOICES), pegs 2..10 for a
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

The choices and their rules are CustomChoices' (game/play/custom.py, pygame-free); the screen keeps
the keyboard focus and the pointer, turns input into those calls, and draws with game/ui/setup_view.py.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.core.config import GameConfig
from game.modes.classic.hooks import slot_of
from game.play.custom import DIFFICULTIES, SHAPES, CustomChoices
from game.screens.base import State, Transition, board_art, go, to_menu
from game.ui import setup_view
from game.ui.layout_screens import SetupLayout

SEGMENT_OPTIONS = MappingProxyType({"shape": SHAPES, "difficulty": DIFFICULTIES})  # rows chosen by segment


class SetupState(CustomChoices, State):
    """Choose a custom game (the choices and their rules are CustomChoices', game/play/custom.py)."""

    MENU_LABEL = "Custom game"  # the menu entry that comes back focused

    def __init__(self, config: GameConfig | None = None) -> None:
        self._chosen = config is not None
        self.take_choices(config or GameConfig())
        self.focus = 0
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        remembered = app.settings.custom_config
        if not self._chosen and remembered is not None:
            self.take_choices(remembered)
        self._chosen = True
        # the keys start on what is changed most: a row's pegs, or a grid's shape (its cells are fixed)
        self.focus = SetupLayout.ROWS.index("shape" if self.shape.fixed_pegs else "pegs")

    def change(self, name: str, step: int) -> None:
        changed = self.change_choice(name, step)  # False for the cells a grid's shape fixes
        self.app.sound.play("click" if changed else "error")

    def start(self) -> Transition | State | None:
        config = self.config()
        if config is None:
            self.app.sound.play("error")
            return None
        self.app.session.change_settings(last_custom=config.to_text())
        return self.app.start_game(slot_of(config), go("new_game", mode="classic", config=config))

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
            if name in SEGMENT_OPTIONS:
                for index, rect in enumerate(layout.segments(name, len(SEGMENT_OPTIONS[name]))):
                    if rect.collidepoint(pos):
                        self.focus = i
                        self.choose(name, index)
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
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout = SetupLayout(surface.get_size())
        setup_view.draw(surface, layout, self, self.focus, self.mouse, board_art(self.app))
