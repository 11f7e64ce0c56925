"""The command line's game and a kept game of its kind: `mastermind --preset classic` (or --pegs and
--colours) over a kept game asks the title screen's question first (Resume or New game; Escape stays
on the title screen), and starts straight into the new game when nothing of its kind is kept.

Each case keeps a real game in a temporary store by playing a row through the real app, then opens
the app the way the command line does (game.launch.open_app with the parsed arguments)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App, NullSound
from game.core.config import GameConfig
from game.launch import open_app
from game.options import build_parser, config_from_args
from game.screens.base import go
from game.screens.confirm import ConfirmOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import press_key, submit_code

COMMAND_LINES = [["--preset", "classic"], ["--pegs", "8", "--colours", "10"]]


def command_line_app(argv: list[str], store: Store) -> App:
    args = build_parser().parse_args(argv)
    app = open_app(args, config_from_args(args), store, NullSound())
    pygame.event.clear()
    return app


def keep_a_game(argv: list[str], store: Store, code: tuple[int, ...]) -> None:
    """A game of the kind `argv` starts, with one row played (`code` repeated to the row's length), left
    kept in `store`."""
    app = command_line_app(argv, store)
    assert isinstance(app.state, PlayingState)
    pegs = app.state.config.pegs
    submit_code(app, (code * pegs)[:pegs])
    assert len(app.state.game.rows) == 1
    app.close()


def rows_of(app: App) -> list[tuple[int, ...]]:
    return [tuple(row.guess) for row in app.state.game.rows]


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=[" ".join(a) for a in COMMAND_LINES])
def test_start__over_a_kept_game_asks_and_resume_brings_it_back(tmp_path, argv):
    keep_a_game(argv, Store(tmp_path), (0, 1, 1, 0))
    app = command_line_app(argv, Store(tmp_path))
    assert isinstance(app.state, ConfirmOverlay) and isinstance(app.stack[0], MenuState)
    assert "Resume it, or start a new one?" in app.state.question
    press_key(app, pygame.K_y)
    assert isinstance(app.state, PlayingState)
    assert rows_of(app)[0][:4] == (0, 1, 1, 0)


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=[" ".join(a) for a in COMMAND_LINES])
def test_start__new_game_over_a_kept_one_is_what_the_player_chose(tmp_path, argv):
    keep_a_game(argv, Store(tmp_path), (2, 2, 3, 3))
    app = command_line_app(argv, Store(tmp_path))
    press_key(app, pygame.K_n)
    assert isinstance(app.state, PlayingState) and rows_of(app) == []
    assert len(app.stack) == 1


def test_start__escape_at_the_question_stays_on_the_title_and_keeps_the_game(tmp_path):
    argv = COMMAND_LINES[0]
    keep_a_game(argv, Store(tmp_path), (1, 2, 3, 4))
    app = command_line_app(argv, Store(tmp_path))
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState) and len(app.stack) == 1
    app.close()
    again = command_line_app(argv, Store(tmp_path))  # still kept: asked again, and Resume has the row
    press_key(again, pygame.K_y)
    assert rows_of(again)[0][:4] == (1, 2, 3, 4)


def test_start__a_kept_game_of_another_kind_is_not_asked_about(tmp_path):
    keep_a_game(["--preset", "easy"], Store(tmp_path), (0, 0, 1))
    app = command_line_app(COMMAND_LINES[0], Store(tmp_path))
    assert isinstance(app.state, PlayingState) and len(app.stack) == 1 and rows_of(app) == []
    assert app.state.config == config_from_args(build_parser().parse_args(COMMAND_LINES[0]))


def test_start__nothing_kept_goes_straight_into_the_game(tmp_path):
    app = command_line_app(COMMAND_LINES[1], Store(tmp_path))
    assert isinstance(app.state, PlayingState) and len(app.stack) == 1
    assert (app.state.config.pegs, app.state.config.colours) == (8, 10)


def test_start__a_plain_start_is_still_the_title_screen(tmp_path):
    app = App(start=None, slot=None, store=Store(tmp_path))
    assert isinstance(app.state, MenuState)
    play = App(start=go("new_game", config=GameConfig()), store=Store(tmp_path))  # no slot: no question
    assert isinstance(play.state, PlayingState)
