"""Monkey test: 20,000 seeded random events (clicks, drags, keys, resizes) through the real app,
across every state it can reach, with no exception and a valid game state after every event."""

from __future__ import annotations

import random

import pygame

from game.core.state import Outcome
from game.screens.playing import PlayingState
from tests.screens.driver import key, make_app, motion, mouse_down, mouse_up

EVENTS = 20_000
DRAW_EVERY = 4  # drawing every frame would triple the run time; every 4th still covers every state
KEYS = [pygame.K_0 + i for i in range(10)] + [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_DELETE,
    pygame.K_RETURN, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_h, pygame.K_r, pygame.K_n, pygame.K_c,
    pygame.K_y, pygame.K_SPACE, pygame.K_TAB, pygame.K_HOME, pygame.K_END, pygame.K_m, pygame.K_MINUS,
    pygame.K_PLUS,
]  # fmt: skip


def check_game(game) -> None:
    config = game.config
    assert len(game.rows) <= config.turns
    for row in game.rows:
        assert config.is_legal(row.guess)
        if game.secret is not None:
            assert tuple(row.feedback) == tuple(config.variant.score(row.guess, game.secret))
    won = bool(game.rows) and game.rows[-1].feedback.black == config.pegs
    if game.outcome is Outcome.WON:
        assert won
    elif game.outcome is Outcome.LOST:
        assert len(game.rows) == config.turns and not won
    elif game.outcome is Outcome.PLAYING:
        assert not won and len(game.rows) < config.turns


def check_app(app) -> None:
    assert app.stack
    for state in app.stack:
        game = getattr(state, "game", None)
        if game is not None and hasattr(game, "rows"):
            check_game(game)
        if isinstance(state, PlayingState):
            assert len(state.run.draft) == state.config.pegs
            assert all(c is None or 0 <= c < state.config.colours for c in state.run.draft)
            assert 0 <= state.run.cursor < state.config.pegs


def targets(app, rng: random.Random) -> tuple[int, int]:
    """A point worth clicking: often the centre of something on the playing screen, else anywhere."""
    w, h = app.size
    state = app.state
    if isinstance(state, PlayingState) and rng.random() < 0.7:
        layout = state.layout()
        choice = rng.random()
        if choice < 0.35:
            return layout.palette_rect(rng.randrange(state.config.colours)).center
        if choice < 0.75:
            row = (
                min(state.game.turn, state.config.turns - 1)
                if rng.random() < 0.8
                else rng.randrange(state.config.turns)
            )
            return layout.slot_rect(row, rng.randrange(state.config.pegs)).center
        names = layout.buttons
        return layout.button_rect(rng.choice(names)).center
    return (rng.randrange(w), rng.randrange(h))


def test_monkey__twenty_thousand_random_events_leave_a_valid_game():
    rng = random.Random(20_000)
    app = make_app(size=(640, 480), seed=99)
    held = False
    visited: set[str] = set()
    for i in range(EVENTS):
        roll = rng.random()
        if roll < 0.30:
            pos = targets(app, rng)
            event = mouse_up(pos, 1) if held else mouse_down(pos, rng.choice((1, 1, 1, 3)))
            held = not held and event.button == 1
        elif roll < 0.50:
            event = motion(targets(app, rng), (1, 0, 0) if held else (0, 0, 0))
        elif roll < 0.985:
            event = key(rng.choice(KEYS))
        else:
            size = (rng.randrange(640, 1300), rng.randrange(480, 920))
            event = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        app.step([event], dt=rng.choice((0.0, 1 / 60, 0.05, 0.3)), draw=i % DRAW_EVERY == 0)
        if not app.running:  # Quit from the menu: every state has left; start again, as a player would
            assert app.stack == []
            app = make_app(size=(640, 480), seed=rng.randrange(1000))
        check_app(app)
        visited.add(type(app.state).__name__)
    reached = {"MenuState", "SetupState", "PlayingState", "ResultState", "HelpOverlay", "ConfirmOverlay"}
    assert reached <= visited, f"the monkey never reached {reached - visited}"
