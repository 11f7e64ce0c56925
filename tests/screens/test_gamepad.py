"""Gamepads through the real app: controller and joystick events posted to pygame's queue, frame by
frame with an explicit dt, and nothing else (no key, no mouse). A whole Classic game from the menu
to the result, the initials entry, a two-player match with a pad each, pads plugged in and pulled
out mid-game, the stick's repeat timing, a bare joystick, and every menu entry entered and left."""

from __future__ import annotations

import pygame

from game.core.config import GameConfig
from game.core.duel import LEVELS
from game.core.state import Outcome
from game.modes.classic.hooks import ClassicHooks
from game.modes.duel.hooks import DuelHooks
from game.modes.duel.result import DuelResultState
from game.modes.duel.setup import DuelSetupState
from game.modes.match.scores import ScoreboardState
from game.modes.match.screens import HandOverState
from game.screens.codemaker import CodemakerState
from game.screens.confirm import ConfirmOverlay
from game.screens.highscores import InitialsOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.ui.layout import Button, PaletteItem
from tests.screens import pad_driver as pad
from tests.screens.driver import lowest_consistent, make_app, post, settle
from tests.screens.pad_driver import DOWN, LEFT, RB, RIGHT, START, UP, A, B, press, presses
from tests.screens.test_duel import until
from tests.screens.test_highscores import scores_app
from tests.ui.test_pads import reference_repeats

DIRECTIONS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}


def pad_walk(app, target: int, pad_id: int = 0) -> None:
    """Move the title screen's focus to entry `target` of its page with D-pad presses, along the
    shortest path its arrows allow (planned through the layout's own toward, then pressed for real)."""
    menu = app.state
    paths = {menu.focus: []}
    frontier = [menu.focus]
    while frontier and target not in paths:
        nxt = []
        for at in frontier:
            for button, (dx, dy) in DIRECTIONS.items():
                to = menu.layout().toward(at, dx, dy)
                if to not in paths:
                    paths[to] = paths[at] + [button]
                    nxt.append(to)
        frontier = nxt
    assert target in paths, f"{menu.entries[target].label} cannot be reached with the D-pad"
    for button in paths[target]:
        press(app, button, pad_id)
    assert menu.focus == target


def pad_to_entry(app, label: str, pad_id: int = 0) -> None:
    """Walk the title screen's focus to `label` with the D-pad (through the tile to its page if it is
    one level down) and press A."""
    menu = app.state
    assert isinstance(menu, MenuState)
    target = [entry.label for entry in menu.entries].index(label)
    page = menu.layout().page_of(target)
    if page != menu.page:
        pad_walk(app, menu.plan.nav_kept if page.startswith("kept") else menu.plan.nav_more, pad_id)
        press(app, A, pad_id)
        for _ in range(len(menu.layout().pages.names)):  # a page that is full flows onto the next
            if menu.page == page:
                break
            press(app, RB, pad_id)
        assert menu.page == page
    pad_walk(app, target, pad_id)
    press(app, A, pad_id)


def pad_row(app, code, pad_id: int = 0) -> None:
    """Build `code` on the playing screen as a pad player does: Left to the palette, Up/Down to the
    colour, A to choose it (the focus goes back to the row's next empty slot), A to place it."""
    state = app.state
    for colour in code:
        for _ in range(state.config.pegs + 1):
            if not state.focus.on_row:
                break
            press(app, LEFT, pad_id)
        for _ in range(state.config.colours):
            at = state.focus.at
            assert isinstance(at, PaletteItem)
            if at.colour == colour:
                break
            press(app, DOWN if at.colour < colour else UP, pad_id)
        press(app, A, pad_id)  # choose
        press(app, A, pad_id)  # place
    assert state.run.draft == list(code)


