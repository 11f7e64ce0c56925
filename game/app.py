"""The imperative shell: clock, event pump, the state stack and the shared context.

Around it, each in its own module: the window it draws in (its base, Window: game/window.py), the
route table it resolves transitions through (game/routes.py), and the command-line start that makes
an App and runs it (game/launch.py, `python -m game`).

The loop is pygame-ce's documented one: events -> state.handle -> state.update(dt) -> draw ->
flip -> dt = min(clock.tick(FPS) / 1000, MAX_DT_S). `App.step(events, dt)` is one frame of it, so
tests post real pygame events (pygame.event.post) and call step with an explicit dt; `App.run()`
is the same loop with dt from the clock. States return transitions (game/screens/base.py) and
only this module applies them; nothing assigns a global.

Gamepads: pad events go to `pads` (game/ui/pads.py), never to a screen as they are; each press it
makes (and each repeat of a held direction, from pads.update(dt) before the states' update) reaches
the top screen as the key the screen's `pad_keys` names, if the screen's `pad_owner()` lets that
pad drive it. Pads connected or removed are named in the session's notices.

Shared context every state may use through `self.app`:
- `rng`: random.Random seeded from --seed (secrets, monkey tests: same seed, same game);
- `now()`: the calendar as an aware UTC datetime (the daily code, high-score dates); injectable;
- `text`: the cached text renderer; `pegs`: cached peg art;
- `settings`: the player's Settings (game/settings.py), a frozen value replaced on change; the
  store, when plugged in, loads and saves it;
- `sound`: an object with `play(name)`; NullSound until the sound engine is plugged in. Names
  used: "pick", "drop", "place", "clear", "submit", "peg_black", "peg_white" (one per grading peg), "peg",
  "win", "lose", "reveal", "click", "error";
- `store`: settings/statistics on disk, or None.
"""

from __future__ import annotations

import datetime as dt
import os
import random
from collections.abc import Callable, Iterable
from typing import Any

from game import assets  # no pygame inside: read before pygame starts

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported: keep stdout clean
# The window's class (X11) and app id (Wayland) name the desktop entry, so a dock shows its icon.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", assets.APP_ID)
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", assets.APP_ID)

import pygame  # noqa: E402

from game.core.config import GameConfig
from game.modes.registry import high_score_tables, histograms, record_books
from game.routes import route_table
from game.screens.base import Pop, Push, Quit, Replace, Reset, Route, State, Transition, go
from game.screens.kept import start_game
from game.session import Session
from game.settings import Settings
from game.ui import looks
from game.ui.pad_actions import PadPress, pad_event
from game.ui.pads import Pads
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer
from game.window import DEFAULT_SIZE, Window
from game.words import install as install_word_lists

FPS = 60
PAD_NOTICE_S = 3.0  # a gamepad connected or removed: long enough to read, short enough not to cover play
MAX_DT_S = 0.1  # a long stall (window drag, debugger) must not make animations jump
MAX_TRANSITIONS_PER_FRAME = 16  # guards against two states handing control back and forth forever

install_word_lists()  # the word variants read the shipped lists when a word game first needs them


def utc_now() -> dt.datetime:
    """The wall clock as an aware UTC time (tests give App a fixed `now` instead)."""
    return dt.datetime.now(dt.UTC)


class NullSound:
    """The sound hook until a real engine is plugged in: accepts every name and setting, plays nothing
    (the same surface as game/ui/sound.Sound, so the session sets both alike)."""

    enabled = True
    volume = 1.0

    def play(self, name: str) -> None:
        """Play the effect called `name` (see the module docstring for names)."""

    def set_music(self, enabled: bool | None = None, volume: float | None = None) -> bool:
        return False


