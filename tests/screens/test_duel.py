"""The duel through the real app: setup from the menu, turns, hidden guesses, each way it can end,
statistics and resume. Outcomes are made deterministic with the Rookie level (`lowest`: first guess
0000, then the lowest code that fits its own grades) and chosen secrets."""

from __future__ import annotations

import dataclasses
import json
import sqlite3

import pygame
import pytest

from game.app import App
from game.core import strategies
from game.core.config import preset
from game.core.duel import DuelOutcome, DuelRules, level_named
from game.core.records import DUEL_KEY
from game.modes.duel.hooks import DuelHooks
from game.modes.duel.result import DuelResultState
from game.modes.duel.setup import DuelSetupState
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import DB_FILE, Store
from tests.screens.driver import click, kept_lines, key, make_app, post, press_key, settle

CLASSIC = preset("Classic").config()


def duel_app(secret, level="Rookie", store=None, size=(1024, 720)):
    state = PlayingState(CLASSIC, secret=secret, hooks=DuelHooks(DuelRules(CLASSIC, level_named(level))))
    app = make_app(size=size, start=state)
    if store is not None:
        app.store = store
    return app


def play_code(app, code) -> None:
    """Type a code with the digit keys and submit it with Enter, as a player would."""
    for colour in code:
        post(app, key(pygame.K_1 + colour))
    press_key(app, pygame.K_RETURN)


def until(app, predicate, seconds=20.0, dt=1 / 30) -> None:
    for _ in range(round(seconds / dt)):
        if predicate():
            return
        app.step([], dt)
    raise AssertionError("the app never got there")


def to_result(app) -> DuelResultState:
    until(app, lambda: isinstance(app.state, DuelResultState))
    return app.state


def test_duel__menu_setup_starts_a_duel_at_the_chosen_level():
    app = make_app()
    labels = [entry.label for entry in app.state.entries]
    app.state.focus = labels.index("Duel")
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, DuelSetupState)
    press_key(app, pygame.K_LEFT)  # Expert -> Player
    click(app, app.state.layout().options["level"][0].center)  # Rookie by mouse
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state.hooks, DuelHooks)
    assert app.state.hooks.rules.level.name == "Rookie" and app.state.hooks.rules.config == CLASSIC


def test_duel__player_cracking_first_wins():
    app = duel_app((2, 3, 4, 5))
    play_code(app, (2, 3, 4, 5))
    result = to_result(app)
    assert result.outcome is DuelOutcome.PLAYER_WON
    assert result.computer.guesses == 1  # it still played its reply on that turn
    assert result.computer.game.rows[0].guess == (0, 0, 0, 0)


def test_duel__computer_cracking_first_wins():
    app = duel_app((0, 0, 0, 0))
    play_code(app, (1, 1, 1, 1))
    result = to_result(app)
    assert result.outcome is DuelOutcome.COMPUTER_WON
    assert (result.player.guesses, result.computer.guesses) == (1, 1)


def test_duel__both_cracking_on_the_same_turn_is_a_draw():
    app = duel_app((0, 0, 0, 0))
    play_code(app, (0, 0, 0, 0))
    result = to_result(app)
    assert result.outcome is DuelOutcome.DRAW


def test_duel__turns_alternate_and_submit_waits_for_the_computer():
    app = duel_app((5, 5, 4, 3))
    state = app.state
    play_code(app, (1, 1, 2, 2))
    assert len(state.run.game.rows) == 1 and len(state.hooks.computer.game.rows) == 0
    play_code(app, (3, 3, 4, 4))  # too early: the computer has not replied
    assert len(state.run.game.rows) == 1
    assert state.run.message.startswith("wait")
    until(
        app, lambda: len(state.hooks.computer.game.rows) == 1 and state.hooks.to_move(state).value == "player"
    )
    post(app, *(key(pygame.K_BACKSPACE) for _ in range(4)))
    play_code(app, (3, 3, 4, 4))
    assert len(state.run.game.rows) == 2
    until(app, lambda: len(state.hooks.computer.game.rows) == 2)
    assert state.hooks.outcome(state) is DuelOutcome.PLAYING


