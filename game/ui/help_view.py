"""Drawing of the help overlay's pages: prose, graded examples as pegs, the grid example, key tables.

Functions of (surface, art, box, content): the overlay (game/screens/help.py) chooses the page and
hands over its content; grades come from the core's score() and score_grid(), so the pages can never
disagree with the game. Text is wrapped and sized to fit its box at every window size, and never
drawn below MIN_LINE_PX lines (text >= 14 px).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.codes import Code, score
from game.core.grid import score_grid
from game.core.variants import Grade
from game.core.variants.wordmarks import Marks
from game.ui import palette as pal
from game.ui.board import Art, mark_image
from game.ui.grid_board import (
    HELP_GUESS,
    HELP_RULES,
    HELP_SECRET,
    HELP_SHAPE,
    draw_grid_example,
    help_caption,
)
from game.ui.pad_glyphs import draw_glyphs, glyphs_width

MIN_LINE_PX = 18  # a line of the help never shrinks below this (its text stays >= 14 px)
MAX_KEY_LINE_PX = 44  # a key table's line stops growing here
HEADING_LINES = 1.3  # a section heading's height, in table lines
CAP_GAP_PX = 4  # between two key caps of one row
PAD_GAP_PX = 8  # between a row's key caps and its pad glyphs

KeyRows = Sequence[tuple[tuple[str, ...], str, tuple[str, ...]]]  # (key caps, what they do, pad glyphs)
Section = tuple[str, KeyRows]  # (heading, rows)


def draw_paragraphs(surface: pygame.Surface, art: Art, paragraphs: str, box: pygame.Rect) -> None:
    text = art.text
    size, lines = text.fit_paragraphs(paragraphs, box.w, box.h, text.grown(28))
    for line, y in lines:
        text.draw(surface, line, size, pal.TEXT, (box.x, box.y + y), align="topleft")


def draw_rules(
    surface: pygame.Surface,
    art: Art,
    body: pygame.Rect,
    goal_text: str,
    note_text: str,
    examples: Sequence[tuple[Code, Code, str, Grade]],
) -> None:
    """The goal, graded examples (secret, guess, caption, the guess's grade) drawn as pegs with the
    caption on the left, and a note."""
    text = art.text
    line_h = max(MIN_LINE_PX, round(body.h * 0.08))
    goal = pygame.Rect(body.x, body.y, body.w, line_h)
    note = pygame.Rect(body.x, body.bottom - line_h, body.w, line_h)
    size = min(
        text.fit_size(goal_text, body.w, line_h * 0.75, text.grown(28)),
        text.fit_size(note_text, body.w, line_h * 0.75, text.grown(28)),
    )
    text.draw(surface, goal_text, size, pal.TEXT, goal.midleft, align="midleft")
    text.draw(surface, note_text, size, pal.TEXT_DIM, note.midleft, align="midleft")
    top, bottom = goal.bottom, note.y
    block_h = (bottom - top) / len(examples)
    caption_w = round(body.w * 0.42)
    caption_px = min(
        text.fit_wrapped(c, caption_w - 12, block_h * 0.8, text.grown(26))[0] for _, _, c, _ in examples
    )
    for i, (secret, guess, caption, grade) in enumerate(examples):
        y = round(top + i * block_h)
        block = pygame.Rect(body.x, y, body.w, round(block_h))
        if i % 2 == 0:
            pygame.draw.rect(surface, pal.BUTTON_DISABLED, block.inflate(8, -4), border_radius=6)
        title, _, detail = caption.partition("\n")
        inked = [(line, pal.TEXT) for line in text.wrap(title, caption_px, caption_w - 12)]
        inked += [(line, pal.TEXT_DIM) for line in text.wrap(detail, caption_px, caption_w - 12)]
        line_px = text.font(caption_px).get_linesize()
        y0 = block.centery - line_px * len(inked) / 2
        for k, (line, ink) in enumerate(inked):
            text.draw(surface, line, caption_px, ink, (block.x + 6, y0 + k * line_px), align="topleft")
        pegs_box = pygame.Rect(block.x + caption_w, block.y, block.w - caption_w, block.h)
        draw_example(surface, art, pegs_box.inflate(0, -round(block.h * 0.12)), secret, guess, grade)


def draw_grid(surface: pygame.Surface, art: Art, body: pygame.Rect, colour_names: Sequence[str]) -> None:
    """The grid puzzle's rules, then a worked example graded by the core's score_grid()."""
    text = art.text
    feedback = score_grid(HELP_GUESS, HELP_SECRET, *HELP_SHAPE)
    rules_box = pygame.Rect(body.x, body.y, body.w, round(body.h * 0.36))
    caption_box = pygame.Rect(body.x, body.bottom - round(body.h * 0.2), body.w, round(body.h * 0.2))
    draw_paragraphs(surface, art, HELP_RULES, rules_box)
    example = pygame.Rect(body.x, rules_box.bottom, body.w, caption_box.y - rules_box.bottom)
    pygame.draw.rect(surface, pal.BUTTON_DISABLED, example.inflate(8, -4), border_radius=6)
    draw_grid_example(surface, example.inflate(0, -12), art.pegs, text, art.colours, art.symbols, feedback)
    caption = help_caption(tuple(colour_names), feedback)
    size, lines = text.fit_paragraphs(caption, caption_box.w, caption_box.h, text.grown(24))
    for line, y in lines:
        text.draw(surface, line, size, pal.TEXT_DIM, (caption_box.x, caption_box.y + y), align="topleft")


def draw_example(
    surface: pygame.Surface, art: Art, box: pygame.Rect, secret: Code, guess: Code, grade: Grade | None = None
) -> None:
    """Secret and guess as pegs, with the guess's grade (default: the colour game's score()) drawn as
    key pegs beside it: blacks (bulls) first, then whites (cows); Word marks also a mark under each
    letter, as the board draws them."""
    text = art.text
    line_h = box.h / 2
    label_w = min(box.w // 4, 110)
    d = max(8, min(round(line_h * 0.82), int((box.w - label_w) / ((len(guess) + 2.4) * 1.1))))
    grade = score(guess, secret) if grade is None else grade
    blacks, whites = (
        (grade.black, grade.white) if isinstance(grade, Marks) else (int(grade[0]), int(grade[1]))
    )
    label_px = min(text.fit_size(w, label_w - 6, line_h * 0.5, text.grown(22)) for w in ("Secret", "Guess"))
    for line, (label, code) in enumerate((("Secret", secret), ("Guess", guess))):
        y = box.y + line * line_h
        text.draw(surface, label, label_px, pal.TEXT_DIM, (box.x, y + line_h / 2), align="midleft")
        for i, colour in enumerate(code):
            peg = art.pegs.peg(art.colours[colour], colour, d, art.symbols)
            surface.blit(peg, (box.x + label_w + round(i * d * 1.1), round(y + (line_h - d) / 2)))
            if line == 1 and isinstance(grade, Marks):  # a mark over the tile's lower edge (board.mark_rect)
                mark = mark_image(art.pegs, grade[i], max(4, round(d * 0.3)))
                centre = (box.x + label_w + round(i * d * 1.1) + d // 2, round(y + (line_h + d) / 2))
                surface.blit(mark, mark.get_rect(center=centre))
        if line == 1:
            kd = max(6, round(d * 0.42))
            across = max(2, -(-len(code) // 2))  # two lines of pegs, as the board's rows have them
            x0 = box.x + label_w + round(len(code) * d * 1.1) + d // 3
            area = pygame.Rect(x0, round(y + (line_h - d) / 2), round(kd * (1.45 + 1.15 * (across - 1))), d)
            pygame.draw.rect(surface, pal.GRADE_AREA, area, border_radius=4)
            for k in range(len(code)):
                centre = (
                    area.x + kd * 0.75 + (k % across) * kd * 1.15,
                    area.y + d * 0.3 + (k // across) * d * 0.42,
                )
                if k < blacks + whites:
                    key = art.pegs.key(k < blacks, kd)
                else:
                    key = art.pegs.hole(max(2, round(kd * 0.55)), pal.GRADE_HOLE)
                surface.blit(key, key.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_keys(
    surface: pygame.Surface,
    art: Art,
    body: pygame.Rect,
    intro: str,
    columns: Sequence[Sequence[Section]],
    drag: tuple[str, ...],
) -> None:
    """Key tables: an intro line, then columns of sections (heading, key caps, the pad's glyphs for
    the same, what each does). A row whose keys are `drag` draws a peg, an arrow and a hole instead
    of caps."""
    text = art.text
    top = body.y
    if intro:
        size, lines = text.fit_wrapped(intro, body.w, body.h * 0.14, text.grown(26))
        line_px = text.font(size).get_linesize()
        for k, line in enumerate(lines):
            text.draw(surface, line, size, pal.TEXT_DIM, (body.x, top + k * line_px), align="topleft")
        top += line_px * len(lines) + line_px // 2
    gap = max(12, body.w // 30)
    col_w = (body.w - gap * (len(columns) - 1)) / len(columns)
    lines_needed = max(sum(len(rows) + HEADING_LINES for _, rows in column) for column in columns)
    line_h = min((body.bottom - top) / lines_needed, MAX_KEY_LINE_PX)
    floor = text.floor()
    floor_h = text.font(floor).get_height()
    least_cap_h = max(MIN_LINE_PX - 4, floor_h + 4)  # a cap holds readable text
    cap_h = max(least_cap_h, round(line_h * 0.8))
    widest = [
        max(text.size(action, floor)[0] for _, rows in column for _, action, _ in rows) for column in columns
    ]

    def caps_fit(cap_h: int, cap_px: int) -> bool:
        """Every column's widest caps and widest action side by side, the action at the floor."""
        return all(
            max(_row_width(art, keys, (), drag, cap_h, cap_px) for _, rows in column for keys, _, _ in rows)
            + widest[c]
            <= col_w - 8 + gap - 4
            for c, column in enumerate(columns)
        )

    def cap_size(cap_h: int) -> int:
        return text.fit_size("Ctrl+Z", 999, max(cap_h * 0.62, floor_h), text.grown(26))

    # tall lines (a portrait window) would grow the caps past what a column has room for beside its
    # words: the caps shrink first (down to a readable cap), the words keep their size
    cap_px = cap_size(cap_h)
    while cap_h > least_cap_h and not caps_fit(cap_h, cap_px):
        cap_h -= 1
        cap_px = cap_size(cap_h)
    while cap_px > floor and not caps_fit(cap_h, cap_px):
        cap_px -= 1
    plans = []  # per column: (pad glyphs shown, the caps' width)
    for column in columns:
        pads_shown = True
        for pads_shown in (True, False):  # the pad's glyphs only where every action still fits beside them
            widest_caps = max(
                _row_width(art, keys, pads if pads_shown else (), drag, cap_h, cap_px)
                for _, rows in column
                for keys, _, pads in rows
            )
            caps_w = min(widest_caps, round(col_w * 0.55))
            room = col_w - caps_w - 8 + gap - 4
            # caps and glyphs wider than their share would run into the words beside them
            if pads_shown and widest_caps > caps_w:
                continue
            if all(text.size(action, floor)[0] <= room for _, rows in column for _, action, _ in rows):
                break
        plans.append((pads_shown, caps_w))
    action_h = max(line_h * 0.62, floor_h)
    # one size for every action on the page: the largest at which each fits its column
    action_px = min(
        text.fit_size(action, col_w - caps_w - 8 + gap - 4, action_h, text.grown(26))
        for column, (_, caps_w) in zip(columns, plans, strict=True)
        for _, rows in column
        for _, action, _ in rows
    )
    for c, column in enumerate(columns):
        x = round(body.x + c * (col_w + gap))
        pads_shown, caps_w = plans[c]
        y = float(top)
        for title, rows in column:
            box = pygame.Rect(x, round(y), round(col_w), round(line_h * HEADING_LINES))
            text.draw_in(
                surface,
                title,
                box.inflate(0, -round(line_h * 0.35)),
                pal.SELECTION,
                text.grown(30),
                "midleft",
            )
            y += line_h * HEADING_LINES
            for keys, action, pads in rows:
                if not keys and not (pads and pads_shown):
                    continue  # a pad's own action (the hint) with its glyphs left out
                mid = round(y + line_h / 2)
                _draw_caps(surface, art, keys, drag, (x, mid), cap_h, cap_px)
                if pads and pads_shown:  # the pad's glyphs right after the keys that do the same
                    glyphs_x = x + _caps_width(art, keys, drag, cap_h, cap_px) + (PAD_GAP_PX if keys else 0)
                    draw_glyphs(surface, text, pads, (glyphs_x, mid), cap_h)
                text.draw(surface, action, action_px, pal.TEXT, (x + caps_w + 10, mid), align="midleft")
                y += line_h


