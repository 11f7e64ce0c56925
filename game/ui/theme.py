"""The look of the game in one place: one accent, a type scale, spacing, and the materials every
screen is drawn with (a raised card with a hard shadow, a bevelled button, the board's wood-like
slab, the title logo).

The colours themselves are the current theme's (game/ui/looks.py, read through palette.py by
name when drawn; every text and background pair of each theme is checked for contrast); this
module says how they are used:
- ACCENT (palette.SELECTION, a warm gold) is the one accent: what to press (primary buttons), where
  the focus is, and what was won (a score, a best, the winning row). Nothing else is gold.
- Type: sizes are fractions of the window's smaller measure (`type_px`), never below the readable
  floor (game/ui/text.py: capitals 8 px tall at 640x480, 10 at 1280x800); a screen asks for a
  role ("display", "title", "heading", "body", "label") as the largest size its text may fit at,
  so text grows with the window and every screen's titles share one size.
- Spacing: multiples of one unit, `unit_px(size)` (the layouts' margin).
- Materials: `draw_raised` is the one drawing of a surface that stands off the screen (cards,
  buttons, the menu's tiles): a hard shadow below, a darker lip, the face and a light edge along its
  top. Flat dark fills are for things sunk into a surface (holes, the secret's row, wells).

Nothing here keeps state or reads a setting; every function draws into a surface it is given.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.ui import palette as pal
from game.ui.layout import margin_px
from game.ui.text import TextRenderer, readable_px

RGB = pal.RGB

# The accent and the shadows are the current theme's (game/ui/looks.py), read by name when drawn:
# ACCENT (its selection), ACCENT_HOT, INK_ON_ACCENT, SHADOW (a hard shadow: darker than the
# background, never translucent) and LOSS (a lost game's cold tint).
_THEME_NAMES = MappingProxyType(
    {
        "ACCENT": "SELECTION",
        "ACCENT_HOT": "BUTTON_PRIMARY_HOT",
        "INK_ON_ACCENT": "TEXT_ON_ACCENT",
        "SHADOW": "SHADOW",
        "LOSS": "LOSS",
    }
)


def __getattr__(name: str) -> RGB:
    if name in _THEME_NAMES:
        return getattr(pal, _THEME_NAMES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Type roles: the largest size of each, of the window's smaller measure (min(h, w * 0.75)).
TYPE_SCALE = MappingProxyType(
    {
        "display": 0.12,  # the title logo, a verdict's big number
        "title": 0.066,  # a screen's or a card's title
        "heading": 0.046,  # a section, a card's name, a big figure's caption
        "body": 0.034,  # lines of a card, a panel's text
        "label": 0.03,  # buttons, labels, details
    }
)

RAISE_FRAC = 0.07  # a raised surface's lip, of its height (a button looks pressable)
RAISE_MIN_PX, RAISE_MAX_PX = 2, 7
SHADOW_FRAC = 0.06  # the hard shadow's drop, of the height
SHADOW_MAX_PX = 8  # ... never more (a big card casts the same shadow as a button)
RADIUS_FRAC = 0.2  # corner radius of a button-sized thing, of its height
CARD_RADIUS_PX = (8, 18)  # a card's corners, whatever its size


def base_px(size: tuple[int, int]) -> float:
    """The window's measure the type scale reads: its height, or 3/4 of a narrow window's width."""
    return min(size[1], size[0] * 0.75)


def type_px(size: tuple[int, int], role: str) -> int:
    """The largest size of text of `role` in a window of `size` (at least the readable floor)."""
    return max(readable_px(size), round(base_px(size) * TYPE_SCALE[role]))


def unit_px(size: tuple[int, int]) -> int:
    """One step of spacing (the layouts' margin): gaps are multiples of it."""
    return margin_px(size)


def shade(colour: RGB, factor: float) -> RGB:
    """`colour` darker (factor < 1) or lighter towards white (factor > 1)."""
    if factor >= 1:
        return tuple(round(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * factor) for c in colour)  # type: ignore[return-value]


def lip_px(rect: pygame.Rect) -> int:
    return max(RAISE_MIN_PX, min(RAISE_MAX_PX, round(rect.h * RAISE_FRAC)))


def draw_raised(
    surface: pygame.Surface,
    rect: pygame.Rect,
    face: RGB,
    *,
    radius: int | None = None,
    edge: RGB | None = None,
    edge_w: int = 1,
    pressed: bool = False,
    shadow: bool = True,
) -> pygame.Rect:
    """A surface standing off the screen: hard shadow, lip, face, a light line along its top.

    Returns the face's rect (draw its contents in it). `pressed` sinks it onto its lip (no shadow)."""
    if rect.w <= 0 or rect.h <= 0:
        return rect
    r = max(3, round(rect.h * RADIUS_FRAC)) if radius is None else radius
    lip = lip_px(rect)
    if shadow and not pressed:
        drop = max(2, min(SHADOW_MAX_PX, round(rect.h * SHADOW_FRAC)))
        pygame.draw.rect(surface, pal.SHADOW, rect.move(0, drop), border_radius=r)
    pygame.draw.rect(surface, shade(face, 0.62), rect, border_radius=r)
    top = lip if pressed else 0
    face_rect = pygame.Rect(rect.x, rect.y + top, rect.w, rect.h - lip)
    pygame.draw.rect(surface, face, face_rect, border_radius=r)
    inset = max(r // 2, 2)
    if face_rect.w > 2 * inset:
        light = shade(face, 1.22)
        y = face_rect.y + 1
        pygame.draw.line(surface, light, (face_rect.x + inset, y), (face_rect.right - inset - 1, y), 1)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=edge_w, border_radius=r)
    return face_rect


def card_radius(rect: pygame.Rect) -> int:
    low, high = CARD_RADIUS_PX
    return max(low, min(high, min(rect.w, rect.h) // 24))


def draw_card(
    surface: pygame.Surface, rect: pygame.Rect, fill: RGB | None = None, edge: RGB | None = None
) -> pygame.Rect:
    """A card (a dialog, an end screen, a setup form): raised, with the board's colours (None: the
    theme's)."""
    fill = pal.BOARD if fill is None else fill
    edge = pal.BOARD_EDGE if edge is None else edge
    return draw_raised(surface, rect, fill, radius=card_radius(rect), edge=edge, edge_w=2)


def draw_slab(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The board: a slab with a bevel (light top-left edge, dark bottom-right); its shadow is
    draw_slab_shadow's, drawn under it on the screen."""
    pygame.draw.rect(surface, pal.BOARD, rect, border_radius=radius)
    light, dark = shade(pal.BOARD, 1.18), shade(pal.BOARD, 0.6)
    pygame.draw.rect(surface, dark, rect, width=3, border_radius=radius)
    top = rect.inflate(-2, -2)
    pygame.draw.line(surface, light, (top.x + radius, top.y), (top.right - radius, top.y), 2)
    pygame.draw.line(surface, light, (top.x, top.y + radius), (top.x, top.bottom - radius), 2)


def draw_slab_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The board's hard shadow on the screen under it."""
    drop = max(3, round(min(rect.w, rect.h) * 0.012))
    pygame.draw.rect(surface, pal.SHADOW, rect.move(drop, drop), border_radius=radius)


def draw_heading(
    surface: pygame.Surface, text: TextRenderer, words: str, rect: pygame.Rect, largest: int
) -> pygame.Rect:
    """A section's heading: small capitals in the dim ink, left aligned, a rule after it."""
    drawn = text.draw_in(surface, words.upper(), rect, pal.TEXT_DIM, largest, align="midleft")
    y = drawn.centery
    if rect.right - drawn.right > 24:
        pygame.draw.line(surface, pal.BOARD_EDGE, (drawn.right + 12, y), (rect.right, y), 2)
    return drawn


def draw_logo(
    surface: pygame.Surface,
    text: TextRenderer,
    rect: pygame.Rect,
    peg_art,
    colours,
    symbols: bool,
) -> pygame.Rect:
    """MASTERMIND in the accent over a hard shadow, ARCADE spaced under it, a code of four pegs
    beside it and its grade (black, black, white) under the word, like a row of the board."""
    word_h = round(rect.h * 0.66)
    sub_h = rect.h - word_h
    d = round(word_h * 0.42)
    gap = max(4, d // 5)
    pegs_w = 2 * (d + gap)
    box = pygame.Rect(rect.x + pegs_w, rect.y, rect.w - 2 * pegs_w, word_h)
    size = text.fit_size("MASTERMIND", box.w, box.h, 400)
    word_w, _ = text.size("MASTERMIND", size)
    left = rect.centerx - word_w // 2
    drop = max(2, size // 18)
    text.draw(surface, "MASTERMIND", size, pal.SHADOW, (left + drop, box.centery + drop), align="midleft")
    word = text.draw(surface, "MASTERMIND", size, pal.SELECTION, (left, box.centery), align="midleft")
    sub = pygame.Rect(word.x, word.bottom - round(word_h * 0.08), word.w, sub_h)
    # part of the picture, like the pegs beside it (the window's title names the game): fine print
    sub_px = text.fit_size("A R C A D E", sub.w * 0.5, sub.h, 400, fine=True)
    text.draw(surface, "A R C A D E", sub_px, pal.TEXT, sub.center, fine=True)
    for i, colour in enumerate((0, 1, 2, 3)):
        x = word.x - gap - d if i < 2 else word.right + gap
        y = word.centery - d - gap // 2 if i % 2 == 0 else word.centery + gap // 2
        peg = peg_art.peg(colours[colour], colour, d, symbols)
        surface.blit(peg, (x, y))
    return word.union(sub)


__all__ = [
    "TYPE_SCALE",
    "base_px",
    "card_radius",
    "draw_card",
    "draw_heading",
    "draw_logo",
    "draw_raised",
    "draw_slab",
    "draw_slab_shadow",
    "shade",
    "type_px",
    "unit_px",
]
