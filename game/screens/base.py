"""The State base class and the transitions between states.

A state turns input into moves and draws from what it holds. The app (game/app.py) keeps a
push-down stack of states; only the top one gets events and updates. A state never switches
states itself: `handle(event)`, `update(dt)` and `resume(result)` return a transition (or None)
and the app applies it, calling `exit()` on states that leave and `enter(app)` on states that come.

Screens never build other screens: they name where to go with a Route (a screen's name and its
arguments) and the app resolves it through its one route table (game/app.py: the shared screens
of game/screens/ and the screens each mode of game/modes/ declares). So no screen module imports
another, and a mode's screens are reached only through the registry. A screen may still build a
State of its own module (a mode's hand-over screen its next step).

Transitions (small frozen values); where they take a target it is a Route or a State:
- `Replace(target)` swap the top state for `target` (menu -> setup -> playing -> result);
                    a bare Route or State returned from handle/update means the same;
- `Push(overlay)`   put an overlay (help, confirm, settings) on top; the states below stay alive;
- `Pop(result)`     remove the top state; the state below gets `resume(result)`, which may
                    answer with a transition of its own (a confirm overlay pops True or False);
- `Reset(target)`   clear the whole stack and start from `target` (back to the menu);
- `Quit()`          stop the app.

What a screen holds for the session (the game in progress to keep, a decided game to record,
where confetti must not fall) it says through one typed value, `holding()` -> Holding
(game/screens/holding.py); the session never looks for attributes of screens.

Overlays set `is_overlay = True`: the app draws the states below first, then the overlay, so a
dialog appears over the board. Invariants: drawing only reads state; every time-dependent thing
is driven by the `dt` passed to update (seconds), never by a clock, so tests are deterministic.

Gamepads (game/ui/pads.py, game/ui/pad_actions.py) reach a screen as keys: `pad_keys` names the
key each pad action is (the D-pad the arrows, A Enter, B Escape, ...; a screen changes what it
must), and `pad_owner()` names the player whose pad the screen listens to (a two-player round's
breaker), None for anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from game.play.timeline import Motion
from game.screens.holding import Holding
from game.screens.route import Route, go
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.pad_actions import DEFAULT_PAD_KEYS, PadAction

if TYPE_CHECKING:  # the context's parts, named for the reader and the type checker only
    import datetime as dt
    import random

    from game.screens.context import SessionView, SoundPlayer
    from game.settings import Settings
    from game.store import Store
    from game.ui.pegs import PegArt
    from game.ui.text import TextRenderer


@dataclass(frozen=True)
class Replace:
    state: State | Route


@dataclass(frozen=True)
class Push:
    state: State | Route


@dataclass(frozen=True)
class Pop:
    result: Any = None


@dataclass(frozen=True)
class Reset:
    state: State | Route


@dataclass(frozen=True)
class Quit:
    pass


Transition = Replace | Push | Pop | Reset | Quit


class Context(Protocol):
    """What a screen and a mode's callbacks may use of the running program (the App is one): the
    window's surface, the art and text caches, the settings, the sound, the store (None in tests
    without one), the session's view, the calendar `now()` and the seeded `rng`; start_game asks
    before a kept game could be replaced (game/screens/kept.py), resolve builds a screen by route."""

    surface: pygame.Surface
    text: TextRenderer
    pegs: PegArt
    settings: Settings
    sound: SoundPlayer
    store: Store | None
    session: SessionView
    rng: random.Random
    now: Callable[[], dt.datetime]

    @property
    def size(self) -> tuple[int, int]: ...

    def start_game(self, slot: str | None, route: Route) -> Route | Transition: ...

    def resolve(self, target: State | Route) -> State: ...


class State:
    """One screen of the game. Subclasses override the hooks they need."""

    is_overlay: ClassVar[bool] = False
    pad_keys: ClassVar[Mapping[PadAction, int | None]] = DEFAULT_PAD_KEYS  # a pad's actions as keys
    # A screen where letters are typed (a game number): M types an M there instead of muting.
    takes_text: ClassVar[bool] = False
    app: Context

    def enter(self, app: Context) -> None:
        """Called when the state becomes part of the stack; keep `app` for its shared context."""
        self.app = app

    def exit(self) -> None:
        """Called when the state leaves the stack (not when an overlay covers it)."""

    def resume(self, result: Any) -> Transition | State | None:
        """Called on the state below when the overlay above it pops with `result`."""
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        """React to one pygame event; return a transition or None."""
        return None

    def update(self, dt: float) -> Transition | State | None:
        """Advance animations by `dt` seconds; return a transition or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole state onto `surface` (reads state, changes nothing but view caches)."""

    def holding(self) -> Holding:
        """What this screen holds for the session (game/screens/holding.py); nothing by default."""
        return Holding()

    def pad_owner(self) -> int | None:
        """The player (0 = player 1) whose gamepad drives this screen when that player has one; None:
        every pad does."""
        return None

    def sized_layout(self, make: Callable[[tuple[int, int]], Any]) -> Any:
        """The layout of the window's current size: make(size) once per size, then kept (a screen's
        layout depends only on the size and on what the screen fixed before it was first drawn)."""
        size = self.app.surface.get_size()
        layout = getattr(self, "_sized_layout", None)
        if layout is None or layout.size != size:
            layout = self._sized_layout = make(size)
        return layout


def board_art(app: Context) -> Art:
    """What board screens draw with, from the app's art caches and the player's look settings."""
    settings = app.settings
    return Art(app.pegs, app.text, pal.palette(settings.palette), settings.symbols)


def motion(app: Context) -> Motion:
    """The player's motion choices, as the runs' timelines read them."""
    return app.settings.motion


def to_menu(focus: str | None = None) -> Transition:
    """Back to a fresh main menu, the stack cleared (its entry `focus` focused, else the last played)."""
    return Reset(go("menu", focus=focus))


def top_bar_action(name: str, screen: str) -> Transition | None:
    """The Menu and Help buttons every computer screen has: Menu leaves for the menu, Help opens the
    help overlay on `screen`'s controls. None for any other button name."""
    if name == "menu":
        return to_menu()
    if name == "help":
        return Push(go("help", screen=screen))
    return None
