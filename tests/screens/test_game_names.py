"""The digits game has one name wherever a player meets it, through the real app: Bulls and Cows, or
Bulls & Cows on a narrow button (Custom's Board row, the Daily archive, the Statistics tab); "digits"
names its symbols only, and the digits and word games together are "Numbers and words". Each
labelled button does what its label says (a click on Bulls & Cows picks that game), and the
statistics it shows are the ones kept under the game's stored key."""

from __future__ import annotations

import pygame
import pytest

from game.core.variants.bullscows import BullsAndCowsVariant
from game.modes.classic.setup import SetupState
from game.modes.daily.archive import ArchiveState
from game.modes.deduce.screens import DeduceState
from game.screens.base import Push, go
from game.screens.menu import MenuState
from game.screens.stats import StatsState
from game.ui.layout import centre
from tests.screens.driver import DrawnText, click, font_spy, make_app, press_key, settle
from tests.screens.test_menu_setup import entry_index

NAMES = {"Bulls and Cows", "Bulls & Cows"}
NOT_NAMES = {"Digits", "Digits and words"}  # once the game's and the group's names here and there
SIZES = [(640, 480), (1280, 800)]


def labelled(drawn: list[DrawnText], words: str) -> pygame.Rect:
    hits = [d.rect for d in drawn if d.text == words]
    assert len(hits) == 1, f"{words!r} drawn {len(hits)} times"
    return hits[0]


def assert_named(drawn: list[DrawnText]) -> None:
    texts = {d.text for d in drawn}
    assert texts & NAMES, "the game is not named"
    assert not texts & NOT_NAMES, texts & NOT_NAMES


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_names__customs_board_row_says_bulls_and_cows_and_a_click_on_it_picks_it(size):
    app = make_app(size=size, start=MenuState())
    click(app, centre(app.state.layout().entries[entry_index(app.state, "Custom game")]))
    setup = app.state
    assert isinstance(setup, SetupState)
    drawn = font_spy(app)
    texts = {d.text for d in drawn}
    assert not texts & NOT_NAMES, texts & NOT_NAMES
    if "Bulls & Cows" in texts:  # else the narrowest windows' symbols, "0-9"
        click(app, labelled(drawn, "Bulls & Cows").center)
    else:
        click(app, labelled(drawn, "0-9").center)
    assert setup.shape == BullsAndCowsVariant()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_names__the_daily_archive_names_it_and_its_button_picks_it(size):
    app = make_app(size=size, start=go("daily_archive"))
    archive = app.state
    assert isinstance(archive, ArchiveState)
    drawn = font_spy(app)
    assert_named(drawn)
    click(app, labelled(drawn, "Bulls & Cows").center)
    assert archive.preset == "Bulls and Cows"
    inside = [d for d in font_spy(app) if d.text == "Bulls & Cows"]
    assert archive.layout().choices[2].contains(inside[0].rect)  # its button holds its whole name


def test_game_names__deduce_calls_its_second_page_numbers_and_words():
    app = make_app(size=(1280, 800), start=DeduceState())
    settle(app, 0.2)
    tabs = {d.text for d in font_spy(app)}
    assert {"Colours", "Numbers and words"} <= tabs and not tabs & NOT_NAMES
    press_key(app, pygame.K_PAGEDOWN)  # the second page: Bulls and Cows by its name
    assert_named(font_spy(app))


def test_game_names__the_statistics_tab_shows_what_is_kept_under_the_games_key():
    app = make_app(size=(1280, 800), start=MenuState())
    app.apply(Push(StatsState()))
    stats = app.state
    drawn = font_spy(app)
    assert_named(drawn)
    click(app, labelled(drawn, "Bulls & Cows").center)
    assert stats.key == BullsAndCowsVariant.bucket == "Bulls and Cows"  # the stored key, as ever
