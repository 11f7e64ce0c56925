"""What the end of an online duel says, from each side: who won and why, for every way a duel ends
(cracked first, the better best row, a draw, the match's points, a forfeit, a win claimed)."""

from __future__ import annotations

import pytest

from game.net.duel import DuelView, outcome_line

CASES = [
    # (reason, winner seat, my seat) -> the headline and why I read
    ("cracked", 0, 0, ("You won", "you cracked the code first")),
    ("cracked", 1, 0, ("Bob won", "they cracked the code first")),
    ("best row", 1, 1, ("You won", "your best row beat theirs once both ran out of turns")),
    ("best row", 0, 1, ("Bob won", "their best row beat yours")),
    ("draw", None, 0, ("A draw", "both boards ended level")),
    ("points", 0, 0, ("You won", "more points over the match")),
    ("points", 1, 0, ("Bob won", "more points over the match")),
    ("left", 1, 0, ("You lost", "you gave up")),
    ("left", 0, 0, ("You won", "the other player gave up")),
    ("claimed", 0, 0, ("You won", "the other player stayed away past the hold")),
    ("claimed", 1, 0, ("You lost", "you were away past the hold")),
]


@pytest.mark.parametrize(("reason", "winner", "me", "expected"), CASES)
def test_duel__the_end_says_who_won_and_why(reason, winner, me, expected):
    view = DuelView(opponent="Bob", shape={"you": me}, phase="over")
    view.over = {"winner": winner, "you": me, "reason": reason}
    assert outcome_line(view) == expected
