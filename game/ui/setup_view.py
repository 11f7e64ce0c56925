"""How the Custom game setup screen is drawn: a function of (layout, choices, art), like the other views.

Drawing only reads the choices (game/play/custom.py's CustomChoices, held by game/modes/classic/setup.py)
and the keyboard focus; geometry comes from SetupLayout only. Each row is a label (the focused one
lit, a row the shape fixes dimmed) and its control: segments for the shape and the turns rule,
steppers with a strip of sample pegs (a grid's holes for its cells) for pegs and colours, a toggle
with a word on what it means for repeated colours. Under them the turns line (the number of codes,
and the grid's rules for a grid), or why the game is not offered (wrapped, never cut), then Back and
Start (disabled while the game is not offered).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

import pygame

from game.core.config import MAX_COLOURS, MAX_PEGS, MIN_COLOURS, MIN_PEGS, legal_codes
from game.play.custom import DIFFICULTIES, SHAPES, CustomChoices
from game.ui import looks, theme
from game.ui import palette as pal
from game.ui.board import Art, draw_top_bar
from game.ui.layout_screens import SEGMENTS_A_LINE, SetupLayout
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button, draw_card, draw_stepper, draw_toggle

ROW_LABELS = MappingProxyType(
    {
        "shape": "Board",
        "pegs": "Pegs in the code",
        "colours": "Colours",
        "duplicates": "Colours may repeat",
        "difficulty": "Turns",
    }
)
TURNS_WORDS = MappingProxyType(  # the turns rule in plain words, under the segments' names
    {
        "relaxed": "pegs + colours + 2",
        "classic": "pegs + colours",
        "tight": "fewer: pegs + half the colours + 1",
    }
)
TITLE = "Custom game"


def draw(
    surface: pygame.Surface,
    layout: SetupLayout,
    choices: CustomChoices,
    focus: int,
    mouse: tuple[int, int],
    art: Art,
) -> None:
    """The whole screen: top bar, a row per choice (row `focus` has the keys), the turns line or the
    reason the game is not offered, and the buttons; `mouse` lights what is under the pointer.
    A game of digits or letters shows them as its tiles."""
    symbols = choices.variant.symbols
    with looks.using(looks.current().for_symbols(symbols)):
        _draw(surface, layout, choices, focus, mouse, replace(art, colours=pal.palette()) if symbols else art)


def _draw(
    surface: pygame.Surface,
    layout: SetupLayout,
    choices: CustomChoices,
    focus: int,
    mouse: tuple[int, int],
    art: Art,
) -> None:
    text = art.text
    surface.fill(pal.BACKGROUND)
    draw_top_bar(surface, layout, text, TITLE, mouse)
    draw_card(surface, layout.card)
    words_of = {
        name: "Cells" if name == "pegs" and choices.variant.fixed_pegs else ROW_LABELS[name]
        for name in SetupLayout.ROWS
    }
    label_px = min(
        text.fit_size(words_of[n], layout.labels[n].w - 12, layout.labels[n].h * 0.62, text.grown(36))
        for n in SetupLayout.ROWS
    )
    for i, name in enumerate(SetupLayout.ROWS):
        label = layout.labels[name]
        colour = pal.SELECTION if i == focus else pal.TEXT
        if not choices.row_enabled(name):
            colour = pal.TEXT_DIM
        text.draw(surface, words_of[name], label_px, colour, label.midleft, align="midleft")
        if name == "shape":
            segments = layout.segments(name, len(SHAPES))
            labels = _shape_labels(text, segments)
            _draw_segments(surface, text, segments, labels, SHAPES.index(choices.shape), mouse)
        elif name in ("pegs", "colours"):
            _draw_stepper_row(surface, layout, choices, name, mouse, art)
        elif name == "duplicates":
            _draw_duplicates(surface, layout, text, choices, mouse)
        else:
            labels = [difficulty.value.title() for difficulty in DIFFICULTIES]
            segments = layout.segments(name, len(DIFFICULTIES))
            _draw_segments(surface, text, segments, labels, DIFFICULTIES.index(choices.difficulty), mouse)
    config = choices.config()
    problem = choices.problem()
    if config is not None and layout.preview.w > 0:
        draw_board_preview(surface, layout.preview, config, art)
    if config is not None:
        variant = config.variant
        rule = TURNS_WORDS.get(config.difficulty.value, "").replace("pegs", variant.places_word)
        line = variant.describe(f"{config.turns} turns · {legal_codes(config):,} possible codes")
        turns = layout.turns_rect
        _draw_wrapped(surface, text, line, turns, text.grown(30), pal.TEXT, turns.centerx, "midtop")
        if variant.symbols:  # Bulls and Cows and the word games have turn rules of their own
            rule = f"{config.turns}, by {variant.shape_name}' own rule"
        if not problem:  # the rule in plain words under it
            words = f"{config.difficulty.value.title()} turns: {rule}"
            box = layout.message_rect
            _draw_wrapped(surface, text, words, box, text.grown(26), pal.TEXT_DIM, box.centerx, "midtop")
    if problem:  # GameConfig's sentences can be long: wrapped, never cut
        box = layout.message_rect.union(layout.turns_rect)
        _draw_wrapped(surface, text, problem, box, text.grown(26), pal.TEXT_WARN, box.centerx, "midtop")
    for name, rect in layout.buttons.items():
        draw_button(
            surface,
            text,
            rect,
            "Start" if name == "start" else "Back",
            primary=name == "start",
            enabled=name != "start" or config is not None,
            hot=rect.collidepoint(mouse),
        )


# The Shape segments' shortest labels, for a window too narrow for "Bulls & Cows", "Words" and "Marks"
SHORT_SHAPE_LABELS = MappingProxyType({"bulls-and-cows": "0-9", "words": "Abc", "word-marks": "Ab+"})


def _shape_labels(text: TextRenderer, segments: Sequence[pygame.Rect]) -> list[str]:
    """The shapes' segment labels, or their short forms where one would not fit at a readable size."""
    labels = [shape.segment_label for shape in SHAPES]
    fits = all(  # at the readable floor, within the button's sides
        text.size(words, text.floor())[0] <= rect.w - 8 for words, rect in zip(labels, segments, strict=True)
    )
    return labels if fits else [SHORT_SHAPE_LABELS.get(shape.name, shape.segment_label) for shape in SHAPES]


