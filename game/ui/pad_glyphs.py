"""Gamepad glyphs for the help's key tables: the face buttons as coloured discs with their letter,
the shoulders as tabs, Start and Back as pills, the D-pad as a cross.

Functions of (surface, text, name, where, height), like the key caps beside them
(game/ui/help_view.py). Names are the Xbox layout's, which SDL's controller mapping gives every
pad (a PlayStation's cross is A). Invariant: glyph_width() is exactly the width draw_glyph() covers,
so a table can line the glyphs up in a column before drawing them.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import pygame

from game.ui import palette as pal
from game.ui.text import TextRenderer

FACE_COLOURS = MappingProxyType(  # the face buttons' usual colours, darkened so white letters read
    {"A": (58, 142, 52), "B": (186, 52, 46), "X": (42, 98, 190), "Y": (176, 134, 18)}
)
TAB_WIDTH = 1.5  # a shoulder tab's width, in glyph heights
PILL_PAD = 0.5  # a pill's room either side of its word, in glyph heights (both sides together)
DPAD_ARM = 0.34  # the width of a D-pad arm, of the glyph's height
LETTER_FRAC = 0.62  # a letter's size, of the glyph's height
GLYPH_GAP_PX = 4  # between two glyphs of one row
DPAD = "D-pad"


def glyph_width(text: TextRenderer, name: str, h: int) -> int:
    """How wide glyph `name` is drawn at height `h`."""
    if name in FACE_COLOURS or name == DPAD:
        return h
    if name in ("LB", "RB"):
        return round(h * TAB_WIDTH)
    return text.size(name, _word_px(text, h))[0] + round(h * PILL_PAD)


def glyphs_width(text: TextRenderer, names: Sequence[str], h: int) -> int:
    """The width of a row of glyphs side by side (0 for none)."""
    widths = [glyph_width(text, name, h) for name in names]
    return sum(widths) + GLYPH_GAP_PX * max(0, len(widths) - 1)


def draw_glyphs(
    surface: pygame.Surface, text: TextRenderer, names: Sequence[str], midleft: tuple[int, int], h: int
) -> int:
    """Glyphs side by side from `midleft`; returns the width drawn."""
    x, mid = midleft
    for name in names:
        x += draw_glyph(surface, text, name, (x, mid), h) + GLYPH_GAP_PX
    return glyphs_width(text, names, h)


def draw_glyph(
    surface: pygame.Surface, text: TextRenderer, name: str, midleft: tuple[int, int], h: int
) -> int:
    """Glyph `name` (A, B, X, Y, LB, RB, D-pad, or a word such as Start) from `midleft`; its width."""
    w = glyph_width(text, name, h)
    rect = pygame.Rect(midleft[0], midleft[1] - h // 2, w, h)
    px = text.at_least(h * LETTER_FRAC, fine=True)
    if name in FACE_COLOURS:
        pygame.draw.circle(surface, FACE_COLOURS[name], rect.center, h / 2)
        pygame.draw.circle(surface, pal.TEXT, rect.center, h / 2, width=1)
        # a glyph's letter is the one printed on the pad, an icon sized to its face (the action it does
        # is written beside it at the readable size): fine print
        text.draw(surface, name, px, pal.TEXT, rect.center, fine=True)
    elif name == DPAD:
        arm = max(3, round(h * DPAD_ARM))
        across = pygame.Rect(0, 0, h, arm)
        down = pygame.Rect(0, 0, arm, h)
        across.center = down.center = rect.center
        for bar in (across, down):
            pygame.draw.rect(surface, pal.BUTTON_HOT, bar, border_radius=max(1, arm // 4))
            pygame.draw.rect(surface, pal.TEXT, bar, width=1, border_radius=max(1, arm // 4))
        centre = pygame.Rect(0, 0, max(1, arm - 2), max(1, arm - 2))  # the crossing, without outlines
        centre.center = rect.center
        pygame.draw.rect(surface, pal.BUTTON_HOT, centre)
    else:  # shoulders are tabs rounded on top, words are pills
        tab = name in ("LB", "RB")
        body = rect.inflate(0, -round(h * 0.2)) if tab else rect
        radius = body.h // 2
        corners = {"border_top_left_radius": radius, "border_top_right_radius": radius} if tab else {}
        pygame.draw.rect(surface, pal.BUTTON_HOT, body, border_radius=0 if tab else radius, **corners)
        pygame.draw.rect(surface, pal.TEXT, body, width=1, border_radius=0 if tab else radius, **corners)
        if tab:  # LB, RB: the shoulder's own letters, an icon like a face button's
            text.draw(surface, name, text.at_least(px * 0.8, fine=True), pal.TEXT, body.center, fine=True)
        else:  # a word (Start, Back) is read as a word: at the readable size, its pill sized to it
            text.draw(surface, name, _word_px(text, h), pal.TEXT, body.center)
    return w


def _word_px(text: TextRenderer, h: int) -> int:
    return text.at_least(h * LETTER_FRAC * 0.9)
