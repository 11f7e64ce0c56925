"""PlayMode: what a way of playing changes about the break-the-code screen, composed into PlayingState.

The playing state (game/screens/playing.py) stays the one screen where a person breaks a code; a
mode (the Daily code in game/screens/daily.py, Blitz in game/screens/blitz.py) is handed to it as
`PlayingState(config, mode=...)` and is asked at these points, always with the state itself:
- start(app) -> GameRecord            the record to play when the state first enters;
- panel_items                         the side panel (PlayLayout items); its buttons are the only
                                      ones drawn, and allows(name, state) refuses the others' keys;
- update(state, dt) -> transition     every frame before the run's own update (a clock);
- finished(state) -> transition       the game ended and its finish ran (or Reveal was confirmed);
- leave(state) -> transition          Menu or Escape (None: the screen's own question);
- draw(surface, layout, state, art)   a heads-up display over the board (title, clock);
- exit(state)                         the state leaves the stack: keep the game in progress;
- keeps_own_game, resume_record(state) whether the session's saved game is left alone (the mode
                                      keeps its game itself), else what the session saves.
The base class is the plain game's behaviour for every hook a mode does not need to change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.play.record import GameRecord
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.breaker_view import PANEL_ITEMS
from game.ui.layout import PlayLayout

if TYPE_CHECKING:
    from game.screens.playing import PlayingState

NO_ASSIST_BUTTONS = ("new", "solve", "hint")  # a mode that is one game at a time, unhelped, drops them


def panel_without(names: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """The playing screen's side panel without the items `names`."""
    return tuple(item for item in PANEL_ITEMS if item[0] not in names)


class PlayMode:
    """A way of playing the break-the-code screen (see the module docstring)."""

    title = ""
    help_screen = "playing"  # the help overlay's page for this mode (game/screens/help.py)
    panel_items: tuple[tuple[str, float], ...] = PANEL_ITEMS

    def start(self, app: Any) -> GameRecord | None:
        """The record to play; None lets the state draw a random secret for its config."""
        return None

    def allows(self, name: str, state: PlayingState) -> bool:
        """Whether the button or shortcut `name` does anything in this mode now."""
        return name in ("help", "menu") or name in dict(self.panel_items)

    def update(self, state: PlayingState, dt: float) -> Any:
        return None

    def finished(self, state: PlayingState) -> Any:
        from game.screens.base import Replace
        from game.screens.result import ResultState

        return Replace(ResultState(state.record))

    def leave(self, state: PlayingState) -> Any:
        """What Menu does; None: the playing screen's own question (keep the game or abandon it)."""
        return None

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayingState, art: Art) -> None:
        if self.title:
            draw_title(surface, layout, art, self.title)

    def exit(self, state: PlayingState) -> None:
        """The state left the stack (Leave, quitting, a finished game): keep what must be kept."""

    keeps_own_game = False

    def resume_record(self, state: PlayingState) -> Any:
        """What the session saves for resume when the state leaves (see PlayingState.resume_record)."""
        return state.plain_resume_record()


def draw_title(surface: pygame.Surface, layout: PlayLayout, art: Art, title: str) -> None:
    """The mode's title over the top bar's (the bar is redrawn under it, so nothing shows through)."""
    rect = layout.title_rect
    pygame.draw.rect(surface, pal.BOARD, rect)
    art.text.draw_in(surface, title, rect.inflate(0, -round(rect.h * 0.3)), pal.TEXT, 40, align="midleft")
