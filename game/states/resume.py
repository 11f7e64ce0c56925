"""The resume offer at start: a game kept when the player left it (or quit) can be taken up again.

The app pushes ResumeOverlay(saved) over the menu when the session has a saved game. Resume (the
default, it loses nothing) replaces everything with the playing state holding the saved record,
half-filled row included; Discard forgets the save and leaves the menu showing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.records import stats_key
from game.states.base import Pop, Reset, State, Transition
from game.states.confirm import ConfirmOverlay
from game.store import SavedGame


@dataclass(frozen=True)
class ResumeChosen:
    """Take the saved game up again."""


@dataclass(frozen=True)
class DiscardChosen:
    """Forget the saved game."""


class ResumeOverlay(ConfirmOverlay):
    """Resume the saved game, or start afresh (the save is dropped)."""

    def __init__(self, saved: SavedGame) -> None:
        config = saved.config
        played = len(saved.record.game.rows)
        game = config.variant.game_words(stats_key(config), config.colours)
        question = f"Resume your {game}? {played} of {config.turns} guesses played."
        kind = saved.mode["kind"] if saved.mode is not None else None
        if kind == "duel":
            question = f"Resume your duel against {saved.mode['level']}? Turn {played + 1} of {config.turns}."
        elif kind == "match":
            match = saved.mode["match"]
            question = f"Resume the two-player match of {' and '.join(match['names'])}?"
        elif kind == "blitz":
            run = saved.mode["run"]
            question = f"Resume your Blitz run? {run['cracked']} codes cracked, its clock stopped."
        super().__init__(question, ResumeChosen(), yes="Resume", no="Discard", no_result=DiscardChosen())
        self.saved = saved
        self.focus = "yes"  # resuming loses nothing, so it is the default answer

    def handle(self, event: Any) -> Transition | State | None:
        answer = super().handle(event)
        if not isinstance(answer, Pop):
            return answer
        if isinstance(answer.result, ResumeChosen):
            return Reset(resumed_state(self.saved))
        if isinstance(answer.result, DiscardChosen):
            self.app.session.discard_saved_game()
        return Pop()


def resumed_state(saved: SavedGame) -> State:
    """The screen that takes `saved` up again: its mode's (duel, two-player round) or the playing one."""
    kind = saved.mode["kind"] if saved.mode is not None else None
    if kind == "duel":
        from game.states.duel import DuelState

        return DuelState.from_saved(saved)
    if kind == "match":
        from game.states.match import MatchRoundState

        return MatchRoundState.from_saved(saved)
    if kind == "blitz":
        from game.states.blitz import resumed_blitz

        return resumed_blitz(saved)
    from game.states.playing import PlayingState

    return PlayingState(saved.config, record=saved.record)
