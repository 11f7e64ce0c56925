"""Geometry of the full screens that are not a board: Custom setup, statistics and settings
(layout.py keeps the board, the palette and the shared measures; layout_title.py the title screen).

Same rules as layout.py: every rectangle is derived from the window size alone, drawing and
hit-testing use the same rects, and a layout is a value that can be rebuilt at any time. Statistics
and settings are a large card over a shaded background with a title, content, and a row of buttons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import MappingProxyType

import pygame

from game.play.custom import SHAPES
from game.ui.layout import (
    _clamp,
    button_height_px,
    button_row,
    dialog_rect,
    margin_px,
    stepper_rects,
    top_bar_height_px,
)
from game.ui.text import readable_px

CARD_W_FRAC, CARD_H_FRAC = 0.9, 0.88  # of the window: the card nearly fills it
TITLE_H_FRAC = 0.11  # of the card height
TAB_H_FRAC = 0.075  # of the card height
FIGURES_W_FRAC = 0.38  # the figures column, of the content width (the chart takes the rest)
CHART_LABEL_H_FRAC = 0.09  # guess numbers under the bars, of the chart height
SETTING_ROW_H_PX = (30, 56)
SETTING_LABEL_W_FRAC = 0.44  # label column, of a settings card's width
SETTINGS_COLUMN_MIN_PX = 270  # two columns of settings cards only when each is at least this wide


def _card_parts(size: tuple[int, int], button_names: Sequence[str]):
    card = dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, min_w=560, min_h=420)
    m = margin_px(size)
    bh = button_height_px(size)
    title = pygame.Rect(card.x + m, card.y + m // 2, card.w - 2 * m, round(card.h * TITLE_H_FRAC))
    buttons_area = pygame.Rect(card.x, card.bottom - bh - 2 * m, card.w, bh + 2 * m)
    buttons = button_row(buttons_area, button_names, bh, m)
    return card, m, title, buttons_area, buttons


MIN_TAB_W_PER_H = 2.6  # a tab narrower than this many times its height clips its label


class StatsLayout:
    """Title, a tab per difficulty, figures on the left, the guesses chart on the right, Back."""

    def __init__(self, size: tuple[int, int], tabs: int) -> None:
        self.size = size
        self.card, m, self.title_rect, buttons_area, self.buttons = _card_parts(size, ("back",))
        tab_h = round(_clamp(self.card.h * TAB_H_FRAC, 28, 52))
        gap = max(2, m // 2)
        inner_w = self.card.w - 2 * m
        # as many tabs a row as fit at a readable width; the rest wrap onto further rows
        per_row = max(1, min(tabs, int(inner_w // (MIN_TAB_W_PER_H * tab_h))))
        rows = math.ceil(max(1, tabs) / per_row)
        per_row = math.ceil(max(1, tabs) / rows)  # rows as even as they can be
        self.tabs_rect = pygame.Rect(
            self.card.x + m, self.title_rect.bottom, inner_w, rows * tab_h + (rows - 1) * gap
        )
        width = inner_w / per_row
        self.tabs = [
            pygame.Rect(
                round(self.tabs_rect.x + (i % per_row) * width),
                self.tabs_rect.y + (i // per_row) * (tab_h + gap),
                round(width) - gap,
                tab_h,
            )
            for i in range(tabs)
        ]
        top = self.tabs_rect.bottom + m
        content = pygame.Rect(self.card.x + m, top, self.card.w - 2 * m, buttons_area.y - top)
        figures_w = round(content.w * FIGURES_W_FRAC)
        self.figures_rect = pygame.Rect(content.x, content.y, figures_w, content.h)
        self.chart_rect = pygame.Rect(
            content.x + figures_w + m, content.y, content.w - figures_w - m, content.h
        )
        self.chart_title_rect = pygame.Rect(self.chart_rect.x, self.chart_rect.y, self.chart_rect.w, tab_h)

    def figure_rows(self, count: int) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(label, value) rects of `count` figures stacked in the figures column."""
        row_h = min(self.figures_rect.h / max(1, count), self.figures_rect.h * 0.16)
        label_w = round(self.figures_rect.w * 0.62)
        rows = []
        for i in range(count):
            y = round(self.figures_rect.y + i * row_h)
            label = pygame.Rect(self.figures_rect.x, y, label_w, round(row_h * 0.8))
            value = pygame.Rect(label.right, y, self.figures_rect.w - label_w, round(row_h * 0.8))
            rows.append((label, value))
        return rows

    def bars(self, count: int) -> tuple[list[pygame.Rect], list[pygame.Rect], pygame.Rect]:
        """Full-height bar slots, the label rect under each, and the plot area (bars grow from its bottom)."""
        chart, top = self.chart_rect, self.chart_title_rect.bottom
        area = pygame.Rect(chart.x, top, chart.w, chart.bottom - top)
        label_h = max(14, round(area.h * CHART_LABEL_H_FRAC))
        plot = pygame.Rect(area.x, area.y + label_h, area.w, area.h - 2 * label_h)  # room for counts on top
        pitch = plot.w / max(1, count)
        bar_w = max(3, round(pitch * 0.7))
        slots, labels = [], []
        for i in range(count):
            x = round(plot.x + i * pitch + (pitch - bar_w) / 2)
            slots.append(pygame.Rect(x, plot.y, bar_w, plot.h))
            labels.append(pygame.Rect(round(plot.x + i * pitch), plot.bottom, round(pitch), label_h))
        return slots, labels, plot

    def hit_test(self, pos: tuple[int, int]) -> str | int | None:
        """A tab index, a button name, or None."""
        for i, rect in enumerate(self.tabs):
            if rect.collidepoint(pos):
                return i
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None


