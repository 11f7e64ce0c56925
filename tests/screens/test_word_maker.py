"""The computer breaks a word or a number, through the real app (real key and mouse events): a word
set on the codemaker (typed, and clicked on the tile keyboard) and watched cracked; a word outside the
list, an allowed word that is no answer and a repeated digit refused with the reason shown; a word
thought of and graded by hand to a win (black and white by keys; word marks letter by letter by
clicks and keys), and grades that contradict earlier rows caught with the message naming them, each
checked against brute-force references over the answer list that share no code with the game."""

from __future__ import annotations

import itertools
from collections import Counter

import pygame

from game.core.config import GameConfig
from game.core.state import Outcome
from game.core.variants import grade_words
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant
from game.core.wordlists import code_word, word_code, word_lists
from game.modes.maker.handgrade import HandGradeState
from game.play.handgrade import Ending
from game.screens.codemaker import CodemakerState, Mode
from game.screens.menu import MenuState
from game.screens.result import ResultState
from game.screens.solving import SolvingState
from game.ui.board import mark_rect
from tests.screens.driver import choose_entry, click, drawn_lines, key, make_app, post, press_key
from tests.screens.test_handgrade import wait_ready
from tests.screens.test_word_games import counted_grade, type_text

WORDS = GameConfig(variant=WordVariant())
MARKS = GameConfig(variant=WordMarksVariant())
DIGITS = GameConfig(variant=BullsAndCowsVariant())


def answers() -> list[tuple[int, ...]]:
    lists = word_lists()
    return [lists.answer(rank) for rank in range(len(lists.answers))]


def reference_marks(guess, secret) -> tuple[int, ...]:
    """A mark a letter by counting: 2 in place; else 1 while this letter's earlier non-exact copies in
    the guess are fewer than the secret's copies outside the exact places; else 0."""
    exact = [g == s for g, s in zip(guess, secret, strict=True)]
    spare = Counter(s for s, hit in zip(secret, exact, strict=True) if not hit)
    marks = []
    for i, (g, hit) in enumerate(zip(guess, exact, strict=True)):
        earlier = sum(1 for j in range(i) if guess[j] == g and not exact[j])
        marks.append(2 if hit else int(earlier < spare[g]))
    return tuple(marks)


def fitting(history, grade_of, codes) -> list:
    """The codes that give every row of `history` its grade, by `grade_of` (brute force)."""
    return [c for c in codes if all(tuple(grade_of(g, c)) == tuple(int(n) for n in fb) for g, fb in history)]


def run_to(app, kind, frames: int = 4000) -> None:
    for _ in range(frames):
        if isinstance(app.state, kind):
            return
        app.step([], 0.05)
    raise AssertionError(f"never reached {kind.__name__}: still {type(app.state).__name__}")


# --- the codemaker ---------------------------------------------------------------------------------


def test_word_maker__a_word_typed_and_clicked_on_the_tiles_is_cracked_by_the_computer() -> None:
    app = make_app(size=(640, 480), start=MenuState())
    choose_entry(app, "Your word, cracked")
    state = app.state
    assert isinstance(state, CodemakerState) and state.mode is Mode.MAKE and state.shape == WordVariant()
    type_text(app, "cr")  # C and R are letters here, not shortcuts
    layout = state.layout()
    assert layout.palette_rows < 26  # the tile keyboard wraps into columns at 640x480
    for letter in word_code("ane"):
        click(app, layout.palette_rect(letter).center)
    assert state.secret == list(word_code("crane")) and state.problem() is None
    assert "Ready: Start or press Enter" in drawn_lines(app)
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, SolvingState)
    solving = app.state
    assert solving.start_game.secret == word_code("crane")
    shown = []
    for _ in range(4000):  # animated: rows appear one at a time, frame by frame
        if not isinstance(app.state, SolvingState):
            break
        app.step([], 0.05)
        shown.append(solving.run.shown_rows)
    assert shown == sorted(shown) and len(set(shown)) > 2
    run_to(app, ResultState)
    game = app.state.game
    assert game.outcome is Outcome.WON and code_word(game.rows[-1].guess) == "crane"
    for guess, grade in game.history:  # graded as counting letters grades them
        assert (grade.black, grade.white) == counted_grade(guess, word_code("crane"))


def test_word_maker__words_outside_the_list_or_the_answers_are_refused_with_the_reason() -> None:
    state = CodemakerState(Mode.MAKE, WORDS)
    app = make_app(size=(640, 480), start=state)
    type_text(app, "qxzzy")
    assert state.problem() == "QXZZY is not in the word list"
    press_key(app, pygame.K_RETURN)  # Start is refused
    assert app.state is state
    assert "QXZZY is not in the word list" in " ".join(drawn_lines(app))
    lists = word_lists()
    answer_set = set(answers())
    allowed = (tuple(int(v) for v in row) for row in lists.allowed.codes)
    beyond = next(code for code in allowed if code not in answer_set)  # allowed as a guess only
    for _ in range(5):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, code_word(beyond))
    assert state.problem().startswith(f"{code_word(beyond).upper()} is a word, but not one of the")
    press_key(app, pygame.K_RETURN)
    assert app.state is state


