"""Deduce through the real app: from the menu to a dealt board, tries graded like guesses, stars, the
puzzle of the day once a day with its streak, practice puzzles, a kept puzzle resumed, and the help's
worked example checked against the engine and a brute force."""

from __future__ import annotations

import datetime as dt
import itertools

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app import App
from game.core.codes import score
from game.core.deduce import practice_puzzle
from game.modes import deduce as deduce_mode
from game.modes.deduce.book import DeduceBook, DeduceBookError, book_from_dict, book_to_dict
from game.modes.deduce.hooks import DeduceHooks
from game.modes.deduce.result import DeduceResultState
from game.modes.deduce.screens import DealState, DeduceState
from game.screens.playing import PlayingState
from game.store import Store
from game.ui.board import FrameCache
from tests.screens.driver import choose_entry, font_spy, kept_lines, key, post, press_key

NOW = dt.datetime(2026, 11, 25, 9, 0, tzinfo=dt.UTC)


def new_app(directory, now=NOW, seed=5) -> App:
    app = App(size=(1024, 720), seed=seed, store=Store(directory), now=lambda: now)
    pygame.event.clear()
    return app


def until(app: App, predicate, frames: int = 600) -> None:
    for _ in range(frames):
        if predicate():
            return
        app.step([], 1 / 60)
    raise AssertionError("the app never got there")


def open_level(app: App, level: str, kind: str) -> PlayingState:
    """From the menu: Deduce, then `level`'s puzzle of the day or practice, dealt and on the board."""
    choose_entry(app, "Deduce")
    choice = app.state
    assert isinstance(choice, DeduceState)
    post(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=choice.layout().play[(level, kind)].center, button=1),
    )
    until(app, lambda: isinstance(app.state, PlayingState))
    return app.state


def type_code(app: App, code) -> None:
    for colour in code:
        post(app, key(pygame.K_1 + colour))
    press_key(app, pygame.K_RETURN)


