"""Geometry of the title screen (the main menu): where each of its places is, from the window size
and a TitlePlan (which entries go where; game/screens/menu.py makes it from the modes' registry).

The top page, top to bottom: the logo; a strip of kept games to resume (when there are any); PLAY,
the presets as big cards, then slim bars for the other ways to start a game (Custom); TODAY, a card
per daily reason to come back (the Daily code, Blitz) and beside them the tile that opens the other
ways of playing; at the bottom a row of utility buttons (Help, Statistics, High scores, Settings,
Quit) and the line of keys. A page one level down (the other ways of playing, grouped; every kept
game) has a title, its groups in columns, each a heading over its entries, and Back.

Pages are planned from data and the window (title_pages): a band of the top page shows as many
entries as fit across it, and what it has no room for goes, under its own heading, to the pages of
other ways to play; those pages hold as many groups as fit, and a page that is full flows onto the
next ("more", "more-2", ...). Nothing is ever dropped. With more than one page a page control
(previous, "2 / 5", next) sits at the right of the footer.

Rules as in layout.py: every rectangle comes from the window size and the plan alone, drawing and
hit-testing use the same rects, and a layout is a value rebuilt at will. `entries[i]` is the rect
of plan entry i on this page, None when it is on another page. Fixed bands take their share first
(never less than a line of readable text); the cards take what is left.
"""

from __future__ import annotations

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
SUB_ENTRY_LINES = 2.3  # ... and never lower than its name over its detail, in readable lines
# the least width of a card or bar on the top page, in readable lines (its words fit); what a band
# has no room for across flows onto the pages one level down
PRESET_CARD_MIN_W_LINES = 6.4
BAR_MIN_W_LINES = 11.0
TODAY_CARD_MIN_W_LINES = 8.0
PAGE_LABEL_W_LINES = 3.2  # the page control's "2 / 3" between its buttons


