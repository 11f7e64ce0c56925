"""Deduce boards of digits and words through the real app (real key, mouse and pad events): the level
choice's second page, a word board solved by typing, a wrong word explained by the given row it
contradicts (as an independent grader finds it) and outlined, a word that fits every row but is no
answer refused without spending a try, Word marks' explanation naming the letter, a Word marks
puzzle kept and resumed after a restart, a digits board
solved on the tile keyboard, a digits puzzle of the day played with a pad alone, once a day; and the
stars drawn in each theme's own accent and edge colours."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pygame

from game.app import App
from game.core.deduce import stars, tries_taken
from game.core.wordlists import code_word, word_lists
from game.modes.deduce.book import DEDUCE_BOOK
from game.modes.deduce.hooks import DeduceHooks
from game.modes.deduce.result import DeduceResultState
from game.modes.deduce.screens import DeduceState
from game.modes.deduce.view import draw_stars
from game.screens.playing import PlayingState
from game.store import Store
from game.ui import looks
from game.ui import palette as pal
from game.ui.layout import PaletteItem, centre
from tests.screens import pad_driver as pad
from tests.screens.driver import choose_entry, click, kept_lines, key, post, press_key, settle

NOW = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)


def new_app(directory, size=(1024, 720)) -> App:
    app = App(size=size, seed=5, store=Store(directory), now=lambda: NOW)
    pygame.event.clear()
    return app


def until(app: App, predicate, frames: int = 900) -> None:
    for _ in range(frames):
        if predicate():
            return
        app.step([], 1 / 60)
    raise AssertionError("the app never got there")


def counted_grade(guess, secret) -> tuple[int, int]:
    """Black and white by counting: the same letter in the same place; letters in common less blacks."""
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def marked(guess, secret) -> tuple[int, ...]:
    """A mark a letter, written afresh: 2 in place; then left to right, 1 while the secret has that
    letter unmatched; else 0."""
    left = Counter(s for g, s in zip(guess, secret, strict=True) if g != s)
    out = []
    for g, s in zip(guess, secret, strict=True):
        if g == s:
            out.append(2)
        elif left[g]:
            left[g] -= 1
            out.append(1)
        else:
            out.append(0)
    return tuple(out)


def open_board(app: App, level: str, kind: str = "practice") -> PlayingState:
    """From the title screen: Deduce, Page Down to the digits and words, then `level`'s button."""
    choose_entry(app, "Deduce")
    choice = app.state
    assert isinstance(choice, DeduceState) and choice.shown() == ("4x6", "5x8", "6x9")
    press_key(app, pygame.K_PAGEDOWN)
    assert choice.shown() == ("digits", "words", "marks")
    click(app, centre(choice.layout().play[(level, kind)]))
    until(app, lambda: isinstance(app.state, PlayingState))
    return app.state


def type_text(app: App, text: str) -> None:
    for ch in text:
        post(app, key(pygame.key.key_code(ch), unicode=ch))


def pad_tiles(app: App, code) -> None:
    """`code` typed on the tile keyboard as a pad player does: Left off the row onto the keys, the
    D-pad to the digit, A types it (the focus stays on the keys)."""
    state = app.state
    for _ in range(state.config.pegs + 1):
        if not state.focus.on_row:
            break
        pad.press(app, pad.LEFT)
    layout = state.layout()
    for value in code:
        goal = layout.palette_rect(value)
        for _ in range(2 * state.config.colours):
            at = state.focus.at
            assert isinstance(at, PaletteItem)
            if at.colour == value:
                break
            here = layout.palette_rect(at.colour)
            if abs(goal.centerx - here.centerx) > here.w // 2:  # the keys stand in columns
                pad.press(app, pad.RIGHT if goal.centerx > here.centerx else pad.LEFT)
            else:
                pad.press(app, pad.DOWN if goal.centery > here.centery else pad.UP)
        pad.press(app, pad.A)
    assert state.run.draft == list(code)


def answers() -> list[tuple[int, ...]]:
    return [tuple(int(v) for v in row) for row in word_lists().answers.codes]


