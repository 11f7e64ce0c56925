"""Undo of the row being built (Ctrl+Z, U, the Undo button), through real pygame events: it steps back
through places, moves, removals and Clear row, one change at a time, and never takes back a submitted row."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.playing import PlayingState
from game.ui.layout import centre
from tests.screens.driver import click, drag, key, make_app, post, settle

CTRL_Z = key(pygame.K_z, mod=pygame.KMOD_CTRL, unicode="\x1a")


def ctrl_z(app) -> None:
    post(app, CTRL_Z)


def test_playing_undo__steps_back_through_place_move_remove_and_clear():
    app = make_app(seed=4, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    layout = state.layout()
    slot = lambda col: centre(layout.slot_rect(0, col))  # noqa: E731
    history = [list(state.run.draft)]
    drag(app, centre(layout.palette_rect(2)), slot(0))  # place
    history.append(list(state.run.draft))
    post(app, key(pygame.K_5, unicode="5"))  # place by key at the cursor, past the dropped peg (slot 1)
    history.append(list(state.run.draft))
    drag(app, centre(layout.palette_rect(1)), slot(3))  # place
    history.append(list(state.run.draft))
    drag(app, slot(3), slot(1))  # move (onto slot 1's peg: the two swap)
    history.append(list(state.run.draft))
    drag(app, slot(1), (layout.panel.x - 2, layout.content.bottom - 2))  # off the board: remove
    history.append(list(state.run.draft))
    click(app, centre(layout.button_rect("clear")))  # clear row
    history.append(list(state.run.draft))
    assert history == [
        [None] * 4,
        [2, None, None, None],
        [2, 4, None, None],
        [2, 4, None, 1],
        [2, 1, None, 4],
        [2, None, None, 4],
        [None] * 4,
    ]
    # undo walks the same path backwards, one change per press, by Ctrl+Z, U and the button in turn
    undoers = [
        ctrl_z,
        lambda a: post(a, key(pygame.K_u, unicode="u")),
        lambda a: click(a, centre(layout.button_rect("undo"))),
    ]
    for step, expected in enumerate(reversed(history[:-1])):
        undoers[step % 3](app)
        assert state.run.draft == expected
    ctrl_z(app)  # nothing left: a no-op, not an error
    assert state.run.draft == [None] * 4 and state.game.rows == ()


def test_playing_undo__never_takes_back_a_submitted_row():
    app = make_app(seed=4, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    for digit in "1234":
        post(app, key(getattr(pygame, f"K_{digit}"), unicode=digit))
    post(app, key(pygame.K_RETURN))
    settle(app, 1.0)
    assert len(state.game.rows) == 1 and state.run.draft == [None] * 4
    ctrl_z(app)
    assert len(state.game.rows) == 1 and state.game.rows[0].guess == (0, 1, 2, 3)
    assert state.run.draft == [None] * 4
    post(app, key(pygame.K_6, unicode="6"))
    ctrl_z(app)
    ctrl_z(app)
    assert state.run.draft == [None] * 4 and len(state.game.rows) == 1


def test_playing_undo__button_is_disabled_until_something_can_be_undone():
    app = make_app(seed=4, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    undo = state.layout().button_rect("undo")
    assert undo is not None and state.layout().content.contains(undo)
    assert not state.run.draft_undo
    post(app, key(pygame.K_3, unicode="3"))
    assert state.run.draft_undo
    click(app, centre(undo))
    assert state.run.draft == [None] * 4 and not state.run.draft_undo
