"""BreakerIntents: a player's hands on the row being built, the input half of a BreakerRun.

The pointer (press, motion, release: one drag model for palette, draft and played pegs; a press that
moves less than DRAG_THRESHOLD_PX is a click), right_click (on a palette colour: rule it out or back
in), rule_out (the X key: the chosen colour, else the one under the cursor), the keys (type_colour,
move_cursor, cycle_colour, backspace, delete, clear_row), for a focus moved by keys or a pad choose
(a palette colour) and use_slot (place the chosen colour at the cursor, or pick up the peg there),
deselect and undo; and the edits they share (_place, _clear, _drop), each with its peg's motion.

This stands apart from the run's game (game/play/breaker.py: what views read, submit with its
reasons, hints, the finish, time): these change only the row being built, the chosen colour, the
drag and the colours ruled out, never a row played, and change when the hands' gestures do.
BreakerIntents is the base BreakerRun is built on, not a run of its own: it names what it reads of
the run below.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.config import GameConfig
from game.core.state import GameState
from game.play.cues import Cue, CueQueue
from game.play.draft import DraftRow
from game.play.drag import BoardSlot, Drag, DragSource, OffSlot, PaletteColour, Target
from game.play.record import Draft, GameRecord
from game.play.timeline import Timeline, ease_out_back, linear

PEG_SNAP_S = 0.14  # a placed peg grows into its slot with a little overshoot
DROP_SNAP_S = 0.22  # a dragged peg let go flies the rest of the way into its slot and overshoots
LIFT_S = 0.12  # a picked-up peg grows to its lifted size


class BreakerIntents:
    """The row being built, edited by pointer, keys and pad (see the module docstring); BreakerRun's base."""

    record: GameRecord
    row: DraftRow
    selected: int | None
    drag: Drag | None
    message: str
    timeline: Timeline
    drop_from: dict[int, tuple[int, int]]
    cues: CueQueue
    # and, of the run: game and config (RecordRun), active_row, ruled_out and can_undo (BreakerRun)
    game: GameState
    config: GameConfig
    active_row: int | None
    ruled_out: frozenset[int]
    can_undo: bool

    # --- the row being built (kept by self.row) ---------------------------------------------------
    @property
    def draft(self) -> list[int | None]:
        return self.row.cells

    @draft.setter
    def draft(self, cells: list[int | None]) -> None:
        self.row.cells = list(cells)

    @property
    def cursor(self) -> int:
        return self.row.cursor

    @cursor.setter
    def cursor(self, col: int) -> None:
        self.row.cursor = col

    @property
    def draft_undo(self) -> list[tuple[Draft, int]]:
        return self.row.undo_stack

    # --- pointer --------------------------------------------------------------------------------
    def press(self, target: Target, pos: tuple[int, int]) -> None:
        """The left button went down on `target`."""
        if self._blocked():
            return
        self.drag = None
        row = self.active_row
        if isinstance(target, PaletteColour):
            self.drag = Drag.lift(target.colour, DragSource.PALETTE, pos)
            self.cues.add(Cue.PICK)
            self.timeline.move("lift", LIFT_S)
        elif isinstance(target, BoardSlot) and target.row == row:
            self.cursor = target.col
            colour = self.draft[target.col]
            if colour is not None:
                self.drag = Drag.lift(colour, DragSource.DRAFT, pos, target.col)
                self.cues.add(Cue.PICK)
                self.timeline.move("lift", LIFT_S)
            elif self.selected is not None:
                self._edit(lambda: self._place(target.col, self.selected))
        elif isinstance(target, BoardSlot) and target.row < len(self.game.rows):
            colour = self.game.rows[target.row].guess[target.col]
            self.drag = Drag.lift(colour, DragSource.PLAYED, pos)
            self.cues.add(Cue.PICK)
            self.timeline.move("lift", LIFT_S)

    def motion(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.move_to(pos)

    def release(self, target: Target, pos: tuple[int, int]) -> None:
        """The left button came up over `target`: a drop, or the end of a click."""
        drag, self.drag = self.drag, None
        if drag is None or self._blocked():
            return
        drag.pos = pos
        if not drag.moved:
            if drag.source is DragSource.PALETTE and self.config.variant.symbols:
                self.type_colour(drag.colour)  # the palette is a keyboard of digits or letters
            elif drag.source is DragSource.PALETTE:
                self.selected = None if self.selected == drag.colour else drag.colour
            elif drag.source is DragSource.PLAYED:
                self.selected = drag.colour
            elif self.selected is not None and drag.col is not None:
                self._edit(lambda: self._place(drag.col, self.selected))
            return
        if isinstance(target, BoardSlot) and target.row == self.active_row:
            self._edit(lambda: self._drop(drag, target.col))
        elif (
            drag.source is DragSource.DRAFT
            and drag.col is not None
            and not isinstance(target, BoardSlot | OffSlot)
        ):
            self._edit(lambda: self._clear(drag.col))  # dragged off the board: removed

    def cancel_drag(self) -> None:
        """An overlay took the pointer: a drag begun before it is over."""
        self.drag = None

    def right_click(self, target: Target) -> None:
        if self._blocked():
            return
        if isinstance(target, BoardSlot) and target.row == self.active_row:
            self._edit(lambda: self._clear(target.col))
            self.cursor = target.col
        elif isinstance(target, PaletteColour):
            self.toggle_ruled_out(target.colour)
        else:
            self.selected = None

    def toggle_ruled_out(self, colour: int) -> None:
        """Mark `colour` as ruled out, or back in when it was."""
        if self._blocked() or not 0 <= colour < self.config.colours:
            return
        out = colour not in self.ruled_out
        self.record = self.record.with_ruled_out(colour, out)
        self.cues.add(Cue.CLEAR if out else Cue.PLACE)

    def rule_out(self) -> bool:
        """The X key: rule out (or back in) the chosen colour, else the colour under the cursor;
        False when there is neither."""
        colour = self.selected if self.selected is not None else self.draft[self.cursor]
        if colour is None or self._blocked():
            return False
        self.toggle_ruled_out(colour)
        return True

    # --- keys -------------------------------------------------------------------------------------
    def type_colour(self, colour: int) -> None:
        """A colour key: place it under the cursor and move to the next empty slot. A key past the
        game's colours (7 in a game of 6) places nothing and says which keys there are."""
        if self._blocked():
            return
        if not 0 <= colour < self.config.colours:
            count = self.config.colours
            self.message = f"This game has {count} colours: keys 1 to {count % 10}"
            self.cues.add(Cue.ERROR)
            return
        self._edit(lambda: self._place(self.cursor, colour))
        self.cursor = self.row.next_empty(self.cursor)

    def move_cursor(self, delta: int) -> None:
        if not self._blocked():
            self.cursor = (self.cursor + delta) % self.config.pegs

    def cycle_colour(self, step: int) -> None:
        """Up/Down: the next or previous colour in the slot under the cursor."""
        if self._blocked():
            return
        current = self.draft[self.cursor]
        if current is None:
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
        else:
            start = current
        colour = (start + step) % self.config.colours
        self._edit(lambda: self._place(self.cursor, colour))

    def backspace(self) -> None:
        if self._blocked():
            return
        if self.draft[self.cursor] is None and self.cursor > 0:
            self.cursor -= 1
        self._edit(lambda: self._clear(self.cursor))

    def delete(self) -> None:
        if not self._blocked():
            self._edit(lambda: self._clear(self.cursor))

    def clear_row(self) -> None:
        if self._blocked():
            return

        def clear_all() -> None:
            for col in range(self.config.pegs):
                self._clear(col)

        self._edit(clear_all)
        self.cursor = 0

    def choose(self, colour: int) -> None:
        """Choose palette colour `colour` to place (Space or a pad's A on the palette); the cursor
        moves on to the next empty slot when its own is filled, ready to place it there."""
        if self._blocked() or not 0 <= colour < self.config.colours:
            return
        self.selected = colour
        self.cues.add(Cue.PICK)
        if self.draft[self.cursor] is not None and not self.row.full:
            self.cursor = self.row.next_empty(self.cursor)

    def use_slot(self) -> None:
        """Space or a pad's A on the cursor's slot: place the chosen colour there and move on to the
        next empty slot; with no colour chosen, pick up the peg there (it becomes the chosen colour,
        to be placed elsewhere)."""
        if self._blocked():
            return
        colour = self.draft[self.cursor]
        if self.selected is not None:
            self.type_colour(self.selected)
        elif colour is not None:
            self.delete()
            self.choose(colour)

    def deselect(self) -> bool:
        """Escape drops the chosen colour first; True when there was one."""
        if self.selected is None:
            return False
        self.selected = None
        return True

    def undo(self) -> bool:
        """Take back the last change to the row being built; False when there is none."""
        if not self.can_undo or self._blocked():
            return False
        self.row.undo()
        for col in range(self.config.pegs):
            self.timeline.drop(("snap", col))
        self.drop_from.clear()
        self.message = ""
        return True

    # --- inside -----------------------------------------------------------------------------------
    def _blocked(self) -> bool:
        return self.game.over

    def _edit(self, change: Callable[[], None]) -> None:
        """Run `change` on the draft; the row remembers what it replaced when it changed something.
        A message said of the row before (why it was refused) no longer holds once the row changes."""
        if self.row.edit(change):
            self.message = ""

    def _place(self, col: int, colour: int, cue: Cue = Cue.PLACE) -> None:
        self.draft[col] = colour
        self.drop_from.pop(col, None)
        self.timeline.move(("snap", col), PEG_SNAP_S, ease=ease_out_back)
        self.cues.add(cue)

    def _clear(self, col: int) -> None:
        self.drop_from.pop(col, None)
        self.timeline.drop(("snap", col))
        if self.draft[col] is not None:
            self.draft[col] = None
            self.cues.add(Cue.CLEAR)

    def _drop(self, drag: Drag, col: int) -> None:
        previous = self.draft[col]
        if drag.source is DragSource.DRAFT and drag.col is not None and drag.col != col:
            self.draft[drag.col] = previous  # dropping on a filled slot swaps the two pegs
            if previous is not None:
                self.timeline.move(("snap", drag.col), PEG_SNAP_S, ease=ease_out_back)
        self._place(col, drag.colour, Cue.DROP)
        self.drop_from[col] = drag.pos
        self.timeline.move(("snap", col), DROP_SNAP_S, ease=linear)  # the view eases it (overshoot)
        self.cursor = self.row.next_empty(col)  # a colour typed next goes beside it, never over it
