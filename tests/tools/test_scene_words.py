"""The scenes the pictures are made from (tools/scenes.py) show only answer words on a word game's board:
the allowed guesses, which the computer's usual openings come from, hold names and oddities (a
picture once showed COLIN). The player's rows are answers too, so every board scene, and the help
opened over one, builds for the word games; a game of digits shows its secret's first digits typed."""

from __future__ import annotations

import numpy as np
import pytest

from game.core.wordlists import ALPHABET, code_word, encode, word_lists
from game.screens.help import HelpOverlay
from game.screens.playing import PlayingState
from tools import scenes


def is_answer(code) -> bool:
    return bool(word_lists().answers.contains(encode(np.asarray([code]), len(ALPHABET)))[0])


@pytest.mark.parametrize("config", ["words", "word-marks"])
@pytest.mark.parametrize("scene", ["handgrade-refused", "handgrade-ended", "solving-mid"])
def test_scene_words__the_computers_words_are_answers(scene, config):
    app = scenes.build((640, 480), scene, config)
    try:
        rows = app.state.run.game.rows
        assert len(rows) >= 2  # the computer played
        shown = [code_word(row.guess) for row in rows]
        assert all(is_answer(row.guess) for row in rows), shown
    finally:
        app.close()


@pytest.mark.parametrize("config", ["words", "word-marks"])
@pytest.mark.parametrize("scene", ["help-rules", "playing-mid", "playing-full"])
def test_scene_words__the_players_rows_are_answers(scene, config):
    app = scenes.build((640, 480), scene, config)
    try:
        board = next(state for state in app.stack if isinstance(state, PlayingState))
        rows = board.run.game.rows
        assert len(rows) >= 2
        assert all(is_answer(row.guess) for row in rows), [code_word(row.guess) for row in rows]
        if scene == "help-rules":
            assert isinstance(app.state, HelpOverlay)
    finally:
        app.close()


@pytest.mark.parametrize("config", ["words", "digits"])
def test_scene_words__a_game_of_symbols_mid_row_has_its_secrets_first_two_typed(config):
    app = scenes.build((640, 480), "playing-mid", config)
    try:
        run = app.state.run
        assert run.draft[:2] == list(run.game.secret[:2])
        assert all(value is None for value in run.draft[2:])
    finally:
        app.close()
