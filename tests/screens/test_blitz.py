"""Blitz through the real app under a fake clock (explicit dt): codes cracked add points and time, a
given-up code adds nothing, the clock turns urgent in the last ten seconds (still with reduced
motion), time up ends on the Blitz result with initials, no assists, and a run left is resumed."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from game.app import App
from game.core.blitz import BONUS_S, DURATION_S, points_for
from game.modes.blitz.book import load_blitz
from game.modes.blitz.screens import BlitzHooks, BlitzResultState
from game.screens.highscores import InitialsOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from game.ui import looks
from game.ui import palette as pal
from tests.screens.driver import kept_lines, key, lowest_consistent, post, settle
from tests.screens.test_daily import open_menu_entry, release_apps, type_row  # noqa: F401  (release_apps: an autouse fixture)

NOW = dt.datetime(2026, 11, 23, 9, 30, tzinfo=dt.UTC)
FRAME_S = 0.05


def blitz_app(tmp_path, **settings) -> App:
    app = App(size=(1024, 720), seed=5, store=Store(tmp_path), now=lambda: NOW, settings=settings)
    pygame.event.clear()
    open_menu_entry(app, "Blitz")
    assert isinstance(app.state, PlayingState) and isinstance(app.state.hooks, BlitzHooks)
    return app


def crack_code(app: App) -> int:
    """Break the code on screen by keyboard with the careful player's guesses; rows it took."""
    state = app.state
    run = state.run
    while not run.game.over:
        type_row(app, lowest_consistent(run.game))
    rows = len(run.game.rows)
    settle(app, 1.5, dt=FRAME_S)  # the win flash; the next code starts on the same screen
    assert state.run is not run
    return rows


def test_blitz__two_codes_cracked_add_their_points_and_time(tmp_path):
    app = blitz_app(tmp_path)
    state = app.state
    mode = state.hooks
    first_secret = state.game.secret
    rows = [crack_code(app), crack_code(app)]
    run = mode.run
    assert (run.cracked, run.missed, run.code_number) == (2, 0, 2)
    assert run.score == points_for(rows[0]) + points_for(rows[1])
    assert run.time_left_s == DURATION_S + 2 * BONUS_S - run.elapsed_s
    assert state.game.secret == run.secret != first_secret and state.game.rows == ()
    assert mode.title(state) == "Blitz · code 3"
    elapsed = run.elapsed_s
    settle(app, 2.0, dt=FRAME_S)  # the clock runs while a code is played
    assert abs(mode.run.elapsed_s - elapsed - 2.0) < 1e-9


def test_blitz__time_up_ends_on_its_result_and_initials_go_in_the_blitz_table(tmp_path):
    app = blitz_app(tmp_path)
    crack_code(app)
    crack_code(app)
    score = app.state.hooks.run.score
    settle(app, DURATION_S + 2 * BONUS_S, dt=0.1)
    assert [type(s) for s in app.stack] == [BlitzResultState, InitialsOverlay]
    result = app.stack[0]
    assert (result.run.cracked, result.run.score, result.run.over) == (2, score, True)
    for letter in "BLZ":
        post(app, key(getattr(pygame, f"K_{letter.lower()}"), unicode=letter.lower()))
    post(app, key(pygame.K_RETURN))
    post(app, key(pygame.K_SPACE))  # the table with the new line, then back to the result
    assert app.state is result
    store = Store(tmp_path)
    tables = store.load_high_scores()
    assert [(e.initials, e.score, e.date) for e in tables["Blitz"].entries] == [("BLZ", score, "2026-11-23")]
    assert all(not tables[mode].entries for mode in ("Classic", "Super", "Expert", "Daily"))
    stats = load_blitz(store).stats
    assert (stats.runs, stats.best_score, stats.best_cracked, stats.total_cracked) == (1, score, 2, 2)
    assert store.load_stats() == {}  # Blitz codes are not Classic games
    assert store.load_kept() == {}  # the finished run is not offered again
    post(app, key(pygame.K_ESCAPE))
    assert isinstance(app.state, MenuState)


def test_blitz__a_code_given_up_scores_nothing_and_adds_no_time(tmp_path):
    app = blitz_app(tmp_path)
    state = app.state
    type_row(app, (0, 1, 2, 3))
    post(app, key(pygame.K_r))
    post(app, key(pygame.K_y))
    run = state.hooks.run
    assert (run.cracked, run.missed, run.score, run.time_limit_s) == (0, 1, 0, DURATION_S)
    assert state.game.rows == () and state.game.secret == run.secret


@pytest.mark.parametrize("given_up", [0, 1, 2])
def test_blitz__the_end_counts_the_codes_not_cracked_in_words_and_only_when_there_were_some(
    tmp_path, given_up
):
    app = blitz_app(tmp_path, tutorial_seen=True)
    for _ in range(given_up):
        type_row(app, (0, 1, 2, 3))
        post(app, key(pygame.K_r))
        post(app, key(pygame.K_y))
    settle(app, DURATION_S + 1, dt=0.1)
    result = app.stack[0]
    assert isinstance(result, BlitzResultState) and result.run.missed == given_up
    first = result.lines()[0][0]
    assert "missed" not in first and "0 code" not in first
    if given_up:
        assert f"{given_up} code{'s' if given_up > 1 else ''} not cracked" in first


def test_blitz__hint_solve_and_new_game_are_absent_and_their_keys_do_nothing(tmp_path):
    app = blitz_app(tmp_path)
    state = app.state
    assert not {"solve", "hint", "new"} & set(state.layout().buttons)
    for k in (pygame.K_s, pygame.K_n):
        post(app, key(k))
        assert app.state is state and state.game.rows == ()


