"""Hard mode and the coach through the real app: real key events on games started from the menu.

Hard mode refuses exactly the guesses that cannot be the code (checked against a brute-force grader),
with the Why-not reason; a hard win scores and counts in its own bucket. A coached game shows What we
know and Par as the engine works them out over frames, and Why not? for the row being built; it is
assisted and counted apart. Both stay with a kept game whatever the settings say when it resumes.
"""

from __future__ import annotations

import random

import pygame

from game.app import App
from game.core.codes import score
from game.core.config import preset
from game.core.facts import ruled_out_facts, what_we_know
from game.play.aids import COACHED_KEY, HARD_KEY
from game.screens.base import go
from game.screens.highscores import InitialsOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.ui.board import FrameCache
from game.ui.coach_view import AsideCache
from game.ui.sound import Sound
from tests.screens.driver import (
    choose_entry,
    click,
    drawn_lines,
    key,
    lowest_consistent,
    make_app,
    post,
    press_key,
    settle,
)

CLASSIC = preset("Classic").config()


def type_row(app: App, code) -> None:
    press_key(app, pygame.K_c)  # C clears the row first
    for colour in code:
        post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))


def shown(app: App) -> str:
    """Every word the next frame draws, the cached still image and the coach's column redrawn."""
    state = app.state
    state.frame = FrameCache()  # view state, thrown away at will: the next frame draws afresh
    state.hooks.aid_kit.aside = AsideCache()
    return " ".join(drawn_lines(app))


def fits(code, rows) -> bool:
    """Brute force: `code` as the secret gives every row the grade it got."""
    return all(tuple(score(row.guess, code)) == tuple(row.feedback) for row in rows)


def coach_settled(app: App, frames: int = 2000) -> None:
    """Frames until the coach has answered everything it was asked (it works a little each frame)."""
    coach = app.state.hooks.coach
    for _ in range(frames):
        if not coach.busy:
            return
        app.step([], 1 / 60)
    raise AssertionError("the coach never finished")


def coached_classic(folder) -> App:
    """A Classic game with the coach on, its records kept in `folder`."""
    app = App(
        size=(1024, 720),
        seed=8,
        store=Store(folder),
        settings={"coach": True},
        start=go("new_game", config=CLASSIC),
    )
    pygame.event.clear()
    return app


def play_classic(app: App) -> PlayingState:
    choose_entry(app, "Classic")
    state = app.state
    assert isinstance(state, PlayingState) and state.config == CLASSIC
    settle(app, 0.3)
    return state


def test_hard_mode__refuses_exactly_the_inconsistent_guesses_through_the_real_app() -> None:
    app = make_app(settings={"hard_mode": True})
    state = play_classic(app)
    assert state.run.hard and "Hard mode" in shown(app)
    opening = (0, 0, 1, 1) if state.game.secret != (0, 0, 1, 1) else (2, 2, 3, 3)
    type_row(app, opening)
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    rng = random.Random(11)
    refused = accepted = 0
    while refused < 6 or accepted < 2:
        rows = state.game.rows
        if refused < 6:
            draft = tuple(rng.randrange(6) for _ in range(4))
        else:
            draft = lowest_consistent(state.game)
        type_row(app, draft)
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
        if fits(draft, rows):
            assert len(state.game.rows) == len(rows) + 1, f"{draft} fits every grade and was refused"
            accepted += 1
            if state.game.over:
                break
        else:
            assert len(state.game.rows) == len(rows), f"{draft} cannot be the code and was taken"
            reason = state.run.message
            assert reason.startswith("hard mode: if the code were ")
            row = int(reason.split(", row ")[1].split()[0]) - 1  # the row the reason names
            assert tuple(score(rows[row].guess, draft)) != tuple(rows[row].feedback)
            assert not any(tuple(score(r.guess, draft)) != tuple(r.feedback) for r in rows[:row])
            refused += 1
    assert refused == 6 and accepted >= 1


def test_hard_mode__a_win_scores_and_counts_in_its_own_statistics_bucket(tmp_path) -> None:
    store = Store(tmp_path)
    app = App(
        size=(1024, 720),
        seed=5,
        store=store,
        settings={"hard_mode": True},
        start=go("new_game", config=CLASSIC),
    )
    pygame.event.clear()
    state = app.state
    while not state.game.over:
        type_row(app, lowest_consistent(state.game))
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    settle(app, 4.0)
    assert isinstance(app.state, InitialsOverlay)  # scored: the win makes the empty Classic table
    stats = Store(tmp_path).load_stats()
    assert set(stats) == {HARD_KEY}
    assert stats[HARD_KEY].games == 1 and stats[HARD_KEY].wins == 1 and stats[HARD_KEY].best_score > 0


