"""The end of a duel: who won and by how much (each side's guesses as big numbers, the margin under
them), both boards uncovered (the computer's guesses at last).

Everything shown comes from the two finished records and the core's DuelOutcome. The duel counted
once in the Duel statistics (records.DUEL_KEY) the moment it was decided (game/modes/duel/hooks.py):
a duel the player won is a win, anything else (lost, drawn, nobody cracked it, given up) a game not
won. Enter or N duels again (same level and code, a new secret), A (or Analysis) shows the player's
rows next to the best play, Escape goes to the menu.
"""

from __future__ import annotations

from types import MappingProxyType

import pygame

from game.core.duel import DuelOutcome, DuelRules
from game.core.state import Outcome
from game.modes.duel import view as duel_view
from game.modes.duel.view import DuelLayout
from game.play.record import GameRecord
from game.screens.base import Push, Route, State, Transition, board_art, go, to_menu
from game.ui import end_cards
from game.ui import palette as pal
from game.ui.board import BoardView, draw_board_screen
from game.ui.breaker_view import hud_name
from game.ui.end_cards import Tile
from game.ui.widgets import ButtonClicks

PANEL_ITEMS = (
    ("verdict", 1.3),
    ("score", 2.2),
    ("details", 2.4),
    ("again", 1.15),
    ("analysis", 1.0),
    ("menu", 1.0),
)
BUTTON_LABELS = MappingProxyType({"again": "Duel again", "analysis": "Analysis", "menu": "Menu"})
VERDICTS = MappingProxyType(
    {
        DuelOutcome.PLAYER_WON: "You win the duel!",
        DuelOutcome.COMPUTER_WON: "The computer wins",
        DuelOutcome.DRAW: "A draw: same turn",
        DuelOutcome.NEITHER: "Nobody cracked it",
    }
)


class DuelResultState(State):
    def __init__(
        self, rules: DuelRules, player: GameRecord, computer: GameRecord, outcome: DuelOutcome
    ) -> None:
        self.rules = rules
        self.player = player
        self.computer = computer
        self.outcome = outcome
        self.view = BoardView()
        self.opponent_view = BoardView()
        self.clicks = ButtonClicks()

    def layout(self) -> DuelLayout:
        c = self.rules.config
        return self.sized_layout(
            lambda size: DuelLayout(size, c.pegs, c.colours, c.turns, PANEL_ITEMS, tuple(BUTTON_LABELS), ())
        )

    def margin(self) -> str:
        """By how much: the guesses between the two, or why there is no such number."""
        you, it = self.player.guesses, self.computer.guesses
        cracked = (self.player.outcome is Outcome.WON, self.computer.outcome is Outcome.WON)
        if self.outcome is DuelOutcome.DRAW:
            return f"Both in {you} {'guess' if you == 1 else 'guesses'}"
        if self.outcome is DuelOutcome.NEITHER:
            return f"Nobody cracked it in {self.rules.config.turns} turns"
        if self.player.outcome is Outcome.REVEALED:
            return "You gave up"
        if cracked == (True, True):
            return f"By {abs(it - you)} {'guess' if abs(it - you) == 1 else 'guesses'}"
        loser = "It" if cracked[0] else "You"
        return f"{loser} never cracked it"

    def tiles(self) -> list[Tile]:
        """Each side's guesses as a big number, the winner's in the accent."""
        name = self.rules.level.name
        you, it = self.player, self.computer
        return [
            Tile(
                "You",
                str(you.guesses) if you.outcome is Outcome.WON else "-",
                highlight=self.outcome is DuelOutcome.PLAYER_WON,
            ),
            Tile(
                name,
                str(it.guesses) if it.outcome is Outcome.WON else "-",
                highlight=self.outcome is DuelOutcome.COMPUTER_WON,
            ),
        ]

    def details(self) -> list[str]:
        you, it = self.player.guesses, self.computer.guesses
        lines = [
            f"You: {you} {'guess' if you == 1 else 'guesses'}"
            + (" · cracked" if self.player.outcome is Outcome.WON else ""),
            f"{self.rules.level.name}: {it} {'guess' if it == 1 else 'guesses'}"
            + (" · cracked" if self.computer.outcome is Outcome.WON else ""),
            f"Time {self.player.time_text}",
        ]
        if self.player.outcome is Outcome.REVEALED:
            lines.append("You gave up")
        lines.append("Its guesses are shown now")
        return lines

    def again(self) -> Route:
        return go("new_game", mode="duel", config=self.rules.config, level=self.rules.level)

    def menu(self) -> Transition:
        return to_menu()

    def analysis(self) -> Transition:
        """The player's board next to the best play (game/screens/analysis.py)."""
        return Push(go("analysis", record=self.player))

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        clicked = self.clicks.click(event, self.layout().hit_test)
        if clicked is not None:
            self.app.sound.play("click")
            if clicked == "analysis":
                return self.analysis()
            return self.again() if clicked == "again" else self.menu()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                return self.again()
            if event.key == pygame.K_ESCAPE:
                return self.menu()
            if event.key == pygame.K_a:
                return self.analysis()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        text = art.text
        title = f"Duel vs {self.rules.level.name} · {hud_name(self.rules.config)} · both boards uncovered"
        draw_board_screen(
            surface, layout, art, self.view, self.player.game, title=title, palette=False, show_secret=True
        )
        duel_view.draw_revealed_board(surface, layout.opponent, self.opponent_view, self.computer.game, art)
        duel_view.draw_names(surface, layout, art, "You", f"Computer · {self.rules.level.name}", None)
        won = self.outcome is DuelOutcome.PLAYER_WON
        verdict = layout.item_rect("verdict")
        end_cards.draw_title(
            surface, text, verdict, VERDICTS[self.outcome], pal.SELECTION if won else pal.TEXT
        )
        score = layout.item_rect("score")
        half = (score.w - layout.margin) // 2
        pair = [
            pygame.Rect(score.x, score.y, half, score.h),
            pygame.Rect(score.right - half, score.y, half, score.h),
        ]
        end_cards.draw_tiles(surface, text, pair, self.tiles())
        lines = [(self.margin(), pal.TEXT)] + [(f"Time {self.player.time_text}", pal.TEXT_DIM)]
        lines += [("Its guesses are shown now", pal.TEXT_DIM)]
        end_cards.draw_lines(surface, text, layout.item_rect("details"), lines)
        buttons = {name: layout.button_rect(name) for name in BUTTON_LABELS}
        end_cards.draw_buttons(
            surface, text, buttons, dict(BUTTON_LABELS), self.clicks.mouse, primary="again"
        )