@dataclass(frozen=True)
class TitlePlan:
    """Which entries (indices into the menu's list) are where, whatever the window. `groups` are the
    sections of the pages one level down: (family, heading, entries), the family "more" (the other
    ways to play), "people" (Play people) or "kept" (every kept game); `nav_more` opens the first page
    of other ways to play, `nav_people` Play people's, `nav_kept` the first page of kept games, `back`
    returns to the top page (None: that page or button does not exist). Which page shows what
    depends on the window: see TitlePages."""

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
    nav_people: int | None = None  # opens the first page of Play people ("people")

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles beside TODAY that open the pages one level down (More ways to play, Play people)."""
        return tuple(index for index in (self.nav_more, self.nav_people) if index is not None)


Column = tuple[tuple[str, tuple[int, ...]], ...]  # a column of a page: (heading, entries) sections


@dataclass(frozen=True)
class TitlePages:
    """The pages of the title screen in a window of one size, in order: the top page, then the pages
    of the other ways to play (what the top page has no room for first, under its own heading), then
    the pages of kept games. A page that is full flows onto the next of its family ("more",
    "more-2", ...); nothing is ever left out. `top` is what the top page shows of each band;
    `columns[name]` the columns of a page one level down."""

    names: tuple[str, ...]
    top: dict[str, tuple[int, ...]]
    columns: dict[str, tuple[Column, ...]]

    def page_of(self, index: int, plan: TitlePlan) -> str:
        """The page entry `index` is shown on (the top page for a tile or the utilities)."""
        if any(index in items for items in self.top.values()) or index in (plan.nav_kept, *plan.tiles):
            return TOP
        for name, columns in self.columns.items():
            if any(index in items for column in columns for _, items in column):
                return name
        return TOP

    def family(self, name: str) -> str:
        return name.split("-")[0]


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


def _sub_metrics(size: tuple[int, int]) -> dict[str, float]:
    """The measures every page one level down shares (the same at every page of a window size)."""
    w, h = size
    m = margin_px(size)
    line = readable_px(size) * LINE_H_READABLE
    width = round(min(w - 2 * m, h * CONTENT_W_PER_H))
    bh = max(button_height_px(size), round(line * 1.5))
    title_h = round(max(h * 0.1, line * 1.8))
    area_h = (h - 2 * m) - title_h - m - bh - m
    return {
        "margin": m,
        "line": line,
        "width": width,
        "button_h": bh,
        "title_h": title_h,
        "area_h": area_h,
        "heading_h": max(h * HEADING_H_FRAC, line),
        "entry_min": max(line * SUB_ENTRY_LINES, h * SUB_ENTRY_H_FRAC[0]),
        "columns": max(1, int((width + m) // (MIN_GROUP_COLUMN_PX + m))),
    }


def _top_room(size: tuple[int, int], plan: TitlePlan) -> dict[str, int]:
    """How many entries of each band the top page has room for across (never less than one)."""
    w, h = size
    m = margin_px(size)
    line = readable_px(size) * LINE_H_READABLE
    width = min(w - 2 * m, h * CONTENT_W_PER_H)

    def across(room: float, least: float) -> int:
        return max(1, int((room + m) // (least + m)))

    tile = round(width * MORE_TILE_SHARE) + m if plan.tiles else 0
    return {
        "presets": across(width, line * PRESET_CARD_MIN_W_LINES),
        "bars": across(width, line * BAR_MIN_W_LINES),
        "today": across(width - tile, line * TODAY_CARD_MIN_W_LINES),
    }


def _pack(sections: list[tuple[str, tuple[int, ...]]], metrics: dict[str, float]) -> list[tuple[Column, ...]]:
    """Sections into pages of columns: each section starts a column of its own while the page has
    one free, else goes under the column with the most room left that holds it whole, else starts
    the next page; a section taller than a whole column flows on column by column (its heading
    repeated). Every entry lands somewhere."""
    m, heading_h, entry_h = metrics["margin"], metrics["heading_h"], metrics["entry_min"]
    column_h, columns = metrics["area_h"], int(metrics["columns"])

    def height(count: int) -> float:
        return heading_h + m + count * (entry_h + m)

    pages: list[list[list[tuple[str, tuple[int, ...]]]]] = [[]]
    used: list[list[float]] = [[]]
    for heading, items in sections:
        rest = tuple(items)
        while rest:
            page, room = pages[-1], used[-1]
            whole = height(len(rest))
            if len(page) < columns:
                fits = max(1, int((column_h - heading_h - m + m) // (entry_h + m)))
                chunk, rest = rest[:fits], rest[fits:]
                page.append([(heading, chunk)])
                room.append(height(len(chunk)))
                continue
            free = [(column_h - taken - m, k) for k, taken in enumerate(room)]
            best = max(free)
            if whole <= best[0]:
                page[best[1]].append((heading, rest))
                room[best[1]] += m + whole
                rest = ()
            else:
                pages.append([])
                used.append([])
    return [tuple(tuple(column) for column in page) for page in pages if page]


def title_pages(size: tuple[int, int], plan: TitlePlan) -> TitlePages:
    """Every page of the title screen in a window of `size` (see TitlePages)."""
    size = (int(size[0]), int(size[1]))
    room = _top_room(size, plan)
    top = {
        "resume": plan.resume,
        "presets": plan.presets[: room["presets"]],
        "bars": plan.bars[: room["bars"]],
        "today": plan.today[: room["today"]],
    }
    overflow = [
        ("Play", plan.presets[room["presets"] :] + plan.bars[room["bars"] :]),
        ("Today", plan.today[room["today"] :]),
    ]
    families: dict[str, list[tuple[str, tuple[int, ...]]]] = {}
    for heading, items in overflow:
        if items:
            families.setdefault("more", []).append((heading, items))
    for family, heading, items in plan.groups:
        families.setdefault(family, []).append((heading, items))
    metrics = _sub_metrics(size)
    names, columns = [TOP], {}
    for family, sections in families.items():
        for k, page in enumerate(_pack(sections, metrics)):
            name = family if k == 0 else f"{family}-{k + 1}"
            names.append(name)
            columns[name] = page
    return TitlePages(tuple(names), top, columns)


class TitleLayout:
    """The title screen's rects for `page` (see the module docstring); a page the window has no
    room for any more (after a resize) shows the first page of its family, or the top page."""

    def __init__(self, size: tuple[int, int], plan: TitlePlan, page: str = TOP) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.plan = plan
        self.pages = title_pages(self.size, plan)
        if page not in self.pages.names:
            family = page.split("-")[0]
            page = family if family in self.pages.names else TOP
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
        self.backdrop = pygame.Rect(0, 0, 0, 0)
        self.page_prev: pygame.Rect | None = None  # the page control: previous, "2 / 3", next
        self.page_next: pygame.Rect | None = None
        self.page_label = pygame.Rect(0, 0, 0, 0)
        if page == TOP:
            self._top(line)
        else:
            self._sub(line)
        self._page_control(line)

    @property
    def page_number(self) -> int:
        return self.pages.names.index(self.page)

    def page_of(self, index: int) -> str:
        return self.pages.page_of(index, self.plan)

    def _page_control(self, line: float) -> None:
        """Previous and next page buttons and the page number between, at the right of the footer
        (only when there is more than one page)."""
        if len(self.pages.names) < 2 or self.footer.w <= 0:
            return
        footer = self.footer
        side = round(max(footer.h, line * 1.3))
        label_w = round(line * PAGE_LABEL_W_LINES)
        right = footer.right
        y = footer.centery - side // 2
        self.page_next = pygame.Rect(right - side, y, side, side)
        self.page_label = pygame.Rect(self.page_next.x - label_w, y, label_w, side)
        self.page_prev = pygame.Rect(self.page_label.x - side, y, side, side)
        self.footer = pygame.Rect(
            footer.x, footer.y, max(0, self.page_prev.x - self.margin - footer.x), footer.h
        )

    # --- the top page ---------------------------------------------------------------------------
    def _top(self, line: float) -> None:
        plan, c, m = self.plan, self.content, self.margin
        top = self.pages.top
        presets, bars, today = top["presets"], top["bars"], top["today"]
        h = self.size[1]
        resume = list(top["resume"]) + ([plan.nav_kept] if plan.nav_kept is not None else [])
        bands = {
            "logo": h * LOGO_H_FRAC,
            "resume": max(h * RESUME_H_FRAC, line * 1.5) if resume else 0.0,
            "play": max(h * HEADING_H_FRAC, line),
            "bars": max(h * BAR_H_FRAC, line * 1.6) if bars else 0.0,
            "today": max(h * HEADING_H_FRAC, line) if today or plan.tiles else 0.0,
            "utilities": max(h * UTILITY_H_FRAC, line * 1.7, button_height_px(self.size) * 0.9),
            "footer": max(h * FOOTER_H_FRAC, line * 1.2),
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
        # where the demo plays behind the cards: from the cards' top (its own top bar hidden behind
        # them) to the utilities' foot, never beside the column of cards
        self.backdrop = pygame.Rect(c.x, self._presets.y, c.w, self._utilities.bottom - self._presets.y)
        if resume:
            for index, rect in zip(resume, _row(self._resume, max(2, len(resume)), m), strict=False):
                self.entries[index] = rect
        self.headings.append(("Play", self._play))
        for index, rect in zip(presets, _row(self._presets, len(presets), m), strict=True):
            self.entries[index] = rect
        if bars:
            for index, rect in zip(bars, _row(self._bars, max(2, len(bars)), m), strict=False):
                self.entries[index] = rect
        if bands["today"]:
            self.headings.append(("Today", self._today))
            row = self._today_cards
            tile_w = round(row.w * MORE_TILE_SHARE) if plan.tiles else 0
            cards = pygame.Rect(row.x, row.y, row.w - (tile_w + m if tile_w else 0), row.h)
            for index, rect in zip(today, _row(cards, len(today), m), strict=True):
                self.entries[index] = rect
            if plan.tiles:
                # the tiles stacked beside the cards (no daily reasons: side by side across the row)
                column = pygame.Rect(row.right - tile_w, row.y, tile_w, row.h)
                if not today:
                    placed = _row(row, len(plan.tiles), m)
                else:
                    tile_h = (row.h - m * (len(plan.tiles) - 1)) / len(plan.tiles)
                    placed = [
                        pygame.Rect(column.x, round(row.y + k * (tile_h + m)), column.w, round(tile_h))
                        for k in range(len(plan.tiles))
                    ]
                for index, rect in zip(plan.tiles, placed, strict=True):
                    self.entries[index] = rect
        utilities = self._utilities
        for index, rect in zip(plan.utilities, _row(utilities, len(plan.utilities), m), strict=True):
            self.entries[index] = rect

    # --- a page one level down ------------------------------------------------------------------
    def _sub(self, line: float) -> None:
        plan, c, m = self.plan, self.content, self.margin
        h = self.size[1]
        metrics = _sub_metrics(self.size)
        columns = self.pages.columns[self.page]
        bh = int(metrics["button_h"])
        self.title = pygame.Rect(c.x, c.y, c.w, int(metrics["title_h"]))
        back = pygame.Rect(c.x, c.bottom - bh, round(_clamp(c.w * 0.22, 120, 260)), bh)
        if plan.back is not None:
            self.entries[plan.back] = back
        self.footer = pygame.Rect(back.right + m, back.y, c.right - back.right - m, back.h)
        area = pygame.Rect(c.x, self.title.bottom + m, c.w, back.y - m - self.title.bottom - m)
        count = max(len(columns), 1)
        column_w = (area.w - m * (count - 1)) / count
        heading_h = metrics["heading_h"]

        def height(column: Column, entry_h: float) -> float:
            return sum(heading_h + m + len(items) * (entry_h + m) for _, items in column) + m * (
                len(column) - 1
            )

        low, high = metrics["entry_min"], h * SUB_ENTRY_H_FRAC[1]
        entry_h = high
        while entry_h > low and max((height(col, entry_h) for col in columns), default=0) > area.h:
            entry_h -= 1
        block = max((height(col, entry_h) for col in columns), default=0)
        top = area.y + max(0.0, (area.h - block) / 3)
        for k, column in enumerate(columns):
            x = area.x + k * (column_w + m)
            y = top
            for heading, items in column:
                self.headings.append(
                    (heading, pygame.Rect(round(x), round(y), round(column_w), round(heading_h)))
                )
                y += heading_h + m
                for index in items:
                    self.entries[index] = pygame.Rect(round(x), round(y), round(column_w), round(entry_h))
                    y += entry_h + m

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
