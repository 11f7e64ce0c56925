"""Text rendering with caches: one typeface at whole pixel sizes, rendered surfaces per (text, size,
colour).

The face is the shipped one (assets/fonts: Inter SemiBold, a typeface drawn for screens, under the
SIL Open Font License), found through game/assets.py as the sounds are; pygame's default font only
when that file is missing (game/assets.py names it then). SDL_ttf draws it with the font's kerning.

A *size* (what every caller passes) is a measure of the capitals: text of size s has capitals s/2
pixels tall. The renderer measures the face's capital height at each whole pixel size on rendered
pixels (the rows of a capital H at least half covered) and draws a size with the largest pixel size
whose capitals are no taller than that, so two faces, or two sizes of one face, are compared by
what a reader sees, not by their nominal em. (The scale is the one the layouts were drawn in:
pygame's default font at nominal size s has capitals about s/2 tall.)

Every label on screen goes through a TextRenderer owned by the app, so idle frames blit cached
surfaces instead of re-rendering. `fit_size` picks the largest size at which a text fits a box and
`wrap` breaks a paragraph into lines that fit a width: together they keep text from being clipped
at any window size.

Two floors, in capital height: MIN_CAP_PX (7 px, size 14) is the floor of *fine print*, text a
caller tags `fine=True` (nothing a player must read to play); everything else is at least
`readable_px(window)`: capitals 8 px tall in a 640x480 window, 10 at 1280x800, growing with the
window. The app tells its renderer the window size every frame (`window`), and every fitting
function starts its search at the floor of the text it fits, so a label too long for its box is
drawn at the floor (and the box must grow), never shrunk out of reading. A renderer without a
window (a tool, a test drawing on a bare surface) has the fine-print floor only.

A line is LINE_EM (1.1) ems tall: the face's own box (ascent + descent, 1.21 em) keeps 0.24 em
above its capitals for accents, which no text here has, so a rendered line drops the top 0.11 em of
that room (tests/ui/test_glyphs.py checks that no string drawn has ink there). Measures (`size`)
and line spacing (`font(s).get_linesize()`) use the same 1.1 em, so a label's box is as tall as
what it shows, as with pygame's default font, for which none of this is done.

Invariants: no text is ever drawn below MIN_FONT_PX (font() clamps every size); every cache is
bounded (least recently used first out): FONT_CACHE_LIMIT pixel sizes of the face (each holds its
own glyph cache), RENDER_CACHE_BYTES of rendered surfaces, so a window dragged through hundreds of
sizes keeps a flat memory.
"""

from __future__ import annotations

import io
import math
from collections import OrderedDict
from pathlib import Path

import pygame

from game import assets

CAP_PER_SIZE = 0.5  # a text of size s has capitals s / 2 px tall
MIN_CAP_PX = 7  # fine print (tagged fine=True) and nothing smaller, ever
READABLE_MIN_CAP_PX = 8  # what a player must read, in the smallest window (640x480)
READABLE_CAP_FRAC = 0.0125  # ... and in larger ones: of the window's height (10 at 1280x800, 13 at 1080 p)
MIN_FONT_PX = round(MIN_CAP_PX / CAP_PER_SIZE)  # fine print's size (14)
MAX_FONT_PX = 160
LINE_EM = 1.1  # a line of the shipped face is this many ems tall, and lines this far apart (see below)
CAP_GLYPH = "H"  # a flat-topped capital on the baseline: its height is the face's capital height
INK_ALPHA = 128  # a pixel is ink when at least half covered
FONT_CACHE_LIMIT = 24  # pixel sizes of the face kept open (about 0.3 MB each with their glyphs)
RENDER_CACHE_BYTES = 12 * 1024 * 1024  # rendered text kept, in pixel bytes (a screen needs well under 2 MB)
SIZE_CACHE_LIMIT = 8000  # measured (text, size) pairs kept
FIT_REFERENCE_PX = 64  # fit_size measures a text at this size first, to guess its fitting size
FIT_STEPS_BEFORE_SEARCH = 4
GROWN_FROM_PX = 800  # grown() sizes are given for a window this tall

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def scaled_px(size: tuple[int, int], fraction: float, largest: int = MAX_FONT_PX) -> int:
    """A font size that is `fraction` of the window height (capped so very wide, short windows do
    not get taller text than their width allows), never below MIN_FONT_PX nor above `largest`."""
    w, h = size
    return max(MIN_FONT_PX, min(largest, round(min(h, w * 0.75) * fraction)))


def readable_cap_px(size: tuple[int, int] | None) -> int:
    """The smallest capital height (px) of text a player must read in a window of `size` (None: no
    window known, only fine print's)."""
    if size is None:
        return MIN_CAP_PX
    w, h = size
    return max(READABLE_MIN_CAP_PX, math.floor(min(h, w * 0.75) * READABLE_CAP_FRAC))


def readable_px(size: tuple[int, int] | None) -> int:
    """The smallest size of text a player must read in a window of `size` (None: no window known,
    only the fine-print floor)."""
    return math.ceil(readable_cap_px(size) / CAP_PER_SIZE)


