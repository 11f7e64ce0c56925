"""The board is the star at every window size: it fills the content height (or, when the rows flow
into columns, the width beside the palette), its pegs grow with the window, the palette's pegs are
the board's size or a little larger, no text is drawn below the readable minimum, and every slot's
centre still hits that slot."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.core.config import GameConfig
from game.states.playing import PlayingState
from game.ui.layout import PlayLayout, SecretSlot, Slot, centre
from game.ui.maker_layout import MakerLayout
from game.ui.text import MIN_FONT_PX, TextRenderer, scaled_px
from tests.states.driver import make_app, settle

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
COVER = 0.85  # share of the content height (or of the width beside the palette) the board must span
MAX_PALETTE_RATIO = 1.25


def make(size, config: GameConfig) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, [n for n, _ in PANEL])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", CONFIGS)
def test_layout_scale__board_spans_the_content_height_or_the_width_beside_the_palette(size, name):
    layout = make(size, CONFIGS[name])
    beside_palette = layout.board_area.w - layout.palette_panel.w - layout.margin
    assert layout.board.h >= COVER * layout.content.h or layout.board.w >= COVER * beside_palette, (
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
    minimum = pygame.font.Font(None, MIN_FONT_PX).get_height()
    for asked in (1, 6, 10, 13):
        assert text.font(asked).get_height() == minimum
        assert text.render("Row 10", asked, (255, 255, 255)).get_height() >= minimum
    assert text.fit_size("a very long line that cannot fit", 5, 5) == MIN_FONT_PX


def test_text__scaled_sizes_grow_with_the_window_and_keep_the_minimum():
    sizes = [scaled_px(size, 0.03) for size in SIZES]
    assert sizes == sorted(sizes) and sizes[0] == MIN_FONT_PX and sizes[-1] > 2 * MIN_FONT_PX


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["2x2", "4x6", "8x10-relaxed"])
def test_layout_scale__playing_screen_creates_no_font_below_the_minimum(size, name, monkeypatch):
    asked: list[int] = []
    real_font = pygame.font.Font

    def recording_font(path, size_px, *args, **kwargs):
        asked.append(int(size_px))
        return real_font(path, size_px, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", recording_font)
    app = make_app(size=size, seed=3, start=PlayingState(CONFIGS[name]))
    settle(app, 0.2)
    assert asked and min(asked) >= MIN_FONT_PX, sorted(set(asked))
