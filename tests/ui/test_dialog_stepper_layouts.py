"""Overlay cards (game/ui/layout_dialogs.py) and the one stepper geometry (layout.stepper_rects)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.layout import stepper_rects
from game.ui.layout_dialogs import AnalysisLayout, ConfirmLayout, HintLayout

SIZES = ((640, 480), (1024, 720), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("size", SIZES)
def test_confirm_and_hint_layouts__everything_inside_the_card_and_nothing_overlaps(size) -> None:
    window = pygame.Rect((0, 0), size)
    confirm = ConfirmLayout(size)
    assert window.contains(confirm.card) and confirm.card.contains(confirm.question)
    no, yes = confirm.buttons["no"], confirm.buttons["yes"]
    assert confirm.card.contains(no) and confirm.card.contains(yes) and no.right <= yes.x
    assert confirm.question.bottom <= min(no.y, yes.y)
    assert confirm.hit_button(yes.center) == "yes" and confirm.hit_button(confirm.question.center) is None
    for names in (("close", "count", "show"), ("close", "show"), ("close", "use")):
        hint = HintLayout(size, names)
        assert tuple(hint.buttons) == names and all(hint.card.contains(r) for r in hint.buttons.values())
        assert hint.text_area.bottom <= hint.guess_row.y
        assert hint.guess_row.bottom <= min(r.y for r in hint.buttons.values())
        assert [hint.hit_button(r.center) for r in hint.buttons.values()] == list(names)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rows", (1, 6, 16))
def test_analysis_layout__card_fits_the_window_and_cells_tile_each_line(size, rows) -> None:
    layout = AnalysisLayout(size, rows, lambda width: 60)
    assert pygame.Rect((0, 0), size).contains(layout.card) and layout.card.contains(layout.close)
    assert layout.title.bottom <= layout.table.y <= layout.table.bottom <= layout.footer.y
    assert layout.footer.bottom <= layout.close.y
    shares = (("a", 0.25), ("b", 0.5), ("c", 0.25))
    for line in (0, rows):
        cells = layout.cells(shares, line, layout.row_h)
        assert cells["a"].x == layout.table.x and abs(cells["c"].right - layout.table.right) <= 1
        assert cells["a"].right <= cells["b"].x + 1 and cells["b"].right <= cells["c"].x + 1
        assert cells["b"].y == layout.table.y + line * layout.row_h


def test_stepper_rects__square_buttons_round_a_value_that_never_leaves_the_control() -> None:
    for control in (pygame.Rect(10, 20, 300, 40), pygame.Rect(0, 0, 90, 40), pygame.Rect(5, 5, 200, 24)):
        for value_w in (0, 30, control.h * 2, 10_000):
            minus, value, plus = stepper_rects(control, value_w)
            assert minus.size == plus.size == (control.h, control.h)
            assert minus.topleft == control.topleft and minus.right == value.x and value.right == plus.x
            assert control.contains(plus) and value.w == max(0, min(value_w, control.w - 2 * control.h))
