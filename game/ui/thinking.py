"""Small drawing pieces for the computer at work: a progress bar and stacked text lines in a panel.

Shared by the solving, hand-grading and hint screens. Each draws into a rect it is given; text is
fitted so it never clips.
"""

from __future__ import annotations

import pygame

from game.ui import palette as pal
from game.ui import theme


def draw_progress_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float) -> None:
    """A thin bar filled left to right; used while a guess takes more than a few frames."""
    bar = rect.inflate(0, -round(rect.h * 0.4))
    radius = max(2, bar.h // 2)
    pygame.draw.rect(surface, pal.HOLE, bar, border_radius=radius)
    filled = bar.copy()
    filled.w = max(bar.h, round(bar.w * max(0.0, min(1.0, fraction))))
    pygame.draw.rect(surface, pal.ACTIVE_EDGE, filled, border_radius=radius)
    pygame.draw.rect(surface, pal.BOARD_EDGE, bar, width=1, border_radius=radius)


def draw_text_lines(
    text, surface: pygame.Surface, rect: pygame.Rect | None, lines: list[str], colour, role: str = "body"
) -> None:
    """Lines stacked in `rect` at one common size: the largest at which every line fits its share; a
    line too long for the width even at the readable floor wraps, each " · " part on a line of its
    own (never shrinks out of reading). The size grows with the window up to `role`'s
    (the panel's type, game/ui/theme.py)."""
    if rect is None or not lines:
        return
    largest = theme.type_px(text.window or surface.get_size(), role)
    share = rect.h / len(lines)
    floor_h = text.font(text.floor()).get_height()
    if all(text.size(line, text.floor())[0] <= rect.w - 8 for line in lines) and share * 0.8 >= floor_h:
        size = min(text.fit_size(line, rect.w - 8, share * 0.8, largest) for line in lines)
        for i, line in enumerate(lines):
            text.draw(surface, line, size, colour, (rect.centerx, rect.y + (i + 0.5) * share))
        return
    # wrapped: each " · " part starts a line of its own ("Space pause", "N or Right: step"), so no
    # phrase is broken between words while a whole part fits
    parts = "\n".join(part for line in lines for part in line.split(" · "))
    size, placed = text.fit_paragraphs(parts, rect.w - 8, rect.h, largest, gap_frac=0.0)
    line_h = text.font(size).get_linesize()
    top = rect.centery - (placed[-1][1] + line_h) / 2 if placed else rect.y
    for line, y in placed:
        text.draw(surface, line, size, colour, (rect.centerx, top + y), align="midtop")
