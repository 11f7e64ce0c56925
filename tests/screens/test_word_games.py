"""Bulls and Cows and the word games through the real app (real key and mouse events): a game of each
typed and played to a win, graded on the board as brute-force references grade it and counted in its
own statistics bucket; letters typed before any letter shortcut; a word not in the list and a repeated
digit refused with the reason shown and the row kept to edit; the on-screen keyboard clicked; Solve of
a word game reaching the answer; a kept word game resumed after a restart; word marks drawn under
each letter; a word game's hint; the Word marks daily played from its card."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from collections import Counter

import pygame

from game.app import App
from game.core.config import GameConfig
from game.core.daily import daily_secret
from game.core.state import Outcome
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.wordlists import code_word, word_code, word_lists
from game.modes.classic.hooks import ClassicHooks
from game.modes.daily.hooks import DailyHooks
from game.modes.daily.result import DailyResultState
from game.modes.daily.screens import DailyState
from game.screens.base import Push
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.store import Store
from game.ui.board import mark_rect
from game.ui.layout import centre
from tests.screens.driver import choose_entry, click, drawn_lines, kept_lines, key, post, press_key, settle

BULLS_AND_COWS = GameConfig(variant=BullsAndCowsVariant())
WORDS = GameConfig(variant=WordVariant())


def new_app(directory, start, seed=11, size=(1024, 720)) -> App:
    app = App(size=size, seed=seed, store=Store(directory), start=start)
    pygame.event.clear()
    return app


def type_text(app: App, text: str) -> None:
    """`text` typed as a player types it: each character's key with the character it types."""
    for ch in text:
        post(app, key(pygame.key.key_code(ch), unicode=ch))


def counted_grade(guess, secret) -> tuple[int, int]:
    """Black (same symbol, same place) and white (the symbols in common, less the blacks), by counting."""
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


def play_to_a_win(app: App, candidates, symbols: str, grade_of=None) -> None:
    """Each turn, type the first candidate that fits every grade on the board (as graded by counting,
    or by `grade_of(guess, code)`)."""
    grade_of = grade_of or counted_grade
    for _ in range(app.state.config.turns):
        state = app.state
        if not isinstance(state, PlayingState) or state.game.over:
            break
        guess = next(
            code
            for code in candidates
            if all(tuple(grade_of(g, code)) == tuple(int(n) for n in fb) for g, fb in state.game.history)
        )
        type_text(app, "".join(symbols[v] for v in guess))
        assert state.run.draft == list(guess)
        press_key(app, pygame.K_RETURN)
        settle(app, 1.0)
    settle(app, 4.0)


def test_bulls_and_cows__typed_and_played_to_a_win_counted_in_its_own_bucket(tmp_path) -> None:
    secret = (4, 0, 7, 1)
    app = new_app(tmp_path, PlayingState(BULLS_AND_COWS, secret=secret, hooks=ClassicHooks()))
    play_to_a_win(app, list(itertools.permutations(range(10), 4)), "0123456789")
    assert isinstance(app.state, ResultState)
    game = app.state.game
    assert game.outcome is Outcome.WON and tuple(game.rows[-1].guess) == secret
    for guess, grade in game.history:
        assert (grade.bulls, grade.cows) == counted_grade(guess, secret)
    assert "Same number again" in drawn_lines(app)
    stats = Store(tmp_path).load_stats()[BullsAndCowsVariant.bucket]
    assert (stats.games, stats.wins) == (1, 1)


def test_words__typed_and_played_to_a_win_counted_in_its_own_bucket(tmp_path) -> None:
    lists = word_lists()
    secret = lists.answer(random.Random(3).randrange(len(lists.answers)))
    app = new_app(tmp_path, PlayingState(WORDS, secret=secret, hooks=ClassicHooks()))
    answers = [lists.answer(rank) for rank in range(len(lists.answers))]
    play_to_a_win(app, answers, WordVariant.symbols)
    assert isinstance(app.state, ResultState)
    game = app.state.game
    assert game.outcome is Outcome.WON and tuple(game.rows[-1].guess) == secret
    for guess, grade in game.history:
        assert (grade.black, grade.white) == counted_grade(guess, secret)
    assert Store(tmp_path).load_stats()[WordVariant.bucket].wins == 1
    assert "Same word again" in drawn_lines(app) and "Same code again" not in drawn_lines(app)
    scores = Store(tmp_path).load_high_scores()[WordVariant.bucket]  # its own table on High scores
    assert [entry.score for entry in scores.entries] == [app.state.points]


