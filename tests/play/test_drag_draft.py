"""The one drag model (game/play/drag.py) and the row being built (game/play/draft.py), without pygame."""

from __future__ import annotations

import random

from game.play.draft import DRAFT_UNDO_DEPTH, DraftRow
from game.play.drag import DRAG_THRESHOLD_PX, Drag, DragSource


def test_drag__is_a_click_until_it_goes_the_threshold_then_stays_a_drag() -> None:
    drag = Drag.lift(3, DragSource.PALETTE, (100, 100))
    drag.move_to((100 + DRAG_THRESHOLD_PX - 1, 100))
    assert not drag.moved and drag.pos == (100 + DRAG_THRESHOLD_PX - 1, 100)
    drag.move_to((100, 100 + DRAG_THRESHOLD_PX))
    assert drag.moved
    drag.move_to((100, 100))  # back where it started: still a drag, not a click
    assert drag.moved and drag.pos == (100, 100)


def test_drag__from_slot_names_the_row_slot_only_for_a_draft_peg() -> None:
    assert Drag.lift(1, DragSource.DRAFT, (0, 0), 2).from_slot == 2
    assert Drag.lift(1, DragSource.PALETTE, (0, 0)).from_slot is None
    assert Drag.lift(1, DragSource.PLAYED, (0, 0)).from_slot is None


def test_draft_row__undo_walks_back_every_change_in_order() -> None:
    rng = random.Random(5)
    row = DraftRow(4)
    seen = [(tuple(row.cells), row.cursor)]
    for _ in range(30):
        col, colour = rng.randrange(4), rng.choice([None, 0, 1, 2])

        def change(col=col, colour=colour) -> None:
            row.cells[col] = colour

        row.cursor = col
        if row.edit(change):
            seen.append((tuple(row.cells), row.cursor))
    # an edit that changes nothing is not remembered, so undo never takes a step that shows no change
    assert len(row.undo_stack) == len(seen) - 1
    while row.undo():
        seen.pop()
        assert tuple(row.cells) == seen[-1][0]
    assert row.cells == [None] * 4 and len(seen) == 1


def test_draft_row__keeps_at_most_its_undo_depth_and_reset_forgets_it() -> None:
    row = DraftRow(2)
    for i in range(DRAFT_UNDO_DEPTH + 25):
        row.edit(lambda i=i: row.cells.__setitem__(0, i % 2 if row.cells[0] != i % 2 else 1 - i % 2))
    assert len(row.undo_stack) == DRAFT_UNDO_DEPTH
    row.reset()
    assert row.cells == [None, None] and row.cursor == 0 and not row.undo()


def test_draft_row__next_empty_wraps_and_stays_in_the_row() -> None:
    row = DraftRow(4, [0, None, 1, None])
    assert row.next_empty(0) == 1 and row.next_empty(1) == 3 and row.next_empty(3) == 1
    full = DraftRow(3, [0, 1, 2])
    assert full.next_empty(0) == 1 and full.next_empty(2) == 2