def test_coach__shows_why_not_what_we_know_and_par_for_the_position() -> None:
    app = make_app(size=(1280, 800), settings={"coach": True})
    state = play_classic(app)
    secret = state.game.secret
    opening = (0, 0, 1, 1) if secret != (0, 0, 1, 1) else (2, 2, 3, 3)
    type_row(app, opening)
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    click(app, state.layout().palette_rect(5).center, button=3)  # the player rules 6 out
    assert state.run.ruled_out == {5}
    coach = state.hooks.coach
    coach_settled(app)
    words = shown(app)
    history = state.game.history
    known = what_we_know(CLASSIC, history, ruled_out_facts([5]))
    assert f"{known.possible:,} codes fit every grade so far." in words
    for fact in known.facts:
        text = fact.text(CLASSIC)
        assert text[:1].upper() + text[1:] in words
    assert "6 is not in the code" not in words  # the player marked it already
    assert f"Par {coach.par.text()}:" in words and "Row 1: par " in words
    draft = next(
        tuple(c) for c in ((a, b, 4, 4) for a in range(6) for b in range(6)) if not fits(c, state.game.rows)
    )
    type_row(app, draft)
    sentence = state.run.why_not.text()
    assert sentence.startswith("if the code were")
    assert sentence[:1].upper() + sentence[1:] + "." in shown(app)
    type_row(app, lowest_consistent(state.game))
    assert f"Row {state.run.turn} fits every grade so far" in shown(app)


def test_coach__a_coached_win_is_assisted_and_counted_apart(tmp_path) -> None:
    app = coached_classic(tmp_path)
    state = app.state
    assert state.record.assisted and "no score" in shown(app)  # the HUD: what a win is worth
    while not state.game.over:
        type_row(app, lowest_consistent(state.game))
        press_key(app, pygame.K_RETURN)
        settle(app, 2.0)
    settle(app, 4.0)
    assert isinstance(app.state, ResultState) and app.state.points == 0
    stats = Store(tmp_path).load_stats()
    assert set(stats) == {COACHED_KEY}
    assert stats[COACHED_KEY].wins == 1 and stats[COACHED_KEY].best_score == 0


def test_hard_mode_and_coach__a_kept_game_resumes_with_its_own_aids(tmp_path) -> None:
    """Aids are the game's, not the settings': turning them off does not change a kept game, and a
    game kept without them does not gain them."""
    app = App(
        size=(1024, 720),
        seed=3,
        store=Store(tmp_path),
        sound=Sound(mixer=None),
        settings={"hard_mode": True, "coach": True},
        start=go("new_game", config=CLASSIC),
    )
    pygame.event.clear()
    state = app.state
    opening = (0, 0, 1, 1) if state.game.secret != (0, 0, 1, 1) else (2, 2, 3, 3)
    type_row(app, opening)
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    post(app, pygame.event.Event(pygame.QUIT))
    again = App(
        size=(1024, 720), seed=4, store=Store(tmp_path), settings={"hard_mode": False, "coach": False}
    )
    pygame.event.clear()
    menu = again.state
    assert menu.entries[menu.focus].label == "Resume: Classic · hard mode, coached · turn 2 of 10"
    press_key(again, pygame.K_RETURN)
    resumed = again.state
    assert isinstance(resumed, PlayingState) and resumed.run.hard and resumed.hooks.coach is not None
    bad = next(c for c in ((a, a, a, a) for a in range(6)) if not fits(c, resumed.game.rows))
    type_row(again, bad)
    press_key(again, pygame.K_RETURN)
    assert len(resumed.game.rows) == 1 and resumed.run.message.startswith("hard mode:")
    post(again, pygame.event.Event(pygame.QUIT))
    plain_dir = tmp_path / "plain"
    plain = App(size=(1024, 720), seed=3, store=Store(plain_dir), start=go("new_game", config=CLASSIC))
    pygame.event.clear()
    type_row(plain, opening if plain.state.game.secret != opening else (3, 3, 4, 4))
    press_key(plain, pygame.K_RETURN)
    settle(plain, 2.0)
    post(plain, pygame.event.Event(pygame.QUIT))
    later = App(size=(1024, 720), seed=4, store=Store(plain_dir), settings={"hard_mode": True, "coach": True})
    pygame.event.clear()
    assert later.state.entries[later.state.focus].label == "Resume: Classic · turn 2 of 10"
    press_key(later, pygame.K_RETURN)
    assert not later.state.run.hard and later.state.hooks.coach is None
