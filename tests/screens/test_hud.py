"""The arcade heads-up display while playing, through the real app: the difficulty's name, turn and
time from the record, the streak and best score of that difficulty from the statistics on disk, and
what a win now would score (the records' own formula with this turn and time)."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig, preset
from game.core.records import GameEnd, GameResult, score_game
from game.modes.classic.hooks import ClassicHooks
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from game.ui.layout import centre
from tests.screens.driver import click, key, post, settle


def store_with_two_super_wins(directory) -> Store:
    store = Store(directory)
    config = preset("Super").config()
    store.record(GameResult(config, GameEnd.WON, 7, 200.0))
    store.record(GameResult(config, GameEnd.WON, 5, 90.0))
    return store


def open_from_menu(app: App, label: str) -> PlayingState:
    menu = app.state
    assert isinstance(menu, MenuState)
    index = [entry.label for entry in menu.entries].index(label)
    click(app, centre(menu.layout().entries[index]))
    assert isinstance(app.state, PlayingState)
    return app.state


def test_hud__shows_the_presets_name_streak_best_turn_time_and_worth(tmp_path):
    store = store_with_two_super_wins(tmp_path)
    stats = store.load_stats()["Super"]
    assert stats.current_streak == 2 and stats.best_score > 0
    app = App(size=(1280, 800), seed=5, store=Store(tmp_path))
    pygame.event.clear()
    playing = open_from_menu(app, "Super")
    settle(app, 2.0, dt=0.05)
    hud = playing.hud
    config = playing.config
    assert hud.name == "Super" and config.difficulty.value == "classic"  # the preset, not the rule
    assert (hud.turn, hud.turns) == (1, config.turns)
    assert hud.time_text == "0:02" == playing.record.time_text
    assert (hud.streak, hud.best) == (stats.current_streak, stats.best_score)
    elapsed = playing.record.elapsed_s
    assert hud.worth == score_game(GameResult(config, GameEnd.WON, 1, elapsed)) > 0
    # a row played with keys: the next turn, and a win now is worth less
    worth_on_turn_1 = hud.worth
    for colour in range(config.pegs):
        post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))
    post(app, key(pygame.K_RETURN))
    settle(app, 1.0, dt=0.05)
    assert not playing.game.over
    hud = playing.hud
    assert hud.turn == 2
    assert hud.worth == score_game(GameResult(config, GameEnd.WON, 2, playing.record.elapsed_s))
    assert hud.worth < worth_on_turn_1
    assert dict(hud.fields)["Win now"] == f"{hud.worth:,}"


def test_hud__a_hint_makes_a_win_worth_nothing_and_says_so(tmp_path):
    app = App(size=(1024, 720), seed=5, store=Store(tmp_path))
    pygame.event.clear()
    playing = open_from_menu(app, "Classic")
    assert playing.hud.worth > 0
    assert (playing.hud.streak, playing.hud.best) == (0, 0)  # nothing recorded yet
    post(app, key(pygame.K_h))  # the help overlay first: it costs nothing
    post(app, key(pygame.K_ESCAPE))
    assert playing.hud.worth > 0
    playing.run.take_hint(None)  # what the hint overlay's "show me" does to the run
    assert playing.hud.worth == 0 and dict(playing.hud.fields)["Win now"] == "no score"


def test_hud__custom_shows_its_size_and_no_statistics_without_a_store():
    config = GameConfig(5, 7)
    app = App(size=(1024, 720), seed=5, start=PlayingState(config, hooks=ClassicHooks()))
    pygame.event.clear()
    settle(app, 0.2)
    hud = app.state.hud
    assert hud.name == "Custom 5×7" and (hud.turn, hud.turns) == (1, config.turns)
    assert hud.streak is None and hud.best is None
    assert [label for label, _ in hud.fields] == ["Win now"]


def test_hud__fits_in_the_top_bar_left_of_its_buttons_at_every_window_size(tmp_path):
    from game.ui.breaker_view import draw_hud

    store_with_two_super_wins(tmp_path)
    store = Store(tmp_path)
    store.record(GameResult(GameConfig(8, 10), GameEnd.WON, 9, 999.0))  # Custom has statistics too
    for config in (preset("Super").config(), GameConfig(8, 10)):
        for size in ((640, 480), (1280, 800), (1920, 1080)):
            app = App(
                size=size, seed=5, store=Store(tmp_path), start=PlayingState(config, hooks=ClassicHooks())
            )
            pygame.event.clear()
            settle(app, 0.1)
            playing = app.state
            layout = playing.layout()
            drawn = draw_hud(app.surface, layout, playing.hud, playing_art(app))
            title = layout.title_rect.inflate(0, -round(layout.title_rect.h * 0.3))
            name = playing.hud.name
            name_w = app.text.size(name, app.text.fit_size(name, title.w, title.h, 40))[0]
            assert drawn.w > 0 and layout.top_bar.contains(drawn), (config, size)
            assert drawn.x > title.x + name_w, (config, size)  # clear of the name
            assert drawn.right <= layout.button_rect("help").x, (config, size)


def playing_art(app):
    from game.screens.base import board_art

    return board_art(app)