def test_duel__strategy_is_handed_only_its_own_guesses_and_grades(monkeypatch):
    seen = []
    lowest = strategies.get("lowest")

    def spy(config, history, rng):
        seen.append((config, history))
        return lowest.think(config, history, rng)

    wrapped = dataclasses.replace(lowest, think=spy)
    monkeypatch.setattr("game.modes.duel.hooks.opponent_strategy", lambda level: wrapped)
    secret = (5, 4, 3, 2)
    app = duel_app(secret)
    state = app.state
    for n, code in enumerate(((1, 1, 2, 2), (5, 4, 3, 1)), start=1):
        play_code(app, code)
        until(app, lambda n=n: len(state.hooks.computer.game.rows) == n)
    until(app, lambda: len(seen) == 3)  # it starts thinking about its third guess
    player_guesses = {row.guess for row in state.run.game.rows}
    for n, (config, history) in enumerate(seen):
        assert config == CLASSIC
        own = state.hooks.computer.game.rows[:n]
        assert history == tuple((row.guess, row.feedback) for row in own)
        assert all(type(guess) is tuple and all(type(p) is int for p in guess) for guess, _ in history)
        assert not any(guess in player_guesses for guess, _ in history)
    assert state.hooks.computer.game.rows[0].guess == (0, 0, 0, 0)


def row_pixels(surface, layout, row) -> bytes:
    area = layout.slot_rect(row, 0).union(layout.slot_rect(row, layout.pegs - 1))
    return pygame.image.tobytes(surface.subsurface(area), "RGB")


def test_duel__computer_guesses_stay_covered_until_the_end():
    app = duel_app((2, 3, 4, 5))
    state = app.state
    for n, code in enumerate(((1, 1, 1, 2), (1, 1, 2, 1)), start=1):
        play_code(app, code)
        until(
            app,
            lambda n=n: (
                len(state.hooks.computer.game.rows) == n and state.hooks.to_move(state).value == "player"
            ),
        )
    settle(app, 1.0)
    guesses = [row.guess for row in state.hooks.computer.game.rows]
    assert guesses == [(0, 0, 0, 0), (1, 1, 1, 1)]
    app.draw()
    opponent = state.layout().opponent
    # two different guesses look the same: nothing of a covered guess is drawn
    assert row_pixels(app.surface, opponent, 0) == row_pixels(app.surface, opponent, 1)
    grade_areas = [app.surface.subsurface(opponent.grade_rect(r)).copy() for r in (0, 1, 2)]
    empty = pygame.image.tobytes(grade_areas[2], "RGB")
    assert all(pygame.image.tobytes(g, "RGB") != empty for g in grade_areas[:2])  # its grades show
    play_code(app, (2, 3, 4, 5))
    result = to_result(app)
    settle(app, 0.5)  # past the change of screen
    app.draw()
    revealed = result.layout().opponent
    assert row_pixels(app.surface, revealed, 0) != row_pixels(app.surface, revealed, 1)


def test_duel__giving_up_hands_the_win_to_the_computer_and_counts_in_duel_statistics(tmp_path):
    store = Store(tmp_path)
    app = duel_app((2, 3, 4, 5), store=store)
    play_code(app, (1, 1, 1, 1))
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)  # yes, give up
    result = to_result(app)
    assert result.outcome is DuelOutcome.COMPUTER_WON
    stats = store.load_stats()[DUEL_KEY]
    assert (stats.games, stats.wins) == (1, 0)
    press_key(app, pygame.K_RETURN)  # duel again
    play_code(app, app.state.run.game.secret)
    to_result(app)
    stats = store.load_stats()[DUEL_KEY]
    assert (stats.games, stats.wins) == (2, 1)
    assert "Classic" not in store.load_stats()


