"""How the board's rows are arranged: one column (secret on top, rows in order below) when the
window is tall enough; on a wide window the rows flow into more columns so the pegs grow and the
width is used, always reading top to bottom, then left to right."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.ui.layout import PEG_DIAMETER_U, ROW_PITCH_U, PlayLayout, Slot, centre
from tests.screens.driver import drag, make_app

PANEL = [("info", 1.3), ("submit", 1.15), ("message", 1.3), ("clear", 1), ("undo", 1), ("reveal", 1)]
SIZES = [(640, 480), (1024, 720), (1280, 800), (1920, 1080), (900, 1300)]
CONFIGS = [GameConfig(4, 6), GameConfig(5, 8), GameConfig(6, 9, difficulty="tight"), GameConfig(8, 10)]


def make(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, [n for n, _ in PANEL])


def one_column_peg_bound(layout: PlayLayout, turns: int) -> float:
    """No single column can give bigger pegs than this: its rows alone must fit the content height."""
    return layout.content.h / (turns * ROW_PITCH_U) * PEG_DIAMETER_U


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.pegs}x{c.colours}x{c.turns}")
def test_layout_columns__rows_read_top_to_bottom_then_left_to_right(size, config):
    layout = make(size, config)
    assert layout.secret_rect().bottom <= layout.row_rect(0).y
    assert layout.content.contains(layout.board)
    for row in range(1, config.turns):
        before, here = layout.row_rect(row - 1), layout.row_rect(row)
        same_column = here.x == before.x
        assert (same_column and here.y >= before.bottom) or (here.x >= before.right and here.y < before.y)
    assert len({layout.row_rect(row).x for row in range(config.turns)}) == layout.columns


@pytest.mark.parametrize("config", CONFIGS[:3], ids=lambda c: f"{c.pegs}x{c.colours}x{c.turns}")
def test_layout_columns__a_tall_window_keeps_one_column_like_a_real_board(config):
    layout = make((900, 1300), config)
    assert layout.columns == 1


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_layout_columns__a_wide_window_flows_into_columns_for_bigger_pegs(size):
    config = GameConfig(4, 6)
    layout = make(size, config)
    assert layout.columns >= 2
    assert layout.peg_diameter() > one_column_peg_bound(layout, config.turns)
    for row in range(config.turns):
        for col in range(config.pegs):
            assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)


def test_layout_columns__classic_game_at_1280x800_plays_its_board_by_mouse():
    app = make_app(size=(1280, 800), seed=2, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    for col, colour in enumerate((3, 1, 4, 0)):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(0, col)))
    assert list(state.run.draft) == [3, 1, 4, 0]
