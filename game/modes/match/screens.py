"""Two players at one screen, by the board game's rules (game/core/match.py): the screens of a match.

Setup (game/modes/match/setup.py: names typed, defaults "Player 1" and "Player 2"; 2, 4 or 6
rounds), then for every round:
1. a look-away screen (HandOverState): "Pass to <maker>; <breaker>, look away", continued by a
   button or Enter;
2. the codemaker's secret entry: the shared codemaker screen with MatchSecretHooks (the match's
   config fixed, the round shown where the choices would be);
3. a hand-over screen to the breaker (the secret is set and stays hidden);
4. the breaker's round on the playing screen with MatchRoundHooks (no Solve, Hint or New game:
   they would change the score), Reveal giving up the round;
5. the scoreboard (game/modes/match/scores.py): the secret uncovered, the points, the totals, and
   at the end the winner or a tie.
The Match value is the only score; each screen hands it on. Wherever the match is left it is kept in
the slot "match" (game/modes/match/hooks.py MATCH_SAVE): before the codemaker has a code it resumes
at the look-away screen (a half-set secret is never kept, so the breaker cannot see it on resume),
with the code set at the hand-over to the breaker, and mid-round with the round's record. Escape
asks to leave (kept) or to abandon the match.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.codes import Code
from game.core.match import Match
from game.modes.match.hooks import MatchRoundHooks, MatchSave, MatchSecretHooks, kept_match, leave_question
from game.screens.base import Route, State, Transition, go, to_menu
from game.screens.holding import Holding
from game.screens.outcomes import LeaveChosen
from game.ui import palette as pal
from game.ui.mode_setup import HandOverLayout
from game.ui.widgets import draw_button, draw_card


class HandOverState(State):
    """A full screen with the one thing to do: hand the screen over, then press Continue (Enter)."""

    def __init__(self, match: Match, secret: Code | None = None) -> None:
        self.match = match
        self.secret = secret  # set once the codemaker is done: the screen then goes to the breaker
        self.mouse = (-1, -1)
        self.abandoned = False

    def holding(self) -> Holding:
        if self.abandoned:
            return Holding(abandoned="match")
        phase = "maker" if self.secret is None else "breaker"
        return Holding(kept=kept_match(MatchSave(self.match, phase, self.secret)))

    def lines(self) -> tuple[str, str, str]:
        """(heading, the big instruction, the small print)."""
        m = self.match
        heading = f"Round {m.round_number} of {m.rules.rounds}"
        if self.secret is None:
            return (
                heading,
                f"Pass to {m.maker_name}; {m.breaker_name}, look away",
                f"{m.maker_name} makes the code now. Press the button (or Enter) only when "
                f"{m.breaker_name} cannot see.",
            )
        return (
            heading,
            f"Pass to {m.breaker_name}: break the code",
            f"{m.maker_name}'s code is set and hidden. {m.breaker_name} has {m.rules.config.turns} turns.",
        )

    def pad_owner(self) -> int:
        """The one who goes on: the codemaker to set the code, then the breaker to play."""
        return self.match.maker if self.secret is None else self.match.breaker

    def button_label(self) -> str:
        m = self.match
        return f"{m.maker_name}: set the code" if self.secret is None else f"{m.breaker_name}: start"

    def layout(self) -> HandOverLayout:
        return HandOverLayout.for_size(self.app.surface.get_size())

    def next_state(self) -> Route:
        self.app.sound.play("click")
        if self.secret is None:
            config = self.match.rules.config
            return go("codemaker", mode="make", config=config, hooks=MatchSecretHooks(self.match))
        return go(
            "play", config=self.match.rules.config, secret=self.secret, hooks=MatchRoundHooks(self.match)
        )

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.layout().button.collidepoint(event.pos):
                return self.next_state()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.next_state()
            if event.key == pygame.K_ESCAPE:
                return leave_question()
        return None

    def resume(self, result: Any) -> Transition | None:
        if isinstance(result, LeaveChosen):
            self.abandoned = not result.keep
            return to_menu()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        text = self.app.text
        surface.fill(pal.BACKGROUND)
        layout = self.layout()
        card, (heading, big, small), button = layout.card, layout.lines, layout.button
        draw_card(surface, card)
        first, second, third = self.lines()
        text.draw_in(surface, first, heading.inflate(0, -heading.h // 3), pal.TEXT_DIM, text.grown(40))
        size, lines = text.fit_wrapped(second, big.w, big.h, text.grown(64))
        line_h = text.font(size).get_linesize()
        top = big.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.SELECTION, (big.centerx, top + i * line_h), align="midtop")
        size, lines = text.fit_wrapped(third, small.w, small.h, text.grown(30))
        line_h = text.font(size).get_linesize()
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.TEXT, (small.centerx, small.y + i * line_h), align="midtop")
        draw_button(
            surface, text, button, self.button_label(), primary=True, hot=button.collidepoint(self.mouse)
        )
