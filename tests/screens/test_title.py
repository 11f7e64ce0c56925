"""The title screen through the real app: every entry the registry brings has a place a player can
click (a new group or entry too, without touching the menu), at most about eight choices a page,
the presets' bests and TODAY's state read through the store, kept games first and focused, one
focus moved by arrows in their direction, by Tab, by the mouse, and Esc going back a page."""

from __future__ import annotations

import datetime as dt
import itertools

import pygame
import pytest

from game.app import App
from game.core.config import preset
from game.core.records import GameEnd, GameResult
from game.modes.base import MenuEntry
from game.modes.classic.setup import SetupState
from game.modes.deduce.screens import DeduceState
from game.screens.base import go, to_menu
from game.screens.confirm import ConfirmOverlay
from game.screens.help import HelpOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.settings import SettingsState
from game.screens.title_plan import NAV_BACK, NAV_MORE, default_entries
from game.store import Store
from tests.screens.driver import (
    choose_entry,
    click,
    kept_lines,
    key,
    make_app,
    motion,
    post,
    press_key,
    text_spy,
)
from tests.screens.test_daily import play_to_the_end, release_apps  # noqa: F401  (an autouse fixture)

SIZES = ((640, 480), (1280, 800), (1920, 1080))
MAX_CHOICES = 9  # "at most about eight" a page, the row of utilities and a page's Back aside
NOW = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)


def store_app(tmp_path, size=(1280, 800), **kwargs) -> App:
    app = App(size=size, seed=4, store=Store(tmp_path), now=lambda: NOW, **kwargs)
    pygame.event.clear()
    return app


def label_of(menu: MenuState) -> str:
    return menu.entries[menu.focus].label


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title__every_entry_has_one_place_on_a_page_and_no_page_is_crowded(size):
    app = make_app(size=size)
    menu = app.state
    placed: dict[int, str] = {}
    for page in menu.plan.pages():
        menu.open_page(page)
        layout = menu.layout()
        shown = layout.shown()
        aside = set(menu.plan.utilities) | {menu.plan.back}
        assert len([i for i in shown if i not in aside]) <= MAX_CHOICES, page
        rects = [layout.entries[i] for i in shown]
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b)
        for i in shown:
            assert app.surface.get_rect().contains(layout.entries[i])
            placed.setdefault(i, page)
    assert set(placed) == set(range(len(menu.entries)))
    registry = {entry.label for entry in default_entries()}
    assert registry <= {entry.label for entry in menu.entries}
    top = {menu.entries[i].label for i, page in placed.items() if page == "top"}
    assert {"Easy", "Classic", "Super", "Expert", "Daily code", "Blitz", "Help", "Settings"} <= top
    assert {"Deduce", "Duel", "Two players", "Watch the computer"}.isdisjoint(top)  # one level down


def test_title__a_group_or_entry_a_new_mode_brings_finds_its_place_by_itself():
    weekly = MenuEntry("Puzzle of the week", "one code a week", go("help"), "Weekly")
    replay = MenuEntry("Replay a game", "any game played before", go("setup"), "Play")
    app = make_app(size=(1280, 800), start=MenuState(entries=default_entries() + [weekly, replay]))
    menu = app.state
    labels = [entry.label for entry in menu.entries]
    assert menu.layout().entries[labels.index("Replay a game")] is not None  # a bar under the presets
    more = menu.entries[menu.plan.nav_more]
    assert "Weekly" in more.detail and "Puzzles" in more.detail
    assert ("more", "Weekly", (labels.index("Puzzle of the week"),)) in menu.plan.groups
    choose_entry(app, "Puzzle of the week")
    assert isinstance(app.state, HelpOverlay)


def test_title__a_player_reaches_a_mode_one_level_down_and_esc_comes_back_to_its_tile():
    app = make_app(size=(1024, 720))
    choose_entry(app, "Deduce")
    assert isinstance(app.state, DeduceState)
    press_key(app, pygame.K_ESCAPE)  # Deduce's Back: the menu, Deduce focused on its page
    menu = app.state
    assert isinstance(menu, MenuState) and menu.page == "more" and label_of(menu) == "Deduce"
    press_key(app, pygame.K_ESCAPE)
    assert menu.page == "top" and label_of(menu) == NAV_MORE
    press_key(app, pygame.K_ESCAPE)  # the top page quits
    assert not app.running