def test_deduce_codes__a_word_board_named_by_typing_gets_three_stars_and_counts(tmp_path):
    app = new_app(tmp_path)
    board = open_board(app, "words")
    puzzle = board.hooks.puzzle
    assert isinstance(board.hooks, DeduceHooks) and puzzle.level == "words" and puzzle.number == 0
    assert board.game.rows == puzzle.start_state().rows  # the dealt rows on the board, graded
    assert all(guess in set(answers()) for guess, _ in puzzle.rows)  # every row a word of the answers
    type_text(app, code_word(puzzle.secret).upper())
    assert board.run.draft == list(puzzle.secret)
    press_key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    result = app.state
    assert result.solved and result.tries == 1 and stars(result.tries) == 3
    assert result.share.splitlines()[1].endswith("Words 1/4 · 3 stars") and result.share.endswith("●●●●●")
    stats = app.store.load_stats()["Deduce"]
    assert (stats.games, stats.wins) == (1, 1)
    assert app.store.load_record(DEDUCE_BOOK).level("words").next_practice == 1


def test_deduce_codes__a_wrong_word_is_explained_by_its_row_and_a_fitting_non_answer_costs_no_try(
    tmp_path,
):
    app = new_app(tmp_path)
    board = open_board(app, "words")
    puzzle = board.hooks.puzzle
    rows = [(guess, tuple(fb)) for guess, fb in puzzle.rows]
    # a playable word that fits every row but is no answer, found by brute force over the allowed list
    allowed = [tuple(int(v) for v in row) for row in word_lists().allowed.codes]
    fitting = [w for w in allowed if all(counted_grade(g, w) == fb for g, fb in rows)]
    strays = sorted(set(fitting) - set(answers()))
    assert fitting.count(puzzle.secret) == 1 and strays, "this board has a rarer word that fits too"
    stray = code_word(strays[0]).upper()
    type_text(app, stray)
    press_key(app, pygame.K_RETURN)
    assert len(board.game.rows) == len(puzzle.rows)  # refused: no try spent
    assert board.run.message == f"{stray} fits every row but is no answer word: no try spent"
    assert board.run.draft == list(strays[0])  # kept to edit
    for _ in range(5):
        press_key(app, pygame.K_BACKSPACE)
    # a wrong answer word: the first row whose grade it contradicts, by counting
    wrong = next(w for w in answers() if w != puzzle.secret and w not in {g for g, _ in rows})
    first = next(i for i, (g, fb) in enumerate(rows) if counted_grade(g, wrong) != fb)
    type_text(app, code_word(wrong))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    assert tries_taken(puzzle, board.game) == 1 and not board.game.over
    would = counted_grade(rows[first][0], wrong)
    assert board.hooks.wrong.row == first
    assert board.run.message == (
        f"Not {code_word(wrong).upper()}: row {first + 1} would get {would[0]} black {would[1]} white; "
        f"it got {rows[first][1][0]} black {rows[first][1][1]} white"
    )
    outline = board.layout().row_rect(first).inflate(8, 6)
    assert tuple(app.surface.get_at((outline.centerx, outline.top + 1)))[:3] == pal.TEXT_WARN
    type_text(app, "a")  # the next row begun: the message line is the row's again, the outline stays
    assert not board.run.message.startswith("Not ")
    assert tuple(app.surface.get_at((outline.centerx, outline.top + 1)))[:3] == pal.TEXT_WARN


def test_deduce_codes__a_wrong_word_in_word_marks_names_the_first_letter_marked_otherwise(tmp_path):
    app = new_app(tmp_path, size=(640, 480))
    board = open_board(app, "marks")
    puzzle = board.hooks.puzzle
    rows = [(guess, tuple(fb)) for guess, fb in puzzle.rows]
    assert all(marked(g, puzzle.secret) == fb for g, fb in rows)  # graded as marks are, written afresh
    wrong = next(w for w in answers() if w != puzzle.secret and w not in {g for g, _ in rows})
    first = next(i for i, (g, fb) in enumerate(rows) if marked(g, wrong) != fb)
    place = next(k for k in range(5) if marked(rows[first][0], wrong)[k] != rows[first][1][k])
    words = ("absent", "elsewhere", "right place")
    type_text(app, code_word(wrong))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    letter = code_word(rows[first][0])[place].upper()
    assert board.run.message == (
        f"Not {code_word(wrong).upper()}: letter {place + 1} of row {first + 1} ({letter}) would be "
        f"{words[marked(rows[first][0], wrong)[place]]}; it is {words[rows[first][1][place]]}"
    )