def play_by_pad(app, pad_id: int = 0) -> list[tuple[int, ...]]:
    state = app.state
    guesses = []
    while isinstance(app.state, PlayingState) and not state.game.over:
        guess = lowest_consistent(state.game)
        pad_row(app, guess, pad_id)
        press(app, START, pad_id)
        guesses.append(guess)
        settle(app, 1.0)
    settle(app, 2.5)
    return guesses


def test_gamepad__classic_game_won_from_the_menu_to_the_result_with_a_pad_alone() -> None:
    app = make_app(seed=3)
    pad_to_entry(app, "Classic")
    playing = app.state
    assert isinstance(playing, PlayingState) and playing.config == GameConfig(4, 6)
    guesses = play_by_pad(app)
    result = app.state
    assert isinstance(result, ResultState) and result.game.outcome is Outcome.WON
    assert [tuple(row.guess) for row in result.game.rows] == guesses
    press(app, B)  # the result screen's Escape: the menu
    assert isinstance(app.state, MenuState)


def test_gamepad__initials_entered_with_a_pad_go_in_the_table(tmp_path) -> None:
    app = scores_app(tmp_path)
    pad_to_entry(app, "Classic")
    play_by_pad(app)
    for _ in range(20):  # the win lands (count-up, streak, celebration) before the initials are asked
        if isinstance(app.state, InitialsOverlay):
            break
        settle(app, 0.5)
    entry = app.state
    assert isinstance(entry, InitialsOverlay) and entry.score > 0
    presses(app, UP, UP, RIGHT, DOWN, RIGHT, UP)  # C, Z, B
    assert entry.editor.initials == "CZB"
    press(app, A)
    assert entry.stored
    press(app, A)  # any button leaves the table
    assert isinstance(app.state, ResultState)
    assert Store(tmp_path).load_high_scores()["Classic"].entries[0].initials == "CZB"


def test_gamepad__two_players_each_play_their_own_roles_with_their_own_pad() -> None:
    one, two = 10, 11  # instance ids: the first pad seen is player 1's
    app = make_app(seed=5)
    pad_to_entry(app, "Two players", one)
    press(app, START, one)  # the setup's Enter: default names, 2 rounds
    handover = app.state
    assert isinstance(handover, HandOverState) and handover.match.maker == 0
    press(app, A, two)  # player 2 must look away: their pad does not go on for player 1
    assert app.state is handover
    press(app, A, one)
    maker = app.state
    assert isinstance(maker, CodemakerState)
    press(app, RB, two)
    assert maker.secret == [None] * 4  # the breaker's pad cannot touch the code
    secret = (2, 0, 5, 1)
    for colour in secret:  # the codemaker's shoulder steps the colour at the cursor
        for _ in range(colour + 1):
            press(app, RB, one)
        press(app, RIGHT, one)
    assert tuple(maker.secret) == secret
    press(app, START, one)
    to_breaker = app.state
    assert isinstance(to_breaker, HandOverState) and to_breaker.secret == secret
    press(app, A, one)
    assert app.state is to_breaker  # now only the breaker goes on
    press(app, A, two)
    round_ = app.state
    assert isinstance(round_, PlayingState) and round_.pad_owner() == 1
    press(app, UP, one)  # the codemaker's pad is ignored on the breaker's board
    assert round_.run.draft == [None] * 4
    pad_row(app, (2, 0, 5, 5), two)
    press(app, START, two)
    settle(app, 1.0)
    assert len(round_.game.rows) == 1
    pad_row(app, secret, two)
    press(app, START, two)
    settle(app, 3.0)
    scores = app.state
    assert isinstance(scores, ScoreboardState)
    result = scores.match.results[0]
    assert (result.guesses, result.cracked, scores.match.totals) == (2, True, (2, 0))


