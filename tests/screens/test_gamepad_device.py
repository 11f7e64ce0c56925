"""A real SDL game controller, without hardware: SDL's virtual joystick (SDL_JoystickAttachVirtual,
reached through ctypes in the SDL library pygame-ce has loaded) is a device SDL announces, maps as a
controller and reports input from like any pad, so the game opens it, names it and drops it on its
own. Skipped where that library cannot be found (a pygame built against a system SDL elsewhere)."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from tests.screens.driver import make_app

JOYSTICK_TYPE_GAMECONTROLLER = 1  # SDL_JOYSTICK_TYPE_GAMECONTROLLER
VIRTUAL_AXES, VIRTUAL_BUTTONS = 6, 15  # SDL maps these as a full controller: A is b0, RB b10
RB_BUTTON = 10


def loaded_sdl() -> ctypes.CDLL | None:
    """The SDL2 library this process has loaded (pygame-ce's own), or None."""
    maps = Path("/proc/self/maps")
    if not maps.is_file():
        return None
    for line in maps.read_text().splitlines():
        path = line.split()[-1]
        if "libSDL2-2" in Path(path).name:
            lib = ctypes.CDLL(path)
            return lib if hasattr(lib, "SDL_JoystickAttachVirtual") else None
    return None


@pytest.fixture
def virtual_pad() -> Iterator[tuple[ctypes.CDLL, list[int]]]:
    pygame.display.init()
    pygame.joystick.init()
    sdl = loaded_sdl()
    if sdl is None:
        pytest.skip("no SDL library with virtual joysticks loaded in this process")
    sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    attached: list[int] = []
    yield sdl, attached
    for index in attached:
        sdl.SDL_JoystickDetachVirtual(index)
    pygame.event.clear()


def test_gamepad_device__a_controller_is_opened_used_and_dropped_by_sdls_own_events(virtual_pad) -> None:
    sdl, attached = virtual_pad
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    run = app.state.run
    index = sdl.SDL_JoystickAttachVirtual(JOYSTICK_TYPE_GAMECONTROLLER, VIRTUAL_AXES, VIRTUAL_BUTTONS, 0)
    assert index >= 0
    attached.append(index)
    app.step(None)  # SDL announces it: the game opens it as a controller and names it
    (pad,) = app.pads.pads.values()
    assert pad.controller and pad.device is not None and pad.name == "Virtual Controller"
    assert "Gamepad connected: Virtual Controller, player 1" in app.session.notices.texts
    joystick = sdl.SDL_JoystickFromInstanceID(pad.instance_id)
    sdl.SDL_JoystickSetVirtualButton(joystick, RB_BUTTON, 1)
    app.step(None)
    sdl.SDL_JoystickSetVirtualButton(joystick, RB_BUTTON, 0)
    app.step(None)
    assert run.draft == [0, None, None, None]  # one step: its joystick echo is not counted again
    sdl.SDL_JoystickDetachVirtual(index)
    attached.remove(index)
    app.step(None)
    assert app.pads.pads == {}
    assert "Gamepad removed: Virtual Controller, player 1" in app.session.notices.texts
