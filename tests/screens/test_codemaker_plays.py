"""The codemaker names the strategy that really plays, through the real app: Optimal on a game with
no shipped table (a word) says under its stepper that Entropy plays instead, and the computer's screen
names Entropy, never "vs Optimal"; on a game with a table (4x6) Optimal is what plays and is named."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.core.variants.words import WordVariant
from game.screens.base import go
from game.screens.codemaker import CodemakerState
from game.screens.solving import SolvingState
from game.tables import has_table
from tests.screens.driver import drawn_lines, key, make_app, post, press_key


def codemaker(config: GameConfig) -> tuple:
    app = make_app(size=(1280, 800), start=go("codemaker", mode="make", config=config))
    state = app.state
    assert isinstance(state, CodemakerState) and state.strategy == "optimal"
    return app, state


def test_codemaker_plays__a_word_says_entropy_plays_and_the_computer_is_named_so():
    config = GameConfig(variant=WordVariant())
    assert not has_table(config)
    app, state = codemaker(config)
    assert "No table for this game: Entropy plays instead" in drawn_lines(app)
    for letter in "plant":
        post(app, key(pygame.key.key_code(letter), unicode=letter))
    press_key(app, pygame.K_RETURN)
    solving = app.state
    assert isinstance(solving, SolvingState)
    top = " ".join(drawn_lines(app))
    assert "Your word vs Entropy" in top and "vs Optimal" not in top


def test_codemaker_plays__a_size_with_a_table_plays_optimal_and_says_so():
    config = GameConfig(4, 6)
    assert has_table(config)
    app, state = codemaker(config)
    shown = drawn_lines(app)
    assert "The fewest guesses there are: exact tables where they exist" in shown
    assert not any(line.startswith("No table") for line in shown)
    press_key(app, pygame.K_r)  # a random code, then Start
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, SolvingState)
    assert "Your code vs Optimal" in " ".join(drawn_lines(app))
