"""How many of the game's files a trip through the real app enters: sys.setprofile over real events.

    python tools/walk_files.py                 # all three trips
    python tools/walk_files.py --trips drag --files

Each trip drives the real App (SDL's dummy drivers, a store in a fresh temporary folder, a fixed seed,
explicit dt) with real pygame events, as a player would, and counts the distinct files under game/
whose code is entered (a Python function or module body called) while the trip runs. Everything is
imported and the window opened before counting starts, so the figure is the code a trip runs, not the
code it loads:
- solve:  from the title screen, Classic chosen, S (Solve) pressed, frames until the computer's first
          guess is graded (on the solving screen's game);
- resume: start-up (the App made over a store holding a kept Classic game) to the kept game's screen
          drawn, its Resume entry clicked;
- drag:   on a Classic game, a peg dragged from the palette onto the first slot of the active row.
Every frame is drawn, as the program runs (the drawing code counts); --no-draw runs the same frames
undrawn, for what input, update and the session alone enter. Prints one JSON object (each trip's
count and, with --files, its files) and a human line per trip (stderr).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cli import OneLineParser  # noqa: E402
from game.store import Store  # noqa: E402

GAME_DIR = str(ROOT / "game") + os.sep
FRAME_S = 1 / 60
SEED = 7
SIZE = (1024, 720)
MAX_SOLVE_FRAMES = 600  # ten seconds of frames: the first guess is graded long before
TRIPS = ("solve", "resume", "drag")


class FileWalk:
    """The files under game/ entered while it is on (sys.setprofile: every Python call)."""

    def __init__(self) -> None:
        self.files: set[str] = set()

    def _profile(self, frame, event: str, arg) -> None:
        if event == "call":
            name = frame.f_code.co_filename
            if name.startswith(GAME_DIR):
                self.files.add(name)

    def __enter__(self) -> FileWalk:
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)

    def relative(self) -> list[str]:
        return sorted(str(Path(name).relative_to(ROOT)) for name in self.files)


def post(app: App, *events: pygame.event.Event, dt: float = FRAME_S, draw: bool = True) -> None:
    """Real events through pygame's queue, then one frame (drawn, as the program runs, unless not)."""
    for event in events:
        pygame.event.post(event)
    app.step(None, dt, draw=draw)


def click(app: App, pos: tuple[int, int], draw: bool = True) -> None:
    post(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        draw=draw,
    )


def press(app: App, key: int, draw: bool = True) -> None:
    post(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0), draw=draw)


def choose(app: App, label: str, draw: bool = True) -> None:
    """Click the title screen's entry whose label starts with `label` (on the top page)."""
    menu = app.state
    for i, entry in enumerate(menu.entries):
        if entry.label.startswith(label):
            rect = menu.layout().entries[i]
            if rect is not None:
                click(app, rect.center, draw)
                return
    raise LookupError(f"no entry {label!r} on the title screen")


def open_app(directory: Path) -> App:
    app = App(size=SIZE, seed=SEED, store=Store(directory))
    pygame.event.clear()
    app.step([], FRAME_S)  # the title screen drawn once
    return app


def trip_solve(directory: Path, draw: bool) -> FileWalk:
    app = open_app(directory)
    with FileWalk() as walk:
        choose(app, "Classic", draw)
        press(app, pygame.K_s, draw)
        for _ in range(MAX_SOLVE_FRAMES):
            run = getattr(app.state, "run", None)
            if type(app.state).__name__ == "SolvingState" and run is not None and run.game.rows:
                break
            app.step([], FRAME_S, draw=draw)
        else:
            raise RuntimeError("the computer's first guess was not graded")
    app.close()
    return walk


def trip_resume(directory: Path, draw: bool) -> FileWalk:
    app = open_app(directory)  # a Classic game with one row, kept: Menu, then Leave (it is kept)
    choose(app, "Classic")
    for colour in (0, 1, 2, 3):
        press(app, pygame.K_1 + colour)
    press(app, pygame.K_RETURN)
    for _ in range(60):
        app.step([], 0.05)
    press(app, pygame.K_ESCAPE)
    click(app, app.state.layout().buttons["yes"].center)
    app.close()
    with FileWalk() as walk:
        app = open_app(directory)
        resume = [i for i, entry in enumerate(app.state.entries) if entry.group == "Resume"]
        if not resume:
            raise RuntimeError("no kept game to resume")
        click(app, app.state.layout().entries[resume[0]].center, draw)
        if getattr(app.state, "run", None) is None:
            raise RuntimeError("Resume did not open the kept game")
    app.close()
    return walk


def trip_drag(directory: Path, draw: bool) -> FileWalk:
    app = open_app(directory)
    choose(app, "Classic")
    app.step([], FRAME_S)
    layout = app.state.layout()
    start, end = layout.palette_peg_rect(0).center, layout.slot_rect(0, 0).center
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    with FileWalk() as walk:
        post(
            app,
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            draw=draw,
        )
        held = pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0))
        post(app, held, draw=draw)
        post(
            app,
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
            draw=draw,
        )
    if app.state.run.draft[0] != 0:
        raise RuntimeError("the dragged peg did not land on the row")
    app.close()
    return walk


WALKS: dict[str, Callable[[Path, bool], FileWalk]] = {
    "solve": trip_solve,
    "resume": trip_resume,
    "drag": trip_drag,
}


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="walk_files.py", description=__doc__.splitlines()[0])
    parser.add_argument("--trips", nargs="+", choices=TRIPS, default=list(TRIPS))
    parser.add_argument("--files", action="store_true", help="list the files each trip enters")
    parser.add_argument(
        "--no-draw", action="store_true", help="frames without drawing: what input and update alone enter"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    draw = not args.no_draw
    report: dict[str, Any] = {"drawn": draw}
    for name in args.trips:
        with tempfile.TemporaryDirectory(prefix="walk_files_") as folder:
            walk = WALKS[name](Path(folder), draw)
        files = walk.relative()
        report[name] = {"files": len(files)} | ({"entered": files} if args.files else {})
        drawn = "drawn" if draw else "not drawn"
        print(f"{name}: {len(files)} files of game/ entered (frames {drawn})", file=sys.stderr)
    print(json.dumps(report, indent=1))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
