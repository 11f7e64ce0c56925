"""The one drag model: a peg held by the pointer, and what it can be let go on.

Every screen that moves pegs by hand uses it: the breaker run (game/play/breaker.py: palette, the
row being built, played rows) and the codemaker's secret entry (game/screens/codemaker.py: palette
and the secret row). A press starts a Drag; pointer motion moves it; it counts as a drag, not a
click, once it has gone DRAG_THRESHOLD_PX from where it started (and stays one). Targets are play's
own values (PaletteColour, BoardSlot, OffSlot): a state maps its layout's hits onto them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

DRAG_THRESHOLD_PX = 6  # a press that moves less than this is a click, not a drag


class DragSource(StrEnum):
    PALETTE = "palette"
    DRAFT = "draft"  # a peg of the row being set (moving it, or off the board to remove it)
    PLAYED = "played"  # a peg of a submitted row (copied)


@dataclass
class Drag:
    """A peg held by the pointer. `col` is the slot of the row being set it came from (DRAFT only)."""

    colour: int
    source: DragSource
    start: tuple[int, int]
    pos: tuple[int, int]
    col: int | None = None
    moved: bool = False

    @classmethod
    def lift(cls, colour: int, source: DragSource, pos: tuple[int, int], col: int | None = None) -> Drag:
        """A peg picked up at `pos` (not yet moved)."""
        return cls(colour, DragSource(source), pos, pos, col)

    def move_to(self, pos: tuple[int, int]) -> None:
        """The pointer moved: follow it; far enough from the start, this is a drag."""
        self.pos = pos
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        if dx * dx + dy * dy >= DRAG_THRESHOLD_PX**2:
            self.moved = True

    @property
    def from_slot(self) -> int | None:
        """The slot of the row being set that the peg left (a move or a removal), else None."""
        return self.col if self.source is DragSource.DRAFT else None


@dataclass(frozen=True)
class PaletteColour:
    colour: int


@dataclass(frozen=True)
class BoardSlot:
    row: int
    col: int


@dataclass(frozen=True)
class OffSlot:
    """On the board but not on a slot: a dragged draft peg let go here stays."""


Target = PaletteColour | BoardSlot | OffSlot | None
