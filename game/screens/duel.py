"""Duel against the computer: both crack the same secret, turn about, each on a board of its own.

DuelState is the playing screen (it extends PlayingState: the same BreakerRun, input and breaker
view for the player's board) with a second board beside it, where a ComputerRun plays the
opponent's level (game/core/duel.py). The rules are the core's: duel_outcome() and side_to_move()
on both boards' grades decide whose turn it is and who has won; this state only sequences them.

- The player guesses first each turn; Submit waits while the computer is replying.
- The computer plays one guess per turn: its run stays paused and single_step() plays exactly one
  row (think, place, grade). Its strategy reaches the board only through opponent_think(), which
  hands it the computer board's own (guess, grade) pairs: never the secret, never the player's rows.
- Its guesses stay covered on screen until the duel is decided; its grades show as they come.
- Reveal (R) gives up: the computer wins. Leaving keeps the duel (both records and the level) for
  resume; the end screen (game/screens/duel_result.py) counts it in the Duel statistics.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Generator
from typing import Any

import pygame

from game import tables
from game.core.codes import Code, Feedback
from game.core.config import GameConfig
from game.core.duel import (
    DuelOutcome,
    DuelRules,
    OpponentLevel,
    Side,
    duel_outcome,
    level_named,
    opponent_strategy,
    opponent_think,
    side_to_move,
)
from game.core.solver import Progress, StrategyInfo, Think
from game.core.state import GameState
from game.play.computer import ComputerRun, Phase
from game.play.record import GameRecord
from game.play.timeline import Motion
from game.screens.base import Push, Replace, State, Transition, motion
from game.screens.confirm import ConfirmOverlay
from game.screens.playing import PlayingState, RevealChosen
from game.store import SavedGame
from game.ui import breaker_view, duel_view
from game.ui.board import BoardView
from game.ui.duel_view import DuelLayout

PANEL_BUTTONS = ("submit", "clear", "undo", "reveal")
PANEL_ITEMS = breaker_view.panel_items(PANEL_BUTTONS)
NOT_YOUR_TURN = "wait: the computer is replying"
END_PAUSE_S = 0.6  # both boards stay a moment once decided, before the end screen


class OwnBoardMind:
    """The opponent's strategy as a ComputerRun calls it, routed through opponent_think() so the
    strategy is handed only the computer board's own rows (copied into plain tuples)."""

    def __init__(self, think: Think, board: GameState) -> None:
        self._think = think
        self.board: Callable[[], GameState] = lambda: board  # the run's own board, once it exists

    def think(
        self, config: GameConfig, history: object, rng: random.Random
    ) -> Generator[Progress, None, Code]:
        """The run's call: `config` and `history` are ignored, the board itself is read instead."""
        return opponent_think(self._think, self.board(), rng)


def opponent_run(
    level: OpponentLevel, record: GameRecord, rng: random.Random, motion_: Motion | None = None
) -> ComputerRun:
    """The computer's side of a duel: `level`'s strategy (bound to the shipped tables) playing from
    `record`, paused; each single_step() plays one guess."""
    info: StrategyInfo = tables.bind(opponent_strategy(level))
    mind = OwnBoardMind(info.think, record.game)
    run = ComputerRun(record, dataclasses.replace(info, think=mind.think), rng, motion=motion_)
    mind.board = lambda: run.game
    run.toggle_pause()
    return run


