"""Notices: each stays its seconds on a countdown of the timeline, whatever the animation speed; the
same text again restarts it; at most MAX_SHOWN at once, the oldest going first."""

from __future__ import annotations

import pytest

from game.play.timeline import Motion, Timeline
from game.ui.notices import MAX_SHOWN, NoticeBoard


def test_notices__stay_their_seconds_on_the_timeline_whatever_the_speed():
    board = NoticeBoard(Timeline(Motion(speed=4.0, reduced=True)))
    board.show("Sound off", 1.6)
    for _ in range(15):  # 1.5 s of frames, the shared timeline driven by its owner
        board.timeline.update(0.1)
        board.update(0.1)
    assert board.texts == ["Sound off"] and board.left_s("Sound off") == pytest.approx(0.1)
    board.timeline.update(0.1)
    board.update(0.1)
    assert board.texts == [] and board.left_s("Sound off") == 0.0


def test_notices__the_same_text_restarts_and_the_oldest_give_way():
    board = NoticeBoard()
    board.show("a", 1.0)
    board.update(0.8)
    board.show("b", 1.0)
    board.show("a", 1.0)  # shown again: restarted, and now the newest
    board.update(0.5)
    assert board.texts == ["b", "a"]
    for text in "cde":
        board.show(text)
    assert board.texts == ["c", "d", "e"] and len(board.texts) == MAX_SHOWN
    assert board.left_s("a") == 0.0
