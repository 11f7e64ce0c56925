"""Sound cues as data: a run appends what a player should hear; the state that owns it plays them.

A run never plays a sound (game.play holds no pygame). Each cue's value is the name of a sound in
the game's sound set (assets/sounds/, game/ui/sound.py). Invariant: a run's cues come out in the
order the events that caused them happened, and take_cues() hands each one out exactly once.
"""

from __future__ import annotations

from enum import StrEnum


class Cue(StrEnum):
    PICK = "pick"  # a peg lifted from the palette or a row
    PLACE = "place"  # a peg put into a slot by click or key
    DROP = "drop"  # a dragged peg let go onto a slot
    CLEAR = "clear"  # a slot emptied
    ERROR = "error"  # an intent refused (a row that cannot be submitted)
    SUBMIT = "submit"  # a row handed in
    PEG_BLACK = "peg_black"  # a black grading peg appears
    PEG_WHITE = "peg_white"  # a white grading peg appears
    WIN = "win"
    LOSE = "lose"
    REVEAL = "reveal"
    CLICK = "click"


class CueQueue:
    """The cues a run has produced and not yet handed out."""

    def __init__(self) -> None:
        self._cues: list[Cue] = []

    def add(self, cue: Cue) -> None:
        self._cues.append(cue)

    def take(self) -> tuple[Cue, ...]:
        """Every cue since the last take, oldest first; the queue is empty afterwards."""
        cues, self._cues = tuple(self._cues), []
        return cues
