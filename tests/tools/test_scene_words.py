"""The scenes the pictures are made from (tools/scenes.py) show only answer words on a word game's board:
the allowed guesses, which the computer's usual openings come from, hold names and oddities (a
picture once showed COLIN)."""

from __future__ import annotations

import numpy as np
import pytest

from game.core.wordlists import ALPHABET, code_word, encode, word_lists
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
