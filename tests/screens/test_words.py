"""Words and labels a player reads, checked where they are drawn: the Custom setup's lit segments read
against their gold, the title's countdown to the next daily codes says hours and minutes, Blitz's
card counts one code as one, the hand-graded game's last sentence ends before its key hint, and the
lesson never puts a row's number right before its pegs."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter

import pygame

from game.app import App
from game.core.blitz import BONUS_S, DURATION_S
from game.core.codes import score
from game.core.config import GameConfig
from game.core.variants import GridVariant
from game.modes.blitz.book import load_blitz
from game.modes.classic.setup import SetupState
from game.modes.learn.lesson import lesson_steps
from game.modes.maker.handgrade import HandGradeState
from game.play.custom import DIFFICULTIES, SHAPES
from game.screens.menu import MenuState
from game.store import Store
from game.ui import palette as pal
from game.ui.layout_screens import SetupLayout
from tests.screens.driver import drawn_lines, grade_by_keys, make_app, press_key, settle
from tests.screens.test_blitz import blitz_app, crack_code
from tests.screens.test_daily import release_apps  # noqa: F401  (an autouse fixture)
from tests.screens.test_handgrade import wait_ready


def ink_and_face(surface: pygame.Surface, rect: pygame.Rect) -> tuple[pal.RGB, pal.RGB]:
    """(the label's ink, the button's face) as drawn in `rect`: the face is the commonest colour of
    the button's middle band, the ink the colour there that stands out from it most."""
    band = rect.inflate(-rect.w // 8, -rect.h // 2)
    points = [(x, y) for x in range(band.left, band.right) for y in range(band.top, band.bottom)]
    colours = Counter(tuple(surface.get_at(point))[:3] for point in points)
    face = colours.most_common(1)[0][0]
    ink = max(colours, key=lambda c: pal.contrast_ratio(c, face))
    return ink, face


def test_setup__every_segment_label_reads_against_its_button_lit_or_not() -> None:
    """The lit segment (the chosen shape, the chosen turns rule) wears the accent: its label must
    read on it as well as the others read on theirs (WCAG's 4.5:1 for text)."""
    for config in (GameConfig(4, 6), GameConfig(colours=4, variant=GridVariant(3, 3))):
        app = make_app(size=(1024, 720), start=SetupState(config))
        app.draw()
        layout = SetupLayout(app.surface.get_size())  # as the screen lays itself out
        for name, count in (("shape", len(SHAPES)), ("difficulty", len(DIFFICULTIES))):
            for rect in layout.segments(name, count):
                ink, face = ink_and_face(app.surface, rect)
                assert pal.contrast_ratio(ink, face) >= 4.5, (name, rect, ink, face)


def test_title__the_countdown_to_the_next_daily_codes_says_hours_and_minutes(tmp_path) -> None:
    now = dt.datetime(2026, 11, 23, 17, 0, 30, tzinfo=dt.UTC)  # 6 h 59 min 30 s to midnight UTC
    settings = {"reduced_motion": True}  # the menu drawn at rest
    app = App(size=(1280, 800), seed=1, store=Store(tmp_path), now=lambda: now, settings=settings)
    pygame.event.clear()
    assert isinstance(app.state, MenuState)
    shown = " ".join(drawn_lines(app))
    assert "Next codes in 6 h 59 min" in shown
    assert not re.search(r"Next codes in \d+:\d\d", shown)


def test_title__blitz_card_counts_one_code_as_one(tmp_path) -> None:
    app = blitz_app(tmp_path, reduced_motion=True)  # the menu drawn afresh each frame
    crack_code(app)
    settle(app, DURATION_S + BONUS_S, dt=0.1)  # time up: the run ends with one code cracked
    for _ in range(4):
        if isinstance(app.state, MenuState):
            break
        press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    shown = " ".join(drawn_lines(app))
    best = load_blitz(Store(tmp_path)).stats.best_score
    assert best > 0 and re.search(rf"Best {best:,} · 1 code\b(?!s)", shown), shown


def test_handgrade__the_last_sentence_ends_before_the_analysis_key() -> None:
    secret = (4, 0, 0, 2)
    state = HandGradeState(GameConfig(4, 6), "knuth")
    app = make_app(start=state)
    while not state.run.over:
        wait_ready(app, state)
        true = score(state.run.guess, secret)
        press_key(app, pygame.K_BACKSPACE)
        grade_by_keys(app, true)
        wait_ready(app, state)
    shown = " ".join(drawn_lines(app))
    assert "A: analysis." in shown
    before = shown.split("A: analysis.")[0].rstrip()
    assert before.endswith("."), before[-60:]


def test_lesson__no_step_puts_a_rows_number_right_before_its_pegs() -> None:
    """"make row 2 4 4 4" reads as a row of four pegs: a row's number is never followed by a colour."""
    for step in lesson_steps():
        assert not re.search(r"\brow \d+ \d", step.text), step.text
