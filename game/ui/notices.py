"""Notices: short messages shown over any screen for a few seconds (store problems, "Sound off").

A NoticeBoard is view state driven by update(dt). Invariants: at most MAX_SHOWN notices are on
screen, newest at the bottom; the same text shown again restarts its timer instead of stacking;
long texts wrap inside a card at most NOTICE_WIDTH_FRAC of the window wide, so nothing is clipped.
Notices never fade or blink (reduced motion or not): they appear, stay, and go. They stack up from
the bottom of the window, or from above a screen's footer when the screen names a floor for them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import palette as pal
from game.ui.text import TextRenderer

NOTICE_S = 5.0  # how long a notice stays
SHORT_NOTICE_S = 1.6  # for confirmations such as "Sound off"
MAX_SHOWN = 3
NOTICE_WIDTH_FRAC = 0.7
NOTICE_FONT_FRAC = 0.032  # of the window height
NOTICE_FILL = (16, 18, 26)


@dataclass
class Notice:
    text: str
    left_s: float


class NoticeBoard:
    def __init__(self) -> None:
        self.notices: list[Notice] = []

    def show(self, text: str, seconds: float = NOTICE_S) -> None:
        self.notices = [n for n in self.notices if n.text != text]
        self.notices.append(Notice(text, seconds))
        del self.notices[:-MAX_SHOWN]

    @property
    def texts(self) -> list[str]:
        return [n.text for n in self.notices]

    def update(self, dt: float) -> None:
        for notice in self.notices:
            notice.left_s -= dt
        self.notices = [n for n in self.notices if n.left_s > 0]

    def draw(self, surface: pygame.Surface, text: TextRenderer, floor: int | None = None) -> None:
        """Draw the notices, the newest lowest, all above `floor` (a y; None: the window's bottom)."""
        if not self.notices:
            return
        w, h = surface.get_size()
        size_px = text.at_least(h * NOTICE_FONT_FRAC)
        max_w = round(w * NOTICE_WIDTH_FRAC)
        pad = size_px // 2
        line_h = text.font(size_px).get_linesize()
        bottom = h - pad * 2 if floor is None else min(h - pad * 2, floor - pad // 2)
        for notice in reversed(self.notices):
            lines = text.wrap(notice.text, size_px, max_w - 2 * pad)
            widest = max(text.size(line, size_px)[0] for line in lines)
            card = pygame.Rect(0, 0, widest + 2 * pad, len(lines) * line_h + 2 * pad)
            card.midbottom = (w // 2, bottom)
            pygame.draw.rect(surface, NOTICE_FILL, card, border_radius=pad)
            pygame.draw.rect(surface, pal.TEXT_WARN, card, width=2, border_radius=pad)
            for i, line in enumerate(lines):
                text.draw(
                    surface, line, size_px, pal.TEXT, (card.centerx, card.y + pad + i * line_h), "midtop"
                )
            bottom = card.y - pad // 2
