"""Attract mode: left idle in the menu, the computer plays demo games, as arcade cabinets do.

MenuState.update() calls attract_when_idle(); after ATTRACT_IDLE_S seconds without input it pushes
an AttractState. That state plays one demo after another (DEMOS: a preset and a strategy each),
with a secret from its own seeded generator, through ComputerRun (game/ui/computer.py): the
strategy is pumped within ATTRACT_BUDGET_MS per frame and sees only the grades. Any key, click or
real mouse movement pops back to the menu. The demo is silent and never touches the statistics.

Invariants: the app's own random generator is never drawn from (a demo cannot change the secret of
the next real game); one pump call per frame; reduced motion keeps the "press any key" banner still.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core import strategies
from game.core.config import preset
from game.play.computer import ComputerRun, Speed
from game.play.record import GameRecord
from game.play.timeline import Motion
from game.states.base import Pop, Push, State, Transition
from game.tables import bind
from game.ui import palette as pal
from game.ui.board import BoardView, config_title, draw_top_bar
from game.ui.computer_view import draw_computer_board
from game.ui.layout import PlayLayout
from game.ui.thinking import draw_text_lines

ATTRACT_IDLE_S = 20.0  # menu idle time before the demo starts
ATTRACT_BUDGET_MS = 3.0  # thinking per frame: well inside a 16.7 ms frame
RESULT_HOLD_S = 3.0  # a finished demo stays on screen this long before the next one
MOTION_EXIT_PX = 6  # mouse movement smaller than this (jitter) does not end the demo
BANNER_PULSE_S = 1.6  # one slow brightness cycle of the banner (never a flash)
ATTRACT_SEED = 4242
DEMOS: tuple[tuple[str, str], ...] = (
    ("Classic", "knuth"),
    ("Easy", "most-parts"),
    ("Super", "random"),
    ("Classic", "entropy"),
)
PANEL_ITEMS = (("demo", 1.0), ("strategy", 1.2), ("turn", 1.0), ("possible", 1.6), ("press", 2.2))


def attract_when_idle(menu: Any, dt: float) -> Transition | None:
    """Count the menu's idle time (its handle() resets menu.idle_s); push the demo when it is long enough."""
    menu.idle_s = getattr(menu, "idle_s", 0.0) + dt
    if menu.idle_s >= ATTRACT_IDLE_S:
        menu.idle_s = 0.0
        return Push(AttractState())
    return None


class SilentSound:
    def play(self, name: str) -> None:
        """The demo makes no noise."""


class AttractState(State):
    """Demo games played by the computer until the player touches something."""

    def __init__(
        self,
        demo: int = 0,
        budget_ms: float = ATTRACT_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
        seed: int = ATTRACT_SEED,
    ) -> None:
        self.demo = demo
        self.budget_ms = budget_ms
        self.clock = clock
        self.rng = random.Random(seed)
        self.run: ComputerRun | None = None
        self.hold_s = 0.0
        self.time_s = 0.0
        self.games_played = 0
        self.view = BoardView()
        self._layout: PlayLayout | None = None

    def enter(self, app) -> None:
        super().enter(app)
        if self.run is None:
            self._start()

    def _start(self) -> None:
        from game.states.playing import random_secret

        name, strategy = DEMOS[self.demo % len(DEMOS)]
        config = preset(name).config()
        secret = random_secret(config, self.rng)
        self.run = ComputerRun(
            GameRecord.new(config, secret),
            bind(strategies.get(strategy)),
            random.Random(self.rng.random()),
            speed=Speed.NORMAL,
            motion=Motion(reduced=bool(self.app.settings.get("reduced_motion", False))),
            budget_ms=self.budget_ms,
            clock=self.clock,
        )
        self.hold_s = 0.0
        self._layout = None

    def layout(self) -> PlayLayout:
        size = self.app.surface.get_size()
        config = self.run.game.config
        if self._layout is None or self._layout.size != size:
            self._layout = PlayLayout(size, config.pegs, config.colours, config.turns, PANEL_ITEMS, (), ())
        return self._layout

    # --- input and time ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            return Pop()
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            if abs(rel[0]) + abs(rel[1]) >= MOTION_EXIT_PX:
                return Pop()
        return None

    def update(self, dt: float) -> Transition | State | None:
        self.time_s += dt
        run = self.run
        if run.finished:
            self.hold_s += dt
            if self.hold_s >= RESULT_HOLD_S:
                self.demo += 1
                self.games_played += 1
                self._start()
            return None
        run.update(dt)
        return None

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, run = self.app, self.run
        layout = self.layout()
        colours = pal.palette(app.settings.get("palette", "safe"))
        symbols = bool(app.settings.get("symbols", True))
        surface.fill(pal.BACKGROUND)
        draw_top_bar(surface, layout, app.text, f"Demo · {config_title(run.game.config)}")
        draw_computer_board(
            surface,
            layout,
            self.view,
            run,
            app.pegs,
            app.text,
            colours,
            symbols,
            show_secret=run.finished,
        )
        self._draw_panel(surface, layout)

    def _draw_panel(self, surface, layout: PlayLayout) -> None:
        text, run = self.app.text, self.run
        config = run.game.config
        draw_text_lines(text, surface, layout.item_rect("demo"), ["DEMO"], pal.SELECTION)
        draw_text_lines(text, surface, layout.item_rect("strategy"), [run.info.label, "is playing"], pal.TEXT)
        turn = min(len(run.game.rows) + (0 if run.game.over else 1), config.turns)
        draw_text_lines(
            text, surface, layout.item_rect("turn"), [f"Turn {turn} of {config.turns}"], pal.TEXT_DIM
        )
        possible = run.shown_possible
        if run.finished:
            lines = [run.summary().split(": ", 1)[-1]]
        elif possible is None:
            lines = [f"{config.code_count:,} codes", "in all"]
        else:
            lines = [f"{possible:,} {'code' if possible == 1 else 'codes'}", "still possible"]
        draw_text_lines(text, surface, layout.item_rect("possible"), lines, pal.ACTIVE_EDGE)
        press = layout.item_rect("press")
        colour = pal.TEXT
        if not self.app.settings.get("reduced_motion", False):
            glow = 0.5 + 0.5 * math.sin(2 * math.pi * self.time_s / BANNER_PULSE_S)
            colour = tuple(
                round(a + (b - a) * glow) for a, b in zip(pal.TEXT_DIM, pal.SELECTION, strict=True)
            )
        pygame.draw.rect(surface, pal.BOARD, press, border_radius=max(4, press.h // 6))
        pygame.draw.rect(surface, pal.SELECTION, press, width=2, border_radius=max(4, press.h // 6))
        draw_text_lines(
            text, surface, press.inflate(-press.w // 10, -press.h // 5), ["Press any key", "to play"], colour
        )
