"""Drawing the codemaker screen's pieces: the secret (a row, or a grid of cells on its own framed
little board), the choice rows, the buttons and the held peg. Functions of (layout, what is chosen,
art), like the other views; the state (game/screens/codemaker.py) decides what to draw, these say
how. Geometry comes from MakerLayout only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import pygame

from game.core import strategies
from game.core.config import MAX_COLOURS, MAX_PEGS, MIN_COLOURS, MIN_PEGS
from game.play.drag import Drag
from game.ui import palette as pal
from game.ui.board import top_bar_label_px
from game.ui.layout import Button
from game.ui.maker_layout import Control, MakerLayout
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer
from game.ui.widgets import button_label_px, draw_button, draw_stepper, draw_toggle

ROW_LABELS = MappingProxyType(
    {
        "shape": "Shape",
        "pegs": "Pegs",
        "colours": "Colours",
        "duplicates": "Repeated colours",
        "strategy": "Strategy",
    }
)
GRID_LINE_FRAC = 0.04  # the lines between a grid secret's cells, of a cell
BUTTON_LABELS = MappingProxyType({"back": "Back", "random": "Random code", "start": "Start", "menu": "Menu"})
HELD_PEG_SCALE = 1.1  # a held peg is drawn this much larger than the row's pegs


PLAIN_WORDS = MappingProxyType(  # what each strategy does, for a player who never read the papers
    {
        "lowest": "Plays the lowest code that still fits: steady, never clever",
        "lowest-random-first": "A random first guess, then the lowest code that still fits",
        "random": "Plays any code that still fits, as a careful person does",
        "knuth": "Keeps the worst case as small as it can (Knuth's way)",
        "irving": "Leaves the fewest codes on average (Irving's way)",
        "entropy": "Learns as much as it can from every guess",
        "most-parts": "Splits what is left into the most different grades (Kooi's way)",
        "optimal": "The fewest guesses there are: exact tables where they exist",
    }
)
FITTING = " (guessing only codes that could be the secret)"


def plain_words(strategy: str) -> str | None:
    """A strategy's description in plain words (None: no plain words for it)."""
    base = strategy.removesuffix("-consistent")
    words = PLAIN_WORDS.get(base)
    if words is None:
        return None
    return words + FITTING if strategy.endswith("-consistent") else words


