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
- KEY_BUTTONS: the letters that press a panel button (a mode without the button ignores them);
- BreakerFocus: the one focus the arrow keys and a pad's D-pad move over the palette, the row being
  built and the buttons. On the row it is the run's cursor, and the arrows do what they always did
  there (Left/Right the cursor, Up/Down the colour), except that Left from the first slot goes to the
  palette and Right from the last to the buttons; on the palette and the buttons the arrows go to
  the nearest item that way (Right from the palette, Left from the buttons: back to the row). Space
  (a pad's A) uses what has the focus (activate), Enter too off the row; PAD_BUTTONS names the pad
  actions that press a button wherever the focus is.
The Controls help page lists these keys (game/screens/help_keys.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from game.play.breaker import BreakerRun
from game.play.drag import BoardSlot, OffSlot, PaletteColour, Target
from game.play.maker import COLOUR_KEYS
from game.ui.layout import Board, Button, PaletteItem, PlayLayout, Slot
from game.ui.pad_actions import PadAction, pad_keys

DIGIT_KEYS = MappingProxyType(
    {pygame.K_1 + i: i for i in range(9)}
    | {pygame.K_0: 9}
    | {pygame.K_KP1 + i: i for i in range(9)}
    | {pygame.K_KP0: 9}
)
KEYPAD_DIGITS = MappingProxyType({pygame.K_KP0 + i: str(i) for i in range(10)})
RUN_KEYS: MappingProxyType[int, Callable[[BreakerRun], object]] = MappingProxyType(
    {
        pygame.K_LEFT: lambda run: run.move_cursor(-1),
        pygame.K_RIGHT: lambda run: run.move_cursor(1),
        pygame.K_UP: lambda run: run.cycle_colour(1),
        pygame.K_DOWN: lambda run: run.cycle_colour(-1),
        pygame.K_PAGEDOWN: lambda run: run.cycle_colour(1),  # a pad's shoulders (game/ui/pad_actions.py)
        pygame.K_PAGEUP: lambda run: run.cycle_colour(-1),
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
    # "?" (its key, / on most layouts, with or without Shift) asks for a hint
    | {pygame.K_SLASH: "hint", pygame.K_QUESTION: "hint"}
)
ARROWS = MappingProxyType(
    {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
)
ACTIVATE_KEYS = frozenset({pygame.K_SPACE})  # use what has the focus (Enter too, off the row)
# A pad on the playing screen: the D-pad is the arrows, A is Space, X is the X key, the shoulders
# change the colour at the cursor; B, Y, Start and Back come as pad actions (the playing screen).
PAD_KEYS = pad_keys(confirm=pygame.K_SPACE, rule_out=pygame.K_x, back=None, hint=None, start=None, menu=None)
PAD_BUTTONS = MappingProxyType(  # pad actions that press a button wherever the focus is
    {PadAction.START: "submit", PadAction.HINT: "hint", PadAction.MENU: "menu"}
)
FOCUS_ACROSS_WEIGHT = 2.0  # moving focus: a step sideways costs this much more than a step ahead


@dataclass(frozen=True)
class OnRow:
    """The focus on the row being built, at the run's cursor."""


ROW = OnRow()
Focus = OnRow | PaletteItem | Button


class BreakerFocus:
    """Where the keys' and pads' focus is (UI state of the playing screen; see the module docstring).
    It remembers the palette colour and the button it was last on, to go back to them."""

    def __init__(self) -> None:
        self.at: Focus = ROW
        self._colour: int | None = None
        self._button: str | None = None

    @property
    def on_row(self) -> bool:
        return isinstance(self.at, OnRow)

    def to_row(self) -> None:
        self.at = ROW

    def fit(self, layout: PlayLayout) -> Focus:
        """The focus, back on the row if what it was on is not in `layout` (a mode without it)."""
        at = self.at
        if (isinstance(at, Button) and at.name not in layout.buttons) or (
            isinstance(at, PaletteItem) and not 0 <= at.colour < layout.colours
        ):
            self.at = ROW
        return self.at

    def rect(self, layout: PlayLayout) -> pygame.Rect | None:
        """The palette cell or button with the focus (None on the row: the cursor shows it)."""
        at = self.fit(layout)
        if isinstance(at, PaletteItem):
            return layout.palette_rect(at.colour)
        if isinstance(at, Button):
            return layout.button_rect(at.name)
        return None

    def arrow(self, layout: PlayLayout, run: BreakerRun, key: int) -> bool:
        """Move the focus for arrow `key`; False when the row takes the key itself (the cursor and
        the colour there, RUN_KEYS)."""
        dx, dy = ARROWS[key]
        at = self.fit(layout)
        if isinstance(at, OnRow):
            if dy or not (dx < 0 and run.cursor == 0 or dx > 0 and run.cursor == run.config.pegs - 1):
                return False
            self._go(self._palette_entry(run) if dx < 0 else self._button_entry(layout))
            return True
        here = self.rect(layout)
        if isinstance(at, PaletteItem):
            items = [(PaletteItem(c), layout.palette_rect(c)) for c in range(layout.colours)]
            off = ROW if dx > 0 else None
        else:
            items = [(Button(name), layout.button_rect(name)) for name in layout.buttons]
            off = ROW if dx < 0 else None
        self._go(nearest(here, items, (dx, dy)) or off or at)
        return True

    def _go(self, focus: Focus | None) -> None:
        if focus is None:
            return
        self.at = focus
        if isinstance(focus, PaletteItem):
            self._colour = focus.colour
        elif isinstance(focus, Button):
            self._button = focus.name

    def _palette_entry(self, run: BreakerRun) -> PaletteItem:
        for colour in (run.selected, self._colour):
            if colour is not None and 0 <= colour < run.config.colours:
                return PaletteItem(colour)
        return PaletteItem(0)

    def _button_entry(self, layout: PlayLayout) -> Button | None:
        for name in (self._button, "submit"):
            if name in layout.buttons:
                return Button(name)
        return Button(layout.buttons[0]) if layout.buttons else None


def nearest(here: pygame.Rect, items: Iterable[tuple[Focus, pygame.Rect]], step: tuple[int, int]):
    """The item whose centre is nearest to `here`'s going `step` (a unit (dx, dy)), a sideways
    offset costing FOCUS_ACROSS_WEIGHT times a step ahead; None when nothing lies that way."""
    dx, dy = step
    best, best_cost = None, 0.0
    for item, rect in items:
        vx, vy = rect.centerx - here.centerx, rect.centery - here.centery
        ahead = vx * dx + vy * dy
        if ahead <= 0:
            continue
        cost = ahead + FOCUS_ACROSS_WEIGHT * abs(vx * dy - vy * dx)
        if best is None or cost < best_cost:
            best, best_cost = item, cost
    return best


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


def typed_symbol(event: pygame.event.Event, symbols: str) -> int | None:
    """The code value a KEYDOWN types in a game of digits or letters (`symbols`, the variant's): the
    typed character in any case, or a keypad digit; None while Ctrl or Alt is held."""
    if not symbols or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    typed = getattr(event, "unicode", "").lower()
    if len(typed) == 1 and typed in symbols:
        return symbols.index(typed)
    keypad = KEYPAD_DIGITS.get(event.key)
    return symbols.index(keypad) if keypad is not None and keypad in symbols else None


def is_undo(event: pygame.event.Event) -> bool:
    """U, or Ctrl+Z."""
    return event.key == pygame.K_u or (event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL))
