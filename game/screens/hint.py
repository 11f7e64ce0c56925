"""The hint overlay of the playing state: how many codes are still possible, and a suggested guess.
Codes are called what the game's variant calls them (Variant.nouns: "How many words?").

It says up front what costs the score: opening it costs nothing; asking for the count (C) or a
suggestion (G) marks the game assisted, and an assisted game scores nothing. The playing state
pushes HintOverlay(game) and gets back, through resume():
- None: closed without asking for anything (the game is not assisted);
- HintTaken(None): the count or the suggestion was shown but not used (assisted);
- HintTaken(code): "Use this guess" fills the row being built with it (assisted).

The strongest strategy thinks inside a frame budget (game/core/analysis.py hint_steps, pumped by
game/play/pump.py) from the moment the overlay opens, so answers come at once, but nothing is shown
until asked; it sees only game.history. Keys: C shows the count, G the suggestion, Enter asks for
the suggestion or uses it once shown, Escape closes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from game.core.analysis import Hint, hint_steps
from game.core.state import GameState
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.screens.base import Pop, State, Transition, board_art
from game.screens.outcomes import HintTaken
from game.ui import palette as pal
from game.ui.layout_dialogs import HintLayout
from game.ui.pad_actions import pad_keys
from game.ui.thinking import draw_progress_bar, draw_text_lines
from game.ui.widgets import button_label_px, draw_button, draw_card, shade, standard_label_widths

BUTTON_LABELS = {
    "close": "Close",
    "count": "How many codes?",
    "show": "Suggest a guess",
    "use": "Use this guess",
}
COST_NOTE = "Opening this costs nothing. Asking for the count or a guess marks the game assisted: no score."
ASKED_NOTE = "Hint · this game now scores nothing"  # said again once asked, in the player's words


HEAD_SHARE = 0.45  # of the card's text area: its first line, a heading; the lines under it share the rest


def draw_headed(text, surface: pygame.Surface, area: pygame.Rect, lines: list[str], colour) -> None:
    """The card's first line as its heading ("Hint", "39 words still possible"), the rest under it in
    the body's type: the answer reads first, at the size of the card's buttons or more."""
    head = pygame.Rect(area.x, area.y, area.w, round(area.h * HEAD_SHARE))
    draw_text_lines(text, surface, head, lines[:1], colour, role="heading")
    rest = pygame.Rect(area.x, head.bottom, area.w, area.bottom - head.bottom)
    draw_text_lines(text, surface, rest, lines[1:], colour)


class HintOverlay(State):
    is_overlay = True
    pad_keys = pad_keys(rule_out=pygame.K_c, hint=pygame.K_g)  # a pad's X counts, Y shows a guess

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
        self.show_count = False
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

    @property
    def asked(self) -> bool:
        return self.show_count or self.show_guess

    def buttons(self) -> tuple[str, ...]:
        if self.show_guess and self.hint is not None:
            return ("close", "use")
        return ("close", "show") if self.show_count else ("close", "count", "show")

    def layout(self) -> HintLayout:
        """Card, text area, guess row and the buttons shown now (game/ui/layout_dialogs.py), each
        button as wide as its label needs at every button's one label size."""
        names = self.buttons()
        labels = [self.button_label(name) for name in names]
        widths = standard_label_widths(self.app.text, self.app.size, labels)
        return HintLayout(self.app.size, names, widths)

    def close(self) -> Transition:
        return Pop(HintTaken() if self.asked else None)

    def press(self, name: str) -> Transition | None:
        self.app.sound.play("click")
        if name == "close":
            return self.close()
        if name == "count":
            self.show_count = True
        elif name == "show":
            self.show_guess = True
        elif name == "use" and self.hint is not None:
            return Pop(HintTaken(self.hint.guess))
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            name = self.layout().hit_button(event.pos)
            if name is not None:
                return self.press(name)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.close()
            if event.key == pygame.K_g:
                return self.press("show")
            if event.key == pygame.K_c:
                return self.press("count")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press("use" if self.show_guess else "show")
        return None

    def update(self, dt: float) -> Transition | State | None:
        if self.pump is not None and not self.pump.done:
            self.pump.pump(self.budget_ms)
        return None

    def button_label(self, name: str) -> str:
        """A button's words: the count's names the game's codes ("How many words?")."""
        if name == "count":
            return f"How many {self.game.config.variant.nouns.codes}?"
        return BUTTON_LABELS[name]

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        text_area, guess_row, buttons = layout.text_area, layout.guess_row, layout.buttons
        draw_card(surface, layout.card)
        text = self.app.text
        hint = self.hint
        error = self.pump.error if self.pump is not None else None
        if not self.asked:
            draw_headed(text, surface, text_area, ["Hint", COST_NOTE], pal.TEXT)
        elif error is not None:
            draw_headed(text, surface, text_area, ["No hint:", str(error)], pal.TEXT_WARN)
        elif hint is None:
            draw_headed(text, surface, text_area, [ASKED_NOTE, "Thinking..."], pal.TEXT)
            draw_progress_bar(surface, guess_row.inflate(0, -guess_row.h // 2), self.pump.fraction)
        else:
            count = self.game.config.variant.nouns.count(hint.possible)
            lines = [f"{count} still possible" if self.show_count else ASKED_NOTE]
            lines.append("Suggested guess:" if self.show_guess else "Want a suggested guess?")
            draw_headed(text, surface, text_area, lines, pal.TEXT)
            if self.show_guess:
                self._draw_guess(surface, guess_row, hint)
        labels = [self.button_label(name) for name in buttons]
        px = button_label_px(text, list(buttons.values()), labels)  # one size
        for (name, rect), label in zip(buttons.items(), labels, strict=True):
            primary = name in ("show", "use")
            hot = rect.collidepoint(self.mouse)
            draw_button(surface, text, rect, label, hot=hot, primary=primary, label_px=px)

    def _draw_guess(self, surface: pygame.Surface, row: pygame.Rect, hint: Hint) -> None:
        art = board_art(self.app)
        art.pegs.draw_code(surface, row, hint.guess, art.colours, art.symbols, self.game.config.variant.shape)
