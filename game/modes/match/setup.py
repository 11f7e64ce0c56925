"""The two-player match's setup screen: both names (typed; "Player 1" and "Player 2" when left
empty, two equal names refused) and the number of rounds (2, 4 or 6). Start hands the new Match to
the first look-away screen (game/modes/match/screens.py)."""

from __future__ import annotations

import pygame

from game.core.match import MAX_NAME_LENGTH, ROUND_CHOICES, MatchError, new_match
from game.screens.base import State, Transition, go, to_menu
from game.ui import palette as pal
from game.ui.layout import Button
from game.ui.mode_setup import ModeSetupLayout, Option, draw_label, draw_text_field
from game.ui.widgets import button_label_px, draw_button

DEFAULT_NAMES = ("Player 1", "Player 2")
CARET_PERIOD_S = 1.0  # the text caret blinks on and off once a second


class MatchSetupState(State):
    """Two names and the number of rounds."""

    FIELDS = ("name0", "name1", "rounds")

    def __init__(self, names: tuple[str, str] = ("", ""), rounds: int = ROUND_CHOICES[0]) -> None:
        self.names = list(names)
        self.rounds = rounds
        self.focus = 0  # index into FIELDS
        self.mouse = (-1, -1)
        self.clock_s = 0.0

    def chosen_names(self) -> tuple[str, str]:
        """What was typed, or the default name for a field left empty."""
        return tuple(name.strip() or default for name, default in zip(self.names, DEFAULT_NAMES, strict=True))

    def problem(self) -> str | None:
        try:
            new_match(self.chosen_names(), self.rounds)
        except MatchError as exc:
            return str(exc)
        return None

    def layout(self) -> ModeSetupLayout:
        rows = (("name0", 1), ("name1", 1), ("rounds", len(ROUND_CHOICES)))
        return ModeSetupLayout(self.app.surface.get_size(), rows)

    def start(self) -> Transition | State | None:
        if self.problem() is not None:
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        return go("match_handover", match=new_match(self.chosen_names(), self.rounds))

    def update(self, dt: float) -> None:
        self.clock_s = (self.clock_s + dt) % CARET_PERIOD_S

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if isinstance(hit, Button):
                return self.start() if hit.name == "start" else to_menu()
            if isinstance(hit, Option):
                self.focus = self.FIELDS.index(hit.row)
                if hit.row == "rounds":
                    self.rounds = ROUND_CHOICES[hit.index]
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | State | None:
        field = self.FIELDS[self.focus]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        if event.key == pygame.K_ESCAPE:
            return to_menu()
        if event.key in (pygame.K_TAB, pygame.K_DOWN):
            self.focus = (self.focus + 1) % len(self.FIELDS)
        elif event.key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.FIELDS)
        elif field == "rounds" and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            index = (ROUND_CHOICES.index(self.rounds) + step) % len(ROUND_CHOICES)
            self.rounds = ROUND_CHOICES[index]
        elif field != "rounds":
            i = self.FIELDS.index(field)
            if event.key == pygame.K_BACKSPACE:
                self.names[i] = self.names[i][:-1]
            else:
                typed = getattr(event, "unicode", "")
                if len(typed) == 1 and typed.isprintable() and len(self.names[i]) < MAX_NAME_LENGTH:
                    self.names[i] += typed
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.layout(), self.app.text
        surface.fill(pal.BACKGROUND)
        title = layout.title_rect
        text.draw_in(surface, "Two players, one screen", title.inflate(0, -title.h // 4), pal.TEXT, 60)
        caret = self.clock_s < CARET_PERIOD_S / 2
        for i in range(2):
            row = f"name{i}"
            draw_label(surface, text, layout, row, f"Player {i + 1}")
            rect = layout.options[row][0]
            focused = self.focus == i
            if self.names[i]:
                draw_text_field(surface, text, rect, self.names[i], focused, caret)
            else:  # the default name, dim, until something is typed
                draw_text_field(surface, text, rect, "", focused, caret)
                inner = rect.inflate(-round(rect.h * 0.5), -round(rect.h * 0.42))
                text.draw_in(surface, DEFAULT_NAMES[i], inner, pal.TEXT_DIM, text.grown(40), align="midleft")
        draw_label(surface, text, layout, "rounds", "Rounds")
        for i, rect in enumerate(layout.options["rounds"]):
            rounds = ROUND_CHOICES[i]
            draw_button(
                surface,
                text,
                rect,
                str(rounds),
                primary=rounds == self.rounds,
                hot=rect.collidepoint(self.mouse),
                focused=self.focus == 2 and rounds == self.rounds,
            )
        names = self.chosen_names()
        detail = f"{names[0]} makes the first code, {names[1]} breaks it; then you swap"
        text.draw_in(surface, detail, layout.detail_rect, pal.TEXT_DIM, text.grown(28))
        problem = self.problem()
        message = problem or "Type the names · Tab next field · Left/Right rounds · Enter starts"
        text.draw_in(
            surface, message, layout.message_rect, pal.TEXT_WARN if problem else pal.TEXT_DIM, text.grown(24)
        )
        labels = {name: "Start match" if name == "start" else "Back" for name in layout.buttons}
        px = button_label_px(text, list(layout.buttons.values()), list(labels.values()))  # one size
        for name, rect in layout.buttons.items():
            enabled = problem is None if name == "start" else True
            hot = rect.collidepoint(self.mouse)
            draw_button(
                surface,
                text,
                rect,
                labels[name],
                enabled=enabled,
                primary=name == "start",
                hot=hot,
                label_px=px,
            )
