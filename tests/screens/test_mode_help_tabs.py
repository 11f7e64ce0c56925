"""A mode's own help opens under a tab named after the mode, not "Controls": from the menu, into the
mode's first screen, its Help clicked, as a player does."""

from __future__ import annotations

import pygame
import pytest

from game.screens.help import HelpOverlay
from tests.screens.driver import choose_entry, click, drawn_lines, make_app, press_key, text_rects


@pytest.mark.parametrize(
    ("entry", "tab", "keys"),
    [
        ("Daily code", "Daily", "\r"),  # the day's first code played
        ("Blitz", "Blitz", ""),
        ("Duel", "Duel", "\r"),  # its setup first: Enter starts with what it offers
        # the setup, the hand-over, a random code made, the hand-over to the breaker
        ("Two players", "Two players", "\r\rr\r\r"),
    ],
)
def test_mode_help__opens_under_the_modes_own_tab(entry, tab, keys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    app = make_app()
    choose_entry(app, entry)
    for char in keys:
        press_key(app, pygame.K_RETURN if char == "\r" else ord(char))
    screen = app.state
    where = text_rects(app)
    app.draw()
    del app.text.draw
    click(app, where["Help"][0].center)  # the top bar's Help
    help_screen = app.state
    assert isinstance(help_screen, HelpOverlay), type(screen).__name__
    assert help_screen.tabs[help_screen.page] == tab  # the lit tab is the page shown
    words = drawn_lines(app)
    assert tab in words and "Controls" not in words
    press_key(app, pygame.K_ESCAPE)
    assert app.state is screen
