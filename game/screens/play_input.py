"""The playing screen's input: pygame events turned into presses and the run's intents.

The half of game/screens/playing.py that reads the pointer, the keys and a pad (the other half, the
screen's life cycle, buttons, overlays and drawing, is PlayingState's). PlayInput is the base the
screen is built on, not a screen: it names what it reads of the screen below and leaves every
button's meaning to `press`.

- the pointer: a left press on a panel button is the button's (ButtonClicks: a click is a release
  over the button the press began on); any other press, drag or release is the run's;
- the keys: digits and letters type themselves first, then undo, the arrows (the focus over palette,
  row and buttons, game/ui/breaker_input.py BreakerFocus), Enter and Space, the run's own keys and
  the buttons' shortcuts; Esc backs out one step (the chosen colour, the focus, then Menu);
- a pad: its D-pad and A arrive as keys (breaker_input.PAD_KEYS); B, Y, Start and Back as PAD_ACTION
  events (`_pad`): B backs out one step at a time, as Esc does, then undoes, then opens the menu.
"""

from __future__ import annotations

import pygame

from game.play.breaker import BreakerRun
from game.screens.base import Context, State, Transition
from game.screens.play_protocol import PlayHooks
from game.ui import breaker_input
from game.ui.layout import Button, PaletteItem
from game.ui.pad_actions import PAD_ACTION, PadAction
from game.ui.widgets import ButtonClicks


class PlayInput:
    """Events in, presses and run intents out (see the module docstring); PlayingState's base."""

    app: Context
    run: BreakerRun
    hooks: PlayHooks
    mouse: tuple[int, int]
    clicks: ButtonClicks
    focus: breaker_input.BreakerFocus
    # and, of PlayingState: layout(), press(name) and _play_cues()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        run = self.run
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            run.motion(event.pos)
            return None
        if self.hooks.intercept(self, event):  # the mode's own (a lesson's Next), even once over
            return None
        if run.finishing or not self.hooks.accepts_input(self):
            return None  # the game is over; the result screen comes when the finish ends
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, PAD_ACTION):
            run.input_arrived()
        result = None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            self.focus.to_row()  # the pointer took over: the keys start again from the cursor
            result = self._pointer(event)
        elif event.type == pygame.KEYDOWN:
            result = self._key(event)
        elif event.type == PAD_ACTION:
            result = self._pad(event.action)
        self._play_cues()
        return result

    def _pointer(self, event) -> Transition | State | None:
        """A left press on a panel button is the button's (ButtonClicks: a click is a release over
        the button the press began on); any other press, drag or release is the run's."""
        layout, pos = self.layout(), event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.run.right_click(breaker_input.target_at(layout, pos))
        if event.button != 1:
            return None
        began_on_button = self.clicks.pressed is not None
        clicked = self.clicks.click(event, layout.hit_test)
        if event.type == pygame.MOUSEBUTTONDOWN:
            on_button = self.clicks.pressed is not None
            self.run.press(None if on_button else breaker_input.target_at(layout, pos), pos)
        elif began_on_button:
            self.run.cancel_drag()
            return None if clicked is None else self.press(clicked)
        else:
            self.run.release(breaker_input.target_at(layout, pos), pos)
        return None

    def _key(self, event) -> Transition | State | None:
        run, key, focus = self.run, event.key, self.focus
        symbols = run.config.variant.symbols
        typed = breaker_input.typed_symbol(event, symbols)
        if typed is not None:  # digits and letters type themselves, before any shortcut
            run.type_colour(typed)
            return None
        if breaker_input.is_undo(event) and not (symbols and key == pygame.K_u):
            return self.press("undo")
        if key in breaker_input.ARROWS and focus.arrow(self.layout(), run, key):
            return None
        if key in breaker_input.ACTIVATE_KEYS or (key in breaker_input.SUBMIT_KEYS and not focus.on_row):
            return self._activate()
        if key in breaker_input.SUBMIT_KEYS:
            refused = self.hooks.refuse("submit", self)
            if refused is not None:  # a duel's Enter while the computer replies
                run.message = refused
                self.app.sound.play("error")
                return None
        colour = None if symbols else breaker_input.typed_colour(event)
        if colour is not None:
            run.type_colour(colour)
        elif key == pygame.K_x and isinstance(focus.at, PaletteItem):
            run.toggle_ruled_out(focus.at.colour)
        elif key in breaker_input.RUN_KEYS:
            if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                focus.to_row()  # the colour at the cursor changes: the focus goes where it shows
            breaker_input.RUN_KEYS[key](run)
        elif key == pygame.K_ESCAPE:
            if run.deselect():
                return None
            if not focus.on_row:
                focus.to_row()
                return None
            return self.press("menu")
        elif key in breaker_input.KEY_BUTTONS:
            return self.press(breaker_input.KEY_BUTTONS[key])
        return None

    def _activate(self) -> Transition | State | None:
        """Space or a pad's A: use what has the focus (a button, a palette colour, the cursor's slot)."""
        at = self.focus.fit(self.layout())
        if isinstance(at, Button):
            return self.press(at.name)
        if isinstance(at, PaletteItem) and self.run.config.variant.symbols:
            self.run.type_colour(at.colour)  # a keyboard of digits or letters: the focus stays on it
        elif isinstance(at, PaletteItem):
            self.run.choose(at.colour)
            self.focus.to_row()
        else:
            self.run.use_slot()
        return None

    def _pad(self, action: PadAction) -> Transition | State | None:
        """The pad actions that are no key here: B backs out one step (see the module docstring);
        Start, Y and Back press Submit, Hint and Menu."""
        run = self.run
        if action is PadAction.BACK:
            if run.deselect():
                return None
            if not self.focus.on_row:
                self.focus.to_row()
                return None
            return self.press("undo" if run.can_undo else "menu")
        name = breaker_input.PAD_BUTTONS.get(action)
        return None if name is None else self.press(name)
