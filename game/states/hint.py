"""The hint overlay of the playing state: how many codes are still possible, and a suggested guess.

The playing state pushes HintOverlay(game) (see game/states/playing.py) and gets back, through
resume(), ("hint", answer):
- answer None: closed before anything was shown (not assisted);
- answer (): the count (and maybe the guess) was shown but not used (assisted);
- answer a code: "Use this guess" fills the row being built with it (assisted).

The strongest strategy thinks inside a frame budget (game/core/analysis.py hint_steps, pumped by
game/ui/pump.py) while a progress bar runs; it sees only game.history. Keys: Enter uses the guess,
G shows it, Escape closes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from game.core.analysis import Hint, hint_steps
from game.core.state import GameState
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.states.base import Pop, State, Transition
from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.thinking import draw_progress_bar, draw_text_lines
from game.ui.widgets import draw_button, draw_card, shade


class HintOverlay(State):
    is_overlay = True

    def __init__(
        self,
        game: GameState,
        strategy: str | None = None,
        *,
        budget_ms: float = PUMP_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.game = game
        self.strategy = strategy
        self.budget_ms = budget_ms
        self.clock = clock
        self.pump: Pump[Hint] | None = None
        self.show_guess = False
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        if self.pump is None:
            rng = random.Random(app.rng.random())
            steps = hint_steps(self.game.config, self.game.history, rng, self.strategy)
            self.pump = Pump(steps, clock=self.clock)

    @property
    def hint(self) -> Hint | None:
        return self.pump.answer if self.pump is not None and self.pump.done else None

    def buttons(self) -> tuple[str, ...]:
        if self.hint is None:
            return ("close",)
        return ("close", "use") if self.show_guess else ("close", "show")

    def geometry(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, dict[str, pygame.Rect]]:
        """(card, text area, guess row, buttons)."""
        size = self.app.size
        card = dialog_rect(size, 0.5, 0.42, 440, 280)
        m = margin_px(size)
        bh = button_height_px(size)
        buttons = button_row(card, self.buttons(), bh, m * 2)
        top = card.y + 2 * m
        bottom = min(rect.y for rect in buttons.values()) - m
        text_h = round((bottom - top) * 0.55)
        text_area = pygame.Rect(card.x + 2 * m, top, card.w - 4 * m, text_h)
        guess_row = pygame.Rect(card.x + 2 * m, top + text_h, card.w - 4 * m, bottom - top - text_h)
        return card, text_area, guess_row, buttons

    def close(self) -> Transition:
        return Pop(("hint", None if self.hint is None else ()))

    def press(self, name: str) -> Transition | None:
        self.app.sound.play("click")
        if name == "close":
            return self.close()
        if name == "show" and self.hint is not None:
            self.show_guess = True
        elif name == "use" and self.hint is not None:
            return Pop(("hint", self.hint.guess))
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name, rect in self.geometry()[3].items():
                if rect.collidepoint(event.pos):
                    return self.press(name)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.close()
            if event.key == pygame.K_g:
                return self.press("show")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press("use" if self.show_guess else "show")
        return None

    def update(self, dt: float) -> Transition | State | None:
        if self.pump is not None and not self.pump.done:
            self.pump.pump(self.budget_ms)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        card, text_area, guess_row, buttons = self.geometry()
        draw_card(surface, card)
        text = self.app.text
        hint = self.hint
        if hint is None:
            error = self.pump.error if self.pump is not None else None
            if error is not None:
                draw_text_lines(text, surface, text_area, ["No hint:", str(error)], pal.TEXT_WARN)
            else:
                draw_text_lines(text, surface, text_area, ["Hint", "Thinking..."], pal.TEXT)
                draw_progress_bar(surface, guess_row.inflate(0, -guess_row.h // 2), self.pump.fraction)
        else:
            codes = "code" if hint.possible == 1 else "codes"
            lines = [f"{hint.possible:,} {codes} still possible"]
            lines.append("Suggested guess:" if self.show_guess else "Want a suggested guess?")
            draw_text_lines(text, surface, text_area, lines, pal.TEXT)
            if self.show_guess:
                self._draw_guess(surface, guess_row, hint)
        labels = {"close": "Close", "show": "Suggest a guess", "use": "Use this guess"}
        for name, rect in buttons.items():
            primary = name in ("show", "use")
            draw_button(surface, text, rect, labels[name], hot=rect.collidepoint(self.mouse), primary=primary)

    def _draw_guess(self, surface: pygame.Surface, row: pygame.Rect, hint: Hint) -> None:
        colours = pal.palette(self.app.settings.get("palette", "safe"))
        symbols = bool(self.app.settings.get("symbols", True))
        pegs = len(hint.guess)
        pitch = min(row.w / pegs, row.h)
        d = max(6, round(pitch * 0.82))
        left = row.centerx - pitch * pegs / 2
        for col, colour in enumerate(hint.guess):
            peg = self.app.pegs.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, peg.get_rect(center=(round(left + (col + 0.5) * pitch), row.centery)))