def _draw_segments(
    surface: pygame.Surface,
    text: TextRenderer,
    segments: Sequence[pygame.Rect],
    labels: Sequence[str],
    chosen: int,
    mouse: tuple[int, int],
) -> None:
    """One button per option, the chosen one lit, all labels at one size (the largest every one fits)."""
    # a segment in one of two lines is half as tall: its label may take more of its height
    high = 0.7 if len(segments) > SEGMENTS_A_LINE else 0.5
    label_px = min(text.fit_size(w, r.w - 8, r.h * high) for w, r in zip(labels, segments, strict=True))
    for index, (words, rect) in enumerate(zip(labels, segments, strict=True)):
        lit = index == chosen
        draw_button(surface, text, rect, "", primary=lit, hot=rect.collidepoint(mouse))
        # the chosen one is lit with the accent: its label wears the accent's ink, as a primary button's
        text.draw(surface, words, label_px, pal.TEXT_ON_ACCENT if lit else pal.TEXT, rect.center)


def _draw_stepper_row(
    surface: pygame.Surface,
    layout: SetupLayout,
    choices: CustomChoices,
    name: str,
    mouse: tuple[int, int],
    art: Art,
) -> None:
    """[-] value [+] for the pegs (a grid's cells, fixed) or the colours, then the sample pegs."""
    parts = layout.stepper_parts(name)
    value = choices.cells if name == "pegs" else choices.variant.fixed_colours or choices.colours
    low, high = (MIN_PEGS, MAX_PEGS) if name == "pegs" else (MIN_COLOURS, MAX_COLOURS)
    enabled = choices.row_enabled(name)
    hot = "minus" if parts[0].collidepoint(mouse) else "plus" if parts[2].collidepoint(mouse) else None
    draw_stepper(surface, art.text, parts, str(value), enabled and value > low, enabled and value < high, hot)
    _draw_sample(surface, layout, choices, name, parts[2], art)


