"""What the pointer and the keys name on the break-the-code screen, in the run's terms: the key
bindings as data (beside the layout, which names what the pointer is over), read by
game/screens/playing.py, which turns them into BreakerRun intents (game/play/breaker.py).

- target_at: the layout's hit under the pointer as play's Target (a palette colour, a board slot,
  the board off its slots, or None); hot_item: the palette colour or button there (drawn lit);
- typed_colour: the colour a key places, 1-9 then 0 for colours 1..10 as the palette labels them,
  from the top row or the keypad; the typed character wins over the key code, so digits typed with
  Shift (AZERTY) work too; none while Ctrl or Alt is held (those are shortcuts);
- is_undo: U or Ctrl+Z;
- RUN_KEYS: the keys that edit the row or hand it in, each with what it asks of the run;
- KEY_BUTTONS: the letters that press a panel button (a mode without the button ignores them).
The Controls help page lists these keys (game/screens/help_keys.py).
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

import pygame

from game.play.breaker import BreakerRun
from game.play.drag import BoardSlot, OffSlot, PaletteColour, Target
from game.play.maker import COLOUR_KEYS
from game.ui.layout import Board, Button, PaletteItem, PlayLayout, Slot

DIGIT_KEYS = MappingProxyType(
    {pygame.K_1 + i: i for i in range(9)}
    | {pygame.K_0: 9}
    | {pygame.K_KP1 + i: i for i in range(9)}
    | {pygame.K_KP0: 9}
)
RUN_KEYS: MappingProxyType[int, Callable[[BreakerRun], object]] = MappingProxyType(
    {
        pygame.K_LEFT: lambda run: run.move_cursor(-1),
        pygame.K_RIGHT: lambda run: run.move_cursor(1),
        pygame.K_UP: lambda run: run.cycle_colour(1),
        pygame.K_DOWN: lambda run: run.cycle_colour(-1),
        pygame.K_BACKSPACE: lambda run: run.backspace(),
        pygame.K_DELETE: lambda run: run.delete(),
        pygame.K_RETURN: lambda run: run.submit(),
        pygame.K_KP_ENTER: lambda run: run.submit(),
        pygame.K_x: lambda run: run.rule_out(),
    }
)
SUBMIT_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})  # hand the row in (a mode may refuse)

KEY_BUTTONS = MappingProxyType(  # shortcuts that press a button (a mode without it ignores them)
    {pygame.K_h: "help", pygame.K_F1: "help", pygame.K_r: "reveal"}
    | {pygame.K_n: "new", pygame.K_c: "clear", pygame.K_s: "solve"}
)


def target_at(layout: PlayLayout, pos: tuple[int, int]) -> Target:
    """What the run calls the place at `pos`: a palette colour, a board slot, the board off its
    slots, or None (the layout's hit test, in play's terms)."""
    hit = layout.hit_test(pos)
    if isinstance(hit, PaletteItem):
        return PaletteColour(hit.colour)
    if isinstance(hit, Slot):
        return BoardSlot(hit.row, hit.col)
    if isinstance(hit, Board):
        return OffSlot()
    return None


def hot_item(layout: PlayLayout, mouse: tuple[int, int]):
    """The palette colour or button under the pointer (drawn lit), or None."""
    hit = layout.hit_test(mouse)
    return hit if isinstance(hit, PaletteItem | Button) else None


def typed_colour(event: pygame.event.Event) -> int | None:
    """The colour index a KEYDOWN places (see the module docstring), or None."""
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    typed = getattr(event, "unicode", "")
    # Only the ten ASCII digits: "²" (AZERTY's top-left key) is a digit to str.isdigit, not to int().
    return (int(typed) - 1) % 10 if (len(typed) == 1 and typed in COLOUR_KEYS) else DIGIT_KEYS.get(event.key)


def is_undo(event: pygame.event.Event) -> bool:
    """U, or Ctrl+Z."""
    return event.key == pygame.K_u or (event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL))