def test_title__focus_given_by_label_opens_the_page_that_holds_it():
    app = make_app(start=to_menu(focus="Watch the computer").state)
    menu = app.state
    assert menu.page == "more" and label_of(menu) == "Watch the computer"
    back = menu.layout().entries[[e.label for e in menu.entries].index(NAV_BACK)]
    click(app, back.center)
    assert menu.page == "top"


def test_title__arrows_move_the_focus_in_their_direction_and_the_mouse_moves_the_same_focus():
    app = make_app(size=(1280, 800))
    menu = app.state
    assert label_of(menu) == "Classic"
    press_key(app, pygame.K_LEFT)
    assert label_of(menu) == "Easy"
    press_key(app, pygame.K_LEFT)  # the edge: it stays
    assert label_of(menu) == "Easy"
    press_key(app, pygame.K_DOWN)
    assert label_of(menu) == "Custom game"
    press_key(app, pygame.K_DOWN)
    assert label_of(menu) == "Daily code"
    press_key(app, pygame.K_RIGHT)
    assert label_of(menu) == "Blitz"
    press_key(app, pygame.K_DOWN)
    below = menu.layout().entries[menu.focus]
    assert menu.entries[menu.focus].group == "Utility" and below.y > menu.layout().entries[0].y
    press_key(app, pygame.K_UP)
    assert label_of(menu) in ("Daily code", "Blitz")
    expert = menu.layout().entries[[e.label for e in menu.entries].index("Expert")]
    post(app, motion(expert.center, (0, 0, 0)))
    assert label_of(menu) == "Expert"
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState) and app.state.config == preset("Expert").config()


def test_title__utilities_open_from_their_icon_buttons():
    app = make_app(size=(640, 480))
    choose_entry(app, "Settings")
    assert isinstance(app.state, SettingsState)
    press_key(app, pygame.K_ESCAPE)
    choose_entry(app, "Custom game")
    assert isinstance(app.state, SetupState)


def test_title__cards_show_the_bests_and_todays_state_read_through_the_store(tmp_path):
    store = Store(tmp_path)
    store.record(GameResult(preset("Super").config(), GameEnd.WON, 6, 120.0))
    best = store.load_stats()["Super"].best_score
    app = store_app(tmp_path, settings={"reduced_motion": True})  # the menu drawn afresh each frame
    shown = text_spy(app)
    app.draw()
    assert f"Best {best:,}" in shown and "No best yet" in shown  # Super's best; Expert never won
    assert "Classic: not played" in shown and "Super: not played" in shown
    assert "Next codes in 12 h 00 min" in shown and "No run yet" in shown
    del app.text.draw
    choose_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))  # Daily Classic
    guesses = play_to_the_end(app)
    while not isinstance(app.state, MenuState):
        post(app, key(pygame.K_ESCAPE))
    shown = text_spy(app)
    app.draw()
    assert f"Classic: cracked in {len(guesses)}" in shown


def test_title__kept_games_come_first_focused_and_delete_asks_before_forgetting(tmp_path):
    app = store_app(tmp_path)
    for name in ("Classic", "Super", "Expert"):  # three games left with a row each
        app.apply(go("play", config=preset(name).config()))
        type_keys = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
        for k in type_keys[: preset(name).config().pegs]:
            press_key(app, k)
        press_key(app, pygame.K_RETURN)
        app.apply(to_menu())
    menu = app.state
    assert len(kept_lines(app)) == 3
    assert menu.entries[menu.focus].group == "Resume"  # the first kept game has the focus
    assert menu.plan.nav_kept is not None  # more than two: the first, and a tile to all of them
    assert sum(1 for i in menu.plan.resume if menu.layout().entries[i] is not None) == 1
    choose_entry(app, kept_lines(app)[2])  # one on the page of kept games
    assert isinstance(app.state, PlayingState)
    app.apply(to_menu())
    menu = app.state
    press_key(app, pygame.K_DELETE)
    assert isinstance(app.state, ConfirmOverlay)
    post(app, key(pygame.K_y))
    assert len(kept_lines(app)) == 2 and app.state.plan.nav_kept is None
