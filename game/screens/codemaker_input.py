"""The codemaker screen's input: the pointer, the keys and a pad turned into the choices' and the
secret's changes.

The half of game/screens/codemaker.py that reads events (the other half, the screen's choices,
buttons and drawing, is CodemakerState's). MakerInput is the base the screen is built on, not a
screen: it names what it reads of the screen and leaves each button's meaning to `press`.

- the pointer: a press on a button is the button's, on a stepper's half a step of its choice; a
  palette colour is lifted and dragged onto a slot (or clicked, then a slot clicked), a slot's peg
  dragged to another slot (swapped) or off the row (removed), a right-click empties a slot; for a
  game of digits or letters the palette is a keyboard of tiles and a click types;
- the keys: digits and letters type themselves first (a word's R is an R); Esc backs out, Enter
  starts, Up/Down move the focus, Left/Right move the secret's cursor or step a choice, Space and
  Page Up/Down change a colour, S steps the strategy, G the shape (row and grids only), and while
  the player sets the secret 1-9 and 0 fill the next empty slot, Backspace empties the last, R draws
  a random one.
"""

from __future__ import annotations

import pygame

from game.play.drag import Drag, DragSource
from game.screens.base import State, Transition
from game.ui import breaker_input
from game.ui.breaker_input import DIGIT_KEYS
from game.ui.layout import Button, PaletteItem, SecretSlot
from game.ui.maker_layout import Control


class MakerInput:
    """Events in, choice and secret changes out (see the module docstring); CodemakerState's base."""

    # of CodemakerState (and MakerChoices): sets_secret, secret, selected, colours, shape, shapes,
    # choices_shown, drag, mouse, focus, cursor; layout(), symbols(), type_symbol(), place(), change(),
    # cycle(), focused(), focus_rows(), secret_cursor(), random_secret(), start(), back(), press()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag.move_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            typed = breaker_input.typed_symbol(event, self.symbols()) if self.sets_secret else None
            if typed is not None:  # digits and letters type themselves, before any shortcut
                self.type_symbol(typed)
                return None
            return self._key(event.key)
        return None

    def _mouse_down(self, pos: tuple[int, int], button: int) -> Transition | State | None:
        hit = self.layout().hit_test(pos)
        if not self.sets_secret and isinstance(hit, PaletteItem | SecretSlot):
            return None  # the palette is there to look at: nobody sets a secret in this mode
        if button == 3:
            if isinstance(hit, SecretSlot):
                self.place(hit.col, None)
            return None
        if button != 1:
            return None
        if isinstance(hit, Button):
            return self.press(hit.name)
        if isinstance(hit, Control):
            self.change(hit.name, -1 if hit.part == "minus" else +1)
        elif isinstance(hit, PaletteItem) and self.symbols():  # a keyboard of tiles: it types
            self.type_symbol(hit.colour)
        elif isinstance(hit, PaletteItem):
            self.selected = hit.colour
            self.drag = Drag.lift(hit.colour, DragSource.PALETTE, pos)
            self.app.sound.play("pick")
        elif isinstance(hit, SecretSlot):
            colour = self.secret[hit.col]
            if colour is not None:
                self.drag = Drag.lift(colour, DragSource.DRAFT, pos, hit.col)
            elif self.selected is not None:
                self.place(hit.col, self.selected)
        return None

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.moved:
            return
        hit = self.layout().hit_test(pos)
        source = drag.from_slot
        if isinstance(hit, SecretSlot):
            if source is not None and source != hit.col:
                self.secret[source] = self.secret[hit.col]  # swap, so a move never loses a peg
            self.place(hit.col, drag.colour)
        elif source is not None:
            self.place(source, None)  # dragged off the row: removed

    def _key(self, key: int) -> Transition | State | None:
        if key == pygame.K_ESCAPE:
            return self.back()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        row = self.focused()
        if key in (pygame.K_UP, pygame.K_DOWN) and row is not None:
            self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(self.focus_rows())
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and row is not None:
            step = 1 if key == pygame.K_RIGHT else -1
            if row == "secret":
                self.cursor = (self.secret_cursor() + step) % len(self.secret)
            else:
                self.change(row, step)
        elif key == pygame.K_SPACE and row == "secret":
            self.cycle(+1)
        elif key == pygame.K_SPACE and row is not None:
            self.change(row, +1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.sets_secret:
            self.focus = 0  # the secret's row: where the colour changes
            self.cycle(1 if key == pygame.K_PAGEDOWN else -1)
        elif key == pygame.K_s:
            self.change("strategy", +1)
        elif key == pygame.K_g and "shape" in self.choices_shown:  # steps on, from the last grid to Row
            index = self.shapes.index(self.shape)
            at_end = index == len(self.shapes) - 1 or self.shapes[index + 1].symbols or self.symbols()
            self.change("shape", -index if at_end else +1)
        elif self.sets_secret:
            if key in DIGIT_KEYS and DIGIT_KEYS[key] < self.colours and not self.symbols():
                empty = [col for col, peg in enumerate(self.secret) if peg is None]
                if empty:
                    self.place(empty[0], DIGIT_KEYS[key])
            elif key == pygame.K_BACKSPACE:
                filled = [col for col, peg in enumerate(self.secret) if peg is not None]
                if filled:
                    self.place(filled[-1], None)
            elif key == pygame.K_r:
                self.random_secret()
        return None
