"""How the Daily code's screens look and where their pieces are: the daily choice (Classic, Super, the
countdown, Past codes) and the pieces of the daily result's card (game/ui/end_cards.py lays it out):
today's code, the share text, the clipboard's answer.

Geometry is a function of the window size alone (DailyLayout), used by drawing and by hit-testing
alike. The share text is drawn as it will read when pasted: its header lines as text
and each row's marks as grading pegs (black, white, an empty hole), because the game's font has
no ● or ○; the marks pasted are the core's (game/core/daily.py). copy_text() is the one place that
touches the clipboard (pygame-ce's pygame.scrap.put_text, which SDL backs on every platform with a
clipboard); it says whether the copy worked, so the screen can say so or ask for a copy by hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.codes import Feedback
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_card

CARD_W_FRAC, CARD_H_FRAC = 0.86, 0.9  # of the window
MARK_GAP_FRAC = 0.25  # between two marks of a row, of a mark's diameter


def copy_text(text: str) -> bool:
    """Put `text` on the system clipboard; False when this platform or display has none."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def paste_text() -> str | None:
    """The system clipboard's text ("" when it holds none); None when this platform or display has
    no clipboard to read."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text if isinstance(text, str) else ""


def countdown_text(seconds: float) -> str:
    """Seconds to the next daily code as H:MM:SS (whole seconds, rounded up: never 0:00:00 early)."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


class DailyLayout:
    """The daily choice: title, the date line, one column per preset (name, status, button), the
    countdown, Back."""

    def __init__(self, size: tuple[int, int], presets: Sequence[str]) -> None:
        self.size = size
        self.card = dialog_rect(size, CARD_W_FRAC, CARD_H_FRAC, 560, 420)
        m = margin_px(size)
        bh = button_height_px(size)
        card = self.card
        self.title = pygame.Rect(card.x + 2 * m, card.y + m, card.w - 4 * m, round(card.h * 0.12))
        self.date = pygame.Rect(card.x + 2 * m, self.title.bottom, card.w - 4 * m, round(card.h * 0.07))
        self.buttons = button_row(card, ("back", "archive"), bh, m * 2)
        self.countdown = pygame.Rect(
            card.x + 2 * m,
            self.buttons["back"].y - m - round(card.h * 0.1),
            card.w - 4 * m,
            round(card.h * 0.1),
        )
        top = self.date.bottom + m
        columns = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, self.countdown.y - m - top)
        width = (columns.w - m * (len(presets) - 1)) // max(1, len(presets))
        self.columns: dict[str, pygame.Rect] = {}
        self.play: dict[str, pygame.Rect] = {}
        for i, name in enumerate(presets):
            column = pygame.Rect(columns.x + i * (width + m), columns.y, width, columns.h)
            self.columns[name] = column
            button_w = min(column.w - 2 * m, 260)
            self.play[name] = pygame.Rect(
                column.centerx - button_w // 2, column.bottom - m - bh, button_w, bh
            )

    def hit_test(self, pos: tuple[int, int]) -> str | None:
        """A preset's name (its Play button), "back", "archive" (the past codes), or None."""
        for name, rect in {**self.play, **self.buttons}.items():
            if rect.collidepoint(pos):
                return name
        return None


def draw_code(surface: pygame.Surface, art: Art, rect: pygame.Rect, code: Sequence[int], label: str) -> None:
    """A label over a row of code pegs (today's code, shown once the day's game is over)."""
    label_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 3)
    art.text.draw_in(surface, label, label_rect, pal.TEXT_DIM, art.text.grown(28), align="midleft")
    row = pygame.Rect(rect.x, label_rect.bottom, rect.w, rect.h - label_rect.h)
    d = max(8, min(round(row.h * 0.8), row.w // (len(code) + 1)))
    for i, colour in enumerate(code):
        peg = art.pegs.peg(art.colours[colour], colour, d, art.symbols)
        surface.blit(peg, peg.get_rect(center=(row.x + d // 2 + round(i * d * 1.15), row.centery)))


def draw_share(
    surface: pygame.Surface,
    art: Art,
    rect: pygame.Rect,
    header: Sequence[str],
    grades: Sequence[Feedback],
    pegs: int,
    turns: int,
) -> None:
    """The share text as it will read: header lines, then one row of marks per guess, the marks as
    big as the card allows (the block fills its card: the rows played, never empty room for the
    turns left)."""
    draw_card(surface, rect, fill=pal.BACKGROUND)
    inner = rect.inflate(-rect.w // 10, -rect.h // 14)
    text = art.text
    head_px = min(text.fit_size(line, inner.w, inner.h * 0.12, text.grown(40)) for line in header)
    head_h = text.font(head_px).get_linesize()
    for i, line in enumerate(header):
        text.draw(surface, line, head_px, pal.TEXT, (inner.centerx, inner.y + i * head_h), align="midtop")
    marks = pygame.Rect(inner.x, inner.y + len(header) * head_h + head_h // 2, inner.w, 0)
    marks.h = inner.bottom - marks.y
    rows = max(len(grades), 1)
    pitch = min(marks.h / rows, marks.w / (pegs * (1 + MARK_GAP_FRAC)))
    d = max(6, round(pitch / (1 + MARK_GAP_FRAC)))
    hole = max(2, d // 6)  # an empty mark: a small dot, as · reads
    left = marks.centerx - (pegs * pitch - pitch * MARK_GAP_FRAC) / 2
    top = marks.y + (marks.h - rows * pitch) / 2
    # the marks on the grading panel, as the board shows grades: a black mark on a dark card (the
    # night theme's true black) would vanish
    pad = max(3, round(d * 0.3))
    block_w, block_h = round(pegs * pitch - pitch * MARK_GAP_FRAC), round(rows * pitch)
    panel = pygame.Rect(round(left) - pad, round(top) - pad + round(pitch - d) // 2, block_w + 2 * pad, 0)
    panel.h = block_h - round(pitch - d) + 2 * pad
    pygame.draw.rect(surface, pal.GRADE_AREA, panel, border_radius=pad)
    for r, feedback in enumerate(grades):
        y = round(top + (r + 0.5) * pitch)
        for k in range(pegs):
            x = round(left + d / 2 + k * pitch)
            if k < feedback.black + feedback.white:
                mark = art.pegs.key(k < feedback.black, d)
                surface.blit(mark, mark.get_rect(center=(x, y)))
            else:
                pygame.draw.circle(surface, pal.GRADE_HOLE, (x, y), hole)
