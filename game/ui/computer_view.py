"""Drawing the board while the computer plays: rows so far, the guess being placed peg by peg, the
grade popping in. Shared by the solving state and the menu's attract demo, so both look the same.

Drawing only reads the ComputerRun (game/play/computer.py) and the layout; the run says how far a
peg has fallen or a grading peg has popped (reduced motion is read there, game/play/timeline.py).
Given a shield's progress, the secret (a row or a whole grid) sits under the one shield the player's
game uses (juice.draw_shield) and is drawn beneath it once the shield starts to open.
"""

from __future__ import annotations

import pygame

from game.core.facts import ColourCount
from game.play.computer import ComputerRun, Phase
from game.ui.board import Art, BoardView, draw_board_screen, draw_grade_pop, track_pop
from game.ui.juice import draw_shield
from game.ui.layout import PlayLayout
from game.ui.pegs import PegArt

DROP_HEIGHT_U = 0.35  # a guess peg falls into its slot from this far above (in slot units)


def draw_computer_board(
    surface: pygame.Surface,
    layout: PlayLayout,
    view: BoardView,
    run: ComputerRun,
    art: Art,
    *,
    title: str,
    mouse: tuple[int, int] | None = None,
    show_secret: bool = False,
    shield: float | None = None,
    known: tuple[ColourCount | None, ...] | None = None,
) -> None:
    """The screen around the board (top bar, disabled palette), the board, the guess being placed
    and the grade being shown. `shield`: how far the secret's shield has opened (0 closed, 1 gone;
    None: no shield, the secret's cells are covered one by one). `known`: what every code still
    possible holds of each colour (game.core.facts.colour_counts_known), shown on the palette in
    place of the keys, which pick nothing here (known_labels); None: the keys."""
    pegs, colours, symbols = art.pegs, art.colours, art.symbols
    active = len(run.game.rows) if not run.game.over else None
    show_secret = show_secret or (shield is not None and shield > 0.0)
    draw_board_screen(
        surface,
        layout,
        art,
        view,
        run.game,
        title=title,
        mouse=mouse,
        palette=False,
        graded_rows=run.shown_rows,
        show_secret=show_secret,
        active_row=active,
        palette_labels=None if known is None else known_labels(known),
        struck=frozenset() if known is None else frozenset(c for c, k in enumerate(known) if k and k.absent),
    )
    if run.phase is Phase.PLACING and run.guess is not None:
        _draw_placing(surface, layout, run, pegs, colours, symbols)
    elif active is not None:
        _draw_holes(surface, layout, pegs, active, 0)
    if run.grading_row is not None:
        row = run.grading_row
        draw_grade_pop(surface, layout, row, run.game.rows[row].feedback, track_pop(run.grade_track), pegs)
    if shield is not None and shield < 1.0:
        draw_shield(surface, layout.secret_cover_rect(), shield)


def known_labels(known: tuple[ColourCount | None, ...]) -> tuple[str, ...]:
    """Beside each colour: "×2" (exactly two in the code), "1+" (at least one); nothing beside a
    colour not known yet (a keyboard of 26 letters with a "?" on each reads as noise) nor beside one
    in none of the codes (it is struck through)."""
    return tuple("" if k is None or k.absent else f"×{k.count}" if k.exact else f"{k.count}+" for k in known)


def _draw_placing(surface, layout: PlayLayout, run: ComputerRun, pegs: PegArt, colours, symbols):
    row = len(run.game.rows)
    d = layout.peg_diameter()
    shown = run.placed_pegs
    _draw_holes(surface, layout, pegs, row, shown - 1)
    for col in range(shown):
        colour = run.guess[col]
        centre = layout.slot_rect(row, col).center
        if col == shown - 1:
            centre = (centre[0], round(centre[1] - run.drop_fraction * DROP_HEIGHT_U * layout.unit))
        peg = pegs.peg(colours[colour], colour, d, symbols)
        surface.blit(peg, peg.get_rect(center=centre))


def _draw_holes(surface, layout: PlayLayout, pegs: PegArt, row: int, first: int) -> None:
    """Empty holes in the active row from slot `first` on (the board leaves that row bare)."""
    hole = pegs.hole(layout.hole_diameter())
    for col in range(max(0, first), layout.pegs):
        surface.blit(hole, hole.get_rect(center=layout.slot_rect(row, col).center))
