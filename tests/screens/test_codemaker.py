"""The codemaker screen through the real app: set a secret by drag-and-drop, validated, then watch."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.core.state import Outcome
from game.modes.maker.handgrade import HandGradeState
from game.screens.codemaker import CodemakerState, Mode
from game.screens.menu import MenuState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from tests.screens.driver import click, drag, make_app, mouse_down, post, press_key


def run_solve_to_result(app) -> None:
    press_key(app, pygame.K_4)  # instant speed
    for _ in range(3000):
        if not isinstance(app.state, SolvingState):
            return
        app.step([], 1 / 60)


def test_codemaker__drag_and_drop_secret_then_the_computer_breaks_it() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(4, 6))
    app = make_app(start=state)
    layout = state.layout()
    for col, colour in enumerate((5, 0, 3, 3)):
        drag(app, layout.palette_rect(colour).center, layout.secret_slot_rect(col).center)
    assert state.secret == [5, 0, 3, 3] and state.problem() is None
    # move a peg: drag slot 0 onto slot 1 swaps them
    drag(app, layout.secret_slot_rect(0).center, layout.secret_slot_rect(1).center)
    assert state.secret == [0, 5, 3, 3]
    # drag a peg off the row removes it; a click on the colour then the slot puts one back
    drag(app, layout.secret_slot_rect(3).center, (layout.secret_area.centerx, app.size[1] - 5))
    assert state.secret == [0, 5, 3, None] and state.problem().startswith("place 1 more peg")
    click(app, layout.palette_rect(2).center)
    click(app, layout.secret_slot_rect(3).center)
    assert state.secret == [0, 5, 3, 2]
    press_key(app, pygame.K_RETURN)
    solving = app.state
    assert isinstance(solving, SolvingState) and solving.start_game.secret == (0, 5, 3, 2)
    run_solve_to_result(app)
    result = app.state
    assert isinstance(result, ResultState)
    assert result.game.outcome is Outcome.WON and result.game.rows[-1].guess == (0, 5, 3, 2)
    assert result.solved_by()


def test_codemaker__secret_is_validated_against_the_rules() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(4, 6))
    app = make_app(start=state)
    for k in (pygame.K_1, pygame.K_2, pygame.K_2, pygame.K_3):
        press_key(app, k)
    assert state.secret == [0, 1, 1, 2] and state.problem() is None
    click(app, state.layout().toggle_rect("duplicates").center)  # repeated colours: off
    assert not state.duplicates
    assert "does not allow a colour twice" in state.problem()
    press_key(app, pygame.K_RETURN)  # Start is refused
    assert app.state is state
    post(app, mouse_down(state.layout().secret_slot_rect(2).center, button=3))  # right-click empties
    assert state.secret == [0, 1, None, 2]
    press_key(app, pygame.K_6)
    assert state.secret == [0, 1, 5, 2] and state.problem() is None
    # fewer colours than a peg uses: that peg is emptied
    minus = state.layout().stepper_parts("colours")[0]
    click(app, minus.center)
    assert state.colours == 5 and state.secret == [0, 1, None, 2]


def test_codemaker__menu_entries_open_each_mode() -> None:
    labels = {
        "Make the code": Mode.MAKE,
        "Make the code, you grade": Mode.GRADE,
        "Watch the computer": Mode.WATCH,
    }
    for label, mode in labels.items():
        app = make_app(start=MenuState())
        menu = app.state
        index = [entry.label for entry in menu.entries].index(label)
        click(app, menu.layout().entries[menu.plan.nav_more].center)  # one level down
        click(app, menu.layout().entries[index].center)
        assert isinstance(app.state, CodemakerState) and app.state.mode is mode


def test_codemaker__watch_mode_picks_a_random_secret_and_any_strategy() -> None:
    state = CodemakerState(Mode.WATCH, GameConfig(4, 6))
    app = make_app(seed=5, start=state)
    first = state.strategy
    press_key(app, pygame.K_s)
    assert state.strategy != first
    chosen = state.strategy
    press_key(app, pygame.K_RETURN)
    solving = app.state
    assert isinstance(solving, SolvingState) and solving.strategy == chosen
    assert solving.start_game.config.is_legal(solving.start_game.secret)
    run_solve_to_result(app)
    assert isinstance(app.state, ResultState) and app.state.game.outcome is Outcome.WON


def test_codemaker__grade_mode_starts_hand_grading() -> None:
    state = CodemakerState(Mode.GRADE, GameConfig(3, 4))
    app = make_app(start=state)
    click(app, state.layout().button_rect("start").center)
    assert isinstance(app.state, HandGradeState) and app.state.config.pegs == 3
