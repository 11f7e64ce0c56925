"""game/ui/text.py's face: the shipped typeface with its kerning, sizes chosen by measured capital
height (checked against a brute force over every pixel size), caches that stay bounded while a
window is dragged through hundreds of sizes, and pygame's default font when the file is missing."""

from __future__ import annotations

import pygame
import pytest

from game import assets
from game.ui import text as text_module
from game.ui.text import CAP_PER_SIZE, MAX_FONT_PX, MIN_FONT_PX, TextRenderer

WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_text_face__is_the_shipped_typeface_drawn_with_its_kerning():
    text = TextRenderer()
    assert text.font_path == assets.font_path() and text.font_path.is_file()
    for pair in ("AV", "To", "Ty"):  # pairs every screen face kerns
        whole = text.size(pair, 64)[0]
        apart = text.size(pair[0], 64)[0] + text.size(pair[1], 64)[0]
        assert whole < apart, pair


def test_text_face__each_size_is_the_largest_pixel_size_whose_capitals_fit_it():
    text = TextRenderer()
    caps = {}  # every whole pixel size's capital height, counted on a rendering of its own
    for px in range(1, 130):
        image = pygame.font.Font(str(assets.font_path()), px).render("H", True, WHITE)
        w, h = image.get_size()
        rows = {y for x in range(w) for y in range(h) if image.get_at((x, y)).a >= 128}
        caps[px] = max(rows) - min(rows) + 1 if rows else 0
    for size in range(MIN_FONT_PX, MAX_FONT_PX + 1):
        target = size * CAP_PER_SIZE
        expected = max(px for px, cap in caps.items() if cap <= target)
        assert text.pixel_size(size) == expected, size
        assert text.cap_px(size) == caps[expected] <= target
    assert [text.cap_px(s) for s in (14, 16, 20, 26)] == [7, 8, 10, 13]  # what the floors promise


def test_text_face__caches_stay_bounded_through_hundreds_of_sizes():
    text = TextRenderer()
    first = pygame.image.tobytes(text.render("Classic · 4 pegs × 6 colours", 30, WHITE), "RGBA")
    for size in range(MIN_FONT_PX, MAX_FONT_PX + 1):
        for words in ("MASTERMIND", "Best 700 · 1 code", "Next code in 6 h 59 min", str(size)):
            text.render(words, size, WHITE)
            text.render(words, size, (200, 180, 40))
        assert text.open_sizes() <= text_module.FONT_CACHE_LIMIT
        assert text.cached_bytes() <= text_module.RENDER_CACHE_BYTES
    again = text.render("Classic · 4 pegs × 6 colours", 30, WHITE)  # long evicted: drawn anew, the same
    assert pygame.image.tobytes(again, "RGBA") == first


def test_text_face__a_missing_file_falls_back_to_pygames_font(tmp_path):
    text = TextRenderer(tmp_path / "absent.otf")
    assert text.font_path is None
    assert text.cap_px(32) <= 16 and text.render("Submit", 32, WHITE).get_width() > 0
    assert text.size("Submit", 32) == text.font(32).size("Submit")  # its own box: nothing cut off
