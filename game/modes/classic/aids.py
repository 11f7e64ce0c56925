"""The aids of the plain game (hints, the coach, hard mode; game/play/aids.py) as a part its hooks compose.

AidKit holds what a game's mode allows, what this game is played with (fixed the first time it is
asked, as the game starts: a kept game's own, else the settings' as far as the mode allows), the
coach, and the cache of the coach's column. A coached or hard game shows the coach's column beside
the board (game/ui/coach_view.py); the coach is pumped within COACH_BUDGET_MS each frame, and only
while the game goes on. Only the plain game (ClassicHooks: a preset, Custom, a grid) allows the coach
and hard mode, so only it composes this part.
"""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.play.aids import Aids, AidsAllowed
from game.play.breaker import BreakerRun
from game.play.coach import Coach
from game.tables import table_for
from game.ui import coach_view
from game.ui.board import Art
from game.ui.breaker_view import PANEL_BUTTONS, play_layout
from game.ui.layout import PlayLayout

COACH_BUDGET_MS = 5.0  # the coach's share of a frame (its jobs overshoot by one ~4 ms step at most)
COACH_SEED = 0  # the coach's sampling is its own, never the app's generator (secrets stay as seeded)


class AidKit:
    """The aids part of a game's hooks (see the module docstring)."""

    def __init__(self, allowed: AidsAllowed, aids: Aids | None = None) -> None:
        self.allowed = allowed
        self._aids = None if aids is None else allowed.keeps(aids)
        self.coach: Coach | None = None
        self.aside: coach_view.AsideCache | None = None

    def aids(self, hard: bool, coached: bool) -> Aids:
        """This game's aids: the ones it was given (a kept game's), else what the player asks for
        (`hard`, `coached`: the settings) as far as the mode allows, fixed from then on."""
        if self._aids is None:
            self._aids = self.allowed.choose(hard, coached)
        return self._aids

    def start(self, config: GameConfig) -> None:
        """The game started: a coached game's coach begins weighing it."""
        if self._aids is not None and self._aids.coached and self.coach is None:
            self.coach = Coach(table_for(config), seed=COACH_SEED)

    def update(self, run: BreakerRun) -> None:
        """A frame: the coach follows the game and works within its budget, until the game is decided."""
        coach = self.coach
        if coach is None:
            return
        if run.game.over:
            coach.close()  # the game is decided: nothing left to weigh
        else:
            coach.follow(run.record)
            coach.update(COACH_BUDGET_MS)

    def layout(
        self, size: tuple[int, int], config: GameConfig, panel_items: tuple[tuple[str, float], ...]
    ) -> PlayLayout:
        """The board's layout: with the coach's column beside the board when the game has aids."""
        if self._aids is None or not self._aids.any:
            return play_layout(size, config, panel_items)
        buttons = tuple(name for name in PANEL_BUTTONS if name in dict(panel_items))
        return coach_view.aside_layout(size, config, panel_items, buttons)

    def draw(self, surface: pygame.Surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
        aids = self._aids
        if aids is None or not aids.any or not isinstance(layout, coach_view.AsideLayout):
            return
        if self.aside is None:
            self.aside = coach_view.AsideCache()
        lines = coach_view.coach_lines(run, self.coach, aids)
        coach_view.draw_aside(surface, layout, lines, art, self.aside)
