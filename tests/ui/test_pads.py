"""The pad layer on its own: repeat timing with an explicit dt, the stick's dead zone, seats, the
controller/joystick split, devices that cannot be opened, and how a press reaches a screen."""

from __future__ import annotations

import math

import pygame
import pytest

from game.ui.pad_actions import DEFAULT_PAD_KEYS, PAD_ACTION, PadAction, PadPress, pad_event, pad_keys
from game.ui.pads import REPEAT_DELAY_S, REPEAT_INTERVAL_S, STICK_PRESS, STICK_RELEASE, DirectionRepeat, Pads
from game.ui.pads import stick_direction as direction
from tests.screens import pad_driver as pad


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield


def actions(presses: list[PadPress]) -> list[PadAction]:
    return [p.action for p in presses]


def reference_repeats(held_s: float) -> int:
    """Presses a direction held `held_s` seconds makes: one at once, then one at the delay and one
    each interval after it (counted independently of the code under test)."""
    if held_s < REPEAT_DELAY_S - 1e-9:  # frame times summed in floating point may land a hair short
        return 1
    return 2 + math.floor((held_s - REPEAT_DELAY_S) / REPEAT_INTERVAL_S + 1e-9)


@pytest.mark.parametrize("dt", [1 / 60, 1 / 30, 0.05, 0.1])
def test_pad_repeat__a_held_direction_repeats_after_the_delay_every_interval(dt: float) -> None:
    repeat = DirectionRepeat()
    made = len(repeat.hold(PadAction.RIGHT))
    held = 0.0
    for _ in range(round(2.0 / dt)):
        made += len(repeat.update(dt))
        held += dt
        assert made == reference_repeats(held), held


def test_pad_repeat__a_new_direction_starts_over_and_letting_go_stops() -> None:
    repeat = DirectionRepeat(delay=0.4, interval=0.1)
    assert repeat.hold(PadAction.UP) == [PadAction.UP]
    assert repeat.update(0.3) == []
    assert repeat.hold(PadAction.LEFT) == [PadAction.LEFT]  # at once, and its own delay again
    assert repeat.update(0.3) == []
    assert repeat.update(0.1) == [PadAction.LEFT]
    assert repeat.hold(PadAction.LEFT) == []  # the same direction again is no new press
    assert repeat.hold(None) == []
    assert repeat.update(5.0) == []


def test_pad_stick__dead_zone_hysteresis_and_the_longer_axis() -> None:
    assert direction(STICK_PRESS - 0.01, 0.0, None) is None
    assert direction(STICK_PRESS + 0.01, 0.0, None) is PadAction.RIGHT
    between = (STICK_PRESS + STICK_RELEASE) / 2  # held: kept; not held: not taken
    assert direction(-between, 0.0, PadAction.LEFT) is PadAction.LEFT
    assert direction(-between, 0.0, None) is None
    assert direction(STICK_RELEASE - 0.01, 0.0, PadAction.RIGHT) is None
    assert direction(0.3, -0.9, None) is PadAction.UP  # SDL's y grows downwards
    assert direction(0.6, 0.7, None) is PadAction.DOWN


def test_pads__controller_axis_holds_and_repeats_by_update_dt() -> None:
    pads = Pads()
    assert actions(pads.handle(pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 30000, pad=3))) == [PadAction.RIGHT]
    assert pads.handle(pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 31000, pad=3)) == []  # still held
    assert pads.update(REPEAT_DELAY_S - 0.01) == []
    assert actions(pads.update(0.01)) == [PadAction.RIGHT]
    assert pads.handle(pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 0, pad=3)) == []  # let go
    assert pads.update(1.0) == []


def test_pads__d_pad_outranks_the_stick_and_letting_go_returns_to_it() -> None:
    pads = Pads()
    pads.handle(pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 32000, pad=1))  # stick down
    assert actions(pads.handle(pad.button_down(pad.LEFT, pad=1))) == [PadAction.LEFT]
    assert actions(pads.handle(pad.button_up(pad.LEFT, pad=1))) == [PadAction.DOWN]


def test_pads__a_controllers_own_joystick_events_are_not_counted_twice() -> None:
    pads = Pads()
    first = pads.handle(pad.button_down(pad.A, pad=4))
    echo = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=4, joy=4, button=0)
    assert actions(first) == [PadAction.CONFIRM] and pads.handle(echo) == []


def test_pads__a_bare_joystick_maps_buttons_and_hat() -> None:
    pads = Pads()
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=9, joy=9, hat=0, value=(0, 1))
    assert actions(pads.handle(hat)) == [PadAction.UP]
    for button, action in ((0, PadAction.CONFIRM), (1, PadAction.BACK), (7, PadAction.START)):
        event = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, joy=9, button=button)
        assert actions(pads.handle(event)) == [action]
    axis = pygame.event.Event(pygame.JOYAXISMOTION, instance_id=9, joy=9, axis=0, value=-0.9)
    assert pads.handle(axis) == []  # the hat still points up: it outranks the stick


def test_pads__seats_go_to_the_lowest_free_player_and_come_back() -> None:
    pads = Pads()
    for instance in (10, 11, 12):
        pads.handle(pad.button_down(pad.A, pad=instance))
    assert [p.seat for p in pads.pads.values()] == [0, 1, 2]
    pads.take_notices()
    pads.handle(pad.removed(11))
    assert pads.take_notices() == ["Gamepad removed: player 2"]
    assert actions(pads.handle(pad.button_down(pad.B, pad=20))) == [PadAction.BACK]
    assert pads.pads[20].seat == 1 and pads.take_notices() == ["Gamepad connected: player 2"]


def test_pads__a_device_that_cannot_be_opened_is_named_not_raised() -> None:
    pads = Pads()  # the dummy driver has no device 0 (nor any other)
    pads.handle(pad.added(0))
    pads.handle(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=5))
    notices = pads.take_notices()
    assert len(notices) == 2 and "device 0" in notices[0] and "device 5" in notices[1]
    assert all("could not be opened" in text for text in notices)
    assert pads.pads == {}
    for strange in (  # broken or partial events change nothing and raise nothing
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pad.A),
        pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index="x"),
        pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99),
        pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=0, value="far"),
    ):
        assert pads.handle(strange) == []


def test_pad_event__keys_from_the_screens_table_or_a_pad_action_event() -> None:
    press = PadPress(PadAction.CONFIRM, player=1, instance_id=5)
    enter = pad_event(press, DEFAULT_PAD_KEYS)
    assert enter.type == pygame.KEYDOWN and enter.key == pygame.K_RETURN
    assert enter.mod == 0 and enter.unicode == "" and enter.pad_player == 1
    space = pad_event(press, pad_keys(confirm=pygame.K_SPACE))
    assert space.key == pygame.K_SPACE
    own = pad_event(press, pad_keys(confirm=None))
    assert own.type == PAD_ACTION and own.action is PadAction.CONFIRM and own.player == 1


def test_pads__a_pad_drives_only_its_players_screen_when_that_player_has_one() -> None:
    pads = Pads()
    pads.handle(pad.button_down(pad.A, pad=7))  # player 1
    one = PadPress(PadAction.CONFIRM, 0, 7)
    two = PadPress(PadAction.CONFIRM, 1, 8)
    assert pads.may_use(one, None) and pads.may_use(two, None)
    assert pads.may_use(one, 0) and not pads.may_use(two, 0)
    assert pads.may_use(one, 1)  # player 2 has no pad: any pad plays for them
