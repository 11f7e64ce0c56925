"""Write PNG screenshots of every screen, headless, through the real app.

    python tools/screenshots.py --sheet shots/         # every screen at five window sizes
    python tools/screenshots.py --out shots/ --sizes 800x600 --scenes playing-mid --configs 8x10r g3x3
    python tools/screenshots.py --readme                # the README's pictures into docs/
    python tools/screenshots.py --looks                 # each theme and piece set into docs/pictures/
    python tools/screenshots.py --pictures              # the rest of docs/pictures/

The scenes are tools/scenes.py's: each reached the way a player gets there (real states through the
app's routes, real key events, frames with an explicit dt; SDL's dummy video driver), then saved
with pygame.image.save as <size>_<scene>[_<game>].png. `--sheet` draws tools/scenes.SHEET (every
scene once, the board scenes at several sizes of game too) at five window sizes (SHEET_SIZES: 4:3,
small and wide), and writes index.html beside them to look at them all in one page. The playing and
lost-result scenes are also saved in greyscale (suffix -grey) to check that pegs stay
distinguishable without colour. `--looks` draws a game in progress in each look of LOOK_SHOTS (every
theme with the plain pegs, every other piece set in one of the themes) at 640x480 and 1280x800,
as look-<theme>-<pieces>_<size>.png, and `--theme`/`--pieces` draw any other shots in a look.
`--pictures` draws the other pictures the docs show (DOC_PICTURES: the games of digits and words,
a word for the computer, hand grading, Deduce's boards of them) at the same two sizes.
Prints one JSON line: the folder and the number of files.
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

from game.cli import OneLineParser, path_arg, writable_folder  # noqa: E402
from game.options import window_size  # noqa: E402
from game.settings import PIECE_SETS, THEMES  # noqa: E402
from tools.scenes import CONFIGS, DEFAULT_CONFIG, SCENES, SHEET, build  # noqa: E402

SHEET_SIZES = ((640, 480), (800, 600), (1024, 720), (1280, 800), (1920, 1080))
GREY_SCENES = {"playing-mid", "result-lost"}
# (theme, piece set): every theme with the plain pegs, and each other set in a theme of its own
LOOK_SHOTS = (
    ("dark", "pegs"),
    ("night", "pegs"),
    ("light", "pegs"),
    ("dark", "digits"),
    ("light", "letters"),
    ("night", "high-contrast"),
)
LOOK_SIZES = ((640, 480), (1280, 800))
LOOK_SCENE = "playing-mid"
# the rest of docs/pictures/, as <name>_<size>.png at LOOK_SIZES: (name, scene, game or None)
DOC_PICTURES = (
    ("bulls-and-cows", "playing-mid", "digits"),
    ("words", "playing-mid", "words"),
    ("word-marks", "playing-mid", "word-marks"),
    ("word-maker", "codemaker-make", "words"),
    ("word-handgrade", "handgrade-refused", "word-marks"),
    ("deduce-variants", "deduce-variants", None),
    ("deduce-digits", "deduce-digits", None),
    ("deduce-words", "deduce-words", None),
    ("deduce-marks", "deduce-marks", None),
    ("deduce-words-end", "deduce-words-end", None),
)


def size_text(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def shoot(out: Path, sizes, shots, settings: dict | None = None) -> list[Path]:
    """Draw each (scene, game) of `shots` at each of `sizes` into `out`; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        for name, config in shots:
            app = build(size, name, config, settings)
            app.draw()
            tag = f"_{config}" if config is not None else ""
            path = out / f"{size_text(size)}_{name}{tag}.png"
            pygame.image.save(app.surface, str(path))
            written.append(path)
            if name in GREY_SCENES:
                grey = path.with_name(path.stem + "-grey.png")
                pygame.image.save(pygame.transform.grayscale(app.surface), str(grey))
                written.append(grey)
            app.close()
    return written


def shoot_looks(out: Path) -> list[Path]:
    """A game in progress in each look of LOOK_SHOTS at each of LOOK_SIZES, named by its look."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for theme, pieces in LOOK_SHOTS:
        for size in LOOK_SIZES:
            app = build(size, LOOK_SCENE, None, {"theme": theme, "pieces": pieces})
            app.draw()
            path = out / f"look-{theme}-{pieces}_{size_text(size)}.png"
            pygame.image.save(app.surface, str(path))
            written.append(path)
            app.close()
    return written


def shoot_pictures(out: Path) -> list[Path]:
    """Each picture of DOC_PICTURES at each of LOOK_SIZES, named <name>_<size>.png."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, scene, config in DOC_PICTURES:
        for size in LOOK_SIZES:
            app = build(size, scene, config)
            app.draw()
            path = out / f"{name}_{size_text(size)}.png"
            pygame.image.save(app.surface, str(path))
            written.append(path)
            app.close()
    return written


