"""The imperative shell: window, clock, event pump, the state stack and the shared context.

The loop is pygame-ce's documented one: events -> state.handle -> state.update(dt) -> draw ->
flip -> dt = min(clock.tick(FPS) / 1000, MAX_DT_S). `App.step(events, dt)` is one frame of it, so
tests post real pygame events (pygame.event.post) and call step with an explicit dt; `App.run()`
is the same loop with dt from the clock. States return transitions (game/states/base.py) and
only this module applies them; nothing assigns a global.

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
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is imported: keep stdout clean

import pygame  # noqa: E402

from game.core.config import ConfigError
from game.options import MAX_SIZE, MIN_SIZE, build_parser, config_from_args
from game.settings import Settings
from game.states.base import Pop, Push, Quit, Replace, Reset, State, Transition
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer

FPS = 60
MAX_DT_S = 0.1  # a long stall (window drag, debugger) must not make animations jump
DEFAULT_SIZE = (1024, 720)
QUIT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # end the game as closing the window does
MAX_TRANSITIONS_PER_FRAME = 16  # guards against two states handing control back and forth forever
TITLE = "Mastermind Arcade"



def utc_now() -> dt.datetime:
    """The wall clock as an aware UTC time (tests give App a fixed `now` instead)."""
    return dt.datetime.now(dt.UTC)


class NullSound:
    """The sound hook until a real engine is plugged in: accepts every name, plays nothing."""

    def play(self, name: str) -> None:
        """Play the effect called `name` (see the module docstring for names)."""


class App:
    """The window and the state stack. Create one, then `run()` (or `step()` in tests)."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        start: State | None = None,
        store: Any = None,
        sound: Any = None,
        now: Callable[[], dt.datetime] | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.surface = pygame.display.set_mode(self._clamp_size(size), pygame.RESIZABLE)
        self._canvas: pygame.Surface | None = None  # drawn on when the window is forced below MIN_SIZE
        pygame.display.set_caption(TITLE)
        self.clock = pygame.time.Clock()
        self.seed = seed
        self.rng = random.Random(seed)
        self.now: Callable[[], dt.datetime] = now or utc_now  # the calendar (daily code, score dates)
        self.settings: Settings = Settings().changed(**(settings or {}))
        self.text = TextRenderer()
        self.pegs = PegArt()
        self.sound = sound if sound is not None else NullSound()
        self.store = store
        if now is not None and store is not None:
            store.clock = now  # one calendar: the dates the store believes are the screens' dates
        self.stack: list[State] = []
        self.running = True
        self.frames = 0
        self._unwound = False
        from game.session import Session  # settings, sound, the saved game, records, notices

        self.session = Session(self, settings)
        from game.states.menu import MenuState

        if start is None:
            start = MenuState()
        self._push(start)
        saved = self.session.take_saved_game() if isinstance(start, MenuState) else None
        if saved is not None:
            from game.states.resume import ResumeOverlay

            self._push(ResumeOverlay(saved))

    # --- the stack -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state on top of the stack (the one that gets events)."""
        return self.stack[-1]

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
            if isinstance(transition, State):
                transition = Replace(transition)
            follow: Transition | State | None = None
            if isinstance(transition, Quit):
                self.running = False
            elif isinstance(transition, Push):
                self._push(transition.state)
            elif isinstance(transition, Replace):
                if self.stack:
                    self._pop()
                self._push(transition.state)
            elif isinstance(transition, Reset):
                while self.stack:
                    self._pop()
                self._push(transition.state)
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
        """Make the window `size` (clamped to MIN_SIZE..MAX_SIZE); the layouts reflow on the next draw."""
        size = self._clamp_size(size)
        if self.surface.get_size() != size:
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    # --- the loop --------------------------------------------------------------------------
    def step(
        self, events: Iterable[pygame.event.Event] | None = None, dt: float = 1 / FPS, draw: bool = True
    ):
        """One frame: events -> handle -> update(dt) -> draw -> flip. events=None pumps pygame's queue."""
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
            if self.session.handle(event):
                continue
            self.apply(self.state.handle(event))
        if self.running:
            self.apply(self.state.update(min(max(dt, 0.0), MAX_DT_S)))
            self.session.update(min(max(dt, 0.0), MAX_DT_S))
        if self.running and draw and self.stack:
            self.draw()
            pygame.display.flip()
        self.frames += 1
        if not self.running:
            self.close()

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
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].is_overlay:
            first -= 1
        display = pygame.display.get_surface() or self.surface
        surface = self.surface = self._drawing_surface(display)
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
    try:
        config = config_from_args(args)
    except ConfigError as exc:
        parser.error(str(exc))
    start: State | None = None
    if config is not None:
        from game.states.playing import PlayingState

        start = PlayingState(config)
    settings = {"symbols": False} if args.no_symbols else {}
    from game import assets
    from game.store import Store
    from game.ui.sound import SOUND_NAMES, Sound

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
        size = args.size or store.load_settings().window_size or DEFAULT_SIZE
        app = App(size=size, seed=args.seed, settings=settings, start=start, store=store, sound=Sound())
        signals.attach(app)
        app.run(frames=args.frames)
        app.close()  # as a quit does, after --frames N too: the settings and the game in progress are saved
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
