"""The title's preset cards at 640x480: their tiny boards show one row at pegs large enough to tell
apart (two rows only where the card is tall enough for both at that size), drawn through the real app."""

from __future__ import annotations

import pytest

from game.ui import menu_view
from game.ui.looks import THEME_NAMES, THEMES
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


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("theme", THEME_NAMES)
def test_title_mini_boards__grades_stand_on_the_grading_panel(size, theme) -> None:
    """Each preset card's tiny board grades on the light panel the real board grades on: its black
    pegs show in a dark theme."""
    app = make_app(size=size, settings={"theme": theme, "reduced_motion": True})
    menu = app.state
    app.draw()
    panel = THEMES[theme].grade_area
    for index in menu.plan.presets:
        card = menu.layout().entries[index]
        seen = {
            tuple(app.surface.get_at((x, y)))[:3]
            for x in range(card.left, card.right)
            for y in range(card.top, card.bottom, 2)
        }
        assert panel in seen, menu.entries[index].label
