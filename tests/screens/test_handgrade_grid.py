"""Hand grading a grid game through the real app: the steppers (one per kind: Black, Grey, White), the
grading pegs (a click turns a peg empty -> black -> grey -> white -> empty) and the keys B, G, W
(Shift takes one away). The run itself: tests/play/test_handgrade_grid.py."""

from __future__ import annotations

import itertools

import pygame

from game.core.config import GameConfig
from game.core.variants import GridVariant
from game.modes.maker.handgrade import HandGradeState
from game.play.handgrade import Ending
from tests.screens.driver import click, key, make_app, post, press_key

GRID = GameConfig(colours=6, variant=GridVariant(2, 2))
KIND_KEYS = {"black": pygame.K_b, "grey": pygame.K_g, "white": pygame.K_w}


def fits(history) -> bool:
    """Brute force: does any code of GRID give every row its grade?"""
    every = itertools.product(range(GRID.colours), repeat=GRID.pegs)
    return any(all(GRID.variant.score(g, code) == f for g, f in history) for code in every)


def grades_of(guess) -> list:
    """Every grade some code gives `guess`, fewest blacks first."""
    every = itertools.product(range(GRID.colours), repeat=GRID.pegs)
    return sorted({GRID.variant.score(guess, code) for code in every})


def wait_ready(app, state, frames: int = 600) -> None:
    for _ in range(frames):
        if not state.run.busy:
            return
        app.step([], 1 / 60)
    raise AssertionError("the computer did not answer")


def grade_by_keys(app, state, grade) -> None:
    press_key(app, pygame.K_BACKSPACE)
    for kind, count in zip(state.run.kinds, grade, strict=True):
        for _ in range(count):
            press_key(app, KIND_KEYS[kind])
    assert state.run.counts == tuple(grade)


def grade_by_steppers(app, state, grade) -> None:
    """Clear each kind with its [-], then count up with its [+]."""
    for kind, count in zip(state.run.kinds, grade, strict=True):
        parts = state.stepper_parts(kind)
        while state.run.count(kind):
            click(app, parts["minus"].center)
        for _ in range(count):
            click(app, parts["plus"].center)
    assert state.run.counts == tuple(grade)


def grade_by_pegs(app, state, grade) -> None:
    """Click the active row's grading pegs. Pegs show blacks, greys, whites, then empties, so the first
    empty peg is at the total; clicked it turns black (and goes first), a black clicked turns grey, the
    first grey clicked turns white."""
    layout = state.layout()
    row = len(state.run.game.rows)

    def peg(index: int) -> None:
        click(app, layout.grade_peg_rect(row, index).center)

    black, grey, white = grade
    for _ in range(white):
        peg(sum(state.run.counts))
        peg(0)
        peg(state.run.counts[0])
    for _ in range(grey):
        peg(sum(state.run.counts))
        peg(0)
    for _ in range(black):
        peg(sum(state.run.counts))
    assert state.run.counts == tuple(grade)


def test_handgrade_grid__a_game_graded_by_steppers_pegs_and_keys_ends_with_the_code_shown() -> None:
    secret = (3, 1, 1, 5)  # the code the player keeps in mind; the app never sees it
    variant = GRID.variant
    state = HandGradeState(GRID, "knuth")
    app = make_app(start=state)
    drawn = []
    real_draw = state.view.draw

    def spy(surface, layout, game, *args, **kwargs):
        drawn.append((game.secret, kwargs.get("show_secret")))
        return real_draw(surface, layout, game, *args, **kwargs)

    state.view.draw = spy
    ways = itertools.cycle((grade_by_steppers, grade_by_pegs, grade_by_keys))
    while not state.run.over:
        wait_ready(app, state)
        next(ways)(app, state, variant.score(state.run.guess, secret))
        if len(state.run.game.rows) % 2:
            click(app, state.layout().button_rect("confirm").center)
        else:
            press_key(app, pygame.K_RETURN)
        wait_ready(app, state)
        assert not state.run.refusal
    rows = state.run.game.rows
    assert state.run.ending is Ending.SOLVED and rows[-1].guess == secret
    assert [r.feedback for r in rows] == [variant.score(r.guess, secret) for r in rows]
    assert len(rows) >= 3  # every way of grading was used
    app.draw()
    assert drawn[-1] == (secret, True)  # the secret row shows the player's code
    assert "Your code is 42/26" in state.run.message()


