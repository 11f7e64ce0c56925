"""The pointer over a form of rows (view.FormLayout), shared by the online screens built on one: the
lobby (lobby_input.py) and the way into the games for one (online_solo/gate.py).

A motion tracks the pointer; a left click focuses the row under it and hands the row's name to
`click`, whose meaning is each screen's own (the lobby steps its stepper rows and leaves a typed row
to the keys; the gate uses whatever row is clicked); a key goes to `key`.
"""

from __future__ import annotations

import pygame

from game.modes.online import view as online_view
from game.screens.base import State, Transition


class FormInput:
    """A screen's pointer over its form of `form_rows` (see the module docstring); listed before State in
    the screen's bases, so its handle() is the screen's."""

    form_rows: tuple[str, ...]  # the form's rows, top to bottom
    # of the screen: focus (the focused row's index), mouse, sized_layout(), key()

    def layout(self) -> online_view.FormLayout:
        return self.sized_layout(lambda size: online_view.FormLayout(size, len(self.form_rows)))

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit(event.pos)
            if hit is not None:
                self.focus = hit
                return self.click(self.form_rows[hit])
        elif event.type == pygame.KEYDOWN:
            return self.key(event)
        return None

    def click(self, row: str) -> Transition | None:
        """What a click on `row` (focused already) does: the screen's own."""
        raise NotImplementedError
