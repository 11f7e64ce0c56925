"""Learn to play through the real app: the first-run offer (declined by Esc or any back key for good,
never made to someone who has played), replayed from Help and from the menu, and the whole guided
game played with posted events to its hand-over to Classic. The lesson's claims are checked against
a brute force over every code of its size."""

from __future__ import annotations

from itertools import product

import pygame
import pytest

from game.app import App
from game.core.codes import score
from game.core.config import preset
from game.core.records import GameEnd, GameResult
from game.modes.learn.hooks import LessonHooks
from game.modes.learn.lesson import (
    COLOUR_TEST_ROW,
    FIRST_ROW,
    FITTING_ROW,
    LESSON_CONFIG,
    LESSON_SECRET,
    RULED_OUT,
    Wait,
    grade_sources,
    lesson_steps,
)
from game.modes.learn.offer import LEARN_BOOK, OfferOverlay
from game.modes.learn.view import RING_PAD_PX, card_rect, next_button, target_rect
from game.screens.help import HelpOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from game.ui.board import FrameCache
from game.ui.coach_view import AsideCache
from game.ui.sound import Sound
from tests.screens.driver import (
    choose_entry,
    click,
    drag,
    drawn_lines,
    key,
    make_app,
    post,
    press_key,
    settle,
)

CODES = list(product(range(LESSON_CONFIG.colours), repeat=LESSON_CONFIG.pegs))


def fitting(rows) -> list[tuple[int, ...]]:
    """Brute force: every code that gives each row the grade it gets against the lesson's code."""
    return [c for c in CODES if all(score(r, c) == score(r, LESSON_SECRET) for r in rows)]


def test_tutorial__grade_sources_account_for_every_grading_peg_as_the_rules_count_them() -> None:
    for guess, secret in product(CODES, CODES):
        sources = grade_sources(guess, secret)
        blacks = [place for kind, place in sources if kind == "black"]
        whites = [place for kind, place in sources if kind == "white"]
        assert (len(blacks), len(whites)) == tuple(score(guess, secret))
        assert all(guess[p] == secret[p] for p in blacks)
        assert all(guess[p] != secret[p] and guess[p] in secret for p in whites)
        assert len(set(blacks + whites)) == len(sources)  # each guess peg earns at most one


def test_tutorial__every_deduction_the_lesson_teaches_holds_for_every_code_that_fits() -> None:
    after_two = fitting([FIRST_ROW, COLOUR_TEST_ROW])
    assert all(RULED_OUT not in code for code in after_two)  # row 2: the colour is out
    for code in after_two:  # row 1's black and white are its first two pegs, one of them in place
        assert FIRST_ROW[0] in code and FIRST_ROW[1] in code
        assert (code[0] == FIRST_ROW[0]) != (code[1] == FIRST_ROW[1])
    assert FITTING_ROW in after_two  # "a guess that could be the code"
    assert all(c[p] != FITTING_ROW[p] for c in fitting([FITTING_ROW]) for p in range(3))  # none in place
    assert fitting([FIRST_ROW, COLOUR_TEST_ROW, FITTING_ROW]) == [LESSON_SECRET]  # only one code fits
    assert LESSON_SECRET[1] == FIRST_ROW[1] and LESSON_SECRET[2] == FIRST_ROW[0]  # "1 is second, 2 third"
    steps = lesson_steps()
    texts = " ".join(step.text for step in steps)
    assert "Row 1 got 1 black peg and 1 white peg." in texts and "Row 2 got no grading peg at all" in texts
    assert "Row 3 got 3 white pegs" in texts
    assert [s.wait for s in steps].count(Wait.SUBMIT) == 3 and steps[-1].wait is Wait.DONE


def lesson_of(app: App) -> LessonHooks:
    state = app.state
    assert isinstance(state, PlayingState) and isinstance(state.hooks, LessonHooks)
    return state.hooks


def shown(app: App) -> list[str]:
    """Every line the next frame draws, the cached board and the lesson's card drawn afresh."""
    app.state.frame = FrameCache()  # view state, thrown away at will: the next frame draws afresh
    lesson_of(app).card = AsideCache()
    return drawn_lines(app)


def type_row(app: App, code) -> None:
    press_key(app, pygame.K_c)
    for colour in code:
        post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))


