"""Two players at one screen through the real app: names typed, the look-away screens, secrets set by
drag-and-drop on the codemaker screen, the breaker's guesses on the playing screen, the scoreboard
after each round and the final score, plus resume of a round left half-played."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.match import new_match
from game.modes.match.hooks import MatchRoundHooks, MatchSecretHooks
from game.modes.match.scores import ScoreboardState
from game.modes.match.screens import HandOverState
from game.modes.match.setup import MatchSetupState
from game.screens.codemaker import CodemakerState
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import click, drag, kept_lines, key, make_app, post, press_key, settle


def type_text(app, text: str) -> None:
    for ch in text:
        post(app, key(getattr(pygame, f"K_{ch.lower()}", pygame.K_SPACE), unicode=ch))


def play_code(app, code) -> None:
    for colour in code:
        post(app, key(pygame.K_1 + colour))
    press_key(app, pygame.K_RETURN)


def set_secret_by_drag(app, code) -> None:
    state = app.state
    assert isinstance(state, CodemakerState) and isinstance(state.hooks, MatchSecretHooks)
    layout = state.layout()
    for col, colour in enumerate(code):
        drag(app, layout.palette_rect(colour).center, layout.secret_slot_rect(col).center)
    assert state.secret == list(code)
    click(app, layout.button_rect("start").center)


def continue_hand_over(app, expected: str) -> None:
    state = app.state
    assert isinstance(state, HandOverState)
    assert state.lines()[1] == expected
    click(app, state.layout().button.center)


def until_scoreboard(app) -> ScoreboardState:
    for _ in range(300):
        if isinstance(app.state, ScoreboardState):
            return app.state
        app.step([], 1 / 30)
    raise AssertionError("the round never ended")


def test_match__two_rounds_from_the_menu_to_the_final_score():
    app = make_app()
    labels = [entry.label for entry in app.state.entries]
    app.state.focus = labels.index("Two players")
    press_key(app, pygame.K_RETURN)
    setup = app.state
    assert isinstance(setup, MatchSetupState)
    type_text(app, "Ann")
    press_key(app, pygame.K_TAB)
    type_text(app, "Bobx")
    press_key(app, pygame.K_BACKSPACE)
    assert setup.chosen_names() == ("Ann", "Bob") and setup.rounds == 2
    press_key(app, pygame.K_RETURN)

    # round 1: Ann makes, Bob breaks and cracks it in 2
    continue_hand_over(app, "Pass to Ann; Bob, look away")
    set_secret_by_drag(app, (1, 2, 3, 4))
    continue_hand_over(app, "Pass to Bob: break the code")
    round_state = app.state
    assert isinstance(round_state.hooks, MatchRoundHooks) and round_state.game.secret == (1, 2, 3, 4)
    assert round_state.layout().button_rect("solve") is None  # no help that would change the score
    play_code(app, (0, 0, 0, 0))
    play_code(app, (1, 2, 3, 4))
    board = until_scoreboard(app)
    assert board.match.totals == (2, 0)
    assert board.round_line() == "Ann's code: Bob cracked it in 2 guesses. Ann scores 2."
    assert board.buttons() == ("leave", "next")
    press_key(app, pygame.K_RETURN)

    # round 2: Bob makes, Ann breaks, tries three codes and gives up: Bob scores turns + 1
    continue_hand_over(app, "Pass to Bob; Ann, look away")
    set_secret_by_drag(app, (5, 5, 0, 1))
    continue_hand_over(app, "Pass to Ann: break the code")
    for code in ((0, 0, 1, 1), (2, 2, 3, 3), (4, 4, 5, 5)):
        play_code(app, code)
        settle(app, 1.0)
    press_key(app, pygame.K_r)
    press_key(app, pygame.K_y)
    board = until_scoreboard(app)
    assert [row.points for row in board.match.scoreboard] == [2, 11]
    assert board.match.totals == (2, 11) and board.match.winner() == 1
    assert board.headline() == "Bob wins the match, 11 to 2!"
    assert board.round_line() == "Bob's code: Ann gave up. Bob scores 11."
    press_key(app, pygame.K_RETURN)  # a new match, same names
    assert isinstance(app.state, MatchSetupState) and app.state.chosen_names() == ("Ann", "Bob")


def test_match__equal_totals_are_a_tie_and_default_names_are_used():
    app = make_app(start=MatchSetupState())
    press_key(app, pygame.K_RETURN)
    for maker, breaker in (("Player 1", "Player 2"), ("Player 2", "Player 1")):
        continue_hand_over(app, f"Pass to {maker}; {breaker}, look away")
        set_secret_by_drag(app, (0, 1, 2, 3))
        continue_hand_over(app, f"Pass to {breaker}: break the code")
        play_code(app, (0, 1, 2, 3))
        board = until_scoreboard(app)
        if not board.match.over:
            press_key(app, pygame.K_RETURN)
    assert board.match.totals == (1, 1)
    assert board.headline() == "A tie, 1 all!"


def test_match__same_names_are_refused_until_changed():
    app = make_app(start=MatchSetupState())
    type_text(app, "Player 2")
    assert app.state.problem() is not None
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, MatchSetupState)


def round_state(match, secret) -> PlayingState:
    """The breaker's round of `match` against `secret`, as the hand-over to the breaker starts it."""
    return PlayingState(match.rules.config, secret=secret, hooks=MatchRoundHooks(match))


def test_match__the_secret_stays_covered_while_the_breaker_plays():
    app = make_app(start=round_state(new_match(("Ann", "Bob")), (1, 2, 3, 4)))
    app.draw()
    layout = app.state.layout()
    cover = layout.secret_cover_rect()
    before = pygame.image.tobytes(app.surface.subsurface(cover), "RGB")
    other = make_app(start=round_state(new_match(("Ann", "Bob")), (5, 0, 5, 0)))
    other.draw()
    after = pygame.image.tobytes(other.surface.subsurface(cover), "RGB")
    assert before == after  # two different secrets look the same


def test_match__a_round_left_half_played_resumes_with_the_score(tmp_path):
    store = Store(tmp_path)
    match = new_match(("Ann", "Bob")).record(4, True)  # round 1 done: Ann 4
    app = App(size=(1024, 720), seed=5, store=store, start=round_state(match, (3, 3, 2, 2)))
    play_code(app, (0, 0, 1, 1))
    app.close()
    again = App(size=(1024, 720), seed=5, store=store, start=MenuState())
    assert kept_lines(again) == ["Resume: Two players: Ann and Bob · round 2 of 2"]
    press_key(again, pygame.K_RETURN)
    state = again.state
    assert isinstance(state, PlayingState) and isinstance(state.hooks, MatchRoundHooks)
    assert state.hooks.match.totals == (4, 0) and state.hooks.match.round_number == 2
    assert [row.guess for row in state.game.rows] == [(0, 0, 1, 1)]
    play_code(again, (3, 3, 2, 2))
    board = until_scoreboard(again)
    assert board.match.totals == (4, 2) and board.headline() == "Ann wins the match, 4 to 2!"
