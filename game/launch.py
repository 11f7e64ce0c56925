"""The command-line start: `python -m game` and the `mastermind` scripts come in through main().

main() installs the quit handlers first (QuitSignals: SIGINT, SIGTERM and SIGHUP end the game the
way closing the window does), reads the command line (game/options.py), answers --version and
--check-assets without a window, says in one line when no display can open (NO_DISPLAY_MESSAGE),
then opens the records store and the window the arguments ask for (open_app) and runs the loop.

This stands apart from the loop (App, game/app.py): it changes with how the program is started
(arguments, signals, what is checked before a window), not with what happens inside a frame; tests
and tools make an App directly and never come through here.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from typing import Any

from game.app import App  # first: it names the window's class to SDL before pygame is loaded

# isort: split
import pygame

from game import assets
from game.core.config import ConfigError, GameConfig
from game.modes.registry import start_slot
from game.options import build_parser, config_from_args, settings_from_args
from game.screens.base import go
from game.store import Store
from game.ui.sound import SOUND_NAMES, Sound
from game.window import DEFAULT_SIZE

QUIT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # end the game as closing the window does


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
