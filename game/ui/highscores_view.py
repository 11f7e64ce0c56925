"""How the arcade high-score tables and the initials entry look, and where their pieces are.

draw_table() draws one mode's top ten (rank, initials, score, date; empty places as dashes) in any
rect: the High scores screen, the attract loop and the initials entry's last step all use it.
InitialsLayout is the entry card's geometry (three letter boxes, an up and a down arrow over and
under each, OK), used by drawing and hit-testing alike. Arrows are drawn as triangles: the game's
font has no arrow glyphs.
"""

from __future__ import annotations

import pygame

from game.core.highscores import INITIALS_LENGTH, TABLE_SIZE, HighScoreTable
from game.ui import palette as pal
from game.ui import theme
from game.ui.layout import button_height_px, dialog_rect, margin_px
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button

COLUMNS = (
    ("Rank", 0.0, "midleft"),
    ("Initials", 0.2, "midleft"),
    ("Score", 0.68, "midright"),
    ("Date", 1.0, "midright"),
)  # (heading, x as a fraction of the width, alignment)


def draw_table(
    surface: pygame.Surface,
    text: TextRenderer,
    rect: pygame.Rect,
    table: HighScoreTable,
    highlight: int | None = None,
) -> None:
    """`table` in `rect`: a heading line and TABLE_SIZE rows; row `highlight` (1-based) lit."""
    pitch = rect.h / (TABLE_SIZE + 1.3)
    size = text.fit_size("10.  WWW  1,000,000,000  2026-11-23", rect.w * 0.95, pitch * 0.72, text.grown(40))
    for heading, x, align in COLUMNS:
        anchor = (rect.x + x * rect.w, rect.y + pitch / 2)
        text.draw(surface, heading, text.at_least(size * 0.8), pal.TEXT_DIM, anchor, align)
    y0 = rect.y + 1.3 * pitch
    pygame.draw.line(
        surface, pal.BOARD_EDGE, (rect.x, round(y0 - 0.15 * pitch)), (rect.right, round(y0 - 0.15 * pitch)), 1
    )
    for i in range(TABLE_SIZE):
        cy = y0 + (i + 0.5) * pitch
        lit = highlight == i + 1
        if lit:
            band = pygame.Rect(rect.x - 6, round(cy - pitch / 2), rect.w + 12, round(pitch))
            pygame.draw.rect(surface, pal.HIGHLIGHT_FILL, band, border_radius=6)
        entry = table.entries[i] if i < len(table.entries) else None
        colour = pal.SELECTION if lit else (pal.TEXT if entry is not None else pal.TEXT_DIM)
        cells = (f"{i + 1}.", "---", "-", "")
        if entry is not None:
            cells = (f"{i + 1}.", entry.initials, f"{entry.score:,}", entry.date)
        for (_, x, align), cell in zip(COLUMNS, cells, strict=True):
            if cell:
                text.draw(surface, cell, size, colour, (rect.x + x * rect.w, cy), align)


