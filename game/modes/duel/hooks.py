"""Duel against the computer: both crack the same secret, turn about, each on a board of its own.

DuelHooks compose the duel into the playing screen (game/screens/play_protocol.py): the player's board
is the screen's own BreakerRun, input and view; beside it a second board where a ComputerRun plays
the opponent's level (game/core/duel.py). The rules are the core's: duel_outcome() and side_to_move()
on both boards' grades decide whose turn it is and who has won; the hooks only sequence them.

- The player guesses first each turn; Submit waits while the computer is replying.
- The computer plays one guess per turn: its run stays paused and single_step() plays exactly one
  row (think, place, grade). Its strategy reaches the board only through opponent_think(), which
  hands it the computer board's own (guess, grade) pairs: never the secret, never the player's rows.
- Its guesses stay covered on screen until the duel is decided; its grades show as they come.
- Reveal (R) gives up: the computer wins. The duel is kept in the slot "duel" (both boards and the
  level, DUEL_SAVE) as it is played; the moment it is decided it counts once in the Duel statistics
  and its end screen (game/modes/duel/result.py) shows it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
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
from game.core.records import DUEL_KEY, GameEnd, GameResult
from game.core.solver import Progress, StrategyInfo, Think
from game.core.state import GameState, Outcome
from game.modes.duel import view as duel_view
from game.modes.duel.view import DuelLayout
from game.play.computer import ComputerRun, Phase
from game.play.record import GameRecord
from game.play.timeline import Motion, Timeline
from game.screens.base import Replace, Route, go, motion
from game.screens.holding import Decided, Holding, Kept, SaveCodec
from game.screens.play_hooks import PlayScreen, StandardHooks, progress_of
from game.ui import breaker_view
from game.ui.board import BoardView, config_title

PANEL_BUTTONS = ("submit", "clear", "undo", "reveal")
PANEL_ITEMS = breaker_view.panel_items(PANEL_BUTTONS)
NOT_YOUR_TURN = "wait: the computer is replying"
END_PAUSE_S = 0.6  # both boards stay a moment once decided, before the end screen
END_PAUSE = "decided"


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


@dataclass(frozen=True)
class DuelSave:
    """A duel kept half-played: the level and both boards (the same secret on each)."""

    level: str
    player: GameRecord
    computer: GameRecord


def _decode(data: Any) -> DuelSave:
    if not isinstance(data, dict) or set(data) != {"level", "player", "computer"}:
        raise ValueError("a kept duel holds level, player and computer")
    if not isinstance(data["level"], str):
        raise ValueError("a duel's level is a name")
    level_named(data["level"])
    player, computer = GameRecord.from_dict(data["player"]), GameRecord.from_dict(data["computer"])
    if player.game.secret is None or computer.game.secret != player.game.secret:
        raise ValueError("the two boards of a kept duel have different codes")
    if computer.config != player.config:
        raise ValueError("the two boards of a kept duel are of different sizes")
    if not len(player.game.rows) - 1 <= len(computer.game.rows) <= len(player.game.rows):
        raise ValueError("the kept duel's boards are more than a turn apart")
    rules = DuelRules(player.config, level_named(data["level"]))
    mine, theirs = ([row.feedback for row in r.game.rows] for r in (player, computer))
    if duel_outcome(rules, mine, theirs, player_resigned=False) is not DuelOutcome.PLAYING:
        raise ValueError("the kept duel had already been decided")
    return DuelSave(data["level"], player, computer)


DUEL_SAVE = SaveCodec(
    version=1,
    encode=lambda save: {
        "level": save.level,
        "player": save.player.to_dict(),
        "computer": save.computer.to_dict(),
    },
    decode=_decode,
    describe=lambda save: f"Duel vs {save.level} · turn {save.player.turn} of {save.player.config.turns}",
    resume=lambda save: go(
        "play",
        record=save.player,
        hooks=DuelHooks(DuelRules(save.player.config, level_named(save.level)), save.computer),
    ),
)


def stats_end(outcome: DuelOutcome, player: GameRecord) -> GameEnd:
    """How the duel counts for the player in the Duel statistics."""
    if outcome is DuelOutcome.PLAYER_WON:
        return GameEnd.WON
    return GameEnd.REVEALED if player.outcome is Outcome.REVEALED else GameEnd.LOST


class DuelHooks(StandardHooks):
    """Your board and the computer's, side by side; you move first each turn."""

    help_screen = "duel"
    mode = "duel"
    shows_hud = False
    panel_items = PANEL_ITEMS

    def __init__(self, rules: DuelRules, computer: GameRecord | None = None) -> None:
        self.rules = rules
        self._computer_record = computer
        self.computer: ComputerRun | None = None
        self.opponent_view = BoardView()
        self.resigned = False
        self.timeline = Timeline()  # the pause once decided and both boards are at rest

    def again(self, state: PlayScreen) -> Route:
        """A new duel on the same rules (the opponent beside the config)."""
        return go("new_game", mode=self.mode, config=self.rules.config, level=self.rules.level)

    def entered(self, state: PlayScreen) -> None:
        if self.computer is None:
            record = self._computer_record or GameRecord.new(state.config, state.run.game.secret)
            rng = random.Random(state.app.rng.getrandbits(64))
            self.computer = opponent_run(self.rules.level, record, rng, motion(state.app))

    # --- the rules, from both boards --------------------------------------------------------
    def grades(self, state: PlayScreen) -> tuple[list[Feedback], list[Feedback]]:
        return (
            [row.feedback for row in state.run.game.rows],
            [row.feedback for row in self.computer.game.rows],
        )

    def outcome(self, state: PlayScreen) -> DuelOutcome:
        mine, theirs = self.grades(state)
        return duel_outcome(self.rules, mine, theirs, player_resigned=self.resigned)

    def to_move(self, state: PlayScreen) -> Side | None:
        if self.resigned:
            return None
        mine, theirs = self.grades(state)
        return side_to_move(self.rules, mine, theirs)

    def title(self, state: PlayScreen) -> str:
        return f"Duel vs {self.rules.level.name} · {config_title(state.config)}"

    # --- input ------------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> DuelLayout:
        c = state.config
        return DuelLayout(size, c.pegs, c.colours, c.turns, PANEL_ITEMS, PANEL_BUTTONS)

    def accepts_input(self, state: PlayScreen) -> bool:
        return self.outcome(state) is DuelOutcome.PLAYING  # decided: the end screen comes by itself

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        if name == "submit" and self.to_move(state) is not Side.PLAYER:
            return NOT_YOUR_TURN
        return None

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        return "Give up the duel? The computer wins and both boards are shown.", "Give up"

    def resign(self, state: PlayScreen) -> None:
        self.resigned = True

    # --- time -------------------------------------------------------------------------------------
    def update(self, state: PlayScreen, dt: float) -> Any:
        run, computer = state.run, self.computer
        computer.update(dt)
        for cue in computer.take_cues():
            state.app.sound.play(cue.value)
        if self.to_move(state) is Side.COMPUTER and run.grading_row is None:
            computer.single_step()  # one guess: it pauses again once its grade is on the board
        if self.outcome(state) is DuelOutcome.PLAYING:
            return None
        player_at_rest = not run.game.over or run.finished
        computer_at_rest = computer.phase not in (Phase.PLACING, Phase.GRADING)
        if player_at_rest and computer_at_rest:
            pause = self.timeline.get(END_PAUSE) or self.timeline.flash(END_PAUSE, END_PAUSE_S)
            self.timeline.update(dt)
            if pause.done:
                return self._end(state)
        return None

    def finished(self, state: PlayScreen) -> Any:
        """The player's board finished: only giving up ends the duel at once; otherwise the duel
        ends in update(), once decided and both boards have come to rest."""
        return self._end(state) if self.resigned else None

    def _end(self, state: PlayScreen) -> Any:
        outcome = self.outcome(state)
        if outcome is DuelOutcome.PLAYING:
            return None
        return Replace(
            go(
                "duel_result",
                rules=self.rules,
                player=state.run.record,
                computer=self.computer.record,
                outcome=outcome,
            )
        )

    # --- what the session keeps and records --------------------------------------------------------
    def save(self, state: PlayScreen) -> dict[str, Any]:
        return DUEL_SAVE.envelope(
            self.mode, DuelSave(self.rules.level.name, state.run.snapshot(), self.computer.record)
        )

    def progress(self, state: PlayScreen) -> tuple[Any, Any]:
        rows, draft = progress_of(state.run)
        return (rows, len(self.computer.game.rows)), draft

    def decided(self, state: PlayScreen) -> Decided:
        outcome = self.outcome(state)
        player = state.run.record
        result = GameResult(
            self.rules.config, stats_end(outcome, player), player.guesses, player.elapsed_s, bucket=DUEL_KEY
        )
        return Decided(self, player, result, slot="duel", celebrate=False)

    def holding(self, state: PlayScreen) -> Holding:
        if state.run is None or self.computer is None:
            return Holding()
        if self.outcome(state) is not DuelOutcome.PLAYING:
            return Holding(decided=self.decided(state))
        if not state.keep_on_exit:
            return Holding(abandoned="duel")
        rows, draft = self.progress(state)
        if rows == (0, 0) and not state.run.row.started:
            return Holding()
        return Holding(kept=Kept("duel", rows, draft, lambda: self.save(state)))

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, layout: Any, state: PlayScreen, art: Any) -> None:
        side = self.to_move(state)
        computer = self.computer
        name = f"Computer · {self.rules.level.name}"
        if side is Side.COMPUTER and computer.phase is Phase.THINKING:
            name += " · thinking…"
        duel_view.draw_names(surface, layout, art, "You", name, side.value if side else None)
        duel_view.draw_opponent_board(
            surface, layout.opponent, self.opponent_view, computer, art, to_move=side is Side.COMPUTER
        )
