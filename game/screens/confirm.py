"""A two-button confirm overlay: a question over the dimmed screen below.

It pops the frozen value it was given for each button: `result` for yes, `no_result` for no (None
unless given), so the state below (whose resume() gets it) knows what was chosen by its type, never
by a tag. An answer that is a Route goes there instead, the stack cleared (resume a kept game, or
start a new one). `hides_below` covers the screen below instead of dimming it (a pause that must not
leave the board to think over). Escape always pops None (nothing chosen). Keys: Y for yes, N for no,
arrows or Tab move the focus (on "no" at first, the safe answer, unless `focus` says otherwise) and
Enter or Space answers the focused button.

The accent (gold) marks the default answer, the one the focus starts on and Enter takes: a question
whose yes cannot be taken back (Reveal ends the game) keeps the accent and the focus together on
the safe answer, so what looks like the button to press is the one Enter presses.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.screens.base import Pop, Reset, Route, State, Transition
from game.ui import palette as pal
from game.ui.layout import button_height_px
from game.ui.layout_dialogs import ConfirmLayout
from game.ui.widgets import LABEL_HEIGHT_FRAC, button_label_px, draw_button, draw_card, height_label_px, shade


class ConfirmOverlay(State):
    is_overlay = True

    def __init__(
        self,
        question: str,
        result: Any,
        yes: str = "Yes",
        no: str = "No",
        *,
        no_result: Any = None,
        focus: str = "no",
        hides_below: bool = False,
    ) -> None:
        self.question = question
        self.hides_below = hides_below
        self.results = {"yes": result, "no": no_result}
        self.labels = {"no": no, "yes": yes}
        self.mouse = (-1, -1)
        self.focus = focus  # the safe answer has the keyboard focus
        self.default = focus  # ...and wears the accent (the focus ring moves; the accent stays)

    def answer(self, name: str) -> Transition:
        result = self.results[name]
        return Reset(result) if isinstance(result, Route) else Pop(result)

    def layout(self) -> ConfirmLayout:
        size = self.app.surface.get_size()
        text = self.app.text
        px = height_label_px(text, round(button_height_px(size) * LABEL_HEIGHT_FRAC))
        widths = (text.size(self.labels["no"], px)[0], text.size(self.labels["yes"], px)[0])
        return ConfirmLayout(size, widths)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            name = self.layout().hit_button(event.pos)
            if name is not None:
                return self.answer(name)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                return self.answer("yes")
            if event.key == pygame.K_n:
                return self.answer("no")
            if event.key == pygame.K_ESCAPE:
                return Pop(None)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = "yes" if self.focus == "no" else "no"
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.answer(self.focus)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.hides_below:
            surface.fill(pal.BACKGROUND)
        else:
            shade(surface)
        layout = self.layout()
        question, buttons = layout.question, layout.buttons
        draw_card(surface, layout.card)
        text = self.app.text
        size, lines = text.fit_wrapped(self.question, question.w, question.h, text.grown(36))
        line_h = text.font(size).get_linesize()
        top = question.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.TEXT, (question.centerx, top + i * line_h), align="midtop")
        px = button_label_px(text, list(buttons.values()), [self.labels[name] for name in buttons])
        for name, rect in buttons.items():
            draw_button(
                surface,
                text,
                rect,
                self.labels[name],
                hot=rect.collidepoint(self.mouse),
                primary=name == self.default,
                focused=name == self.focus,
                label_px=px,
            )
