"""Deduce through the real app: its help opens under a tab named after it; a kept puzzle is proved
again over the whole space when it is taken up (one edited to fit many codes is set aside, with a
notice, never played); its end card shows and copies share text that spoils nothing."""

from __future__ import annotations

import copy
import itertools

import pygame

from game.core.codes import code_to_text, score
from game.core.config import GameConfig
from game.core.daily import grade_marks
from game.core.deduce import Puzzle, practice_puzzle, stars
from game.core.state import Reveal, apply_move
from game.modes.deduce.hooks import SLOT, DeduceHooks
from game.modes.deduce.result import DeduceResultState
from game.modes.deduce.screens import DealState, DeduceState
from game.modes.deduce.share import share_text
from game.screens.help import HelpOverlay
from game.screens.playing import PlayingState
from game.store import Store
from game.ui.daily_view import copy_text
from tests.screens.driver import choose_entry, drawn_lines, kept_lines, press_key
from tests.screens.test_deduce_mode import new_app, open_level, type_code, until


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


def test_deduce_end_card__shows_and_copies_share_text_that_spoils_nothing(tmp_path) -> None:
    app = new_app(tmp_path)
    board = open_level(app, "4x6", "practice")
    puzzle: Puzzle = board.hooks.puzzle
    given = {guess for guess, _ in puzzle.rows}
    wrong = next(
        code
        for code in itertools.product(range(6), repeat=4)
        if puzzle.config.is_legal(code) and code != puzzle.secret and code not in given
    )
    type_code(app, wrong)
    type_code(app, puzzle.secret)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    card = app.state
    lines = card.share.split("\n")
    assert lines[0] == "Mastermind Arcade Deduce"
    assert lines[1] == f"practice {puzzle.number + 1} 4×6 2/{puzzle.tries} · {stars(2)} stars"
    assert lines[2:] == [
        grade_marks(score(wrong, puzzle.secret), 4),
        grade_marks(score(puzzle.secret, puzzle.secret), 4),
    ]
    for code in (puzzle.secret, wrong, *given):  # no guess, given row or secret, in either spelling
        assert code_to_text(code) not in card.share
        assert "".join(str(c + 1) for c in code) not in card.share
    assert card.copied == copy_text(card.share)  # as the platform's clipboard allows
    words = drawn_lines(app)
    assert lines[1] in words  # the share text as it reads, on the card
    assert ("Copy again (C)" if card.copied else "Copy (C)") in words
    assert any("clipboard" in line for line in words)


def test_deduce_share__a_puzzle_given_up_is_an_x_with_no_marks() -> None:
    puzzle = practice_puzzle("5x8", 3)
    game = apply_move(puzzle.start_state(), Reveal())
    assert share_text(puzzle, game).split("\n") == [
        "Mastermind Arcade Deduce",
        f"practice 4 5×8 X/{puzzle.tries}",
    ]
