"""Portrait and very wide windows, through the real app: the title's utility buttons and every page of
the help keep their words inside their boxes and apart.

A tall window gives the help's key tables tall lines, which once grew the key caps until the words
beside them ran past their column; a narrow card once pushed its last tab out of the card; a narrow
title put the utility buttons' labels on top of their icons. Each page is reached as a player
reaches it (H on the title, Tab to the next page), drawn with a renderer that notes any text that
does not fit the box it was fitted to even at the smallest size (tests/screens/test_render.py's).
"""

from __future__ import annotations

import pygame
import pytest

from game.screens.base import Push, go
from game.screens.help import PAGES, HelpOverlay
from game.screens.menu import MenuState
from game.ui import menu_view
from tests.screens.driver import DrawnText, font_spy, make_app, press_key, settle
from tests.screens.test_render import CheckingText

SHAPES = [(700, 900), (640, 960), (1500, 500), (640, 480)]


def ids(size) -> str:
    return f"{size[0]}x{size[1]}"


def drawn_by(app, overlay) -> list[DrawnText]:
    """Every text the overlay alone draws in one frame (the screen under it left out)."""
    drawn: list[DrawnText] = []
    real_draw = app.text.draw

    def spy(surface, line, size_px, colour, anchor, align="center", fine=False, role=""):
        rect = real_draw(surface, line, size_px, colour, anchor, align, fine, role)
        if line.strip():
            drawn.append(DrawnText(line, int(size_px), fine, role, rect.copy()))
        return rect

    app.text.draw = spy
    app.text.misfits.clear()  # what the screen under it noted
    try:
        overlay.draw(app.surface)
    finally:
        del app.text.draw
    return drawn


def overlapping(drawn) -> list[tuple[str, str]]:
    """Pairs of texts drawn on top of each other (a pixel's touch forgiven)."""
    rects = [(d.text, d.rect.inflate(-2, -2)) for d in drawn]
    return [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1 :] if ra.colliderect(rb)]


@pytest.mark.parametrize("size", SHAPES, ids=ids)
@pytest.mark.parametrize("screen", ["playing", "solving", "handgrade"])
def test_window_shapes__every_help_page_fits_its_card(size, screen):
    app = make_app(size=size)
    app.text = CheckingText()
    settle(app, 0.2)
    assert isinstance(app.state, MenuState)
    if screen == "playing":
        press_key(app, pygame.K_h)  # the title's help: every key table
    else:  # the computer's screens open their own Controls page
        app.apply(Push(go("help", screen=screen)))
    help_overlay = app.state
    assert isinstance(help_overlay, HelpOverlay)
    card = help_overlay.layout().card
    tabs = list(help_overlay.layout().tabs.values())
    inset = tabs[0].x - card.x  # the row of tabs keeps the card's margin on its right as on its left
    assert tabs[-1].right <= card.right - inset + 2, f"the last tab runs to the card's edge at {size}"
    for _ in PAGES:
        drawn = drawn_by(app, help_overlay)
        page = PAGES[help_overlay.page]
        assert not app.text.misfits, f"{page} at {size}: {app.text.misfits}"
        outside = [d.text for d in drawn if not card.contains(d.rect)]
        assert not outside, f"{page} at {size}: drawn outside the card: {outside}"
        assert not overlapping(drawn), f"{page} at {size}: {overlapping(drawn)}"
        press_key(app, pygame.K_TAB)


@pytest.mark.parametrize("size", SHAPES + [(1280, 800)], ids=ids)
def test_window_shapes__utility_labels_stay_clear_of_their_icons(size, monkeypatch):
    app = make_app(size=size)
    settle(app, 0.2)
    menu = app.state
    assert isinstance(menu, MenuState)
    icons: list[pygame.Rect] = []
    real_icon = menu_view.draw_icon

    def spy(surface, name, rect, colour):
        icons.append(rect.copy())
        return real_icon(surface, name, rect, colour)

    monkeypatch.setattr(menu_view, "draw_icon", spy)
    drawn = font_spy(app)
    layout = menu.layout()
    utilities = [
        (entry.label, layout.entries[i]) for i, entry in enumerate(menu.entries) if entry.group == "Utility"
    ]
    assert len(utilities) == 5 and len(icons) == 5
    for label, button in utilities:
        words = next(d.rect for d in drawn if d.text == label and button.contains(d.rect.clamp(button)))
        icon = next(rect for rect in icons if button.contains(rect))
        inside = button.inflate(-8, -8)
        assert inside.contains(words), f"{label} at {size}: {words} runs to the edge of {button}"
        assert not words.inflate(4, 4).colliderect(icon), f"{label} at {size}: its words touch its icon"
