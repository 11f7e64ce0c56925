"""Geometry and drawing of the small setup screens of the duel and the two-player match, and of the
match's hand-over card (HandOverLayout).

A screen is a title, rows of choices (a label on the left, then one or more option boxes side by
side: choice buttons, or a single text field), a detail line, a message line and Back/Start.
Drawing and hit-testing use the same rectangles (ModeSetupLayout), as everywhere in game/ui.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import palette as pal
from game.ui.layout import Button, button_height_px, button_row, dialog_rect, margin_px
from game.ui.text import TextRenderer

ROW_H_FRAC = 0.085  # a row of choices, of the window height
ROW_H_MIN_PX, ROW_H_MAX_PX = 36, 70
WIDTH_FRAC = 0.86  # the block of rows, of the window width
MAX_WIDTH_PX = 1100
LABEL_FRAC = 0.26  # a row's label, of the block width


@dataclass(frozen=True)
class Option:
    """Option `index` of choice row `row` (a text field is option 0 of its row)."""

    row: str
    index: int


class ModeSetupLayout:
    def __init__(self, size: tuple[int, int], rows: Sequence[tuple[str, int]]) -> None:
        w, h = size
        m = margin_px(size)
        bh = button_height_px(size)
        self.title_rect = pygame.Rect(m, round(h * 0.04), w - 2 * m, round(h * 0.11))
        width = round(min(w - 2 * m, w * WIDTH_FRAC, MAX_WIDTH_PX))
        left = (w - width) // 2
        row_h = round(max(ROW_H_MIN_PX, min(ROW_H_MAX_PX, h * ROW_H_FRAC)))
        gap = round(row_h * 0.35)
        label_w = round(width * LABEL_FRAC)
        # the rows, detail, message and buttons as one block, centred in the height under the title
        block_h = len(rows) * (row_h + gap) + round(row_h * 1.7) + bh + 2 * m
        free = h - m - (self.title_rect.bottom + m)
        y = self.title_rect.bottom + m + max(0, (free - block_h) // 3)
        self.labels: dict[str, pygame.Rect] = {}
        self.options: dict[str, list[pygame.Rect]] = {}
        for name, count in rows:
            self.labels[name] = pygame.Rect(left, y, label_w, row_h)
            area_x = left + label_w + m
            area_w = width - label_w - m
            step = (area_w + m // 2) / count
            self.options[name] = [
                pygame.Rect(round(area_x + i * step), y, round(step - m // 2), row_h) for i in range(count)
            ]
            y += row_h + gap
        self.detail_rect = pygame.Rect(left, y - gap // 2, width, round(row_h * 0.9))
        self.message_rect = pygame.Rect(left, self.detail_rect.bottom, width, round(row_h * 0.8))
        area = pygame.Rect(left, self.message_rect.bottom, width, bh + 2 * m)
        self.buttons = button_row(area, ("back", "start"), bh, m)

    def hit_test(self, pos: tuple[int, int]) -> Option | Button | None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return Button(name)
        for name, rects in self.options.items():
            for i, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    return Option(name, i)
        return None


def draw_label(surface: pygame.Surface, text: TextRenderer, layout: ModeSetupLayout, row: str, label: str):
    box = layout.labels[row]
    text.draw_in(
        surface, label, box.inflate(-8, -round(box.h * 0.4)), pal.TEXT, text.grown(34), align="midleft"
    )


def draw_text_field(
    surface: pygame.Surface, text: TextRenderer, rect: pygame.Rect, value: str, focused: bool, caret: bool
) -> None:
    """A box holding typed text; the focused one is outlined and shows a caret."""
    radius = max(3, rect.h // 5)
    pygame.draw.rect(surface, pal.HOLE, rect, border_radius=radius)
    edge = pal.SELECTION if focused else pal.BOARD_EDGE
    pygame.draw.rect(surface, edge, rect, width=3 if focused else 1, border_radius=radius)
    inner = rect.inflate(-round(rect.h * 0.5), -round(rect.h * 0.42))
    size = text.fit_size("Wj" * 7, inner.w, inner.h, text.grown(40))
    drawn = text.draw(surface, value, size, pal.TEXT, inner.midleft, align="midleft")
    if focused and caret:
        x = drawn.right + 3 if value else inner.x
        pygame.draw.line(surface, pal.TEXT, (x, inner.y), (x, inner.bottom), 2)


HANDOVER_LINE_WEIGHTS = (0.9, 1.5, 1.0)  # heading, the big instruction, the small print


@dataclass(frozen=True)
class HandOverLayout:
    """The hand-over card: three text bands (heading, instruction, small print) and one wide button."""

    card: pygame.Rect
    lines: tuple[pygame.Rect, pygame.Rect, pygame.Rect]
    button: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> HandOverLayout:
        card = dialog_rect(size, 0.78, 0.62, 520, 320)
        m = margin_px(size)
        button = button_row(card, ("go",), round(button_height_px(size) * 1.15), m * 2)["go"]
        button = button.inflate(max(0, min(card.w - 4 * m, 420) - button.w), 0)
        top, bottom = card.y + 2 * m, button.y - m
        unit = (bottom - top) / sum(HANDOVER_LINE_WEIGHTS)
        rects, y = [], float(top)
        for weight in HANDOVER_LINE_WEIGHTS:
            rects.append(pygame.Rect(card.x + 2 * m, round(y), card.w - 4 * m, round(unit * weight)))
            y += unit * weight
        return cls(card, (rects[0], rects[1], rects[2]), button)
