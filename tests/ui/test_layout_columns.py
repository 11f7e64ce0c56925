"""How the board's rows are arranged: one column (secret on top, rows in order below) whenever the
pegs stay at a comfortable size, more columns only when one column would make them too small."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig
from game.states.playing import PlayingState
from game.ui.layout import COMFORTABLE_UNIT_PX, PlayLayout, Slot, centre
from tests.states.driver import drag, make_app

PANEL = [("info", 1.3), ("submit", 1.15), ("message", 1.3), ("clear", 1), ("undo", 1), ("reveal", 1)]


def make(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, [n for n, _ in PANEL])


def assert_one_column_in_order(layout: PlayLayout, turns: int) -> None:
    assert layout.columns == 1
    assert layout.secret_rect().bottom <= layout.row_rect(0).y
    xs = {layout.row_rect(row).x for row in range(turns)}
    assert len(xs) == 1
    for row in range(1, turns):
        assert layout.row_rect(row).y >= layout.row_rect(row - 1).bottom


@pytest.mark.parametrize("size", [(1024, 720), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("config", [GameConfig(4, 6), GameConfig(5, 8), GameConfig(6, 9, difficulty="tight")])
def test_layout_columns__classic_boards_stay_one_column_with_comfortable_pegs(size, config):
    layout = make(size, config)
    assert_one_column_in_order(layout, config.turns)
    assert layout.unit >= COMFORTABLE_UNIT_PX
    assert layout.content.contains(layout.board)


def test_layout_columns__twenty_rows_on_a_laptop_fall_back_to_columns_for_bigger_pegs():
    config = GameConfig(8, 10, difficulty="relaxed")
    layout = make((1280, 800), config)
    assert layout.columns >= 2
    # one column would have been cramped: the rows' height alone leaves less than a comfortable unit
    assert layout.content.h / (config.turns * 1.12) < COMFORTABLE_UNIT_PX
    assert layout.unit >= COMFORTABLE_UNIT_PX
    for row in range(config.turns):
        for col in range(config.pegs):
            assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)


def test_layout_columns__classic_game_at_1280x800_plays_its_one_column_board_by_mouse():
    app = make_app(size=(1280, 800), seed=2, start=PlayingState(GameConfig(4, 6)))
    state = app.state
    layout = state.layout()
    assert_one_column_in_order(layout, 10)
    for col, colour in enumerate((3, 1, 4, 0)):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(0, col)))
    assert state.draft == [3, 1, 4, 0]
