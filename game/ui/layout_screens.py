"""Geometry of the full screens that are not a board: Custom setup, statistics and settings
(layout.py keeps the board, the palette and the shared measures; layout_title.py the title screen).

Same rules as layout.py: every rectangle is derived from the window size alone, drawing and
hit-testing use the same rects, and a layout is a value that can be rebuilt at any time. Statistics
and settings are a large card over a shaded background with a title, content, and a row of buttons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.layout import (
    _clamp,
    button_height_px,
    button_row,
    dialog_rect,
    margin_px,
    stepper_rects,
    top_bar_height_px,
)

CARD_W_FRAC, CARD_H_FRAC = 0.9, 0.88  # of the window: the card nearly fills it
TITLE_H_FRAC = 0.11  # of the card height
TAB_H_FRAC = 0.075  # of the card height
FIGURES_W_FRAC = 0.38  # the figures column, of the content width (the chart takes the rest)
CHART_LABEL_H_FRAC = 0.09  # guess numbers under the bars, of the chart height
SETTING_ROW_H_PX = (30, 60)
SETTING_LABEL_W_FRAC = 0.36  # label column, of the content width


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
    """A label and a control per setting row, a line explaining the focused row, a preview strip of
    pegs, then Back."""

    def __init__(self, size: tuple[int, int], rows: Sequence[str]) -> None:
        self.size = size
        self.rows = tuple(rows)
        self.card, m, self.title_rect, buttons_area, self.buttons = _card_parts(size, ("back",))
        width = min(self.card.w - 2 * m, round(_clamp(size[0] * 0.7, 520, 900)))
        left = self.card.centerx - width // 2
        top = self.title_rect.bottom + m
        preview_h = round(_clamp(self.card.h * 0.09, 28, 64))
        hint_h = round(_clamp(self.card.h * 0.06, 20, 40))
        avail = buttons_area.y - top - preview_h - hint_h - 3 * m
        # never taller than an equal share of the room: a small window gets rows under the minimum
        share = avail / max(1, len(self.rows))
        row_h = int(min(_clamp(share * 0.8, *SETTING_ROW_H_PX), share))
        gap = min(row_h * 0.25, max(0.0, (avail - row_h * len(self.rows)) / max(1, len(self.rows))))
        label_w = round(width * SETTING_LABEL_W_FRAC)
        self.labels: dict[str, pygame.Rect] = {}
        self.controls: dict[str, pygame.Rect] = {}
        for i, name in enumerate(self.rows):
            y = round(top + i * (row_h + gap))
            self.labels[name] = pygame.Rect(left, y, label_w, round(row_h))
            self.controls[name] = pygame.Rect(left + label_w + m, y, width - label_w - m, round(row_h))
        last = max((r.bottom for r in self.controls.values()), default=top)
        self.hint_rect = pygame.Rect(left, last + m, width, hint_h)
        self.preview_rect = pygame.Rect(left, self.hint_rect.bottom + m, width, preview_h)

    def row_rect(self, name: str) -> pygame.Rect:
        """Label and control together (the focus frame)."""
        return self.labels[name].union(self.controls[name]).inflate(10, 6)

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
        return stepper_rects(rect, rect.h * 2)

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        """The name of the button at `pos`, or None (controls: see hit_row())."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    def hit_row(
        self, pos: tuple[int, int], kinds: dict[str, tuple[str, int]]
    ) -> tuple[str, int | str] | None:
        """(row, part) of the control at `pos`, or None.

        kinds maps row -> ("segments", n) | ("stepper", 0) | ("toggle", 0); part is a segment index,
        "minus"/"plus", "toggle", or "label" when the row's label was hit.
        """
        for name in self.rows:
            kind, count = kinds[name]
            if kind == "segments":
                for i, rect in enumerate(self.segments(name, count)):
                    if rect.collidepoint(pos):
                        return name, i
            elif kind == "stepper":
                minus, _, plus = self.stepper_parts(name)
                if minus.collidepoint(pos):
                    return name, "minus"
                if plus.collidepoint(pos):
                    return name, "plus"
            elif self.toggle_rect(name).collidepoint(pos):
                return name, "toggle"
            if self.labels[name].collidepoint(pos):
                return name, "label"
        return None


class SetupLayout:
    """Custom game setup: a top bar (title, Menu) as on the codemaker screen, rows of controls (label
    on the left, control on the right) centred in the height under it, the turns line, then buttons.
    The first row chooses the shape (a row of pegs or a grid), so everything below it follows it."""

    ROWS = ("shape", "pegs", "colours", "duplicates", "difficulty")
    STEPPER_VALUE_SIDES = 1.3  # the value between - and +, in button widths: close to both

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        m = margin_px(size)
        bh = button_height_px(size)
        top_h = top_bar_height_px(size)
        self.top_bar = pygame.Rect(0, 0, w, top_h)
        menu_w = round(_clamp(w * 0.1, 78, 150))
        menu_h = min(bh, top_h - 8)
        self.menu_rect = pygame.Rect(w - m - menu_w, (top_h - menu_h) // 2, menu_w, menu_h)
        self.title_rect = pygame.Rect(m, 4, max(10, w - menu_w - 3 * m), top_h - 8)
        width = round(min(w - 2 * m, _clamp(w * 0.8, 560, 980)))
        left = (w - width) // 2
        free = h - m - (top_h + m)
        # rows shrink (never below the readable minimum) rather than push the buttons off the window
        fit_h = (free - bh - 2 * m) / (len(self.ROWS) * 1.3 + 1.85)
        row_h = round(max(24, min(_clamp(h * 0.085, 36, 66), fit_h)))
        gap = round(row_h * 0.3)
        block_h = len(self.ROWS) * (row_h + gap) + round(row_h * 1.7) + gap // 2 + bh + 2 * m
        top = top_h + m + max(0, (free - block_h) // 3)
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
            pygame.Rect(left, self.message_rect.bottom, width, bh + 2 * m), ("back", "start"), bh, m
        )

    def button_rect(self, name: str) -> pygame.Rect | None:
        """The top bar's buttons by name, as board.draw_top_bar() asks for them (only Menu here)."""
        return self.menu_rect if name == "menu" else None

    def stepper_parts(self, name: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(minus, value, plus) rects of a stepper control."""
        rect = self.controls[name]
        return stepper_rects(rect, round(rect.h * self.STEPPER_VALUE_SIDES))

    def segments(self, name: str, count: int) -> list[pygame.Rect]:
        rect = self.controls[name]
        width = rect.w / count
        return [
            pygame.Rect(round(rect.x + i * width), rect.y, round(width) - 4, rect.h) for i in range(count)
        ]
