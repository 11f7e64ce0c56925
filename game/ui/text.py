"""Text rendering with caches: fonts per pixel size, rendered surfaces per (text, size, colour).

Every label on screen goes through a TextRenderer owned by the app, so idle frames blit cached
surfaces instead of re-rendering. `fit_size` picks the largest size at which a text fits a box and
`wrap` breaks a paragraph into lines that fit a width: together they keep text from being clipped
at any window size. `scaled_px` turns a fraction of the window height into a font size, so text
grows with the window. Invariants: no text is ever drawn below MIN_FONT_PX (font() clamps every
size, so a caller asking for less still gets a readable size); caches are bounded (cleared when
they grow past a limit); the font is pygame's default font (no downloads).
"""

from __future__ import annotations

import pygame

TEXT_CACHE_LIMIT = 2000  # rendered surfaces kept before the cache is cleared
MIN_FONT_PX = 14  # the smallest readable size on a laptop screen; nothing is drawn smaller
MAX_FONT_PX = 160

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def scaled_px(size: tuple[int, int], fraction: float, largest: int = MAX_FONT_PX) -> int:
    """A font size that is `fraction` of the window height (capped so very wide, short windows do
    not get taller text than their width allows), never below MIN_FONT_PX nor above `largest`."""
    w, h = size
    return max(MIN_FONT_PX, min(largest, round(min(h, w * 0.75) * fraction)))


class TextRenderer:
    """Cached fonts and rendered text."""

    def __init__(self, font_path: str | None = None) -> None:
        self.font_path = font_path
        self._fonts: dict[int, pygame.font.Font] = {}
        self._rendered: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._sizes: dict[tuple[str, int], tuple[int, int]] = {}

    def font(self, size_px: int) -> pygame.font.Font:
        size_px = max(MIN_FONT_PX, min(MAX_FONT_PX, int(size_px)))
        font = self._fonts.get(size_px)
        if font is None:
            font = pygame.font.Font(self.font_path, size_px)
            self._fonts[size_px] = font
        return font

    def size(self, text: str, size_px: int) -> tuple[int, int]:
        key = (text, int(size_px))
        measured = self._sizes.get(key)
        if measured is None:
            if len(self._sizes) > TEXT_CACHE_LIMIT * 4:
                self._sizes.clear()
            measured = self.font(size_px).size(text)
            self._sizes[key] = measured
        return measured

    def render(self, text: str, size_px: int, colour: Colour) -> pygame.Surface:
        key = (text, int(size_px), tuple(colour))
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) > TEXT_CACHE_LIMIT:
                self._rendered.clear()
            surface = self.font(size_px).render(text, True, colour)
            self._rendered[key] = surface
        return surface

    def fit_size(self, text: str, max_w: float, max_h: float, largest: int = MAX_FONT_PX) -> int:
        """The largest font size (px) at which `text` fits inside max_w x max_h."""
        low, high = MIN_FONT_PX, max(MIN_FONT_PX, min(largest, int(max_h * 2) + 1))
        while low < high:
            mid = (low + high + 1) // 2
            w, h = self.size(text, mid)
            if w <= max_w and h <= max_h:
                low = mid
            else:
                high = mid - 1
        return low

    def wrap(self, text: str, size_px: int, max_w: float) -> list[str]:
        """Break `text` (paragraphs split on newlines) into lines no wider than max_w when possible."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split(" ")
            line = ""
            for word in words:
                candidate = f"{line} {word}" if line else word
                if not line or self.size(candidate, size_px)[0] <= max_w:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def fit_wrapped(self, text: str, max_w: float, max_h: float, largest: int = 40) -> tuple[int, list[str]]:
        """The largest size at which the wrapped text fits the box, and its lines."""
        size = max(MIN_FONT_PX, largest)
        while True:
            lines = self.wrap(text, size, max_w)
            height = len(lines) * self.font(size).get_linesize()
            widest = max((self.size(line, size)[0] for line in lines), default=0)
            if (height <= max_h and widest <= max_w) or size <= MIN_FONT_PX:
                return size, lines
            size -= 1

    def fit_paragraphs(
        self, text: str, max_w: float, max_h: float, largest: int = 40, gap_frac: float = 0.45
    ) -> tuple[int, list[tuple[str, int]]]:
        """Like fit_wrapped, with a gap of gap_frac lines between paragraphs (split on newlines).

        Returns the size and (line, y offset from the top) pairs.
        """
        size = max(MIN_FONT_PX, largest)
        while True:
            line_h = self.font(size).get_linesize()
            placed: list[tuple[str, int]] = []
            y = 0.0
            widest = 0
            for index, paragraph in enumerate(text.split("\n")):
                if index:
                    y += line_h * gap_frac
                for line in self.wrap(paragraph, size, max_w):
                    placed.append((line, round(y)))
                    widest = max(widest, self.size(line, size)[0])
                    y += line_h
            if (y <= max_h and widest <= max_w) or size <= MIN_FONT_PX:
                return size, placed
            size -= 1

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size_px: int,
        colour: Colour,
        anchor: tuple[float, float],
        align: str = "center",
    ) -> pygame.Rect:
        """Blit text with its `align` point ("center", "midleft", "midright", "topleft", ...) at anchor."""
        rendered = self.render(text, size_px, colour)
        rect = rendered.get_rect(**{align: (round(anchor[0]), round(anchor[1]))})
        surface.blit(rendered, rect)
        return rect

    def draw_in(
        self,
        surface: pygame.Surface,
        text: str,
        rect: pygame.Rect,
        colour: Colour,
        largest: int = MAX_FONT_PX,
        align: str = "center",
        pad_px: int = 0,
    ) -> pygame.Rect:
        """Draw `text` as large as fits inside `rect` (minus padding), aligned in it."""
        inner = rect.inflate(-2 * pad_px, -2 * pad_px) if pad_px else rect
        size = self.fit_size(text, inner.w, inner.h, largest)
        anchor = getattr(inner, align)
        return self.draw(surface, text, size, colour, anchor, align)
