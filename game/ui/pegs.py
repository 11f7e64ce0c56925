"""Peg art: code pegs with symbols, key (grading) pegs, empty holes and lifted-peg shadows, as
cached surfaces.

A code peg is drawn in the current piece set (game/ui/looks.py): a round peg ("pegs"), a peg
carrying the digit key that places its colour ("digits"), a square tile carrying a letter
("letters"), or a peg with a strong outline in the high-contrast colours. The colour-blind symbol is
drawn in every set: alone in the middle of a plain peg, beside the digit, in a letter tile's corner.
Holes and grading pegs take the current theme's colours.

Each image is drawn once at SUPERSAMPLE times its size and smoothly scaled down (cheap
anti-aliasing), then kept in a bounded cache keyed by everything that changes its look; idle
frames only blit. Key pegs are told apart by fill, not hue: black is solid black, white is solid
white with a dark rim, an empty grading hole is a small dark dot.

Invariant: a surface handed out is never drawn on by the caller (it is shared by the cache).
"""

from __future__ import annotations

import io
import math

import pygame

from game import assets
from game.ui import looks
from game.ui import palette as pal
from game.ui.palette import INK_LUMINANCE, KEY_LABELS, RGB, SYMBOLS, ink_for, luminance

SUPERSAMPLE = 3
PEG_CACHE_LIMIT = 600  # images kept before the cache is cleared
SYMBOL_SCALE = 0.30  # symbol half-size as a fraction of the peg diameter
MIN_SYMBOL_DIAMETER_PX = 12  # below this a symbol is unreadable; the peg is drawn plain
SHADOW_STEP_ALPHA = 42  # each of SHADOW_STEPS discs; stacked, the middle is about 2/3 opaque
SHADOW_STEPS = 6
CODE_PITCH = 1.12  # peg spacing of a code drawn on its own (draw_code), in diameters
MIN_GLYPH_DIAMETER_PX = 10  # below this a digit or letter is unreadable; the peg is drawn plain
MIN_BOTH_DIAMETER_PX = 20  # below this a digit and a symbol do not both fit: the digit alone
GLYPH_CAP = 0.46  # a digit's or letter's capital height, of the diameter (alone on its peg)
SYMBOL_GLYPH_CAP = 0.42  # a digit game's or word game's symbol on its tile, of the side
GLYPH_CAP_BESIDE = 0.36  # ... beside a symbol
BESIDE_SYMBOL_SCALE = 0.11  # the symbol's half-size beside a glyph, of the diameter
INTER_CAP_EM = 0.727  # the shipped face's capital height, of its em (to size a glyph by its capitals)
FONT_CACHE_LIMIT = 8
TILE_RADIUS = 0.2  # a letter tile's corner radius, of its side
OUTLINE_DARK: RGB = (16, 16, 18)  # the high-contrast set's outline on light colours...
OUTLINE_LIGHT: RGB = (236, 236, 236)  # ... and on dark ones
LETTERS = "ABCDEFGHIJ"


def glyph_of(pieces: looks.PieceSet, index: int) -> str | None:
    """The digit or letter a piece of colour `index` carries in set `pieces` (None: none)."""
    if pieces.glyph == "digit":
        return KEY_LABELS[index % len(KEY_LABELS)]
    if pieces.glyph == "letter":
        return LETTERS[index % len(LETTERS)]
    return None


def _shade(colour: RGB, factor: float) -> RGB:
    if factor >= 1:
        return tuple(round(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * factor) for c in colour)  # type: ignore[return-value]


def draw_symbol(
    surface: pygame.Surface, name: str, centre: tuple[float, float], half: float, ink: RGB
) -> None:
    """Draw symbol `name` of half-size `half` px centred at `centre` (on the supersampled canvas)."""
    cx, cy = centre
    width = max(2, round(half * 0.38))
    if name == "dot":
        pygame.draw.circle(surface, ink, (cx, cy), half * 0.62)
    elif name == "square":
        side = half * 1.25
        pygame.draw.rect(surface, ink, pygame.Rect(cx - side / 2, cy - side / 2, side, side))
    elif name == "triangle":
        pygame.draw.polygon(
            surface,
            ink,
            [(cx, cy - half), (cx + half * 0.95, cy + half * 0.7), (cx - half * 0.95, cy + half * 0.7)],
        )
    elif name == "down":
        pygame.draw.polygon(
            surface,
            ink,
            [(cx, cy + half), (cx + half * 0.95, cy - half * 0.7), (cx - half * 0.95, cy - half * 0.7)],
        )
    elif name == "diamond":
        pygame.draw.polygon(
            surface, ink, [(cx, cy - half), (cx + half * 0.8, cy), (cx, cy + half), (cx - half * 0.8, cy)]
        )
    elif name == "plus":
        pygame.draw.rect(surface, ink, pygame.Rect(cx - width / 2, cy - half, width, 2 * half))
        pygame.draw.rect(surface, ink, pygame.Rect(cx - half, cy - width / 2, 2 * half, width))
    elif name == "cross":
        d = half * 0.8
        pygame.draw.line(surface, ink, (cx - d, cy - d), (cx + d, cy + d), width + 1)
        pygame.draw.line(surface, ink, (cx - d, cy + d), (cx + d, cy - d), width + 1)
    elif name == "star":
        points = []
        for i in range(10):
            radius = half * (1.05 if i % 2 == 0 else 0.45)
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, ink, points)
    elif name == "ring":
        pygame.draw.circle(surface, ink, (cx, cy), half * 0.85, width)
    elif name == "bars":
        for dy in (-half * 0.45, half * 0.45):
            pygame.draw.rect(surface, ink, pygame.Rect(cx - half, cy + dy - width / 2, 2 * half, width))
    else:
        raise ValueError(f"no symbol called {name!r}")


