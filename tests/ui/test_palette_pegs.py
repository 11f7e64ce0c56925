"""Colours, symbols and peg art: colour-blind-safe hues first, golden-ratio extras per seed 003,
and pegs that stay distinguishable in greyscale (symbols on), key pegs told apart by fill."""

from __future__ import annotations

import colorsys
import itertools

import pygame
import pytest

from game.ui import palette as pal
from game.ui.palette import _distance
from game.ui.pegs import PegArt

OKABE_ITO_HEX = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def hex_rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def test_palette__safe_palette_is_okabe_ito_then_golden_ratio_extras():
    colours = pal.safe_palette()
    assert len(colours) == 10
    assert {hex_rgb(h) for h in OKABE_ITO_HEX} <= set(colours[:8])
    assert colours[8:] == (pal.golden_colour(2), pal.golden_colour(3))
    for a, b in itertools.combinations(colours, 2):
        assert _distance(a, b) > 100, (a, b)


def test_palette__golden_colour_follows_the_seed_formula():
    phi = 0.618033988749895
    for k in range(12):
        r, g, b = colorsys.hsv_to_rgb((k * phi) % 1, pal.GOLDEN_SATURATION, (1 - (k * phi) % 0.5) ** 0.5)
        assert pal.golden_colour(k) == (round(r * 255), round(g * 255), round(b * 255))


def test_palette__every_colour_has_its_own_symbol_name_and_key():
    assert len(set(pal.SYMBOLS)) == len(pal.SYMBOLS) == 10
    assert len(set(pal.KEY_LABELS)) == 10
    for name in pal.PALETTE_NAMES:
        assert len(pal.palette(name)) == 10
        assert len({pal.colour_name(i, name) for i in range(10)}) == 10


def grey_pixels(surface: pygame.Surface) -> list[int]:
    grey = pygame.transform.grayscale(surface)
    w, h = grey.get_size()
    return [grey.get_at((x, y))[0] * grey.get_at((x, y))[3] // 255 for x in range(w) for y in range(h)]


@pytest.mark.parametrize("palette_name", pal.PALETTE_NAMES)
@pytest.mark.parametrize("diameter", [18, 40])
def test_pegs__every_pair_of_pegs_differs_in_greyscale_with_symbols(palette_name, diameter):
    art = PegArt()
    colours = pal.palette(palette_name)
    images = [grey_pixels(art.peg(colours[i], i, diameter, True)) for i in range(10)]
    for i, j in itertools.combinations(range(10), 2):
        differing = sum(abs(a - b) > 40 for a, b in zip(images[i], images[j], strict=True))
        assert differing >= diameter * diameter * 0.05, (i, j, differing)


def test_pegs__key_pegs_differ_by_fill_not_hue():
    art = PegArt()
    black = art.key(True, 20)
    white = art.key(False, 20)
    centre = (10, 10)
    assert sum(black.get_at(centre)[:3]) < 100  # solid dark
    assert sum(white.get_at(centre)[:3]) > 700  # solid light
    grey_black, grey_white = pygame.transform.grayscale(black), pygame.transform.grayscale(white)
    assert abs(grey_black.get_at(centre)[0] - grey_white.get_at(centre)[0]) > 200


def test_pegs__cache_returns_the_same_image_for_the_same_look():
    art = PegArt()
    assert art.peg((1, 2, 3), 0, 30) is art.peg((1, 2, 3), 0, 30)
    assert art.peg((1, 2, 3), 0, 30) is not art.peg((1, 2, 3), 1, 30)
