"""The online screens' geometry and drawing: a titled card of rows (the lobby's fields and buttons,
the maker's code, the end's lines), the connection's status line with its progress, a row of pegs,
and the opponent's rows as grades only (the column beside the board in a race).

FormLayout places `rows` rows in a card centred in the window, a status strip under them; drawing
and hit-testing share its rectangles (hit() is over the same rects draw_rows() fills).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.codes import Feedback
from game.net.duel import DuelView
from game.play.grading import GRADE_POP_S, GRADE_STAGGER_S
from game.play.timeline import Timeline, Track, ease_out_back
from game.ui import palette as pal
from game.ui import theme
from game.ui.board import Art
from game.ui.grid_board import grade_kind, key_image
from game.ui.juice import drop_scale
from game.ui.widgets import draw_button

CARD_W_FRAC, CARD_MAX_W = 0.7, 760  # the card's width, of the window's, and at most
ROW_H_FRAC = 0.075  # one row of the card, of the window height
ROW_MIN_PX, ROW_MAX_PX = 30, 56
GAP_FRAC = 0.22  # between rows, of a row's height
STATUS_ROWS = 2.2  # the status strip under the rows, in rows
PROGRESS_H_FRAC = 0.12  # the connecting bar, of a row's height


class FormLayout:
    """A title, `rows` rows and a status strip, centred (see the module docstring)."""

    def __init__(self, size: tuple[int, int], rows: int) -> None:
        self.size = size
        w, h = size
        # as tall as the window allows: title (1.3 rows), the rows and their gaps, the status strip
        fits = (h * 0.94) / (1.3 + rows * (1 + GAP_FRAC) + GAP_FRAC + STATUS_ROWS)
        row_h = round(max(ROW_MIN_PX, min(ROW_MAX_PX, h * ROW_H_FRAC, fits)))
        gap = round(row_h * GAP_FRAC)
        width = min(CARD_MAX_W, round(w * CARD_W_FRAC), w - 2 * gap)
        title_h = round(row_h * 1.3)
        status_h = round(row_h * STATUS_ROWS)
        total = title_h + gap + rows * (row_h + gap) + status_h
        top = max(gap, (h - total) // 2)
        left = (w - width) // 2
        self.title = pygame.Rect(left, top, width, title_h)
        y = self.title.bottom + gap
        self.rows = []
        for _ in range(rows):
            self.rows.append(pygame.Rect(left, y, width, row_h))
            y += row_h + gap
        self.status = pygame.Rect(left, y, width, status_h)
        self.row_h = row_h

    def hit(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(self.rows) if rect.collidepoint(pos)), None)


def score_line(view: DuelView) -> str:
    """A codemaker match's points so far, the player's first: "you 2 · Bob 3"."""
    totals = view.totals or [0, 0]
    me = view.seat
    return f"you {totals[me]} · {view.opponent or 'them'} {totals[1 - me]}"


def draw_title(surface: pygame.Surface, layout: FormLayout, art: Art, title: str) -> None:
    px = theme.type_px(layout.size, "title")
    art.text.draw_in(surface, title, layout.title, pal.TEXT, px)


def draw_rows(
    surface: pygame.Surface,
    layout: FormLayout,
    art: Art,
    rows: Sequence[tuple[str, str, bool]],
    focus: int | None,
    hot: int | None = None,
) -> None:
    """Each row: (label, value, is_button). A field shows its label left and its value right; a
    button is a button (the focused one lit)."""
    px = theme.type_px(layout.size, "label")
    for index, (rect, (label, value, button)) in enumerate(zip(layout.rows, rows, strict=False)):
        if button:
            draw_button(
                surface,
                art.text,
                rect,
                label,
                primary=index == focus,
                hot=index == hot,
                focused=index == focus,
            )
            continue
        theme.draw_card(surface, rect)
        if index == focus:
            pygame.draw.rect(surface, pal.SELECTION, rect.inflate(4, 4), width=3, border_radius=8)
        inner = rect.inflate(-24, -round(rect.h * 0.3))
        half = inner.w * 2 // 5
        art.text.draw_in(
            surface, label, pygame.Rect(inner.x, inner.y, half, inner.h), pal.TEXT_DIM, px, "midleft"
        )
        value_rect = pygame.Rect(inner.x + half, inner.y, inner.w - half, inner.h)
        art.text.draw_in(surface, value, value_rect, pal.TEXT, px, "midright")


def status_lines(view: DuelView, waited_s: float, timeout_s: float) -> list[tuple[str, tuple[int, int, int]]]:
    """What the status strip says of the connection and the game being found."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if view.status == "connecting":
        lines.append((f"Connecting… {min(waited_s, timeout_s):.1f} s of {timeout_s:g} s", pal.TEXT))
    elif view.status == "reconnecting":
        lines.append((f"Reconnecting… ({view.reason})", pal.TEXT_WARN))
    elif view.status == "failed":
        lines.append((view.reason or "the server is not there", pal.TEXT_WARN))
        advice = "Run mastermind-server, type another server above, or press H to host here"
        lines.append((advice, pal.TEXT_DIM))
    elif view.status == "connected":
        if view.phase == "waiting":
            lines.append((f"Room code {view.invite}", pal.SELECTION))
            lines.append(("Tell it to your opponent: they type it at Join by code. Waiting…", pal.TEXT_DIM))
        elif view.phase == "queued":
            lines.append(("In the queue: waiting for a player of the same game…", pal.TEXT))
        else:
            lines.append(("Connected. Choose a quick match, make a room or join one.", pal.TEXT_DIM))
    if view.error:
        lines.append((view.error, pal.TEXT_WARN))
    return lines