def _draw_duplicates(
    surface: pygame.Surface,
    layout: SetupLayout,
    text: TextRenderer,
    choices: CustomChoices,
    mouse: tuple[int, int],
) -> None:
    """The repeats toggle and, beside it, what it means (a variant's own rule where it fixes it)."""
    variant = choices.variant
    fixed = variant.fixed_duplicates
    on = choices.duplicates if fixed is None else fixed
    control = layout.controls["duplicates"]
    toggle = pygame.Rect(control.x, control.y, round(control.h * 2.2), control.h)
    draw_toggle(surface, text, toggle, on, hot=fixed is None and toggle.collidepoint(mouse))
    what = variant.places_word.rstrip("s") if variant.symbols else "colour"
    note = f"a {what} may appear more than once" if on else f"every {what} at most once"
    note_box = pygame.Rect(toggle.right + 12, control.y, control.right - toggle.right - 12, control.h)
    _draw_wrapped(surface, text, note, note_box, control.h // 2, pal.TEXT_DIM, note_box.x, "topleft")


def _draw_wrapped(
    surface: pygame.Surface,
    text: TextRenderer,
    words: str,
    box: pygame.Rect,
    largest: int,
    colour: pal.RGB,
    x: int,
    align: str,
) -> None:
    """`words` wrapped to fit `box`, the lines centred in its height, each drawn at `x` by `align`."""
    size, lines = text.fit_wrapped(words, box.w, box.h, largest)
    line_h = text.font(size).get_linesize()
    top = box.centery - line_h * len(lines) / 2
    for k, line in enumerate(lines):
        text.draw(surface, line, size, colour, (x, top + k * line_h), align=align)


def _draw_sample(
    surface: pygame.Surface,
    layout: SetupLayout,
    choices: CustomChoices,
    name: str,
    after: pygame.Rect,
    art: Art,
) -> None:
    """A row of sample pegs beside the pegs/colours stepper (a code of several lines, a grid's, as
    its holes, rows x columns), so the choice is visible."""
    control = layout.controls[name]
    area = pygame.Rect(after.right + 12, control.y, control.right - after.right - 12, control.h)
    rows, cols = choices.variant.shape
    if name == "pegs" and rows > 1:
        d = max(4, min(round(area.h / rows * 0.9), round(area.w / cols * 0.9)))
        hole = art.pegs.hole(d)
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            surface.blit(hole, (area.x + c * d, area.centery - rows * d // 2 + r * d))
        return
    symbols = choices.variant.symbols
    count = choices.cells if name == "pegs" else len(art.colours) if symbols else choices.colours
    d = min(round(area.h * 0.8), int(area.w / (count * 1.1)) if count else 0)
    if d < (12 if symbols else 6):  # a tile too small to read its letter says nothing
        return
    for i in range(count):
        colour = i if name == "colours" else None
        x = area.x + round(i * d * 1.1)
        if colour is None:
            hole = art.pegs.hole(d)
            surface.blit(hole, (x, area.centery - d // 2))
        else:
            surface.blit(
                art.pegs.peg(art.colours[colour], colour, d, art.symbols), (x, area.centery - d // 2)
            )


def draw_board_preview(surface: pygame.Surface, box: pygame.Rect, config, art: Art) -> None:
    """The board this game will be played on, small: its turns as rows of holes (a grid's as small
    grids), each with its grading holes, and its colours as a strip of pegs under the board."""
    rows, cols = config.variant.shape
    grade_cols = -(-config.pegs // max(2, rows))
    columns = 1 if config.turns * rows <= 14 else 2
    per_column = -(-config.turns // columns)
    across_u = columns * (cols + 0.4 + grade_cols * 0.5 + 0.5) + 0.4
    down_u = per_column * (rows + 0.25) + 0.6
    strip_u = 1.4
    unit = max(3.0, min(box.w / across_u, (box.h * 0.97) / (down_u + strip_u)))
    board = pygame.Rect(0, 0, round(across_u * unit), round(down_u * unit))
    board.midtop = (box.centerx, round(box.y + (box.h - (down_u + strip_u) * unit) / 2))
    theme.draw_slab_shadow(surface, board, max(3, round(unit * 0.3)))
    theme.draw_slab(surface, board, max(3, round(unit * 0.3)))
    hole = art.pegs.hole(max(2, round(unit * 0.62)))
    key = art.pegs.hole(max(2, round(unit * 0.3)), pal.GRADE_HOLE)
    for turn in range(config.turns):
        column, index = divmod(turn, per_column)
        x0 = board.x + unit * (0.4 + column * (cols + 0.4 + grade_cols * 0.5 + 0.5))
        y0 = board.y + unit * (0.3 + index * (rows + 0.25))
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            surface.blit(
                hole, hole.get_rect(center=(round(x0 + (c + 0.5) * unit), round(y0 + (r + 0.5) * unit)))
            )
        for k in range(config.pegs):
            line, col = divmod(k, grade_cols)
            lines = max(2, rows)
            x = x0 + (cols + 0.4 + (col + 0.5) * 0.5) * unit
            y = y0 + (rows / 2 + (line - (lines - 1) / 2) * 0.45) * unit
            surface.blit(key, key.get_rect(center=(round(x), round(y))))
    d = max(4, min(round(unit * 0.9), round(box.w / (config.colours * 1.15))))
    left = box.centerx - (config.colours - 1) * d * 1.15 / 2
    y = board.bottom + round(unit * 0.8)
    for colour in range(config.colours):
        peg = art.pegs.peg(art.colours[colour], colour, d, art.symbols)
        surface.blit(peg, peg.get_rect(center=(round(left + colour * d * 1.15), y)))
