"""What overlays answer: small frozen values a screen below recognises by type, never by a tag.

They live apart from the overlays and the screens that ask, so no screen imports another to read an
answer: the playing screen asks "confirm" (game/screens/confirm.py) by route and gets one of these
back in resume().
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codes import Code


@dataclass(frozen=True)
class RevealChosen:
    """The player confirmed: show the secret and end the game (in a duel or a round: give up)."""


@dataclass(frozen=True)
class NewGameChosen:
    """The player confirmed: abandon this game for a new one."""


@dataclass(frozen=True)
class LeaveChosen:
    """The player leaves for the menu; `keep` says whether the game is kept for resume."""

    keep: bool


@dataclass(frozen=True)
class HintTaken:
    """The player asked for the count or a suggestion; `code` fills the row when they used the guess."""

    code: Code | None = None


@dataclass(frozen=True)
class HighScoreEntered:
    """The initials overlay's answer: the table `mode` and the place taken (None: not stored)."""

    mode: str
    rank: int | None
