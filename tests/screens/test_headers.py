"""Small things a player reads, through the real app: headers name the preset (solving, watching, the
demo, hand grading), and a screen change never shows two screens' words at once."""

from __future__ import annotations

from game.core.config import GameConfig, preset
from game.core.state import Guess, apply_move, new_game
from game.screens.attract import AttractState
from game.screens.base import Push, go
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from tests.screens.driver import drawn_lines, make_app, record_of


def test_headers__computer_screens_name_the_preset_or_custom_with_its_rule():
    super_ = preset("Super").config()
    app = make_app(start=SolvingState(new_game(super_, (1, 2, 3, 4, 5)), strategy="random"))
    assert "Computer solving · Super · 5 pegs × 8 colours · 13 turns" in drawn_lines(app)
    custom = GameConfig(8, 10, difficulty="relaxed")
    app.apply(SolvingState(new_game(custom, tuple(range(8))), strategy="random"))
    assert any(line.startswith("Computer solving · Custom, relaxed · 8 pegs") for line in drawn_lines(app))
    app.apply(go("handgrade", config=preset("Expert").config(), strategy="random"))
    assert any(line.startswith("You grade · Expert · 6 pegs × 9 colours") for line in drawn_lines(app))
    app.apply(Push(AttractState(demo=1)))  # the second demo plays Easy
    assert "Demo · Easy · 3 pegs × 4 colours · 9 turns" in drawn_lines(app)


def lit(colour, background) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], background[:3], strict=True)) > 60


def test_headers__a_screen_change_dips_through_the_background_and_never_shows_both_screens():
    config = GameConfig(4, 6)
    game = new_game(config, (0, 1, 2, 3))
    app = make_app(start=SolvingState(game, strategy="random"))
    for _ in range(5):
        app.step([], 1 / 60)
    old = app.surface.copy()
    won = apply_move(game, Guess(game.secret))
    result = ResultState(record_of(won, 10.0))
    app.apply(result)
    fading = []
    for _ in range(40):
        app.step([], 1 / 120)
        if app.session.fade_s > 0:
            fading.append(app.surface.copy())
    for _ in range(30):  # past the fade: the new screen alone
        app.step([], 1 / 60)
    new = app.surface.copy()
    assert len(fading) >= 10
    background = old.get_at((1, old.get_height() - 2))
    panel = result.layout().panel
    only_old, only_new = [], []  # pixels lit on one screen only
    for x in range(panel.x, panel.right, 3):
        for y in range(panel.y, panel.bottom, 3):
            a, b = old.get_at((x, y)), new.get_at((x, y))
            if lit(a, background) and not lit(b, background):
                only_old.append((x, y))
            if lit(b, background) and not lit(a, background):
                only_new.append((x, y))
    assert len(only_old) > 20 and len(only_new) > 20
    for frame in fading:
        shows_old = sum(lit(frame.get_at(p), background) for p in only_old) > len(only_old) // 4
        shows_new = sum(lit(frame.get_at(p), background) for p in only_new) > len(only_new) // 4
        assert not (shows_old and shows_new)
