"""The README's screenshots: the title screen, a game in progress, a win landing (its score counted,
the celebration in the air), an end card (the Daily code's), a Deduce puzzle, the computer solving,
the post-game analysis, the 2-D grid puzzle (2x2 and 3x3 games in progress, a 3x3 being solved, its
help page) and Learn to play (a lesson's callout, the coach), at 1280x800, written
into docs/ as PNGs (python tools/screenshots.py --readme).

Each scene is reached the way a player reaches it: the real App (SDL dummy video driver), real pygame
events posted to its queue and frames stepped with an explicit dt, so the pictures show what the game
draws today. Seeded, so the same commit makes the same pictures. Prints one JSON line: the files
written and their sizes in bytes. `python tools/readme_shots.py --out DIR` writes them elsewhere.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cli import OneLineParser, path_arg, writable_folder  # noqa: E402
from game.core.codes import score  # noqa: E402
from game.core.config import GameConfig, preset  # noqa: E402
from game.core.state import Guess, apply_move, new_game  # noqa: E402
from game.core.variants import GridVariant  # noqa: E402
from game.modes.classic.hooks import ClassicHooks
from game.play.record import GameRecord, Player  # noqa: E402

README_SIZE = (1280, 800)
FRAME_S = 1 / 60
DOCS = Path(__file__).resolve().parent.parent / "docs"


def step(app: App, *events: pygame.event.Event, dt: float = FRAME_S) -> None:
    for event in events:
        pygame.event.post(event)
    app.step(None, dt)


def settle(app: App, seconds: float) -> None:
    for _ in range(round(seconds / FRAME_S)):
        app.step([], FRAME_S)


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def new_app(seed: int = 1) -> App:
    app = App(size=README_SIZE, seed=seed, settings={"symbols": True, "palette": "safe"})
    pygame.event.clear()
    return app


def from_scenes(scene_name: str, config_name: str | None = None):
    """A scene of tools/scenes.py (its own app: a sample store and the fixed calendar)."""

    def make() -> App:
        from tools.scenes import build

        return build(README_SIZE, scene_name, config_name)

    return make


def playing_scene(app: App) -> None:
    """Super (5 pegs, 8 colours): three rows played by keys, two colours ruled out, a peg mid-drag."""
    from game.screens.playing import PlayingState

    config = preset("Super").config()
    secret = (6, 2, 7, 2, 4)
    state = PlayingState(config, secret=secret, hooks=ClassicHooks())
    app.apply(state)
    settle(app, 0.5)
    history: list = []
    for code in ((0, 0, 1, 1, 2), (3, 3, 4, 4, 5), (2, 6, 5, 7, 4)):
        for colour in code:
            step(app, key(pygame.K_1 + colour, str(colour + 1)))
        step(app, key(pygame.K_RETURN))
        settle(app, 2.5)
        history.append((code, score(code, secret)))
    layout = state.layout()
    for colour in (0, 1):  # row 1 holds no black or white for them
        pos = layout.palette_rect(colour).center
        step(app, mouse(pygame.MOUSEBUTTONDOWN, pos, 3), mouse(pygame.MOUSEBUTTONUP, pos, 3))
    for colour in (6, 2):
        step(app, key(pygame.K_1 + colour, str(colour + 1)))
    settle(app, 0.5)
    start = layout.palette_rect(7).center
    target = layout.slot_rect(len(history), 2)
    end = (target.centerx + target.w // 4, target.centery - target.h // 3)
    step(app, mouse(pygame.MOUSEMOTION, start), mouse(pygame.MOUSEBUTTONDOWN, start))
    for k in range(1, 9):
        x = start[0] + (end[0] - start[0]) * k // 8
        y = start[1] + (end[1] - start[1]) * k // 8
        step(app, mouse(pygame.MOUSEMOTION, (x, y)))
    settle(app, 0.3)


def solving_scene(app: App) -> None:
    """The computer (Knuth's minimax) breaking a Classic code, its third grade dropping in."""
    from game.screens.solving import SolvingState

    config = GameConfig(4, 6)
    state = SolvingState(new_game(config, (5, 3, 1, 3)), strategy="knuth")
    app.apply(state)
    until_third_grade(app, state)
    settle(app, 0.25)


def until_third_grade(app: App, solving) -> None:
    """Frames until the computer's third row is being graded."""
    from game.play.computer import Phase

    for _ in range(20_000):
        app.step([], FRAME_S)
        run = solving.run
        if len(run.game.rows) >= 3 and run.phase is Phase.GRADING:
            return


def analysis_scene(app: App) -> None:
    """A finished Classic game, the result screen's A key, the analysis weighed to the end."""
    from game.screens.result import ResultState

    config = GameConfig(4, 6)
    secret = (3, 1, 4, 5)
    game = new_game(config, secret)
    for code in ((0, 0, 1, 1), (2, 2, 3, 3), (4, 5, 1, 3), (1, 3, 4, 5), secret):
        game = apply_move(game, Guess(code))
    app.apply(ResultState(GameRecord(game, (Player.PLAYER,) * len(game.rows), 83.0)))
    settle(app, 6.0)  # the win's confetti has fallen
    step(app, key(pygame.K_a, "a"))
    for _ in range(6000):
        app.step([], FRAME_S)
        if getattr(app.state, "result", None) is not None:
            break
    settle(app, 0.3)


def grid_scene(app: App) -> None:
    """The 2-D puzzle: two 3x3 rows typed by keys, then Solve; the computer's grade drops in."""
    from game.screens.playing import PlayingState

    config = GameConfig(colours=4, variant=GridVariant(3, 3))
    state = PlayingState(config, secret=(2, 0, 1, 3, 1, 0, 0, 2, 3), hooks=ClassicHooks())
    app.apply(state)
    settle(app, 0.5)
    for code in ((0, 0, 1, 1, 2, 2, 3, 3, 0), (1, 2, 0, 3, 0, 1, 2, 3, 1)):
        for colour in code:
            step(app, key(pygame.K_1 + colour, str(colour + 1)))
        step(app, key(pygame.K_RETURN))
        settle(app, 2.5)
    step(app, key(pygame.K_s, "s"))  # Solve
    until_third_grade(app, app.state)
    settle(app, 0.4)


def played_here(build):
    """A scene played on a fresh app of the README's size."""

    def make() -> App:
        app = new_app()
        build(app)
        return app

    return make


SCENES = (
    ("menu", from_scenes("menu")),
    ("playing", played_here(playing_scene)),
    ("win", from_scenes("win-celebration")),
    ("end-card", from_scenes("daily-end")),
    ("deduce", from_scenes("deduce-playing")),
    ("solving", played_here(solving_scene)),
    ("analysis", played_here(analysis_scene)),
    ("grid", played_here(grid_scene)),
    ("grid-2x2", from_scenes("playing-mid", "g2x2")),
    ("grid-3x3", from_scenes("playing-mid", "g3x3")),
    ("grid-help", from_scenes("help-grid", "g2x2")),
    ("learn", from_scenes("learn-lesson")),
    ("coach", from_scenes("coach")),
)


def write_readme_shots(out: Path = DOCS) -> dict[str, int]:
    """Make every README scene and save it as out/<name>.png (an existing folder); returns {path: bytes}."""
    written = {}
    for name, make in SCENES:
        app = make()
        app.draw()
        path = out / f"{name}.png"
        pygame.image.save(app.surface, str(path))
        written[str(path)] = path.stat().st_size
    return written


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="readme_shots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=path_arg, default=DOCS, help="folder for the PNGs (default: docs/)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    print(json.dumps({"files": write_readme_shots(writable_folder(parser, args.out))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
