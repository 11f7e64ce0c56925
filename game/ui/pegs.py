"""Peg art: code pegs with symbols, key (grading) pegs, empty holes and lifted-peg shadows, as
cached surfaces.

Each image is drawn once at SUPERSAMPLE times its size and smoothly scaled down (cheap
anti-aliasing), then kept in a bounded cache keyed by everything that changes its look; idle
frames only blit. Key pegs are told apart by fill, not hue: black is solid black, white is solid
white with a dark rim, an empty grading hole is a small dark dot.

Invariant: a surface handed out is never drawn on by the caller (it is shared by the cache).
"""

from __future__ import annotations

import math

import pygame

from game.ui.palette import HOLE, KEY_BLACK, KEY_WHITE, RGB, SYMBOLS, ink_for

SUPERSAMPLE = 3
PEG_CACHE_LIMIT = 600  # images kept before the cache is cleared
SYMBOL_SCALE = 0.30  # symbol half-size as a fraction of the peg diameter
MIN_SYMBOL_DIAMETER_PX = 12  # below this a symbol is unreadable; the peg is drawn plain
SHADOW_STEP_ALPHA = 42  # each of SHADOW_STEPS discs; stacked, the middle is about 2/3 opaque
SHADOW_STEPS = 6
CODE_PITCH = 1.12  # peg spacing of a code drawn on its own (draw_code), in diameters


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

    def _get(self, key: tuple, make) -> pygame.Surface:
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) > PEG_CACHE_LIMIT:
                self._cache.clear()
            image = make()
            self._cache[key] = image
        return image

    def peg(self, colour: RGB, index: int, diameter: int, symbols: bool = True) -> pygame.Surface:
        """A code peg of `colour` (colour index `index` picks its symbol), `diameter` px wide."""
        diameter = max(4, int(diameter))
        return self._get(
            ("peg", colour, index, diameter, symbols),
            lambda: self._make_peg(colour, index, diameter, symbols),
        )

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

    def _make_peg(self, colour: RGB, index: int, diameter: int, symbols: bool) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        pygame.draw.circle(canvas, (0, 0, 0, 90), (r, r + big * 0.03), r * 0.98)  # shadow
        pygame.draw.circle(canvas, _shade(colour, 0.62), (r, r), r * 0.94)  # rim
        pygame.draw.circle(canvas, colour, (r, r - big * 0.015), r * 0.84)
        pygame.draw.circle(canvas, _shade(colour, 1.35), (r - big * 0.17, r - big * 0.19), r * 0.16)
        if symbols and diameter >= MIN_SYMBOL_DIAMETER_PX:
            draw_symbol(canvas, SYMBOLS[index % len(SYMBOLS)], (r, r), big * SYMBOL_SCALE, ink_for(colour))
        return pygame.transform.smoothscale(canvas, (diameter, diameter))

    def key(self, black: bool, diameter: int) -> pygame.Surface:
        """A grading peg: black solid, or white solid with a dark rim."""
        diameter = max(3, int(diameter))
        return self._get(("key", black, diameter), lambda: self._make_key(black, diameter))

    def _make_key(self, black: bool, diameter: int) -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        r = big / 2
        if black:
            pygame.draw.circle(canvas, KEY_BLACK, (r, r), r * 0.96)
            pygame.draw.circle(canvas, (70, 70, 78), (r - big * 0.16, r - big * 0.16), r * 0.2)
        else:
            pygame.draw.circle(canvas, (40, 40, 46), (r, r), r * 0.96)
            pygame.draw.circle(canvas, KEY_WHITE, (r, r), r * 0.78)
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

    def hole(self, diameter: int, colour: RGB = HOLE) -> pygame.Surface:
        """An empty hole, drawn as a small dark well."""
        diameter = max(2, int(diameter))
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
