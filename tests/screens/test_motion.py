"""Motion through the real app: a held peg lifts, a dropped one flies in, the secret's shield opens
at the end, a loss shakes, a win's score counts up; at normal motion each advances with dt, under
reduced motion each is at its resting form at once (no shake, shield open, score shown whole)."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.play.finale import COUNT_S, Beat
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.ui.breaker_view import shake
from game.ui.layout import centre
from tests.screens.driver import click, key, motion, mouse_down, mouse_up, post, settle, submit_code

CONFIG = GameConfig(4, 6)
SECRET = (0, 1, 2, 3)


def playing_app(reduced: bool, store=None) -> App:
    app = App(
        size=(1024, 720),
        seed=3,
        start=PlayingState(CONFIG, secret=SECRET, hooks=ClassicHooks()),
        settings={"reduced_motion": reduced},
        store=store,
    )
    pygame.event.clear()
    return app


def grade_to_the_finish(app: App, run) -> None:
    """Frames until the last grade is on the board and the finish has begun."""
    for _ in range(200):
        if run.finish_track is not None:
            return
        app.step([], 0.02)
    raise AssertionError("the finish never began")


def test_motion__a_held_peg_lifts_and_a_dropped_one_flies_into_its_slot():
    app = playing_app(reduced=False)
    run = app.state.run
    layout = app.state.layout()
    start, slot = centre(layout.palette_rect(2)), centre(layout.slot_rect(0, 1))
    post(app, motion(start, (0, 0, 0)), mouse_down(start), dt=0.02)
    post(app, motion((start[0] + 40, start[1])), dt=0.02)
    assert run.drag is not None and run.drag.moved
    assert 0.0 < run.lift_progress < 1.0
    settle(app, 0.2, dt=0.02)
    assert run.lift_progress == 1.0
    post(app, motion(slot), mouse_up(slot), dt=0.02)
    assert run.draft[1] == 2 and run.drop_from[1] == slot
    snap = run.snap_track(1)
    assert snap is not None and 0.0 < snap.progress < 1.0
    settle(app, 0.3, dt=0.02)
    assert run.snap_track(1) is None  # settled in its slot


def test_motion__reduced_motion_lifts_and_drops_at_once():
    app = playing_app(reduced=True)
    run = app.state.run
    layout = app.state.layout()
    start, slot = centre(layout.palette_rect(2)), centre(layout.slot_rect(0, 1))
    post(app, motion(start, (0, 0, 0)), mouse_down(start), dt=0.001)
    post(app, motion((start[0] + 40, start[1])), dt=0.001)
    assert run.lift_progress == 1.0
    post(app, motion(slot), mouse_up(slot), dt=0.0)
    snap = run.snap_track(1)
    assert run.draft[1] == 2 and (snap is None or snap.progress == 1.0)


def test_motion__a_win_opens_the_shield_over_time_then_shows_the_result():
    app = playing_app(reduced=False)
    run = app.state.run
    assert run.shield_progress == 0.0
    submit_code(app, SECRET)
    assert run.game.over and run.shield_progress == 0.0  # closed while the grade drops in
    grade_to_the_finish(app, run)
    seen = []
    while isinstance(app.state, PlayingState):
        seen.append(run.shield_progress)
        app.step([], 0.05)
    assert seen[0] < 0.5 and seen == sorted(seen) and len(set(seen)) > 3  # it slid open with dt
    assert run.shield_progress == 1.0 and isinstance(app.state, ResultState)


def test_motion__reduced_motion_opens_the_shield_at_once_and_never_shakes():
    app = playing_app(reduced=True)
    run = app.state.run
    wrong = (4, 4, 5, 5)
    for _ in range(CONFIG.turns):
        submit_code(app, wrong)
        settle(app, 0.3, dt=0.05)
        if run.game.over:
            break
    grade_to_the_finish(app, run)
    assert run.shield_progress == 1.0 and run.shake_progress == 1.0
    assert shake(app.surface, run) == (0, 0)


def test_motion__a_loss_shakes_the_frame_then_comes_to_rest():
    app = playing_app(reduced=False)
    run = app.state.run
    for _ in range(CONFIG.turns):
        submit_code(app, (4, 4, 5, 5))
        settle(app, 0.3, dt=0.05)
        if run.game.over:
            break
    grade_to_the_finish(app, run)
    offsets = []
    while run.shake_progress < 1.0:
        app.step([], 0.02, draw=False)
        offsets.append(shake(app.surface.copy(), run))
    assert any(offset != (0, 0) for offset in offsets)
    assert offsets[-1] == (0, 0)


def win_to_the_result(app: App) -> ResultState:
    submit_code(app, SECRET)
    for _ in range(400):
        if isinstance(app.state, ResultState) or not isinstance(app.state, PlayingState):
            break
        app.step([], 0.05)
    assert isinstance(app.state, ResultState)  # the initials wait until the win has landed
    return app.state


def land(app: App, result: ResultState) -> None:
    """A key puts the win's ending at rest; the initials a first score asks for are skipped; the
    screen's fade-in is over."""
    post(app, key(pygame.K_SPACE))
    post(app, dt=0.0)
    if not isinstance(app.state, ResultState):
        post(app, key(pygame.K_ESCAPE), dt=0.0)
    assert app.state is result
    post(app, dt=0.1)
    post(app, dt=0.1)
    post(app, dt=0.1)