def draw_status(
    surface: pygame.Surface,
    rect: pygame.Rect,
    art: Art,
    lines: Sequence[tuple[str, tuple[int, int, int]]],
    progress: float | None = None,
) -> None:
    """The status lines, and a progress bar under them while connecting (`progress` 0..1)."""
    px = theme.type_px(surface.get_size(), "label")
    first_h = rect.h * 2 // 5  # the first line (an invite code, the refusal) larger than the rest
    line_h = (rect.h - first_h) // 2
    y = rect.y
    for index, (words, colour) in enumerate(lines[:3]):
        line = pygame.Rect(rect.x, y, rect.w, first_h if index == 0 else line_h)
        art.text.draw_in(surface, words, line, colour, line.h if index == 0 else px)
        y = line.bottom
    if progress is not None:
        bar_h = max(4, round(line_h * PROGRESS_H_FRAC * 2))
        bar = pygame.Rect(rect.x + rect.w // 6, rect.bottom - bar_h * 2, rect.w * 2 // 3, bar_h)
        pygame.draw.rect(surface, pal.BOARD_EDGE, bar, border_radius=bar_h // 2)
        filled = bar.copy()
        filled.w = max(bar_h, round(bar.w * max(0.0, min(1.0, progress))))
        pygame.draw.rect(surface, pal.SELECTION, filled, border_radius=bar_h // 2)


def draw_code(
    surface: pygame.Surface, rect: pygame.Rect, art: Art, code: Sequence[int | None], pegs: int
) -> None:
    """A row of `pegs` pegs (None: an empty hole) centred in `rect`."""
    diameter = max(8, min(rect.h - 6, rect.w // max(1, pegs) - 8))
    step = diameter + 8
    x0 = rect.centerx - (step * pegs - 8) // 2 + diameter // 2
    for col in range(pegs):
        colour = code[col] if col < len(code) else None
        centre = (x0 + col * step, rect.centery)
        if colour is None:
            image = art.pegs.hole(diameter)
        else:
            image = art.pegs.peg(art.colours[colour], colour, diameter, art.symbols)
        surface.blit(image, image.get_rect(center=centre))


def pop_grade(timeline: Timeline, row: int, pegs: int) -> None:
    """The opponent's row `row` just landed: its grading pegs drop in one after another, as a grade
    on the board does (game/play/grading.py's timing)."""
    for i in range(pegs):
        timeline.move(("opponent", row, i), GRADE_POP_S, GRADE_STAGGER_S * (i + 1), ease_out_back)


def draw_grade(
    surface: pygame.Surface,
    rect: pygame.Rect,
    art: Art,
    grade: tuple[int, int],
    pegs: int,
    pop: Callable[[int], Track | None] | None = None,
) -> None:
    """A grade as its grading pegs in a row (the board's own images: blacks, whites, then empty
    holes) on the grade area's light panel."""
    pygame.draw.rect(surface, pal.GRADE_AREA, rect, border_radius=max(2, rect.h // 4))
    d = max(4, min(rect.h - 4, (rect.w - 4) // max(1, pegs) - 2))
    step = (rect.w - 4) / max(1, pegs)
    feedback = Feedback(*grade)
    for i in range(pegs):
        centre = (round(rect.x + 2 + step * (i + 0.5)), rect.centery)
        kind = grade_kind(feedback, i)
        track = pop(i) if pop is not None and kind else None
        if track is not None and not track.started:
            kind = ""  # not dropped in yet: its hole shows
        size = d if track is None else max(2, round(d * drop_scale(track.progress)))
        hole = art.pegs.hole(max(2, round(d * 0.55)), pal.GRADE_HOLE)
        image = key_image(art.pegs, kind, size) if kind else hole
        surface.blit(image, image.get_rect(center=centre))


def draw_opponent(
    surface: pygame.Surface,
    rect: pygame.Rect,
    art: Art,
    view: DuelView,
    lines: Sequence[str],
    show_codes: bool,
    timeline: Timeline | None = None,
) -> None:
    """The opponent's column: their name, what is happening, then each of their rows as it landed
    (its grade; its guess too when `show_codes`: the breaker's rows seen by the maker)."""
    theme.draw_card(surface, rect)
    inner = rect.inflate(-16, -16)
    head_px = theme.type_px(surface.get_size(), "body")
    small_px = theme.type_px(surface.get_size(), "label")
    line_h = max(18, round(small_px * 1.5))
    y = inner.y
    art.text.draw_in(
        surface, view.opponent or "Opponent", pygame.Rect(inner.x, y, inner.w, line_h + 6), pal.TEXT, head_px
    )
    y += line_h + 8
    for words in lines:
        colour = pal.TEXT_WARN if words.startswith(("Reconnecting", "Away", "Claim")) else pal.TEXT_DIM
        art.text.draw_in(surface, words, pygame.Rect(inner.x, y, inner.w, line_h), colour, small_px)
        y += line_h
    pegs = int(view.shape.get("pegs", 4))
    turns = max(1, int(view.shape.get("turns", 10)))
    row_h = max(10, min(line_h + 4, (inner.bottom - y) // turns))
    grade_w = min(inner.w // 2, row_h * pegs)
    for index, (code, grade) in enumerate(view.opponent_rows):
        row = pygame.Rect(inner.x, y + index * row_h, inner.w, row_h - 2)
        if row.bottom > inner.bottom:
            break
        label = pygame.Rect(row.x, row.y, row.w // 6, row.h)
        art.text.draw_in(surface, str(index + 1), label, pal.TEXT_DIM, small_px)
        if show_codes and code is not None:
            draw_code(
                surface,
                pygame.Rect(label.right, row.y, row.w - label.w - grade_w - 8, row.h),
                art,
                code,
                pegs,
            )
        pop = None if timeline is None else (lambda i, r=index: timeline.get(("opponent", r, i)))
        grade_rect = pygame.Rect(row.right - grade_w, row.y + 2, grade_w, row.h - 4)
        draw_grade(surface, grade_rect, art, grade, pegs, pop)