def test_gamepad__pads_plugged_in_and_pulled_out_mid_game_are_taken_up_and_dropped() -> None:
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    run = app.state.run
    post(app, pad.added(0))  # the dummy driver has no device 0: named, and the game goes on
    assert any("device 0" in t and "could not be opened" in t for t in app.session.notices.texts)
    post(app, pad.button_down(RIGHT, pad=4))  # a pad that speaks is taken up and acts at once
    assert run.cursor == 1 and "Gamepad connected: player 1" in app.session.notices.texts
    post(app, pad.removed(4))  # pulled out with the D-pad still held
    assert "Gamepad removed: player 1" in app.session.notices.texts
    settle(app, 2.0, dt=0.05)
    assert run.cursor == 1  # its held direction went with it: no repeats
    assert app.pads.pads == {}
    post(app, pad.button_down(UP, pad=5), pad.button_up(UP, pad=5))
    assert run.draft[1] == 0 and app.pads.pads[5].seat == 0  # the next pad is player 1 again
    settle(app, 4.0, dt=0.1)
    assert app.session.notices.texts == []  # short notices: gone within seconds


def test_gamepad__stick_repeat_follows_a_keyboards_delay_with_explicit_dt() -> None:
    app = make_app()
    menu = app.state
    steps: list[tuple[int, int]] = []
    real_step = menu.step
    menu.step = lambda dx, dy: steps.append((dx, dy)) or real_step(dx, dy)  # counts the Downs it is given
    dt = 1 / 60
    post(app, pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 30000, pad=2), dt=dt)
    frames = 1
    assert steps == [(0, 1)]
    while frames * dt < 1.5:
        app.step([], dt)
        frames += 1
        assert steps == [(0, 1)] * reference_repeats(frames * dt), frames
    post(app, pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 8000, pad=2), dt=dt)  # back in the dead zone
    stopped = len(steps)
    settle(app, 1.0, dt=dt)
    assert len(steps) == stopped


def test_gamepad__a_bare_joystick_plays_with_its_hat_and_buttons() -> None:
    app = make_app(seed=4)
    menu = app.state
    target = [entry.label for entry in menu.entries].index("Classic")
    for _ in range(abs(target - menu.focus)):
        pad.joy_hat(app, (0, -1) if menu.focus < target else (0, 1), joy=3)
    pad.joy_button(app, 0, joy=3)  # A
    state = app.state
    assert isinstance(state, PlayingState)
    for colour in (0, 0, 1, 1):  # the hat's Up steps the colour in the slot, Right moves on
        for _ in range(colour + 1):
            pad.joy_hat(app, (0, 1), joy=3)
        pad.joy_hat(app, (1, 0), joy=3)
    assert state.run.draft == [0, 0, 1, 1]
    pad.joy_button(app, 7, joy=3)  # Start
    assert len(state.game.rows) == 1


def test_gamepad__playing_b_backs_out_one_step_at_a_time() -> None:
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    run = state.run
    presses(app, LEFT, DOWN, A)  # colour 2 chosen, the focus back on the row
    assert run.selected == 1 and state.focus.on_row
    press(app, A)
    assert run.draft == [1, None, None, None] and run.cursor == 1
    press(app, B)  # the chosen colour first
    assert run.selected is None and run.draft[0] == 1
    presses(app, RIGHT, RIGHT, RIGHT)  # past the last slot: the buttons
    assert state.focus.at == Button("submit")
    press(app, B)  # then the focus, back to the row
    assert state.focus.on_row
    press(app, B)  # then the last change to the row
    assert run.draft == [None] * 4
    press(app, B)  # then the menu (a game with nothing on it is not kept: no question)
    assert isinstance(app.state, MenuState)


def test_gamepad__x_rules_out_the_focused_colour_y_asks_for_a_hint_back_opens_the_menu() -> None:
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    state = app.state
    presses(app, LEFT, DOWN, DOWN, pad.X)
    assert state.run.ruled_out == {2}
    press(app, pad.X)
    assert state.run.ruled_out == frozenset()
    press(app, pad.Y)
    assert type(app.state).__name__ == "HintOverlay"
    press(app, B)
    assert app.state is state
    press(app, RB)  # a peg on the row: the game is worth keeping
    press(app, pad.BACK)
    assert isinstance(app.state, ConfirmOverlay)  # leave it kept, or abandon it
    press(app, B)  # the question's Escape: back to the game
    assert app.state is state and state.run.draft[0] == 0


