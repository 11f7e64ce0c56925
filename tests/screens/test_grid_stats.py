"""Grid games in the statistics, through the real app: a grid game won and one lost count in the Grid
bucket (never Custom) and show on the Statistics screen's Grid tab; a row Custom game still counts in
Custom; a statistics file written before the Grid bucket existed loads; grid histograms up to the
longest grid game load; the resume offer names a grid by its shape, not as pegs."""

from __future__ import annotations

import json

import pygame

from game.app import App
from game.core.config import ConfigError, GameConfig
from game.core.records import CUSTOM_KEY, GRID_KEY, GameEnd, GameResult
from game.core.state import Outcome
from game.core.variants import GRID_SHAPES, GridVariant
from game.modes.classic.hooks import ClassicHooks
from game.screens.base import Push
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.stats import StatsState
from game.store import SCHEMA_VERSION, Store, checked_book, largest_turn_limit
from game.ui.layout import centre
from tests.screens.driver import click, kept_lines, press_key, settle
from tests.screens.test_grid_game import keyboard_row, play_to_the_end

STATS_FILE = "statistics.json"  # an earlier version's statistics, read into the records database once


def new_app(directory, start, seed=13) -> App:
    app = App(size=(1024, 720), seed=seed, store=Store(directory), start=start)
    pygame.event.clear()
    return app


def lose_grid_game(app: App) -> None:
    """Enter rows that are never the secret until the turns run out."""
    secret = app.state.game.secret
    config = app.state.config
    for turn in range(config.turns):
        code = tuple((turn + cell) % config.colours for cell in range(config.pegs))
        if code == secret:
            code = tuple((colour + 1) % config.colours for colour in code)
        keyboard_row(app, code)
        settle(app, 0.5)
    settle(app, 4.0)


def open_stats_tab(app: App, key: str) -> StatsState:
    app.apply(Push(StatsState()))
    stats = app.state
    assert isinstance(stats, StatsState)
    click(app, centre(stats.layout().tabs[stats.keys.index(key)]))
    assert stats.key == key
    app.draw()
    return stats


def test_grid_stats__won_and_lost_grid_games_count_in_the_grid_bucket_and_its_tab(tmp_path):
    app = new_app(
        tmp_path, PlayingState(GameConfig(colours=6, variant=GridVariant(2, 2)), hooks=ClassicHooks())
    )
    play_to_the_end(app, keyboard_row)
    assert isinstance(app.state, ResultState) and app.state.game.outcome is Outcome.WON
    won_in = len(app.state.game.rows)
    app = new_app(
        tmp_path, PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks()), seed=5
    )
    lose_grid_game(app)
    assert isinstance(app.state, ResultState) and app.state.game.outcome is Outcome.LOST
    book = Store(tmp_path).load_stats()
    assert CUSTOM_KEY not in book
    grid = book[GRID_KEY]
    assert (grid.games, grid.wins, grid.current_streak, grid.best_streak) == (2, 1, 0, 1)
    assert dict(grid.guesses_needed) == {won_in: 1} and grid.best_score > 0
    stats = open_stats_tab(app, GRID_KEY)
    assert stats.stats().games == 2
    assert stats.keys.index(GRID_KEY) == stats.keys.index(CUSTOM_KEY) + 1  # after the presets and Custom


def test_grid_stats__a_row_custom_game_still_counts_in_custom(tmp_path):
    app = new_app(tmp_path, PlayingState(GameConfig(3, 5), hooks=ClassicHooks()))
    for _ in range(app.state.config.turns):
        if app.state.game.over:
            break
        code = (0, 0, 0) if app.state.game.secret != (0, 0, 0) else (1, 1, 1)
        for colour in code:
            press_key(app, pygame.K_1 + colour)
        press_key(app, pygame.K_RETURN)
        settle(app, 0.5)
    settle(app, 4.0)
    book = Store(tmp_path).load_stats()
    assert book[CUSTOM_KEY].games == 1 and GRID_KEY not in book


def test_grid_stats__a_file_written_without_the_grid_bucket_loads(tmp_path):
    old = {
        "Classic": {
            "games": 3,
            "wins": 2,
            "current_streak": 1,
            "best_streak": 2,
            "best_score": 900,
            "best_time_s": 61.5,
            "guesses_needed": {"4": 1, "6": 1},
        },
        "Custom": {"games": 1, "wins": 0},
    }
    document = {"schema_version": SCHEMA_VERSION, "kind": "statistics", "data": old}
    (tmp_path / STATS_FILE).write_text(json.dumps(document), encoding="utf-8")
    store = Store(tmp_path)
    book = store.load_stats()
    assert book["Classic"].games == 3 and book["Custom"].games == 1 and not store.take_notices()
    store.record(GameResult(GameConfig(colours=4, variant=GridVariant(3, 3)), GameEnd.WON, 7, 90.0))
    book = Store(tmp_path).load_stats()
    assert book[GRID_KEY].wins == 1 and book["Classic"].games == 3


def test_grid_stats__histograms_up_to_the_longest_grid_game_are_accepted():
    longest = 0
    for shape in GRID_SHAPES:
        for colours in range(2, 11):
            for duplicates in (True, False):
                try:
                    config = GameConfig(
                        colours=colours,
                        variant=GridVariant(*shape),
                        duplicates=duplicates,
                        difficulty="relaxed",
                    )
                except ConfigError:
                    continue
                longest = max(longest, config.turns)
    assert largest_turn_limit() >= longest
    book = checked_book({GRID_KEY: {"games": 1, "wins": 1, "guesses_needed": {str(longest): 1}}})
    assert dict(book[GRID_KEY].guesses_needed) == {longest: 1}


def test_grid_stats__resume_line_names_the_grid_not_pegs(tmp_path):
    app = new_app(
        tmp_path, PlayingState(GameConfig(colours=4, variant=GridVariant(3, 3)), hooks=ClassicHooks())
    )
    keyboard_row(app, (0,) * 9 if app.state.game.secret != (0,) * 9 else (1,) * 9)
    settle(app, 1.0)
    app.close()
    again = new_app(tmp_path, None)
    assert kept_lines(again) == ["Resume: Grid 3×3 × 4 colours · turn 2 of 13"]
