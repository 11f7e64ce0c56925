"""The codemaker's strategy picker, through real clicks and keys: it offers the curated list (strongest
first, no "-consistent" variants), wraps around both ways, and the chosen one is the one that plays."""

from __future__ import annotations

import pygame

from game.core import strategies
from game.core.config import GameConfig
from game.play.maker import PICKER_STRATEGIES
from game.screens.codemaker import CodemakerState, Mode
from game.screens.solving import SolvingState
from tests.screens.driver import click, make_app, press_key


def test_codemaker_picker__plus_cycles_through_the_curated_list_only():
    state = CodemakerState(Mode.WATCH, GameConfig(4, 6))
    app = make_app(start=state)
    _, _, plus = state.layout().stepper_parts("strategy")
    seen = [state.strategy]
    for _ in range(len(PICKER_STRATEGIES)):
        click(app, plus.center)
        seen.append(state.strategy)
    assert seen[0] == seen[-1] == strategies.DEFAULT  # wrapped around
    assert sorted(seen[:-1]) == sorted(PICKER_STRATEGIES)
    assert not any(name.endswith("-consistent") for name in seen)
    assert {strategies.get(name).label for name in seen[:-1]} >= {"Optimal", "Knuth", "Irving", "Random"}
    assert len(PICKER_STRATEGIES) < len(strategies.STRATEGIES)


def test_codemaker_picker__minus_goes_back_and_the_choice_plays():
    state = CodemakerState(Mode.WATCH, GameConfig(4, 6))
    app = make_app(start=state)
    minus, _, _ = state.layout().stepper_parts("strategy")
    start = PICKER_STRATEGIES.index(state.strategy)
    click(app, minus.center)
    assert state.strategy == PICKER_STRATEGIES[start - 1]
    chosen = state.strategy
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, SolvingState) and app.state.strategy == chosen


def test_codemaker_picker__a_strategy_chosen_elsewhere_is_kept_and_reachable():
    state = CodemakerState(Mode.WATCH, GameConfig(4, 6), strategy="knuth-consistent")
    app = make_app(start=state)
    assert state.strategy == "knuth-consistent"
    for _ in range(len(PICKER_STRATEGIES) + 1):
        press_key(app, pygame.K_s)
    assert state.strategy == "knuth-consistent"