class PegArt:
    """Cached images of pegs, key pegs and holes."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._face: bytes | None = None

    def _get(self, key: tuple, make) -> pygame.Surface:
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > PEG_CACHE_LIMIT:
                self._cache.clear()
            image = make()
            self._cache[key] = image
        return image

    def peg(self, colour: RGB, index: int, diameter: int, symbols: bool = True) -> pygame.Surface:
        """A code peg of `colour` (colour index `index` picks its symbol and glyph), `diameter` px
        wide, in the current piece set."""
        diameter = max(4, int(diameter))
        look = looks.current()
        pieces = look.pieces
        if look.glyphs:  # a game of digits or letters: a tile carrying the value's symbol
            glyph = look.glyphs[index % len(look.glyphs)].upper()
            return self._get(
                ("tile", colour, glyph, diameter), lambda: self._make_tile(colour, glyph, diameter)
            )
        return self._get(
            ("peg", colour, index, diameter, symbols, pieces.name),
            lambda: self._make_peg(colour, index, diameter, symbols, pieces),
        )

    def _make_tile(self, colour: RGB, glyph: str, diameter: int) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        _draw_tile(canvas, colour)
        if diameter >= MIN_GLYPH_DIAMETER_PX:
            centre = (big / 2, big / 2 - big * 0.02)
            self._draw_glyph(canvas, glyph, centre, big * SYMBOL_GLYPH_CAP, ink_for(colour))
        return pygame.transform.smoothscale(canvas, (diameter, diameter))

    def draw_code(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        code,
        colours,
        symbols: bool = True,
        shape: tuple[int, int] | None = None,
    ) -> None:
        """`code` drawn as large as fits, centred in `box`, laid out in `shape` (lines, places per line:
        the variant's, as the board lays it out, so a grid reads as a grid everywhere; None: one line)."""
        rows, columns = shape or (1, len(code))
        diameter = max(4, int(min(box.h * 0.82 / (rows * CODE_PITCH), box.w / (columns * CODE_PITCH + 0.1))))
        pitch = diameter * CODE_PITCH
        x0 = box.centerx - pitch * columns / 2
        y0 = box.centery - pitch * rows / 2
        for i, colour in enumerate(code):
            row, col = divmod(i, columns)
            peg = self.peg(colours[colour % len(colours)], colour, diameter, symbols)
            centre = (round(x0 + (col + 0.5) * pitch), round(y0 + (row + 0.5) * pitch))
            surface.blit(peg, peg.get_rect(center=centre))

    def _make_peg(
        self, colour: RGB, index: int, diameter: int, symbols: bool, pieces: looks.PieceSet
    ) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        ink = ink_for(colour)
        if pieces.shape == "tile":
            _draw_tile(canvas, colour)
        else:
            pygame.draw.circle(canvas, (0, 0, 0, 90), (r, r + big * 0.03), r * 0.98)  # shadow
            if pieces.outline:  # a ring that contrasts with the colour, whatever the board under it
                ring = OUTLINE_DARK if luminance(colour) > INK_LUMINANCE else OUTLINE_LIGHT
                pygame.draw.circle(canvas, ring, (r, r), r * 0.97)
                pygame.draw.circle(canvas, colour, (r, r), r * (0.97 - 2 * pieces.outline))
            else:
                pygame.draw.circle(canvas, _shade(colour, 0.62), (r, r), r * 0.94)  # rim
                pygame.draw.circle(canvas, colour, (r, r - big * 0.015), r * 0.84)
                pygame.draw.circle(canvas, _shade(colour, 1.35), (r - big * 0.17, r - big * 0.19), r * 0.16)
        glyph = glyph_of(pieces, index) if diameter >= MIN_GLYPH_DIAMETER_PX else None
        symbol = SYMBOLS[index % len(SYMBOLS)] if symbols and diameter >= MIN_SYMBOL_DIAMETER_PX else None
        if glyph is not None and symbol is not None and diameter >= MIN_BOTH_DIAMETER_PX:
            # the glyph first, the symbol small beside it (a tile: in its lower right corner)
            if pieces.shape == "tile":
                at, mark = (r - big * 0.1, r - big * 0.08), (r + big * 0.25, r + big * 0.25)
            else:
                at, mark = (r - big * 0.13, r), (r + big * 0.21, r)
            self._draw_glyph(canvas, glyph, at, big * GLYPH_CAP_BESIDE, ink)
            draw_symbol(canvas, symbol, mark, big * BESIDE_SYMBOL_SCALE, ink)
        elif glyph is not None:
            self._draw_glyph(canvas, glyph, (r, r), big * GLYPH_CAP, ink)
        elif symbol is not None:
            draw_symbol(canvas, symbol, (r, r), big * SYMBOL_SCALE, ink)
        return pygame.transform.smoothscale(canvas, (diameter, diameter))

    def _font(self, cap_px: float) -> pygame.font.Font:
        """The shipped face with capitals `cap_px` tall (pygame's default font if it is missing)."""
        px = max(6, round(cap_px / INTER_CAP_EM))
        font = self._fonts.get(px)
        if font is None:
            if len(self._fonts) >= FONT_CACHE_LIMIT:
                self._fonts.clear()
            if self._face is None:
                try:
                    self._face = assets.font_path().read_bytes()
                except OSError:
                    self._face = b""
            font = pygame.font.Font(io.BytesIO(self._face) if self._face else None, px)
            self._fonts[px] = font
        return font

    def _draw_glyph(
        self, canvas: pygame.Surface, glyph: str, centre: tuple[float, float], cap_px: float, ink: RGB
    ) -> None:
        """`glyph` in `ink` with its ink's box centred on `centre` (a 1 sits where a 4 does)."""
        image = self._font(cap_px).render(glyph, True, ink)
        box = image.get_bounding_rect()
        canvas.blit(image, (round(centre[0] - box.centerx), round(centre[1] - box.centery)))

    def key(self, black: bool, diameter: int) -> pygame.Surface:
        """A grading peg: black solid, or white solid with a dark rim."""
        diameter = max(3, int(diameter))
        black_ink, white_ink = pal.KEY_BLACK, pal.KEY_WHITE
        return self._get(
            ("key", black, diameter, black_ink, white_ink),
            lambda: self._make_key(black, diameter, black_ink, white_ink),
        )

    def _make_key(self, black: bool, diameter: int, black_ink: RGB, white_ink: RGB) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        if black:
            pygame.draw.circle(canvas, black_ink, (r, r), r * 0.96)
            pygame.draw.circle(canvas, (70, 70, 78), (r - big * 0.16, r - big * 0.16), r * 0.2)
        else:
            pygame.draw.circle(canvas, (40, 40, 46), (r, r), r * 0.96)
            pygame.draw.circle(canvas, white_ink, (r, r), r * 0.78)
        return pygame.transform.smoothscale(canvas, (diameter, diameter))

    def shadow(self, diameter: int) -> pygame.Surface:
        """A soft round shadow (dark, translucent, blurred edge) for a lifted peg."""
        diameter = max(4, int(diameter))
        return self._get(("shadow", diameter), lambda: self._make_shadow(diameter))

    def _make_shadow(self, diameter: int) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        # stacked discs, each a little smaller and a little darker: a cheap blur
        for step in range(SHADOW_STEPS):
            pygame.draw.circle(canvas, (0, 0, 0, SHADOW_STEP_ALPHA), (r, r), r * (1 - step * 0.07))
        return pygame.transform.smoothscale(canvas, (diameter, diameter))

    def hole(self, diameter: int, colour: RGB | None = None) -> pygame.Surface:
        """An empty hole, drawn as a small dark well (None: the theme's hole colour)."""
        diameter = max(2, int(diameter))
        colour = pal.HOLE if colour is None else colour
        return self._get(("hole", diameter, colour), lambda: self._make_hole(diameter, colour))

    def _make_hole(self, diameter: int, colour: RGB) -> pygame.Surface:
        # A well, lit from above: a light lip on its lower edge, the dark floor, and the shade the
        # upper edge casts into it, so an empty hole reads as a hole and not as a dark dot.
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        pygame.draw.circle(canvas, _shade(colour, 1.3), (r, r + big * 0.025), r * 0.97)  # lower lip
        pygame.draw.circle(canvas, _shade(colour, 0.5), (r, r - big * 0.01), r * 0.93)  # shaded wall
        pygame.draw.circle(canvas, colour, (r, r + big * 0.05), r * 0.78)  # floor
        return pygame.transform.smoothscale(canvas, (diameter, diameter))


def _draw_tile(canvas: pygame.Surface, colour: RGB) -> None:
    """A square tile standing on the board: its shadow, a darker lip, the face and a light top edge."""
    big = canvas.get_width()
    side = round(big * 0.9)
    radius = round(side * TILE_RADIUS)
    box = pygame.Rect(0, 0, side, side)
    box.center = (big // 2, big // 2)
    pygame.draw.rect(canvas, (0, 0, 0, 90), box.move(0, round(big * 0.04)), border_radius=radius)
    pygame.draw.rect(canvas, _shade(colour, 0.62), box, border_radius=radius)
    face = box.inflate(-round(big * 0.08), -round(big * 0.1)).move(0, -round(big * 0.02))
    pygame.draw.rect(canvas, colour, face, border_radius=max(1, radius - round(big * 0.04)))
    light = _shade(colour, 1.3)
    y = face.y + round(big * 0.02)
    pygame.draw.line(canvas, light, (face.x + radius, y), (face.right - radius, y), max(1, big // 40))