def test_word_maker__a_repeated_digit_is_refused_and_a_number_is_cracked() -> None:
    state = CodemakerState(Mode.MAKE, DIGITS)
    app = make_app(start=state)
    type_text(app, "4074")
    assert "4 is in twice: each digit is different" in " ".join(drawn_lines(app))
    press_key(app, pygame.K_RETURN)
    assert app.state is state
    press_key(app, pygame.K_BACKSPACE)
    type_text(app, "1")
    assert state.secret == [4, 0, 7, 1] and state.problem() is None
    press_key(app, pygame.K_RETURN)
    run_to(app, ResultState)
    game = app.state.game
    assert game.outcome is Outcome.WON and game.rows[-1].guess == (4, 0, 7, 1)
    for guess, grade in game.history:
        assert (grade.bulls, grade.cows) == counted_grade(guess, (4, 0, 7, 1))


def test_word_maker__shape_steps_from_colours_to_the_games_of_symbols_and_back() -> None:
    state = CodemakerState(Mode.MAKE, GameConfig(4, 6))
    app = make_app(start=state)
    press_key(app, pygame.K_1)
    seen = []
    while state.shape not in seen:  # the + of the last shape does nothing
        seen.append(state.shape)
        click(app, state.layout().stepper_parts("shape")[2].center)
    names = [shape.name for shape in seen]
    assert names[0] == "row" and names[-3:] == ["bulls-and-cows", "words", "word-marks"]
    assert state.shape == WordMarksVariant() and state.secret == [None] * 5 and state.code_colours() == 26
    assert state.fixed_choices() == {"pegs": "5", "colours": "A-Z", "duplicates": "On"}
    for _ in range(len(seen)):
        click(app, state.layout().stepper_parts("shape")[0].center)
    assert state.shape.name == "row" and (state.pegs, state.colours) == (4, 6)


# --- hand grading ----------------------------------------------------------------------------------


def test_word_handgrade__a_word_thought_of_graded_by_keys_to_a_win() -> None:
    secret = word_code("plant")
    app = make_app(size=(640, 480), start=MenuState())
    choose_entry(app, "A word you think of")
    assert isinstance(app.state, CodemakerState) and app.state.mode is Mode.GRADE
    press_key(app, pygame.K_RETURN)
    state = app.state
    assert isinstance(state, HandGradeState) and state.config.variant == WordVariant()
    for _ in range(WORDS.turns):
        wait_ready(app, state)
        if state.run.over:
            break
        black, white = counted_grade(state.run.guess, secret)
        for k, n in ((pygame.K_b, black), (pygame.K_w, white)):
            for _ in range(n):
                press_key(app, k)
        press_key(app, pygame.K_RETURN)
        wait_ready(app, state)
        left = fitting(state.run.game.history, counted_grade, answers())
        assert state.run.possible == len(left) and secret in left
        assert f"{len(left):,} {'word' if len(left) == 1 else 'words'}" in " ".join(drawn_lines(app))
    assert state.run.ending is Ending.SOLVED and state.run.game.rows[-1].guess == secret
    assert "Your word is PLANT" in state.run.message()


def test_word_handgrade__word_marks_set_letter_by_letter_by_clicks_and_keys_to_a_win() -> None:
    secret = word_code("geese")  # an answer with a letter thrice: marks resolved left to right
    state = HandGradeState(MARKS, "entropy")
    app = make_app(size=(1280, 800), start=state)
    by_keys = False
    for _ in range(MARKS.turns):
        wait_ready(app, state)
        if state.run.over:
            break
        marks = reference_marks(state.run.guess, secret)
        row = len(state.run.game.rows)
        if by_keys:
            for mark in marks:  # 0, 1, 2 mark the letter at the cursor and move it on
                press_key(app, pygame.K_0 + mark)
        else:
            for col, mark in enumerate(marks):  # a click on a letter's mark turns it once per click
                for _ in range(mark):
                    click(app, mark_rect(state.layout(), row, col).center)
        assert tuple(state.run.pending) == marks
        press_key(app, pygame.K_RETURN)
        by_keys = not by_keys
        wait_ready(app, state)
        assert state.run.refusal is None and len(state.run.game.rows) == row + 1
        left = fitting(state.run.game.history, reference_marks, answers())
        assert state.run.over or state.run.possible == len(left)
    assert state.run.ending is Ending.SOLVED and code_word(state.run.game.rows[-1].guess) == "geese"


def contradicting_grade(history, guess, grade_of, codes, grades):
    """A grade of `guess` that some code gives but none together with `history` (brute force)."""
    for grade in grades:
        alone = [c for c in codes if tuple(grade_of(guess, c)) == grade]
        if alone and not fitting(history, grade_of, alone):
            return grade
    raise AssertionError("every grade of this guess fits some code with the earlier rows")