class SettingsLayout:
    """The settings as a list of aligned cards, one per section of rows (Look, Sound, Motion, ...):
    a heading, a live preview band for a section that has one, then a label and a control per row,
    every label column and every control column aligned. Two columns of cards when the window is
    wide enough and every row fits; else one column, which scrolls when it is taller than its
    viewport: `scroll` (px from the list's top, clamped to what there is) moves it, and a scroll bar
    (`track`, `thumb`; None when everything fits) stands at its right. Under the viewport a line
    explaining the focused row, then Done.

    Every rect is where it is drawn (scrolled); a row scrolled out of the viewport keeps its rects
    but is not `visible` and is never hit. `groups` is a sequence of (title, rows, preview kind or
    None); rows not in any group are left out (the screen puts every row in one)."""

    def __init__(
        self,
        size: tuple[int, int],
        rows: Sequence[str],
        groups: Sequence[tuple[str, Sequence[str], str | None]] | None = None,
        scroll: float = 0.0,
    ) -> None:
        self.size = size
        self.rows = tuple(rows)
        groups = tuple(groups) if groups is not None else (("", self.rows, None),)
        self.card, m, self.title_rect, buttons_area, self.buttons = _card_parts(size, ("back",))
        self.margin = m
        line = readable_px(size) * 1.35
        inner = pygame.Rect(
            self.card.x + 2 * m,
            self.title_rect.bottom,
            self.card.w - 4 * m,
            buttons_area.y - self.title_rect.bottom,
        )
        hint_h = round(max(line * 2, self.card.h * 0.07))
        self.hint_rect = pygame.Rect(inner.x, inner.bottom - hint_h, inner.w, hint_h)
        self.viewport = pygame.Rect(inner.x, inner.y, inner.w, inner.h - hint_h - m // 2)
        heading_h = max(line, self.viewport.h * 0.05)
        row_least = max(float(SETTING_ROW_H_PX[0]), line)

        def column_height(stack, row_h: float, preview_h: int) -> float:
            return sum(
                heading_h
                + m // 2
                + (preview_h + m // 2 if preview and preview_h else 0)
                + len(names) * (row_h + m // 3)
                + m
                for _, names, preview in stack
            )

        def plan(columns: int, area_w: int):
            """(stacks, row height, preview band) of `columns` columns, or None if they do not fit."""
            total = sum(len(g[1]) + 1 for g in groups)
            stacks: list[list] = [[] for _ in range(columns)]
            taken = 0
            for group in groups:  # groups into columns in order, the first taking about half the rows
                stacks[min(columns - 1, int(taken * columns / max(1, total)))].append(group)
                taken += len(group[1]) + 1
            preview_h = round(max(line * 1.6, self.viewport.h * 0.1)) if columns == 2 else 0
            row_h = float(SETTING_ROW_H_PX[1])
            while (
                row_h > row_least
                and max(column_height(st, row_h, preview_h) for st in stacks) > self.viewport.h
            ):
                row_h -= 1
            fits = max(column_height(st, row_h, preview_h) for st in stacks) <= self.viewport.h
            return (stacks, row_h, preview_h) if fits or columns == 1 else None

        wide = self.viewport.w >= 2 * SETTINGS_COLUMN_MIN_PX and len(groups) > 1
        planned = plan(2, self.viewport.w) if wide else None
        columns = 2 if planned else 1
        stacks, row_h, preview_h = planned or plan(1, self.viewport.w)
        self.content_h = max(column_height(st, row_h, preview_h) for st in stacks)
        self.max_scroll = max(0.0, self.content_h - self.viewport.h)
        self.scroll = _clamp(float(scroll), 0.0, self.max_scroll)
        self.row_h = row_h
        list_w = self.viewport.w
        self.track: pygame.Rect | None = None
        self.thumb: pygame.Rect | None = None
        if self.max_scroll > 0:
            bar_w = max(10, round(m * 1.2))
            self.track = pygame.Rect(self.viewport.right - bar_w, self.viewport.y, bar_w, self.viewport.h)
            thumb_h = max(bar_w * 2, round(self.track.h * self.viewport.h / self.content_h))
            top = self.track.y + round((self.track.h - thumb_h) * self.scroll / self.max_scroll)
            self.thumb = pygame.Rect(self.track.x, top, bar_w, thumb_h)
            list_w -= bar_w + m
        column_w = (list_w - 2 * m * (columns - 1)) / columns
        self.labels: dict[str, pygame.Rect] = {}
        self.controls: dict[str, pygame.Rect] = {}
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.previews: dict[str, pygame.Rect] = {}
        self.groups: list[tuple[str, pygame.Rect]] = []  # each group's card
        self._tops: dict[str, float] = {}  # where each row's section starts (to show its heading)
        for c, stack in enumerate(stacks):
            x = self.viewport.x + c * (column_w + 2 * m)
            y = self.viewport.y - self.scroll
            if not self.max_scroll:
                y += max(0.0, (self.viewport.h - self.content_h) / 2)
            for title, names, preview in stack:
                top = y
                heading = pygame.Rect(round(x + m), round(y), round(column_w - 2 * m), round(heading_h))
                self.headings.append((title, heading))
                y += heading_h + m // 2
                if preview and columns == 2:
                    self.previews[preview] = pygame.Rect(
                        round(x + m), round(y), round(column_w - 2 * m), preview_h
                    )
                    y += preview_h + m // 2
                elif preview:  # beside the heading
                    half = heading.w // 2
                    self.previews[preview] = pygame.Rect(heading.right - half, heading.y, half, heading.h)
                label_w = round((column_w - 2 * m) * SETTING_LABEL_W_FRAC)
                for name in names:
                    self._tops[name] = top - m // 3
                    self.labels[name] = pygame.Rect(round(x + m), round(y), label_w, round(row_h))
                    left = round(x + m) + label_w + m // 2
                    self.controls[name] = pygame.Rect(
                        left, round(y), round(x + column_w - m) - left, round(row_h)
                    )
                    y += row_h + m // 3
                y += m // 2
                self.groups.append(
                    (title, pygame.Rect(round(x), round(top - m // 3), round(column_w), round(y - top)))
                )
                y += m // 2
        # the preview strip of the look, for whoever asks for "the" preview
        self.preview_rect = self.previews.get(
            "look", pygame.Rect(self.hint_rect.x, self.hint_rect.bottom, 0, 0)
        )

    def visible(self, name: str) -> bool:
        """Is row `name` wholly inside the viewport (drawn whole, and clickable)?"""
        return self.viewport.contains(self.row_rect(name))

    def scroll_to_show(self, name: str) -> float:
        """The scroll that brings row `name` into the viewport, moving as little as it can (its
        section's heading shown too when the first row of a section comes into view from below)."""
        row = self.row_rect(name)
        top = min(row.top, round(self._tops[name])) if row.top < self.viewport.top else row.top
        if top < self.viewport.top:
            return self.scroll - (self.viewport.top - top)
        if row.bottom > self.viewport.bottom:
            return self.scroll + (row.bottom - self.viewport.bottom)
        return self.scroll

    def scroll_for_thumb(self, thumb_top: float) -> float:
        """The scroll that puts the thumb's top at `thumb_top` (dragging it)."""
        if self.track is None or self.thumb is None:
            return 0.0
        room = max(1, self.track.h - self.thumb.h)
        return _clamp((thumb_top - self.track.y) / room, 0.0, 1.0) * self.max_scroll

    def row_rect(self, name: str) -> pygame.Rect:
        """Label and control together (the focus frame)."""
        return self.labels[name].union(self.controls[name]).inflate(8, 4)

    def segments(self, name: str, count: int) -> list[pygame.Rect]:
        rect = self.controls[name]
        width = rect.w / count
        return [
            pygame.Rect(round(rect.x + i * width), rect.y, round(width) - 4, rect.h) for i in range(count)
        ]

    def toggle_rect(self, name: str) -> pygame.Rect:
        rect = self.controls[name]
        return pygame.Rect(rect.x, rect.y, min(rect.w, rect.h * 3), rect.h)

    def stepper_parts(self, name: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        rect = self.controls[name]
        return stepper_rects(rect, max(rect.h * 2, round(rect.w * 0.5)))

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        """The name of the button at `pos`, or None (controls: see hit_row())."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    def hit_row(self, pos: tuple[int, int], kinds: dict[str, str]) -> tuple[str, int | str] | None:
        """(row, part) of the control at `pos`, or None (never a row outside the viewport).

        kinds maps row -> "steps"/"level" (a stepper), "toggle", or "cycle" (one button over the
        whole control that switches to the next value); part is "minus"/"plus", "toggle", or
        "label" when the row's label was hit.
        """
        if not self.viewport.collidepoint(pos):
            return None
        for name in self.rows:
            if name not in self.controls or not self.visible(name):
                continue
            kind = kinds[name]
            if kind in ("steps", "level"):
                minus, _, plus = self.stepper_parts(name)
                if minus.collidepoint(pos):
                    return name, "minus"
                if plus.collidepoint(pos):
                    return name, "plus"
            elif kind == "cycle":
                if self.controls[name].collidepoint(pos):
                    return name, "toggle"
            elif self.toggle_rect(name).collidepoint(pos):
                return name, "toggle"
            if self.labels[name].collidepoint(pos):
                return name, "label"
        return None


SEGMENTS_A_LINE = 6  # a setup row's options in one line, at most
# The Shape row's lines share their width by the options' names ("Bulls & Cows" a wide button, "2×2"
# a narrow one): drawing and clicks both read segments()
SEGMENT_WEIGHTS = MappingProxyType({"shape": tuple(len(shape.segment_label) + 4.0 for shape in SHAPES)})


class SetupLayout:
    """Custom game setup: a top bar (title, Menu) as on the codemaker screen, then one card: the rows
    of choices on its left (label column and control column aligned), a live preview of the board
    chosen on its right (when the window is wide enough for both), the turns line and the message
    under the rows, the buttons at the card's foot. The first row chooses the shape (a row of pegs or
    a grid), so everything below it follows it."""

    ROWS = ("shape", "pegs", "colours", "duplicates", "difficulty")
    STEPPER_VALUE_SIDES = 1.3  # the value between - and +, in button widths: close to both
    PREVIEW_W_FRAC = 0.28  # the preview's share of the card's inside
    MIN_FORM_PX = 330  # below this the form takes the whole card (no preview)

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        m = margin_px(size)
        bh = button_height_px(size)
        top_h = top_bar_height_px(size)
        self.top_bar = pygame.Rect(0, 0, w, top_h)
        menu_w = round(_clamp(w * 0.1, 78, 150))
        menu_h = min(bh, top_h - 8)
        self.menu_rect = pygame.Rect(w - m - menu_w, (top_h - menu_h) // 2, menu_w, menu_h)
        self.title_rect = pygame.Rect(m, 4, max(10, w - menu_w - 3 * m), top_h - 8)
        card_w = round(min(w - 2 * m, _clamp(w * 0.86, 600, 1240)))
        self.card = pygame.Rect((w - card_w) // 2, top_h + m, card_w, h - top_h - 2 * m)
        inner = self.card.inflate(-4 * m, -2 * m)
        preview_w = round(inner.w * self.PREVIEW_W_FRAC)
        if inner.w - preview_w - 2 * m < self.MIN_FORM_PX:
            preview_w = 0
        width = inner.w - (preview_w + 2 * m if preview_w else 0)
        left = inner.x
        free = inner.h
        # rows shrink (never below the readable minimum) rather than push the buttons off the window
        fit_h = (free - bh - 2 * m) / (len(self.ROWS) * 1.3 + 1.85)
        row_h = round(max(24, min(_clamp(h * 0.085, 36, 66), fit_h)))
        gap = round(row_h * 0.3)
        block_h = len(self.ROWS) * (row_h + gap) + round(row_h * 1.7) + gap // 2 + bh + 2 * m
        top = inner.y + max(0, (free - block_h) // 3)
        label_w = round(width * 0.36)
        self.labels: dict[str, pygame.Rect] = {}
        self.controls: dict[str, pygame.Rect] = {}
        for i, name in enumerate(self.ROWS):
            y = top + i * (row_h + gap)
            self.labels[name] = pygame.Rect(left, y, label_w, row_h)
            self.controls[name] = pygame.Rect(left + label_w + m, y, width - label_w - m, row_h)
        y = top + len(self.ROWS) * (row_h + gap)
        self.turns_rect = pygame.Rect(left, y, width, round(row_h * 0.9))
        self.message_rect = pygame.Rect(left, self.turns_rect.bottom + gap // 2, width, round(row_h * 0.8))
        self.buttons = button_row(
            pygame.Rect(inner.x, self.message_rect.bottom, inner.w, bh + 2 * m), ("back", "start"), bh, m
        )
        preview_top = self.labels[self.ROWS[0]].y
        self.preview = pygame.Rect(
            inner.right - preview_w, preview_top, preview_w, self.message_rect.bottom - preview_top
        )
        # the card hugs what it holds
        bottom = self.buttons["back"].bottom + m
        self.card = pygame.Rect(self.card.x, top - 2 * m, card_w, bottom - (top - 2 * m))

    def button_rect(self, name: str) -> pygame.Rect | None:
        """The top bar's buttons by name, as board.draw_top_bar() asks for them (only Menu here)."""
        return self.menu_rect if name == "menu" else None

    def stepper_parts(self, name: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(minus, value, plus) rects of a stepper control."""
        rect = self.controls[name]
        return stepper_rects(rect, round(rect.h * self.STEPPER_VALUE_SIDES))

    def segments(self, name: str, count: int) -> list[pygame.Rect]:
        """The row's options side by side; more than SEGMENTS_A_LINE of them (the Shape choice's row,
        grids, Bulls and Cows and words) in two lines, each half the row's height. A row with
        SEGMENT_WEIGHTS shares each line's whole width among its options by weight (a long name gets
        a wider button); the others' options are equally wide (a short last line ends early)."""
        rect = self.controls[name]
        weights = SEGMENT_WEIGHTS.get(name)
        if weights is not None and len(weights) != count:
            weights = None
        lines = 1 if count <= SEGMENTS_A_LINE else 2
        across = -(-count // lines)
        height = rect.h / lines
        out = []
        for line in range(lines):
            options = range(line * across, min(count, (line + 1) * across))
            shares = [1.0] * len(options) if weights is None else [weights[i] for i in options]
            total = float(across) if weights is None else sum(shares)
            x = float(rect.x)
            for share in shares:
                width = rect.w * share / total
                top = round(rect.y + line * height)
                out.append(
                    pygame.Rect(round(x), top, round(width) - 4, round(height) - (2 if lines > 1 else 0))
                )
                x += width
        return out
