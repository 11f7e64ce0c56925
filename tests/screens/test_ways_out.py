"""Every screen shows its way on, and a refusal says why, through real events: the high-score table
after the initials has a Continue button that works; the Daily archive's - and + at either end
(#1, yesterday's) stay put and say why; Esc on the title screen asks before the game closes."""

from __future__ import annotations

import pygame

from game.core.daily import daily_number_day
from game.modes.daily.archive import ArchiveState
from game.screens.confirm import ConfirmOverlay
from game.screens.highscores import CONTINUE, InitialsOverlay
from game.screens.menu import MenuState
from game.screens.result import ResultState
from game.ui.highscores_view import InitialsLayout
from tests.screens.driver import click, drawn_lines, font_spy, key, make_app, post, press_key
from tests.screens.test_daily import release_apps  # noqa: F401  (an autouse fixture)
from tests.screens.test_daily_archive_screen import TODAY, YESTERDAY, archive_app, type_text
from tests.screens.test_highscores import scores_app, win_classic


def test_ways_out__the_table_after_the_initials_shows_continue_and_a_click_on_it_continues(tmp_path):
    app = scores_app(tmp_path)
    win_classic(app)
    assert isinstance(app.state, InitialsOverlay)
    post(app, key(pygame.K_RETURN))  # the initials as they stand
    entry = app.state
    assert entry.stored
    layout = InitialsLayout(app.size)
    drawn = font_spy(app)
    button = [d.rect for d in drawn if d.text == CONTINUE]
    assert button and layout.ok.contains(button[0])  # in sight, on its button
    table = [d.rect for d in drawn if d.text != CONTINUE and d.rect.colliderect(layout.ok)]
    assert table == []  # the table never covers it
    click(app, layout.ok.center)
    assert isinstance(app.state, ResultState)


def test_ways_out__the_archive_says_why_a_step_past_either_end_goes_nowhere():
    app = archive_app()
    state = app.state
    assert isinstance(state, ArchiveState) and state.day == YESTERDAY
    press_key(app, pygame.K_RIGHT)  # past yesterday: today's is the Daily code itself
    assert state.day == YESTERDAY and "today's code is the Daily code itself" in state.error
    assert any("newest" in line for line in drawn_lines(app))
    type_text(app, "2")
    press_key(app, pygame.K_RETURN)
    assert state.error == "" and state.day == daily_number_day(2)
    click(app, state.layout().minus.center)  # to #1
    assert state.error == ""
    click(app, state.layout().minus.center)  # and before it: there is none
    assert state.day == daily_number_day(1) and "is the first" in state.error
    assert any("is the first" in line for line in drawn_lines(app))
    click(app, state.layout().plus.center)  # a step that goes somewhere clears the reason
    assert state.error == "" and state.day < TODAY


def test_ways_out__esc_on_the_title_asks_and_quits_only_when_told():
    app = make_app(size=(800, 600))
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, ConfirmOverlay) and app.running
    press_key(app, pygame.K_n)  # Stay
    assert isinstance(app.state, MenuState) and app.running
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_y)  # Quit
    assert not app.running
