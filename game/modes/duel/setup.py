"""Duel setup: the opponent's level (game/core/duel.py LEVELS) and the code (Classic or Super).

Mouse on the option boxes, or keys: Left/Right pick the level, Up/Down the code, Enter starts,
Escape goes back to the menu. The choices are UI state; DuelRules validates them.
"""

from __future__ import annotations

import pygame

from game.core.config import preset
from game.core.duel import DEFAULT_LEVEL, LEVELS, DuelRules
from game.screens.base import Route, State, Transition, go, to_menu
from game.ui import palette as pal
from game.ui.layout import Button
from game.ui.mode_setup import ModeSetupLayout, Option, draw_label
from game.ui.widgets import draw_button

CODES = ("Classic", "Super")  # presets a duel offers: both boards must fit the screen side by side


class DuelSetupState(State):
    def __init__(self, level: str = DEFAULT_LEVEL, code: str = CODES[0]) -> None:
        names = [lv.name for lv in LEVELS]
        self.level = names.index(level) if level in names else names.index(DEFAULT_LEVEL)
        self.code = CODES.index(code) if code in CODES else 0
        self.mouse = (-1, -1)

    def rules(self) -> DuelRules:
        return DuelRules(preset(CODES[self.code]).config(), LEVELS[self.level])

    def layout(self) -> ModeSetupLayout:
        return ModeSetupLayout(self.app.surface.get_size(), (("level", len(LEVELS)), ("code", len(CODES))))

    def start(self) -> Route:
        self.app.sound.play("click")
        rules = self.rules()
        return go("new_game", mode="duel", config=rules.config, level=rules.level)

    def back(self) -> Transition:
        return to_menu()

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if isinstance(hit, Button):
                return self.start() if hit.name == "start" else self.back()
            if isinstance(hit, Option):
                if hit.row == "level":
                    self.level = hit.index
                else:
                    self.code = hit.index
                self.app.sound.play("click")
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start()
            if event.key == pygame.K_ESCAPE:
                return self.back()
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.level = (self.level + (1 if event.key == pygame.K_RIGHT else -1)) % len(LEVELS)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.code = (self.code + 1) % len(CODES)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.layout(), self.app.text
        surface.fill(pal.BACKGROUND)
        title = layout.title_rect
        text.draw_in(
            surface, "Duel against the computer", title.inflate(0, -title.h // 4), pal.TEXT, text.grown(60)
        )
        draw_label(surface, text, layout, "level", "Opponent")
        draw_label(surface, text, layout, "code", "Code")
        for i, rect in enumerate(layout.options["level"]):
            draw_button(
                surface,
                text,
                rect,
                LEVELS[i].name,
                primary=i == self.level,
                hot=rect.collidepoint(self.mouse),
            )
        for i, rect in enumerate(layout.options["code"]):
            p = preset(CODES[i])
            label = f"{p.name} {p.pegs}×{p.colours}"
            draw_button(surface, text, rect, label, primary=i == self.code, hot=rect.collidepoint(self.mouse))
        level = LEVELS[self.level]
        detail = f"{level.name}: {level.blurb}"
        text.draw_in(surface, detail, layout.detail_rect, pal.TEXT_DIM, text.grown(28))
        text.draw_in(
            surface,
            "Same secret, turn about, you first · Left/Right opponent · Up/Down code · Enter starts",
            layout.message_rect,
            pal.TEXT_DIM,
            24,
        )
        for name, rect in layout.buttons.items():
            label = "Start duel" if name == "start" else "Back"
            draw_button(
                surface, text, rect, label, primary=name == "start", hot=rect.collidepoint(self.mouse)
            )