class DuelState(PlayingState):
    """Your board and the computer's, side by side; you move first each turn."""

    def __init__(
        self,
        rules: DuelRules,
        secret: tuple[int, ...] | None = None,
        player: GameRecord | None = None,
        computer: GameRecord | None = None,
    ) -> None:
        super().__init__(rules.config, secret, player)
        self.rules = rules
        self._computer_record = computer
        self.computer: ComputerRun | None = None
        self.opponent_view = BoardView()
        self.resigned = False
        self.decided_s = 0.0  # time since the duel was decided and both boards came to rest

    @classmethod
    def from_saved(cls, saved: SavedGame) -> DuelState:
        """The duel kept by a player who left it (SavedGame.mode of kind "duel", already checked)."""
        mode = saved.mode or {}
        rules = DuelRules(saved.config, level_named(mode["level"]))
        return cls(rules, player=saved.record, computer=GameRecord.from_dict(mode["computer"]))

    def enter(self, app) -> None:
        super().enter(app)
        if self.computer is None:
            record = self._computer_record or GameRecord.new(self.config, self.run.game.secret)
            rng = random.Random(app.rng.getrandbits(64))
            self.computer = opponent_run(self.rules.level, record, rng, motion(app))

    # --- the rules, from both boards --------------------------------------------------------
    def grades(self) -> tuple[list[Feedback], list[Feedback]]:
        return (
            [row.feedback for row in self.run.game.rows],
            [row.feedback for row in self.computer.game.rows],
        )

    def outcome(self) -> DuelOutcome:
        mine, theirs = self.grades()
        return duel_outcome(self.rules, mine, theirs, player_resigned=self.resigned)

    def to_move(self) -> Side | None:
        if self.resigned:
            return None
        mine, theirs = self.grades()
        return side_to_move(self.rules, mine, theirs)

    @property
    def resume_record(self) -> SavedGame | None:
        """Both boards and the level, for resume, while the duel is undecided."""
        if self.run is None or not self.keep_on_exit or self.outcome() is not DuelOutcome.PLAYING:
            return None
        record = self.run.snapshot()
        if not record.resumable:
            return None
        mode = {"kind": "duel", "level": self.rules.level.name, "computer": self.computer.record.to_dict()}
        return SavedGame(record, mode)

    def title(self) -> str:
        c = self.config
        return f"Duel vs {self.rules.level.name} · {c.pegs} pegs × {c.colours} colours · {c.turns} turns"

    # --- input ------------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> DuelLayout:
        c = self.config
        return DuelLayout(size, c.pegs, c.colours, c.turns, PANEL_ITEMS, PANEL_BUTTONS)

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if self.outcome() is not DuelOutcome.PLAYING and event.type != pygame.MOUSEMOTION:
            return None  # decided: the end screen comes by itself
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self._my_turn():
                self.run.message = NOT_YOUR_TURN
                return None
        return super().handle(event)

    def _my_turn(self) -> bool:
        return self.to_move() is Side.PLAYER

    def press(self, name: str) -> Transition | State | None:
        if name in ("solve", "hint", "new"):
            return None  # no help and no fresh code in the middle of a duel
        if name == "submit" and not self._my_turn():
            self.run.message = NOT_YOUR_TURN
            self.app.sound.play("error")
            return None
        if name == "reveal":
            question = "Give up the duel? The computer wins and both boards are shown."
            return Push(ConfirmOverlay(question, RevealChosen(), yes="Give up", no="Keep playing"))
        if name == "help":
            from game.screens.help import HelpOverlay

            return Push(HelpOverlay(screen="duel"))
        return super().press(name)

    def resume(self, result: Any) -> Transition | State | None:
        if isinstance(result, RevealChosen):
            self.resigned = True
        return super().resume(result)

    # --- time -------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        run, computer = self.run, self.computer
        run.set_motion(motion(self.app))
        run.update(dt)
        computer.update(dt)
        self._play_cues()
        for cue in computer.take_cues():
            self.app.sound.play(cue.value)
        if self.to_move() is Side.COMPUTER and run.grading_row is None:
            computer.single_step()  # one guess: it pauses again once its grade is on the board
        if self.outcome() is DuelOutcome.PLAYING:
            return None
        player_at_rest = not run.game.over or run.finished
        computer_at_rest = computer.phase not in (Phase.PLACING, Phase.GRADING)
        if player_at_rest and computer_at_rest:
            self.decided_s += dt
            if self.decided_s >= END_PAUSE_S:
                return self._to_result()
        return None

    def _to_result(self) -> Transition:
        from game.screens.duel_result import DuelResultState

        self.keep_on_exit = False
        outcome = self.outcome()
        return Replace(DuelResultState(self.rules, self.run.record, self.computer.record, outcome))

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.draw_board(surface, self.title())
        run = self.run
        side = self.to_move()
        computer = self.computer
        name = f"Computer · {self.rules.level.name}"
        if side is Side.COMPUTER and computer.phase is Phase.THINKING:
            name += " · thinking…"
        duel_view.draw_names(surface, layout, art, "You", name, side.value if side else None)
        duel_view.draw_opponent_board(
            surface,
            layout.opponent,
            self.opponent_view,
            computer,
            art,
            to_move=side is Side.COMPUTER,
        )
        breaker_view.draw_live(surface, layout, run, art)
