"""The looks a player chooses: every theme keeps its text readable (WCAG 2 contrast of at least 4.5:1
for every text and background pair it declares, and for every pair the button widget draws), its
grading pegs visible, and the high-contrast piece set keeps its colours apart (CIEDE2000, for normal
vision and under protan, deutan and tritan simulations) better than the palettes it replaces. The
pieces are drawn as their set says: a digit or a letter on the peg, a square tile, a symbol in every
set."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import settings as settings_module
from game.ui import looks
from game.ui import palette as pal
from game.ui.grid_board import KEY_GREY
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button
from tests.ui.colour_science import ciede2000, lab, simulate
from tests.ui.test_theme import wcag_ratio

THEMES = list(looks.THEMES.values())
VISIONS = (None, "protan", "deutan", "tritan")


def least_difference(colours, vision) -> float:
    seen = [simulate(c, vision) for c in colours]
    return min(ciede2000(a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_looks__every_text_pair_of_every_theme_reads_at_4_5_to_1(theme):
    pairs = looks.text_pairs(theme)
    assert len(pairs) >= 20
    for use, (ink, background) in pairs.items():
        ratio = wcag_ratio(ink, background)
        assert ratio >= pal.MIN_TEXT_CONTRAST, f"{theme.name}: {use}: {ratio:.2f}"


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_looks__grading_pegs_stand_out_from_their_panel_in_every_theme(theme):
    for peg in (theme.key_black, KEY_GREY):
        assert wcag_ratio(peg, theme.grade_area) >= pal.MIN_GRADE_CONTRAST, (theme.name, peg)
    assert wcag_ratio(KEY_GREY, theme.key_black) >= pal.MIN_GRADE_CONTRAST


def test_looks__light_is_dark_on_light_and_night_is_true_black():
    light, night, dark = looks.LIGHT, looks.NIGHT, looks.DARK
    assert lab(light.background)[0] > 85 > 20 > lab(light.text)[0]
    assert night.background == (0, 0, 0) and night.hole == (0, 0, 0)
    # night's chrome is dimmer than dark's: its text, accent and cards give off less light
    for name in ("text", "text_dim", "selection", "board", "button"):
        assert lab(getattr(night, name))[0] < lab(getattr(dark, name))[0], name


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
@pytest.mark.parametrize(
    ("enabled", "hot", "primary"), [(True, False, False), (True, True, True), (False, False, False)]
)
def test_looks__button_labels_as_drawn_keep_the_contrast_in_every_theme(theme, enabled, hot, primary):
    pygame.font.init()
    surface = pygame.Surface((240, 60))
    surface.fill((255, 0, 255))
    rect = pygame.Rect(10, 5, 220, 50)
    with looks.using(looks.Look(theme)):
        draw_button(surface, TextRenderer(), rect, "Submit", enabled=enabled, hot=hot, primary=primary)
    fill = tuple(surface.get_at((rect.x + 12, rect.y + 4)))[:3]
    # the label's darkest or lightest pixel against the fill, whichever is farther
    inside = [
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.x + 20, rect.right - 20)
        for y in range(rect.y + 8, rect.bottom - 8)
    ]
    best = max(wcag_ratio(p, fill) for p in inside)
    assert best >= pal.MIN_TEXT_CONTRAST, (theme.name, fill, best)


def test_looks__settings_offer_every_theme_and_piece_set():
    assert settings_module.THEMES == looks.THEME_NAMES
    assert settings_module.PIECE_SETS == looks.PIECE_SET_NAMES


def test_looks__high_contrast_colours_stay_apart_for_every_kind_of_colour_vision():
    colours = looks.HIGH_CONTRAST_COLOURS
    assert len(colours) == len(set(colours)) == 10
    for vision in VISIONS:
        for n in (4, 6, 8, 10):
            assert least_difference(colours[:n], vision) >= 19, (vision, n)
        # no worse than either palette it replaces for this vision, with all ten colours...
        for other in (pal.safe_palette(), pal.CLASSIC):
            assert least_difference(colours, vision) >= least_difference(other, vision), vision
    # ... and far better for the vision each serves worst
    for other in (pal.safe_palette(), pal.CLASSIC):
        worst = min(least_difference(other, vision) for vision in VISIONS)
        assert min(least_difference(colours, vision) for vision in VISIONS) > worst + 10


def test_looks__colour_science_reference_values():
    # CIEDE2000's own test data (Sharma, Wu and Dalal 2005) through sRGB would need Lab input; check
    # the two ends instead: identical colours differ by 0, black and white by 100
    assert ciede2000((10, 20, 30), (10, 20, 30)) == pytest.approx(0.0, abs=1e-9)
    assert ciede2000((0, 0, 0), (255, 255, 255)) == pytest.approx(100.0, abs=0.01)
    # a full protanope sees red and green far closer than normal vision does
    red, green = (220, 30, 30), (30, 160, 30)
    assert ciede2000(simulate(red, "protan"), simulate(green, "protan")) < ciede2000(red, green) / 2


def test_looks__high_contrast_set_brings_its_own_colours_and_names_while_chosen():
    assert pal.palette("safe") == pal.safe_palette()
    with looks.using(looks.look_named("dark", "high-contrast")):
        assert pal.palette("safe") == pal.palette("classic") == looks.HIGH_CONTRAST_COLOURS
        assert pal.colour_name(2) == "black"
    assert pal.palette("classic") == pal.CLASSIC
    assert pal.colour_name(0) == "vermillion"


def test_looks__interface_colours_are_the_current_themes():
    assert pal.BACKGROUND == looks.DARK.background
    with looks.using(looks.look_named("light", "pegs")):
        assert (pal.BACKGROUND, pal.TEXT) == (looks.LIGHT.background, looks.LIGHT.text)
        with looks.using(looks.look_named("night", "pegs")):
            assert pal.BACKGROUND == (0, 0, 0)
        assert pal.TEXT_PAIRS == looks.text_pairs(looks.LIGHT)
    assert pal.TEXT == looks.DARK.text
    with pytest.raises(AttributeError):
        pal.NO_SUCH_COLOUR  # noqa: B018


def ink_pixels(image: pygame.Surface, ink) -> int:
    """Pixels of `image` within a small distance of `ink` and mostly opaque."""
    w, h = image.get_size()
    count = 0
    for x in range(w):
        for y in range(h):
            c = image.get_at((x, y))
            if c.a > 200 and sum(abs(c[i] - ink[i]) for i in range(3)) < 60:
                count += 1
    return count


def peg_in(pieces: str, index: int, symbols: bool, diameter: int = 48) -> pygame.Surface:
    pygame.font.init()
    with looks.using(looks.look_named("dark", pieces)):
        colour = pal.palette("safe")[index]
        return PegArt().peg(colour, index, diameter, symbols)


@pytest.mark.parametrize("index", [0, 1, 5, 9])
def test_looks__a_digit_or_a_letter_is_drawn_on_its_peg_and_differs_by_colour(index):
    ink = pal.ink_for(pal.safe_palette()[index])
    plain = ink_pixels(peg_in("pegs", index, symbols=False), ink)
    digit = ink_pixels(peg_in("digits", index, symbols=False), ink)
    letter = ink_pixels(peg_in("letters", index, symbols=False), ink)
    assert digit > plain + 40 and letter > plain + 40
    others = [peg_in("digits", other, symbols=False) for other in (2, 3)]
    mine = pygame.image.tobytes(peg_in("digits", index, symbols=False), "RGBA")
    assert all(pygame.image.tobytes(o, "RGBA") != mine for o in others)


def test_looks__letters_are_square_tiles_and_pegs_round():
    tile, peg = peg_in("letters", 0, True), peg_in("pegs", 0, True)
    near_corner = (5, 8)  # inside a square tile's rounded corner's reach, outside a circle
    assert tile.get_at(near_corner).a > 200
    assert peg.get_at(near_corner).a < 60


# where a 48 px piece's symbol sits: alone in the middle, beside a digit, in a letter tile's corner
SYMBOL_BOX = {
    "pegs": pygame.Rect(16, 16, 16, 16),
    "high-contrast": pygame.Rect(16, 16, 16, 16),
    "digits": pygame.Rect(30, 18, 10, 12),
    "letters": pygame.Rect(31, 31, 11, 11),
}


@pytest.mark.parametrize("pieces", looks.PIECE_SET_NAMES)
def test_looks__the_symbol_is_drawn_in_every_set(pieces):
    box = SYMBOL_BOX[pieces]
    for index in (0, 3, 7):
        with_symbol = peg_in(pieces, index, symbols=True).subsurface(box)
        without = peg_in(pieces, index, symbols=False).subsurface(box)
        with looks.using(looks.look_named("dark", pieces)):
            ink = pal.ink_for(pal.palette("safe")[index])
        assert ink_pixels(with_symbol, ink) > ink_pixels(without, ink) + 12, (pieces, index)


def test_looks__high_contrast_pegs_have_a_strong_outline():
    for index in range(10):
        image = peg_in("high-contrast", index, symbols=False)
        colour = looks.HIGH_CONTRAST_COLOURS[index]
        edge = image.get_at((24, 2))  # on the ring, at the top
        assert edge.a > 200 and wcag_ratio(edge[:3], colour) >= 3.0, (index, edge, colour)
