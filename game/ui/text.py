"""Text rendering with caches: fonts per pixel size, rendered surfaces per (text, size, colour).

Every label on screen goes through a TextRenderer owned by the app, so idle frames blit cached
surfaces instead of re-rendering. `fit_size` picks the largest size at which a text fits a box and
`wrap` breaks a paragraph into lines that fit a width: together they keep text from being clipped
at any window size. `scaled_px` turns a fraction of the window height into a font size, so text
grows with the window.

Two floors (sizes as given to pygame.font.Font): MIN_FONT_PX (14) is the floor of *fine print*,
text a caller tags `fine=True` (nothing a player must read to play); everything else is at least
`readable_px(window)`: 16 in a 640x480 window, 18 at 1280x800, growing with the window. The app
tells its renderer the window size every frame (`window`), and every fitting function starts its
search at the floor of the text it fits, so a label too long for its box is drawn at the floor
(and the box must grow), never shrunk out of reading. A renderer without a window (a tool, a test
drawing on a bare surface) has the fine-print floor only.

Invariants: no text is ever drawn below MIN_FONT_PX (font() clamps every size); caches are bounded
(cleared when they grow past a limit); the font is pygame's default font (no downloads).
"""

from __future__ import annotations

import pygame

TEXT_CACHE_LIMIT = 2000  # rendered surfaces kept before the cache is cleared
MIN_FONT_PX = 14  # fine print (tagged fine=True) and nothing smaller, ever
MAX_FONT_PX = 160
READABLE_MIN_PX = 16  # what a player must read, in the smallest window (640x480)
FIT_REFERENCE_PX = 64  # fit_size measures a text at this size first, to guess its fitting size
FIT_STEPS_BEFORE_SEARCH = 4
GROWN_FROM_PX = 800  # grown() sizes are given for a window this tall
READABLE_FRAC = 0.0225  # ... and in larger ones: of the window's height (18 at 1280x800, 24 at 1080 p)

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def scaled_px(size: tuple[int, int], fraction: float, largest: int = MAX_FONT_PX) -> int:
    """A font size that is `fraction` of the window height (capped so very wide, short windows do
    not get taller text than their width allows), never below MIN_FONT_PX nor above `largest`."""
    w, h = size
    return max(MIN_FONT_PX, min(largest, round(min(h, w * 0.75) * fraction)))


def readable_px(size: tuple[int, int] | None) -> int:
    """The smallest size of text a player must read in a window of `size` (None: no window known,
    only the fine-print floor)."""
    if size is None:
        return MIN_FONT_PX
    w, h = size
    return max(READABLE_MIN_PX, round(min(h, w * 0.75) * READABLE_FRAC))


class TextRenderer:
    """Cached fonts and rendered text."""

    def __init__(self, font_path: str | None = None) -> None:
        self.font_path = font_path
        self.window: tuple[int, int] | None = None  # the window drawn into (the app sets it each frame)
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

    def render(self, text: str, size_px: int, colour: Colour, fine: bool = False) -> pygame.Surface:
        """`text` rendered at `size_px` (`fine`: tagged fine print, which the floor allows smaller)."""
        key = (text, int(size_px), tuple(colour))
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) > TEXT_CACHE_LIMIT:
                self._rendered.clear()
            surface = self.font(size_px).render(text, True, colour)
            self._rendered[key] = surface
        return surface

    def floor(self, fine: bool = False) -> int:
        """The smallest size a text may be drawn at: fine print's, or what a player must read."""
        return MIN_FONT_PX if fine else readable_px(self.window)

    def grown(self, size_px: float) -> int:
        """`size_px`, the largest size wanted for a text at 1280x800, grown with a larger window (by
        its height, or 3/4 of a narrow window's width); never smaller than asked."""
        if self.window is None:
            return round(size_px)
        w, h = self.window
        return max(round(size_px), round(size_px * min(h, w * 0.75) / GROWN_FROM_PX))

    def at_least(self, size_px: float, fine: bool = False) -> int:
        """`size_px` raised to the floor (a size computed from a layout unit)."""
        return max(self.floor(fine), round(size_px))

    def fit_size(
        self, text: str, max_w: float, max_h: float, largest: int = MAX_FONT_PX, fine: bool = False
    ) -> int:
        """The largest font size (px) at which `text` fits inside max_w x max_h, never below the floor."""
        floor = self.floor(fine)
        low, high = floor, max(floor, min(largest, int(max_h * 2) + 1))
        if low >= high:
            return low

        def fits(px: int) -> bool:
            w, h = self.size(text, px)
            return w <= max_w and h <= max_h

        # text grows nearly in proportion to its size: a guess from one measure at a reference size
        # (its font made once), then a few steps to the exact answer; each size tried makes a font,
        # and a screen's first frame fits dozens of texts
        ref_w, ref_h = self.size(text, FIT_REFERENCE_PX)
        guess = FIT_REFERENCE_PX * min(max_w / max(1, ref_w), max_h / max(1, ref_h))
        px = max(low, min(high, int(guess)))
        if fits(px):
            while px < high and fits(px + 1):
                px += 1
            return px
        while px > low and not fits(px - 1):
            px -= 1
            if px - low > FIT_STEPS_BEFORE_SEARCH:  # far off (an odd text): a binary search instead
                break
        else:
            return max(low, px - 1)
        high = px - 1
        while low < high:
            mid = (low + high + 1) // 2
            if fits(mid):
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

    def fit_wrapped(
        self, text: str, max_w: float, max_h: float, largest: int = 40, fine: bool = False
    ) -> tuple[int, list[str]]:
        """The largest size at which the wrapped text fits the box, and its lines."""
        floor = self.floor(fine)
        size = max(floor, largest)
        while True:
            lines = self.wrap(text, size, max_w)
            height = len(lines) * self.font(size).get_linesize()
            widest = max((self.size(line, size)[0] for line in lines), default=0)
            if (height <= max_h and widest <= max_w) or size <= floor:
                return size, lines
            size -= 1

    def fit_paragraphs(
        self,
        text: str,
        max_w: float,
        max_h: float,
        largest: int = 40,
        gap_frac: float = 0.45,
        fine: bool = False,
    ) -> tuple[int, list[tuple[str, int]]]:
        """Like fit_wrapped, with a gap of gap_frac lines between paragraphs (split on newlines).

        Returns the size and (line, y offset from the top) pairs.
        """
        floor = self.floor(fine)
        size = max(floor, largest)
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
            if (y <= max_h and widest <= max_w) or size <= floor:
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
        fine: bool = False,
        role: str = "",
    ) -> pygame.Rect:
        """Blit text with its `align` point ("center", "midleft", "midright", "topleft", ...) at anchor.
        `role` names what the text is ("button": a button's label) for whoever inspects the drawing."""
        rendered = self.render(text, size_px, colour, fine)
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
        fine: bool = False,
        role: str = "",
    ) -> pygame.Rect:
        """Draw `text` as large as fits inside `rect` (minus padding), aligned in it."""
        inner = rect.inflate(-2 * pad_px, -2 * pad_px) if pad_px else rect
        size = self.fit_size(text, inner.w, inner.h, largest, fine)
        anchor = getattr(inner, align)
        return self.draw(surface, text, size, colour, anchor, align, fine, role)