def test_words__letters_type_before_their_shortcuts(tmp_path) -> None:
    app = new_app(tmp_path, PlayingState(WORDS, secret=word_code("crane"), hooks=ClassicHooks()))
    sound = app.settings.sound
    type_text(app, "crush")  # C, R, S, H and U are Clear, Reveal, Solve, Help and Undo in a game of colours
    assert isinstance(app.state, PlayingState) and app.state.run.draft == list(word_code("crush"))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    type_text(app, "comet")  # and M, anywhere else the sound's key
    assert app.state.run.draft == list(word_code("comet")) and app.settings.sound == sound
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    assert [code_word(guess) for guess, _ in app.state.game.history] == ["crush", "comet"]


def test_words__a_word_not_in_the_list_is_refused_with_its_reason_and_kept_to_edit(tmp_path) -> None:
    app = new_app(tmp_path, PlayingState(WORDS, secret=word_code("crane"), hooks=ClassicHooks()))
    state = app.state
    type_text(app, "xyzzq")
    press_key(app, pygame.K_RETURN)
    assert len(state.game.rows) == 0 and state.run.draft == list(word_code("xyzzq"))
    assert "XYZZQ is not in the word list" in " ".join(drawn_lines(app))  # wrapped or not
    for _ in range(5):
        press_key(app, pygame.K_BACKSPACE)
    assert state.run.draft == [None] * 5
    type_text(app, "plant")
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    assert [code_word(guess) for guess, _ in state.game.history] == ["plant"]


def test_bulls_and_cows__a_repeated_digit_is_refused_with_its_reason(tmp_path) -> None:
    app = new_app(tmp_path, PlayingState(BULLS_AND_COWS, secret=(4, 0, 7, 1), hooks=ClassicHooks()))
    state = app.state
    type_text(app, "1123")
    press_key(app, pygame.K_RETURN)
    assert len(state.game.rows) == 0 and state.run.draft == [1, 1, 2, 3]
    assert "1 is in twice: each digit is different" in " ".join(drawn_lines(app))


def test_words__the_on_screen_keyboard_types_the_letter_clicked(tmp_path) -> None:
    app = new_app(
        tmp_path, PlayingState(WORDS, secret=word_code("crane"), hooks=ClassicHooks()), size=(640, 480)
    )
    state = app.state
    layout = state.layout()
    assert layout.colours == 26  # a key for every letter
    for letter in word_code("plant"):
        click(app, centre(layout.palette_rect(letter)))
    assert state.run.draft == list(word_code("plant"))
    click(app, centre(layout.button_rect("submit")))
    settle(app, 1.0)
    assert [code_word(guess) for guess, _ in state.game.history] == ["plant"]


def test_words__solve_reaches_the_answer(tmp_path) -> None:
    secret = word_code("focal")
    app = new_app(tmp_path, PlayingState(WORDS, secret=secret, hooks=ClassicHooks()))
    type_text(app, "plant")
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    click(app, centre(app.state.layout().button_rect("solve")))
    assert isinstance(app.state, SolvingState)
    for _ in range(2000):
        if not isinstance(app.state, SolvingState):
            break
        app.step([], 0.05)
    assert isinstance(app.state, ResultState)
    game = app.state.game
    assert tuple(game.rows[-1].guess) == secret and code_word(game.rows[0].guess) == "plant"
    assert len(game.rows) <= WORDS.turns


def test_words__a_kept_game_resumes_after_a_restart(tmp_path) -> None:
    secret = word_code("focal")
    app = new_app(tmp_path, PlayingState(WORDS, secret=secret, hooks=ClassicHooks()))
    type_text(app, "plant")
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    type_text(app, "fo")  # a row begun is kept too
    app.close()
    again = new_app(tmp_path, None)
    resume = [line for line in kept_lines(again) if "word" in line]
    assert resume == ["Resume: Words · 5-letter word · turn 2 of 10"]
    choose_entry(again, "Resume: Words")
    state = again.state
    assert isinstance(state, PlayingState) and state.game.secret == secret
    assert [code_word(guess) for guess, _ in state.game.history] == ["plant"]
    assert state.run.draft[:2] == list(word_code("fo"))
    type_text(again, "cal")
    press_key(again, pygame.K_RETURN)
    settle(again, 4.0)
    assert isinstance(again.state, ResultState) and again.state.game.outcome is Outcome.WON


