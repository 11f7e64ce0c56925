"""Geometry of the title screen (the main menu): where each of its places is, from the window size
and a TitlePlan (which entries go where; game/screens/menu.py makes it from the modes' registry).

The top page, top to bottom: the logo; a strip of kept games to resume (when there are any); PLAY,
the presets as big cards, then slim bars for the other ways to start a game (Custom); TODAY, a card
per daily reason to come back (the Daily code, Blitz) and beside them the tile that opens the other
ways of playing; at the bottom a row of utility buttons (Help, Statistics, High scores, Settings,
Quit) and the line of keys. A sub page (the other ways of playing, grouped; every kept game) has a
title, its groups in columns, each a heading over its entries, and Back.

Rules as in layout.py: every rectangle comes from the window size and the plan alone, drawing and
hit-testing use the same rects, and a layout is a value rebuilt at will. `entries[i]` is the rect
of plan entry i on this page, None when it is on another page. Fixed bands take their share first
(never less than a line of readable text); the cards take what is left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.layout import _clamp, button_height_px, margin_px
from game.ui.text import readable_px

TOP = "top"
STEP_CONE = 2.5  # an arrow reaches an entry at most this far aside for each pixel ahead
CONTENT_W_PER_H = 1.45  # the content column stops widening here (of the window height): the demo shows beside
LOGO_H_FRAC = 0.15
RESUME_H_FRAC = 0.07
HEADING_H_FRAC = 0.042
BAR_H_FRAC = 0.07
UTILITY_H_FRAC = 0.075
FOOTER_H_FRAC = 0.04
PRESETS_SHARE = 0.64  # of the room left for cards: the presets', the rest is TODAY's
TODAY_CARD_LINES = 4.4  # a TODAY card's least height, in lines of readable text (name, three lines)
PRESET_CARD_LINES = 4.4  # a preset card's least height: its name, two lines, a little board
MORE_TILE_SHARE = 0.34  # of the TODAY row's width: the tile to the other ways of playing
LINE_H_READABLE = 1.35  # a band holding one line of text is at least this many readable sizes tall
MIN_GROUP_COLUMN_PX = 280  # a sub page's group column is never narrower (its entries' details fit)
SUB_ENTRY_H_FRAC = (0.075, 0.12)  # an entry on a sub page, of the window height (least, most)


@dataclass(frozen=True)
class TitlePlan:
    """Which entries (indices into the menu's list) are where. `groups` are the sub pages' sections:
    (page, heading, entries); `nav_more` opens the page of other ways to play, `nav_kept` the page of
    every kept game, `back` returns to the top page (None: that page or button does not exist)."""

    resume: tuple[int, ...] = ()
    presets: tuple[int, ...] = ()
    bars: tuple[int, ...] = ()
    today: tuple[int, ...] = ()
    utilities: tuple[int, ...] = ()
    groups: tuple[tuple[str, str, tuple[int, ...]], ...] = ()
    nav_more: int | None = None
    nav_kept: int | None = None
    back: int | None = None
    count: int = 0

    def page_of(self, index: int) -> str:
        """The page entry `index` is shown on (the top page when it is on a sub page too)."""
        on_top = (*self.resume, *self.presets, *self.bars, *self.today, *self.utilities)
        if index in on_top or index in (self.nav_more, self.nav_kept):
            return TOP
        for page, _, items in self.groups:
            if index in items:
                return page
        return "sub" if index == self.back else TOP

    def pages(self) -> tuple[str, ...]:
        return (TOP,) + tuple(dict.fromkeys(page for page, _, _ in self.groups))


def _stack(top: int, bands: Sequence[float], gap: float) -> list[pygame.Rect]:
    rects, y = [], float(top)
    for h in bands:
        rects.append(pygame.Rect(0, round(y), 0, round(h)))
        y += h + gap
    return rects


def _row(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """`count` rects side by side filling `area`, `gap` apart."""
    if count <= 0:
        return []
    width = (area.w - gap * (count - 1)) / count
    return [
        pygame.Rect(round(area.x + i * (width + gap)), area.y, round(width), area.h) for i in range(count)
    ]


class TitleLayout:
    """The title screen's rects for `page` (see the module docstring)."""

    def __init__(self, size: tuple[int, int], plan: TitlePlan, page: str = TOP) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.plan = plan
        self.page = page
        w, h = self.size
        m = margin_px(self.size)
        self.margin = m
        line = readable_px(self.size) * LINE_H_READABLE
        width = round(min(w - 2 * m, h * CONTENT_W_PER_H))
        self.content = pygame.Rect((w - width) // 2, m, width, h - 2 * m)
        self.entries: list[pygame.Rect | None] = [None] * plan.count
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.logo = pygame.Rect(0, 0, 0, 0)
        self.footer = pygame.Rect(0, 0, 0, 0)
        self.title = pygame.Rect(0, 0, 0, 0)
        if page == TOP:
            self._top(line)
        else:
            self._sub(line)

    # --- the top page ---------------------------------------------------------------------------
    def _top(self, line: float) -> None:
        plan, c, m = self.plan, self.content, self.margin
        h = self.size[1]
        resume = list(plan.resume) + ([plan.nav_kept] if plan.nav_kept is not None else [])
        bands = {
            "logo": h * LOGO_H_FRAC,
            "resume": max(h * RESUME_H_FRAC, line * 1.5) if resume else 0.0,
            "play": max(h * HEADING_H_FRAC, line),
            "bars": max(h * BAR_H_FRAC, line * 1.6) if plan.bars else 0.0,
            "today": max(h * HEADING_H_FRAC, line) if plan.today or plan.nav_more is not None else 0.0,
            "utilities": max(h * UTILITY_H_FRAC, line * 1.7, button_height_px(self.size) * 0.9),
            "footer": max(h * FOOTER_H_FRAC, line),
        }
        used = [name for name, value in bands.items() if value]
        flex_parts = 2 if bands["today"] else 1
        gaps = m * (len(used) + flex_parts - 1)
        # a TODAY card holds its name and three lines of state; a preset card its name, a tiny board
        # and two lines: when the window is short the logo gives way first, then the board's room
        today_min = line * TODAY_CARD_LINES if bands["today"] else 0.0
        need = today_min + line * PRESET_CARD_LINES
        flex = c.h - sum(bands.values()) - gaps
        if flex < need:
            bands["logo"] = max(line * 1.6, bands["logo"] - (need - flex))
            flex = c.h - sum(bands.values()) - gaps
        today_h = max(today_min, flex * (1 - PRESETS_SHARE)) if bands["today"] else 0.0
        presets_h = flex - today_h
        order = ["logo", "resume", "play", "presets", "bars", "today", "today_cards", "utilities", "footer"]
        heights = {**bands, "presets": presets_h, "today_cards": today_h}
        shown = [name for name in order if heights[name] > 0]
        for name, rect in zip(shown, _stack(c.y, [heights[n] for n in shown], m), strict=True):
            rect.x, rect.w = c.x, c.w
            setattr(self, f"_{name}", rect)
        self.logo = self._logo
        self.footer = self._footer
        if resume:
            for index, rect in zip(resume, _row(self._resume, max(2, len(resume)), m), strict=False):
                self.entries[index] = rect
        self.headings.append(("Play", self._play))
        for index, rect in zip(plan.presets, _row(self._presets, len(plan.presets), m), strict=True):
            self.entries[index] = rect
        if plan.bars:
            for index, rect in zip(plan.bars, _row(self._bars, max(2, len(plan.bars)), m), strict=False):
                self.entries[index] = rect
        if bands["today"]:
            self.headings.append(("Today", self._today))
            row = self._today_cards
            tile_w = round(row.w * MORE_TILE_SHARE) if plan.nav_more is not None else 0
            cards = pygame.Rect(row.x, row.y, row.w - (tile_w + m if tile_w else 0), row.h)
            for index, rect in zip(plan.today, _row(cards, len(plan.today), m), strict=True):
                self.entries[index] = rect
            if plan.nav_more is not None:
                self.entries[plan.nav_more] = pygame.Rect(row.right - tile_w, row.y, tile_w, row.h)
                if not plan.today:  # no daily reasons: the tile takes the row
                    self.entries[plan.nav_more] = row.copy()
        utilities = self._utilities
        for index, rect in zip(plan.utilities, _row(utilities, len(plan.utilities), m), strict=True):
            self.entries[index] = rect

    # --- a sub page -----------------------------------------------------------------------------
    def _sub(self, line: float) -> None:
        plan, c, m = self.plan, self.content, self.margin
        w, h = self.size
        groups = [(heading, items) for page, heading, items in plan.groups if page == self.page]
        bh = max(button_height_px(self.size), round(line * 1.5))
        self.title = pygame.Rect(c.x, c.y, c.w, round(max(h * 0.1, line * 1.8)))
        back = pygame.Rect(c.x, c.bottom - bh, round(_clamp(c.w * 0.22, 120, 260)), bh)
        if plan.back is not None:
            self.entries[plan.back] = back
        self.footer = pygame.Rect(back.right + m, back.y, c.right - back.right - m, back.h)
        area = pygame.Rect(c.x, self.title.bottom + m, c.w, back.y - m - self.title.bottom - m)
        columns = max(1, min(len(groups), int(area.w // MIN_GROUP_COLUMN_PX)))
        grid_rows = math.ceil(len(groups) / columns) if groups else 1
        column_w = (area.w - m * (columns - 1)) / columns
        heading_h = max(h * HEADING_H_FRAC, line)
        bands = [
            max((len(items) for _, items in groups[r * columns : (r + 1) * columns]), default=0)
            for r in range(grid_rows)
        ]
        entry_rows = max(1, sum(bands))
        room = area.h - grid_rows * (heading_h + m) - m * max(0, entry_rows - grid_rows) - m * (grid_rows - 1)
        low, high = SUB_ENTRY_H_FRAC
        entry_h = _clamp(room / entry_rows, min(line * 1.6, h * low), h * high)
        block = grid_rows * (heading_h + m) + entry_rows * (entry_h + m) - m
        y = area.y + max(0.0, (area.h - block) / 3)
        for r in range(grid_rows):
            for k, (heading, items) in enumerate(groups[r * columns : (r + 1) * columns]):
                x = area.x + k * (column_w + m)
                self.headings.append(
                    (heading, pygame.Rect(round(x), round(y), round(column_w), round(heading_h)))
                )
                for j, index in enumerate(items):
                    top = y + heading_h + m + j * (entry_h + m)
                    self.entries[index] = pygame.Rect(round(x), round(top), round(column_w), round(entry_h))
            y += heading_h + m + bands[r] * (entry_h + m)

    # --- hit testing ----------------------------------------------------------------------------
    def hit_test(self, pos: tuple[int, int]) -> int | None:
        """The index of the entry under `pos` on this page, or None."""
        for i, rect in enumerate(self.entries):
            if rect is not None and rect.collidepoint(pos):
                return i
        return None

    def shown(self) -> list[int]:
        """The entries on this page, in reading order (top to bottom, then left to right)."""
        placed = [(rect.y, rect.x, i) for i, rect in enumerate(self.entries) if rect is not None]
        return [i for _, _, i in sorted(placed)]

    def toward(self, focus: int, dx: int, dy: int) -> int:
        """The entry an arrow in direction (dx, dy) moves the focus to from `focus`: the nearest shown
        entry that way, within a cone around the direction (`focus` itself at an edge; the first shown
        entry when `focus` is not on this page)."""
        shown = self.shown()
        if focus not in shown:
            return shown[0] if shown else 0
        here = self.entries[focus]
        best, best_cost = focus, None
        for i in shown:
            rect = self.entries[i]
            if i == focus:
                continue
            # how far ahead (edge to edge) and how far aside (0 when the two overlap across the way)
            if dy:
                along = (rect.top - here.bottom) if dy > 0 else (here.top - rect.bottom)
                across = max(0, rect.left - here.right, here.left - rect.right)
                centred = abs(rect.centerx - here.centerx)
            else:
                along = (rect.left - here.right) if dx > 0 else (here.left - rect.right)
                across = max(0, rect.top - here.bottom, here.top - rect.bottom)
                centred = abs(rect.centery - here.centery)
            if along < -1 or across > max(along, 1) * STEP_CONE:
                continue
            cost = (max(along, 0) + 2 * across, centred)
            if best_cost is None or cost < best_cost:
                best, best_cost = i, cost
        return best