def test_learn_to_play__the_whole_guided_game_through_the_real_app() -> None:
    app = make_app(size=(1280, 800), seed=3)
    choose_entry(app, "Learn to play")
    hooks = lesson_of(app)
    state = app.state
    lesson = hooks.lesson
    layout = state.layout()
    assert "Step 1 of 15" in shown(app)
    seen = []
    while not lesson.done:
        step = lesson.step
        seen.append(step.wait)
        before = lesson.index
        if step.wait is Wait.NEXT:
            if len(seen) % 2:  # Next by its button and by its key, in turn
                click(app, next_button(layout, app.text, lesson, state.run).center)
            else:
                press_key(app, pygame.K_RETURN)
        elif step.wait is Wait.PLACE:  # the first peg by drag, from the palette to its hole
            drag(app, layout.palette_rect(step.row[0]).center, layout.slot_rect(0, 0).center)
            assert state.run.draft[0] == step.row[0]
        elif step.wait is Wait.SUBMIT:
            if step.turn == 0:
                for col, colour in enumerate(step.row[1:], start=1):
                    drag(app, layout.palette_rect(colour).center, layout.slot_rect(0, col).center)
            else:
                wrong = tuple((c + 1) % 3 for c in step.row)
                type_row(app, wrong)
                press_key(app, pygame.K_RETURN)
                assert len(state.game.rows) == step.turn  # refused: not the lesson's row
                assert state.run.message.startswith("this step's row is")
                type_row(app, step.row)
            click(app, layout.button_rect("submit").center)
            settle(app, 2.0)
        elif step.wait is Wait.RULE_OUT:
            click(app, layout.palette_rect(RULED_OUT).center, button=3)
            assert state.run.ruled_out == {RULED_OUT}
        elif step.wait is Wait.WIN:
            type_row(app, (0, 1, 2))  # cannot be the code: refused, with the reason
            assert "Not that one: if the code were 1 2 3, row " in " ".join(shown(app))
            press_key(app, pygame.K_RETURN)
            assert len(state.game.rows) == 3
            assert state.run.message.startswith("that cannot be the code: if the code were 1 2 3, row ")
            type_row(app, LESSON_SECRET)
            press_key(app, pygame.K_RETURN)
            settle(app, 5.0)
            assert state.game.outcome.value == "won" and state.app is app
        assert lesson.index > before, f"step {before} ({step.wait}) did not move on"
    assert Wait.RULE_OUT in seen and Wait.WIN in seen and len(seen) == len(lesson.steps) - 1
    assert app.state is state  # the last callout waits for its Next
    click(app, next_button(layout, app.text, lesson, state.run).center)  # Play Classic
    game = app.state
    assert isinstance(game, PlayingState) and game.config == preset("Classic").config()
    assert type(game.hooks).__name__ == "ClassicHooks" and not game.game.rows


def offered_app(directory, **kwargs) -> App:
    """The app as a player starts it (`directory` is the data folder: a first run when it is new)."""
    app = App(size=(1024, 720), seed=1, store=Store(directory), sound=Sound(mixer=None), **kwargs)
    pygame.event.clear()
    settle(app, 0.2)
    return app


@pytest.mark.parametrize("back", [pygame.K_ESCAPE, pygame.K_BACKSPACE])
def test_learn_to_play__first_run_offer_declined_by_a_back_key_for_good_then_replayed_from_help(
    tmp_path, back
) -> None:
    data = tmp_path / "mastermind-arcade"
    app = offered_app(data)
    assert isinstance(app.state, OfferOverlay)  # a data folder new this run: a first run
    assert any(line.startswith("New to Mastermind?") for line in drawn_lines(app))
    press_key(app, back)
    assert isinstance(app.state, MenuState)
    assert Store(data).load_settings().tutorial_seen  # written at once, not only at quit
    assert Store(data).load_record(LEARN_BOOK)  # and in the records: the lesson's progress
    settle(app, 0.5)
    assert isinstance(app.state, MenuState)  # not offered again in this run
    post(app, pygame.event.Event(pygame.QUIT))
    again = offered_app(data)
    assert isinstance(again.state, MenuState)  # nor in the next one
    press_key(again, pygame.K_h)
    help_overlay = again.state
    assert isinstance(help_overlay, HelpOverlay)
    click(again, help_overlay.lesson_rect(help_overlay.layout()).center)
    assert isinstance(lesson_of(again).lesson.step.wait, Wait)
    press_key(again, pygame.K_ESCAPE)  # leaving the lesson: straight to the menu, nothing kept
    assert isinstance(again.state, MenuState) and Store(data).load_kept() == {}


def test_learn_to_play__the_offer_accepted_starts_the_lesson(tmp_path) -> None:
    app = offered_app(tmp_path / "new")
    assert isinstance(app.state, OfferOverlay)
    press_key(app, pygame.K_RETURN)  # "Learn to play" has the focus
    assert lesson_of(app).lesson.index == 0
    assert len(app.stack) == 1  # the lesson replaced the menu and its offer
    assert Store(tmp_path / "new").load_settings().tutorial_seen


