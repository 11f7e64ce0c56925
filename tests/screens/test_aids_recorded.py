"""The aids (hints, the coach, hard mode) as a part a mode declares, recorded and named as what they
are, through the real app: a coached win is named coached (not "a hint"), a hard game handed to the
computer with Solve is counted as a hard game, and a mode that declares no aids gets none whatever
the settings say."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig, preset
from game.core.gamenumber import game_number
from game.core.records import GRID_KEY
from game.core.variants import GridVariant
from game.modes.classic.hooks import ClassicHooks
from game.modes.registry import MODES, mode_named
from game.play.aids import COACHED_KEY, HARD_KEY, HINTS_ONLY, NO_AID_ALLOWED
from game.screens import play_hooks
from game.screens.base import go
from game.screens.hint import HintOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.store import Store
from game.ui.board import BoardView
from tests.screens.driver import (
    choose_entry,
    drawn_lines,
    key,
    lowest_consistent,
    make_app,
    post,
    press_key,
    settle,
    submit_code,
)
from tests.screens.test_hard_mode_coach import coached_classic

CLASSIC = preset("Classic").config()


def every_hooks_class() -> list[type[play_hooks.StandardHooks]]:
    found, todo = [], [play_hooks.StandardHooks]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("game."):  # the game's own modes, not a test's plug-in
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_aids__each_modes_hooks_allow_what_its_mode_declares() -> None:
    registered = {mode.id for mode in MODES}
    checked = set()
    for cls in every_hooks_class():
        if cls is play_hooks.StandardHooks:
            assert cls.aids_allowed == NO_AID_ALLOWED  # the base: a mode declares its own
            continue
        # the Hint button is on the panel exactly where hints are allowed
        assert ("hint" in dict(cls.panel_items)) == cls.aids_allowed.hints, cls.__name__
        if cls.mode not in registered:  # a game for fun: hints at most, nothing counted to coach
            assert cls.aids_allowed == HINTS_ONLY, cls.__name__
            continue
        assert cls.aids_allowed == mode_named(cls.mode).aids, cls.__name__
        checked.add(cls.mode)
    assert {"classic", "daily", "deduce", "blitz", "learn"} <= checked
    assert mode_named("grid").aids == ClassicHooks.aids_allowed  # a grid is a plain game


def test_aids__a_mode_that_declares_none_has_no_coach_nor_hard_mode_whatever_the_settings() -> None:
    app = make_app(settings={"coach": True, "hard_mode": True})
    choose_entry(app, "Deduce")
    press_key(app, pygame.K_RETURN)  # the level choice: the puzzle of the day is dealt
    for _ in range(200):
        if isinstance(app.state, PlayingState):
            break
        settle(app, 0.1)
    state = app.state
    assert isinstance(state, PlayingState)
    assert not state.hooks.aids(app).any and not state.run.hard  # no coach, not hard
    assert not state.hooks.aids(app).any
    assert not state.hooks.allows("hint", state)
    words = " ".join(drawn_lines(app))
    assert "coached" not in words and "hard mode" not in words


def shown(app: App) -> str:
    """Every word the next frame draws, the board's cached still image thrown away first."""
    app.state.view = BoardView()
    return " ".join(drawn_lines(app))


def win(app: App) -> None:
    state = app.state
    while not state.game.over:
        submit_code(app, lowest_consistent(state.game))
        settle(app, 2.0)
    settle(app, 4.0)


def test_coach__a_coached_win_is_named_coached_not_a_hint(tmp_path) -> None:
    app = coached_classic(tmp_path)
    win(app)
    result = app.state
    assert isinstance(result, ResultState) and result.points == 0
    words = shown(app)
    assert "Classic · coached" in words
    assert "No score: a coached game" in words
    assert "hint" not in words.lower()
    assert not [line for line in result.details() if "hint" in line.lower()]
    assert set(Store(tmp_path).load_stats()) == {COACHED_KEY}


def test_coach__a_hint_in_a_plain_game_is_still_named_a_hint(tmp_path) -> None:
    app = App(size=(1024, 720), seed=8, store=Store(tmp_path), start=go("new_game", config=CLASSIC))
    pygame.event.clear()
    state = app.state
    state.run.take_hint(None)  # what the hint overlay's answer does to the run
    win(app)
    words = shown(app)
    assert "Classic" in words and "coached" not in words and "With a hint (assisted)" in words
    assert "No score: a hint was used" in words


def test_hard_mode__a_grid_handed_to_solve_is_counted_as_a_hard_game(tmp_path) -> None:
    app = App(size=(1024, 720), seed=2, store=Store(tmp_path), settings={"hard_mode": True})
    pygame.event.clear()
    choose_entry(app, "Grid 2")
    settle(app, 0.5)
    state = app.state
    assert isinstance(state, PlayingState)
    assert state.config == GameConfig(colours=6, variant=GridVariant(2, 2))
    first = (0, 1, 2, 3) if state.game.secret != (0, 1, 2, 3) else (3, 2, 1, 0)
    submit_code(app, first)
    settle(app, 2.0)
    press_key(app, pygame.K_s)  # Solve
    solving = app.state
    assert isinstance(solving, SolvingState)
    assert "hard mode" in " ".join(drawn_lines(app))
    for _ in range(400):
        settle(app, 0.5)
        if isinstance(app.state, ResultState):
            break
    assert isinstance(app.state, ResultState)
    assert "Grid 2×2 × 6 colours · hard mode" in shown(app)
    stats = Store(tmp_path).load_stats()
    assert set(stats) == {HARD_KEY} and GRID_KEY not in stats
    assert stats[HARD_KEY].games == 1 and stats[HARD_KEY].best_score == 0


def test_aids__a_game_for_fun_keeps_its_hint_and_gets_no_coach() -> None:
    number = game_number(CLASSIC, (0, 1, 2, 3))
    app = make_app(settings={"coach": True, "hard_mode": True}, start=go("numbered", number=number))
    state = app.state
    assert isinstance(state, PlayingState) and state.game.secret == (0, 1, 2, 3)
    assert not state.hooks.aids(app).any and not state.run.hard  # no coach, not hard
    post(app, key(pygame.K_SLASH, unicode="/"))  # "?" asks for a hint
    assert isinstance(app.state, HintOverlay)
