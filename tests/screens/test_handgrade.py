"""The hand-grading state through the app (the run itself: tests/play/test_handgrade.py)."""

from __future__ import annotations

from game.core.codes import Feedback, score
from game.core.config import GameConfig
from game.play.handgrade import CHECK_GRADES, Ending

# --- the state, through the real app -------------------------------------------------------------


def click_grade(app, state, feedback: Feedback) -> None:
    """Set a grade by clicking the active row's grading pegs (a click turns a peg empty -> black ->
    white -> empty; the row always shows blacks first)."""
    from tests.screens.driver import click

    layout = state.layout()
    row = len(state.run.game.rows)
    pegs = state.config.pegs
    while state.run.pending != (0, 0):
        click(app, layout.grade_peg_rect(row, 0).center)
    for i in range(feedback.black):
        click(app, layout.grade_peg_rect(row, i).center)  # an empty peg turns black
    for _ in range(feedback.white):
        click(app, layout.grade_peg_rect(row, pegs - 1).center)  # the last (empty) peg turns black...
        click(app, layout.grade_peg_rect(row, feedback.black).center)  # ...and that black turns white
    assert state.run.pending == feedback


def wait_ready(app, state, frames: int = 600) -> None:
    for _ in range(frames):
        if not state.run.busy:
            return
        app.step([], 1 / 60)
    raise AssertionError("the computer did not answer")


def test_handgrade_state__grading_by_clicks_and_keys_finds_the_secret() -> None:
    import pygame

    from game.modes.maker.handgrade import HandGradeState
    from tests.screens.driver import click, grade_by_keys, make_app, press_key

    secret = (4, 0, 0, 2)
    state = HandGradeState(GameConfig(4, 6), "knuth")
    app = make_app(start=state)
    by_keys = False
    while not state.run.over:
        wait_ready(app, state)
        true = score(state.run.guess, secret)
        if by_keys:
            press_key(app, pygame.K_BACKSPACE)
            grade_by_keys(app, true)
        else:
            click_grade(app, state, true)
            click(app, state.layout().button_rect("confirm").center)
        by_keys = not by_keys
        wait_ready(app, state)
    assert state.run.ending is Ending.SOLVED and state.run.game.rows[-1].guess == secret
    assert "Your code is 5113" in state.run.message()


def test_handgrade_state__refused_grade_names_rows_then_give_up_asks_to_check() -> None:
    import pygame

    from game.modes.maker.handgrade import HandGradeState
    from tests.screens.driver import make_app, press_key

    secret = (0, 1, 2, 3)  # lowest plays 0000 (1B0W), 0111 (2B0W), then 0122
    state = HandGradeState(GameConfig(4, 6), "lowest")
    app = make_app(start=state)
    for _ in range(2):
        wait_ready(app, state)
        true = score(state.run.guess, secret)
        for _ in range(true.black):
            press_key(app, pygame.K_b)
        press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    press_key(app, pygame.K_RETURN)  # 0B0W for 0122: contradicts row 1 (0000 got a black)
    wait_ready(app, state)
    assert len(state.run.game.rows) == 2
    assert state.run.refusal == (
        "row 3 graded 0 black, 0 white contradicts row 1, which was graded 1 black, 0 white: "
        "no code fits both"
    )
    assert state.run.conflict_rows == (0,)
    press_key(app, pygame.K_u)  # undo the second grade: its guess comes back
    assert len(state.run.game.rows) == 1 and state.run.guess == (0, 1, 1, 1)
    press_key(app, pygame.K_g)  # give up: the computer asks to check the grades
    assert state.run.ending is Ending.GAVE_UP and CHECK_GRADES in state.run.message()
    press_key(app, pygame.K_RETURN)  # a new hand-graded game
    assert isinstance(app.state, HandGradeState) and app.state is not state


def test_handgrade_state__no_palette_beside_the_board_where_picking_one_means_nothing() -> None:
    """The computer picks every guess here: the board takes the room a palette or tile keyboard would
    have, nothing but the background is drawn between the window's edge and the board, and a click
    there changes nothing."""
    import pygame

    from game.modes.maker.handgrade import HandGradeState
    from game.screens.codemaker import CodemakerState
    from game.screens.menu import MenuState
    from tests.screens.driver import choose_entry, click, make_app, press_key, settle

    for size in ((1280, 800), (800, 600)):
        app = make_app(size=size, start=MenuState())
        choose_entry(app, "A word you think of")
        assert isinstance(app.state, CodemakerState)
        press_key(app, pygame.K_RETURN)
        state = app.state
        assert isinstance(state, HandGradeState) and state.config.variant.listed
        wait_ready(app, state)
        settle(app, 1.0)  # the screen's way in, over
        app.draw()
        layout = state.layout()
        left = pygame.Rect(0, layout.board.y, layout.board.x - 8, layout.board.h)  # the board's shadow aside
        colours = {
            tuple(app.surface.get_at((x, y)))[:3]
            for x in range(left.x, left.right, 3)
            for y in range(left.y, left.bottom, 3)
        }
        assert len(colours) == 1, (
            f"drawn beside the board at {size}: {len(colours)} colours"
        )  # the plain ground
        before = (state.run.pending, state.run.guess, len(state.run.game.rows))
        click(app, left.center)
        assert (state.run.pending, state.run.guess, len(state.run.game.rows)) == before
