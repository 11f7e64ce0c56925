"""Drawing of the main menu (game/screens/menu.py holds its entries, focus and input): the title with
two pegs, the subtitle, the entries with their details, and the footer, on the card the menu lays
over its demo game. Drawing only reads; geometry comes from MenuLayout (game/ui/layout_screens.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.ui import palette as pal
from game.ui.layout_screens import MenuLayout
from game.ui.text import TextRenderer

SUBTITLE = "Break the secret code: black = right colour, right place; white = right colour only"
FOOTER = "Arrows + Enter or the mouse · H help · Esc quits"


def draw_front(surface: pygame.Surface, app: Any, layout: MenuLayout, entries: Sequence, focus: int) -> None:
    """Title, subtitle, entries (each with .label and .detail; entry `focus` highlighted) and footer."""
    text = app.text
    draw_title(surface, app, layout)
    text.draw_in(
        surface,
        SUBTITLE,
        layout.subtitle_rect.inflate(0, -layout.subtitle_rect.h // 4),
        pal.TEXT_DIM,
        26,
    )
    label_px, detail_px, two_lines = entry_text_sizes(text, layout, entries)
    for i, (entry, rect) in enumerate(zip(entries, layout.entries, strict=True)):
        focused = i == focus
        fill = pal.BUTTON_HOT if focused else pal.BUTTON
        radius = max(4, rect.h // 5)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = pal.SELECTION if focused else pal.BOARD_EDGE
        pygame.draw.rect(surface, edge, rect, width=3 if focused else 1, border_radius=radius)
        label_box, detail_box = entry_boxes(rect, two_lines)
        text.draw(surface, entry.label, label_px, pal.TEXT, label_box.midleft, align="midleft")
        if entry.detail:
            align = "midleft" if two_lines else "midright"
            text.draw(surface, entry.detail, detail_px, pal.TEXT_DIM, getattr(detail_box, align), align=align)
    text.draw_in(surface, FOOTER, layout.footer_rect, pal.TEXT_DIM, 22)


def card_rect(text: TextRenderer, layout: MenuLayout) -> pygame.Rect:
    """The card under the menu: it spans the entries, and the subtitle and footer lines where they
    are wider."""
    entries = layout.entries[0].unionall(layout.entries)
    widest = max(
        text.size(line, text.fit_size(line, box.w, box.h, largest))[0]
        for line, box, largest in (
            (SUBTITLE, layout.subtitle_rect.inflate(0, -layout.subtitle_rect.h // 4), 26),
            (FOOTER, layout.footer_rect, 22),
        )
    )
    left = min(entries.x, layout.subtitle_rect.centerx - widest // 2)
    right = max(entries.right, layout.subtitle_rect.centerx + widest // 2 + 1)
    pad = max(8, layout.footer_rect.h // 3)
    top, bottom = layout.subtitle_rect.y, layout.footer_rect.bottom
    return pygame.Rect(left, top, right - left, bottom - top).inflate(2 * pad, 2 * pad)


def entry_boxes(rect: pygame.Rect, two_lines: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """Label and detail boxes of one entry: side by side, or the detail under the label."""
    pad = max(6, rect.h // 4)
    if two_lines:
        inner = rect.inflate(-2 * pad, -round(rect.h * 0.16))
        top = round(inner.h * 0.56)
        return (
            pygame.Rect(inner.x, inner.y, inner.w, top),
            pygame.Rect(inner.x, inner.y + top, inner.w, inner.h - top),
        )
    inner = rect.inflate(-2 * pad, -round(rect.h * 0.42))
    label_w = round(inner.w * 0.45)
    return (
        pygame.Rect(inner.x, inner.y, label_w, inner.h),
        pygame.Rect(inner.x + label_w + pad, inner.y, inner.w - label_w - pad, inner.h),
    )


def entry_text_sizes(text: TextRenderer, layout: MenuLayout, entries: Sequence) -> tuple[int, int, bool]:
    """One label size and one detail size for every entry (a menu of mixed sizes looks broken); the
    details go under the labels when beside them they would be too small to read."""
    rect = layout.entries[0]
    for two_lines in (False, True):
        label_box, detail_box = entry_boxes(rect, two_lines)
        label_px = min(text.fit_size(e.label, label_box.w, label_box.h, 40) for e in entries)
        details = [e.detail for e in entries if e.detail] or [" "]
        detail_px = min(text.fit_size(d, detail_box.w, detail_box.h * 0.9, label_px) for d in details)
        if two_lines or detail_px >= 0.7 * label_px:
            return label_px, detail_px, two_lines
    raise AssertionError("unreachable")


def draw_title(surface: pygame.Surface, app: Any, layout: MenuLayout) -> None:
    """MASTERMIND ARCADE between two pegs of the player's palette."""
    rect = layout.title_rect
    colours = pal.palette(app.settings.palette)
    symbols = app.settings.symbols
    d = round(rect.h * 0.55)
    title_box = rect.inflate(-2 * (d + 12) * 2, -round(rect.h * 0.2))
    drawn = app.text.draw_in(surface, "MASTERMIND ARCADE", title_box, pal.TEXT, 90)
    for i, x in enumerate((drawn.left - d - 12, drawn.right + 12)):
        colour = (0, 2)[i]
        peg = app.pegs.peg(colours[colour], colour, d, symbols)
        surface.blit(peg, (x, rect.centery - d // 2))
