"""Menu and setup through real events: arrows and mouse both work, presets start the right game,
setup steppers change the turn limit live and refuse a combination the game does not offer; a grid
chosen in Custom (mouse or keys) starts a grid game with the grid's turns, a grid with too many codes
disables Start with the reason, and the last shape is remembered."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import PRESETS, GameConfig, turn_limit
from game.core.variants import GridVariant
from game.core.variants.words import WordVariant
from game.modes.classic.setup import SHAPES, SetupState
from game.screens.help import HelpOverlay, example_text
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.settings import Settings
from game.store import Store
from game.ui.layout import centre
from game.ui.layout_screens import SetupLayout
from game.ui.sound import Sound
from tests.screens.driver import click, drawn_lines, key, make_app, post, press_key


def entry_index(menu: MenuState, label: str) -> int:
    return [e.label for e in menu.entries].index(label)


def test_menu__arrow_keys_and_enter_start_the_focused_preset():
    app = make_app(start=MenuState())
    menu = app.state
    assert menu.focus == entry_index(menu, "Classic")  # a first start: the standard game has the focus
    names = [p.name for p in PRESETS]
    after = PRESETS[names.index("Classic") + 1]  # the card right of it is the preset listed after it
    press_key(app, pygame.K_RIGHT)
    assert menu.focus == entry_index(menu, after.name)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)
    assert app.state.config == after.config()


def test_menu__mouse_click_on_custom_opens_setup_and_tab_wraps_around():
    app = make_app(start=MenuState())
    menu = app.state
    shown = menu.layout().shown()
    press_key(app, pygame.K_HOME)
    assert menu.focus == shown[0]
    press_key(app, pygame.K_TAB, )
    post(app, key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    post(app, key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert menu.focus == shown[-1]  # Shift+Tab from the first entry wraps to the last
    click(app, centre(menu.layout().entries[entry_index(menu, "Custom game")]))
    assert isinstance(app.state, SetupState)


def test_menu__every_preset_entry_shows_pegs_colours_and_turns():
    menu = MenuState()
    details = {e.label: e.detail for e in menu.entries}
    assert details["Classic"] == "4 × 6 · 10 turns"
    for p in PRESETS:  # every preset of the list, however many
        turns = turn_limit(p.pegs, p.colours, p.difficulty)
        assert details[p.name] == f"{p.pegs} × {p.colours} · {turns} turns"


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
    assert setup.focus == SetupLayout.ROWS.index("duplicates")  # the clicked row has the keyboard focus
    press_key(app, pygame.K_UP)  # to colours
    press_key(app, pygame.K_RIGHT)
    assert setup.config() == GameConfig(6, 6, duplicates=False)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)


def test_setup__steppers_stop_at_the_limits():
    app = make_app(start=SetupState(GameConfig(8, 10)))
    setup = app.state
    assert SetupLayout.ROWS[setup.focus] == "pegs"  # the keys start on the pegs of a row game
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


# --- grids in Custom ------------------------------------------------------------------------------




def test_setup__grid_3x3_chosen_with_the_mouse_starts_a_3x3_game_with_the_grid_turns():
    app = make_app(start=SetupState(GameConfig(5, 4)))
    setup = app.state
    layout = SetupLayout(app.size)
    click(app, centre(layout.segments("shape", len(SHAPES))[SHAPES.index(GridVariant(3, 3))]))
    assert setup.shape == GridVariant(3, 3) and SetupLayout.ROWS[setup.focus] == "shape"
    shown = drawn_lines(app)
    assert "Cells" in shown and "9" in shown  # the pegs row shows the cells, and cannot change them
    click(app, centre(layout.stepper_parts("pegs")[2]))
    assert setup.pegs == 5 and setup.cells == 9
    expected = GameConfig(colours=4, variant=GridVariant(3, 3))
    line = f"Grid 3×3 · {expected.turns} turns · 262,144 possible codes"  # 4 ** 9
    assert any(drawn.startswith(line) for drawn in shown)
    click(app, centre(layout.buttons["start"]))
    assert isinstance(app.state, PlayingState)
    assert app.state.config == expected and app.state.config.turns == turn_limit(9, 4)


def test_setup__grid_3x3_chosen_with_the_keys_skips_its_fixed_cells_and_starts():
    app = make_app(start=SetupState(GameConfig(4, 4)))
    setup = app.state
    press_key(app, pygame.K_UP)  # from the pegs to the shape
    for _ in range(SHAPES.index(GridVariant(3, 3))):
        press_key(app, pygame.K_RIGHT)
    assert setup.shape == GridVariant(3, 3)
    press_key(app, pygame.K_DOWN)
    assert SetupLayout.ROWS[setup.focus] == "colours"  # past the cells the shape fixes
    press_key(app, pygame.K_UP)
    assert SetupLayout.ROWS[setup.focus] == "shape"
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)
    assert app.state.config == GameConfig(colours=4, variant=GridVariant(3, 3))
    assert app.state.config.turns == 13


def test_setup__a_grid_with_too_many_colours_disables_start_and_says_why():
    app = make_app(start=SetupState(GameConfig(colours=4, variant=GridVariant(3, 3))))
    setup = app.state
    layout = SetupLayout(app.size)
    click(app, centre(layout.stepper_parts("colours")[2]))
    assert setup.colours == 5 and setup.config() is None
    assert "3x3 grid with 5 colours" in setup.problem() and "fewer colours" in setup.problem()
    shown = " ".join(drawn_lines(app))
    assert "fewer colours" in shown and "turns ·" not in shown
    click(app, centre(layout.buttons["start"]))
    press_key(app, pygame.K_RETURN)
    assert app.state is setup
    click(app, centre(layout.segments("shape", len(SHAPES))[0]))  # back to a row: 5 colours are fine
    assert setup.config() == GameConfig(4, 5)


def test_setup__the_last_grid_chosen_is_remembered_next_time_and_in_a_new_app(tmp_path):
    store_dir = tmp_path
    app = App(size=(1024, 720), seed=1, store=Store(store_dir), sound=Sound(mixer=None))
    pygame.event.clear()
    click(app, centre(app.state.layout().entries[entry_index(app.state, "Custom game")]))
    layout = SetupLayout(app.size)
    click(app, centre(layout.segments("shape", len(SHAPES))[SHAPES.index(GridVariant(2, 3))]))
    click(app, centre(layout.stepper_parts("colours")[0]))  # 5 colours
    click(app, centre(layout.buttons["start"]))
    assert app.state.config == GameConfig(colours=5, variant=GridVariant(2, 3))
    press_key(app, pygame.K_ESCAPE)  # nothing played: back to the menu
    click(app, centre(app.state.layout().entries[entry_index(app.state, "Custom game")]))
    assert (app.state.shape, app.state.colours) == (GridVariant(2, 3), 5)
    assert SetupLayout.ROWS[app.state.focus] == "shape"  # a grid's cells are fixed: the keys start above
    press_key(app, pygame.K_ESCAPE)
    app.close()
    again = App(size=(1024, 720), seed=2, store=Store(store_dir), sound=Sound(mixer=None))
    pygame.event.clear()
    click(again, centre(again.state.layout().entries[entry_index(again.state, "Custom game")]))
    assert (again.state.shape, again.state.colours, again.state.cells) == (GridVariant(2, 3), 5, 6)


def test_settings__last_custom_keeps_rows_and_offered_grids_and_drops_other_shapes():
    row = Settings.from_dict({"last_custom": GameConfig(5, 7).to_text()})  # as older files hold it
    assert row.custom_config == GameConfig(5, 7)
    grid = GameConfig(colours=4, variant=GridVariant(3, 3), difficulty="tight")
    assert Settings.from_dict({"last_custom": grid.to_text()}).custom_config == grid
    unoffered = GameConfig(colours=4, variant=GridVariant(3, 2)).to_text()  # legal, but setup offers no 3x2
    assert Settings.from_dict({"last_custom": unoffered}).last_custom is None


def test_setup__back_on_a_row_after_a_word_game_offers_a_rows_colours(tmp_path):
    """A Words game started from Custom is remembered; on Custom again, a click on Row gives a row of
    the plain game's colours (a word's 26 letters are no row's colours), drawn and startable, in a
    window wide enough to draw every colour's sample peg."""
    app = App(size=(1280, 800), seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    click(app, centre(app.state.layout().entries[entry_index(app.state, "Custom game")]))
    layout = SetupLayout(app.size)
    click(app, centre(layout.segments("shape", len(SHAPES))[SHAPES.index(WordVariant())]))
    click(app, centre(layout.buttons["start"]))
    assert isinstance(app.state, PlayingState) and app.state.config.variant == WordVariant()
    press_key(app, pygame.K_ESCAPE)  # nothing played: back to the menu
    click(app, centre(app.state.layout().entries[entry_index(app.state, "Custom game")]))
    setup = app.state
    assert isinstance(setup, SetupState) and setup.shape == WordVariant()  # remembered
    click(app, centre(layout.segments("shape", len(SHAPES))[0]))  # Row
    app.draw()
    assert setup.config() == GameConfig(4, 6)
    click(app, centre(layout.buttons["start"]))
    assert isinstance(app.state, PlayingState) and app.state.config == GameConfig(4, 6)
