"""Two players at one screen, by the board game's rules (game/core/match.py): the screens of a match.

Setup (game/screens/match_setup.py: names typed, defaults "Player 1" and "Player 2"; 2, 4 or 6
rounds), then for every round:
1. a look-away screen: "Pass to <maker>; <breaker>, look away", continued by a button or Enter;
2. the codemaker's secret entry: the codemaker screen's own (drag-and-drop, keys, Random code),
   with the match's config fixed and the round shown where the choices would be;
3. a hand-over screen to the breaker (the secret is set and stays hidden);
4. the breaker's round on the normal playing screen (no Solve, Hint or New game: they would
   change the score), Reveal giving up the round;
5. the scoreboard (game/screens/match_scores.py): the secret uncovered, the points, the totals, and
   at the end the winner or a tie.
The Match value is the only score; each screen hands it on. A round left half-played is kept for
resume with the match so far (SavedGame.mode of kind "match").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.codes import Code
from game.core.match import (
    Match,
    match_from_dict,
    match_to_dict,
)
from game.core.state import Outcome
from game.play.record import GameRecord
from game.screens.base import Push, Replace, State, Transition, to_menu
from game.screens.codemaker import CodemakerState, Mode
from game.screens.confirm import ConfirmOverlay
from game.screens.playing import PlayingState, RevealChosen
from game.store import SavedGame
from game.ui import breaker_view
from game.ui import palette as pal
from game.ui.layout import PlayLayout
from game.ui.mode_setup import HandOverLayout
from game.ui.widgets import draw_button, draw_card

ROUND_BUTTONS = ("submit", "clear", "undo", "reveal")
ROUND_PANEL_ITEMS = breaker_view.panel_items(ROUND_BUTTONS)


@dataclass(frozen=True)
class AbandonMatch:
    """The players confirmed: the match is dropped and the menu shows."""


def _abandon_question() -> Transition:
    question = "Leave the match for the menu? The match so far is lost."
    return Push(ConfirmOverlay(question, AbandonMatch(), yes="Leave the match", no="Keep playing"))


class HandOverState(State):
    """A full screen with the one thing to do: hand the screen over, then press Continue (Enter)."""

    def __init__(self, match: Match, secret: Code | None = None) -> None:
        self.match = match
        self.secret = secret  # set once the codemaker is done: the screen then goes to the breaker
        self.mouse = (-1, -1)

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

    def button_label(self) -> str:
        m = self.match
        return f"{m.maker_name}: set the code" if self.secret is None else f"{m.breaker_name}: start"

    def layout(self) -> HandOverLayout:
        return HandOverLayout.for_size(self.app.surface.get_size())

    def next_state(self) -> State:
        self.app.sound.play("click")
        if self.secret is None:
            return MatchSecretState(self.match)
        return MatchRoundState(self.match, secret=self.secret)

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
                return _abandon_question()
        return None

    def resume(self, result: Any) -> Transition | None:
        return to_menu() if isinstance(result, AbandonMatch) else None

    def draw(self, surface: pygame.Surface) -> None:
        text = self.app.text
        surface.fill(pal.BACKGROUND)
        layout = self.layout()
        card, (heading, big, small), button = layout.card, layout.lines, layout.button
        draw_card(surface, card)
        first, second, third = self.lines()
        text.draw_in(surface, first, heading.inflate(0, -heading.h // 3), pal.TEXT_DIM, 40)
        size, lines = text.fit_wrapped(second, big.w, big.h, 64)
        line_h = text.font(size).get_linesize()
        top = big.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.SELECTION, (big.centerx, top + i * line_h), align="midtop")
        size, lines = text.fit_wrapped(third, small.w, small.h, 30)
        line_h = text.font(size).get_linesize()
        for i, line in enumerate(lines):
            text.draw(surface, line, size, pal.TEXT, (small.centerx, small.y + i * line_h), align="midtop")
        draw_button(
            surface, text, button, self.button_label(), primary=True, hot=button.collidepoint(self.mouse)
        )


class MatchSecretState(CodemakerState):
    """The codemaker screen's secret entry, for the round's codemaker: the config is the match's."""

    CHOICES = ("pegs", "colours", "duplicates", "strategy")  # rows for its four lines (no Shape to choose)

    def __init__(self, match: Match) -> None:
        super().__init__(Mode.MAKE, match.rules.config)
        self.match = match

    def title(self) -> str:
        m = self.match
        return f"Round {m.round_number} of {m.rules.rounds} · {m.maker_name}, set your code"

    def change(self, name: str, step: int) -> None:
        """The match's code size is fixed in setup."""

    def start(self) -> Transition | State | None:
        if self.problem() is not None:
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        return HandOverState(self.match, tuple(self.secret))

    def back(self) -> Transition:
        return _abandon_question()

    def resume(self, result: Any) -> Transition | None:
        return to_menu() if isinstance(result, AbandonMatch) else None

    def _draw_choices(self, surface, layout, hit) -> None:
        """Where the codemaker screen has its choices: the round, the roles and the score so far."""
        m = self.match
        totals = m.totals
        names = m.rules.names
        lines = (
            f"{m.maker_name} makes the code; {m.breaker_name} is looking away",
            f"Score: {names[0]} {totals[0]} · {names[1]} {totals[1]}",
            f"One point per guess {m.breaker_name} needs; {m.rules.config.turns + 1} if not cracked",
            f"Drag colours onto the row, or press 1-{pal.KEY_LABELS[m.rules.config.colours - 1]}; "
            "R for a random code",
        )
        for i, (name, line) in enumerate(zip(layout.labels, lines, strict=True)):
            row = layout.labels[name].union(layout.controls[name])
            colour = pal.TEXT if i < 2 else pal.TEXT_DIM
            self.app.text.draw_in(surface, line, row.inflate(0, -round(row.h * 0.3)), colour, 30)


