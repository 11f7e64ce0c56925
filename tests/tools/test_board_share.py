"""tools/board_share.py: the board's share of the window, as JSON, measured on the plain game's real
layout (a Classic board at 640x480 takes over half the window; an 8x10 game's grading pegs are 9 px)."""

from __future__ import annotations

import json

from game.core.config import preset
from game.ui.breaker_view import PANEL_ITEMS, play_layout
from tools.board_share import GAMES, main


def test_board_share__reports_the_real_layouts_share_and_peg_sizes(capsys):
    assert main(["--sizes", "640x480", "1920x1080", "--games", "4x6", "8x10"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert set(report) == {"640x480", "1920x1080"} and set(report["640x480"]) == {"4x6", "8x10"}
    classic = play_layout((640, 480), preset("Classic").config(), PANEL_ITEMS)
    figures = report["640x480"]["4x6"]
    assert figures["board_px"] == [classic.board.w, classic.board.h]
    assert figures["board_share"] == round(classic.board.w * classic.board.h / (640 * 480), 3) >= 0.5
    assert figures["with_palette"] > figures["board_share"]
    assert report["640x480"]["8x10"]["grading_peg_px"] >= 9
    assert GAMES["8x10"].pegs == 8 and GAMES["8x10"].colours == 10
    assert "640x480 4x6: board" in err  # and a human line per measurement
