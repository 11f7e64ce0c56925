"""The title's preset cards at 640x480: their tiny boards show one row at pegs large enough to tell
apart (two rows only where the card is tall enough for both at that size), drawn through the real app."""

from __future__ import annotations

import pytest

from game.ui import menu_view
from tests.screens.driver import make_app


def peg_sizes(monkeypatch, size) -> list[int]:
    drawn: list[int] = []
    real = menu_view.draw_mini_board

    def spy(*args, **kwargs):
        drawn.append(real(*args, **kwargs) or 0)
        return drawn[-1]

    monkeypatch.setattr(menu_view, "draw_mini_board", spy)
    app = make_app(size=size)
    app.draw()
    menu = app.state
    shown = [i for i in menu.layout().shown() if i in menu.plan.presets]
    assert len(drawn) == len(shown) > 0  # a tiny board on each preset card the page shows
    return drawn


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_title_mini_boards__pegs_at_least_the_one_row_floor(monkeypatch, size) -> None:
    sizes = peg_sizes(monkeypatch, size)
    assert min(sizes) >= round(menu_view.MINI_ONE_ROW_BELOW_PX * 0.86)
