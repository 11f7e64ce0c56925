"""Peg colours, the symbols drawn on pegs, and the interface colours by name.

Default palette ("safe"): the Okabe-Ito colour-blind-safe hues for up to 8 colours (white as the
8th, because black would vanish on the dark board), extended to 9 and 10 with the golden-ratio
hue walk of seed 003 (HSV(k * PHI mod 1, S, sqrt(1 - (k * PHI mod 0.5)))), taking the first hues of
that walk that stand far enough from the colours already in use. A "classic" palette of bright
board-game colours is offered too. Colour is never the only cue: each colour index has its own
symbol (drawn by game.ui.pegs) and a digit key (1..9, 0) for keyboard play.

The interface colours (BACKGROUND, TEXT, BUTTON, SELECTION...) are read by name from the current
theme (game/ui/looks.py), as is TEXT_PAIRS, every (text, background) pair of it; a piece set with
colours of its own (high contrast) replaces the palette while it is chosen.

Invariants: colour i and symbol i mean the same thing in every palette; palettes have exactly
MAX_COLOURS entries; every (text, background) pair of every theme has a WCAG contrast ratio of at
least MIN_TEXT_CONTRAST (tests/ui/test_theme.py, tests/ui/test_looks.py).
"""

from __future__ import annotations

import colorsys
import functools

from game.core.config import MAX_COLOURS
from game.play.maker import COLOUR_KEYS
from game.ui import looks

RGB = tuple[int, int, int]

# Okabe-Ito, ordered so the first few colours of small games differ most in hue and lightness.
OKABE_ITO: tuple[RGB, ...] = (
    (0xD5, 0x5E, 0x00),  # vermillion
    (0x56, 0xB4, 0xE9),  # sky blue
    (0xF0, 0xE4, 0x42),  # yellow
    (0x00, 0x9E, 0x73),  # bluish green
    (0xCC, 0x79, 0xA7),  # reddish purple
    (0x00, 0x72, 0xB2),  # blue
    (0xE6, 0x9F, 0x00),  # orange
    (0xF4, 0xF4, 0xF4),  # white: reads best on the dark board (black would disappear)
)
OKABE_ITO_NAMES = ("vermillion", "sky blue", "yellow", "green", "purple", "blue", "orange", "white")

CLASSIC: tuple[RGB, ...] = (
    (0xE5, 0x39, 0x35),  # red
    (0x43, 0xA0, 0x47),  # green
    (0x1E, 0x88, 0xE5),  # blue
    (0xFD, 0xD8, 0x35),  # yellow
    (0xFB, 0x8C, 0x00),  # orange
    (0x8E, 0x24, 0xAA),  # purple
    (0x00, 0xAC, 0xC1),  # cyan
    (0xF0, 0x62, 0x92),  # pink
    (0x8D, 0x6E, 0x63),  # brown
    (0xEC, 0xEF, 0xF1),  # white
)
CLASSIC_NAMES = ("red", "green", "blue", "yellow", "orange", "purple", "cyan", "pink", "brown", "white")

PALETTE_NAMES = ("safe", "classic")
PALETTE_LABELS = {"safe": "Colour-blind safe", "classic": "Classic bright"}

GOLDEN_RATIO_CONJUGATE = 0.618033988749895
GOLDEN_SATURATION = 0.85
MIN_EXTRA_DISTANCE = 160.0  # "redmean" distance an extra colour keeps from every colour before it

# Symbols, one per colour index; game.ui.pegs knows how to draw each name.
SYMBOLS = ("dot", "square", "triangle", "diamond", "plus", "cross", "star", "ring", "bars", "down")
KEY_LABELS = COLOUR_KEYS  # the key that places colour i (game/play/maker.py)


def golden_colour(k: int, saturation: float = GOLDEN_SATURATION) -> RGB:
    """The k-th colour of the golden-ratio hue walk (seed 003)."""
    hue = (k * GOLDEN_RATIO_CONJUGATE) % 1.0
    value = (1.0 - (k * GOLDEN_RATIO_CONJUGATE) % 0.5) ** 0.5
    r, g, b = colorsys.hsv_to_rgb(hue, saturation, value)
    return (round(r * 255), round(g * 255), round(b * 255))


def _distance(a: RGB, b: RGB) -> float:
    # "redmean" weighted RGB distance: cheap and closer to perception than plain RGB.
    rmean = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return ((2 + rmean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rmean) / 256) * db * db) ** 0.5


@functools.cache
def safe_palette() -> tuple[RGB, ...]:
    """Okabe-Ito plus golden-ratio colours up to MAX_COLOURS."""
    colours = list(OKABE_ITO)
    k = 1
    while len(colours) < MAX_COLOURS:
        candidate = golden_colour(k)
        if all(_distance(candidate, c) >= MIN_EXTRA_DISTANCE for c in colours):
            colours.append(candidate)
        k += 1
    return tuple(colours)


HIGH_CONTRAST_NAMES = (
    "violet", "orange", "black", "ice", "navy", "mauve", "cream", "lavender", "brown", "slate"
)  # fmt: skip


# The face of a digit or letter tile: a warm ivory, ours (the board's grading pegs carry the grade)
SYMBOL_TILE: RGB = (238, 230, 211)


def palette(name: str = "safe") -> tuple[RGB, ...]:
    """The MAX_COLOURS colours of the named palette ("safe" or "classic"), unless the current piece
    set brings its own (the high-contrast set's); a game of digits or letters (looks.Look.glyphs):
    one tile colour for each of its symbols."""
    glyphs = looks.current().glyphs
    if glyphs:
        return (SYMBOL_TILE,) * len(glyphs)
    own = looks.current().pieces.colours
    if own is not None:
        return own
    return CLASSIC if name == "classic" else safe_palette()


def colour_name(index: int, name: str = "safe") -> str:
    if looks.current().pieces.colours is not None:
        return HIGH_CONTRAST_NAMES[index]
    if name == "classic":
        return CLASSIC_NAMES[index]
    return OKABE_ITO_NAMES[index] if index < len(OKABE_ITO_NAMES) else ("lime", "magenta")[index - 8]


def luminance(colour: RGB) -> float:
    """Relative luminance 0..1 (sRGB weights), to pick a symbol colour that contrasts."""
    r, g, b = (c / 255 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


INK_LUMINANCE = 0.45  # above it a peg is light: dark ink (and a dark outline) on it


def ink_for(colour: RGB) -> RGB:
    """Dark ink on light pegs, light ink on dark ones."""
    return (20, 20, 24) if luminance(colour) > INK_LUMINANCE else (250, 250, 250)


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance 0..1 (linearised sRGB), the input to contrast_ratio()."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, 1..21 (order does not matter)."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# The interface colours (BACKGROUND, BOARD, TEXT, SELECTION...) are the current theme's
# (game/ui/looks.py): `pal.TEXT` reads the look the frame being drawn is in, so a theme chosen in
# Settings shows at once. TEXT_PAIRS is the current theme's (text, background) pairs.
MIN_TEXT_CONTRAST = 4.5  # WCAG AA for normal-size text
MIN_GRADE_CONTRAST = 3.0  # WCAG's floor for graphics a player must make out (a grading peg)


def __getattr__(name: str):
    """BACKGROUND, TEXT and every other interface colour: the current theme's (looks.current())."""
    if name in looks.COLOUR_NAMES:
        return getattr(looks.current().theme, name.lower())
    if name == "TEXT_PAIRS":
        return looks.text_pairs(looks.current().theme)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
