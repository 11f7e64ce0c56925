"""PlayHooks, the protocol: what the break-the-code screen asks of a way of playing, in three groups.

The playing screen (game/screens/playing.py) is the one screen where a person breaks a code; a mode
hands it hooks (`go("play", config=..., hooks=...)`) instead of subclassing it. The screen reads the
hooks only through PlayHooks, which is three small protocols:
- GameRules (rules and keeping): how the game starts (start, aids, make_run, entered), whether
  input counts now, what happens each frame and at the end (update, finished, resign), the route
  to the next game of the same kind (again), and what the session keeps and records of it
  (holding -> Holding, the one value the lifetime owner reads: game/screens/holding.py);
- SidePanel: the buttons (panel_items; allows, and refuse: why not now), an event the mode takes
  first (intercept), Menu (leave), Reveal's question, the help page, whose pad drives the board;
- Presentation: the geometry (make_layout), the top bar's title, a heads-up display over the board.
The hooks see the screen through PlayScreen: its context, config, run, layout and holding.

Each method gets the screen, so one hooks object serves one game: a mode makes fresh hooks for every
game (Mode.new_game, a route's `hooks=`), never shares them. game/screens/play_hooks.py holds the
parts modes compose their hooks from (StandardHooks' ordinary answers, keep_in_slot); each mode's
hooks live in its folder (the plain game's, ClassicHooks, in game/modes/classic/hooks.py).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core.config import GameConfig
from game.core.state import GameState
from game.play.aids import Aids
from game.play.breaker import BreakerRun
from game.play.record import GameRecord
from game.play.timeline import Motion
from game.screens.base import Context, Transition
from game.screens.holding import Holding
from game.screens.route import Route
from game.ui.board import Art
from game.ui.layout import PlayLayout

Next = Transition | Route | None  # what a hook answers where the screen may go elsewhere


class PlayScreen(Protocol):
    """What the hooks see of the playing screen (game/screens/playing.py's PlayingState): its context,
    its config and its run, made as the screen enters (None only before: in start and aids), whether
    leaving keeps the game, the pointer, and the screen's layout and holding."""

    app: Context
    config: GameConfig
    run: BreakerRun | None
    keep_on_exit: bool
    mouse: tuple[int, int]

    @property
    def record(self) -> GameRecord: ...

    @property
    def game(self) -> GameState: ...

    def layout(self) -> PlayLayout: ...

    def holding(self) -> Holding: ...


class GameRules(Protocol):
    """Rules and keeping: how a game of the mode starts, goes on and ends, and what is kept of it."""

    def start(self, app: Context) -> GameRecord | None:
        """The record to play; None lets the screen draw a random secret for its config."""
        ...

    def aids(self, app: Context) -> Aids:
        """What this game is played with (hints, the coach, hard mode), fixed as it starts."""
        ...

    def make_run(self, record: GameRecord, motion: Motion, hard: bool) -> BreakerRun:
        """The run that plays `record` (a BreakerRun; an online duel's grades come from its server)."""
        ...

    def entered(self, state: PlayScreen) -> None:
        """The screen entered with its run: more set-up (a duel's opponent, the coach)."""
        ...

    def accepts_input(self, state: PlayScreen) -> bool:
        """Whether the board takes input now (a decided duel waits for its end screen)."""
        ...

    def update(self, state: PlayScreen, dt: float) -> Next:
        """Every frame before the run's own update (a clock, an opponent)."""
        ...

    def finished(self, state: PlayScreen) -> Next:
        """The game ended and its finish ran (or Reveal was confirmed): where to go."""
        ...

    def resign(self, state: PlayScreen) -> None:
        """The player confirmed Reveal: a mode that counts a resignation notes it."""
        ...

    def again(self, state: PlayScreen) -> Route:
        """The route to a new game of the same kind (New game, Play again): through "new_game", its
        mode's Mode.new_game makes fresh hooks for it."""
        ...

    def holding(self, state: PlayScreen) -> Holding:
        """The game to keep and the game decided, for the session's lifetime owner."""
        ...


class SidePanel(Protocol):
    """The side panel and the ways out: which buttons, what they may do now, Menu and Reveal."""

    panel_items: tuple[tuple[str, float], ...]
    help_screen: str

    def allows(self, name: str, state: PlayScreen) -> bool:
        """Whether the button or shortcut `name` does anything in this mode now."""
        ...

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        """Why `name` cannot be done at this moment (None: it can)."""
        ...

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        """Whether the mode takes `event` itself, before the board sees it."""
        ...

    def leave(self, state: PlayScreen) -> Next:
        """What Menu (or Escape) does."""
        ...

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        """(question, yes label) of Reveal's confirmation."""
        ...

    def help_route(self, state: PlayScreen) -> Route:
        """The help overlay this game opens."""
        ...

    def pad_owner(self, state: PlayScreen) -> int | None:
        """The player whose gamepad drives the board (None: any pad)."""
        ...


class Presentation(Protocol):
    """How the game looks: its geometry, its title, what is drawn over the board."""

    shows_hud: bool  # the arcade heads-up display: streak, best, what a win is worth now

    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout: ...

    def title(self, state: PlayScreen) -> str: ...

    def turn_text(self, state: PlayScreen) -> str:
        """The side panel's heading: where the player is ("Turn 3 of 10"; a puzzle's "Try 2 of 4")."""
        ...

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        """A heads-up display over the board (drawn after the board)."""
        ...


class PlayHooks(GameRules, SidePanel, Presentation, Protocol):
    """Everything the playing screen asks of a way of playing (the three groups above)."""


__all__ = ["GameRules", "Next", "PlayHooks", "PlayScreen", "Presentation", "SidePanel"]