class InitialsLayout:
    """The initials card: title, score, three letter boxes with arrows, a help line, OK."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.card = dialog_rect(size, 0.6, 0.7, 460, 400)
        m = margin_px(size)
        bh = button_height_px(size)
        card = self.card
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, round(card.h * 0.13))
        self.score = pygame.Rect(card.x + 2 * m, self.title.bottom, card.w - 4 * m, round(card.h * 0.09))
        self.ok = pygame.Rect(
            card.centerx - min(200, card.w // 3) // 2, card.bottom - m - bh, min(200, card.w // 3), bh
        )
        self.help = pygame.Rect(
            card.x + 2 * m, self.ok.y - m - round(card.h * 0.08), card.w - 4 * m, round(card.h * 0.08)
        )
        area_top = self.score.bottom + m
        area_h = self.help.y - m - area_top
        box = round(min(area_h * 0.5, (card.w - 6 * m) / (INITIALS_LENGTH + 1)))
        arrow_h = round((area_h - box) / 2)
        gap = round(box * 0.35)
        total = INITIALS_LENGTH * box + (INITIALS_LENGTH - 1) * gap
        x0 = card.centerx - total // 2
        self.boxes = [
            pygame.Rect(x0 + i * (box + gap), area_top + arrow_h, box, box) for i in range(INITIALS_LENGTH)
        ]
        self.ups = [pygame.Rect(b.x, area_top, b.w, arrow_h) for b in self.boxes]
        self.downs = [pygame.Rect(b.x, b.bottom, b.w, arrow_h) for b in self.boxes]

    def hit_test(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """("box" | "up" | "down", letter index), ("ok", 0), or None."""
        if self.ok.collidepoint(pos):
            return ("ok", 0)
        for name, rects in (("box", self.boxes), ("up", self.ups), ("down", self.downs)):
            for i, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    return (name, i)
        return None


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, up: bool, colour) -> None:
    """A triangle pointing up or down, centred in `rect`."""
    w = rect.w * 0.42
    h = min(rect.h * 0.6, w * 0.8)
    cx, cy = rect.centerx, rect.centery
    tip, base = (cy - h / 2, cy + h / 2) if up else (cy + h / 2, cy - h / 2)
    pygame.draw.polygon(surface, colour, [(cx, tip), (cx - w / 2, base), (cx + w / 2, base)])


def draw_initials(
    surface: pygame.Surface,
    text: TextRenderer,
    layout: InitialsLayout,
    letters: str,
    position: int,
    mouse: tuple[int, int],
) -> None:
    """The three letters, the highlighted one framed, arrows lit under the pointer, and OK."""
    hot = layout.hit_test(mouse)
    for i, box in enumerate(layout.boxes):
        lit = i == position
        pygame.draw.rect(surface, pal.BUTTON_HOT if lit else pal.BUTTON, box, border_radius=box.w // 8)
        pygame.draw.rect(surface, pal.SELECTION if lit else pal.BOARD_EDGE, box, 4 if lit else 1, box.w // 8)
        text.draw_in(
            surface, letters[i], box.inflate(-box.w // 4, -box.h // 5), pal.SELECTION if lit else pal.TEXT
        )
        for name, rect, up in (("up", layout.ups[i], True), ("down", layout.downs[i], False)):
            colour = pal.SELECTION if hot == (name, i) else (pal.TEXT if lit else pal.TEXT_DIM)
            draw_arrow(surface, rect, up, colour)
    draw_button(surface, text, layout.ok, "OK", primary=True, hot=hot == ("ok", 0))


def draw_attract_scores(
    surface: pygame.Surface, text: TextRenderer, mode: str, table: HighScoreTable, banner_colour
) -> None:
    """The attract loop's high-score page: one mode's table over the whole window."""
    w, h = surface.get_size()
    m = margin_px((w, h))
    surface.fill(pal.BACKGROUND)
    title = pygame.Rect(m, m, w - 2 * m, round(h * 0.14))
    text.draw_in(surface, f"HIGH SCORES · {mode.upper()}", title, pal.SELECTION, text.grown(80))
    body = pygame.Rect(round(w * 0.16), title.bottom + m, round(w * 0.68), round(h * 0.66))
    draw_table(surface, text, body, table)
    press = pygame.Rect(m, body.bottom + m, w - 2 * m, h - body.bottom - 2 * m)
    text.draw_in(surface, "Press any key to play", press, banner_colour, text.grown(44))


def draw_attract_title(
    surface: pygame.Surface, text: TextRenderer, pegs, colours, symbols: bool, banner_colour
) -> None:
    """The attract loop's title page: the name, a row of pegs, and the invitation to play."""
    w, h = surface.get_size()
    m = margin_px((w, h))
    surface.fill(pal.BACKGROUND)
    title = pygame.Rect(m, round(h * 0.22), w - 2 * m, round(h * 0.2))
    theme.draw_logo(surface, text, title.inflate(-w // 8, 0), pegs, colours, symbols)  # the title screen's
    d = round(min(h * 0.09, w / 12))
    count = min(len(colours), 6)
    x0 = w // 2 - round((count - 1) * d * 1.3 / 2)
    for i in range(count):
        peg = pegs.peg(colours[i], i, d, symbols)
        surface.blit(peg, peg.get_rect(center=(x0 + round(i * d * 1.3), title.bottom + m + d)))
    line = pygame.Rect(m, title.bottom + 2 * m + 2 * d, w - 2 * m, round(h * 0.07))
    text.draw_in(surface, "Classic · Daily code · Blitz · high scores", line, pal.TEXT_DIM, text.grown(36))
    press = pygame.Rect(m, round(h * 0.72), w - 2 * m, round(h * 0.1))
    text.draw_in(surface, "Press any key to play", press, banner_colour, text.grown(48))
