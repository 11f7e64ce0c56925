"""Geometry of the overlay cards: confirm, hint and the post-game analysis.

Same rules as layout.py: every rectangle derives from the window size (and, where a card grows with
its content, from the counts it is given), drawing and hit-testing read the same rects, and a layout
is a value that can be rebuilt at any time. The states hold none of these numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px

ANALYSIS_MAX_ROW_H_PX = 46
GRID_ROW_GROWTH = 0.6  # each further line of a grid code makes a table row this much taller, at most
ANALYSIS_MIN_ROW_H_PX = 22  # long games in small windows: rows this small, the table scrolls
ANALYSIS_CARD_W_FRAC, ANALYSIS_MIN_CARD_W_PX, ANALYSIS_MAX_CARD_W_PX = 0.86, 560, 1180
HINT_TEXT_SHARE = 0.55  # of the hint card's content height: the lines; the guess row takes the rest


class ConfirmLayout:
    """A question over two buttons ("no" on the left, "yes" on the right).

    `label_widths` (no, yes), when given, are the labels' widths at the buttons' one label size: a
    longer answer ("Leave (your game is kept)") gets a wider button and the card widens for it, so
    both answers keep one size instead of the long one shrinking beside the short one."""

    def __init__(self, size: tuple[int, int], label_widths: tuple[int, int] | None = None) -> None:
        m = margin_px(size)
        bh = button_height_px(size)
        pad = max(2 * bh // 3, 16)
        needed = [w + 2 * pad for w in label_widths] if label_widths else [0, 0]
        row_w = sum(needed) + 3 * 2 * m
        self.card = dialog_rect(size, 0.5, 0.32, max(420, row_w), 220)
        card = self.card
        self.buttons = button_row(self.card, ("no", "yes"), bh, m * 2)
        if label_widths and max(needed) > self.buttons["no"].w:  # widths by label, centred as a row
            gap = 2 * m
            scale = min(1.0, (card.w - 3 * gap) / sum(needed))
            widths = [round(max(w * scale, self.buttons["no"].w * 0.6)) for w in needed]
            x = card.centerx - (sum(widths) + gap) // 2
            y = self.buttons["no"].y
            self.buttons = {
                "no": pygame.Rect(x, y, widths[0], bh),
                "yes": pygame.Rect(x + widths[0] + gap, y, widths[1], bh),
            }
        self.question = pygame.Rect(
            card.x + 2 * m, card.y + 2 * m, card.w - 4 * m, self.buttons["no"].y - card.y - 3 * m
        )

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, rect in self.buttons.items() if rect.collidepoint(pos)), None)


class HintLayout:
    """The hint card: a few lines of text, a row for the suggested guess, then `names` buttons.

    `label_widths` (one per name), when given, are the labels' widths at the one label size every
    standard button wears: each button is at least as wide as its label needs and the card widens
    for the row, so the hint's long answers ("How many codes?") keep the size of every other
    button's label instead of shrinking to fit three narrow buttons."""

    def __init__(
        self, size: tuple[int, int], names: Sequence[str], label_widths: Sequence[int] | None = None
    ) -> None:
        m = margin_px(size)
        bh = button_height_px(size)
        gap = 2 * m
        pad = max(2 * bh // 3, 16)
        needed = [w + 2 * pad for w in label_widths] if label_widths else [0] * len(names)
        row_w = sum(needed) + gap * (len(names) + 1)
        self.card = card = dialog_rect(size, 0.5, 0.42, max(440, row_w), 280)
        self.buttons = button_row(card, names, bh, gap)
        standard = min(rect.w for rect in self.buttons.values())
        if max(needed) > standard:  # widths by label (never narrower than the others), centred
            widths = [max(standard, w) for w in needed]
            scale = min(1.0, (card.w - gap * (len(names) + 1)) / sum(widths))
            widths = [round(w * scale) for w in widths]
            x = card.centerx - (sum(widths) + gap * (len(names) - 1)) // 2
            y = card.bottom - gap - bh
            self.buttons = {}
            for name, width in zip(names, widths, strict=True):
                self.buttons[name] = pygame.Rect(x, y, width, bh)
                x += width + gap
        top = card.y + 2 * m
        bottom = min(rect.y for rect in self.buttons.values()) - m
        text_h = round((bottom - top) * HINT_TEXT_SHARE)
        self.text_area = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, text_h)
        self.guess_row = pygame.Rect(card.x + 2 * m, top + text_h, card.w - 4 * m, bottom - top - text_h)

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, rect in self.buttons.items() if rect.collidepoint(pos)), None)


