"""The smallest capitals a player must read, measured from rendered pixels: one JSON object.

    python tools/cap_heights.py                          # 640x480 and 1280x800, every scene
    python tools/cap_heights.py --size 1920x1080 --scene menu --scene coach

Every scene of tools/scenes.py's sheet (each screen and overlay reached as a player reaches it) is
drawn once at each window size with a spy on the app's text renderer that sees every text drawn,
its size and whether the code tags it fine print. For each size of text drawn, a capital "H" is
rendered with the same renderer and its capital height is counted in pixels: the rows whose ink
covers at least half a pixel somewhere (alpha >= 128), so a faint antialiased top row does not
count. Per window size: the smallest capital height of text that is not fine print, the texts
drawn at it (a few) and the scenes they are in, the same for fine print, and how many texts were
measured. A human line per size goes to stderr.
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.cli import OneLineParser  # noqa: E402
from game.options import window_size  # noqa: E402
from game.ui.text import TextRenderer  # noqa: E402
from tools import scenes  # noqa: E402

DEFAULT_SIZES = ((640, 480), (1280, 800))
INK_ALPHA = 128  # a row is ink where some pixel is at least half covered
EXAMPLES = 4


def ink_rows(surface: pygame.Surface) -> int:
    """Rows of `surface` with a pixel at least INK_ALPHA opaque."""
    alpha = pygame.surfarray.pixels_alpha(surface)
    try:
        return int((alpha >= INK_ALPHA).any(axis=0).sum())
    finally:
        del alpha  # the surface stays locked while the array lives


def cap_height(text: TextRenderer, size_px: int) -> int:
    """The capital height, in rendered pixels, of text drawn at `size_px`."""
    return ink_rows(text.render("H", size_px, (255, 255, 255)))


def drawn_texts(app) -> list[tuple[str, int, bool]]:
    """(text, size, fine) of every text one frame of `app` draws."""
    drawn: list[tuple[str, int, bool]] = []
    real_draw = app.text.draw

    def spy(surface, line, size_px, colour, anchor, align="center", fine=False, role=""):
        drawn.append((line, int(size_px), fine))
        return real_draw(surface, line, size_px, colour, anchor, align, fine, role)

    app.text.draw = spy
    try:
        app.draw()
    finally:
        del app.text.draw
    return [d for d in drawn if d[0].strip()]


def measure(size: tuple[int, int], names: list[tuple[str, str | None]]) -> dict:
    """The smallest capitals drawn at window `size` over the scenes `names`."""
    by_cap: dict[bool, dict[int, list[tuple[str, str]]]] = {False: defaultdict(list), True: defaultdict(list)}
    count = 0
    for name, config in names:
        app = scenes.build(size, name, config)
        caps: dict[int, int] = {}
        for words, px, fine in drawn_texts(app):
            if px not in caps:
                caps[px] = cap_height(app.text, px)
            by_cap[fine][caps[px]].append((words, name))
            count += 1
    report: dict = {"texts": count}
    for fine, key in ((False, "readable"), (True, "fine_print")):
        if not by_cap[fine]:
            report[key] = None
            continue
        smallest = min(by_cap[fine])
        seen = by_cap[fine][smallest]
        report[key] = {
            "smallest_cap_px": smallest,
            "texts": sorted({words[:50] for words, _ in seen})[:EXAMPLES],
            "scenes": sorted({scene for _, scene in seen})[:EXAMPLES],
            "at_smallest": len(seen),
        }
    return report


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="cap_heights.py", description="The smallest capitals drawn, from pixels.")
    parser.add_argument("--size", type=window_size, action="append", help="a window size (repeatable)")
    parser.add_argument("--scene", action="append", choices=list(scenes.SCENES), help="a scene (repeatable)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    sizes = args.size or list(DEFAULT_SIZES)
    if args.scene:
        names = [(name, scenes.DEFAULT_CONFIG if scenes.SCENES[name][1] else None) for name in args.scene]
    else:
        names = [(name, config) for name, config in scenes.SHEET if config in (None, scenes.DEFAULT_CONFIG)]
    result = {"{}x{}".format(*size): measure(size, names) for size in sizes}
    pygame.quit()
    print(json.dumps(result))
    for size, report in result.items():
        readable, fine = report["readable"], report["fine_print"]
        line = f"{size}: readable text's capitals at least {readable['smallest_cap_px']} px"
        if fine:
            line += f" (fine print {fine['smallest_cap_px']} px)"
        print(f"{line} over {report['texts']} texts", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
