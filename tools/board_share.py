"""How much of the window the board gets: the playing screen's layout measured at common window sizes.

    python tools/board_share.py                      # Classic, Super and 8x10 at five window sizes
    python tools/board_share.py --sizes 800x600 --games 4x6

For each window size and game it builds the plain game's real layout (game/ui/breaker_view.py
play_layout with the full side panel, the one a Classic game is played on) and reports the board's
share of the window's area (the board's own rectangle: rows, secret and padding; `with_palette`
adds the palette's), the columns of rows, where the buttons go, and the code and grading pegs'
diameters in pixels. Prints one JSON object and a human line per measurement (stderr).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import OneLineParser  # noqa: E402
from game.core.config import GameConfig, preset  # noqa: E402
from game.options import window_size  # noqa: E402
from game.ui.breaker_view import PANEL_ITEMS, play_layout  # noqa: E402
from game.ui.layout import PlayLayout  # noqa: E402

SIZES = ((640, 480), (800, 600), (1024, 720), (1280, 800), (1920, 1080))
GAMES = {
    "4x6": preset("Classic").config(),
    "5x8": preset("Super").config(),
    "8x10": GameConfig(8, 10, difficulty="relaxed"),
}


def measure(size: tuple[int, int], config: GameConfig) -> dict:
    """The board's share of the window and its pegs' sizes for `config` at `size`."""
    layout: PlayLayout = play_layout(size, config, PANEL_ITEMS)
    window = size[0] * size[1]
    board = layout.board
    with_palette = board.w * board.h + layout.palette_panel.w * layout.palette_panel.h
    return {
        "board_share": round(board.w * board.h / window, 3),
        "with_palette": round(with_palette / window, 3),
        "board_px": [board.w, board.h],
        "columns": layout.columns,
        "buttons": layout.panel_side,
        "peg_px": layout.peg_diameter(),
        "grading_peg_px": layout.grade_peg_rect(0, 0).w,
    }


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="board_share.py", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=window_size, default=list(SIZES))
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    report: dict[str, dict] = {}
    for size in args.sizes:
        name = f"{size[0]}x{size[1]}"
        report[name] = {}
        for game in args.games:
            figures = measure(size, GAMES[game])
            report[name][game] = figures
            print(
                f"{name} {game}: board {figures['board_share']:.0%} of the window "
                f"({figures['with_palette']:.0%} with the palette), {figures['columns']} column(s), "
                f"buttons {'below' if figures['buttons'] == 'bottom' else 'beside'}, "
                f"pegs {figures['peg_px']} px, grading pegs {figures['grading_peg_px']} px",
                file=sys.stderr,
            )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
