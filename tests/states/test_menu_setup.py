"""Menu and setup through real events: arrows and mouse both work, presets start the right game,
setup steppers change the turn limit live and refuse a combination the game does not offer."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig, turn_limit
from game.states.help import HelpOverlay, example_text
from game.states.menu import MenuState
from game.states.playing import PlayingState
from game.states.setup import SetupState
from game.ui.layout import MenuLayout, SetupLayout, centre
from tests.states.driver import click, make_app, press_key


def entry_index(menu: MenuState, label: str) -> int:
    return [e.label for e in menu.entries].index(label)


def test_menu__arrow_keys_and_enter_start_the_focused_preset():
    app = make_app(start=MenuState())
    menu = app.state
    target = entry_index(menu, "Super")
    for _ in range(target):
        press_key(app, pygame.K_DOWN)
    assert menu.focus == target
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)
    assert app.state.config == GameConfig(5, 8)


def test_menu__mouse_click_on_custom_opens_setup_and_up_wraps_around():
    app = make_app(start=MenuState())
    menu = app.state
    press_key(app, pygame.K_UP)
    assert menu.focus == len(menu.entries) - 1
    layout = MenuLayout(app.size, len(menu.entries))
    click(app, centre(layout.entries[entry_index(menu, "Custom game")]))
    assert isinstance(app.state, SetupState)


def test_menu__every_preset_entry_shows_pegs_colours_and_turns():
    menu = MenuState()
    details = {e.label: e.detail for e in menu.entries}
    assert details["Classic"] == "4 × 6 · 10 turns"
    assert details["Expert"] == f"6 × 9 · {turn_limit(6, 9, 'tight')} turns"


def test_setup__steppers_change_turns_live_and_start_that_game():
    app = make_app(start=SetupState())
    setup = app.state
    layout = SetupLayout(app.size)
    _, _, plus = layout.stepper_parts("pegs")
    click(app, centre(plus))
    minus, _, _ = layout.stepper_parts("colours")
    click(app, centre(minus))
    assert (setup.pegs, setup.colours) == (5, 5)
    assert setup.config().turns == 10
    click(app, centre(layout.segments("difficulty", 3)[0]))  # Relaxed
    assert setup.config().turns == 12
    click(app, centre(layout.buttons["start"]))
    assert isinstance(app.state, PlayingState)
    assert app.state.config == GameConfig(5, 5, difficulty="relaxed")


def test_setup__no_duplicates_with_too_few_colours_disables_start_with_a_reason():
    app = make_app(start=SetupState(GameConfig(6, 5)))
    setup = app.state
    layout = SetupLayout(app.size)
    click(app, centre(layout.controls["duplicates"].move(5, 0)))
    assert setup.duplicates is False
    assert setup.config() is None and "at least 6 colours" in setup.problem()
    click(app, centre(layout.buttons["start"]))
    assert app.state is setup
    assert setup.focus == 2  # the clicked row has the keyboard focus
    press_key(app, pygame.K_UP)  # to colours
    press_key(app, pygame.K_RIGHT)
    assert setup.config() == GameConfig(6, 6, duplicates=False)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)


def test_setup__steppers_stop_at_the_limits():
    app = make_app(start=SetupState(GameConfig(8, 10)))
    setup = app.state
    for _ in range(3):
        press_key(app, pygame.K_RIGHT)
    assert setup.pegs == 10
    for _ in range(10):
        press_key(app, pygame.K_LEFT)
    assert setup.pegs == 2


def test_help__pages_switch_and_the_example_grade_comes_from_score():
    app = make_app(start=MenuState())
    press_key(app, pygame.K_h)
    assert isinstance(app.state, HelpOverlay) and app.state.page == 0
    press_key(app, pygame.K_RIGHT)
    assert app.state.page == 1
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    assert "2 black, 1 white" in example_text()
