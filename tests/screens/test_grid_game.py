"""The grid puzzle in the game, through real pygame events: a grid game won with the mouse and with the
keyboard, the menu's grid entries, Reveal, a Solve of a 3x3 game to the end, and the board's geometry
(every cell hit where it is drawn, cells laid out rows x columns) over grid configs and window sizes."""

from __future__ import annotations

import pygame
import pytest

from game.core.codes import index_code
from game.core.config import GameConfig
from game.core.grid import score_grid
from game.core.state import Outcome
from game.core.variants import GridVariant
from game.modes.classic.hooks import ClassicHooks
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.ui.grid_board import grade_kind
from game.ui.layout import PlayLayout, SecretSlot, Slot, centre
from tests.screens.driver import choose_entry, click, drag, make_app, press_key, settle

PANEL = (("turn", 1.0), ("submit", 1.0), ("reveal", 1.0), ("solve", 1.0))
GRIDS = ((2, 2, 6), (2, 3, 4), (3, 3, 4), (3, 4, 3))
SIZES = ((800, 600), (1024, 720), (1280, 800), (1920, 1080))


def grid_lowest_consistent(game) -> tuple[int, ...]:
    """The lowest code that fits every grade on the board, each grade recomputed by the grid reference."""
    config = game.config
    for index in range(config.code_count):
        code = index_code(index, config.pegs, config.colours)
        if config.is_legal(code) and all(
            tuple(score_grid(guess, code, *config.variant.shape)) == tuple(fb) for guess, fb in game.history
        ):
            return code
    raise AssertionError("no consistent code: the grades on the board contradict each other")


def play_to_the_end(app, enter_row) -> None:
    for _ in range(app.state.config.turns):
        if not isinstance(app.state, PlayingState) or app.state.game.over:
            break
        enter_row(app, grid_lowest_consistent(app.state.game))
        settle(app, 0.5)
    settle(app, 4.0)


def mouse_row(app, code) -> None:
    state = app.state
    layout = state.layout()
    row = state.game.turn
    for cell, colour in enumerate(code):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(row, cell)))
    assert state.run.draft == list(code)
    click(app, centre(layout.button_rect("submit")))


def keyboard_row(app, code) -> None:
    for colour in code:
        press_key(app, pygame.K_1 + colour)
    assert app.state.run.draft == list(code)
    press_key(app, pygame.K_RETURN)


@pytest.mark.parametrize("enter_row", [mouse_row, keyboard_row])
def test_grid_game__won_through_posted_events(enter_row):
    app = make_app(
        seed=13, start=PlayingState(GameConfig(colours=6, variant=GridVariant(2, 2)), hooks=ClassicHooks())
    )
    secret = app.state.game.secret
    play_to_the_end(app, enter_row)
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.WON
    assert app.state.game.rows[-1].guess == secret
    for row in app.state.game.rows:  # every grade the board showed is the grid reference's
        assert tuple(row.feedback) == tuple(score_grid(row.guess, secret, 2, 2))


def test_grid_game__keyboard_cursor_walks_cells_and_up_changes_colour():
    app = make_app(start=PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks()))
    run = app.state.run
    for k in (pygame.K_2, pygame.K_3, pygame.K_4):  # the first cell row
        press_key(app, k)
    assert run.cursor == 3  # the first cell of the grid's second row
    press_key(app, pygame.K_LEFT)
    press_key(app, pygame.K_UP)
    assert run.draft[:3] == [1, 2, 0] and run.draft[3:] == [None] * 6


def test_grid_game__menu_entries_start_grid_games():
    app = make_app(start=MenuState())
    for label, shape in (("Grid 2×2", (2, 2)), ("Grid 3×3", (3, 3))):
        choose_entry(app, label)
        settle(app, 0.5)
        assert isinstance(app.state, PlayingState) and app.state.config.variant.shape == shape
        app.apply(MenuState())
        settle(app, 0.2)


def test_grid_game__reveal_ends_a_3x3_game_with_the_secret():
    app = make_app(
        seed=2, start=PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks())
    )
    mouse_row(app, (0,) * 9)
    settle(app, 1.0)
    click(app, centre(app.state.layout().button_rect("reveal")))
    click(app, centre(app.state.layout().buttons["yes"]))
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.REVEALED


def test_grid_game__solve_of_a_3x3_game_plays_to_the_end():
    app = make_app(
        seed=4, start=PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks())
    )
    secret = app.state.game.secret
    click(app, centre(app.state.layout().button_rect("solve")))
    assert isinstance(app.state, SolvingState)
    for _ in range(4000):
        if not isinstance(app.state, SolvingState):
            break
        settle(app, 0.25, dt=1 / 30)
    assert isinstance(app.state, ResultState)
    game = app.state.game
    assert game.rows[-1].guess == secret
    for row in game.rows:
        assert tuple(row.feedback) == tuple(score_grid(row.guess, secret, 3, 3))


