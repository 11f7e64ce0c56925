"""MakerHooks: what a way of playing changes about the codemaker screen, composed into CodemakerState.

The codemaker screen (game/screens/codemaker.py) sets a secret and the computer's strategy. The
computer modes use it as it is (these base hooks: Start hands the code to the solving or the hand-
grading screen); the two-player match composes its own hooks for the codemaker's secret entry
(the match's size fixed, its round and score where the choices would be, Start handing over to the
breaker). Hooks answer with routes, so no screen imports another.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.screens.base import Context, Transition, to_menu
from game.screens.holding import Holding
from game.ui.maker_layout import ROWS, MakerLayout


class MakerScreen(Protocol):
    """What the hooks see of the codemaker screen (game/screens/codemaker.py's CodemakerState): its
    context and the secret as set so far (one colour or None per peg)."""

    app: Context
    secret: list[int | None]


class MakerHooks:
    """The codemaker screen of the computer modes (see the module docstring)."""

    choices: tuple[str, ...] = ROWS  # the choice rows shown, top to bottom
    fixed = False  # the match's size is set in its setup: the steppers change nothing

    def title(self, state: MakerScreen) -> str | None:
        """The top bar's text (None: the screen's own, from its mode)."""
        return None

    def start(self, state: MakerScreen) -> Transition | Any:
        """Start with the secret and choices made (None: the screen's own start)."""
        return None

    def back(self, state: MakerScreen) -> Transition | Any:
        return to_menu()

    def resume(self, state: MakerScreen, result: Any) -> Transition | Any:
        return None

    def draw_choices(
        self, state: MakerScreen, surface: pygame.Surface, layout: MakerLayout, hit: Any
    ) -> bool:
        """Draw something else where the choices are; False draws the choices."""
        return False

    def holding(self, state: MakerScreen) -> Holding:
        return Holding()

    def pad_owner(self, state: MakerScreen) -> int | None:
        """The player whose gamepad sets the code (None: any pad)."""
        return None
