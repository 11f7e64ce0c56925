"""The imperative shell: window, clock, event pump, the state stack and the shared context.

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

import argparse
import datetime as dt
import logging
import os
import random
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game import assets  # no pygame inside: read before pygame starts

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported: keep stdout clean
# The window's class (X11) and app id (Wayland) name the desktop entry, so a dock shows its icon.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", assets.APP_ID)
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", assets.APP_ID)

import pygame  # noqa: E402

from game import assets
from game.core.config import ConfigError, GameConfig
from game.modes.registry import (
    high_score_tables,
    histograms,
    modes,
    new_game,
    record_books,
    resume,
    start_slot,
)
from game.options import MAX_SIZE, MIN_SIZE, build_parser, config_from_args, settings_from_args
from game.screens.analysis import AnalysisOverlay
from game.screens.attract import AttractState
from game.screens.base import Pop, Push, Quit, Replace, Reset, Route, State, Transition, go
from game.screens.codemaker import CodemakerState
from game.screens.confirm import ConfirmOverlay
from game.screens.help import HelpOverlay
from game.screens.highscores import HighScoresState, InitialsOverlay
from game.screens.hint import HintOverlay
from game.screens.kept import start_game
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.settings import SettingsState
from game.screens.solving import SolvingState
from game.screens.stats import StatsState
from game.session import Session
from game.settings import Settings
from game.store import Store
from game.ui import looks
from game.ui.heap import bound_heap
from game.ui.pad_actions import PadPress, pad_event
from game.ui.pads import Pads
from game.ui.pegs import PegArt
from game.ui.sound import SOUND_NAMES, Sound
from game.ui.text import TextRenderer
from game.words import install as install_word_lists

FPS = 60
PAD_NOTICE_S = 3.0  # a gamepad connected or removed: long enough to read, short enough not to cover play
MAX_DT_S = 0.1  # a long stall (window drag, debugger) must not make animations jump
DEFAULT_SIZE = (1024, 720)
QUIT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # end the game as closing the window does
MAX_TRANSITIONS_PER_FRAME = 16  # guards against two states handing control back and forth forever
TITLE = "Mastermind Arcade"

log = logging.getLogger(__name__)

install_word_lists()  # the word variants read the shipped lists when a word game first needs them

SCREENS: dict[str, Callable[..., State]] = {
    "menu": MenuState,
    "resume": resume,  # a kept game claimed in the store before its screen is made
    "new_game": new_game,  # a mode's new game on a config, with hooks made for it (Mode.new_game)
    "play": PlayingState,
    "solve": SolvingState,
    "result": ResultState,
    "codemaker": CodemakerState,
    "confirm": ConfirmOverlay,
    "help": HelpOverlay,
    "hint": HintOverlay,
    "analysis": AnalysisOverlay,
    "settings": SettingsState,
    "stats": StatsState,
    "high_scores": HighScoresState,
    "initials": InitialsOverlay,
    "attract": AttractState,
}


def route_table() -> dict[str, Callable[..., State]]:
    """Every screen by route name: the shared screens, then each mode's (a name is never taken twice).
    A mode may map a name to a function that returns another route (a fresh Blitz run)."""
    table = dict(SCREENS)
    for mode in modes():
        for name, make in mode.screens.items():
            if name in table:
                raise ValueError(f"the route {name!r} of mode {mode.id!r} is taken")
            table[name] = make
    return table


def utc_now() -> dt.datetime:
    """The wall clock as an aware UTC time (tests give App a fixed `now` instead)."""
    return dt.datetime.now(dt.UTC)


def _set_window_icon() -> None:
    """The game's icon on its window; without the file the system's own (assets.missing() names it)."""
    try:
        pygame.display.set_icon(pygame.image.load(assets.icon_path()))
    except (OSError, pygame.error):
        pass


class NullSound:
    """The sound hook until a real engine is plugged in: accepts every name and setting, plays nothing
    (the same surface as game/ui/sound.Sound, so the session sets both alike)."""

    enabled = True
    volume = 1.0

    def play(self, name: str) -> None:
        """Play the effect called `name` (see the module docstring for names)."""

    def set_music(self, enabled: bool | None = None, volume: float | None = None) -> bool:
        return False


class App:
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
        _set_window_icon()  # before the window opens: some systems take an icon only then
        self.surface = pygame.display.set_mode(self._clamp_size(size), pygame.RESIZABLE)
        self.fullscreen = False  # desktop fullscreen: set_fullscreen() switches it
        self._windowed_size = self.surface.get_size()  # the window to go back to from fullscreen
        self._canvas: pygame.Surface | None = None  # drawn on when the window is forced below MIN_SIZE
        pygame.display.set_caption(TITLE)
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

    # --- the window ------------------------------------------------------------------------
    @staticmethod
    def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
        w, h = (min(high, max(low, int(v))) for v, low, high in zip(size, MIN_SIZE, MAX_SIZE, strict=True))
        return (w, h)

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window `size` (clamped to MIN_SIZE..MAX_SIZE); the layouts reflow on the next draw.
        In fullscreen the screen decides the size: the display surface is taken as it is."""
        if self.fullscreen:
            self.surface = pygame.display.get_surface() or self.surface
            return
        size = self._clamp_size(size)
        if self.surface.get_size() != size:
            bound_heap()  # resizing churns window-sized surfaces: keep freed ones from staying resident
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> bool:
        """Desktop fullscreen (the screen's own resolution, no mode change) or back to the window it
        left; the layouts reflow on the next draw as for any window size. False when the display
        refuses (some drivers cannot): the window is kept, or reopened if the attempt closed it."""
        if on == self.fullscreen:
            return True
        if on:
            self._windowed_size = self.window_size
        try:
            if on:  # (0, 0) with FULLSCREEN is SDL's FULLSCREEN_DESKTOP at the desktop's size
                display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                display = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error as exc:
            log.warning("fullscreen %s failed: %s", "on" if on else "off", exc)
            if pygame.display.get_surface() is None:  # a failed set_mode may have closed the window
                self.fullscreen = False
                self.surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            return False
        self.surface = display
        self.fullscreen = on
        return True

    @property
    def window_size(self) -> tuple[int, int]:
        """The size of the window: in fullscreen, the one to go back to (what the settings keep)."""
        return self._windowed_size if self.fullscreen else self.surface.get_size()

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

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

    def _drawing_surface(self, display: pygame.Surface) -> pygame.Surface:
        """The window itself, or, when the window manager forced it below MIN_SIZE, a canvas of at least
        MIN_SIZE whose top-left part the window shows (app.size is the canvas, so clicks still match)."""
        w, h = display.get_size()
        size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
        if size == (w, h):
            return display
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size)
        return self._canvas

    def run(self, frames: int | None = None) -> None:
        """The real loop with dt from the clock; stops on quit or after `frames` frames."""
        dt = 1 / FPS
        while self.running and (frames is None or self.frames < frames):
            self.step(None, dt)
            dt = min(self.clock.tick(FPS) / 1000, MAX_DT_S)


