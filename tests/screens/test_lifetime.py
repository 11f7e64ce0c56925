"""A game's lifetime through the real app: a kept game survives a new game left empty; a row is on disk
before the frame that shows it; a win is recorded the frame it is decided, whatever happens to the
window during its animation; a new game asks before it could replace a kept one."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.core.records import GameEnd, stats_to_dict
from game.modes.classic.hooks import ClassicHooks
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from tests.screens.driver import choose_entry, click, kept_lines, key, post, press_key, settle

SECRET = (0, 0, 1, 2)


def new_app(directory, start=None, seed=11) -> App:
    app = App(size=(1024, 720), seed=seed, store=Store(directory), start=start)
    pygame.event.clear()
    return app


def type_code(app: App, code) -> None:
    for colour in code:
        post(app, key(pygame.K_1 + colour))


def kept_rows(directory) -> dict[str, list[str]]:
    """Each kept game's submitted rows, as the database on disk holds them now (a new store reads it)."""
    games = Store(directory).load_kept()
    return {slot: save["data"]["moves"] for slot, save in games.items()}


def test_lifetime__a_kept_game_survives_a_new_game_left_empty(tmp_path):
    app = new_app(tmp_path)
    choose_entry(app, "Classic")
    playing = app.state
    assert isinstance(playing, PlayingState)
    type_code(app, (0, 1, 2, 3))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    type_code(app, (4, 4))  # two pegs on the next row
    press_key(app, pygame.K_ESCAPE)
    click(app, app.state.layout().buttons["yes"].center)  # Leave (your game is kept)
    assert isinstance(app.state, MenuState) and kept_lines(app) == ["Resume: Classic · turn 2 of 10"]

    choose_entry(app, "Classic")  # a new Classic game where one is kept: asked first
    question = app.state
    assert question.is_overlay and "Resume it, or start a new one?" in question.question
    click(app, question.layout().buttons["no"].center)  # New game
    fresh = app.state
    assert isinstance(fresh, PlayingState) and fresh.game.rows == () and fresh is not playing
    press_key(app, pygame.K_ESCAPE)  # nothing on it: straight back to the menu
    assert isinstance(app.state, MenuState)
    assert kept_lines(app) == ["Resume: Classic · turn 2 of 10"]
    app.close()

    again = new_app(tmp_path)
    press_key(again, pygame.K_RETURN)  # the Resume line has the focus
    resumed = again.state
    assert isinstance(resumed, PlayingState) and [r.guess for r in resumed.game.rows] == [(0, 1, 2, 3)]
    assert resumed.run.draft[:2] == [4, 4]


def test_lifetime__a_new_game_replaces_the_kept_one_once_it_has_a_row(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, (0, 1, 2, 3))
    press_key(app, pygame.K_RETURN)
    app.close()
    app = new_app(tmp_path, seed=12)
    choose_entry(app, "Classic")
    click(app, app.state.layout().buttons["no"].center)  # New game
    assert kept_rows(tmp_path) == {"classic:Classic": ["g0123"]}  # not yet replaced
    type_code(app, (5, 5, 4, 4))
    press_key(app, pygame.K_RETURN)
    assert kept_rows(tmp_path) == {"classic:Classic": ["g5544"]}


def test_lifetime__every_submitted_row_is_on_disk_before_the_frame_that_shows_it(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    drawn: list[int] = []
    draw = app.draw

    def draw_and_check() -> None:  # every frame drawn: the rows it shows are already on disk
        rows = len(app.state.game.rows) if isinstance(app.state, PlayingState) else 0
        on_disk = kept_rows(tmp_path).get("classic:Classic", [])
        assert len(on_disk) >= rows
        drawn.append(rows)
        draw()

    app.draw = draw_and_check
    for code in ((0, 1, 2, 3), (3, 3, 4, 4), (5, 5, 0, 0)):
        type_code(app, code)
        press_key(app, pygame.K_RETURN)
    assert drawn[-1] == 3 and kept_rows(tmp_path)["classic:Classic"] == ["g0123", "g3344", "g5500"]


def test_lifetime__the_half_built_row_is_on_disk_within_a_second(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, (0, 1, 2, 3))
    press_key(app, pygame.K_RETURN)
    type_code(app, (5,))

    def drafts() -> dict:
        return Store(tmp_path).load_kept()["classic:Classic"]["data"]

    assert drafts()["draft"] == []  # not yet: a peg alone waits for the journal's second
    settle(app, 1.05, dt=0.05)
    assert drafts()["draft"] == [5, None, None, None]


def test_lifetime__a_win_closed_during_its_animation_is_recorded_with_its_streak(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, SECRET)
    press_key(app, pygame.K_RETURN)  # the winning row: grading pegs and the win flash still to come
    assert app.state.game.over and not app.state.run.finished
    post(app, pygame.event.Event(pygame.QUIT))  # the window closes in the middle of the animation
    assert not app.running
    stats = stats_to_dict(Store(tmp_path).load_stats()["Classic"])
    assert (stats["games"], stats["wins"], stats["current_streak"]) == (1, 1, 1)
    assert kept_rows(tmp_path) == {}  # a decided game is never offered for resume
    again = new_app(tmp_path)
    assert kept_lines(again) == [] and again.store.load_stats()["Classic"].wins == 1


def test_lifetime__a_decided_game_is_recorded_once_not_again_by_its_result_screen(tmp_path):
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()))
    type_code(app, (5, 5, 5, 5))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)  # Reveal: decided, recorded as a game not won
    assert isinstance(app.state, ResultState)
    settle(app, 2.0)
    stats = app.store.load_stats()["Classic"]
    assert (stats.games, stats.wins) == (1, 0)
    assert app.session.outcome_of(app.state.record) is not None
    assert app.state.record.end() is GameEnd.REVEALED
