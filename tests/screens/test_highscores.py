"""Arcade high scores through the real app: a won Classic game asks for initials (keys, typing or the
mouse) and stores them in the Classic table; a score below a full table asks nothing; the High
scores screen from the menu; the attract loop cycles demo -> high scores -> title -> next demo."""

from __future__ import annotations

import datetime as dt

import pygame

from game.app import App
from game.core.highscores import HighScore, HighScoreTable
from game.modes.registry import high_score_tables
from game.screens.attract import RESULT_HOLD_S, SCORES_PAGE_S, TITLE_HOLD_S, AttractState
from game.screens.base import Push
from game.screens.highscores import HighScoresState, InitialsOverlay
from game.screens.menu import MenuState
from game.screens.result import ResultState
from game.store import Store
from game.ui.highscores_view import InitialsLayout
from tests.screens.driver import click, drawn_lines, key, post, settle
from tests.screens.test_daily import open_menu_entry, play_to_the_end, release_apps  # noqa: F401  (release_apps: an autouse fixture)

NOW = dt.datetime(2026, 11, 23, 20, 15, tzinfo=dt.UTC)


def scores_app(tmp_path) -> App:
    """The app of a player who last signed AAA: the letters the entry starts from."""
    settings = {"last_initials": "AAA"}
    app = App(size=(1024, 720), seed=2, store=Store(tmp_path), now=lambda: NOW, settings=settings)
    pygame.event.clear()
    return app


def win_classic(app: App) -> None:
    open_menu_entry(app, "Classic")
    play_to_the_end(app)
    assert app.state.__class__ is not MenuState


def test_highscores__initials_entered_by_keys_go_in_the_classic_table(tmp_path):
    app = scores_app(tmp_path)
    win_classic(app)
    assert [type(s) for s in app.stack] == [ResultState, InitialsOverlay]
    entry = app.state
    assert entry.mode == "Classic" and entry.score > 0
    # Up twice (A -> C), Right, Down (A -> Z), Right, typed "q"; then Left and Backspace, which
    # steps back from the highlight like a text cursor and clears the C
    for k in (pygame.K_UP, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT):
        post(app, key(k))
    post(app, key(pygame.K_q, unicode="q"))
    assert entry.editor.initials == "CZQ"
    post(app, key(pygame.K_LEFT))
    post(app, key(pygame.K_BACKSPACE))
    assert entry.editor.initials == "AZQ"
    post(app, key(pygame.K_c, unicode="c"))
    assert entry.editor.initials == "CZQ"
    app.draw()
    post(app, key(pygame.K_RETURN))
    assert entry.stored and entry.rank == 1
    post(app, key(pygame.K_SPACE))
    assert isinstance(app.state, ResultState)
    tables = Store(tmp_path).load_high_scores()
    assert tables["Classic"].entries == (HighScore("CZQ", entry.score, "2026-11-23"),)
    assert all(not tables[mode].entries for mode in high_score_tables() if mode != "Classic")
    settle(app, 1.0)
    assert isinstance(app.state, ResultState)  # asked once only


def test_highscores__the_entry_names_the_place_the_score_took(tmp_path):
    """The score is in its table from the moment the game was decided: the entry's headline names
    that place (a first score is number 1), the place the table then lights."""
    app = scores_app(tmp_path)
    win_classic(app)
    headline = next(line for line in drawn_lines(app) if line.startswith("New high score!"))
    assert headline == "New high score! Number 1 in Classic"
    post(app, key(pygame.K_RETURN))
    assert app.state.rank == 1
    store = Store(tmp_path)
    for n in range(3):  # three better scores, entered before the next game
        store.add_high_score("Classic", HighScore("TOP", 900_000 + n, "2026-11-01"))
    store.close()
    post(app, key(pygame.K_SPACE))
    post(app, key(pygame.K_ESCAPE))  # the result screen's Menu
    settle(app, 1.0)
    win_classic(app)
    entry = app.state
    headline = next(line for line in drawn_lines(app) if line.startswith("New high score!"))
    post(app, key(pygame.K_RETURN))
    assert entry.rank in (4, 5) and headline == f"New high score! Number {entry.rank} in Classic"


