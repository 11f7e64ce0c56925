"""DraftRow: the row being built and its undo, without pygame.

Invariants: `cells` has `pegs` entries, each None or a colour; `cursor` is a valid column; every
edit that changes the cells pushes the cells and cursor it replaced (at most DRAFT_UNDO_DEPTH kept,
the oldest dropped first), so undo walks back one change at a time; a submitted row starts a new
DraftRow state with reset() (a submitted row is never undone). Checking colours against the rules is
the caller's (the breaker run's submit); this only keeps the cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.play.record import Draft

DRAFT_UNDO_DEPTH = 200  # steps of the row being built that Undo can take back; older ones are dropped


class DraftRow:
    """The cells of the row being built, the cursor, and the undo stack of earlier cells."""

    def __init__(self, pegs: int, cells: Sequence[int | None] = ()) -> None:
        self.pegs = pegs
        self.cells: list[int | None] = list(cells) if cells else [None] * pegs
        self.cursor = 0
        self.undo_stack: list[tuple[Draft, int]] = []

    def edit(self, change: Callable[[], None]) -> bool:
        """Run `change` on the cells; remember what it replaced when it changed something."""
        before, cursor = tuple(self.cells), self.cursor
        change()
        if tuple(self.cells) == before:
            return False
        self.remember(before, cursor)
        return True

    def remember(self, cells: Draft, cursor: int) -> None:
        self.undo_stack.append((cells, cursor))
        del self.undo_stack[:-DRAFT_UNDO_DEPTH]

    def undo(self) -> bool:
        """Back to the cells before the last change; False when there is none."""
        if not self.undo_stack:
            return False
        cells, self.cursor = self.undo_stack.pop()
        self.cells = list(cells)
        return True

    def reset(self) -> None:
        """Empty cells, cursor home, nothing to undo (after a row is handed in)."""
        self.cells = [None] * self.pegs
        self.undo_stack.clear()
        self.cursor = 0

    @property
    def full(self) -> bool:
        return None not in self.cells

    @property
    def started(self) -> bool:
        return any(peg is not None for peg in self.cells)

    def next_empty(self, after: int) -> int:
        """The first empty slot after `after` (wrapping); the next slot when the row is full."""
        pegs = self.pegs
        for step in range(1, pegs + 1):
            col = (after + step) % pegs
            if self.cells[col] is None:
                return col
        return min(after + 1, pegs - 1)
