"""Drawing the board while the computer plays: rows so far, the guess being placed peg by peg, the
grade popping in. Shared by the solving state and the menu's attract demo, so both look the same.

Drawing only reads the ComputerRun (game/ui/computer.py) and the layout; reduced motion drops the
peg fall and the grade pop, never the information.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.board import BoardView, draw_grade_pegs, draw_palette
from game.ui.computer import GRADE_PEG_S, SPEED_SCALE, ComputerRun, Phase
from game.ui.layout import PlayLayout
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer
from game.ui.tween import ease_out_back, ease_out_cubic

DROP_HEIGHT_U = 0.35  # a guess peg falls into its slot from this far above (in slot units)


def draw_computer_board(
    surface: pygame.Surface,
    layout: PlayLayout,
    view: BoardView,
    run: ComputerRun,
    pegs: PegArt,
    text: TextRenderer,
    colours: Sequence,
    symbols: bool,
    *,
    reduced_motion: bool = False,
    show_secret: bool = False,
) -> None:
    """The palette (disabled), the board, the guess being placed and the grade being shown."""
    draw_palette(surface, layout, pegs, text, colours, symbols, enabled=False)
    active = len(run.game.rows) if not run.game.over else None
    view.draw(
        surface,
        layout,
        run.game,
        pegs,
        text,
        colours,
        symbols,
        graded_rows=run.shown_rows,
        show_secret=show_secret,
        active_row=active,
    )
    if run.phase is Phase.PLACING and run.guess is not None:
        _draw_placing(surface, layout, run, pegs, colours, symbols, reduced_motion)
    elif active is not None:
        _draw_holes(surface, layout, pegs, active, 0)
    if run.phase is Phase.GRADING:
        _draw_grading(surface, layout, run, pegs, reduced_motion)


def _draw_placing(surface, layout: PlayLayout, run: ComputerRun, pegs: PegArt, colours, symbols, reduced):
    row = len(run.game.rows)
    d = layout.peg_diameter()
    shown = run.placed_pegs
    _draw_holes(surface, layout, pegs, row, shown - 1)
    for col in range(shown):
        colour = run.guess[col]
        centre = layout.slot_rect(row, col).center
        if col == shown - 1:
            fall = 0.0 if reduced else 1.0 - ease_out_cubic(run.place_fraction)
            centre = (centre[0], round(centre[1] - fall * DROP_HEIGHT_U * layout.unit))
        peg = pegs.peg(colours[colour], colour, d, symbols)
        surface.blit(peg, peg.get_rect(center=centre))


def _draw_holes(surface, layout: PlayLayout, pegs: PegArt, row: int, first: int) -> None:
    """Empty holes in the active row from slot `first` on (the board leaves that row bare)."""
    hole = pegs.hole(round(layout.peg_diameter() * 0.5))
    for col in range(max(0, first), layout.pegs):
        surface.blit(hole, hole.get_rect(center=layout.slot_rect(row, col).center))


def _draw_grading(surface, layout: PlayLayout, run: ComputerRun, pegs: PegArt, reduced: bool) -> None:
    row = len(run.game.rows) - 1
    fb = run.game.rows[-1].feedback
    draw_grade_pegs(surface, layout, row, None, pegs)
    kd = layout.grade_peg_rect(row, 0).w
    shown = run.shown_grade_pegs
    duration = GRADE_PEG_S * SPEED_SCALE[run.speed]
    last_t = (run.phase_s / duration) % 1.0 if duration > 0 else 1.0
    for i in range(shown):
        image = pegs.key(i < fb.black, kd)
        if i == shown - 1 and last_t < 1.0 and not reduced:
            # the popping peg: the cached image scaled, not a new image per size
            side = max(2, round(kd * ease_out_back(last_t)))
            image = pygame.transform.smoothscale(image, (side, side))
        surface.blit(image, image.get_rect(center=layout.grade_peg_rect(row, i).center))