def test_grid_game__solving_keeps_the_whole_grid_secret_under_one_shield_until_the_end(monkeypatch):
    import game.ui.computer_view as computer_view

    shields: list[tuple[pygame.Rect, float]] = []
    real_shield = computer_view.draw_shield

    def recording_shield(surface, rect, progress, **kwargs):
        shields.append((pygame.Rect(rect), progress))
        return real_shield(surface, rect, progress, **kwargs)

    monkeypatch.setattr(computer_view, "draw_shield", recording_shield)
    app = make_app(
        seed=4, start=PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks())
    )
    click(app, centre(app.state.layout().button_rect("solve")))
    solving = app.state
    assert isinstance(solving, SolvingState)
    layout = solving.layout()
    cells = [layout.secret_slot_rect(cell) for cell in range(9)]
    seen_open: list[float] = []
    for _ in range(6000):
        if not isinstance(app.state, SolvingState):
            break
        shields.clear()
        app.step([], 1 / 30)
        if not isinstance(app.state, SolvingState):
            break
        if not solving.run.game.over or solving.shield_progress == 0.0:
            # closed, drawn once this frame, over every cell of the secret grid at once
            assert [progress for _, progress in shields] == [0.0]
            assert all(shields[0][0].contains(cell) for cell in cells)
        else:
            seen_open.append(solving.shield_progress)
            assert [progress for _, progress in shields] == ([seen_open[-1]] if seen_open[-1] < 1 else [])
    assert isinstance(app.state, ResultState) and app.state.game.outcome is Outcome.WON
    # it slid open over several frames (the row game's SHIELD_OPEN_S) and was fully open at the end
    assert len(seen_open) >= 5 and seen_open == sorted(seen_open) and seen_open[-1] == 1.0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rows, columns, colours", GRIDS)
def test_grid_layout__every_cell_hit_where_drawn_in_rows_by_columns(size, rows, columns, colours):
    config = GameConfig(colours=colours, variant=GridVariant(rows, columns))
    layout = PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, [n for n, _ in PANEL],
                        shape=config.variant.shape)  # fmt: skip
    for turn in range(config.turns):
        rects = [layout.slot_rect(turn, cell) for cell in range(config.pegs)]
        for cell, rect in enumerate(rects):
            assert layout.hit_test(centre(rect)) == Slot(turn, cell)
            assert layout.row_rect(turn).contains(rect)
            r, c = divmod(cell, columns)
            if c:  # right of its left neighbour, on the same line
                assert rect.left >= rects[cell - 1].right - 1 and rect.top == rects[cell - 1].top
            if r:  # below the cell above it, in the same column
                above = rects[cell - columns]
                assert rect.top >= above.bottom - 1 and rect.left == above.left
        for index in range(config.pegs):  # grading pegs inside the grading area, none overlapping
            assert layout.grade_rect(turn).contains(layout.grade_peg_rect(turn, index))
        pegs = [layout.grade_peg_rect(turn, i) for i in range(config.pegs)]
        assert all(not a.colliderect(b) for i, a in enumerate(pegs) for b in pegs[i + 1 :])
    for cell in range(config.pegs):
        assert layout.hit_test(centre(layout.secret_slot_rect(cell))) == SecretSlot(cell)
    assert layout.content.contains(layout.board)


def test_grid_board__grade_kinds_are_blacks_then_greys_then_whites():
    from game.core.grid import GridFeedback

    kinds = [grade_kind(GridFeedback(2, 3, 1), i) for i in range(9)]
    assert kinds == ["black"] * 2 + ["grey"] * 3 + ["white"] + [""] * 3


def test_grid_cli__grid_flag_starts_a_grid_game_and_refuses_conflicts():
    from game.core.config import ConfigError
    from game.options import build_parser, config_from_args

    config = config_from_args(build_parser().parse_args(["--grid", "3x3", "--colours", "4"]))
    assert config.variant.shape == (3, 3) and config.pegs == 9 and config.colours == 4
    refused = (["--grid", "3x3", "--pegs", "4"], ["--grid", "three"], ["--grid", "2x2", "--preset", "easy"])
    for argv in refused:
        with pytest.raises(ConfigError):
            config_from_args(build_parser().parse_args(argv))


def test_grid_help__tab_reaches_the_grid_page_whose_example_is_graded_by_score_grid():
    from game.screens.help import PAGES, HelpOverlay
    from game.ui.grid_board import HELP_GUESS, HELP_SECRET, HELP_SHAPE, help_caption

    app = make_app(start=MenuState())
    press_key(app, pygame.K_h)
    while PAGES[app.state.page] != "Grid":
        press_key(app, pygame.K_TAB)
    assert isinstance(app.state, HelpOverlay)
    feedback = score_grid(HELP_GUESS, HELP_SECRET, *HELP_SHAPE)
    # the caption explains one peg of each kind: the example must earn exactly that
    assert tuple(feedback) == (1, 1, 1)
    assert help_caption(("a", "b", "c", "d", "e"), feedback).startswith("Grade 1 black, 1 grey, 1 white")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", ["playing-3x3", "help-grid", "solving-3x3"])
def test_grid_screens__no_text_is_clipped(screen, size):
    from game.screens.base import Push
    from game.screens.help import PAGES, HelpOverlay
    from tests.screens.test_render import CheckingText

    app = make_app(
        size=size, start=PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks())
    )
    app.text = CheckingText()
    if screen == "help-grid":
        app.apply(Push(HelpOverlay(page=PAGES.index("Grid"))))
    elif screen == "solving-3x3":
        click(app, centre(app.state.layout().button_rect("solve")))
        settle(app, 1.0)
    app.step([], 1 / 60)
    assert app.text.misfits == []


def test_grid_help__help_in_a_grid_game_opens_on_the_grid_page():
    from game.screens.help import PAGES, HelpOverlay

    app = make_app(start=PlayingState(GameConfig(colours=6, variant=GridVariant(2, 2)), hooks=ClassicHooks()))
    click(app, centre(app.state.layout().button_rect("help")))
    assert isinstance(app.state, HelpOverlay) and PAGES[app.state.page] == "Grid"
