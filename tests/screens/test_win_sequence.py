"""A win lands before anything asks, through the real app: the winning row's flash, the shield
sliding, the score counting up, the streak's +1, the celebration, and only then the initials,
pre-filled with the last ones entered; reduced motion puts it all at rest at once and still asks
last. A loss ends its own way (a cold board, dust, never confetti). The statistics are recorded the
moment the game is decided, before any of it is shown."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import preset
from game.core.highscores import DEFAULT_INITIALS
from game.core.records import GameEnd, GameResult, stats_key
from game.modes.classic.hooks import ClassicHooks
from game.play.finale import Beat
from game.screens.highscores import InitialsOverlay
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.ui.particles import SHAPE_CIRCLE, SHAPE_RECT
from tests.screens.driver import key, post, submit_code

CLASSIC = preset("Classic").config()
SECRET = (3, 1, 4, 5)
FRAME_S = 1 / 60


def win_app(tmp_path, **settings) -> App:
    """Classic with one win already in the statistics (so this one makes a streak of 2)."""
    store = Store(tmp_path)
    store.record(GameResult(CLASSIC, GameEnd.WON, 6, 300.0))
    app = App(
        size=(1024, 720),
        seed=3,
        store=store,
        settings=settings,
        start=PlayingState(CLASSIC, SECRET, hooks=ClassicHooks()),
    )
    pygame.event.clear()
    return app


def first_times(app: App, seconds: float) -> dict[str, float]:
    """Frame by frame until the initials come: when each thing was first seen (seconds from now)."""
    seen: dict[str, float] = {}
    playing = app.state

    def note(name: str, t: float) -> None:
        seen.setdefault(name, t)

    for frame in range(round(seconds / FRAME_S)):
        t = frame * FRAME_S
        top = app.state
        if isinstance(top, PlayingState):
            if top.run.finish_track is not None:
                note("flash", t)
            if 0 < top.run.shield_progress:
                note("shield moving", t)
            if top.run.shield_progress >= 1:
                note("shield open", t)
        result = next((s for s in app.stack if isinstance(s, ResultState)), None)
        if result is not None and result.finale is not None:
            note("result", t)
            if 0 < result.shown_points < result.points:
                note("counting", t)
            if result.points and result.shown_points == result.points:
                note("counted", t)
            if result.panel().streak:
                note("streak", t)
            if app.session.particles.active:
                note("confetti", t)
        if isinstance(top, InitialsOverlay):
            note("initials", t)
            return seen
        assert top is playing or result is not None or isinstance(top, InitialsOverlay)
        app.step([], FRAME_S)
    return seen


def test_win_sequence__flash_shield_count_streak_celebration_then_initials_prefilled(tmp_path):
    app = win_app(tmp_path, last_initials="ZED")
    submit_code(app, (0, 0, 1, 1))
    for _ in range(120):  # the first row's grade drops in
        app.step([], FRAME_S)
    submit_code(app, SECRET)
    recorded = app.store.load_stats()[stats_key(CLASSIC)]
    assert recorded.games == 2 and recorded.current_streak == 2  # counted as it was decided
    seen = first_times(app, 15.0)
    order = ["flash", "shield moving", "shield open", "result", "counting", "counted", "streak", "confetti"]
    assert all(name in seen for name in order + ["initials"]), seen
    times = [seen[name] for name in order]
    assert times == sorted(times), seen
    assert seen["flash"] < seen["shield moving"] < seen["result"] < seen["counting"]
    assert seen["counted"] <= seen["streak"] < seen["confetti"] < seen["initials"]
    result = app.stack[0]
    assert isinstance(result, ResultState) and result.shown_points == result.points > 0
    initials = app.state
    assert initials.editor.initials == "ZED"  # pre-filled with the last initials entered
    post(app, key(pygame.K_RETURN))
    assert app.store.load_high_scores()["Classic"].entries[0].initials == "ZED"


def test_win_sequence__initials_entered_are_remembered_for_the_next_high_score(tmp_path):
    app = win_app(tmp_path)
    submit_code(app, SECRET)
    seen = first_times(app, 15.0)
    assert "initials" in seen
    # nothing entered before: the word the table already shows the score under
    assert app.state.editor.initials == DEFAULT_INITIALS
    assert app.store.load_high_scores()["Classic"].entries[0].initials == DEFAULT_INITIALS
    for letter in "KIT":
        post(app, key(pygame.K_a + ord(letter) - ord("A"), unicode=letter.lower()))
    post(app, key(pygame.K_RETURN))
    assert app.settings.last_initials == "KIT"
    app.close()
    assert Store(tmp_path).load_settings().last_initials == "KIT"


def test_win_sequence__reduced_motion_is_at_rest_at_once_and_still_asks_last(tmp_path):
    app = win_app(tmp_path, reduced_motion=True, last_initials="ZED")
    submit_code(app, SECRET)
    panels = []
    for _ in range(round(10.0 / FRAME_S)):
        app.step([], FRAME_S)
        result = next((s for s in app.stack if isinstance(s, ResultState)), None)
        if result is not None:
            if isinstance(app.state, InitialsOverlay):
                break
            panels.append(result.panel())
            assert not app.session.particles.active  # nothing flies about
    assert isinstance(app.state, InitialsOverlay) and app.state.editor.initials == "ZED"
    assert len(panels) >= 2  # the result stood at rest a moment before the question
    first = panels[0]
    points = app.stack[0].points
    assert first.figure == f"{points:,}" and not first.counting  # the whole score at once
    assert first.streak == 2 and first.streak_pop == 1.0 and "Top ten!" in first.badges
    assert all(panel == first for panel in panels)  # nothing moved while it stood


def test_win_sequence__a_key_while_the_win_lands_puts_it_at_rest_and_the_initials_still_come(tmp_path):
    app = win_app(tmp_path)
    submit_code(app, SECRET)
    for _ in range(300):
        if isinstance(app.state, ResultState):
            break
        app.step([], FRAME_S)
    result = app.state
    assert isinstance(result, ResultState) and result.shown_points < result.points
    post(app, key(pygame.K_RETURN))  # not Play again: the ending first
    assert app.state is result or isinstance(app.state, InitialsOverlay)
    assert result.shown_points == result.points and result.finale.progress(Beat.CELEBRATE) == 1.0
    for _ in range(3):
        app.step([], FRAME_S)
    assert isinstance(app.state, InitialsOverlay)


def test_win_sequence__a_loss_goes_cold_with_dust_and_never_confetti(tmp_path):
    app = win_app(tmp_path)
    for k in range(CLASSIC.turns):
        submit_code(app, (k % 3, 0, 0, 0))
        for _ in range(90):
            app.step([], FRAME_S)
    for _ in range(600):
        if isinstance(app.state, ResultState):
            break
        app.step([], FRAME_S)
    result = app.state
    assert isinstance(result, ResultState) and result.verdict() == "Out of turns"
    app.step([], FRAME_S)
    shapes = set(app.session.particles.shape.tolist())
    assert shapes == {SHAPE_CIRCLE} and SHAPE_RECT not in shapes  # dust, not confetti
    layout = result.layout()
    row = layout.slot_rect(0, 0).move(layout.slot_rect(0, 0).w // 2 - 3, 0)
    before = app.surface.get_at(row.topleft)[:3]
    for _ in range(90):
        app.step([], FRAME_S)
    after = app.surface.get_at(row.topleft)[:3]
    assert before != after  # the board went cold under its veil
    panel = result.panel()
    assert panel.tone == "lost" and panel.code == SECRET and not panel.badges
