"""Whole games through real pygame events: mouse play wins, running out of turns, reveal,
keyboard-only play, and the drag-and-drop rules of the row being built."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.core.state import Outcome
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.ui.layout import centre
from tests.screens.driver import (
    click,
    drag,
    drawn_lines,
    key,
    lowest_consistent,
    make_app,
    motion,
    mouse_down,
    mouse_up,
    post,
    press_key,
    settle,
)


def play_row_by_mouse(app, code) -> None:
    state = app.state
    layout = state.layout()
    row = state.game.turn
    for col, colour in enumerate(code):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(row, col)))
    assert state.run.draft == list(code)
    click(app, centre(layout.button_rect("submit")))
    settle(app, 0.3)


def test_playing__mouse_game_wins_with_fixed_seed():
    app = make_app(seed=11, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    playing = app.state
    for _ in range(10):
        if not isinstance(app.state, PlayingState) or app.state.game.over:
            break
        play_row_by_mouse(app, lowest_consistent(app.state.game))
    settle(app, 3.0)
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.WON
    assert app.state.game.rows[-1].guess == playing.game.secret
    assert app.state.game.rows[-1].feedback.black == 4


def test_playing__runs_out_of_turns_and_loses():
    app = make_app(seed=3, start=PlayingState(GameConfig(3, 4, difficulty="tight"), hooks=ClassicHooks()))
    secret = app.state.game.secret
    wrong = next(c for c in [(0, 0, 0), (1, 1, 1), (2, 2, 2)] if c != secret)
    for _ in range(app.state.config.turns):
        assert isinstance(app.state, PlayingState)
        play_row_by_mouse(app, wrong)
    settle(app, 3.0)
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.LOST
    assert len(app.state.game.rows) == app.state.game.config.turns


def test_playing__reveal_asks_then_ends_the_game():
    app = make_app(seed=5, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row_by_mouse(app, (0, 1, 2, 3))
    reveal = centre(app.state.layout().button_rect("reveal"))
    click(app, reveal)
    confirm = app.state
    assert confirm.is_overlay
    buttons = confirm.layout().buttons
    click(app, centre(buttons["no"]))  # "keep playing" leaves the game running
    assert isinstance(app.state, PlayingState) and not app.state.game.over
    click(app, reveal)
    buttons = app.state.layout().buttons
    click(app, centre(buttons["yes"]))
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.REVEALED
    assert app.state.verdict() == "Secret revealed"


def test_playing__keyboard_only_game_wins():
    app = make_app(seed=21, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    secret = app.state.game.secret
    for _ in range(10):
        if not isinstance(app.state, PlayingState) or app.state.game.over:
            break
        code = lowest_consistent(app.state.game)
        for colour in code:
            press_key(app, pygame.K_1 + colour)
        assert app.state.run.draft == list(code)
        press_key(app, pygame.K_RETURN)
        settle(app, 0.3)
    settle(app, 3.0)
    assert isinstance(app.state, ResultState)
    assert app.state.game.outcome is Outcome.WON
    assert app.state.game.rows[-1].guess == secret


def test_playing__keyboard_cursor_backspace_and_arrows_edit_the_row():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    for k in (pygame.K_3, pygame.K_3, pygame.K_5):
        press_key(app, k)
    assert state.run.draft == [2, 2, 4, None] and state.run.cursor == 3
    press_key(app, pygame.K_BACKSPACE)  # empty slot: step back and clear the previous one
    assert state.run.draft == [2, 2, None, None] and state.run.cursor == 2
    press_key(app, pygame.K_LEFT)
    press_key(app, pygame.K_UP)  # next colour at the cursor
    assert state.run.draft == [2, 3, None, None]
    press_key(app, pygame.K_DELETE)
    assert state.run.draft == [2, None, None, None]
    press_key(app, pygame.K_RETURN)  # incomplete: refused, with a reason
    assert state.game.rows == () and "more peg" in state.run.submit_problem()


def test_playing__drag_moves_swaps_removes_and_copies():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    slot = lambda c, r=0: centre(layout.slot_rect(r, c))  # noqa: E731
    drag(app, centre(layout.palette_rect(1)), slot(0))
    drag(app, centre(layout.palette_rect(2)), slot(1))
    drag(app, slot(0), slot(1))  # onto a filled slot: the two swap
    assert state.run.draft == [2, 1, None, None]
    drag(app, slot(1), slot(3))  # onto an empty slot: a move
    assert state.run.draft == [2, None, None, 1]
    drag(app, slot(3), (layout.board.right + 5, layout.board.centery))  # off the board: removed
    assert state.run.draft == [2, None, None, None]
    drag(app, slot(0), (layout.board.centerx, layout.board.bottom - 2))  # on the board, not a slot: stays
    assert state.run.draft == [2, None, None, None]
    post(app, mouse_down(slot(0), button=3), mouse_up(slot(0), button=3))  # right-click empties
    assert state.run.draft == [None, None, None, None]
    for col, colour in enumerate((0, 1, 2, 3)):
        drag(app, centre(layout.palette_rect(colour)), slot(col))
    click(app, centre(layout.button_rect("submit")))
    settle(app, 1.0)
    drag(app, slot(2, 0), slot(0, 1))  # copy a peg out of a played row
    assert state.run.draft == [2, None, None, None]
    assert state.game.rows[0].guess == (0, 1, 2, 3)


def test_playing__click_colour_then_click_slots():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    click(app, centre(layout.palette_rect(4)))
    assert state.run.selected == 4
    for col in (0, 2):
        click(app, centre(layout.slot_rect(0, col)))
    assert state.run.draft == [4, None, 4, None]


def test_playing__no_duplicates_game_says_why_a_row_is_refused():
    app = make_app(start=PlayingState(GameConfig(4, 6, duplicates=False), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    for col, colour in enumerate((0, 0, 1, 2)):
        drag(app, centre(layout.palette_rect(colour)), centre(layout.slot_rect(0, col)))
    assert state.run.submit_problem() == "this game does not allow a colour twice"
    click(app, centre(layout.button_rect("submit")))
    assert state.game.rows == ()


def test_playing__grading_pegs_sound_one_by_one_blacks_first():
    played: list[str] = []

    class Recorder:
        def play(self, name: str) -> None:
            played.append(name)

    app = make_app(start=PlayingState(GameConfig(4, 6), secret=(0, 0, 1, 2), hooks=ClassicHooks()))
    app.sound = Recorder()
    for colour in (0, 1, 1, 0):  # grades 2 black, 1 white
        press_key(app, pygame.K_1 + colour)
    press_key(app, pygame.K_RETURN)
    run = app.state.run
    assert run.grading_row == 0 and [run.grade_track(i).started for i in range(3)] == [False] * 3
    settle(app, 2.0, dt=0.02)
    pegs = [name for name in played if name in ("peg_black", "peg_white")]
    assert pegs == ["peg_black", "peg_black", "peg_white"]
    assert app.state.run.grading_row is None


def test_playing__input_finishes_the_grading_animation():
    app = make_app(start=PlayingState(GameConfig(4, 6), secret=(0, 0, 1, 2), hooks=ClassicHooks()))
    for colour in (0, 1, 1, 0):
        press_key(app, pygame.K_1 + colour)
    press_key(app, pygame.K_RETURN)
    run = app.state.run
    assert run.grading_row is not None and run.graded_rows == 0
    post(app, motion((5, 5), (0, 0, 0)), mouse_down((5, 5)), mouse_up((5, 5)))
    assert run.grading_row is None and run.graded_rows == 1


def test_playing__typed_digits_place_colours_even_without_digit_key_codes():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    # an AZERTY keyboard types "2" with Shift on the key whose code is not K_2
    post(app, key(pygame.K_QUOTEDBL, mod=pygame.KMOD_SHIFT, unicode="2"))
    post(app, key(pygame.K_KP3))
    assert app.state.run.draft[:2] == [1, 2]
    # AZERTY's top-left key types "²", which str.isdigit() calls a digit: it places nothing
    post(app, key(pygame.K_BACKQUOTE, unicode="²"))
    assert app.state.run.draft[:3] == [1, 2, None]


def test_playing__an_overlay_opened_mid_drag_ends_the_drag():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    post(app, motion(centre(layout.palette_rect(2)), (0, 0, 0)), mouse_down(centre(layout.palette_rect(2))))
    post(app, motion(centre(layout.slot_rect(0, 1))))
    press_key(app, pygame.K_h)
    press_key(app, pygame.K_ESCAPE)
    assert app.state is state and state.run.drag is None
    post(app, mouse_up(centre(layout.slot_rect(0, 1))))
    assert state.run.draft == [None] * 4


def test_playing__new_game_and_menu_ask_first_once_rows_are_played():
    from game.screens.menu import MenuState

    app = make_app(start=PlayingState(GameConfig(3, 4), hooks=ClassicHooks()))
    for colour in (0, 1, 2):
        press_key(app, pygame.K_1 + colour)
    press_key(app, pygame.K_RETURN)
    first = app.state
    press_key(app, pygame.K_n)
    assert app.state.is_overlay
    press_key(app, pygame.K_y)
    assert isinstance(app.state, PlayingState) and app.state is not first
    assert app.state.game.rows == () and app.state.config == first.config
    press_key(app, pygame.K_ESCAPE)  # no rows yet: straight to the menu
    assert isinstance(app.state, MenuState)


def test_playing__placed_pegs_snap_in_then_settle_and_reduced_motion_shows_them_whole():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state

    def snapping():
        return [col for col in range(4) if state.run.snap_track(col) is not None]

    post(app, key(pygame.K_2), dt=0.0)
    assert snapping() == [0] and state.run.snap_track(0).value < 1.0
    settle(app, 0.3, dt=0.05)
    assert snapping() == []
    centre_pixel = pygame.display.get_surface().get_at(centre(state.layout().slot_rect(0, 0)))
    assert centre_pixel[:3] != (0, 0, 0)
    app.session.change_settings(reduced_motion=True)
    post(app, key(pygame.K_3), dt=0.001)
    assert state.run.snap_track(1).value == 1.0 and state.run.draft[:2] == [1, 2]


def test_playing__a_colour_key_past_the_games_colours_says_which_keys_there_are():
    """7 in a game of 6 colours places nothing and says why, in the words the keys are named by."""
    app = make_app(size=(1024, 720), start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    post(app, key(pygame.K_7, unicode="7"))
    assert state.run.draft == [None] * 4
    note = "This game has 6 colours: keys 1 to 6"
    assert state.run.message == note and note in " ".join(drawn_lines(app))  # wrapped in a narrow panel
    post(app, key(pygame.K_2, unicode="2"))  # a key of the game: placed, and the note is gone
    assert state.run.draft[0] == 1 and state.run.message == ""
