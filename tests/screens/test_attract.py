"""Attract mode: idle in the menu starts a demo the computer plays; any input ends it; the demo never
draws from the app's random generator nor touches the statistics."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.state import Outcome
from game.screens.attract import (
    DEMOS,
    RESULT_HOLD_S,
    SCORES_PAGE_S,
    TITLE_HOLD_S,
    AttractState,
)
from game.screens.base import Push
from game.screens.menu import ATTRACT_IDLE_S, MenuState
from game.store import Store
from tests.screens.driver import key, motion, post, settle


def idle_menu_app(tmp_path) -> App:
    app = App(size=(1024, 720), seed=3, store=Store(tmp_path))
    pygame.event.clear()
    return app


def test_attract__starts_after_the_menu_is_idle_and_not_before(tmp_path):
    app = idle_menu_app(tmp_path)
    settle(app, ATTRACT_IDLE_S - 1.0, dt=0.1)
    assert isinstance(app.state, MenuState)
    post(app, key(pygame.K_DOWN))  # any input restarts the count
    settle(app, ATTRACT_IDLE_S - 1.0, dt=0.1)
    assert isinstance(app.state, MenuState)
    settle(app, 1.5, dt=0.1)
    assert isinstance(app.state, AttractState)


def test_attract__plays_demo_games_to_the_end_then_the_next_one(tmp_path):
    app = idle_menu_app(tmp_path)
    rng_before = app.rng.getstate()
    app.apply(Push(AttractState()))
    demo = app.state
    first = demo.run
    for _ in range(6000):  # 100 s of frames at most; a demo takes far less
        app.step([], 1 / 60, draw=False)
        if first.finished:
            break
    assert first.finished and first.game.outcome is Outcome.WON
    assert first.info.name == DEMOS[0][1]
    app.draw()  # the finished demo with the secret shown
    # then the high scores (one page: nothing stored yet) and the title, then the next demo
    settle(app, RESULT_HOLD_S + SCORES_PAGE_S + TITLE_HOLD_S + 0.2, dt=0.1)
    assert demo.run is not first and demo.games_played == 1
    assert demo.run.game.config.pegs == 3  # the second demo: Easy
    assert app.rng.getstate() == rng_before
    assert Store(tmp_path).load_stats() == {}


def test_attract__any_key_click_or_real_mouse_move_returns_to_the_menu(tmp_path):
    app = idle_menu_app(tmp_path)
    for event in (
        key(pygame.K_SPACE),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(40, 0), buttons=(0, 0, 0)),
    ):
        app.apply(Push(AttractState()))
        post(app, motion((5, 5), (0, 0, 0)))  # jitter (rel 0) does not end it
        assert isinstance(app.state, AttractState)
        post(app, event)
        assert isinstance(app.state, MenuState)
        assert app.state.idle_s < 1.0


def test_attract__draws_every_phase_with_and_without_reduced_motion(tmp_path):
    for reduced in (False, True):
        app = App(size=(800, 600), seed=3, store=Store(tmp_path), settings={"reduced_motion": reduced})
        pygame.event.clear()
        app.apply(Push(AttractState(demo=1)))
        phases = set()
        for _ in range(1200):
            app.step([], 1 / 60)
            phases.add(app.state.run.phase)
            if app.state.run.finished:
                break
        assert {p.value for p in phases} >= {"placing", "grading", "finished"}
