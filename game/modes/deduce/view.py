"""How Deduce's screens look and where their pieces are: the level choice (a tab per page of levels,
a column per level with its puzzle of the day and a practice button), the dealing card and the stars
of a result, drawn in the look's accent (filled) and its edge colour (empty), so they follow the theme."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px

CARD_W_FRAC, CARD_H_FRAC = 0.9, 0.9
TAB_W_MAX_PX = 300  # a page's tab is no wider than this


class DeduceLayout:
    """Title, the rules line, a tab per page of levels (`tabs`, when there are several), one column per
    level of the page shown (name, today's state, Today and Practice), Back."""

    def __init__(self, size: tuple[int, int], levels: Sequence[str], tabs: Sequence[str] = ()) -> None:
        self.size = size
        self.card = dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, 560, 420)
        m = margin_px(size)
        bh = button_height_px(size)
        card = self.card
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, round(card.h * 0.12))
        self.rules = pygame.Rect(card.x + 2 * m, self.title.bottom, card.w - 4 * m, round(card.h * 0.08))
        self.buttons = button_row(card, ("back",), bh, m * 2)
        top = self.rules.bottom + m
        self.tabs: list[pygame.Rect] = []
        if len(tabs) > 1:
            tab_w = min(TAB_W_MAX_PX, (card.w - 4 * m - m * (len(tabs) - 1)) // len(tabs))
            left = card.centerx - (len(tabs) * tab_w + (len(tabs) - 1) * m) // 2
            self.tabs = [pygame.Rect(left + i * (tab_w + m), top, tab_w, bh) for i in range(len(tabs))]
            top += bh + m
        area = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, self.buttons["back"].y - m - top)
        width = (area.w - m * (len(levels) - 1)) // max(1, len(levels))
        self.columns: dict[str, pygame.Rect] = {}
        self.play: dict[tuple[str, str], pygame.Rect] = {}
        for i, name in enumerate(levels):
            column = pygame.Rect(area.x + i * (width + m), area.y, width, area.h)
            self.columns[name] = column
            button_w = min(column.w - 2 * m, 260)
            x = column.centerx - button_w // 2
            self.play[(name, "practice")] = pygame.Rect(x, column.bottom - m - bh, button_w, bh)
            self.play[(name, "daily")] = pygame.Rect(x, column.bottom - 2 * m - 2 * bh, button_w, bh)

    def hit_test(self, pos: tuple[int, int]) -> tuple[str, str] | str | int | None:
        """(level, "daily" or "practice") for a play button, a page's number for its tab, "back", or None."""
        for key, rect in self.play.items():
            if rect.collidepoint(pos):
                return key
        for i, rect in enumerate(self.tabs):
            if rect.collidepoint(pos):
                return i
        return "back" if self.buttons["back"].collidepoint(pos) else None


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """A five-pointed star's outline, point up."""
    cx, cy = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def draw_stars(surface: pygame.Surface, rect: pygame.Rect, earned: int, total: int = 3) -> None:
    """`total` stars side by side in `rect`, the first `earned` filled (the look's accent), the others
    in its edge colour."""
    size = min(rect.h, rect.w / (total + 0.5 * (total - 1)))
    gap = size * 0.5
    left = rect.centerx - (total * size + (total - 1) * gap) / 2
    for i in range(total):
        centre = (left + size / 2 + i * (size + gap), rect.centery)
        outline = star_points(centre, size / 2)
        pygame.draw.polygon(surface, pal.SELECTION if i < earned else pal.BOARD_EDGE, outline)
        edge = pal.SHADOW if i < earned else pal.TEXT_DIM  # an empty star still reads on the card
        pygame.draw.polygon(surface, edge, outline, width=max(1, round(size / 30)))
