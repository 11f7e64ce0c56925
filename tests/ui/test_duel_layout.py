"""DuelLayout: two boards of one size side by side, with the palette and the panel, at every window
size from 640x480 to 1920x1080 and code sizes from 2x2 to 6x9; the player's slots hit-test as on the
playing screen and nothing of the computer's board overlaps anything else."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig
from game.modes.duel.view import DuelLayout
from game.ui.layout import Slot

SIZES = ((640, 480), (800, 600), (1024, 720), (1280, 800), (1920, 1080), (1000, 500), (640, 900))
CONFIGS = (
    GameConfig(2, 2),
    GameConfig(4, 6),
    GameConfig(5, 8),
    GameConfig(6, 9, difficulty="tight"),
    GameConfig(6, 9, difficulty="relaxed"),
)
PANEL = (("info", 1.3), ("submit", 1.15), ("message", 1.3), ("clear", 1.0), ("undo", 1.0), ("reveal", 1.0))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.pegs}x{c.colours}x{c.turns}")
def test_duel_layout__two_equal_boards_fit_without_overlap(size, config):
    layout = DuelLayout(size, config.pegs, config.colours, config.turns, PANEL, ("submit", "clear"))
    mine, theirs = layout.board, layout.opponent.board
    assert mine.size == theirs.size and mine.y == theirs.y
    assert layout.palette_panel.right <= mine.x < mine.right < theirs.x
    assert layout.board_area.contains(layout.palette_panel.union(mine).union(theirs))
    assert not theirs.colliderect(layout.panel)
    assert layout.player_name_rect.bottom <= mine.y and layout.opponent_name_rect.bottom <= theirs.y
    for row in range(config.turns):
        for col in range(config.pegs):
            assert layout.hit_test(layout.slot_rect(row, col).center) == Slot(row, col)
            cell = layout.opponent.slot_rect(row, col)
            assert theirs.contains(cell) and layout.hit_test(cell.center) is None
        assert theirs.contains(layout.opponent.grade_rect(row))


def test_duel_layout__boards_use_most_of_the_width():
    """The search gives the player's side all the width a second board leaves: little is wasted."""
    layout = DuelLayout((1024, 720), 4, 6, 10, PANEL, ())
    used = layout.opponent.board.right - layout.palette_panel.x
    limited_by_height = layout.board.h >= layout.board_area.h * 0.85
    assert limited_by_height or used >= layout.board_area.w * 0.9