def test_learn_to_play__never_offered_but_on_a_first_run(tmp_path) -> None:
    played = tmp_path / "played"
    Store(played).record(GameResult(preset("Classic").config(), GameEnd.WON, 5, 60.0))
    app = offered_app(played)  # the folder of someone who has played
    assert isinstance(app.state, MenuState)
    assert not Store(played).load_settings().tutorial_seen  # nothing was asked, nothing answered
    quit_early = tmp_path / "quit early"
    first = offered_app(quit_early)
    assert isinstance(first.state, OfferOverlay)
    post(first, pygame.event.Event(pygame.QUIT))  # closed without an answer
    later = offered_app(quit_early)
    assert isinstance(later.state, MenuState)  # the first run is over
    no_store = make_app()
    settle(no_store, 0.2)
    assert isinstance(no_store.state, MenuState)  # without a store an answer could not be kept


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_learn_to_play__a_wrong_first_row_is_refused_with_its_reason_on_the_card_and_panel(size) -> None:
    app = make_app(size=size, seed=3)
    choose_entry(app, "Learn to play")
    state, lesson = app.state, lesson_of(app).lesson
    press_key(app, pygame.K_RETURN)  # Next past the secret
    post(app, key(pygame.K_1 + FIRST_ROW[0], unicode=str(FIRST_ROW[0] + 1)))  # the first peg placed
    assert lesson.index == 2 and lesson.step.wait is Wait.SUBMIT and "Step 3 of 15" in shown(app)
    swapped = (FIRST_ROW[0], FIRST_ROW[2], FIRST_ROW[1])  # 2 4 1 for 2 1 4
    type_row(app, swapped)
    press_key(app, pygame.K_RETURN)
    assert not state.game.rows and lesson.index == 2  # refused
    lines = shown(app)
    said = " ".join(lines)
    right, wrong = "2\u00a01\u00a04", "2\u00a04\u00a01"  # each code whole: no-break spaces inside
    reason = f"this step's row is {right}, not {wrong}"
    assert f"Not that row: {reason}." in said  # on the card the player is reading
    for code in (right, wrong):  # on one line wherever the card and the panel wrap
        assert sum(line.count(code) for line in lines) >= 2
    assert reason[:1].upper() + reason[1:] in said  # and under Submit, instead of "Ready"
    assert "Ready: Submit or Enter" not in said
    type_row(app, FIRST_ROW)  # the row put right: the reason goes, Submit takes it
    said = " ".join(shown(app))
    assert reason not in said and reason[1:] not in said and "Ready: Submit or Enter" in said
    press_key(app, pygame.K_RETURN)
    assert len(state.game.rows) == 1


def rings_of(layout, step) -> list[pygame.Rect]:
    """The rings round what `step` points at, as the lesson draws them."""
    targets = (target_rect(layout, target) for target in step.targets)
    return [rect.inflate(2 * RING_PAD_PX, 2 * RING_PAD_PX) for rect in targets if rect is not None]


def crossed(layout, step) -> list[pygame.Rect]:
    """What a pointer must not cross at `step`: every code peg or hole, grading panel, palette peg and
    panel button, but those the step's rings enclose or touch."""
    rings = rings_of(layout, step)
    peg = layout.peg_diameter()
    things = [layout.grade_rect(row) for row in range(layout.turns)]
    for row in range(layout.turns):
        for col in range(layout.pegs):
            centre_x, centre_y = layout.slot_rect(row, col).center
            things.append(pygame.Rect(centre_x - peg // 2, centre_y - peg // 2, peg, peg))
    things += [layout.palette_peg_rect(colour) for colour in range(layout.colours)]
    things += [layout.button_rect(name) for name in layout.buttons]
    return [thing for thing in things if not any(ring.colliderect(thing) for ring in rings)]


@pytest.mark.parametrize("size", [(640, 480), (1024, 720), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_learn_to_play__every_pointer_runs_from_the_card_to_a_ring_crossing_nothing(size) -> None:
    app = make_app(size=size, seed=3)
    choose_entry(app, "Learn to play")
    hooks, state = lesson_of(app), app.state
    lesson = hooks.lesson
    while not lesson.done:
        step = lesson.step
        app.draw()
        layout = state.layout()
        card = card_rect(layout, app.text, lesson, state.run)
        (points,) = hooks.routes.values()
        assert len(points) >= 2, f"step {lesson.index + 1}: no pointer"
        rings = rings_of(layout, step)
        start, end = points[0], points[-1]
        on_edge = start[0] in (card.x, card.right) or start[1] in (card.y, card.bottom)
        assert on_edge and card.inflate(2, 2).collidepoint(start), (start, card)
        assert any(  # on a ring's edge
            r.inflate(2, 2).collidepoint(end) and not r.inflate(-2, -2).collidepoint(end) for r in rings
        )
        for a, b in zip(points, points[1:], strict=False):
            assert a[0] == b[0] or a[1] == b[1], "a pointer bends at right angles"
            hits = [thing for thing in crossed(layout, step) if thing.clipline(a, b)]
            assert hits == [], f"step {lesson.index + 1}: {a}->{b} crosses {hits}"
        if step.wait is Wait.NEXT:
            press_key(app, pygame.K_RETURN)
        elif step.wait is Wait.RULE_OUT:
            click(app, layout.palette_rect(RULED_OUT).center, button=3)
        else:
            type_row(app, LESSON_SECRET if step.wait is Wait.WIN else step.row)
            press_key(app, pygame.K_RETURN)
            settle(app, 2.0 if step.wait is Wait.SUBMIT else 0.2)
