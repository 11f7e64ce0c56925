"""Statistics and the session through the real app: a win played with events is in the statistics of
a new App reading the same directory; quitting mid-game offers resume; M mutes; watched games and
hand-graded games are not the player's record; damaged files show a notice and the game goes on."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.core.config import GameConfig
from game.core.records import GameEnd, GameResult
from game.core.state import Outcome
from game.modes.classic.hooks import ClassicHooks
from game.play.finale import COUNT_S, Beat
from game.screens.base import Push
from game.screens.highscores import InitialsOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.stats import StatsState, chart_length, figures, format_time
from game.store import Settings, Store
from game.ui.layout import centre
from game.ui.sound import Sound
from tests.screens.driver import (
    choose_entry,
    click,
    kept_lines,
    key,
    lowest_consistent,
    post,
    press_key,
    settle,
)
from tests.screens.test_playing import play_row_by_mouse


def new_app(directory, seed=11, **kwargs) -> App:
    app = App(size=(1024, 720), seed=seed, store=Store(directory), **kwargs)
    pygame.event.clear()
    return app


def click_menu_entry(app: App, label: str) -> None:
    assert isinstance(app.state, MenuState)
    choose_entry(app, label)


def quit_app(app: App) -> None:
    post(app, pygame.event.Event(pygame.QUIT))
    assert not app.running


def play_to_the_end(app: App) -> None:
    for _ in range(app.state.config.turns):
        if not isinstance(app.state, PlayingState) or app.state.game.over:
            break
        play_row_by_mouse(app, lowest_consistent(app.state.game))
    settle(app, 3.0)
    if isinstance(app.state, InitialsOverlay):  # a win makes the empty Classic high-score table
        press_key(app, pygame.K_ESCAPE)  # no initials: the result screen below


def test_stats__win_played_with_events_shows_in_a_new_app_on_the_same_directory(tmp_path):
    app = new_app(tmp_path)
    click_menu_entry(app, "Classic")
    assert isinstance(app.state, PlayingState)
    play_to_the_end(app)
    result = app.state
    assert isinstance(result, ResultState) and result.game.outcome is Outcome.WON
    score_line = app.session.outcome_of(result.record).score_line
    assert score_line.startswith("Score ") and "new best" in score_line
    settle(app, COUNT_S + 0.1)  # the score counts up, then reads as the session recorded it
    assert score_line in result.details()
    assert any(line.startswith("Score ") for line in result.details())
    guesses = len(result.game.rows)
    press_key(app, pygame.K_ESCAPE)
    quit_app(app)

    again = new_app(tmp_path, seed=99)
    assert isinstance(again.state, MenuState)  # a finished game is not offered for resume
    click_menu_entry(again, "Statistics")
    stats_screen = again.state
    assert isinstance(stats_screen, StatsState) and stats_screen.key == "Classic"
    classic = stats_screen.stats()
    assert (classic.games, classic.wins, classic.current_streak, classic.best_streak) == (1, 1, 1, 1)
    assert dict(classic.guesses_needed) == {guesses: 1} and classic.best_score > 0
    assert ("Wins", "1 (100%)") in figures(classic)
    post(again, key(pygame.K_RIGHT))
    assert stats_screen.key == "Super" and stats_screen.stats().games == 0
    click(again, centre(stats_screen.layout().buttons["back"]))
    assert isinstance(again.state, MenuState)


def test_stats__loss_breaks_the_streak_and_counts_a_game(tmp_path):
    store = Store(tmp_path)
    store.record(GameResult(GameConfig(3, 4, difficulty="tight"), GameEnd.WON, 3, 20.0))
    app = new_app(
        tmp_path, seed=3, start=PlayingState(GameConfig(3, 4, difficulty="tight"), hooks=ClassicHooks())
    )
    secret = app.state.game.secret
    wrong = next(c for c in [(0, 0, 0), (1, 1, 1), (2, 2, 2)] if c != secret)
    for _ in range(app.state.config.turns):
        play_row_by_mouse(app, wrong)
    settle(app, 3.0)
    assert isinstance(app.state, ResultState) and app.state.game.outcome is Outcome.LOST
    assert app.session.particles.active  # dust settles over the board
    custom = Store(tmp_path).load_stats()["Custom"]
    assert (custom.games, custom.wins, custom.current_streak, custom.best_streak) == (2, 1, 0, 1)


def test_stats__screen_draws_every_tab_and_the_chart_at_small_and_large_sizes(tmp_path):
    store = Store(tmp_path)
    for guesses in (3, 4, 4, 5, 7, 12):
        store.record(GameResult(GameConfig(4, 6), GameEnd.WON, min(guesses, 10), 60.0 * guesses))
    for size in ((640, 480), (1600, 1000)):
        app = App(size=size, seed=1, store=Store(tmp_path), start=MenuState())
        app.apply(Push(StatsState()))
        for _ in range(5):
            post(app, key(pygame.K_RIGHT))
        app.draw()
        assert app.state.book["Classic"].games == 6


def test_stats__chart_length_and_time_format():
    from game.core.records import DifficultyStats

    assert chart_length("Classic", DifficultyStats()) == 10
    assert chart_length("Custom", DifficultyStats(guesses_needed={14: 1})) == 14
    assert [format_time(s) for s in (None, 0, 59.6, 72.4, 3725)] == ["-", "0:00", "1:00", "1:12", "1:02:05"]


def test_session__quit_mid_game_saves_it_and_the_next_start_offers_resume(tmp_path):
    app = new_app(tmp_path, seed=5, start=None)
    click_menu_entry(app, "Classic")
    play_row_by_mouse(app, (0, 1, 2, 3))
    settle(app, 1.0)
    before = app.state.game
    elapsed = app.state.record.elapsed_s
    quit_app(app)
    assert Store(tmp_path).load_kept()

    again = new_app(tmp_path, seed=77)
    assert kept_lines(again) == ["Resume: Classic · turn 2 of 10"]
    again.draw()
    press_key(again, pygame.K_RETURN)  # the Resume line has the focus
    resumed = again.state
    assert isinstance(resumed, PlayingState)
    assert resumed.game == before and resumed.record.elapsed_s == pytest.approx(elapsed, abs=0.05)
    play_to_the_end(again)
    assert isinstance(again.state, ResultState)
    assert Store(tmp_path).load_kept() == {}  # finished: never offered again


def test_session__delete_on_a_resume_line_forgets_the_kept_game_after_asking(tmp_path):
    app = new_app(tmp_path, seed=5, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row_by_mouse(app, (0, 1, 2, 3))
    quit_app(app)
    again = new_app(tmp_path)
    assert kept_lines(again) == ["Resume: Classic · turn 2 of 10"]
    press_key(again, pygame.K_DELETE)
    assert again.state.is_overlay and "Forget" in again.state.question
    press_key(again, pygame.K_ESCAPE)  # not now: still kept
    assert kept_lines(again) == ["Resume: Classic · turn 2 of 10"]
    press_key(again, pygame.K_DELETE)
    press_key(again, pygame.K_y)
    assert isinstance(again.state, MenuState) and kept_lines(again) == []
    assert Store(tmp_path).load_kept() == {}


def test_session__m_toggles_mute_everywhere_and_it_is_remembered(tmp_path):
    sound = Sound(mixer=None)
    app = new_app(tmp_path, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()), sound=sound)
    assert sound.enabled
    press_key(app, pygame.K_m)
    assert not sound.enabled and app.settings.sound is False
    assert any("Sound off" in text for text in app.session.notices.texts)
    assert isinstance(app.state, PlayingState)  # the key went to the app, not the game
    app.draw()
    quit_app(app)
    assert Store(tmp_path).load_settings().sound is False
    again = new_app(tmp_path, sound=Sound(mixer=None))
    assert again.sound.enabled is False
    press_key(again, pygame.K_m)
    assert again.sound.enabled is True


def test_session__explicit_settings_beat_stored_ones(tmp_path):
    Store(tmp_path).save_settings(Settings(palette="classic", symbols=True, volume=0.3))
    app = new_app(tmp_path, settings={"symbols": False}, sound=Sound(mixer=None))
    assert app.settings.palette == "classic" and app.settings.symbols is False
    assert app.sound.volume == pytest.approx(0.3)


def test_session__watched_computer_game_is_not_the_players_record(tmp_path):
    from game.core.state import new_game
    from game.screens.solving import SolvingState

    app = new_app(tmp_path, start=SolvingState(new_game(GameConfig(3, 4), (0, 1, 2)), strategy="lowest"))
    app.state.run.finish_instantly()
    settle(app, 1.0)
    assert isinstance(app.state, ResultState) and app.state.solved_by()
    assert Store(tmp_path).load_stats() == {}


def test_session__solve_after_a_players_row_counts_as_an_assisted_game(tmp_path):
    app = new_app(tmp_path, seed=5, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    play_row_by_mouse(app, (0, 1, 2, 3))
    assert not app.state.game.over  # seed 5: the first guess does not win
    click(app, centre(app.state.layout().button_rect("solve")))
    app.state.run.finish_instantly()
    settle(app, 1.0)
    assert isinstance(app.state, ResultState)
    classic = Store(tmp_path).load_stats()["Classic"]
    assert (classic.games, classic.wins, classic.best_score) == (1, 0, 0)


def test_session__corrupt_statistics_show_a_notice_and_the_game_goes_on(tmp_path):
    (tmp_path / "statistics.json").write_text("{ this is not json")  # an earlier version's file
    app = new_app(tmp_path, start=PlayingState(GameConfig(3, 4, difficulty="relaxed"), hooks=ClassicHooks()))
    play_to_the_end(app)
    assert isinstance(app.state, ResultState)
    assert any("statistics.corrupt.json" in text for text in app.session.notices.texts)
    app.draw()
    assert Store(tmp_path).load_stats()["Easy"].games == 1


def test_session__a_new_screen_fades_in_briefly_and_not_at_all_with_reduced_motion(tmp_path):
    from game.session import FADE_IN_S

    for reduced in (False, True):
        app = new_app(tmp_path, settings={"reduced_motion": reduced})
        assert app.session.fade_s == 0.0  # the first screen just appears
        click_menu_entry(app, "Classic")
        assert isinstance(app.state, PlayingState)
        if reduced:
            assert app.session.fade_s == 0.0
        else:
            assert 0.0 < app.session.fade_s < FADE_IN_S
            settle(app, FADE_IN_S, dt=1 / 60)
            assert app.session.fade_s == 0.0
        post(app, key(pygame.K_h))  # an overlay does not fade
        assert app.state.is_overlay and app.session.fade_s == 0.0


def test_session__last_difficulty_is_remembered_and_the_menu_focuses_it(tmp_path):
    app = new_app(tmp_path)
    click_menu_entry(app, "Super")
    assert app.settings.last_difficulty == "Super"
    quit_app(app)
    assert Store(tmp_path).load_settings().last_difficulty == "Super"
    again = new_app(tmp_path)
    menu = again.state
    assert menu.entries[menu.focus].label == "Super"


def test_session__unwritable_data_folder_never_stops_the_game_and_says_so(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    app = App(
        size=(1024, 720),
        seed=11,
        store=Store(blocker),
        start=PlayingState(GameConfig(3, 4, difficulty="relaxed"), hooks=ClassicHooks()),
    )
    pygame.event.clear()
    play_to_the_end(app)
    assert isinstance(app.state, ResultState)
    assert app.session.outcome_of(app.state.record).score_line  # the statistics still work for this session
    assert any("kept for this session only" in text for text in app.session.notices.texts)
    app.draw()
    settle(app, 6.0)  # the win lands; its score may ask for initials: skipped
    if not isinstance(app.state, ResultState):
        press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_RETURN)  # play again, then quit mid-game: saving fails quietly
    play_row_by_mouse(app, (0, 1, 2))
    quit_app(app)
    assert blocker.read_text() == "a file where the data folder should be"


def test_session__win_celebrates_with_confetti_but_not_with_reduced_motion(tmp_path):
    for reduced in (False, True):
        app = new_app(tmp_path / str(reduced), settings={"reduced_motion": reduced})
        app.apply(PlayingState(GameConfig(3, 4, difficulty="relaxed"), hooks=ClassicHooks()))
        while not app.state.game.over:
            play_row_by_mouse(app, lowest_consistent(app.state.game))
        for _ in range(600):  # until the result screen shows (after the grade and the win flash)
            if isinstance(app.state, ResultState):
                break
            app.step([], 1 / 60)
        result = app.state
        assert isinstance(result, ResultState) and result.game.outcome is Outcome.WON
        for _ in range(600):  # the score counts up, then the celebration
            if result.finale.started(Beat.CELEBRATE):
                break
            app.step([], 1 / 60)
        app.step([], 1 / 60)
        assert app.session.particles.active is (not reduced)
        while not isinstance(app.state, ResultState) or not result.ready:  # the initials: skipped
            press_key(app, pygame.K_ESCAPE) if app.state is not result else app.step([], 1 / 60)
        press_key(app, pygame.K_RETURN)  # play again: the confetti is cleared with the result screen
        assert isinstance(app.state, PlayingState) and not app.session.particles.active


@pytest.mark.parametrize("size", [(640, 480), (1024, 720)])
def test_stats__every_tab_label_is_drawn_at_one_size(tmp_path, size):
    app = App(size=size, seed=1, store=Store(tmp_path), start=StatsState())
    pygame.event.clear()
    app.step([], 1 / 60)
    stats = app.state
    tabs = stats.layout().tabs
    drawn = {}
    real = app.text.draw_in

    def spy(surface, line, rect, *args, **kwargs):
        box = real(surface, line, rect, *args, **kwargs)
        if any(tab.contains(rect) for tab in tabs):
            drawn[line] = box.h
        return box

    app.text.draw_in = spy
    stats.draw(app.surface)
    assert len(drawn) == len(tabs)  # every tab drew its label
    assert len(set(drawn.values())) == 1, drawn  # "Classic" no smaller than "Blitz"