@pytest.mark.parametrize("size", [(640, 480), (700, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_deduce_mode__every_play_button_label_is_one_size(tmp_path, size):
    app = App(size=size, seed=5, store=Store(tmp_path), now=lambda: NOW)
    pygame.event.clear()
    choose_entry(app, "Deduce")
    assert isinstance(app.state, DeduceState)
    sizes = {shown.px for shown in font_spy(app) if shown.text in ("Today's puzzle", "Practice")}
    assert len(sizes) == 1, sizes


def test_deduce_mode__puzzle_of_the_day_named_at_the_first_try_gets_three_stars_and_counts(tmp_path):
    app = new_app(tmp_path)
    board = open_level(app, "4x6", "daily")
    puzzle = board.hooks.puzzle
    assert isinstance(board.hooks, DeduceHooks) and puzzle.day == NOW.date()
    assert board.game.rows == puzzle.start_state().rows  # the dealt rows are on the board, graded
    assert board.layout().button_rect("solve") is None and board.layout().button_rect("hint") is None
    type_code(app, puzzle.secret)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    result = app.state
    assert result.solved and result.tries == 1
    stats = app.store.load_stats()["Deduce"]
    assert (stats.games, stats.wins, dict(stats.guesses_needed)) == (1, 1, {1: 1})
    assert stats.best_score == app.session.outcome_of(result.record).points > 0
    press_key(app, pygame.K_ESCAPE)  # back to the choice: today's 4x6 is played, the streak is 1
    choice = app.state
    assert choice.status("4x6") == ("Today: solved, 3 of 3 stars", "Streak 1 · best 1")
    choice.focus, choice.kind = 0, 0
    press_key(app, pygame.K_RETURN)  # once a day
    assert app.state is choice and "Today's puzzle is played" in choice.message


def test_deduce_mode__the_panel_counts_tries_not_the_boards_turns(tmp_path):
    """The dealt rows fill most of the board: "Turn 6 of 9" would hide that the puzzle allows a few
    tries; the panel counts them, and a wrong try spends one."""
    app = new_app(tmp_path)
    board = open_level(app, "4x6", "practice")
    puzzle = board.hooks.puzzle
    texts = [shown.text for shown in font_spy(app)]
    assert f"Try 1 of {puzzle.tries}" in texts and not any(text.startswith("Turn ") for text in texts)
    wrong = next(code for code in itertools.product(range(6), repeat=4) if code != puzzle.secret)
    type_code(app, wrong)
    until(app, lambda: board.run.grading_row is None and len(board.game.rows) > len(puzzle.rows))
    board.frame = FrameCache()  # view state, thrown away at will: the next frame draws afresh
    assert f"Try 2 of {puzzle.tries}" in [shown.text for shown in font_spy(app)]


def test_deduce_mode__four_wrong_tries_lose_the_puzzle_and_break_the_streak(tmp_path):
    yesterday = new_app(tmp_path, now=NOW - dt.timedelta(days=1))
    board = open_level(yesterday, "5x8", "daily")
    type_code(yesterday, board.hooks.puzzle.secret)
    until(yesterday, lambda: isinstance(yesterday.state, DeduceResultState))
    yesterday.close()

    app = new_app(tmp_path)
    board = open_level(app, "5x8", "daily")
    puzzle = board.hooks.puzzle
    wrong = next(code for code in itertools.product(range(8), repeat=5) if code != puzzle.secret)
    for _ in range(puzzle.tries):
        type_code(app, wrong)
        until(app, lambda: app.state is not board or board.run.grading_row is None)
    for row in board.game.rows[len(puzzle.rows) :]:  # each try graded like any guess
        assert tuple(row.feedback) == tuple(score(row.guess, puzzle.secret))
    until(app, lambda: isinstance(app.state, DeduceResultState))
    assert not app.state.solved
    stats = app.store.load_stats()["Deduce"]
    assert (stats.games, stats.wins, stats.current_streak) == (2, 1, 0)
    press_key(app, pygame.K_ESCAPE)
    assert app.state.status("5x8") == ("Today: not solved", "Streak 0 · best 1")


def test_deduce_mode__practice_puzzles_come_one_after_another_each_new(tmp_path):
    app = new_app(tmp_path)
    first = open_level(app, "4x6", "practice").hooks.puzzle
    assert first.number == 0 and first == practice_puzzle("4x6", 0)
    type_code(app, first.secret)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    press_key(app, pygame.K_RETURN)  # Next puzzle
    until(app, lambda: isinstance(app.state, PlayingState))
    second = app.state.hooks.puzzle
    assert second.number == 1 and second.rows != first.rows


def test_deduce_mode__a_puzzle_left_is_kept_and_resumed_with_its_rows(tmp_path):
    app = new_app(tmp_path)
    board = open_level(app, "6x9", "practice")
    puzzle = board.hooks.puzzle
    wrong = tuple(c for c in (0, 0, 1, 1, 2, 2)) if puzzle.secret != (0, 0, 1, 1, 2, 2) else (3,) * 6
    type_code(app, wrong)
    app.close()
    again = new_app(tmp_path)
    assert kept_lines(again) == ["Resume: Deduce 6×9 · practice 1 · try 2"]
    press_key(again, pygame.K_RETURN)
    assert isinstance(again.state, DealState)  # proved again over the whole space first, over frames
    until(again, lambda: isinstance(again.state, PlayingState))
    resumed = again.state
    assert isinstance(resumed.hooks, DeduceHooks) and resumed.hooks.puzzle == puzzle
    assert [row.guess for row in resumed.game.rows] == [g for g, _ in puzzle.rows] + [wrong]


def test_deduce_mode__dealing_a_6x9_board_is_pumped_over_several_frames(tmp_path):
    app = new_app(tmp_path)
    app.apply(DealState("6x9", number=3))
    frames = 0
    while isinstance(app.state, DealState):
        app.step([], 1 / 60)
        frames += 1
    assert frames > 1 and isinstance(app.state, PlayingState)
    assert app.state.hooks.puzzle == practice_puzzle("6x9", 3)


def test_deduce_mode__the_help_example_is_the_engines_puzzle_and_one_code_fits():
    puzzle = practice_puzzle("4x6", 0)
    rows = deduce_mode.EXAMPLE_ROWS + (deduce_mode.EXAMPLE_LAST,)
    shown = [("".join(str(c + 1) for c in guess), f"{g[0]} black, {g[1]} white") for guess, g in puzzle.rows]
    assert shown == list(rows)
    counts = [6**4]
    fits = list(itertools.product(range(6), repeat=4))
    for guess, grade in puzzle.rows:  # a brute force, code by code
        fits = [code for code in fits if tuple(score(guess, code)) == tuple(grade)]
        counts.append(len(fits))
    assert tuple(counts) == deduce_mode.EXAMPLE_COUNTS
    assert ["".join(str(c + 1) for c in code) for code in fits] == [deduce_mode.EXAMPLE_CODE]


days = st.one_of(st.none(), st.dates(dt.date(2024, 1, 1), dt.date(2030, 12, 31)))


@given(
    st.dictionaries(
        st.sampled_from(("4x6", "5x8", "6x9")),
        st.tuples(days, st.integers(0, 3), st.integers(0, 50), st.integers(0, 50), st.integers(0, 2**31 - 1)),
    )
)
def test_deduce_book__what_is_written_reads_back_unchanged(levels):
    data = {
        name: {
            "last_day": None if day is None else day.isoformat(),
            "last_stars": stars,
            "streak": streak if day is not None and stars and streak <= best else 0,
            "best_streak": best,
            "next_practice": number,
        }
        for name, (day, stars, streak, best, number) in levels.items()
    }
    book = book_from_dict(data)
    assert book_to_dict(book) == data and book_from_dict(book_to_dict(book)) == book


@pytest.mark.parametrize(
    "change",
    [{"streak": 5, "best_streak": 2}, {"last_stars": 4}, {"next_practice": -1}, {"last_day": "2026-02-30"}],
)
def test_deduce_book__a_record_that_contradicts_itself_is_refused(change):
    record = {"last_day": "2026-11-24", "last_stars": 3, "streak": 2, "best_streak": 4, "next_practice": 7}
    with pytest.raises(DeduceBookError):
        book_from_dict({"4x6": {**record, **change}})


def test_deduce_book__streak_counts_days_solved_in_a_row_and_one_result_a_day():
    day = dt.date(2026, 11, 20)
    book = DeduceBook().daily_done("4x6", day, 3).daily_done("4x6", day + dt.timedelta(1), 1)
    assert (book.level("4x6").streak, book.level("4x6").best_streak) == (2, 2)
    assert book.daily_done("4x6", day + dt.timedelta(1), 0) == book  # the first result of a day stands
    gap = book.daily_done("4x6", day + dt.timedelta(3), 2)
    assert gap.level("4x6").streak == 1 and gap.level("4x6").best_streak == 2
