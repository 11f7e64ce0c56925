"""The Daily code through the real app: from the menu to a won game and its share text (copied), a
second attempt the same day refused, a half-played daily kept for its own day only, Solve, Hint and
New game absent, and a platform without a clipboard told so on screen."""

from __future__ import annotations

import datetime as dt
import gc

import pygame
import pytest

from game.app import App
from game.core.codes import score
from game.core.daily import DAILIES, daily_config, daily_secret
from game.modes.daily.book import load_daily
from game.modes.daily.hooks import DailyHooks
from game.modes.daily.result import DailyResultState
from game.modes.daily.screens import DailyState
from game.screens.highscores import InitialsOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.stats import StatsState
from game.store import Store
from game.ui.looks import THEME_NAMES, THEMES
from tests.screens.driver import choose_entry, font_spy, key, lowest_consistent, post, settle

DAY = dt.date(2026, 11, 23)
NOON = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def release_apps():
    """Collect each test's apps when it ends: an app's cached fonts hold open files until its
    reference cycles are collected, and a long run would otherwise pile up hundreds of them."""
    yield
    gc.collect()


class Clock:
    """A calendar the test moves by hand."""

    def __init__(self, now: dt.datetime = NOON) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


def daily_app(tmp_path, clock: Clock | None = None) -> App:
    app = App(size=(1024, 720), seed=11, store=Store(tmp_path), now=clock or Clock())
    pygame.event.clear()
    return app


def open_menu_entry(app: App, label: str) -> None:
    assert isinstance(app.state, MenuState)
    choose_entry(app, label)


def type_row(app: App, code) -> None:
    for colour in code:
        post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))
    post(app, key(pygame.K_RETURN))
    settle(app, 1.0)


def play_to_the_end(app: App) -> list[tuple[int, ...]]:
    """Play the careful player's guesses by keyboard until the game ends; the guesses played."""
    state = app.state
    guesses = []
    while not state.game.over:
        guess = lowest_consistent(state.game)
        guesses.append(guess)
        type_row(app, guess)
    settle(app, 7.0)  # the finish, then the ending landing (a win's score, streak, celebration)
    return guesses


def expected_share(day: dt.date, preset: str, guesses, won: bool) -> str:
    """The share text written out from the rules: header, then ● per black, ○ per white, · empty."""
    config = daily_config(preset)
    secret = daily_secret(day, preset)
    lines = [
        "Mastermind Arcade Daily",
        f"{day.isoformat()} {preset} {len(guesses) if won else 'X'}/{config.turns}",
    ]
    for guess in guesses:
        black, white = score(guess, secret)
        lines.append("●" * black + "○" * white + "·" * (config.pegs - black - white))
    return "\n".join(lines)


def test_daily__won_from_the_menu_shows_the_exact_share_text_and_copies_it(tmp_path):
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    assert isinstance(app.state, DailyState)
    post(app, key(pygame.K_RETURN))  # Daily Classic has the focus
    playing = app.state
    assert isinstance(playing, PlayingState) and isinstance(playing.hooks, DailyHooks)
    assert playing.game.secret == daily_secret(DAY, "Classic") == (0, 2, 3, 0)
    guesses = play_to_the_end(app)
    assert playing.game.rows[-1].feedback.black == 4
    assert [type(s) for s in app.stack] == [DailyResultState, InitialsOverlay]
    post(app, key(pygame.K_ESCAPE))  # no initials this time
    result = app.state
    share = expected_share(DAY, "Classic", guesses, won=True)
    assert result.share == share
    assert pygame.scrap.get_text() == share and result.copied
    assert not any(ch.isdigit() for line in share.split("\n")[2:] for ch in line)  # marks only, no colours
    app.draw()
    assert any("Copied to the clipboard" in line for line, _ in result.lines())
    book = load_daily(Store(tmp_path))
    assert book.streaks("Classic", DAY)[0] == 1 and not book.can_play("Classic", DAY)
    assert book.can_play("Super", DAY)
    assert Store(tmp_path).load_stats() == {}  # the daily keeps its own record