def write_index(out: Path, files: list[Path]) -> Path:
    """index.html: every picture of the sheet, a row per scene, its sizes side by side."""
    rows: dict[str, list[Path]] = {}
    for path in files:
        rows.setdefault(path.stem.split("_", 1)[1], []).append(path)
    parts = [
        "<!doctype html><meta charset=utf-8><title>Mastermind Arcade: every screen</title>",
        "<style>body{background:#111;color:#ddd;font:14px sans-serif}img{height:300px;margin:4px}</style>",
    ]
    for scene, paths in rows.items():
        images = "".join(f'<a href="{p.name}"><img src="{p.name}" alt="{p.stem}"></a>' for p in paths)
        parts.append(f"<h3>{scene}</h3><div>{images}</div>")
    index = out / "index.html"
    index.write_text("\n".join(parts), encoding="utf-8")
    return index


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sheet",
        type=path_arg,
        metavar="DIR",
        help="every screen at 640x480, 800x600, 1024x720, 1280x800 and 1920x1080 into DIR",
    )
    parser.add_argument("--out", type=path_arg, default="shots", help="folder for the PNGs (default shots/)")
    parser.add_argument("--sizes", nargs="+", type=window_size, default=list(SHEET_SIZES))
    parser.add_argument("--configs", nargs="+", default=[DEFAULT_CONFIG], choices=list(CONFIGS))
    parser.add_argument("--scenes", nargs="+", default=None, choices=list(SCENES))
    parser.add_argument("--no-symbols", action="store_true", help="pegs without symbols")
    parser.add_argument("--palette", default="safe", choices=["safe", "classic"])
    parser.add_argument("--theme", default="dark", choices=list(THEMES))
    parser.add_argument("--pieces", default="pegs", choices=list(PIECE_SETS))
    parser.add_argument(
        "--looks",
        type=path_arg,
        nargs="?",
        const="docs/pictures",
        metavar="DIR",
        help="a game in progress in each theme and piece set at 640x480 and 1280x800 into DIR",
    )
    parser.add_argument(
        "--pictures",
        type=path_arg,
        nargs="?",
        const="docs/pictures",
        metavar="DIR",
        help="the games of digits and words, their codemaker and hand grading, and Deduce's boards of "
        "them, at 640x480 and 1280x800 into DIR",
    )
    parser.add_argument(
        "--readme",
        type=path_arg,
        nargs="?",
        const="docs",
        metavar="DIR",
        help="write only the README's screenshots (1280x800) into DIR (default docs/)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.readme is not None:
        from tools.readme_shots import write_readme_shots

        folder = writable_folder(parser, Path(args.readme), "--readme")
        print(json.dumps({"out": str(args.readme), "files": write_readme_shots(folder)}))
        return 0
    if args.looks is not None:
        folder = writable_folder(parser, Path(args.looks), "--looks")
        files = shoot_looks(folder)
        pygame.quit()
        print(json.dumps({"out": str(args.looks), "files": [str(f) for f in files]}))
        return 0
    if args.pictures is not None:
        folder = writable_folder(parser, Path(args.pictures), "--pictures")
        files = shoot_pictures(folder)
        pygame.quit()
        print(json.dumps({"out": str(args.pictures), "files": [str(f) for f in files]}))
        return 0
    settings = {"symbols": not args.no_symbols, "palette": args.palette}
    settings |= {"theme": args.theme, "pieces": args.pieces}
    if args.sheet is not None:
        out = writable_folder(parser, Path(args.sheet), "--sheet")
        shots = [(n, c) for n, c in SHEET if args.scenes is None or n in args.scenes]
        files = shoot(out, SHEET_SIZES, shots, settings)
        write_index(out, files)
    else:
        out = writable_folder(parser, Path(args.out))
        names = args.scenes if args.scenes is not None else list(SCENES)
        shots = [(n, c) for n in names for c in (args.configs if SCENES[n][1] else [None])]
        files = shoot(out, args.sizes, shots, settings)
    pygame.quit()
    print(json.dumps({"out": str(out), "files": len(files)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