class TextRenderer:
    """Cached fonts and rendered text in one typeface (`font_path`; None: the shipped one)."""

    def __init__(self, font_path: str | Path | None = None) -> None:
        path = Path(font_path) if font_path is not None else assets.font_path()
        try:
            # read once: every pixel size opens the face from these bytes, not from the disk
            self._face: bytes | None = path.read_bytes()
        except OSError:
            self._face = None  # pygame's default font (game/assets.py names the missing file)
        self.font_path = path if self._face is not None else None
        self.window: tuple[int, int] | None = None  # the window drawn into (the app sets it each frame)
        self._fonts: OrderedDict[int, pygame.font.Font] = OrderedDict()  # by pixel size
        self._cap_of_px: dict[int, int] = {}
        self._crop_of_px: dict[int, int] = {}  # px cut off the top of a rendered line (LINE_EM)
        self._px_of_size: dict[int, int] = {}
        self._rendered: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()
        self._rendered_bytes = 0
        self._sizes: dict[tuple[str, int], tuple[int, int]] = {}

    # --- the face at whole pixel sizes ------------------------------------------------------------

    def _face_at(self, px: int) -> pygame.font.Font:
        """The face at `px` pixels to the em (pygame's nominal size for the default font)."""
        font = self._fonts.get(px)
        if font is not None:
            self._fonts.move_to_end(px)
            return font
        source = io.BytesIO(self._face) if self._face is not None else None
        font = pygame.font.Font(source, px)
        if source is not None:
            line = round(px * LINE_EM)
            font.set_linesize(line)
            self._crop_of_px[px] = max(0, font.get_height() - line)
        self._fonts[px] = font
        if len(self._fonts) > FONT_CACHE_LIMIT:
            self._fonts.popitem(last=False)
        return font

    def _cap_at(self, px: int) -> int:
        """The capital height of the face at `px`, measured on its rendered pixels: the rows of a
        capital H with ink covering at least half a pixel (a faint antialiased row does not count)."""
        cap = self._cap_of_px.get(px)
        if cap is None:
            image = self._face_at(px).render(CAP_GLYPH, True, (255, 255, 255))
            ink = pygame.mask.from_surface(image, INK_ALPHA - 1).get_bounding_rects()
            cap = max((r.bottom for r in ink), default=0) - min((r.top for r in ink), default=0)
            self._cap_of_px[px] = cap
        return cap

    def pixel_size(self, size_px: int) -> int:
        """The whole pixel size the face is drawn at for `size_px`: the largest whose measured
        capitals are at most size_px * CAP_PER_SIZE tall (never less than 1)."""
        size_px = max(MIN_FONT_PX, min(MAX_FONT_PX, int(size_px)))
        px = self._px_of_size.get(size_px)
        if px is None:
            target = size_px * CAP_PER_SIZE
            px = max(1, round(target / 0.72))  # a first guess: capitals are about 0.72 em in most faces
            while px > 1 and self._cap_at(px) > target:
                px -= 1
            while self._cap_at(px + 1) <= target:
                px += 1
            self._px_of_size[size_px] = px
        return px

    def size_for_cap(self, cap_px: float) -> int:
        """The largest size whose capitals are at most `cap_px` tall (not raised to any floor)."""
        return max(1, math.floor(cap_px / CAP_PER_SIZE))

    def cap_px(self, size_px: int) -> int:
        """The measured capital height (px) of text drawn at `size_px`."""
        return self._cap_at(self.pixel_size(size_px))

    def font(self, size_px: int) -> pygame.font.Font:
        """The font text of `size_px` is drawn with (for its line height and measures)."""
        return self._face_at(self.pixel_size(size_px))

    # --- measuring and drawing ----------------------------------------------------------------------

    def size(self, text: str, size_px: int) -> tuple[int, int]:
        key = (text, int(size_px))
        measured = self._sizes.get(key)
        if measured is None:
            if len(self._sizes) > SIZE_CACHE_LIMIT:
                self._sizes.clear()
            px = self.pixel_size(size_px)
            w, h = self._face_at(px).size(text)
            measured = (w, h - self._crop_of_px.get(px, 0))
            self._sizes[key] = measured
        return measured

    def render(self, text: str, size_px: int, colour: Colour, fine: bool = False) -> pygame.Surface:
        """`text` rendered at `size_px` (`fine`: tagged fine print, which the floor allows smaller)."""
        key = (text, int(size_px), tuple(colour))
        surface = self._rendered.get(key)
        if surface is not None:
            self._rendered.move_to_end(key)
            return surface
        px = self.pixel_size(size_px)
        surface = self._face_at(px).render(text, True, colour)
        crop = self._crop_of_px.get(px, 0)
        if crop:
            surface = surface.subsurface((0, crop, surface.get_width(), surface.get_height() - crop))
        self._rendered[key] = surface
        self._rendered_bytes += _bytes_of(surface)
        while self._rendered_bytes > RENDER_CACHE_BYTES and len(self._rendered) > 1:
            _, dropped = self._rendered.popitem(last=False)
            self._rendered_bytes -= _bytes_of(dropped)
        return surface

    def cached_bytes(self) -> int:
        """Pixel bytes of the rendered text kept (bounded by RENDER_CACHE_BYTES)."""
        return self._rendered_bytes

    def open_sizes(self) -> int:
        """Pixel sizes of the face held open (bounded by FONT_CACHE_LIMIT)."""
        return len(self._fonts)

    def ink_above_line(self, text: str, size_px: int) -> int:
        """Pixels of `text`'s ink above the top of its line at `size_px` (0: none is cut off)."""
        px = self.pixel_size(size_px)
        font = self._face_at(px)
        tops = [m[3] for m in font.metrics(text) if m is not None]
        room = font.get_ascent() - self._crop_of_px.get(px, 0)  # from the baseline to the line's top
        return max(0, max(tops, default=0) - room)

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

        # text grows nearly in proportion to its size: a guess from one measure at a reference size,
        # then a few steps to the exact answer (a screen's first frame fits dozens of texts)
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


def _bytes_of(surface: pygame.Surface) -> int:
    whole = surface.get_parent() or surface  # a cropped line keeps its whole rendering alive
    return whole.get_pitch() * whole.get_height()