@pytest.mark.parametrize("size", [(640, 480), (1024, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_daily__the_cards_name_their_codes_at_one_size(tmp_path, size):
    """Five cards side by side: a long name (Bulls and Cows) wraps, and every name is set in the one
    size all of them fit, not the short ones larger."""
    app = App(size=size, seed=11, store=Store(tmp_path), now=Clock())
    pygame.event.clear()
    open_menu_entry(app, "Daily code")
    assert isinstance(app.state, DailyState)
    names = {word for name in DAILIES for word in name.split()}
    sizes = {shown.px for shown in font_spy(app) if shown.text.split() and set(shown.text.split()) <= names}
    assert len(sizes) == 1, sizes


def test_daily__a_card_names_its_game_once(tmp_path):
    """Bulls and Cows' card: the name on top, the size below without the name again."""
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    texts = [shown.text for shown in font_spy(app)]
    assert sum("Bulls" in text for text in texts) == 1, texts
    assert any(text.startswith("4 digits") for text in texts), texts


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_daily__the_end_card_shows_its_marks_on_the_grading_panel(tmp_path, theme):
    """The share grid's marks stand on the light panel the board grades on: a black mark never
    vanishes into a dark card (the night theme's true black)."""
    app = App(size=(1024, 720), seed=11, store=Store(tmp_path), now=Clock(), settings={"theme": theme})
    pygame.event.clear()
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    play_to_the_end(app)
    post(app, key(pygame.K_ESCAPE))  # no initials
    settle(app, 2.0)
    result = app.state
    assert isinstance(result, DailyResultState)
    app.draw()
    side = result.layout().side
    seen = {
        tuple(app.surface.get_at((x, y)))[:3]
        for x in range(side.left, side.right, 2)
        for y in range(side.top, side.bottom, 2)
    }
    assert THEMES[theme].grade_area in seen


def test_daily__second_attempt_the_same_day_is_refused_showing_the_result(tmp_path):
    clock = Clock()
    app = daily_app(tmp_path, clock)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    guesses = play_to_the_end(app)
    post(app, key(pygame.K_ESCAPE))  # skip initials
    post(app, key(pygame.K_RETURN))  # result -> menu
    assert isinstance(app.state, MenuState)
    clock.now += dt.timedelta(hours=11, minutes=59)  # 23:59 UTC, still the same day
    open_menu_entry(app, "Daily code")
    assert app.state.status("Classic")[1] == "See result"
    post(app, key(pygame.K_RETURN))
    refused = app.state
    assert isinstance(refused, DailyResultState) and refused.refused
    assert refused.verdict() == "One attempt a day: today's Classic code is played"
    assert refused.share == expected_share(DAY, "Classic", guesses, won=True)
    assert not any(isinstance(s, PlayingState) for s in app.stack)
    app.draw()
    post(app, key(pygame.K_ESCAPE))
    clock.now += dt.timedelta(minutes=2)  # past midnight: the next day's code can be played
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    assert isinstance(app.state, PlayingState)
    assert app.state.game.secret == daily_secret(DAY + dt.timedelta(days=1), "Classic")


def test_daily__left_half_played_is_kept_for_its_own_day_only(tmp_path):
    clock = Clock()
    app = daily_app(tmp_path, clock)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_TAB))  # Super
    post(app, key(pygame.K_RETURN))
    playing = app.state
    assert playing.config == daily_config("Super")
    type_row(app, (0, 0, 1, 1, 2))
    post(app, key(pygame.K_ESCAPE))  # Menu asks; leaving keeps it for today
    post(app, key(pygame.K_RETURN))
    assert isinstance(app.state, MenuState)
    store = Store(tmp_path)
    assert store.load_kept() == {}  # kept in daily.json with its day, apart from the other kept games
    assert len(load_daily(store).game_for("Super", DAY).game.rows) == 1
    open_menu_entry(app, "Daily code")
    assert app.state.status("Super")[1] == "Resume"
    post(app, key(pygame.K_TAB))
    post(app, key(pygame.K_RETURN))
    assert [row.guess for row in app.state.game.rows] == [(0, 0, 1, 1, 2)]
    post(app, key(pygame.K_ESCAPE))
    post(app, key(pygame.K_RETURN))
    clock.now += dt.timedelta(days=1)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_TAB))
    post(app, key(pygame.K_RETURN))
    assert app.state.game.rows == () and app.state.game.secret == daily_secret(DAY + dt.timedelta(1), "Super")


def test_daily__solve_hint_and_new_game_are_absent_and_their_keys_do_nothing(tmp_path):
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    playing = app.state
    buttons = playing.layout().buttons
    assert {"submit", "clear", "undo", "reveal"} <= set(buttons)
    assert not {"solve", "hint", "new"} & set(buttons)
    for k in (pygame.K_s, pygame.K_n, pygame.K_r):  # R too: nothing is on the board yet
        post(app, key(k))
        assert app.state is playing
    type_row(app, (1, 1, 1, 1))
    post(app, key(pygame.K_r))
    assert app.state is not playing  # Reveal asks now that a row is played
    post(app, key(pygame.K_y))
    settle(app, 0.5)
    result = app.state
    assert isinstance(result, DailyResultState) and not result.won
    assert result.share.split("\n")[1] == "2026-11-23 Classic X/10"
    assert not load_daily(Store(tmp_path)).can_play("Classic", DAY)


def test_daily__without_a_clipboard_the_screen_says_to_copy_by_hand(tmp_path, monkeypatch):
    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard on this platform")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    play_to_the_end(app)
    post(app, key(pygame.K_ESCAPE))
    result = app.state
    assert not result.copied
    assert ("No clipboard here: copy the text by hand", (255, 190, 120)) in result.lines()
    post(app, key(pygame.K_c))  # trying again still says so, and nothing breaks
    assert not result.copied


def test_daily__streak_shows_in_statistics(tmp_path):
    app = daily_app(tmp_path)
    open_menu_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))
    play_to_the_end(app)
    post(app, key(pygame.K_ESCAPE))
    post(app, key(pygame.K_RETURN))
    open_menu_entry(app, "Statistics")
    stats = app.state
    assert isinstance(stats, StatsState)
    rows, _ = stats.mode_figures["Daily"]
    assert ("Classic streak", "1") in rows and ("Classic best streak", "1") in rows
    while stats.key != "Daily":
        post(app, key(pygame.K_RIGHT))
    app.draw()
