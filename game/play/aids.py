"""The learning aids a plain game (a preset, Custom, a grid) is played with: hard mode and the coach.

Both are Settings (game/settings.py) read once, when a game starts; from then on they belong to the
game and are kept with it (a kept game's save carries them, game/screens/play_hooks.py), so turning
a setting off half-way never turns a hard game into an easy one, nor a coached game into a scored one.

- Hard mode: a guess that cannot be the code is refused with the Why-not sentence (BreakerRun's
  `hard`). The game is scored as usual and counted in its own statistics bucket, HARD_KEY.
- The coach: Why not?, What we know and Par beside the board (game/play/coach.py). A coached game is
  assisted (no score, no high score) and counted apart, in COACHED_KEY, whatever else it is.
- Hints: the Hint button (game/screens/hint.py); a hint taken makes the game assisted.

Which of them a way of playing lets its player use is its Mode's declaration (game/modes/base.py
Mode.aids, an AidsAllowed): the plain game allows all three, a Daily code or a Deduce puzzle none.
`AidsAllowed.choose` is the one place a setting meets that declaration.

Pure and pygame-free: a value with a strict stored form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.core.records import GameResult

HARD_KEY = "Hard mode"  # the statistics bucket of hard games (every size in one, as Grid does)
COACHED_KEY = "Coached"  # the statistics bucket of coached games, hard or not


@dataclass(frozen=True)
class Aids:
    """What a game is played with: `hard` (inconsistent guesses refused), `coached` (the coach shown)."""

    hard: bool = False
    coached: bool = False

    @property
    def any(self) -> bool:
        return self.hard or self.coached

    @property
    def bucket(self) -> str | None:
        """The statistics bucket of a game with these aids (None: its config's own). Coaching wins:
        a coached game is assisted, and a hard coached game is no hard-mode record."""
        if self.coached:
            return COACHED_KEY
        return HARD_KEY if self.hard else None

    @property
    def label(self) -> str:
        """ "hard mode", "coached", "hard mode, coached" or "" for the menu and the top bar."""
        return ", ".join(name for name, on in (("hard mode", self.hard), ("coached", self.coached)) if on)

    def result(self, result: GameResult) -> GameResult:
        """The statistics' view of a game played with these aids: its bucket, and assisted if coached."""
        if not self.any:
            return result
        return replace(result, bucket=self.bucket, assisted=result.assisted or self.coached)

    def to_dict(self) -> dict[str, bool]:
        return {"hard": self.hard, "coached": self.coached}

    @classmethod
    def from_dict(cls, data: Any) -> Aids:
        """Strict reading of to_dict()'s form (a missing field is off); ValueError naming what is wrong."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a game's aids are an object of hard and coached, not {data!r}")
        unknown = set(data) - {"hard", "coached"}
        if unknown:
            raise ValueError(f"a game's aids are hard and coached, not {sorted(unknown)}")
        values = {name: data.get(name, False) for name in ("hard", "coached")}
        for name, value in values.items():
            if not isinstance(value, bool):
                raise ValueError(f"aid {name!r} is true or false, not {value!r}")
        return cls(**values)


NO_AIDS = Aids()


@dataclass(frozen=True)
class AidsAllowed:
    """Which aids a way of playing allows: `hints` (the Hint button), `coach`, `hard` (hard mode)."""

    hints: bool = False
    coach: bool = False
    hard: bool = False

    def choose(self, hard: bool, coached: bool) -> Aids:
        """The aids a new game is played with when the player asks for `hard` and `coached`: only
        what is allowed."""
        return Aids(hard=hard and self.hard, coached=coached and self.coach)

    def keeps(self, aids: Aids) -> Aids:
        """A kept game's aids as this way of playing allows them (a save never grants more)."""
        return self.choose(aids.hard, aids.coached)


EVERY_AID = AidsAllowed(hints=True, coach=True, hard=True)
HINTS_ONLY = AidsAllowed(hints=True)  # a game played for fun: never scored, so a hint costs nothing
NO_AID_ALLOWED = AidsAllowed()