def test_word_marks__a_grading_peg_under_each_letter(tmp_path) -> None:
    secret = word_code("focal")
    app = new_app(
        tmp_path, PlayingState(GameConfig(variant=WordMarksVariant()), secret=secret, hooks=ClassicHooks())
    )
    type_text(app, "coals")
    press_key(app, pygame.K_RETURN)
    settle(app, 2.0)
    state = app.state
    ((guess, marks),) = state.game.history
    assert tuple(marks) == (1, 2, 1, 1, 0)  # C elsewhere, O in place, A and L elsewhere, S absent
    app.draw()
    layout, surface = state.layout(), app.surface
    for col, mark in enumerate(marks):
        colour = tuple(surface.get_at(mark_rect(layout, 0, col).center))[:3]
        brightness = sum(colour) / 3
        # a black peg reads dark, a white one light, an absent letter's empty hole in between
        expected = {2: brightness < 80, 1: brightness > 170, 0: 80 <= brightness <= 170}
        assert expected[mark], (col, mark, colour)


def test_words__a_hint_suggests_a_listed_word_that_fits_and_fills_the_row(tmp_path) -> None:
    secret = word_code("focal")
    app = new_app(tmp_path, PlayingState(WORDS, secret=secret, hooks=ClassicHooks()))
    type_text(app, "plant")
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    play = app.state
    click(app, centre(play.layout().button_rect("hint")))
    hint = app.state
    click(app, centre(hint.layout().buttons["show"]))
    for _ in range(400):  # the suggestion is worked out over frames
        if "use" in hint.layout().buttons:
            break
        app.step([], 0.05)
    click(app, centre(hint.layout().buttons["use"]))
    assert app.state is play and play.run.record.assisted
    suggested = tuple(play.run.draft)
    assert word_lists().is_allowed(suggested)
    ((guess, grade),) = play.game.history
    assert counted_grade(guess, suggested) == (grade.black, grade.white)  # it fits what the board shows


def test_daily__the_word_marks_daily_played_from_its_card_shares_a_mark_a_letter(tmp_path) -> None:
    day = dt.date(2026, 11, 23)
    noon = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
    app = App(size=(1024, 720), seed=11, store=Store(tmp_path), now=lambda: noon, start=DailyState())
    pygame.event.clear()
    daily = app.state
    click(app, centre(daily.layout().play["Word marks"]))
    playing = app.state
    assert isinstance(playing, PlayingState) and isinstance(playing.hooks, DailyHooks)
    secret = daily_secret(day, "Word marks")
    assert playing.game.secret == secret and word_lists().answer_rank(secret) >= 0  # a word of the answers
    lists = word_lists()
    answers = [lists.answer(rank) for rank in range(len(lists.answers))]
    play_to_a_win(app, answers, WordVariant.symbols, WordMarksVariant().score)
    while not isinstance(app.state, DailyResultState):
        post(app, key(pygame.K_ESCAPE))  # no initials
    marks = [WordMarksVariant().score(guess, secret) for guess, _ in playing.game.history]
    rows = ["".join("·○●"[m] for m in grade) for grade in marks]
    assert app.state.share.split("\n")[2:] == rows and rows[-1] == "●●●●●"


def test_words__hard_mode_refuses_a_listed_word_that_cannot_be_the_answer_and_the_coach_says_why(tmp_path):
    app = App(size=(1280, 800), seed=11, store=Store(tmp_path), start=None)
    app.session.change_settings(coach=True, hard_mode=True)  # new games start with both aids
    app.apply(Push(PlayingState(WORDS, secret=word_code("focal"), hooks=ClassicHooks())))
    pygame.event.clear()
    state = app.state
    type_text(app, "plant")
    press_key(app, pygame.K_RETURN)
    settle(app, 1.5)
    type_text(app, "plant")  # a word of the list, but the board already says it is not the answer
    press_key(app, pygame.K_RETURN)
    assert len(state.game.rows) == 1 and state.run.message.startswith("hard mode:")
    reason = state.run.why_not.text()  # what the message and the coach's Why not? say
    said = "if the word were PLANT, row 1 would have been graded 5 black 0 white; it got 0 black 2 white"
    assert reason == said
    assert state.run.message == f"hard mode: {reason}"
