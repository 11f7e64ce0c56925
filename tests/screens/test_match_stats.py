"""The Two players statistics through the real app: a match played to its final score is counted once
in its own Statistics tab (matches, decided, ties, the highest total, the longest match), and a second
match adds to the same record, read back from the store."""

from __future__ import annotations

import pygame

from game.modes.match.hooks import MATCH_KEY
from game.modes.match.setup import MatchSetupState
from game.screens.menu import MenuState
from game.screens.stats import StatsState
from tests.screens.driver import click, press_key, settle
from tests.screens.test_match import (
    continue_hand_over,
    play_code,
    set_secret_by_drag,
    type_text,
    until_scoreboard,
)
from tests.screens.test_stats_session import click_menu_entry, new_app


def start_match(app, names: tuple[str, str] | None = None, rounds_right: int = 0) -> None:
    click_menu_entry(app, "Two players")
    assert isinstance(app.state, MatchSetupState)
    if names is not None:
        type_text(app, names[0])
        press_key(app, pygame.K_TAB)
        type_text(app, names[1])
    for _ in range(2 if names is None else 1):  # on to the rounds row
        press_key(app, pygame.K_TAB)
    for _ in range(rounds_right):
        press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RETURN)


def open_two_players_tab(app) -> list[tuple[str, str]]:
    click_menu_entry(app, "Statistics")
    stats = app.state
    assert isinstance(stats, StatsState)
    click(app, stats.layout().tabs[stats.keys.index(MATCH_KEY)].center)
    assert stats.key == MATCH_KEY
    app.draw()
    rows, _ = stats.mode_figures[MATCH_KEY]
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    return rows


def test_match_stats__a_match_counts_once_and_a_second_adds_to_the_record(tmp_path):
    app = new_app(tmp_path)
    start_match(app, ("Ann", "Bob"))
    # Ann's code cracked in 2 (Ann 2); Bob's code given up after three rows (Bob 11)
    continue_hand_over(app, "Pass to Ann; Bob, look away")
    set_secret_by_drag(app, (1, 2, 3, 4))
    continue_hand_over(app, "Pass to Bob: break the code")
    play_code(app, (0, 0, 0, 0))
    play_code(app, (1, 2, 3, 4))
    until_scoreboard(app)
    press_key(app, pygame.K_RETURN)
    continue_hand_over(app, "Pass to Bob; Ann, look away")
    set_secret_by_drag(app, (5, 5, 0, 1))
    continue_hand_over(app, "Pass to Ann: break the code")
    for code in ((0, 0, 1, 1), (2, 2, 3, 3), (4, 4, 5, 5)):
        play_code(app, code)
        settle(app, 1.0)
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)
    board = until_scoreboard(app)
    assert board.match.totals == (2, 11)
    settle(app, 0.5)  # frames on the final scoreboard do not count the match again
    press_key(app, pygame.K_ESCAPE)

    rows = open_two_players_tab(app)
    assert rows == [
        ("Matches", "1"),
        ("Decided", "1"),
        ("Ties", "0"),
        ("Highest total", "11"),
        ("Longest match", "2 rounds"),
    ]

    # a 4-round match with default names where every code is cracked at once: 2 all
    start_match(app, rounds_right=1)
    names = ("Player 1", "Player 2")
    for r in range(4):
        maker, breaker = names[r % 2], names[1 - r % 2]
        continue_hand_over(app, f"Pass to {maker}; {breaker}, look away")
        set_secret_by_drag(app, (0, 1, 2, 3))
        continue_hand_over(app, f"Pass to {breaker}: break the code")
        play_code(app, (0, 1, 2, 3))
        board = until_scoreboard(app)
        press_key(app, pygame.K_ESCAPE if board.match.over else pygame.K_RETURN)
    assert board.match.totals == (2, 2) and board.match.winner() is None

    rows = open_two_players_tab(app)
    assert rows == [
        ("Matches", "2"),
        ("Decided", "1"),
        ("Ties", "1"),
        ("Highest total", "11"),
        ("Longest match", "4 rounds"),
    ]
    assert app.store.load_stats()[MATCH_KEY].games == 2  # the store's statistics, not a second file