def draw_secret(
    surface: pygame.Surface,
    layout: MakerLayout,
    art: PegArt,
    text: TextRenderer,
    secret: Sequence[int | None],
    colours: Sequence[pal.RGB],
    symbols: bool,
    lifted: int | None,
    target: int | None = None,
    label: str = "Your secret",
) -> None:
    """The label ("Your secret", "Your word") and the secret's slots on a small board; a grid's cells
    are parted by thin lines so it reads as a grid; slot `lifted` (its peg is being dragged) shows a
    hole, slot `target` (a dragged peg would land there) is outlined."""
    if layout.shape is None:
        text.draw_in(surface, label, layout.secret_label, pal.TEXT, text.grown(34))
    else:  # beside the grid, as a choice row's label
        box = layout.secret_label.inflate(-8, -round(layout.secret_label.h * 0.4))
        text.draw_in(surface, label, box, pal.TEXT, text.grown(30), align="midleft")
    d = layout.peg_diameter()
    area = layout.secret_frame_rect()
    radius = max(4, round(layout.unit * 0.25))
    pygame.draw.rect(surface, pal.BOARD, area, border_radius=radius)
    pygame.draw.rect(surface, pal.BOARD_EDGE, area, width=2, border_radius=radius)
    if layout.shape is not None:
        width = max(1, round(layout.unit * GRID_LINE_FRAC))
        cells = layout.secret_area
        for col in range(1, layout.grid_cols):
            x = layout.secret_slot_rect(col).x
            pygame.draw.line(surface, pal.BOARD_EDGE, (x, cells.top + 2), (x, cells.bottom - 3), width)
        for row in range(1, layout.grid_rows):
            y = layout.secret_slot_rect(row * layout.grid_cols).y
            pygame.draw.line(surface, pal.BOARD_EDGE, (cells.left + 2, y), (cells.right - 3, y), width)
    hole = art.hole(layout.slot_diameter())
    for col, colour in enumerate(secret):
        cell = layout.secret_slot_rect(col)
        if col == target:
            outline = cell.inflate(-2, -2)
            pygame.draw.rect(surface, pal.ACTIVE_EDGE, outline, width=2, border_radius=max(3, outline.w // 5))
        if colour is None or col == lifted:
            surface.blit(hole, hole.get_rect(center=cell.center))
        else:
            peg = art.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, peg.get_rect(center=cell.center))


def draw_choices(
    surface: pygame.Surface,
    layout: MakerLayout,
    text: TextRenderer,
    hit,
    pegs: int,
    colours: int,
    duplicates: bool,
    strategy: str,
    shape_names: Sequence[str] = ("Row",),
    shape_index: int = 0,
    fixed: Mapping[str, str] = MappingProxyType({}),
    labels: Mapping[str, str] = MappingProxyType({}),
    pegs_range: tuple[int, int] = (MIN_PEGS, MAX_PEGS),
    plays: str | None = None,
) -> None:
    """The choice rows: the shape, pegs and colours steppers, the repeats toggle, the strategy stepper
    with its description under it. `shape_names` are the Shape stepper's (shape_index the chosen);
    a row in `fixed` shows the value the shape fixes, disabled (a grid's cells, a word's letters, a
    game of digits' symbols), a row in `labels` its own name ("Cells", "Digits", "Letters").
    `plays`, when it is not `strategy`, is what plays this game instead (Optimal with no table for
    it): the description says so."""
    values = {"pegs": pegs, "colours": colours}
    limits = {"pegs": pegs_range, "colours": (MIN_COLOURS, MAX_COLOURS)}
    for name in layout.choices:
        label = labels.get(name, ROW_LABELS[name])
        box = layout.labels[name].inflate(-8, -round(layout.labels[name].h * 0.4))
        text.draw_in(surface, label, box, pal.TEXT, text.grown(30), align="midleft")
        hot = hit.part if isinstance(hit, Control) and hit.name == name else None
        if name == "duplicates":
            if name in fixed:  # the game's own rule: shown, not changed
                draw_button(surface, text, layout.toggle_rect(name), fixed[name], enabled=False)
            else:
                draw_toggle(surface, text, layout.toggle_rect(name), duplicates, hot=hot == "toggle")
        elif name == "strategy":
            info = strategies.get(strategy)
            draw_stepper(surface, text, layout.stepper_parts(name), info.label, True, True, hot)
            words = plain_words(strategy) or info.description
            if plays is not None and plays != strategy:
                words = f"No table for this game: {strategies.get(plays).label} plays instead"
            size, lines = text.fit_wrapped(words, layout.detail_rect.w, layout.detail_rect.h, text.grown(26))
            line_h = text.font(size).get_linesize()
            top = layout.detail_rect.centery - len(lines) * line_h / 2
            for i, line in enumerate(lines):
                text.draw(
                    surface,
                    line,
                    size,
                    pal.TEXT_DIM,
                    (layout.detail_rect.centerx, top + i * line_h),
                    "midtop",
                )
        elif name == "shape":
            parts = layout.stepper_parts(name)
            index, last = shape_index, len(shape_names) - 1
            draw_stepper(surface, text, parts, shape_names[index], index > 0, index < last, hot)
        elif name in fixed:
            draw_stepper(surface, text, layout.stepper_parts(name), fixed[name], False, False)
        else:
            (low, high), value = limits[name], values[name]
            parts = layout.stepper_parts(name)
            draw_stepper(surface, text, parts, str(value), value > low, value < high, hot)


def draw_buttons(
    surface: pygame.Surface,
    layout: MakerLayout,
    text: TextRenderer,
    hit,
    problem: str | None,
    labels: Mapping[str, str] = BUTTON_LABELS,
) -> None:
    """The message line (why Start waits, or that it is ready) and the buttons (Start only when ready;
    `labels` their words: "Random word" in a word game)."""
    message = problem or "Ready: Start or press Enter"
    waiting = problem is not None and problem.startswith(("place", "type"))  # unfinished, not wrong
    colour = pal.TEXT_WARN if problem and not waiting else pal.TEXT_DIM
    message = message[:1].upper() + message[1:]
    box = layout.message_box
    size, lines = text.fit_wrapped(message, box.w, box.h, text.grown(26))
    line_h = text.font(size).get_linesize()
    top = box.centery - len(lines) * line_h / 2
    for i, line in enumerate(lines):
        text.draw(surface, line, size, colour, (box.centerx, round(top + (i + 0.5) * line_h)))
    row = [name for name in layout.buttons if name != "menu"]  # the top bar's Menu is another row
    px = button_label_px(text, [layout.button_rect(n) for n in row], [labels[n] for n in row])
    for name in layout.buttons:
        enabled = problem is None if name == "start" else True
        rect, hot = layout.button_rect(name), hit == Button(name)
        label, primary = labels[name], name == "start"
        shared = px if name in row else top_bar_label_px(layout, text)
        draw_button(surface, text, rect, label, enabled=enabled, hot=hot, primary=primary, label_px=shared)


def draw_held_peg(
    surface: pygame.Surface,
    layout: MakerLayout,
    art: PegArt,
    drag: Drag | None,
    colours: Sequence[pal.RGB],
    symbols: bool,
) -> None:
    """The peg under the pointer while it is dragged (drawn last, over everything)."""
    if drag is not None and drag.moved:
        size = round(layout.peg_diameter() * HELD_PEG_SCALE)
        peg = art.peg(colours[drag.colour], drag.colour, size, symbols)
        surface.blit(peg, peg.get_rect(center=drag.pos))


def draw_explanation(surface: pygame.Surface, layout: MakerLayout, text: TextRenderer, words: str) -> None:
    """What happens in this mode, where the secret would be: wrapped, never shrunk out of reading."""
    box = layout.secret_label.union(layout.secret_area)
    size, lines = text.fit_wrapped(words, box.w, box.h, text.grown(28))
    line_h = text.font(size).get_linesize()
    top = box.centery - len(lines) * line_h / 2
    for i, line in enumerate(lines):
        text.draw(surface, line, size, pal.TEXT_DIM, (box.centerx, top + i * line_h), "midtop")


def draw_focus(surface: pygame.Surface, layout: MakerLayout, row: str | None, slot: int) -> None:
    """The keys' focus: the cursor's `slot` of the secret, or a ring around choice row `row`."""
    if row == "secret":
        cell = layout.secret_slot_rect(slot)
        radius = max(3, cell.w // 6)
        pygame.draw.rect(surface, pal.SELECTION, cell.inflate(-2, -2), width=2, border_radius=radius)
    elif row is not None and row in layout.labels:
        ring = layout.labels[row].union(layout.controls[row]).inflate(12, 4)
        pygame.draw.rect(surface, pal.SELECTION, ring, width=2, border_radius=max(4, ring.h // 4))