class MatchRoundState(PlayingState):
    """The breaker's turn: the normal playing screen, without Solve, Hint and New game."""

    def __init__(self, match: Match, secret: Code | None = None, record: GameRecord | None = None) -> None:
        super().__init__(match.rules.config, secret, record)
        self.match = match

    @classmethod
    def from_saved(cls, saved: SavedGame) -> MatchRoundState:
        return cls(match_from_dict((saved.mode or {})["match"]), record=saved.record)

    @property
    def resume_record(self) -> SavedGame | None:
        """The round and the match so far, for resume, until the round ends or is abandoned."""
        if self.run is None or not self.keep_on_exit or self.run.game.over:
            return None
        return SavedGame(self.run.snapshot(), {"kind": "match", "match": match_to_dict(self.match)})

    def title(self) -> str:
        m = self.match
        return f"Round {m.round_number} of {m.rules.rounds} · {m.breaker_name} breaks {m.maker_name}'s code"

    def make_layout(self, size: tuple[int, int]) -> PlayLayout:
        c = self.config
        return PlayLayout(size, c.pegs, c.colours, c.turns, ROUND_PANEL_ITEMS, ROUND_BUTTONS)

    def press(self, name: str) -> Transition | State | None:
        if name in ("solve", "hint", "new"):
            return None  # they would change the score
        if name == "reveal":
            m = self.match
            question = f"Give up this round? {m.maker_name} scores {m.rules.config.turns + 1}."
            return Push(ConfirmOverlay(question, RevealChosen(), yes="Give up", no="Keep playing"))
        if name == "help":
            from game.screens.help import HelpOverlay

            return Push(HelpOverlay(screen="match"))
        return super().press(name)

    def _to_result(self) -> Transition:
        from game.screens.match_scores import ScoreboardState

        self.keep_on_exit = False
        record = self.run.record
        cracked = record.game.outcome is Outcome.WON
        return Replace(ScoreboardState(self.match.record(record.guesses, cracked), record))

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.draw_board(surface, self.title())
        breaker_view.draw_live(surface, layout, self.run, art)
