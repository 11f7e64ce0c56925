"""Gamepad monkey: seeded random pad events only (two controllers' buttons and sticks, a bare
joystick's buttons and hat, pads announced and pulled out) through the real app, with no exception,
a valid game after every event, and the screens a pad player reaches reached."""

from __future__ import annotations

import random

import pygame

from tests.screens.driver import make_app
from tests.screens.test_monkey import check_app

EVENTS = 5_000
DRAW_EVERY = 4
CONTROLLER_BUTTONS = [
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_B,
    pygame.CONTROLLER_BUTTON_X,
    pygame.CONTROLLER_BUTTON_Y,
    pygame.CONTROLLER_BUTTON_START,
    pygame.CONTROLLER_BUTTON_START,
    pygame.CONTROLLER_BUTTON_BACK,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    pygame.CONTROLLER_BUTTON_GUIDE,
] + [pygame.CONTROLLER_BUTTON_DPAD_UP + i for i in range(4)] * 3


def random_pad_event(rng: random.Random) -> pygame.event.Event:
    roll = rng.random()
    pad = rng.choice((0, 1))
    if roll < 0.6:
        kind = pygame.CONTROLLERBUTTONDOWN if rng.random() < 0.6 else pygame.CONTROLLERBUTTONUP
        return pygame.event.Event(kind, instance_id=pad, button=rng.choice(CONTROLLER_BUTTONS))
    if roll < 0.8:
        value = rng.choice((-32768, -20000, -9000, 0, 9000, 20000, 32767))
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=rng.randrange(6), value=value
        )
    if roll < 0.9:
        kind = pygame.JOYBUTTONDOWN if rng.random() < 0.6 else pygame.JOYBUTTONUP
        return pygame.event.Event(kind, instance_id=7, joy=7, button=rng.randrange(10))
    if roll < 0.97:
        value = rng.choice(((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1)))
        return pygame.event.Event(pygame.JOYHATMOTION, instance_id=7, joy=7, hat=0, value=value)
    if roll < 0.985:
        return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=rng.randrange(3))
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)


def test_gamepad_monkey__random_pad_events_leave_a_valid_game() -> None:
    rng = random.Random(4_000)
    app = make_app(size=(640, 480), seed=98)
    visited: set[str] = set()
    for i in range(EVENTS):
        event = random_pad_event(rng)
        app.step([event], dt=rng.choice((0.0, 1 / 60, 0.05, 0.3)), draw=i % DRAW_EVERY == 0)
        if not app.running:  # Quit from the menu: start again, as a player would
            assert app.stack == []
            app = make_app(size=(640, 480), seed=rng.randrange(1000))
        check_app(app)
        visited.add(type(app.state).__name__)
    reached = {"MenuState", "PlayingState", "ConfirmOverlay", "HelpOverlay"}
    assert reached <= visited, f"the pad monkey never reached {reached - visited}"