def test_duel__left_mid_duel_resumes_with_both_boards(tmp_path):
    store = Store(tmp_path)
    app = duel_app((5, 5, 4, 3), store=store)
    state = app.state
    play_code(app, (1, 1, 2, 2))
    until(app, lambda: len(state.hooks.computer.game.rows) == 1)
    app.close()
    saved = store.load_kept()["duel"]
    assert saved["mode"] == "duel" and saved["data"]["level"] == "Rookie"
    again = App(size=(1024, 720), seed=3, store=store, start=MenuState())
    assert kept_lines(again) == ["Resume: Duel vs Rookie · turn 2 of 10"]
    press_key(again, pygame.K_RETURN)
    duel = again.state
    assert isinstance(duel.hooks, DuelHooks)
    assert [r.guess for r in duel.run.game.rows] == [(1, 1, 2, 2)]
    assert [r.guess for r in duel.hooks.computer.game.rows] == [(0, 0, 0, 0)]
    assert duel.hooks.rules.level.name == "Rookie"
    play_code(again, (5, 5, 4, 3))
    assert to_result(again).outcome is DuelOutcome.PLAYER_WON


@pytest.mark.parametrize("size", [(640, 480), (1024, 720), (1920, 1080)])
def test_duel_layout__two_boards_fit_side_by_side(size):
    app = duel_app((1, 2, 3, 4), size=size)
    layout = app.state.layout()
    mine, theirs = layout.board, layout.opponent.board
    assert mine.w == theirs.w and mine.h == theirs.h
    assert layout.palette_panel.right <= mine.x and mine.right < theirs.x
    assert layout.board_area.contains(mine.union(theirs).union(layout.palette_panel))
    assert not mine.union(theirs).colliderect(layout.panel)  # the panel beside them or below them


def test_duel_save__boards_with_different_secrets_are_dropped_with_a_notice(tmp_path):
    store = Store(tmp_path)
    app = duel_app((5, 5, 4, 3), store=store)
    play_code(app, (1, 1, 2, 2))
    app.close()
    with sqlite3.connect(tmp_path / DB_FILE) as db:  # the kept game's data changed behind the game's back
        data = json.loads(db.execute("SELECT data FROM kept WHERE slot = 'duel'").fetchone()[0])
        data["computer"]["secret"] = "1111"
        db.execute("UPDATE kept SET data = ? WHERE slot = 'duel'", (json.dumps(data),))
    fresh = App(size=(1024, 720), seed=3, store=Store(tmp_path), start=MenuState())
    assert kept_lines(fresh) == []
    assert any(
        "different codes" in notice for notice in fresh.store.take_notices() + fresh.session.notices.texts
    )
    assert Store(tmp_path).load_kept() == {}


def test_duel__nobody_cracking_it_within_the_turns_is_nobodys_win(monkeypatch, tmp_path):
    def stubborn(config, history, rng):  # a strategy that never learns: always 0000
        yield from ()
        return (0, 0, 0, 0)

    wrapped = dataclasses.replace(strategies.get("lowest"), think=stubborn)
    monkeypatch.setattr("game.modes.duel.hooks.opponent_strategy", lambda level: wrapped)
    store = Store(tmp_path)
    app = duel_app((5, 5, 5, 5), store=store)
    state = app.state
    for turn in range(1, CLASSIC.turns + 1):
        play_code(app, (1, 2, 3, 4))
        until(app, lambda turn=turn: len(state.hooks.computer.game.rows) == turn)
    result = to_result(app)
    assert result.outcome is DuelOutcome.NEITHER
    assert (result.player.guesses, result.computer.guesses) == (CLASSIC.turns, CLASSIC.turns)
    stats = store.load_stats()[DUEL_KEY]
    assert (stats.games, stats.wins) == (1, 0)  # counted once, as a duel not won
