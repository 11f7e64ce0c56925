"""Drive the real app with gamepad events, posted to pygame's queue as SDL would send them.

The SDL dummy drivers have no pads, so a posted CONTROLLERDEVICEADDED names a device that cannot
be opened (the game says so in a notice); the pad is taken up when its first button or axis
event arrives, by its instance id, as the game does for a pad it never opened.
"""

from __future__ import annotations

import pygame

from game.app import App
from tests.screens.driver import FRAME_S, post

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
X = pygame.CONTROLLER_BUTTON_X
Y = pygame.CONTROLLER_BUTTON_Y
START = pygame.CONTROLLER_BUTTON_START
BACK = pygame.CONTROLLER_BUTTON_BACK
LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
UP = pygame.CONTROLLER_BUTTON_DPAD_UP
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT = pygame.CONTROLLER_BUTTON_DPAD_LEFT
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
STICK_FULL = 32767


def button_down(button: int, pad: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)


def button_up(button: int, pad: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)


def axis(axis_id: int, value: int, pad: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis_id, value=value)


def added(device_index: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=device_index)


def removed(pad: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)


def press(app: App, button: int, pad: int = 0, dt: float = FRAME_S) -> None:
    """Press and let go of a controller button in one frame (held directions do not repeat)."""
    post(app, button_down(button, pad), button_up(button, pad), dt=dt)


def presses(app: App, *buttons: int, pad: int = 0) -> None:
    for button in buttons:
        press(app, button, pad)


def joy_button(app: App, button: int, joy: int) -> None:
    """Press and let go of a bare joystick's button `button` (no controller mapping)."""
    down = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=joy, joy=joy, button=button)
    up = pygame.event.Event(pygame.JOYBUTTONUP, instance_id=joy, joy=joy, button=button)
    post(app, down, up)


def joy_hat(app: App, value: tuple[int, int], joy: int) -> None:
    """Tilt a joystick's hat 0 to `value` and back to the middle."""
    tilt = pygame.event.Event(pygame.JOYHATMOTION, instance_id=joy, joy=joy, hat=0, value=value)
    centre = pygame.event.Event(pygame.JOYHATMOTION, instance_id=joy, joy=joy, hat=0, value=(0, 0))
    post(app, tilt, centre)
