"""What a gamepad says to a screen: its actions (the Xbox names; SDL's controller mapping puts a
PlayStation's cross, a Switch's B, on A alike), the key each is given to a screen as, and the event
that carries it.

game/ui/pads.py turns the pads' own events into PadPress values; the app hands each to the top
screen as `pad_event(press, screen.pad_keys)`: a KEYDOWN of the key the screen's table names (by
default the D-pad is the arrow keys, A Enter, B Escape, Start Enter, Back Escape, the shoulders
PageUp/PageDown; a screen changes what it must with pad_keys(...)), or, for an action its table maps
to no key, a PAD_ACTION event the screen handles itself (the playing screen's B, Y, Start and
Back). A key made from a pad has no modifiers and types no text, so it never enters a letter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

import pygame

PAD_ACTION = pygame.event.custom_type()  # a pad action a screen maps to no key (attrs: action, player)


class PadAction(StrEnum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"  # A: pick up, place, press
    BACK = "back"  # B: undo in a row, leave a screen
    RULE_OUT = "rule_out"  # X
    HINT = "hint"  # Y
    START = "start"  # submit, or pause where a clock runs
    MENU = "menu"  # Back / Select
    PREV = "prev"  # left shoulder: the previous colour on the focused slot
    NEXT = "next"  # right shoulder: the next colour


DIRECTIONS = frozenset({PadAction.UP, PadAction.DOWN, PadAction.LEFT, PadAction.RIGHT})

# The keys an action is given to a screen as, unless the screen's own table says otherwise.
DEFAULT_PAD_KEYS: Mapping[PadAction, int | None] = MappingProxyType(
    {
        PadAction.UP: pygame.K_UP,
        PadAction.DOWN: pygame.K_DOWN,
        PadAction.LEFT: pygame.K_LEFT,
        PadAction.RIGHT: pygame.K_RIGHT,
        PadAction.CONFIRM: pygame.K_RETURN,
        PadAction.BACK: pygame.K_ESCAPE,
        PadAction.START: pygame.K_RETURN,
        PadAction.MENU: pygame.K_ESCAPE,
        PadAction.PREV: pygame.K_PAGEUP,
        PadAction.NEXT: pygame.K_PAGEDOWN,
    }
)


def pad_keys(**changes: int | None) -> Mapping[PadAction, int | None]:
    """The default table with some actions given other keys (None: no key, a PAD_ACTION event):
    pad_keys(confirm=pygame.K_SPACE)."""
    table = dict(DEFAULT_PAD_KEYS)
    table.update({PadAction(name): key for name, key in changes.items()})
    return MappingProxyType(table)


@dataclass(frozen=True)
class PadPress:
    """One action from one pad: `player` is the pad's seat (0 = player 1)."""

    action: PadAction
    player: int
    instance_id: int


def pad_event(press: PadPress, keys: Mapping[PadAction, int | None]) -> pygame.event.Event:
    """The event a screen gets for `press`: a KEYDOWN of the key `keys` names (no modifiers, no
    text, so it never types a letter), else a PAD_ACTION event. Both carry the pad's player."""
    key = keys.get(press.action)
    if key is not None:
        return pygame.event.Event(
            pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad_player=press.player
        )
    return pygame.event.Event(PAD_ACTION, action=press.action, player=press.player)