def test_word_handgrade__a_grade_that_contradicts_an_earlier_row_is_caught_with_its_message() -> None:
    secret = word_code("crane")
    state = HandGradeState(WORDS, "entropy")
    app = make_app(start=state)
    wait_ready(app, state)
    first = counted_grade(state.run.guess, secret)
    for k, n in ((pygame.K_b, first[0]), (pygame.K_w, first[1])):
        for _ in range(n):
            press_key(app, k)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    history = state.run.game.history
    grades = [(b, w) for b in range(5) for w in range(6 - b) if (b, w) != (4, 1)]
    bad = contradicting_grade(history, state.run.guess, counted_grade, answers(), grades)
    for k, n in ((pygame.K_b, bad[0]), (pygame.K_w, bad[1])):
        for _ in range(n):
            press_key(app, k)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    assert len(state.run.game.rows) == 1 and state.run.conflict_rows == (0,)
    said = (
        f"row 2 graded {bad[0]} black, {bad[1]} white contradicts row 1, which was graded "
        f"{first[0]} black, {first[1]} white: no word in the list fits both"
    )
    assert state.run.refusal == said
    assert said.split(":")[0] in " ".join(drawn_lines(app)).lower()


def test_word_handgrade__bulls_and_cows_graded_with_b_and_c_and_a_contradiction_named() -> None:
    secret = (5, 6, 7, 8)  # the first guess shares no digit with it: later ones can contradict that
    state = HandGradeState(DIGITS, "entropy")
    app = make_app(start=state)
    numbers = list(itertools.permutations(range(10), 4))
    wait_ready(app, state)
    bulls, cows = counted_grade(state.run.guess, secret)
    for k, n in ((pygame.K_b, bulls), (pygame.K_c, cows)):
        for _ in range(n):
            press_key(app, k)
    assert tuple(state.run.pending) == (bulls, cows)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    assert state.run.possible == len(fitting(state.run.game.history, counted_grade, numbers))
    grades = [(b, c) for b in range(5) for c in range(5 - b) if (b, c) != (3, 1)]
    bad = contradicting_grade(state.run.game.history, state.run.guess, counted_grade, numbers, grades)
    for k, n in ((pygame.K_b, bad[0]), (pygame.K_c, bad[1])):
        for _ in range(n):
            press_key(app, k)
    press_key(app, pygame.K_RETURN)
    wait_ready(app, state)
    assert state.run.conflict_rows == (0,)
    first = grade_words(state.run.game.rows[0].feedback)
    assert state.run.refusal == (
        f"row 2 graded {grade_words(DIGITS.variant.grade(*bad))} contradicts row 1, which was graded "
        f"{first}: no number fits both"
    )
    press_key(app, pygame.K_u)  # the first grade undone: its guess back, the grade to set again
    assert not state.run.game.rows
    post(app, key(pygame.K_BACKSPACE))
    assert tuple(state.run.pending) == (0, 0)


# --- the coach and the hint in the game's own words ------------------------------------------------


def test_word_coach__says_words_and_letters_and_the_hint_counts_words(tmp_path) -> None:
    from game.app import App
    from game.core.facts import what_we_know
    from game.modes.classic.hooks import ClassicHooks
    from game.screens.base import Push
    from game.screens.hint import HintOverlay
    from game.screens.playing import PlayingState
    from game.store import Store
    from tests.screens.driver import settle
    from tests.screens.test_hard_mode_coach import coach_settled, shown

    app = App(size=(1280, 800), seed=11, store=Store(tmp_path), start=None)
    app.session.change_settings(coach=True)
    app.apply(Push(PlayingState(WORDS, secret=word_code("focal"), hooks=ClassicHooks())))
    pygame.event.clear()
    state = app.state
    for word in ("plant", "moist"):
        type_text(app, word)
        press_key(app, pygame.K_RETURN)
        settle(app, 1.5)
    coach_settled(app)
    words = shown(app)
    left = fitting(state.game.history, counted_grade, answers())
    assert f"{len(left):,} words fit every grade so far." in words
    known = what_we_know(WORDS, state.game.history)
    assert known.possible == len(left) and known.facts
    for fact in known.facts:  # each holds for every word left, and is said in the coach's column
        text = fact.text(WORDS)
        assert text.endswith("is not in the word") and text.capitalize() in words
        assert all(fact.colour not in code for code in left)
    assert "codes fit" not in words and "the code" not in words
    type_text(app, "plant")  # a listed word the board already rules out: Why not? says so in words
    assert "If the word were PLANT, row 1 would have been graded 5 black 0 white" in shown(app)
    app.apply(Push(HintOverlay(state.game)))
    assert "How many words?" in drawn_lines(app)
    press_key(app, pygame.K_c)  # the count
    for _ in range(600):
        if app.state.hint is not None:
            break
        app.step([], 1 / 60)
    assert f"{len(left):,} words still possible" in drawn_lines(app)