def test_deduce_codes__a_word_marks_puzzle_left_is_kept_and_resumed_with_its_rows(tmp_path):
    app = new_app(tmp_path)
    board = open_board(app, "marks")
    puzzle = board.hooks.puzzle
    wrong = next(w for w in answers() if w != puzzle.secret and w not in {g for g, _ in puzzle.rows})
    type_text(app, code_word(wrong))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    app.close()
    again = new_app(tmp_path)
    assert kept_lines(again) == ["Resume: Deduce Word marks · practice 1 · try 2"]
    press_key(again, pygame.K_RETURN)  # proved again over the whole list (within a frame here), then played
    until(again, lambda: isinstance(again.state, PlayingState))
    resumed = again.state
    assert resumed.hooks.puzzle == puzzle
    assert [row.guess for row in resumed.game.rows] == [g for g, _ in puzzle.rows] + [wrong]


def test_deduce_codes__a_digits_board_named_on_the_tile_keyboard(tmp_path):
    app = new_app(tmp_path, size=(640, 480))
    board = open_board(app, "digits")
    puzzle = board.hooks.puzzle
    assert board.config.variant.name == "bulls-and-cows" and len(set(puzzle.secret)) == 4
    layout = board.layout()
    for digit in puzzle.secret:
        click(app, centre(layout.palette_rect(digit)))
    assert board.run.draft == list(puzzle.secret)
    click(app, centre(layout.button_rect("submit")))
    until(app, lambda: isinstance(app.state, DeduceResultState))
    assert app.state.solved and app.state.tries == 1


def test_deduce_codes__the_digits_puzzle_of_the_day_played_with_a_pad_once_a_day(tmp_path):
    app = new_app(tmp_path)
    choose_entry(app, "Deduce")
    choice = app.state
    pad.press(app, pad.RB)  # the right shoulder: the next page
    assert (
        choice.shown() == ("digits", "words", "marks") and choice.focus == choice.shown().index("digits") + 3
    )
    pad.press(app, pad.A)  # the focused column's puzzle of the day
    until(app, lambda: isinstance(app.state, PlayingState))
    board = app.state
    puzzle = board.hooks.puzzle
    assert puzzle.level == "digits" and puzzle.day == NOW.date()
    pad_tiles(app, puzzle.secret)
    pad.press(app, pad.START)
    until(app, lambda: isinstance(app.state, DeduceResultState))
    assert app.state.solved
    press_key(app, pygame.K_ESCAPE)  # back to the choice, on the digits' page
    choice = app.state
    assert isinstance(choice, DeduceState) and choice.shown() == ("digits", "words", "marks")
    assert choice.status("digits") == ("Today: solved, 3 of 3 stars", "Streak 1 · best 1")
    assert choice.status("words")[0] == "Today's puzzle: not played"
    pad.press(app, pad.A)  # today's digits puzzle again: refused, a new one comes at midnight
    assert app.state is choice and choice.message.startswith("Today's puzzle is played")


def test_deduce_codes__stars_take_the_accent_and_edge_of_every_theme():
    for theme in looks.THEMES.values():
        surface = pygame.Surface((300, 100))
        with looks.using(looks.Look(theme)):
            surface.fill(theme.board)
            draw_stars(surface, surface.get_rect(), earned=1)
        size = min(100, 300 / 4)  # as draw_stars sizes three stars with half a star between them
        left = 150 - (3 * size + 2 * size * 0.5) / 2
        centres = [round(left + size / 2 + i * size * 1.5) for i in range(3)]
        assert tuple(surface.get_at((centres[0], 50)))[:3] == theme.selection, theme.name
        assert tuple(surface.get_at((centres[2], 50)))[:3] == theme.board_edge, theme.name