def test_motion__a_win_counts_its_score_up_and_then_says_new_best(tmp_path):
    app = playing_app(reduced=False, store=Store(tmp_path))
    result = win_to_the_result(app)
    points = result.points
    assert points > 0
    shown = []
    for _ in range(round(COUNT_S / 0.1) + 2):
        shown.append(result.shown_points)
        app.step([], 0.1)
    assert shown[0] < points and shown == sorted(shown) and shown[-1] == points
    assert result.new_best and any("new best" in line for line in result.details())


def test_motion__reduced_motion_shows_the_score_whole_at_once(tmp_path):
    app = playing_app(reduced=True, store=Store(tmp_path))
    result = win_to_the_result(app)
    post(app, dt=0.0)
    assert result.points > 0 and result.shown_points == result.points and result.new_best
    assert result.finale.started(Beat.CELEBRATE)  # at rest at once


def test_motion__confetti_never_covers_the_revealed_secret(tmp_path):
    app = playing_app(reduced=False, store=Store(tmp_path))
    result = win_to_the_result(app)
    land(app, result)
    assert app.session.particles.active
    clear = result.holding().keep_clear
    for _ in range(10):
        app.step([], 0.05)
        plain = app.surface.copy()
        result.draw(plain)
        assert pygame.image.tobytes(plain.subsurface(clear), "RGB") == pygame.image.tobytes(
            app.surface.subsurface(clear), "RGB"
        )


def test_motion__the_menu_plays_a_demo_behind_itself_and_stands_still_under_reduced_motion():
    from game.screens.menu import MenuState

    frames = {}
    for reduced in (False, True):
        app = App(size=(1024, 720), seed=3, settings={"reduced_motion": reduced})
        pygame.event.clear()
        menu = app.state
        assert isinstance(menu, MenuState)
        rng_before = app.rng.getstate()
        for _ in range(10):  # the demo starts a moment after the menu shows
            app.step([], 0.05)
        assert menu.live_backdrop is not reduced
        first = pygame.image.tobytes(app.surface, "RGB")
        for _ in range(120):  # six seconds: the demo plays its first guesses
            app.step([], 0.05)
            menu.idle_s = 0.0  # a player reading the menu (the idle attract loop is tested elsewhere)
        assert isinstance(app.state, MenuState)
        frames[reduced] = (first, pygame.image.tobytes(app.surface, "RGB"))
        assert app.rng.getstate() == rng_before  # the demo never draws the next game's secret
        if not reduced:
            assert menu.backdrop.run.game.rows  # the demo has played
    assert frames[False][0] != frames[False][1]  # alive
    assert frames[True][0] == frames[True][1]  # still


def test_motion__confetti_stays_under_a_card_opened_over_the_win(tmp_path):
    app = playing_app(reduced=False, store=Store(tmp_path))
    result = win_to_the_result(app)
    land(app, result)
    click(app, result.layout().button_rect("analysis").center)
    overlay = app.state
    assert overlay is not result and overlay.is_overlay and app.session.particles.active
    card = overlay.layout().card.inflate(-24, -24)  # inside the rounded corners
    for _ in range(10):
        app.step([], 0.05)
        plain = app.surface.copy()
        result.draw(plain)
        overlay.draw(plain)  # the same frame without particles: the card must look the same
        assert pygame.image.tobytes(plain.subsurface(card), "RGB") == pygame.image.tobytes(
            app.surface.subsurface(card), "RGB"
        )