def _row_width(
    art: Art, keys: tuple[str, ...], pads: tuple[str, ...], drag: tuple[str, ...], cap_h: int, cap_px: int
) -> int:
    """A row's key caps and pad glyphs together."""
    glyphs = glyphs_width(art.text, pads, cap_h)
    gap = PAD_GAP_PX if keys and pads else 0
    return _caps_width(art, keys, drag, cap_h, cap_px) + gap + glyphs


def _caps_width(art: Art, keys: tuple[str, ...], drag: tuple[str, ...], cap_h: int, cap_px: int) -> int:
    if not keys:
        return 0
    if keys == drag:
        return round(cap_h * 3.2)
    text = art.text
    return sum(text.size(k, cap_px)[0] + round(cap_h * 0.5) for k in keys) + CAP_GAP_PX * (len(keys) - 1)


def _draw_caps(
    surface: pygame.Surface,
    art: Art,
    keys: tuple[str, ...],
    drag: tuple[str, ...],
    midleft: tuple[int, int],
    cap_h: int,
    cap_px: int,
) -> None:
    """Key caps side by side from `midleft`; `drag` draws a peg, an arrow and an empty hole."""
    x, mid = midleft
    if keys == drag:
        peg = art.pegs.peg(art.colours[2], 2, cap_h, art.symbols)
        surface.blit(peg, peg.get_rect(midleft=(x, mid)))
        start, end = x + cap_h + 4, x + round(cap_h * 2.1)
        pygame.draw.line(surface, pal.TEXT, (start, mid), (end, mid), 2)
        pygame.draw.polygon(surface, pal.TEXT, [(end + 6, mid), (end - 2, mid - 5), (end - 2, mid + 5)])
        hole = art.pegs.hole(cap_h)
        surface.blit(hole, hole.get_rect(midleft=(end + 8, mid)))
        return
    text = art.text
    for k in keys:
        w = text.size(k, cap_px)[0] + round(cap_h * 0.5)
        cap = pygame.Rect(x, mid - cap_h // 2, w, cap_h)
        pygame.draw.rect(surface, pal.BUTTON, cap, border_radius=max(3, cap_h // 5))
        pygame.draw.rect(surface, pal.BOARD_EDGE, cap, width=1, border_radius=max(3, cap_h // 5))
        text.draw(surface, k, cap_px, pal.TEXT, cap.center)
        x += w + CAP_GAP_PX