def test_highscores__initials_entered_with_the_mouse(tmp_path):
    app = scores_app(tmp_path)
    win_classic(app)
    layout = InitialsLayout(app.size)
    click(app, layout.downs[0].center)  # A -> Z
    click(app, layout.ups[2].center)  # A -> B
    click(app, layout.ups[2].center)  # B -> C
    assert app.state.editor.initials == "ZAC" and app.state.editor.position == 2
    click(app, layout.ok.center)
    click(app, layout.ok.center)  # any click leaves the table
    assert Store(tmp_path).load_high_scores()["Classic"].entries[0].initials == "ZAC"


def test_highscores__a_score_below_a_full_table_asks_nothing(tmp_path):
    store = Store(tmp_path)
    for n in range(10):
        store.add_high_score("Classic", HighScore("TOP", 900_000 + n, "2026-11-01"))
    app = scores_app(tmp_path)
    win_classic(app)
    settle(app, 0.5)
    assert [type(s) for s in app.stack] == [ResultState]
    assert [e.initials for e in Store(tmp_path).load_high_scores()["Classic"].entries] == ["TOP"] * 10


def test_highscores__screen_from_the_menu_shows_every_mode(tmp_path):
    Store(tmp_path).add_high_score("Blitz", HighScore("BOB", 2100, "2026-11-20"))
    app = scores_app(tmp_path)
    open_menu_entry(app, "High scores")
    screen = app.state
    assert isinstance(screen, HighScoresState) and screen.mode == "Classic"
    for mode in high_score_tables()[1:]:
        post(app, key(pygame.K_RIGHT))
        assert screen.mode == mode
    assert screen.book["Blitz"].entries[0].initials == "BOB"
    app.draw()
    post(app, key(pygame.K_ESCAPE))
    assert isinstance(app.state, MenuState)


def test_highscores__attract_loop_shows_the_tables_between_demo_and_title(tmp_path):
    store = Store(tmp_path)
    store.add_high_score("Blitz", HighScore("BOB", 2100, "2026-11-20"))
    store.add_high_score("Daily", HighScore("ANN", 1500, "2026-11-22"))
    app = scores_app(tmp_path)
    app.apply(Push(AttractState()))
    attract = app.state
    for _ in range(6000):
        app.step([], 1 / 60, draw=False)
        if attract.run.finished:
            break
    settle(app, RESULT_HOLD_S + 0.05, dt=0.05)
    assert attract.phase == "scores" and attract.score_pages == ("Daily", "Blitz")
    assert attract.score_page == "Daily"
    app.draw()
    settle(app, SCORES_PAGE_S, dt=0.05)  # the pages run on the frames' dt (a hair more than 4 s in all)
    app.step([], 0.05)
    assert attract.score_page == "Blitz" and attract.tables["Blitz"].entries[0].initials == "BOB"
    settle(app, SCORES_PAGE_S, dt=0.05)
    assert attract.phase == "title"
    app.draw()
    settle(app, TITLE_HOLD_S + 0.05, dt=0.05)
    assert attract.phase == "demo" and attract.demo == 1 and not attract.run.finished
    post(app, key(pygame.K_SPACE))
    assert isinstance(app.state, MenuState)


def test_highscores__tables_draw_full_and_empty(tmp_path):
    app = scores_app(tmp_path)
    app.apply(Push(HighScoresState()))
    full = HighScoreTable(tuple(HighScore("ABC", 10_000 - n, "2026-11-23") for n in range(10)))
    app.state.book["Classic"] = full
    app.draw()  # ten lines and the empty tables of the other tabs draw without error
    for _ in high_score_tables():
        post(app, key(pygame.K_TAB))
