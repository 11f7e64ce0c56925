"""Game numbers through the real app: the result screen shows a game's number, Play by number (typed
key by key) starts that very game, Same code again restarts it; a mistyped number is refused with
its reason; a game played by number is for fun (never counted, never kept)."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import preset
from game.core.gamenumber import ALPHABET, game_number, parse_game_number
from game.modes.classic.number import NumberState
from game.screens.base import go
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from tests.screens.driver import (
    choose_entry,
    drawn_lines,
    key,
    lowest_consistent,
    make_app,
    post,
    press_key,
    settle,
    type_code,
)

CLASSIC = preset("Classic").config()


def type_text(app: App, text: str) -> None:
    for char in text:
        code = pygame.key.key_code(char.lower()) if char != " " else pygame.K_SPACE
        post(app, key(code, unicode=char))


def revealed_classic(app: App) -> tuple:
    """Play one row of a Classic game from the menu, then give up: the result screen, and the secret."""
    choose_entry(app, "Classic")
    state = app.state
    secret = state.game.secret
    type_code(app, (0, 0, 1, 1) if secret != (0, 0, 1, 1) else (2, 2, 3, 3))
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)  # the confirm's yes: reveal
    settle(app, 1.0)
    assert isinstance(app.state, ResultState)
    return app.state, secret


def test_game_number__round_trip_through_the_result_screen_and_play_by_number() -> None:
    app = make_app(seed=21)
    result, secret = revealed_classic(app)
    number = result.number
    assert f"Game number {number}" in drawn_lines(app)
    assert parse_game_number(number) == (CLASSIC, secret)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    choose_entry(app, "Play by number")
    assert isinstance(app.state, NumberState)
    # typed the forgiving way: lower case, a dash in the middle
    type_text(app, number[:2].lower() + "-" + number[2:].lower())
    assert "Classic · 4 pegs × 6 colours · 10 turns" in drawn_lines(app)
    press_key(app, pygame.K_RETURN)
    played = app.state
    assert isinstance(played, PlayingState)
    assert played.config == CLASSIC and played.game.secret == secret and not played.game.rows
    assert played.hooks.title(played) == f"Game {number} · Classic"


def test_game_number__same_code_again_restarts_the_game_just_played() -> None:
    app = make_app(seed=22)
    result, secret = revealed_classic(app)
    number = result.number
    press_key(app, pygame.K_s)
    again = app.state
    assert isinstance(again, PlayingState) and again.game.secret == secret and not again.game.rows
    type_code(app, secret)
    press_key(app, pygame.K_RETURN)
    settle(app, 4.0)
    assert isinstance(app.state, ResultState) and app.state.number == number  # the same game, again


def test_game_number__a_mistyped_number_is_refused_with_its_reason() -> None:
    app = make_app(seed=23)
    result, _ = revealed_classic(app)
    number = result.number
    wrong = ALPHABET[(ALPHABET.index(number[1]) + 1) % len(ALPHABET)]
    mistyped = number[0] + wrong + number[2:]
    app.apply(go("by_number"))
    type_text(app, mistyped)
    press_key(app, pygame.K_RETURN)
    screen = app.state
    assert isinstance(screen, NumberState)  # not started
    assert "a character is mistyped or two are swapped" in screen.error
    assert any("is not a game number" in line for line in drawn_lines(app))
    press_key(app, pygame.K_BACKSPACE)
    assert screen.error == ""  # typing again clears the complaint


def test_game_number__m_types_an_m_on_the_number_screen_and_does_not_mute() -> None:
    app = make_app(seed=24, settings={"sound": True})
    app.apply(go("by_number"))
    post(app, key(pygame.K_m, unicode="m"))
    assert app.state.typed == "M" and app.settings.sound is True
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_m)  # anywhere else M still mutes
    assert app.settings.sound is False


def test_game_number__a_game_played_by_number_is_never_counted_or_kept(tmp_path) -> None:
    number = "211TR"  # Classic, 1 1 1 1
    config, secret = parse_game_number(number)
    app = App(size=(1024, 720), seed=2, store=Store(tmp_path), start=go("numbered", number=number))
    pygame.event.clear()
    state = app.state
    assert isinstance(state, PlayingState) and state.game.secret == secret
    type_code(app, (0, 1, 2, 3))
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    assert Store(tmp_path).load_kept() == {}  # nothing kept: a numbered game is one sitting
    while not state.game.over:
        type_code(app, lowest_consistent(state.game))
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    settle(app, 4.0)
    assert isinstance(app.state, ResultState) and app.state.points == 0
    app.close()
    assert Store(tmp_path).load_stats() == {} and Store(tmp_path).load_kept() == {}


def test_game_number__a_pasted_number_with_a_trailing_newline_plays_that_game() -> None:
    secret = (5, 0, 3, 3)
    number = game_number(CLASSIC, secret)
    pygame.scrap.put_text(f" {number}\n")  # as copied from a chat line
    app = make_app(seed=24)
    app.apply(go("by_number"))
    post(app, key(pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="\x16"))
    assert app.state.typed == number
    press_key(app, pygame.K_RETURN)
    played = app.state
    assert isinstance(played, PlayingState) and played.game.secret == secret and played.config == CLASSIC


def test_game_number__pasting_nothing_says_so_and_keeps_what_was_typed() -> None:
    pygame.scrap.put_text("\n")
    app = make_app(seed=25)
    app.apply(go("by_number"))
    type_text(app, "21")
    post(app, key(pygame.K_v, mod=pygame.KMOD_RCTRL, unicode="\x16"))
    screen = app.state
    assert screen.typed == "21" and screen.error == "Nothing to paste"
    assert "Nothing to paste" in drawn_lines(app)
