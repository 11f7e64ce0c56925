"""RecordRun: what every run in progress shares (breaker, computer, hand grading).

A run plays rows onto a GameRecord and queues sound cues as data (game/play/cues.py); the state
that owns it reads `game` and `config` from the record and plays take_cues(). Invariant: the record
is the one source of the game (`game` is always `record.game`), and each cue is handed out once.
"""

from __future__ import annotations

from game.core.config import GameConfig
from game.core.state import GameState
from game.play.cues import Cue, CueQueue
from game.play.record import GameRecord


class RecordRun:
    """A run on a record with a cue queue; subclasses set `record` and `cues` in their __init__."""

    record: GameRecord
    cues: CueQueue

    @property
    def game(self) -> GameState:
        return self.record.game

    @property
    def config(self) -> GameConfig:
        return self.record.config

    def take_cues(self) -> tuple[Cue, ...]:
        return self.cues.take()