class AnalysisLayout:
    """Title, a table of `rows` game rows under a heading line, a footer, Close: the card as tall as
    its content (footer_height(width) says how tall the footer's text is at a width), centred. When
    the rows do not all fit at ANALYSIS_MIN_ROW_H_PX, the table shows `visible` of them at that
    height (the overlay scrolls through the rest) and the footer keeps its room."""

    def __init__(
        self, size: tuple[int, int], rows: int, footer_height: Callable[[int], int], code_lines: int = 1
    ) -> None:
        w, h = size
        m = margin_px(size)
        bh = button_height_px(size)
        card_w = min(
            w - 2 * m,
            max(ANALYSIS_MIN_CARD_W_PX, min(ANALYSIS_MAX_CARD_W_PX, round(w * ANALYSIS_CARD_W_FRAC))),
        )
        inner_w = card_w - 4 * m
        title_h = round(bh * 0.9)
        fixed = m + title_h + m // 2 + m // 2 + footer_height(inner_w) + m // 2 + bh + 2 * m
        room = h - 2 * m - fixed
        # a grid game's codes are drawn as small grids, `code_lines` pegs tall: their rows may be taller
        tallest = round(ANALYSIS_MAX_ROW_H_PX * (1 + GRID_ROW_GROWTH * (code_lines - 1)))
        self.visible = max(1, min(rows, room // ANALYSIS_MIN_ROW_H_PX - 1))  # game rows shown at once
        lines = self.visible + 1  # the heading, then one line per shown row
        self.row_h = max(ANALYSIS_MIN_ROW_H_PX, min(tallest, room // lines))
        card_h = min(h - 2 * m, fixed + self.row_h * lines)
        self.card = card = pygame.Rect((w - card_w) // 2, (h - card_h) // 2, card_w, card_h)
        self.close = button_row(card, ("close",), bh, m)["close"]
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, inner_w, title_h)
        self.table = pygame.Rect(self.title.x, self.title.bottom + m // 2, inner_w, self.row_h * lines)
        footer_y = self.table.bottom + m // 2
        self.footer = pygame.Rect(self.title.x, footer_y, inner_w, max(0, self.close.y - m // 2 - footer_y))
        bar_w = max(4, m // 3)  # the scroll bar, in the margin right of the table
        top = self.table.y + self.row_h
        self.scroll_track = pygame.Rect(self.table.right + m // 2, top, bar_w, self.table.bottom - top)

    def cells(self, shares: Sequence[tuple[str, float]], line: int, row_h: int) -> dict[str, pygame.Rect]:
        """The cell rects of table line `line` (0 is the heading) with lines `row_h` tall, one per
        (key, share of the table's width)."""
        table = self.table
        rects, x = {}, float(table.x)
        for key, share in shares:
            width = table.w * share
            rects[key] = pygame.Rect(round(x), table.y + line * row_h, round(width), row_h)
            x += width
        return rects


class HelpLayout:
    """The help card: a tab per page along the top, the page's body, Close at the bottom."""

    def __init__(self, size: tuple[int, int], pages: Sequence[str]) -> None:
        self.card = card = dialog_rect(size, 0.86, 0.9, 600, 440)
        m = margin_px(size)
        bh = button_height_px(size)
        # the tabs and the margins between them share the body's width (a narrow card's last tab
        # stays inside it)
        tab_w = min(200, (card.w - 4 * m - (len(pages) - 1) * m) // len(pages))
        self.tabs = {
            name: pygame.Rect(card.x + 2 * m + i * (tab_w + m), card.y + m, tab_w, bh)
            for i, name in enumerate(pages)
        }
        self.close = button_row(card, ("close",), bh, m)["close"]
        top = card.y + 2 * m + bh
        self.body = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, self.close.y - m - top)
