"""Proportions a player can see, over the presets and custom sizes at 640x480, 1280x800 and 1920x1080:
grading pegs at least 0.4 of a code peg, the board in the column count that gives the largest pegs,
the codemaker's secret (its pegs and its empty slots) at least 0.9 of its palette's pegs. At 4:3 and
small windows the board of a Classic or Super game takes at least half the window (the side panel
goes to a band along the bottom when that gives larger pegs), an 8x10 game's grading pegs are at
least 9 px at 640x480, and the grid puzzle's grey grading pegs stand out from their panel."""

from __future__ import annotations

import pytest

from game.core.config import PRESETS, GameConfig
from game.core.variants import GRID_SHAPES, GridVariant
from game.play.maker import drawn_shape
from game.ui import layout as layout_module
from game.ui import palette as pal
from game.ui.breaker_view import PANEL_ITEMS, play_layout
from game.ui.grid_board import KEY_GREY
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
    # a pixel of rounding; and a band along the bottom must beat the side column by BAND_GAIN, so a
    # column count that only wins with the band may beat the chosen one by less than that
    assert chosen.peg_diameter() >= max(forced.values()) / layout_module.BAND_GAIN - 1, forced
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


SMALL_SIZES = ((640, 480), (800, 600), (1024, 720))


@pytest.mark.parametrize("size", SMALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ("Classic", "Super"))
def test_ratios__a_small_or_four_by_three_window_gives_the_board_half_its_area(size, name):
    config = next(p for p in PRESETS if p.name == name).config()
    layout = play_layout(size, config, PANEL_ITEMS)  # the plain game's own panel, every button in it
    assert layout.board.w * layout.board.h >= 0.5 * size[0] * size[1], (layout.board, layout.panel_side)


@pytest.mark.parametrize("size", SMALL_SIZES + ((1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_ratios__the_panel_goes_where_the_pegs_are_clearly_larger_and_covers_nothing(
    size, config, monkeypatch
):
    chosen = play_layout(size, config, PANEL_ITEMS)
    other = {}
    for side in ("right", "bottom"):  # each arrangement forced by making the other hopeless
        monkeypatch.setattr(
            layout_module.PlayLayout,
            "_place_panel",
            lambda self, *args, band, keep=side, real=layout_module.PlayLayout._place_panel: (
                real(self, *args, band=band) if band == (keep == "bottom") else -1
            ),
        )
        other[side] = play_layout(size, config, PANEL_ITEMS).peg_diameter()
        monkeypatch.undo()
    band, side = other["bottom"], other["right"]
    band_wins = band > side and band >= side * layout_module.BAND_GAIN
    assert chosen.panel_side == ("bottom" if band_wins else "right"), other
    assert chosen.peg_diameter() == other[chosen.panel_side]
    items = [chosen.item_rect(name) for name, _ in PANEL_ITEMS]
    for i, rect in enumerate(items):
        assert chosen.content.contains(rect)
        assert not rect.colliderect(chosen.board) and not rect.colliderect(chosen.palette_panel)
        assert not any(rect.colliderect(later) for later in items[i + 1 :])


def test_ratios__eight_by_ten_grading_pegs_are_at_least_nine_pixels_at_640x480():
    layout = play_layout((640, 480), GameConfig(8, 10, difficulty="relaxed"), PANEL_ITEMS)
    assert min(layout.grade_peg_rect(row, i).w for row in (0, 19) for i in range(8)) >= 9


def test_ratios__grid_grey_grading_pegs_have_three_to_one_contrast_with_their_panel():
    assert pal.contrast_ratio(KEY_GREY, pal.GRADE_AREA) >= pal.MIN_GRADE_CONTRAST >= 3.0
    assert pal.contrast_ratio(KEY_GREY, pal.KEY_BLACK) >= 3.0  # and still told from a black one
