"""The guided first game on the real playing screen: LessonHooks (game/screens/play_protocol.py).

The board is the real one (drag, keys, Submit, the palette's rule-out marks all work as in any
game); the lesson's callouts sit in a column beside it (view.py) and point at what they talk about.
The hooks keep the lesson's place (lesson.py Lesson) and move it on from what the board shows each
frame; Next (its button, Enter, Space or Right) goes on from a step that asks for it, taken before
the board sees the event. Submit takes only the row a step asks for (said why otherwise); at the
last step any row that could be the code, a row that cannot being refused with the Why-not
sentence. After the win the last callout's Next hands over to a Classic game (asking first when a
Classic game is kept, as any new game does).

Nothing is kept or recorded: a lesson is short, so Esc or Menu simply leaves it (Learn to play in
the menu or Help starts it again), and its game counts in no statistics.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.config import preset
from game.modes.learn import view
from game.modes.learn.lesson import LESSON_CONFIG, LESSON_SECRET, Lesson, Wait
from game.play.record import GameRecord
from game.screens.base import Context, go, to_menu
from game.screens.holding import Holding
from game.screens.play_hooks import PlayScreen, StandardHooks, panel_without
from game.ui import coach_view
from game.ui.board import Art
from game.ui.breaker_view import PANEL_BUTTONS
from game.ui.layout import PlayLayout

NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)
HANDOVER = preset("Classic").config()  # the real game the lesson leads to


def lesson_game() -> Any:
    """The route "learn": the guided game from its first step (the mode's new game)."""
    return go("new_game", mode="learn", config=LESSON_CONFIG)


class LessonHooks(StandardHooks):
    """The lesson on the playing screen (see the module docstring)."""

    mode = "learn"
    shows_hud = False
    panel_items = panel_without(("reveal", "new", "solve", "hint"))

    def __init__(self) -> None:
        super().__init__()
        self.lesson = Lesson()
        self.handover = False
        self.card = coach_view.AsideCache()
        self.routes: dict = {}  # the pointer's route for this step and window (view state)

    def start(self, app: Context) -> GameRecord:
        return GameRecord.new(LESSON_CONFIG, LESSON_SECRET)

    def title(self, state: PlayScreen) -> str:
        return "Learn to play"

    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        buttons = tuple(name for name in PANEL_BUTTONS if name in dict(self.panel_items))
        return coach_view.aside_layout(size, state.config, self.panel_items, buttons)

    # --- input ---------------------------------------------------------------------------------
    def waits_for_next(self) -> bool:
        return self.lesson.step.wait in (Wait.NEXT, Wait.DONE)

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        if not self.waits_for_next():
            return False
        if event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            self.go_on(state)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            button = view.next_button(state.layout(), state.app.text, self.lesson, state.run)
            if button.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.go_on(state)
                return True
        return False

    def go_on(self, state: PlayScreen) -> None:
        """Next: the following step, or, at the end, the hand-over."""
        state.app.sound.play("click")
        if self.lesson.done:
            self.handover = True
        else:
            self.lesson.next()

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        if name != "submit" or None in state.run.draft:
            return None  # an unfinished row: the board says how many pegs are missing
        if self.lesson.step.wait is Wait.WIN:
            reason = state.run.why_not
            return None if reason is None else f"that cannot be the code: {reason.text()}"
        return self.lesson.refusal(state.run.draft)

    def leave(self, state: PlayScreen) -> Any:
        return to_menu(focus="Learn to play")

    # --- time ----------------------------------------------------------------------------------
    def update(self, state: PlayScreen, dt: float) -> Any:
        run = state.run
        graded = run.grading_row is None
        won = run.game.over and run.finished
        self.lesson.observe(run.draft, len(run.game.rows), graded, run.ruled_out, won)
        if self.handover:
            self.handover = False
            return state.app.start_game(None, go("new_game", config=HANDOVER))  # kept where Classic says
        return None

    def finished(self, state: PlayScreen) -> Any:
        return None  # the last callout's Next hands over (update)

    # --- drawing and keeping -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        view.draw_lesson(surface, layout, state.run, self.lesson, art, self.card, state.mouse, self.routes)

    def holding(self, state: PlayScreen) -> Holding:
        return Holding()  # a lesson is neither kept nor counted