class QuitSignals:
    """SIGINT (Ctrl+C), SIGTERM and SIGHUP end the game the way closing the window does: the loop stops
    after the current frame and App.close() saves the game in progress and the settings; the exit
    status is a normal quit's. The handlers only set flags (safe at any point of a frame)."""

    def __init__(self) -> None:
        self.app: App | None = None
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def install(self) -> None:
        for name in QUIT_SIGNALS:
            signum = getattr(signal, name, None)  # SIGHUP does not exist on Windows
            if signum is not None:
                self._previous[signum] = signal.signal(signum, self._handle)
        if hasattr(signal, "pthread_sigmask"):  # held by game/__main__.py while modules loaded: let them in
            signal.pthread_sigmask(signal.SIG_UNBLOCK, set(self._previous))

    def restore(self) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()

    def attach(self, app: App) -> None:
        self.app = app
        if self.received is not None:
            app.running = False  # a signal came while the game was starting

    def _handle(self, signum: int, frame: Any) -> None:
        self.received = signum
        if self.app is not None:
            self.app.running = False


def open_app(args: argparse.Namespace, config: GameConfig | None, store: Any, sound: Any) -> App:
    """The window the command line asks for: straight into the game of `config` (asking first, over
    the title screen, when a game of its kind is kept), else the title screen."""
    size = args.size or store.load_settings().window_size or DEFAULT_SIZE
    start = go("new_game", config=config) if config is not None else None  # a plain game of it
    return App(
        size=size,
        seed=args.seed,
        settings=settings_from_args(args),
        start=start,
        slot=start_slot(start) if start is not None else None,
        store=store,
        sound=sound,
    )


NO_DISPLAY_MESSAGE = (
    "mastermind: the game needs a display and none is available ({reason}); "
    "SDL_VIDEODRIVER=dummy runs it headless for tests"
)


def main(argv: Sequence[str] | None = None) -> int:
    signals = QuitSignals()
    signals.install()  # first: a quit during the slow start (imports, display, files) ends cleanly
    try:
        return _main(argv, signals)
    finally:
        signals.restore()


def _main(argv: Sequence[str] | None, signals: QuitSignals) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version or args.check_assets:  # about the program itself: no window, no store
        from game import about

        return about.print_version() if args.version else about.print_asset_check()
    try:
        config = config_from_args(args)
    except ConfigError as exc:
        parser.error(str(exc))
    try:
        pygame.display.init()
    except pygame.error as exc:
        reason = " ".join(str(exc).split()) or "no video device"
        print(NO_DISPLAY_MESSAGE.format(reason=reason), file=sys.stderr)
        return 1
    try:
        store = Store()
        for problem in assets.missing(SOUND_NAMES):  # once, on screen with the store's notices and logged
            store.notice(problem)
        app = open_app(args, config, store, Sound())
        signals.attach(app)
        app.run(frames=args.frames)
        app.close()  # as a quit does, after --frames N too: the settings and the game in progress are saved
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
