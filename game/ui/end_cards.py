"""The end of a run or a puzzle as one card with big numbers: Blitz (codes, points, best, rank), the
Daily code (the share grid filling its side of the card, the score, the streak, the countdown),
Deduce (the stars, tries, time, score). One geometry and one look for all of them, the theme's.

EndCardLayout: a card nearly the window's size with the verdict across its top, a row of number
tiles (`tiles` of them), an optional side panel on the left (`side`: the share grid, the stars), a
band of lines under the tiles, and a row of buttons. A tile is a raised slab with its caption in
small capitals over its value, every value of a row at one size (the largest at which all fit); a
highlighted tile (a new best, a rank in the top ten) wears the accent. Drawing and hit-testing
share the rects, as everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import palette as pal
from game.ui import theme
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.text import TextRenderer
from game.ui.widgets import button_label_px, draw_button

CARD_W_FRAC, CARD_H_FRAC = 0.9, 0.9
SIDE_W_FRAC = 0.42  # the side panel's share of the card's width, when there is one
TILE_CAPTION_FRAC = 0.3  # a tile's caption, of its height
MAX_TILE_COLUMNS = 4  # more tiles than this wrap onto a second row
TILE_H_PER_W = 0.72  # a tile's height at most, of its width


@dataclass(frozen=True)
class Tile:
    """One big number: its caption ("Points"), its value ("1,200") and whether it is highlighted."""

    caption: str
    value: str
    highlight: bool = False


class EndCardLayout:
    """The card's rects (see the module docstring)."""

    def __init__(
        self,
        size: tuple[int, int],
        tiles: int,
        buttons: Sequence[str],
        side: bool = False,
        lines: int = 2,
        columns: int = MAX_TILE_COLUMNS,
    ) -> None:
        self.size = size
        self.columns = columns
        full = dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, 560, 420)
        self._place(full, tiles, buttons, side, lines)
        if not side:  # a card only as tall as what it holds (no band of nothing), centred
            needed = self._needed
            if needed < full.h:
                card = pygame.Rect(full.x, full.centery - needed // 2, full.w, needed)
                self._place(card, tiles, buttons, side, lines, fill=False)

    def _place(
        self, card: pygame.Rect, tiles: int, buttons: Sequence[str], side: bool, lines: int, fill: bool = True
    ) -> None:
        size = self.size
        m = margin_px(size)
        bh = button_height_px(size)
        self.card = card
        line = theme.type_px(size, "body") * 1.4
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, round(max(card.h * 0.13, line)))
        if not fill:  # the title keeps the height it had on the full card
            self.title.h = round(max(dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, 560, 420).h * 0.13, line))
        self.buttons = button_row(card, tuple(buttons), bh, m * 2)
        top = self.title.bottom + m
        bottom = min(rect.y for rect in self.buttons.values()) - m
        body = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, bottom - top)
        self.side: pygame.Rect | None = None
        if side:
            side_w = round(body.w * SIDE_W_FRAC)
            self.side = pygame.Rect(body.x, body.y, side_w, body.h)
            body = pygame.Rect(body.x + side_w + 2 * m, body.y, body.w - side_w - 2 * m, body.h)
        self.body = body
        rows = max(1, -(-tiles // self.columns))
        per_row = -(-tiles // rows) if tiles else 0
        lines_h = round(min(body.h * 0.42, max(lines, 1) * line)) if lines else 0
        tiles_h = body.h - lines_h - (m if lines else 0)
        tile_h = (tiles_h - m * (rows - 1)) / rows
        widest = (body.w - m * (per_row - 1)) / max(1, per_row)
        tile_h = min(tile_h, widest * TILE_H_PER_W)  # a tile no taller than it looks like a tile
        block = rows * tile_h + m * (rows - 1) + (m + lines_h if lines else 0)
        self._needed = round((body.y - card.y) + block + (card.bottom - body.bottom))
        top = body.y + max(0.0, (body.h - block) / 2)  # tiles and lines together, centred
        self.tiles: list[pygame.Rect] = []
        for k in range(tiles):
            r, c = divmod(k, per_row)
            count = min(per_row, tiles - r * per_row)
            width = (body.w - m * (count - 1)) / count
            x = body.x + c * (width + m)
            y = top + r * (tile_h + m)
            self.tiles.append(pygame.Rect(round(x), round(y), round(width), round(tile_h)))
        tiles_bottom = top + rows * tile_h + m * (rows - 1) if tiles else top - m
        self.lines = pygame.Rect(body.x, round(tiles_bottom + m), body.w, lines_h)

    def hit_test(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None


def _tile_boxes(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    pad = max(4, min(rect.w, rect.h) // 10)
    inner = rect.inflate(-2 * pad, -2 * pad)
    caption_h = round(inner.h * TILE_CAPTION_FRAC)
    caption = pygame.Rect(inner.x, inner.y, inner.w, caption_h)
    value = pygame.Rect(inner.x, caption.bottom, inner.w, inner.h - caption_h)
    return caption, value


def draw_tiles(
    surface: pygame.Surface, text: TextRenderer, rects: Sequence[pygame.Rect], tiles: Sequence[Tile]
) -> None:
    """Each tile on its slab; every caption at one size, every value at one size."""
    if not tiles:
        return
    size = text.window or surface.get_size()
    boxes = [_tile_boxes(rect) for rect in rects]
    caption_px = min(
        text.fit_size(t.caption.upper(), c.w, c.h, theme.type_px(size, "label"))
        for t, (c, _) in zip(tiles, boxes, strict=True)
    )
    value_px = min(
        text.fit_size(t.value, v.w, v.h * 0.92, theme.type_px(size, "display"))
        for t, (_, v) in zip(tiles, boxes, strict=True)
    )
    for tile, rect, (caption, value) in zip(tiles, rects, boxes, strict=True):
        face = theme.draw_raised(
            surface,
            rect,
            pal.BUTTON if not tile.highlight else theme.shade(pal.BUTTON, 1.08),
            radius=theme.card_radius(rect),
            edge=theme.ACCENT if tile.highlight else None,
            edge_w=2,
        )
        caption.y, value.y = caption.y + (face.y - rect.y), value.y + (face.y - rect.y)
        text.draw(surface, tile.caption.upper(), caption_px, pal.TEXT_DIM, caption.center)
        colour = theme.ACCENT if tile.highlight else pal.TEXT
        text.draw(surface, tile.value, value_px, colour, value.center)


def draw_lines(
    surface: pygame.Surface, text: TextRenderer, rect: pygame.Rect, lines: Sequence[tuple[str, pal.RGB]]
) -> None:
    """Lines centred in `rect`, one size for all, wrapped when one is too long."""
    if not lines or rect.h <= 0:
        return
    size = text.window or surface.get_size()
    words = "\n".join(line for line, _ in lines)
    px, placed = text.fit_paragraphs(words, rect.w, rect.h, theme.type_px(size, "body"), 0.15)
    line_h = text.font(px).get_linesize()
    block = placed[-1][1] + line_h if placed else 0
    top = rect.y + max(0, (rect.h - block) // 2)
    colours = {}
    for line, colour in lines:  # a wrapped line's parts take its colour
        for part in text.wrap(line, px, rect.w):
            colours.setdefault(part, colour)
    for line, y in placed:
        text.draw(surface, line, px, colours.get(line, pal.TEXT_DIM), (rect.centerx, top + y), align="midtop")


def draw_title(
    surface: pygame.Surface, text: TextRenderer, rect: pygame.Rect, words: str, colour: pal.RGB
) -> None:
    text.draw_in(surface, words, rect, colour, theme.type_px(text.window or surface.get_size(), "title"))


def draw_buttons(
    surface: pygame.Surface,
    text: TextRenderer,
    buttons: dict[str, pygame.Rect],
    labels: dict[str, str],
    mouse: tuple[int, int],
    primary: str,
    focus: str | None = None,
) -> None:
    """The card's buttons, one label size for the row."""
    names = list(buttons)
    px = button_label_px(text, [buttons[n] for n in names], [labels[n] for n in names])
    for name in names:
        rect = buttons[name]
        draw_button(
            surface,
            text,
            rect,
            labels[name],
            primary=name == primary,
            hot=rect.collidepoint(mouse),
            focused=name == focus,
            label_px=px,
        )