class App(Window):
    """The window and the state stack. Create one, then `run()` (or `step()` in tests)."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        start: State | Route | None = None,
        store: Any = None,
        sound: Any = None,
        now: Callable[[], dt.datetime] | None = None,
        slot: str | None = None,
    ) -> None:
        """`start` is the first screen (the title screen when None); with `slot`, `start` is a new game
        kept in that slot, and a game kept there is asked about first, as the title screen's entries do."""
        pygame.display.init()
        pygame.font.init()
        self._open_window(size)  # its size, fullscreen and icon are Window's (game/window.py)
        self.clock = pygame.time.Clock()
        self.seed = seed
        self.rng = random.Random(seed)
        self.now: Callable[[], dt.datetime] = now or utc_now  # the calendar (daily code, score dates)
        self.settings: Settings = Settings().changed(**(settings or {}))
        self.text = TextRenderer()
        self.text.window = self.surface.get_size()
        self.pegs = PegArt()
        self.sound = sound if sound is not None else NullSound()
        self.store = store
        self.routes = route_table()
        if store is not None:
            store.declare(high_score_tables(), record_books(), histograms())
        if now is not None and store is not None:
            store.clock = now  # one calendar: the dates the store believes are the screens' dates
        self.pads = Pads()
        self.stack: list[State] = []
        self.running = True
        self.frames = 0
        self._unwound = False
        self.session = Session(self, settings)
        opening = self.start_game(slot, start) if slot is not None and isinstance(start, Route) else start
        if isinstance(opening, Transition):  # the question is asked over the title screen: Escape stays there
            self._push(self.resolve(go("menu")))
            self.apply(opening)
        else:
            self._push(self.resolve(opening if opening is not None else go("menu")))

    # --- the stack -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state on top of the stack (the one that gets events)."""
        return self.stack[-1]

    def resolve(self, target: State | Route) -> State:
        """The screen a transition names: a State as it is, a Route built through the route table
        (read as the app was made: a mode registered before then has its routes)."""
        if isinstance(target, State):
            return target
        if not isinstance(target, Route):
            raise TypeError(f"a transition targets a State or a Route, not {target!r}")
        try:
            make = self.routes[target.name]
        except KeyError:
            raise KeyError(f"no screen is called {target.name!r}") from None
        made = make(**target.args)
        return self.resolve(made) if isinstance(made, Route) else made  # a route may name another

    def start_game(self, slot: str | None, route: Route) -> Route | Transition:
        """`route` starts a new game kept in `slot`: asks first when a game is kept there."""
        return start_game(self, slot, route)

    def _push(self, state: State) -> None:
        self.stack.append(state)
        state.enter(self)
        self.session.on_enter(state)

    def _pop(self) -> None:
        state = self.stack.pop()
        state.exit()
        self.session.on_exit(state)

    def apply(self, transition: Transition | State | None) -> None:
        """Apply what a state returned; transitions returned by resume() are applied in turn."""
        for _ in range(MAX_TRANSITIONS_PER_FRAME):
            if transition is None:
                return
            if isinstance(transition, State | Route):
                transition = Replace(transition)
            follow: Transition | State | None = None
            if isinstance(transition, Quit):
                self.running = False
            elif isinstance(transition, Push):
                self._push(self.resolve(transition.state))
            elif isinstance(transition, Replace):
                state = self.resolve(transition.state)
                if self.stack:
                    self._pop()
                self._push(state)
            elif isinstance(transition, Reset):
                state = self.resolve(transition.state)
                while self.stack:
                    self._pop()
                self._push(state)
            elif isinstance(transition, Pop):
                if self.stack:
                    self._pop()
                if not self.stack:
                    self.running = False
                    return
                follow = self.stack[-1].resume(transition.result)
            else:
                raise TypeError(f"a state returned {transition!r}, not a transition")
            transition = follow

    @property
    def look(self) -> looks.Look:
        """The theme and piece set the player chose (Settings' theme and pieces), drawing the digits or
        letters of the game on screen where its variant has its own symbols (Bulls and Cows, words)."""
        return looks.look_named(self.settings.theme, self.settings.pieces).for_symbols(self._symbols_shown())

    def _symbols_shown(self) -> str:
        """The symbols of the game the top screen (or the screen under its overlays) shows; "" for
        colours or a screen without a game."""
        for state in reversed(self.stack):
            for name in ("config", "game", "start_game", "run", "record"):  # where screens hold their game
                held = getattr(state, name, None)
                config = held if isinstance(held, GameConfig) else getattr(held, "config", None)
                if isinstance(config, GameConfig):
                    return config.variant.symbols
            if not state.is_overlay:
                break
        return ""

    # --- the loop --------------------------------------------------------------------------
    def step(
        self, events: Iterable[pygame.event.Event] | None = None, dt: float = 1 / FPS, draw: bool = True
    ):
        """One frame: events -> handle -> update(dt) -> draw -> flip. events=None pumps pygame's queue.

        The whole frame is in the player's look (what an update prepares, confetti in the accent, is
        in it too); the drawing takes the look again, so a look chosen this frame shows this frame."""
        with looks.using(self.look):
            self._step(events, dt, draw)

    def _step(self, events: Iterable[pygame.event.Event] | None, dt: float, draw: bool) -> None:
        if events is None:
            events = pygame.event.get()
        for event in events:
            if not self.running:
                break
            if event.type == pygame.QUIT:
                self.running = False
                break
            if event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
            elif event.type == pygame.WINDOWRESIZED:
                self.resize((event.x, event.y))
            if self.pads.claims(event):
                self._pad(self.pads.handle(event))
                continue
            if self.session.handle(event):
                continue
            self.apply(self.state.handle(event))
        if self.running:
            self._pad(self.pads.update(min(max(dt, 0.0), MAX_DT_S)))
        if self.running:
            self.apply(self.state.update(min(max(dt, 0.0), MAX_DT_S)))
            self.session.update(min(max(dt, 0.0), MAX_DT_S))
        if self.running and draw and self.stack:
            self.draw()
            pygame.display.flip()
        self.frames += 1
        if not self.running:
            self.close()

    def _pad(self, presses: list[PadPress]) -> None:
        """Each gamepad press to the top screen, as its key (pads.pad_event); the pads' notices shown."""
        for text in self.pads.take_notices():
            self.session.notices.show(text, PAD_NOTICE_S)
        for press in presses:
            if not self.running or not self.stack:
                return
            state = self.state
            if self.pads.may_use(press, state.pad_owner()):
                self.apply(state.handle(pad_event(press, state.pad_keys)))

    def close(self) -> None:
        """Stop: every state leaves the stack (top first, so a game under an overlay is kept), then
        the session writes what lasts. Safe to call more than once."""
        if self._unwound:
            return
        self._unwound = True
        self.running = False
        while self.stack:
            self._pop()
        self.session.close()

    def draw(self) -> None:
        """Draw the top state, and below it every state an overlay leaves visible."""
        with looks.using(self.look):  # drawing reads colours and pieces from the player's look only
            self._draw()

    def _draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].is_overlay:
            first -= 1
        display = pygame.display.get_surface() or self.surface
        surface = self.surface = self._drawing_surface(display)
        self.text.window = surface.get_size()  # the readable floor of text follows the window
        if self.stack:
            self.stack[first].draw(surface)
            self.session.draw_effects(surface, self.stack[first])
            for state in self.stack[first + 1 :]:
                state.draw(surface)
        self.session.draw_notices(surface)
        if surface is not display:
            display.blit(surface, (0, 0))

    def run(self, frames: int | None = None) -> None:
        """The real loop with dt from the clock; stops on quit or after `frames` frames."""
        dt = 1 / FPS
        while self.running and (frames is None or self.frames < frames):
            self.step(None, dt)
            dt = min(self.clock.tick(FPS) / 1000, MAX_DT_S)
