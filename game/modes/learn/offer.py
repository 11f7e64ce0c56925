"""The first-run offer: on a first run the title screen asks whether to learn the game by playing.

An overlay over the title screen (game/modes/learn/__init__.py first_run decides when: the data
folder new this run, nothing played or kept yet, and the offer never answered). "Learn to play"
(Enter, Y or L) starts the guided game; "Not now" (N), Esc, Backspace or any back key declines it
for good. Either answer is
written to the settings at once (tutorial_seen), so the offer is never made again, even if the game
is closed a moment later; Learn to play in the menu and in Help still replays the lesson.
"""

from __future__ import annotations

import pygame

from game.screens.base import Pop, Reset, State, Transition, go
from game.screens.holding import RecordBook
from game.ui import palette as pal
from game.ui.layout_dialogs import ConfirmLayout
from game.ui.widgets import draw_button, draw_card, shade

QUESTION = (
    "New to Mastermind? Learn it by playing: a short guided game shows how guesses are graded "
    "(about two minutes)."
)
LABELS = {"no": "Not now", "yes": "Learn to play"}
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_AC_BACK, pygame.K_n)
YES_KEYS = (pygame.K_y, pygame.K_l)


# The lesson's progress in the store's records: whether its first-run offer was answered (also kept
# in the settings, tutorial_seen, which a person may edit to be offered it again).
LEARN_BOOK = RecordBook(
    "learn", lambda data: data["offer_answered"] is True, lambda seen: {"offer_answered": seen}, bool
)


class OfferOverlay(State):
    """Learn to play, or not now (see the module docstring)."""

    is_overlay = True

    def __init__(self) -> None:
        self.focus = "yes"  # a first run: the lesson is the likely wish
        self.mouse = (-1, -1)

    def layout(self) -> ConfirmLayout:
        return ConfirmLayout(self.app.surface.get_size())

    def answered(self) -> None:
        """Never offered again: the setting is written now, not only when the game closes."""
        self.app.session.change_settings(tutorial_seen=True)
        self.app.session.persist_settings()
        if self.app.store is not None:
            self.app.store.update_record(LEARN_BOOK, lambda _: True)

    def answer(self, name: str) -> Transition:
        self.app.sound.play("click")
        self.answered()
        return Reset(go("learn")) if name == "yes" else Pop(None)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            name = self.layout().hit_button(event.pos)
            if name is not None:
                return self.answer(name)
        elif event.type == pygame.KEYDOWN:
            if event.key in BACK_KEYS:
                return self.answer("no")
            if event.key in YES_KEYS:
                return self.answer("yes")
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = "yes" if self.focus == "no" else "no"
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.answer(self.focus)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        draw_card(surface, layout.card, edge=pal.SELECTION)
        text = self.app.text
        box = layout.question
        size, lines = text.fit_wrapped(QUESTION, box.w, box.h, 34)
        line_h = text.font(size).get_linesize()
        top = box.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.TEXT, (box.centerx, top + i * line_h), align="midtop")
        for name, rect in layout.buttons.items():
            draw_button(
                surface,
                text,
                rect,
                LABELS[name],
                hot=rect.collidepoint(self.mouse),
                primary=name == "yes",
                focused=name == self.focus,
            )
