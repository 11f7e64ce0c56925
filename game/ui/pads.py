"""Gamepads: SDL's game controller API first, the joystick API as a fallback, turned into the
actions of game/ui/pad_actions.py, which every screen gets as its keys.

The app (game/app.py) hands every pad event to one Pads and calls update(dt) once a frame; Pads
answers with PadPress values (an action, the player whose pad it is, the pad's instance id), and
the app gives each to the top screen (pad_actions.pad_event). Buttons: A CONFIRM, B BACK, X
RULE_OUT, Y HINT, Start START, Back/Select MENU, shoulders PREV/NEXT; the D-pad (a joystick's hat)
or the left stick UP/DOWN/LEFT/RIGHT, repeated while held after REPEAT_DELAY_S every
REPEAT_INTERVAL_S like a keyboard's auto-repeat (driven by update(dt), never by a clock).

Devices: a CONTROLLERDEVICEADDED opens the controller; a JOYDEVICEADDED opens a joystick only when
SDL has no controller mapping for it (a controller sends joystick events too: they are ignored for
an instance opened as a controller). A pad is kept by its instance id (events name it) and seated:
the lowest free player number, so in a two-player match each player may use their own pad and a
pad plugged in again gets its seat back. Opening can fail (no such device, a driver's refusal, or
the SDL dummy driver, where posted events name devices that do not exist): the pad is named in a
notice, never raised. Events from an instance never opened (posted events, a pad open before the
game) adopt that pad on first use, as if it had just been connected. Removal drops the pad, its
held direction and its seat, with a notice. Every notice is for the session to show
(take_notices).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pygame

from game.ui.pad_actions import DIRECTIONS, PadAction, PadPress

try:  # SDL's game controller API; a build without it still has joysticks
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - every pygame-ce wheel has it
    sdl_controller = None

log = logging.getLogger(__name__)

REPEAT_DELAY_S = 0.4  # a held direction repeats after this, as a keyboard's auto-repeat does
REPEAT_INTERVAL_S = 0.1  # then this often
TIME_EPSILON_S = 1e-9  # frame times summed in floating point land a hair short of a repeat's time
STICK_PRESS = 0.5  # a stick pushed past this fraction of its travel is a direction
STICK_RELEASE = 0.35  # and lets go of it below this (hysteresis: no chatter at the edge)
CONTROLLER_AXIS_FULL = 32767  # SDL's controller axes run -32768..32767; joystick events are -1..1
MAX_PLAYERS = 8
UNNAMED = "Gamepad"  # a pad whose device gives no name (or was never opened here)

CONTROLLER_BUTTONS: Mapping[int, PadAction] = MappingProxyType(
    {
        pygame.CONTROLLER_BUTTON_A: PadAction.CONFIRM,
        pygame.CONTROLLER_BUTTON_B: PadAction.BACK,
        pygame.CONTROLLER_BUTTON_X: PadAction.RULE_OUT,
        pygame.CONTROLLER_BUTTON_Y: PadAction.HINT,
        pygame.CONTROLLER_BUTTON_START: PadAction.START,
        pygame.CONTROLLER_BUTTON_BACK: PadAction.MENU,
        pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PadAction.PREV,
        pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: PadAction.NEXT,
        pygame.CONTROLLER_BUTTON_DPAD_UP: PadAction.UP,
        pygame.CONTROLLER_BUTTON_DPAD_DOWN: PadAction.DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT: PadAction.LEFT,
        pygame.CONTROLLER_BUTTON_DPAD_RIGHT: PadAction.RIGHT,
    }
)
# A joystick without a controller mapping: the order Linux's drivers give an Xbox-style pad
# (A, B, X, Y, LB, RB, Back, Start), which most generic USB pads follow; the D-pad is hat 0.
JOYSTICK_BUTTONS: Mapping[int, PadAction] = MappingProxyType(
    {
        0: PadAction.CONFIRM,
        1: PadAction.BACK,
        2: PadAction.RULE_OUT,
        3: PadAction.HINT,
        4: PadAction.PREV,
        5: PadAction.NEXT,
        6: PadAction.MENU,
        7: PadAction.START,
    }
)
STICK_AXES = (0, 1)  # left stick x, y: the same numbers for controllers (LEFTX, LEFTY) and joysticks


class DirectionRepeat:
    """A held direction as presses: one at once, then after `delay` one every `interval` (seconds,
    counted by update(dt)). A new direction starts over; None lets go."""

    def __init__(self, delay: float = REPEAT_DELAY_S, interval: float = REPEAT_INTERVAL_S) -> None:
        self.delay, self.interval = delay, interval
        self.held: PadAction | None = None
        self._held_s = 0.0
        self._next_s = delay

    def hold(self, direction: PadAction | None) -> list[PadAction]:
        if direction == self.held:
            return []
        self.held, self._held_s, self._next_s = direction, 0.0, self.delay
        return [] if direction is None else [direction]

    def update(self, dt: float) -> list[PadAction]:
        if self.held is None:
            return []
        self._held_s += dt
        repeats = []
        while self._held_s + TIME_EPSILON_S >= self._next_s:
            repeats.append(self.held)
            self._next_s += self.interval
        return repeats


def stick_direction(x: float, y: float, held: PadAction | None) -> PadAction | None:
    """The direction a stick at (x, y) (-1..1, y down) points, along its longer axis; past
    STICK_PRESS to take one, below STICK_RELEASE to let the held one go."""
    threshold = STICK_RELEASE if held is not None else STICK_PRESS
    if max(abs(x), abs(y)) < threshold:
        return None
    if abs(x) >= abs(y):
        return PadAction.RIGHT if x > 0 else PadAction.LEFT
    return PadAction.DOWN if y > 0 else PadAction.UP


@dataclass
class Pad:
    """One connected pad: how it reports (a controller or a bare joystick), its seat, and where each
    of its direction sources points (the D-pad's buttons, a hat, the left stick)."""

    instance_id: int
    name: str
    controller: bool
    seat: int
    device: Any = None  # the opened Controller or Joystick (kept: closing it would stop its events)
    dpad: list[PadAction] = field(default_factory=list)  # D-pad buttons held, the last pressed last
    hat: PadAction | None = None
    stick: tuple[float, float] = (0.0, 0.0)
    stick_held: PadAction | None = None
    repeat: DirectionRepeat = field(default_factory=DirectionRepeat)

    @property
    def direction(self) -> PadAction | None:
        """Where the pad points: the D-pad first, then the hat, then the stick."""
        return self.dpad[-1] if self.dpad else self.hat or self.stick_held

    @property
    def label(self) -> str:
        """How notices name it: its device name, if it has one, and its player."""
        player = f"player {self.seat + 1}"
        return player if self.name == UNNAMED else f"{self.name}, {player}"


HAT_DIRECTIONS = MappingProxyType(
    {(0, 1): PadAction.UP, (0, -1): PadAction.DOWN, (-1, 0): PadAction.LEFT, (1, 0): PadAction.RIGHT}
)
CONTROLLER_INPUT = frozenset(
    {pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION}
)
INPUT_EVENTS = CONTROLLER_INPUT | {
    pygame.JOYBUTTONDOWN,
    pygame.JOYBUTTONUP,
    pygame.JOYHATMOTION,
    pygame.JOYAXISMOTION,
}
BUTTON_EVENTS = frozenset(
    {pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP}
)
OTHER_PAD_EVENTS = (
    "CONTROLLERTOUCHPADDOWN",
    "CONTROLLERTOUCHPADMOTION",
    "CONTROLLERTOUCHPADUP",
    "CONTROLLERSENSORUPDATE",
)
PAD_EVENTS = (  # every event of a pad: the app gives none of them to a screen as it is
    INPUT_EVENTS
    | {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERDEVICEREMAPPED,
        pygame.JOYDEVICEADDED,
        pygame.JOYDEVICEREMOVED,
        pygame.JOYBALLMOTION,
    }
    | {getattr(pygame, name) for name in OTHER_PAD_EVENTS if hasattr(pygame, name)}  # newer SDLs only
)


def _instance(event: pygame.event.Event) -> int | None:
    value = event.dict.get("instance_id")
    return value if isinstance(value, int) else None


class Pads:
    """Every connected pad, by instance id (see the module docstring)."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        self._notices: list[str] = []
        self._refused: set[int] = set()  # device indexes whose controller would not open
        self.controllers = _init_subsystems()

    # --- what the app asks ------------------------------------------------------------------------
    @staticmethod
    def claims(event: pygame.event.Event) -> bool:
        """True for the events of pads (the app hands them here, not to the screens)."""
        return event.type in PAD_EVENTS

    def handle(self, event: pygame.event.Event) -> list[PadPress]:
        """The presses one pad event makes (none for most); connection changes make notices."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open(event.dict.get("device_index"), controller=True)
            return []
        if kind == pygame.JOYDEVICEADDED:
            self._open(event.dict.get("device_index"), controller=False)
            return []
        instance = _instance(event)
        if instance is None:
            return []
        if kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            pad = self.pads.get(instance)
            if pad is not None and pad.controller == (kind == pygame.CONTROLLERDEVICEREMOVED):
                self._drop(pad)
            return []
        if kind not in INPUT_EVENTS:
            return []
        controller = kind in CONTROLLER_INPUT
        pad = self.pads.get(instance)
        if pad is not None and pad.controller != controller:
            return []  # a controller's own joystick events: its controller events say the same
        if pad is None:
            pad = self._adopt(instance, controller)
            if pad is None:
                return []
        return [PadPress(action, pad.seat, pad.instance_id) for action in self._actions(pad, event)]

    def update(self, dt: float) -> list[PadPress]:
        """Repeats of held directions, `dt` seconds on."""
        return [
            PadPress(action, pad.seat, pad.instance_id)
            for pad in list(self.pads.values())
            for action in pad.repeat.update(dt)
        ]

    def take_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices

    def seated(self, player: int) -> bool:
        """Whether a pad sits at `player`'s seat."""
        return any(pad.seat == player for pad in self.pads.values())

    def may_use(self, press: PadPress, owner: int | None) -> bool:
        """Whether `press` may drive a screen that belongs to player `owner` (None: anyone's): a
        screen of a player who has a pad listens to that pad only; without one, to every pad."""
        return owner is None or press.player == owner or not self.seated(owner)

    # --- devices ----------------------------------------------------------------------------------
    def _open(self, index: Any, controller: bool) -> None:
        if not isinstance(index, int):
            return
        if not controller and self._is_controller(index) and index not in self._refused:
            return  # its CONTROLLERDEVICEADDED opens it as a controller
        try:
            if controller:
                if self.controllers is None:
                    return  # no controller API: its JOYDEVICEADDED opens it as a joystick
                device = self.controllers.Controller(index)
                instance, name = device.as_joystick().get_instance_id(), device.name
            else:
                device = pygame.joystick.Joystick(index)
                instance, name = device.get_instance_id(), device.get_name()
        except (pygame.error, ValueError, TypeError, AttributeError, OSError) as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            log.warning("gamepad %s could not be opened: %s", index, reason)
            if controller:
                self._refused.add(index)  # its JOYDEVICEADDED may still open it as a joystick
            self._notices.append(f"A gamepad (device {index}) could not be opened: {reason}")
            return
        self._refused.discard(index)
        name = " ".join(str(name or "").split()) or UNNAMED
        known = self.pads.get(instance)
        if known is not None:  # the same device announced twice (SDL does at start-up)
            known.device = device
            return
        self._seat(instance, name, controller, device)

    def _adopt(self, instance: int, controller: bool) -> Pad | None:
        """A pad never opened here that sends input: taken up as if it had just been connected."""
        return self._seat(instance, UNNAMED, controller, None)

    def _seat(self, instance: int, name: str, controller: bool, device: Any) -> Pad | None:
        taken = {pad.seat for pad in self.pads.values()}
        seat = next((s for s in range(MAX_PLAYERS) if s not in taken), None)
        if seat is None:
            self._notices.append(f"A gamepad ({name}) is left out: {MAX_PLAYERS} are in use")
            return None
        pad = Pad(instance, name, controller, seat, device)
        self.pads[instance] = pad
        self._notices.append(f"Gamepad connected: {pad.label}")
        return pad

    def _drop(self, pad: Pad) -> None:
        del self.pads[pad.instance_id]
        pad.repeat.hold(None)
        self._notices.append(f"Gamepad removed: {pad.label}")

    def _is_controller(self, index: int) -> bool:
        if self.controllers is None:
            return False
        try:
            return bool(self.controllers.is_controller(index))
        except (pygame.error, ValueError, TypeError):
            return False

    # --- input ------------------------------------------------------------------------------------
    def _actions(self, pad: Pad, event: pygame.event.Event) -> list[PadAction]:
        kind, d = event.type, event.dict
        before = pad.direction
        pressed: list[PadAction] = []
        if kind in BUTTON_EVENTS:
            table = CONTROLLER_BUTTONS if pad.controller else JOYSTICK_BUTTONS
            action = table.get(d.get("button"))
            down = kind in (pygame.CONTROLLERBUTTONDOWN, pygame.JOYBUTTONDOWN)
            if action in DIRECTIONS:
                if action in pad.dpad:
                    pad.dpad.remove(action)
                if down:
                    pad.dpad.append(action)
            elif action is not None and down:
                pressed.append(action)
        elif kind == pygame.JOYHATMOTION:
            if d.get("hat", 0) == 0:
                pad.hat = HAT_DIRECTIONS.get(tuple(d.get("value", (0, 0))))
        elif kind in (pygame.CONTROLLERAXISMOTION, pygame.JOYAXISMOTION):
            axis, value = d.get("axis"), d.get("value", 0)
            if axis in STICK_AXES and isinstance(value, int | float):
                scale = CONTROLLER_AXIS_FULL if kind == pygame.CONTROLLERAXISMOTION else 1.0
                v = max(-1.0, min(1.0, value / scale))
                x, y = pad.stick
                pad.stick = (v, y) if axis == STICK_AXES[0] else (x, v)
                pad.stick_held = stick_direction(*pad.stick, pad.stick_held)
        after = pad.direction
        if after != before:
            pressed = pad.repeat.hold(after) + pressed
        return pressed


def _init_subsystems() -> Any:
    """Start SDL's joystick and controller subsystems; the controller module, or None without it.
    Neither failing stops the game: it is played with keys and mouse then."""
    try:
        pygame.joystick.init()
    except pygame.error as exc:
        log.warning("no joystick support: %s", exc)
    if sdl_controller is None:
        return None
    try:
        sdl_controller.init()
    except pygame.error as exc:
        log.warning("no game controller support: %s", exc)
        return None
    return sdl_controller
