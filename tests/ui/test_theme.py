"""The theme's text is readable: every (text, background) pair the theme declares, and every pair
the button widget actually draws, has a WCAG 2 contrast ratio of at least 4.5:1."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pygame
import pytest

from game.ui import palette as pal
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button

GAME_DIR = Path(__file__).resolve().parents[2] / "game"


def wcag_ratio(a, b) -> float:
    """The WCAG 2 formula written out independently of game.ui.palette."""

    def lum(rgb):
        def lin(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        r, g, b = (lin(v) for v in rgb[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_theme__contrast_formula_matches_known_values():
    assert pal.contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert pal.contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert pal.contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)


@pytest.mark.parametrize("use", list(pal.TEXT_PAIRS))
def test_theme__every_declared_text_pair_has_contrast_of_at_least_4_5(use):
    ink, background = pal.TEXT_PAIRS[use]
    ratio = wcag_ratio(ink, background)
    assert ratio >= pal.MIN_TEXT_CONTRAST, f"{use}: {ratio:.2f}"
    assert pal.contrast_ratio(ink, background) == pytest.approx(ratio)


def text_colour_names_drawn_in_game() -> set[str]:
    """Every palette constant named TEXT* or ACTIVE_EDGE that game/ code reads (pal.NAME)."""
    names = set()
    for path in GAME_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
                continue
            if node.value.id == "pal" and node.attr.startswith("TEXT") and node.attr != "TEXT_PAIRS":
                names.add(node.attr)
    return names


def test_theme__every_text_colour_the_game_draws_with_is_in_a_checked_pair():
    declared = {ink for ink, _ in pal.TEXT_PAIRS.values()}
    drawn = text_colour_names_drawn_in_game()
    assert {"TEXT", "TEXT_DIM"} <= drawn
    for name in drawn:
        assert getattr(pal, name) in declared, name


@pytest.mark.parametrize(
    ("enabled", "hot", "primary"), list(itertools.product((True, False), (False, True), (False, True)))
)
def test_theme__button_labels_as_drawn_keep_the_contrast(enabled, hot, primary):
    pygame.font.init()
    surface = pygame.Surface((240, 60))
    surface.fill((255, 0, 255))
    rect = pygame.Rect(10, 5, 220, 50)
    draw_button(surface, TextRenderer(), rect, "Submit", enabled=enabled, hot=hot, primary=primary)
    fill = tuple(surface.get_at((rect.x + 12, rect.y + 4)))[:3]
    pixels = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.x + 14, rect.right - 14)
        for y in range(rect.y + 8, rect.bottom - 8)
    }
    ink = max(pixels, key=lambda p: wcag_ratio(p, fill))  # the label's solid core
    assert (ink, fill) in set(pal.TEXT_PAIRS.values())
    assert wcag_ratio(ink, fill) >= pal.MIN_TEXT_CONTRAST