def test_handgrade_grid__a_contradiction_is_refused_in_three_counts_then_undo() -> None:
    secret = (0, 1, 2, 3)
    variant = GRID.variant
    state = HandGradeState(GRID, "lowest")
    app = make_app(start=state)
    for _ in range(2):
        wait_ready(app, state)
        grade_by_keys(app, state, variant.score(state.run.guess, secret))
        press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    rows = state.run.game.rows
    guess = state.run.guess
    # a grade some code would give this guess alone, but no code together with the rows so far
    bad = next(g for g in grades_of(guess) if not fits([*state.run.game.history, (guess, g)]))
    grade_by_keys(app, state, bad)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    run = state.run
    assert run.game.rows == rows and run.refusal is not None
    assert run.refusal.startswith("row 3 graded 0 black, 0 grey, 0 white contradicts row")
    first = run.conflict_rows[0]
    earlier = rows[first].feedback
    assert f"row {first + 1}, which was graded {earlier.black} black, {earlier.grey} grey, " in run.refusal
    assert f"{earlier.white} white" in run.refusal and "Refused" in run.message()
    app.draw()
    # the right grade is then taken, and undo (U) gives its guess back with that grade
    true = variant.score(guess, secret)
    grade_by_keys(app, state, true)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    assert not run.refusal and len(run.game.rows) == 3 and run.game.rows[-1].feedback == true
    press_key(app, pygame.K_u)
    assert run.game.rows == rows and run.guess == guess and run.pending == true


def test_handgrade_grid__steppers_never_pass_the_cells() -> None:
    """From every count of at most 4 pegs, each [+] adds one only while fewer than 4 are set (at 4 it is
    drawn disabled and does nothing); Shift+G takes a grey away."""
    state = HandGradeState(GRID, "lowest")
    app = make_app(start=state)
    wait_ready(app, state)
    run, pegs = state.run, GRID.pegs
    within = [t for t in itertools.product(range(pegs + 1), repeat=3) if sum(t) <= pegs]
    assert len(within) == 35
    for counts in within:
        for index, kind in enumerate(run.kinds):
            grade_by_keys(app, state, counts)
            click(app, state.stepper_parts(kind)["plus"].center)
            expected = list(counts)
            if sum(counts) < pegs:
                expected[index] += 1
            assert run.counts == tuple(expected), (counts, kind)
            assert run.can_add(kind) == (sum(run.counts) < pegs)
    grade_by_keys(app, state, (1, 2, 0))
    post(app, key(pygame.K_g, mod=pygame.KMOD_LSHIFT))
    assert run.counts == (1, 1, 0)
    grade_by_keys(app, state, (1, 1, 2))
    press_key(app, pygame.K_b)  # B is Black's [+]: nothing at the cap
    assert run.counts == (1, 1, 2)


def test_handgrade_grid__the_whole_grading_area_is_the_target_of_its_nearest_peg() -> None:
    """3x3 at 640x480, where grading pegs are a few pixels wide: a click in a corner of the grading
    area hits the peg nearest it; a click on the guess's cells changes nothing."""
    state = HandGradeState(GameConfig(colours=4, variant=GridVariant(3, 3)), "lowest")
    app = make_app(size=(640, 480), start=state)
    wait_ready(app, state)
    layout, row, run = state.layout(), 0, state.run
    area = layout.grade_rect(row)
    assert layout.grade_peg_rect(row, 0).w < 12
    for corner, after in ((area.topleft, (0, 1, 0)), ((area.right - 1, area.bottom - 1), (2, 0, 0))):
        grade_by_keys(app, state, (1, 0, 0))  # peg 0 (top left) black, the rest empty
        click(app, corner)
        assert run.counts == after, corner
    for cell in range(GameConfig(colours=4, variant=GridVariant(3, 3)).pegs):
        click(app, layout.slot_rect(row, cell).center)
        assert run.counts == (2, 0, 0)
