"""Proportions a player can see, over the presets and custom sizes at 640x480, 1280x800 and 1920x1080:
grading pegs at least 0.4 of a code peg, the board in the column count that gives the largest pegs,
the codemaker's secret (its pegs and its empty slots) at least 0.9 of its palette's pegs."""

from __future__ import annotations

import pytest

from game.core.config import PRESETS, GameConfig
from game.core.variants import GRID_SHAPES, GridVariant
from game.play.maker import drawn_shape
from game.ui import layout as layout_module
from game.ui.layout import PlayLayout
from game.ui.maker_layout import MakerLayout

SIZES = ((640, 480), (1280, 800), (1920, 1080))
CUSTOM = (
    GameConfig(2, 2),
    GameConfig(3, 10),
    GameConfig(5, 5, difficulty="relaxed"),
    GameConfig(7, 9),
    GameConfig(8, 10, difficulty="relaxed"),
    GameConfig(10, 10),
    GameConfig(colours=6, variant=GridVariant(2, 2)),
    GameConfig(colours=4, variant=GridVariant(3, 3)),
    GameConfig(colours=3, variant=GridVariant(3, 4)),
)
CONFIGS = tuple(p.config() for p in PRESETS) + CUSTOM


def ids(config: GameConfig) -> str:
    return config.to_text()


def board(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, (), (), shape=config.variant.shape)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_ratios__grading_pegs_are_at_least_four_tenths_of_a_code_peg(size, config):
    layout = board(size, config)
    peg = layout.peg_diameter()
    for row in (0, config.turns - 1):
        for index in range(config.pegs):
            assert layout.grade_peg_rect(row, index).w >= 0.4 * peg, (row, index, peg)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_ratios__the_board_takes_the_column_count_with_the_largest_pegs(size, config, monkeypatch):
    chosen = board(size, config)
    forced = {}
    for count in range(1, layout_module.MAX_COLUMNS + 1):  # the board in (about) `count` columns, forced:
        monkeypatch.setattr(layout_module, "MAX_COLUMNS", count)  # at most `count`, and more columns
        monkeypatch.setattr(layout_module, "COLUMN_GAIN", 1e-3)  # always preferred
        made = board(size, config)
        forced[made.columns] = made.peg_diameter()
    monkeypatch.undo()
    assert chosen.peg_diameter() >= max(forced.values()) - 1, forced  # a pixel of rounding
    assert chosen.peg_diameter() == forced[chosen.columns]


def test_ratios__expert_takes_two_columns_where_they_give_bigger_pegs(monkeypatch):
    expert = next(p for p in PRESETS if p.name == "Expert").config()
    two = board((1280, 800), expert)
    monkeypatch.setattr(layout_module, "MAX_COLUMNS", 1)
    one = board((1280, 800), expert)
    assert two.columns == 2 and two.peg_diameter() > one.peg_diameter()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_ratios__the_codemakers_secret_is_at_least_nine_tenths_of_its_palette(size, config):
    shapes = [None, *GRID_SHAPES]
    buttons = ("back", "random", "start")
    shape = drawn_shape(config.variant)
    layout = MakerLayout(size, config.pegs, config.colours, True, buttons, shape, shapes)
    palette_peg = layout.palette_peg_rect(0).w
    assert layout.peg_diameter() >= 0.9 * palette_peg
    assert layout.slot_diameter() >= 0.9 * palette_peg  # an empty slot reads as a peg's place
