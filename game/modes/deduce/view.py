"""How Deduce's screens look and where their pieces are: the level choice (a column per level with
its puzzle of the day and a practice button), the dealing card and the stars of a result."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px

CARD_W_FRAC, CARD_H_FRAC = 0.9, 0.9
STAR_FILL = (240, 200, 80)  # Okabe-Ito-ish gold: reads on the dark card in both palettes
STAR_EMPTY = (70, 76, 96)


class DeduceLayout:
    """Title, the rules line, one column per level (name, today's state, Today and Practice), Back."""

    def __init__(self, size: tuple[int, int], levels: Sequence[str]) -> None:
        self.size = size
        self.card = dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, 560, 420)
        m = margin_px(size)
        bh = button_height_px(size)
        card = self.card
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, round(card.h * 0.12))
        self.rules = pygame.Rect(card.x + 2 * m, self.title.bottom, card.w - 4 * m, round(card.h * 0.08))
        self.buttons = button_row(card, ("back",), bh, m * 2)
        top = self.rules.bottom + m
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

    def hit_test(self, pos: tuple[int, int]) -> tuple[str, str] | str | None:
        """(level, "daily" or "practice") for a play button, "back", or None."""
        for key, rect in self.play.items():
            if rect.collidepoint(pos):
                return key
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
    """`total` stars side by side in `rect`, the first `earned` filled."""
    size = min(rect.h, rect.w / (total + 0.5 * (total - 1)))
    gap = size * 0.5
    left = rect.centerx - (total * size + (total - 1) * gap) / 2
    for i in range(total):
        centre = (left + size / 2 + i * (size + gap), rect.centery)
        outline = star_points(centre, size / 2)
        pygame.draw.polygon(surface, STAR_FILL if i < earned else STAR_EMPTY, outline)
        pygame.draw.polygon(surface, pal.BOARD_EDGE, outline, width=max(1, round(size / 30)))
