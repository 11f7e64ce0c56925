"""Draw the game's icon with pygame into assets/icons/mastermind-arcade-<size>.png.

The icon is a board in miniature, drawn with the game's own peg art (game/ui/pegs.py) and colours
(game/ui/palette.py): a lit row of four code pegs of the colour-blind-safe palette, with their
symbols where a peg is big enough for one, over the grading panel's two black and two white key
pegs. Each size is drawn at that size (the peg art supersamples and scales down on its own), so the
small icons stay crisp instead of being shrunk from the large one. Headless: it needs no window.

    python tools/make_icon.py                 # rewrite assets/icons/
    python tools/make_icon.py --out /tmp/i    # somewhere else

Deterministic: rerunning it rewrites the same pixels (tests/tools/test_make_icon.py compares the
committed PNGs with a fresh drawing). Prints one JSON line per file (name, size, bytes) and a human
summary line on stderr. The sizes and names are game/assets.py's, which the game reads them by.
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

from game import assets  # noqa: E402
from game.cli import OneLineParser, path_arg  # noqa: E402
from game.ui import palette as pal  # noqa: E402
from game.ui.pegs import PegArt  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / assets.ICONS
CODE = (0, 1, 2, 3)  # vermillion, sky blue, yellow, green: the safe palette's first four
GRADE = (True, True, False, False)  # two black, two white: a guess half right
# Geometry as fractions of the icon's side.
INSET = 0.02  # the board's transparent margin
CORNER = 0.18  # the board's corner radius
EDGE = 0.025  # the board's rim
ROW_Y, ROW_H = 0.15, 0.32  # the lit row
PEG_D, PEG_PITCH = 0.18, 0.2  # code peg diameter and spacing
PANEL_W, PANEL_H, PANEL_Y = 0.44, 0.34, 0.57  # the grading panel under the row
KEY_D, KEY_PITCH = 0.125, 0.17  # key peg diameter and spacing (2 x 2)
MIN_OUTLINE_PX = 32  # below this the lit row's outline would cover its pegs: the row's fill alone shows it


def _px(value: float, size: int) -> int:
    return round(value * size)


def draw_icon(size: int, art: PegArt | None = None) -> pygame.Surface:
    """The icon `size` px square, on a transparent background."""
    art = art or PegArt()
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    board = pygame.Rect(0, 0, size, size).inflate(-2 * _px(INSET, size), -2 * _px(INSET, size))
    radius = max(2, _px(CORNER, size))
    pygame.draw.rect(icon, pal.BOARD_EDGE, board, border_radius=radius)
    rim = max(1, _px(EDGE, size))
    pygame.draw.rect(icon, pal.BOARD, board.inflate(-2 * rim, -2 * rim), border_radius=max(1, radius - rim))

    row = pygame.Rect(board.x + rim * 2, _px(ROW_Y, size), board.w - rim * 4, _px(ROW_H, size))
    pygame.draw.rect(icon, pal.ACTIVE_ROW, row, border_radius=max(1, row.h // 4))
    if size >= MIN_OUTLINE_PX:
        outline = max(1, _px(0.015, size))
        pygame.draw.rect(icon, pal.ACTIVE_EDGE, row, width=outline, border_radius=max(1, row.h // 4))
    colours = pal.palette("safe")
    diameter = max(4, _px(PEG_D, size))
    pitch = PEG_PITCH * size
    x0 = size / 2 - pitch * (len(CODE) - 1) / 2
    for i, colour in enumerate(CODE):
        peg = art.peg(colours[colour], colour, diameter, symbols=True)
        icon.blit(peg, peg.get_rect(center=(round(x0 + i * pitch), row.centery)))

    panel = pygame.Rect(0, 0, _px(PANEL_W, size), _px(PANEL_H, size))
    panel.midtop = (size // 2, _px(PANEL_Y, size))
    pygame.draw.rect(icon, pal.GRADE_AREA, panel, border_radius=max(1, panel.h // 5))
    key_d = max(3, _px(KEY_D, size))
    key_pitch = KEY_PITCH * size
    for i, black in enumerate(GRADE):
        r, c = divmod(i, 2)
        centre = (round(panel.centerx + (c - 0.5) * key_pitch), round(panel.centery + (r - 0.5) * key_pitch))
        key = art.key(black, key_d)
        icon.blit(key, key.get_rect(center=centre))
    return icon


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="make_icon.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=path_arg, default=DEFAULT_OUT, help="directory for the PNG files")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out must be a directory, not the file {args.out}")
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"cannot write --out {args.out}: {exc.strerror or exc}")
    art = PegArt()
    for size in assets.ICON_SIZES_PX:
        path = args.out / f"{assets.APP_ID}-{size}.png"
        pygame.image.save(draw_icon(size, art), str(path))
        print(json.dumps({"name": path.name, "size_px": size, "bytes": path.stat().st_size}))
    print(f"wrote {len(assets.ICON_SIZES_PX)} icons to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
