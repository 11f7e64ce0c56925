"""The board is the star at every window size: it fills the height beside the panel (or, when the rows flow
into columns, the width beside the palette), its pegs grow with the window, the palette's pegs are
the board's size or a little larger, no text is drawn below the readable minimum, and every slot's
centre still hits that slot."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.core.config import ConfigError, GameConfig
from game.core.variants import GRID_SHAPES, GridVariant
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.ui.layout import PlayLayout, SecretSlot, Slot, centre
from game.ui.maker_layout import MakerLayout
from game.ui.text import MIN_CAP_PX, MIN_FONT_PX, TextRenderer, scaled_px
from tests.screens.driver import make_app, settle

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (2560, 1440)]
CONFIGS = {
    "2x2": GameConfig(2, 2),
    "3x4": GameConfig(3, 4),
    "4x6": GameConfig(4, 6),
    "5x8": GameConfig(5, 8),
    "6x9": GameConfig(6, 9),
    "8x10-classic": GameConfig(8, 10),
    "8x10-relaxed": GameConfig(8, 10, difficulty="relaxed"),
}
PANEL = [("info", 1.3), ("submit", 1.15), ("message", 1.3), ("clear", 1), ("undo", 1), ("reveal", 1)]
COVER = 0.85  # share of its area's height (or of the width beside the palette) the board must span
MAX_PALETTE_RATIO = 1.25


def make(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, [n for n, _ in PANEL])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", CONFIGS)
def test_layout_scale__board_spans_the_content_height_or_the_width_beside_the_palette(size, name):
    layout = make(size, CONFIGS[name])
    beside_palette = layout.board_area.w - layout.palette_panel.w - layout.margin
    assert layout.board.h >= COVER * layout.board_area.h or layout.board.w >= COVER * beside_palette, (
        layout.board,
        layout.content,
    )
    # the largest thing on screen: bigger than the side panel and the palette
    assert layout.board.w * layout.board.h > layout.panel.w * layout.panel.h
    assert layout.board.w * layout.board.h > layout.palette_panel.w * layout.palette_panel.h
    assert layout.content.contains(layout.board) and layout.content.contains(layout.palette_panel)
    assert not layout.board.colliderect(layout.palette_panel) and not layout.board.colliderect(layout.panel)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", CONFIGS)
def test_layout_scale__palette_pegs_match_the_board_pegs_or_a_little_larger(size, name):
    config = CONFIGS[name]
    layout = make(size, config)
    board_peg = layout.peg_diameter()
    for colour in range(config.colours):
        palette_peg = layout.palette_peg_rect(colour).w
        assert board_peg * 0.95 <= palette_peg <= MAX_PALETTE_RATIO * board_peg, (palette_peg, board_peg)
        assert layout.palette_panel.contains(layout.palette_rect(colour))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", CONFIGS)
def test_layout_scale__hit_test_of_every_slot_centre_is_that_slot(size, name):
    config = CONFIGS[name]
    layout = make(size, config)
    for row, col in itertools.product(range(config.turns), range(config.pegs)):
        assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)


def test_layout_scale__pegs_at_1280x800_are_big_enough_to_grab():
    assert make((1280, 800), CONFIGS["4x6"]).peg_diameter() >= 44
    assert make((1280, 800), CONFIGS["8x10-classic"]).peg_diameter() >= 30


@pytest.mark.parametrize("name", CONFIGS)
def test_layout_scale__pegs_keep_growing_with_the_window(name):
    diameters = [make(size, CONFIGS[name]).peg_diameter() for size in SIZES]
    assert diameters == sorted(diameters) and diameters[-1] >= 2.2 * diameters[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_layout_scale__ten_pegs_fit_with_every_slot_hittable(size):
    config = GameConfig(10, 10, difficulty="relaxed")
    layout = make(size, config)
    assert layout.content.contains(layout.board) and layout.peg_diameter() >= 12
    for row, col in itertools.product(range(config.turns), range(config.pegs)):
        assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)
    maker = MakerLayout(size, 10, 10, True, ("back", "start"))
    for col in range(10):
        assert maker.hit_test(centre(maker.secret_slot_rect(col))) == SecretSlot(col)
        assert pygame.Rect(0, 0, *size).contains(maker.secret_slot_rect(col))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("colours", [2, 6, 10])
def test_layout_scale__codemaker_palette_pegs_match_its_secret_pegs(size, colours):
    layout = MakerLayout(size, 4, colours, True, ("back", "start"))
    secret_peg = layout.peg_diameter()
    assert secret_peg * 0.95 <= layout.palette_peg_rect(0).w <= MAX_PALETTE_RATIO * secret_peg


def test_text__no_font_is_ever_smaller_than_the_minimum():
    pygame.font.init()
    text = TextRenderer()
    minimum = text.render("Row 10", MIN_FONT_PX, (255, 255, 255)).get_size()
    assert text.cap_px(MIN_FONT_PX) == MIN_CAP_PX  # the shipped face measured: capitals 7 px tall
    for asked in (1, 6, 10, 13):
        assert text.font(asked) is text.font(MIN_FONT_PX) and text.cap_px(asked) == MIN_CAP_PX
        assert text.render("Row 10", asked, (255, 255, 255)).get_size() == minimum
    assert text.fit_size("a very long line that cannot fit", 5, 5) == MIN_FONT_PX


def test_text__scaled_sizes_grow_with_the_window_and_keep_the_minimum():
    sizes = [scaled_px(size, 0.03) for size in SIZES]
    assert sizes == sorted(sizes) and sizes[0] == MIN_FONT_PX and sizes[-1] > 2 * MIN_FONT_PX


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["2x2", "4x6", "8x10-relaxed", "3x3x4", "3x3x9-unique", "2x2x10"])
def test_layout_scale__playing_screen_creates_no_font_below_the_minimum(size, name, monkeypatch):
    made: list[pygame.font.Font] = []
    real_font = pygame.font.Font

    def recording_font(path, size_px, *args, **kwargs):
        made.append(real_font(path, size_px, *args, **kwargs))
        return made[-1]

    monkeypatch.setattr(pygame.font, "Font", recording_font)
    app = make_app(
        size=size, seed=3, start=PlayingState({**CONFIGS, **GRID_CONFIGS}[name], hooks=ClassicHooks())
    )
    settle(app, 0.2)
    caps = sorted({font.metrics("H")[0][3] for font in made})  # capitals as the face draws them
    assert caps and caps[0] >= MIN_CAP_PX, caps


# --- grid boards ------------------------------------------------------------------------------------
# A grid game's board obeys the same rules (it spans the content height, its palette pegs are a little
# larger than its pegs, every cell's centre hits that cell, no text below the minimum). What honestly
# differs: a grid board holds up to 12 cells a row and 20 turns (240 cells, where 4x6 has 40 slots), so
# the grab-size rule is on its cells at 1280x800 at a lower bar; and its rows must read as separate
# small grids, so the air between two turns is a visible gap, several times the row game's.


def largest_grid_configs() -> dict[str, GameConfig]:
    """Every offered grid shape at the most colours it allows, with and without repeats, on the
    Relaxed rule (the most turns): the fullest boards a player can set up."""
    configs = {}
    for shape in GRID_SHAPES:
        for duplicates in (True, False):
            largest = None
            for colours in range(2, 11):
                try:
                    largest = GameConfig(
                        colours=colours,
                        variant=GridVariant(*shape),
                        duplicates=duplicates,
                        difficulty="relaxed",
                    )
                except ConfigError:
                    continue
            if largest is not None:
                configs[f"{shape[0]}x{shape[1]}x{largest.colours}{'' if duplicates else '-unique'}"] = largest
    return configs


GRID_CONFIGS = largest_grid_configs()
GRID_PALETTE_RATIO = (1.07, 1.12)  # the palette's pegs against the board's, give or take a pixel of rounding
GRID_PEG_AT_1280x800_PX = 28  # a grid cell's peg at 1280x800, fullest board (a 4x6 peg is at least 44)
GRID_GAP_U = 0.25  # the least air between two turns of a grid board, in cells (a row game has 0.12)


def make_grid(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(
        size,
        config.pegs,
        config.colours,
        config.turns,
        PANEL,
        [n for n, _ in PANEL],
        shape=config.variant.shape,
    )


def test_layout_scale__grid_configs_cover_every_offered_shape():
    assert {config.variant.shape for config in GRID_CONFIGS.values()} == set(GRID_SHAPES)
    assert GRID_CONFIGS["3x3x4"].colours == 4  # 4 ** 9 codes fit the grid cap, 5 ** 9 do not


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GRID_CONFIGS)
def test_layout_scale__grid_board_spans_the_content_and_is_the_largest_thing(size, name):
    layout = make_grid(size, GRID_CONFIGS[name])
    beside_palette = layout.board_area.w - layout.palette_panel.w - layout.margin
    assert layout.board.h >= COVER * layout.board_area.h or layout.board.w >= COVER * beside_palette
    assert layout.board.w * layout.board.h > layout.panel.w * layout.panel.h
    assert layout.content.contains(layout.board) and layout.content.contains(layout.palette_panel)
    assert not layout.board.colliderect(layout.palette_panel) and not layout.board.colliderect(layout.panel)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GRID_CONFIGS)
def test_layout_scale__grid_palette_pegs_are_a_little_larger_than_its_cells_pegs(size, name):
    config = GRID_CONFIGS[name]
    layout = make_grid(size, config)
    board_peg = layout.peg_diameter()
    low, high = GRID_PALETTE_RATIO
    for colour in range(config.colours):
        palette_peg = layout.palette_peg_rect(colour).w
        assert low * board_peg - 1 <= palette_peg <= high * board_peg + 1, (palette_peg, board_peg)
        assert layout.palette_panel.contains(layout.palette_rect(colour))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GRID_CONFIGS)
def test_layout_scale__grid_cells_hit_where_drawn_and_rows_read_as_separate_grids(size, name):
    config = GRID_CONFIGS[name]
    layout = make_grid(size, config)
    for row, col in itertools.product(range(config.turns), range(config.pegs)):
        assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)
    for col in range(config.pegs):
        assert layout.hit_test(centre(layout.secret_slot_rect(col))) == SecretSlot(col)
    rows = [layout.row_rect(row) for row in range(config.turns)]
    for above, below in itertools.pairwise(rows):
        if above.x == below.x:  # the same column of turns: a gap, not one long lattice of cells
            assert below.top - above.bottom >= GRID_GAP_U * layout.unit - 1, (above, below)
    secret = layout.secret_rect()
    assert all(not secret.colliderect(rect) for rect in rows)


@pytest.mark.parametrize("name", GRID_CONFIGS)
def test_layout_scale__grid_pegs_are_big_at_1280x800_and_keep_growing(name):
    diameters = [make_grid(size, GRID_CONFIGS[name]).peg_diameter() for size in SIZES]
    assert diameters[SIZES.index((1280, 800))] >= GRID_PEG_AT_1280x800_PX
    assert diameters == sorted(diameters) and diameters[-1] >= 2.2 * diameters[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", GRID_CONFIGS)
def test_layout_scale__grid_grading_pegs_in_three_kinds_stay_distinct(size, name):
    from game.ui.grid_board import key_image
    from game.ui.pegs import PegArt

    layout = make_grid(size, GRID_CONFIGS[name])
    d = layout.grade_peg_rect(0, 0).w
    assert d >= 7, d  # the grey peg's slash needs a few pixels to show
    art = PegArt()
    images = {kind: _seen(key_image(art, kind, d)) for kind in ("black", "grey", "white")}
    for a, b in itertools.combinations(images, 2):  # each pair differs clearly, pixel for pixel
        assert abs(images[a] - images[b]).sum(axis=2).mean() > 100, (a, b, d)


def _seen(image: pygame.Surface):
    """The image's colours as they show on the board: each pixel's RGB weighted by its alpha."""
    rgb = pygame.surfarray.pixels3d(image).astype(int)
    alpha = pygame.surfarray.pixels_alpha(image).astype(int)
    return rgb * alpha[..., None] // 255
