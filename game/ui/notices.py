"""Notices: short messages shown over any screen for a few seconds (store problems, "Sound off").

A NoticeBoard is view state. Each notice's stay is a countdown on a timeline (game/play/timeline.py;
the board's own unless one is given, driven by update(dt)): real seconds, the same whatever the
animation speed. Invariants: at most MAX_SHOWN notices are on screen, newest at the bottom; the same
text shown again restarts its countdown instead of stacking; long texts wrap inside a card at most
NOTICE_WIDTH_FRAC of the window wide, so nothing is clipped. Notices never fade or blink (reduced
motion or not): they appear, stay, and go. They stack up from the bottom of the window, or from above
a screen's footer when the screen names a floor for them.
"""

from __future__ import annotations

import pygame

from game.play.timeline import Timeline
from game.ui import palette as pal
from game.ui.text import TextRenderer

NOTICE_S = 5.0  # how long a notice stays
SHORT_NOTICE_S = 1.6  # for confirmations such as "Sound off"
MAX_SHOWN = 3
NOTICE_WIDTH_FRAC = 0.7
NOTICE_FONT_FRAC = 0.032  # of the window height


class NoticeBoard:
    def __init__(self, timeline: Timeline | None = None) -> None:
        # the timeline the notices' countdowns run on: its own (update(dt) drives it), or its owner's
        self._owns_timeline = timeline is None
        self.timeline = Timeline() if timeline is None else timeline
        self._order: list[str] = []  # the texts shown, oldest first

    def show(self, text: str, seconds: float = NOTICE_S) -> None:
        self._order = [t for t in self.texts if t != text] + [text]
        self.timeline.countdown(_key(text), seconds)
        for old in self._order[:-MAX_SHOWN]:
            self.timeline.drop(_key(old))
        del self._order[:-MAX_SHOWN]

    @property
    def texts(self) -> list[str]:
        """The notices on screen, oldest first."""
        return [t for t in self._order if self.timeline.running(_key(t))]

    def left_s(self, text: str) -> float:
        """Seconds until the notice `text` goes (0 when it is not shown)."""
        track = self.timeline.get(_key(text))
        return 0.0 if track is None else track.left_s

    def update(self, dt: float) -> None:
        """Drive its own timeline by `dt` (a shared one is its owner's to drive); forget what went."""
        if self._owns_timeline:
            self.timeline.update(dt)
        self._order = self.texts

    def draw(self, surface: pygame.Surface, text: TextRenderer, floor: int | None = None) -> None:
        """Draw the notices, the newest lowest, all above `floor` (a y; None: the window's bottom)."""
        shown = self.texts
        if not shown:
            return
        w, h = surface.get_size()
        size_px = text.at_least(h * NOTICE_FONT_FRAC)
        max_w = round(w * NOTICE_WIDTH_FRAC)
        pad = size_px // 2
        line_h = text.font(size_px).get_linesize()
        bottom = h - pad * 2 if floor is None else min(h - pad * 2, floor - pad // 2)
        for notice in reversed(shown):
            lines = text.wrap(notice, size_px, max_w - 2 * pad)
            widest = max(text.size(line, size_px)[0] for line in lines)
            card = pygame.Rect(0, 0, widest + 2 * pad, len(lines) * line_h + 2 * pad)
            card.midbottom = (w // 2, bottom)
            pygame.draw.rect(surface, pal.NOTICE_FILL, card, border_radius=pad)
            pygame.draw.rect(surface, pal.TEXT_WARN, card, width=2, border_radius=pad)
            for i, line in enumerate(lines):
                text.draw(
                    surface, line, size_px, pal.TEXT, (card.centerx, card.y + pad + i * line_h), "midtop"
                )
            bottom = card.y - pad // 2


def _key(text: str) -> tuple[str, str]:
    return ("notice", text)