def clock_box_colour(app: App) -> tuple[int, int, int]:
    rect = app.state.layout().item_rect("blitz")
    return tuple(app.surface.get_at((rect.x + 6, rect.bottom - 6)))[:3]


def clock_image(app: App) -> bytes:
    rect = app.state.layout().item_rect("blitz")
    return pygame.image.tobytes(app.surface.subsurface(rect), "RGB")


def test_blitz__the_clock_turns_urgent_in_the_last_ten_seconds(tmp_path):
    for reduced in (False, True):
        app = blitz_app(tmp_path / str(reduced), reduced_motion=reduced, tutorial_seen=True)
        mode = app.state.hooks
        settle(app, DURATION_S - 10.5, dt=0.1)
        app.step([], 0.0)
        assert not mode.run.is_urgent and clock_box_colour(app) != looks.DARK.urgent_fill
        settle(app, 1.0, dt=0.1)
        assert mode.run.is_urgent and clock_box_colour(app) == looks.DARK.urgent_fill
        # the figures change every tenth; between two draws at the same time left only the pulse can
        first = clock_image(app)
        mode.timeline.update(0.12)  # half a pulse later, same clock (the run's clock does not move)
        app.step([], 0.0)
        assert (clock_image(app) == first) == reduced


def test_blitz__the_urgent_clock_follows_the_look(tmp_path):
    """Each theme draws the urgent box in its own colours (a light theme's is light, not dark red)."""
    urgent = {}
    for name in looks.THEME_NAMES:
        app = blitz_app(tmp_path / name, theme=name, tutorial_seen=True)
        settle(app, DURATION_S - 9.5, dt=0.1)
        assert app.state.hooks.run.is_urgent
        urgent[name] = clock_box_colour(app)
    assert len(set(urgent.values())) == len(looks.THEME_NAMES)
    assert pal.relative_luminance(urgent["light"]) > pal.relative_luminance(urgent["dark"])
    assert urgent == {name: looks.THEMES[name].urgent_fill for name in looks.THEME_NAMES}


def test_blitz__a_run_left_is_offered_at_the_next_start_and_resumed_where_it_was(tmp_path):
    app = blitz_app(tmp_path)
    crack_code(app)
    type_row(app, (0, 0, 1, 1))
    run = app.state.hooks.run
    app.close()  # quitting keeps the run with its clock stopped
    again = App(size=(1024, 720), seed=5, store=Store(tmp_path), now=lambda: NOW)
    pygame.event.clear()
    assert again.state.kept(again.state.focus) is not None  # Enter resumes the kept game
    assert kept_lines(again) == ["Resume: Blitz · 1 cracked, clock stopped"]
    post(again, key(pygame.K_RETURN))
    state = again.state
    assert isinstance(state, PlayingState) and isinstance(state.hooks, BlitzHooks)
    resumed = state.hooks.run  # one frame (the one that resumed it) has run since
    assert (resumed.seed, resumed.cracked, resumed.score) == (run.seed, run.cracked, run.score)
    assert 0 < resumed.elapsed_s - run.elapsed_s <= 1 / 60 + 1e-9
    assert [r.guess for r in state.game.rows] == [(0, 0, 1, 1)]
    crack_code(again)  # the resumed code counts once, like any other
    assert (state.hooks.run.cracked, state.hooks.run.code_number) == (2, 2)


def test_blitz__p_pauses_with_the_board_hidden_and_the_clock_stopped_until_go_on(tmp_path):
    from game.screens.confirm import ConfirmOverlay

    app = blitz_app(tmp_path)
    state = app.state
    mode = state.hooks
    settle(app, 1.0, dt=FRAME_S)
    post(app, key(pygame.K_p), dt=FRAME_S)
    settle(app, 0.1, dt=FRAME_S)  # the pause comes up with the next update
    pause = app.state
    assert isinstance(pause, ConfirmOverlay) and pause.hides_below
    stopped = mode.run.elapsed_s
    settle(app, 20.0, dt=FRAME_S)  # twenty seconds away: the clock does not move
    assert mode.run.elapsed_s == stopped
    app.draw()
    board, card = state.layout().board, pause.layout().card.inflate(16, 16)  # the card and its shadow
    seen = {
        app.surface.get_at((x, y))[:3]
        for x in range(board.x, board.right, 6)
        for y in range(board.y, board.bottom, 6)
        if not card.collidepoint(x, y)
    }
    assert seen == {pal.BACKGROUND}  # the board is covered wherever the card is not
    post(app, key(pygame.K_RETURN), dt=FRAME_S)  # Go on has the focus
    assert app.state is state
    settle(app, 2.0, dt=FRAME_S)
    assert abs(mode.run.elapsed_s - stopped - 2.0) < 0.2


def test_blitz__a_pads_start_pauses_and_leave_keeps_the_run(tmp_path):
    from tests.screens import pad_driver as pad

    app = blitz_app(tmp_path)
    mode = app.state.hooks
    type_row(app, (0, 0, 1, 1))
    pad.press(app, pad.START)
    settle(app, 0.1, dt=FRAME_S)
    assert app.state.is_overlay and app.state.hides_below
    post(app, key(pygame.K_n), dt=FRAME_S)  # Leave (the run is kept)
    settle(app, 0.5, dt=FRAME_S)
    assert isinstance(app.state, MenuState)
    assert any(line.startswith("Resume: Blitz") for line in kept_lines(app)), kept_lines(app)
    assert mode.run.code_number == 0
