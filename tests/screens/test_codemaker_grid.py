"""The codemaker screen for the grid puzzle, through the real app: the Shape choice, a grid secret
entered into cells, and the computer breaking it (or hand grading) on the grid."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.core.config import GameConfig
from game.core.state import Outcome
from game.core.variants import GRID_SHAPES, GridVariant
from game.modes.maker.handgrade import HandGradeState
from game.screens.codemaker import CodemakerState, Mode
from game.screens.menu import MenuState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.ui import palette as pal
from game.ui.layout import SecretSlot, centre
from game.ui.maker_layout import ROWS, MakerLayout
from tests.screens.driver import click, drag, make_app, mouse_down, post, press_key, settle

SIZES = ((640, 480), (1280, 800), (1920, 1080))
MIN_CELL_PX = 30  # a cell a player can drop a peg onto without aiming


def open_from_menu(label: str, seed: int = 7, size=(1024, 720)):
    app = make_app(size=size, seed=seed, start=MenuState())
    menu = app.state
    index = [entry.label for entry in menu.entries].index(label)
    click(app, menu.layout().entries[menu.plan.nav_more].center)  # one level down
    click(app, menu.layout().entries[index].center)
    assert isinstance(app.state, CodemakerState)
    return app, app.state


def shape_button(state: CodemakerState, part: str) -> tuple[int, int]:
    minus, _, plus = state.layout().stepper_parts("shape")
    return (minus if part == "minus" else plus).center


def choose_strategy(app, state: CodemakerState, name: str) -> None:
    for _ in range(len(state.picker)):
        if state.strategy == name:
            return
        press_key(app, pygame.K_s)
    raise AssertionError(f"{name} is not offered")


def run_solve_to_result(app) -> None:
    press_key(app, pygame.K_4)  # instant speed
    for _ in range(3000):
        if not isinstance(app.state, SolvingState):
            return
        app.step([], 1 / 60)


def warn_pixels(app, box: pygame.Rect) -> int:
    surface = app.surface
    return sum(
        surface.get_at((x, y))[:3] == pal.TEXT_WARN
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
    )


def test_codemaker_grid__a_2x2_secret_made_from_the_menu_is_broken_by_the_computer() -> None:
    app, state = open_from_menu("Make the code", seed=11)
    assert state.shape.name == "row" and state.mode is Mode.MAKE
    press_key(app, pygame.K_g)  # the keyboard steps Row -> Grid 2x2
    assert state.shape == GridVariant(2, 2)
    click(app, shape_button(state, "plus"))  # the mouse: on to 2x3 and back
    assert state.shape == GridVariant(2, 3) and len(state.secret) == 6
    click(app, shape_button(state, "minus"))
    assert state.shape == GridVariant(2, 2) and state.secret == [None] * 4
    choose_strategy(app, state, "random")  # seeded by the app's seed
    layout = state.layout()
    # drag from the palette onto the top left and bottom right cells, then keys fill the empty cells
    # in reading order: top right, then bottom left
    drag(app, layout.palette_rect(5).center, layout.secret_slot_rect(0).center)
    drag(app, layout.palette_rect(2).center, layout.secret_slot_rect(3).center)
    assert state.secret == [5, None, None, 2]
    press_key(app, pygame.K_1)
    press_key(app, pygame.K_4)
    assert state.secret == [5, 0, 3, 2] and state.problem() is None
    click(app, layout.button_rect("start").center)
    solving = app.state
    assert isinstance(solving, SolvingState) and solving.strategy == "random"
    assert solving.start_game.config.variant.shape == (2, 2) and solving.start_game.config.colours == 6
    assert solving.start_game.secret == (5, 0, 3, 2)
    run_solve_to_result(app)
    result = app.state
    assert isinstance(result, ResultState) and result.solved_by()
    assert result.game.outcome is Outcome.WON
    assert result.record.game.secret == (5, 0, 3, 2) and result.game.rows[-1].guess == (5, 0, 3, 2)
    press_key(app, pygame.K_RETURN)  # Play again comes back to the same grid
    again = app.state
    assert isinstance(again, CodemakerState) and again.shape == GridVariant(2, 2) and len(again.secret) == 4


def test_codemaker_grid__cells_are_edited_like_the_row() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(colours=5, variant=GridVariant(2, 3)))
    app = make_app(size=(640, 480), start=state)
    layout = state.layout()
    for cell, colour in ((0, 1), (4, 3)):
        drag(app, layout.palette_rect(colour).center, layout.secret_slot_rect(cell).center)
    assert state.secret == [1, None, None, None, 3, None]
    drag(app, layout.secret_slot_rect(4).center, layout.secret_slot_rect(0).center)  # cell to cell swaps
    assert state.secret == [3, None, None, None, 1, None]
    drag(app, layout.secret_slot_rect(4).center, (layout.secret_area.right + 40, app.size[1] - 5))
    assert state.secret == [3, None, None, None, None, None]  # dragged off the grid: removed
    click(app, layout.palette_rect(4).center)  # a colour, then a cell
    click(app, layout.secret_slot_rect(5).center)
    assert state.secret == [3, None, None, None, None, 4]
    press_key(app, pygame.K_2)
    assert state.secret == [3, 1, None, None, None, 4]
    post(app, mouse_down(layout.secret_slot_rect(0).center, button=3))  # right-click empties
    press_key(app, pygame.K_BACKSPACE)  # empties the last filled cell in reading order
    assert state.secret == [None, 1, None, None, None, None]
    press_key(app, pygame.K_r)
    assert None not in state.secret and state.config().is_legal(tuple(state.secret))
    assert state.problem() is None


def test_codemaker_grid__too_many_colours_for_a_3x3_grid_disables_start_and_says_why() -> None:
    app, state = open_from_menu("Make the code", size=(640, 480))
    for _ in range(4):  # Row, 2x2, 2x3, 2x4, 3x3
        press_key(app, pygame.K_g)
    assert state.shape == GridVariant(3, 3)
    assert state.colours == 6  # colours are never changed behind the player
    assert state.config() is None
    assert "3x3 grid with 6 colours" in state.problem() and "fewer colours" in state.problem()
    press_key(app, pygame.K_RETURN)
    click(app, state.layout().button_rect("start").center)
    assert app.state is state  # Start is refused
    settle(app, 1.0)  # the screen's fade-in is over
    assert warn_pixels(app, state.layout().message_box) > 0  # the reason is on screen, as a warning
    minus = state.layout().stepper_parts("colours")[0]
    click(app, minus.center)
    click(app, minus.center)
    assert state.colours == 4 and state.problem().startswith("place 9 more pegs")
    assert warn_pixels(app, state.layout().message_box) == 0
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_RETURN)
    solving = app.state
    assert isinstance(solving, SolvingState)
    assert solving.start_game.config.variant.shape == (3, 3) and solving.start_game.config.colours == 4


def test_codemaker_grid__watch_the_computer_on_a_grid() -> None:
    app, state = open_from_menu("Watch the computer", seed=3)
    click(app, shape_button(state, "plus"))
    click(app, shape_button(state, "plus"))
    assert state.shape == GridVariant(2, 3) and state.problem() is None
    choose_strategy(app, state, "knuth")
    press_key(app, pygame.K_RETURN)
    solving = app.state
    assert isinstance(solving, SolvingState) and solving.strategy == "knuth"
    config = solving.start_game.config
    assert config.variant.shape == (2, 3) and config.colours == 6
    assert config.is_legal(solving.start_game.secret)
    run_solve_to_result(app)
    result = app.state
    assert isinstance(result, ResultState) and result.game.outcome is Outcome.WON
    assert result.game.rows[-1].guess == result.game.secret


def test_codemaker_grid__grading_by_hand_is_handed_the_grid() -> None:
    app, state = open_from_menu("Make the code, you grade")
    press_key(app, pygame.K_g)
    click(app, state.layout().button_rect("start").center)
    assert isinstance(app.state, HandGradeState)
    assert app.state.config.variant.shape == (2, 2) and app.state.config.pegs == 4


def test_codemaker_grid__pegs_stay_put_when_the_shape_changes_and_row_restores_the_pegs() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(5, 6))
    app = make_app(start=state)
    for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5):
        press_key(app, k)
    press_key(app, pygame.K_g)  # a row's pegs fill the grid in reading order
    assert state.shape == GridVariant(2, 2) and state.cells() == 4 and state.secret == [0, 1, 2, 3]
    click(app, state.layout().stepper_parts("pegs")[2].center)  # the cells are fixed by the shape
    assert state.cells() == 4
    press_key(app, pygame.K_g)  # 2x2 -> 2x3: each peg keeps its row and column
    assert state.shape == GridVariant(2, 3) and state.secret == [0, 1, None, 2, 3, None]
    press_key(app, pygame.K_g)
    press_key(app, pygame.K_g)  # through 2x4 to 3x3, still in their cells
    assert state.shape == GridVariant(3, 3) and state.secret == [0, 1, None, 2, 3, None, None, None, None]
    for _ in range(len(GRID_SHAPES) - 3):  # G from the last grid wraps back to Row
        press_key(app, pygame.K_g)
    assert state.shape.name == "row" and state.pegs == 5 and len(state.secret) == 5


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_codemaker_grid__every_shape_lays_out_big_cells_and_keeps_the_choices_still(size) -> None:
    shapes = (None, *GRID_SHAPES)
    window = pygame.Rect(0, 0, *size)
    for colours in (2, 6, 10):
        layouts = []
        for shape in shapes:
            pegs = 4 if shape is None else shape[0] * shape[1]
            buttons = ("back", "random", "start")
            layout = MakerLayout(size, pegs, colours, True, buttons, shape, shapes)
            layouts.append(layout)
            cells = [layout.secret_slot_rect(i) for i in range(pegs)]
            for i, cell in enumerate(cells):
                assert layout.hit_test(centre(cell)) == SecretSlot(i)
                assert window.contains(cell)
                assert min(cell.size) >= MIN_CELL_PX
            for a, b in itertools.combinations(cells, 2):
                assert not a.colliderect(b)
            frame = layout.secret_frame_rect()
            assert frame.top > layout.top_bar.bottom and frame.bottom < layout.controls["shape"].top
            assert not frame.colliderect(layout.palette_panel)
            assert not layout.secret_label.colliderect(frame)
        # switching shapes moves no choice row and no button
        for name in ROWS:
            assert len({tuple(layout.controls[name]) for layout in layouts}) == 1
        for name in ("back", "random", "start"):
            assert len({tuple(layout.button_rect(name)) for layout in layouts}) == 1
