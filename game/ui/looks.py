"""The looks a player chooses in Settings: a theme (every interface colour) and a piece set (how a
code peg is drawn), and the one look the frame being drawn reads.

A Theme is data: one frozen value per theme, every colour the interface is drawn with (window,
cards, text, buttons, accent, the board's slab, holes and grading panel, shadows). "dark" is the
game's original look, pixel for pixel; "night" puts everything on true black for OLED screens with
dimmer chrome; "light" is dark text on light surfaces, its accent a deep amber so that accent text
keeps its contrast on a light card. Every theme's text and background pairs (`text_pairs`) keep a
WCAG contrast of at least palette.MIN_TEXT_CONTRAST (tests/ui/test_looks.py).

A PieceSet says how colour i of a code is drawn (game/ui/pegs.py): "pegs" (a round peg), "digits"
(a peg carrying the digit key that places it, 1..9 then 0), "letters" (a square tile carrying A..J)
and "high-contrast" (its own ten colours, picked to stay apart for every kind of colour vision, on
pegs with a thick dark outline). The colour-blind symbols are drawn in every set.

Drawing reads the look through `current()`; the app binds the player's look around each frame's
drawing with `using(look)` (a context variable, so nothing outside a drawing call sees or keeps
it, and a drawing made outside any `using` gets DEFAULT, the original look). Every cache of drawn
images keys on `current()` or on what it holds (FrameCache, BoardView, PegArt), so a new look
redraws at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, fields
from types import MappingProxyType

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    """Every interface colour of one theme (palette.BACKGROUND and the rest read these by name)."""

    name: str
    label: str
    background: RGB  # the window
    board: RGB  # the board's slab, cards, the top bar
    board_edge: RGB  # a card's edge, rules between sections
    hole: RGB  # an empty hole's floor, the secret's row
    active_row: RGB  # the row being played
    active_edge: RGB  # its outline and number
    grade_area: RGB  # the panel grading pegs sit on (black pegs read solid, white ones outlined)
    grade_hole: RGB
    key_black: RGB
    key_white: RGB
    text: RGB
    text_dim: RGB  # secondary text
    text_warn: RGB
    button: RGB
    button_hot: RGB
    button_primary: RGB  # the accent: what to press
    button_primary_hot: RGB
    text_on_accent: RGB
    button_disabled: RGB  # also the settings' section cards
    text_disabled: RGB
    selection: RGB  # the accent as a focus ring, a best, a won row
    overlay_shade: RGBA  # laid over the screen under an overlay
    shadow: RGB  # a raised surface's hard shadow
    loss: RGB  # a lost game's cold tint (its stamp)
    cold: RGB  # the veil over a lost board's rows
    notice_fill: RGB  # a notice's card
    bar: RGB  # a statistics bar
    bar_empty: RGB  # an empty statistics bar's baseline
    highlight_fill: RGB  # the band under a just-entered high score
    urgent_fill: RGB  # a clock about to run out (Blitz's last seconds): its box
    urgent_ink: RGB  # its figures and edge
    shield: tuple[RGB, RGB, RGB]  # the secret's cover: face, light edge, seam


COLOUR_NAMES = frozenset(f.name.upper() for f in fields(Theme) if f.name not in ("name", "label"))

DARK = Theme(
    name="dark",
    label="Dark",
    background=(24, 27, 36),
    board=(44, 49, 63),
    board_edge=(70, 77, 96),
    hole=(22, 24, 31),
    active_row=(62, 71, 102),
    active_edge=(240, 200, 90),
    grade_area=(180, 185, 198),
    grade_hole=(112, 117, 130),
    key_black=(12, 12, 14),
    key_white=(252, 252, 252),
    text=(236, 239, 245),
    text_dim=(188, 196, 214),
    text_warn=(255, 190, 120),
    button=(54, 62, 84),
    button_hot=(66, 76, 104),
    button_primary=(240, 200, 90),
    button_primary_hot=(252, 218, 124),
    text_on_accent=(30, 26, 18),
    button_disabled=(36, 40, 50),
    text_disabled=(150, 156, 172),
    selection=(240, 200, 90),
    overlay_shade=(0, 0, 0, 150),
    shadow=(10, 11, 16),
    loss=(150, 160, 190),
    cold=(60, 66, 84),
    notice_fill=(16, 18, 26),
    bar=(86, 180, 233),
    bar_empty=(58, 64, 82),
    highlight_fill=(70, 62, 30),
    urgent_fill=(96, 30, 30),
    urgent_ink=(255, 120, 105),
    shield=((92, 102, 128), (128, 140, 170), (52, 58, 74)),
)

# True black wherever the window shows through (an OLED pixel off), the board and cards barely lifted
# from it, and text and accent a step dimmer than dark's so a dark room is not lit by the menu.
NIGHT = Theme(
    name="night",
    label="Night (true black)",
    background=(0, 0, 0),
    board=(20, 21, 27),
    board_edge=(44, 48, 60),
    hole=(0, 0, 0),
    active_row=(36, 40, 58),
    active_edge=(206, 172, 80),
    grade_area=(176, 181, 194),
    grade_hole=(92, 96, 106),
    key_black=(12, 12, 14),  # as dark's: pure black would vanish on the true-black window
    key_white=(236, 236, 236),
    text=(206, 210, 218),
    text_dim=(158, 164, 180),
    text_warn=(226, 164, 104),
    button=(32, 36, 48),
    button_hot=(46, 52, 70),
    button_primary=(206, 172, 80),
    button_primary_hot=(222, 190, 104),
    text_on_accent=(16, 13, 6),
    button_disabled=(16, 17, 22),
    text_disabled=(126, 132, 148),
    selection=(206, 172, 80),
    overlay_shade=(0, 0, 0, 180),
    shadow=(0, 0, 0),
    loss=(128, 138, 164),
    cold=(30, 33, 44),
    notice_fill=(12, 13, 18),
    bar=(70, 146, 190),
    bar_empty=(40, 44, 56),
    highlight_fill=(52, 44, 18),
    urgent_fill=(58, 12, 12),  # dark's red, dimmer, as the rest of night is
    urgent_ink=(236, 100, 88),
    shield=((64, 70, 88), (92, 100, 124), (34, 38, 48)),
)

# Dark ink on a cool light grey; the board a shade darker than the window so it stands as a slab,
# holes darker still so they read as wells. The accent is a deep amber, not dark's gold: gold text
# would be unreadable on a light card, and primary buttons carry white labels on it.
LIGHT = Theme(
    name="light",
    label="Light",
    background=(236, 238, 243),
    board=(220, 224, 233),
    board_edge=(160, 167, 184),
    hole=(186, 192, 206),
    active_row=(204, 214, 238),
    active_edge=(128, 78, 0),
    grade_area=(180, 185, 198),
    grade_hole=(128, 133, 146),
    key_black=(12, 12, 14),
    key_white=(252, 252, 252),
    text=(22, 25, 34),
    text_dim=(66, 72, 90),
    text_warn=(150, 62, 0),
    button=(204, 210, 224),
    button_hot=(186, 196, 218),
    button_primary=(128, 78, 0),
    button_primary_hot=(150, 94, 0),
    text_on_accent=(255, 255, 255),
    button_disabled=(210, 214, 222),
    text_disabled=(82, 88, 104),
    selection=(128, 78, 0),
    overlay_shade=(40, 44, 60, 110),
    shadow=(150, 156, 172),
    loss=(72, 82, 112),
    cold=(150, 158, 180),
    notice_fill=(250, 251, 253),
    bar=(0, 114, 178),
    bar_empty=(176, 182, 198),
    highlight_fill=(246, 226, 176),
    urgent_fill=(252, 222, 216),  # a pale red box with deep red figures: dark on light
    urgent_ink=(150, 20, 14),
    shield=((132, 142, 166), (170, 180, 204), (96, 104, 126)),
)

THEMES: Mapping[str, Theme] = MappingProxyType({t.name: t for t in (DARK, NIGHT, LIGHT)})
THEME_NAMES = tuple(THEMES)


def text_pairs(theme: Theme) -> Mapping[str, tuple[RGB, RGB]]:
    """(text colour, background) for every place text is drawn in `theme`: each is checked for
    contrast (tests/ui/test_looks.py and tests/ui/test_theme.py)."""
    t = theme
    return MappingProxyType(
        {
            "titles, labels and notices on the window": (t.text, t.background),
            "labels on the board, cards and top bar": (t.text, t.board),
            "button labels": (t.text, t.button),
            "button labels under the mouse or focus": (t.text, t.button_hot),
            "primary button labels (Submit, toggles on)": (t.text_on_accent, t.button_primary),
            "primary button labels under the mouse": (t.text_on_accent, t.button_primary_hot),
            "figures on the accent (a best, a rank)": (t.text_on_accent, t.selection),
            "disabled button labels": (t.text_disabled, t.button_disabled),
            "subtitles, footers and hints on the window": (t.text_dim, t.background),
            "row numbers and palette keys on the board": (t.text_dim, t.board),
            "the secret row's label": (t.text_dim, t.hole),
            "menu descriptions on an entry": (t.text_dim, t.button),
            "menu descriptions on the focused entry": (t.text_dim, t.button_hot),
            "palette key under the mouse": (t.text_dim, t.button_hot),
            "settings labels on a section's card": (t.text_dim, t.button_disabled),
            "focused settings label on a section's card": (t.text, t.button_disabled),
            "warnings on the window": (t.text_warn, t.background),
            "warnings on a card": (t.text_warn, t.board),
            "the active row's number": (t.active_edge, t.active_row),
            "highlighted text on the board": (t.active_edge, t.board),
            "accent text on the window (a title's best)": (t.selection, t.background),
            "a lost game's verdict on its card": (t.loss, t.board),
            "a notice": (t.text, t.notice_fill),
            "a just-entered high score": (t.selection, t.highlight_fill),
            "a clock about to run out": (t.urgent_ink, t.urgent_fill),
        }
    )


@dataclass(frozen=True)
class PieceSet:
    """How a code peg of colour index i is drawn (game/ui/pegs.py reads it).

    glyph: None, "digit" (the key that places the colour: 1..9, 0) or "letter" (A, B, ...);
    shape: "peg" (round) or "tile" (a rounded square); colours: the set's own colours, which
    replace the palette the player chose (None: that palette); outline: a dark ring's width, of the
    diameter (0: the peg's own rim only)."""

    name: str
    label: str
    glyph: str | None = None
    shape: str = "peg"
    colours: tuple[RGB, ...] | None = None
    outline: float = 0.0


# Ten colours for the high-contrast set, as far apart as could be found for every kind of colour
# vision: over a grid of 9 levels a channel, a greedy farthest-point pick then a local search that
# maximised the least CIEDE2000 difference of any two, taken as the least over normal vision and
# the protan, deutan and tritan simulations (Machado 2009, full severity), for the first 10, 8, 6
# and 4 colours in that order (so a small game gets the most distinct ones). The least is about
# 19 over all ten, where the colour-blind-safe palette's is about 3 (tests/ui/test_looks.py
# measures both). The strong outline keeps a dark one's edge on a dark board.
HIGH_CONTRAST_COLOURS: tuple[RGB, ...] = (
    (96, 32, 255),  # violet
    (224, 128, 0),  # orange
    (32, 0, 0),  # black
    (192, 255, 255),  # ice
    (0, 0, 96),  # navy
    (128, 96, 96),  # mauve
    (255, 255, 128),  # cream
    (192, 160, 255),  # lavender
    (128, 32, 0),  # brown
    (128, 160, 160),  # slate
)

PIECE_SETS: Mapping[str, PieceSet] = MappingProxyType(
    {
        s.name: s
        for s in (
            PieceSet("pegs", "Pegs"),
            PieceSet("digits", "Digits", glyph="digit"),
            PieceSet("letters", "Letters", glyph="letter", shape="tile"),
            PieceSet("high-contrast", "High contrast", colours=HIGH_CONTRAST_COLOURS, outline=0.09),
        )
    }
)
PIECE_SET_NAMES = tuple(PIECE_SETS)


@dataclass(frozen=True)
class Look:
    """A theme and a piece set: what the frame being drawn looks like."""

    theme: Theme = DARK
    pieces: PieceSet = PIECE_SETS["pegs"]
    # The symbols of the game on screen where its variant has its own ("0123456789", the alphabet):
    # each code value is then drawn as a tile carrying its symbol, whatever the piece set (a colour
    # set's glyphs, colours and colour-blind marks mean nothing for digits and letters). "": colours.
    glyphs: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        """What a cached image drawn in this look depends on."""
        return (self.theme.name, self.pieces.name, self.glyphs)

    def for_symbols(self, symbols: str) -> Look:
        """This look drawing a game whose codes are `symbols` ("" : colours)."""
        return self if symbols == self.glyphs else Look(self.theme, self.pieces, symbols)


DEFAULT = Look()
_LOOK: ContextVar[Look] = ContextVar("look", default=DEFAULT)


def look_named(theme: str, pieces: str) -> Look:
    """The look of theme `theme` and piece set `pieces` (an unknown name: the default's)."""
    return Look(THEMES.get(theme, DARK), PIECE_SETS.get(pieces, PIECE_SETS["pegs"]))


def current() -> Look:
    """The look the drawing in progress reads (DEFAULT outside any `using`)."""
    return _LOOK.get()


@contextlib.contextmanager
def using(look: Look) -> Iterator[Look]:
    """Draw in `look` inside the block; the look before it is back afterwards."""
    token = _LOOK.set(look)
    try:
        yield look
    finally:
        _LOOK.reset(token)
