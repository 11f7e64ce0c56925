"""The help's Rules page in a game of digits or words, through the real app (F1 in the game): it
explains the grading in that game's terms, never in colours, and every example's grade, as the page
says it, is what counting by hand gives; every example word is an answer."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.core.config import GameConfig
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.wordlists import word_lists
from game.screens.base import go
from game.screens.help import HelpOverlay
from game.screens.help_rules import grade_line
from tests.screens.driver import drawn_lines, make_app, press_key


def counted(guess, secret) -> tuple[int, int]:
    """(in place, elsewhere) by counting, repeats counted once each (a reference sharing no code)."""
    in_place = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum((Counter(guess) & Counter(secret)).values())
    return in_place, common - in_place


def open_rules(config: GameConfig, size=(1280, 800)):
    app = make_app(size=size, start=None)
    app.apply(go("new_game", config=config))
    press_key(app, pygame.K_F1)
    overlay = app.state
    assert isinstance(overlay, HelpOverlay) and overlay.page == 0  # the Rules page first
    return app, overlay


@pytest.mark.parametrize(
    "variant, words",
    [(BullsAndCowsVariant(), "digit"), (WordVariant(), "letter"), (WordMarksVariant(), "letter")],
    ids=["bulls-and-cows", "words", "word-marks"],
)
@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=["640x480", "1280x800"])
def test_help_rules__a_game_of_symbols_explains_its_own_grading(variant, words, size):
    app, overlay = open_rules(GameConfig(variant=variant), size)
    shown = " ".join(drawn_lines(app))
    assert "colour" not in shown and "vermillion" not in shown
    assert words in shown
    assert len(overlay.rules.examples) == 3
    for caption, secret, guess in overlay.rules.examples:
        black, white = counted(guess, secret)
        said = caption.split("\n")[1]
        if variant.name == "bulls-and-cows":
            assert said.startswith(f"{black} bull"), (caption, black, white)
            assert f", {white} cow" in said
        else:
            assert said.startswith(f"{black} black, {white} white"), (caption, black, white)
        assert said.startswith(grade_line(variant, variant.score(guess, secret)))
        assert variant.why_not(guess) is None  # a guess the game itself would take
        if variant.listed:
            lists = word_lists()
            assert all(lists.answer_rank(code) >= 0 for code in (secret, guess))  # answers, all of them


def test_help_rules__a_bulls_and_cows_game_of_five_digits_takes_five_of_each_example():
    variant = BullsAndCowsVariant(5)
    _, overlay = open_rules(GameConfig(variant=variant))
    for _, secret, guess in overlay.rules.examples:
        assert len(secret) == len(guess) == 5
        assert len(set(secret)) == len(set(guess)) == 5


def test_help_rules__the_colour_game_keeps_its_colour_rules():
    app, overlay = open_rules(GameConfig(4, 6))
    assert overlay.rules is None
    assert "a right colour in the right place" in " ".join(drawn_lines(app))
