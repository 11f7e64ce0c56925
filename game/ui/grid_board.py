"""Drawing for the grid puzzle: its three grading pegs and the grade order.

A grid grade is (black, grey, white). The three pegs are told apart without colour: black is a solid
dark disc, grey a mid disc crossed by a dark slash, white a light disc in a dark rim with nothing on
it. Pegs are shown blacks first, then greys, then whites, as for the row game. Images come from the
PegArt cache (keyed by kind and diameter), so a frame never draws a peg from scratch twice.
"""

from __future__ import annotations

import pygame

from game.ui import palette as pal
from game.ui.pegs import SUPERSAMPLE, PegArt

KEY_GREY: pal.RGB = (132, 134, 142)  # between KEY_BLACK and KEY_WHITE, readable on GRADE_AREA
KEY_RIM: pal.RGB = (40, 40, 46)
GREY_SLASH_FRAC = 0.16  # the slash's width, of the peg's diameter


def grade_kind(feedback, index: int) -> str:
    """The kind of grading peg `index` of `feedback` ("black", "grey", "white" or "" past its end)."""
    black = int(feedback.black)
    grey = int(getattr(feedback, "grey", 0))
    white = int(feedback.white)
    if index < black:
        return "black"
    if index < black + grey:
        return "grey"
    if index < black + grey + white:
        return "white"
    return ""


def grade_total(feedback) -> int:
    """How many grading pegs a grade shows (black + grey + white)."""
    return int(feedback.black) + int(getattr(feedback, "grey", 0)) + int(feedback.white)


def key_image(art: PegArt, kind: str, diameter: int) -> pygame.Surface:
    """The grading peg of `kind` at `diameter`: black and white are the row game's, grey is drawn here."""
    if kind != "grey":
        return art.key(kind == "black", diameter)
    diameter = max(3, int(diameter))
    return art._get(("grey-key", diameter), lambda: _make_grey_key(diameter))  # the shared image cache


def _make_grey_key(diameter: int) -> pygame.Surface:
    big = diameter * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big / 2
    pygame.draw.circle(canvas, KEY_RIM, (r, r), r * 0.96)
    pygame.draw.circle(canvas, KEY_GREY, (r, r), r * 0.80)
    # the slash: the mark that says grey to a reader who cannot tell the shades apart
    offset = r * 0.55
    width = max(1, round(big * GREY_SLASH_FRAC))
    pygame.draw.line(canvas, KEY_RIM, (r - offset, r + offset), (r + offset, r - offset), width)
    return pygame.transform.smoothscale(canvas, (diameter, diameter))