def test_gamepad__shoulders_change_the_colour_at_the_cursor_and_a_picks_a_peg_up() -> None:
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    run = app.state.run
    presses(app, RB, RB, RB, pad.LB)  # colours 1, 2, 3, then back to 2
    assert run.draft == [1, None, None, None]
    press(app, A)  # nothing chosen: the peg there is picked up
    assert run.selected == 1 and run.draft == [None] * 4
    presses(app, RIGHT, RIGHT, A)  # and put down two slots on
    assert run.draft == [None, None, 1, None]


def test_gamepad__every_menu_entry_is_entered_and_left_with_a_pad() -> None:
    labels = [entry.label for entry in MenuState().entries if entry.group != "Nav"]
    for label in labels:
        app = make_app(seed=1)
        pad_to_entry(app, label)
        settle(app, 0.2)
        if label == "Quit":
            assert not app.running
            continue
        assert not isinstance(app.state, MenuState) or len(app.stack) > 1, label
        for _ in range(8):  # B (or Back) leaves; a question to leave a game is answered with A
            if isinstance(app.state, MenuState) and len(app.stack) == 1:
                break
            press(app, A if isinstance(app.state, ConfirmOverlay) else B)
            settle(app, 0.2)
        assert isinstance(app.state, MenuState) and len(app.stack) == 1, label


def test_gamepad__the_page_one_level_down_is_opened_and_left_with_a_pad() -> None:
    app = make_app(seed=1)
    menu = app.state
    pad_walk(app, menu.plan.nav_more)
    press(app, A)
    assert menu.page != "top"
    shown = [menu.entries[i].group for i in menu.layout().shown()]
    assert {"Versus", "Computer", "Puzzles"} <= set(shown)
    press(app, B)  # back a page, never out of the game
    assert menu.page == "top" and app.running and menu.focus == menu.plan.nav_more


def test_gamepad__the_controls_help_draws_pad_glyphs_beside_the_keys() -> None:
    app = make_app(size=(1280, 800))
    pad_to_entry(app, "Help")
    press(app, RIGHT)  # the Controls page
    drawn: list[str] = []
    real_draw = app.text.draw
    app.text.draw = lambda surface, line, *a, **k: drawn.append(line) or real_draw(surface, line, *a, **k)
    app.state.draw(app.surface)
    del app.text.draw
    for glyph in ("A", "Y", "LB", "RB", "Start", "Back"):  # letters no key cap of the page shows
        assert glyph in drawn, glyph


def test_gamepad__a_duel_is_set_up_played_and_left_with_a_pad() -> None:
    app = make_app(seed=8)
    pad_to_entry(app, "Duel", pad_id=42)
    setup = app.state
    assert isinstance(setup, DuelSetupState)
    level = setup.level
    press(app, LEFT, 42)  # the level, as Left does
    assert setup.level == (level - 1) % len(LEVELS)
    press(app, START, 42)
    duel = app.state
    assert isinstance(duel, PlayingState) and isinstance(duel.hooks, DuelHooks)
    for _ in range(duel.config.turns):
        if not isinstance(app.state, PlayingState) or duel.game.over:
            break
        pad_row(app, lowest_consistent(duel.game), 42)
        press(app, START, 42)
        until(app, lambda: isinstance(app.state, DuelResultState) or not duel.hooks.refuse("submit", duel))
    until(app, lambda: isinstance(app.state, DuelResultState))
    result = app.state
    assert isinstance(result, DuelResultState) and result.player.guesses >= 1
    press(app, B, 42)
    assert isinstance(app.state, MenuState)
