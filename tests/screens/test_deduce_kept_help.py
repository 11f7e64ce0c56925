"""Deduce through the real app: its help opens under a tab named after it, and a kept puzzle is proved
again over the whole space when it is taken up (one edited to fit many codes is set aside, with a
notice, never played)."""

from __future__ import annotations

import copy
import itertools

import pygame

from game.core.codes import score
from game.core.config import GameConfig
from game.core.deduce import Puzzle
from game.modes.deduce.hooks import SLOT, DeduceHooks
from game.modes.deduce.screens import DealState, DeduceState
from game.screens.help import HelpOverlay
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import choose_entry, drawn_lines, kept_lines, press_key
from tests.screens.test_deduce_mode import new_app, open_level, until


def assert_help_on_deduce(app) -> None:
    help_screen = app.state
    assert isinstance(help_screen, HelpOverlay)
    assert help_screen.tabs[help_screen.page] == "Deduce"  # the lit tab is the page shown
    words = drawn_lines(app)
    assert "Deduce" in words and "Controls" not in words


def test_deduce_help__opens_under_a_tab_named_deduce_from_the_choice_and_the_board(tmp_path) -> None:
    app = new_app(tmp_path)
    choose_entry(app, "Deduce")
    assert isinstance(app.state, DeduceState)
    press_key(app, pygame.K_h)
    assert_help_on_deduce(app)
    press_key(app, pygame.K_ESCAPE)  # the help closes
    press_key(app, pygame.K_ESCAPE)  # the choice goes back to the menu
    board = open_level(app, "4x6", "practice")
    press_key(app, pygame.K_h)
    assert_help_on_deduce(app)
    press_key(app, pygame.K_ESCAPE)
    assert app.state is board


def fitting(config: GameConfig, rows) -> int:
    """Brute force: the codes that give every row its grade."""
    codes = itertools.product(range(config.colours), repeat=config.pegs)
    return sum(
        1
        for code in codes
        if config.is_legal(code) and all(tuple(score(g, code)) == tuple(fb) for g, fb in rows)
    )


def drop_given_row(save: dict, index: int) -> dict:
    """The kept Deduce game with the puzzle's given row `index` taken out of the puzzle and its record."""
    edited = copy.deepcopy(save)
    data = edited["data"]
    del data["puzzle"]["rows"][index]
    del data["record"]["moves"][index]
    del data["record"]["played_by"][index]
    # the board's turns follow the given rows (the tries come after them)
    data["record"]["config"]["turns"] = Puzzle.from_dict(data["puzzle"], whole_space=False).config.turns
    return edited


def test_deduce_kept__a_puzzle_edited_to_fit_many_codes_is_proved_again_and_set_aside(tmp_path) -> None:
    app = new_app(tmp_path)
    board = open_level(app, "4x6", "practice")
    puzzle: Puzzle = board.hooks.puzzle
    app.close()
    store = Store(tmp_path)
    save = store.load_kept()[SLOT]
    edited = drop_given_row(save, len(puzzle.rows) - 1)
    rows = Puzzle.from_dict(edited["data"]["puzzle"], whole_space=False).rows
    assert all(tuple(score(g, puzzle.secret)) == tuple(fb) for g, fb in rows)  # every grade still true
    many = fitting(puzzle.config, rows)
    assert many > 1  # but it is no puzzle: more than one code fits
    store.save_kept(SLOT, edited)

    again = new_app(tmp_path)
    assert kept_lines(again) and kept_lines(again)[0].startswith("Resume: Deduce 4×6")  # cheap to list
    press_key(again, pygame.K_RETURN)  # proved again (a 4x6 proof fits in a frame's budget)
    until(again, lambda: not isinstance(again.state, DealState))
    assert isinstance(again.state, DeduceState)  # set aside: the level choice, not the board
    assert SLOT not in Store(tmp_path).load_kept()
    notices = " ".join(again.session.notices.texts)
    assert "The kept Deduce puzzle was set aside" in notices and f"{many} codes fit" in notices


def test_deduce_kept__an_intact_puzzle_is_proved_again_and_played_on(tmp_path) -> None:
    app = new_app(tmp_path)
    board = open_level(app, "5x8", "practice")
    puzzle = board.hooks.puzzle
    app.close()
    again = new_app(tmp_path)
    press_key(again, pygame.K_RETURN)
    until(again, lambda: isinstance(again.state, PlayingState))
    resumed = again.state
    assert isinstance(resumed.hooks, DeduceHooks) and resumed.hooks.puzzle == puzzle
    assert [row.guess for row in resumed.game.rows] == [g for g, _ in puzzle.rows]
    assert SLOT in Store(tmp_path).load_kept()
