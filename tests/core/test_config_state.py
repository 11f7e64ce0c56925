"""Config validation, the turn-limit rule, and the immutable game state with its moves."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.codes import Feedback
from game.core.config import (
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    PRESETS,
    ConfigError,
    Difficulty,
    GameConfig,
    preset,
    turn_limit,
)
from game.core.state import (
    Guess,
    MoveError,
    Outcome,
    Reveal,
    apply_move,
    move_from_text,
    move_to_text,
    new_game,
    replay,
)
from game.core.variants import VARIANTS


def test_turn_limit__classic_is_ten_at_4x6():
    assert turn_limit(4, 6) == 10
    assert preset("classic").config().turns == 10


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_turn_limit__never_decreases_as_the_game_grows(difficulty):
    for pegs in range(MIN_PEGS, MAX_PEGS + 1):
        for colours in range(MIN_COLOURS, MAX_COLOURS + 1):
            here = turn_limit(pegs, colours, difficulty)
            assert here >= 1
            if pegs < MAX_PEGS:
                assert turn_limit(pegs + 1, colours, difficulty) >= here
            if colours < MAX_COLOURS:
                assert turn_limit(pegs, colours + 1, difficulty) >= here
            assert turn_limit(pegs, colours, Difficulty.TIGHT) <= turn_limit(pegs, colours)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(pegs=1), "pegs must be a whole number from 2 to 10"),
        (dict(pegs=11), "from 2 to 10"),
        (dict(colours=11), "colours must be a whole number from 2 to 10"),
        (dict(pegs=5, colours=4, duplicates=False), "at least 5 colours"),
        (dict(difficulty="brutal"), "difficulty must be one of"),
        (dict(turns=99), "turns must be"),
    ],
)
def test_config__bad_values_raise_a_message_saying_what_is_allowed(kwargs, words):
    with pytest.raises(ConfigError, match=words):
        GameConfig(**kwargs)


def test_config__presets_are_valid_and_named():
    names = [p.name for p in PRESETS]
    assert len(set(names)) == len(names) and {"Easy", "Classic", "Super", "Expert"} <= set(names)
    assert all(preset(name).config() == p.config() for name, p in zip(names, PRESETS, strict=True))
    assert preset("super").config().pegs == 5
    with pytest.raises(ConfigError, match="Custom"):
        preset("nightmare")


def test_state__a_game_is_won_lost_or_revealed_and_old_states_stay_as_they_were():
    config = GameConfig(4, 6)
    start = new_game(config, (0, 1, 2, 3))
    after = apply_move(start, Guess((0, 0, 1, 1)))
    assert start.rows == () and after.rows[0].feedback == Feedback(1, 1)
    won = apply_move(after, Guess((0, 1, 2, 3)))
    assert won.outcome is Outcome.WON
    with pytest.raises(MoveError, match="over"):
        apply_move(won, Guess((0, 1, 2, 3)))
    state = start
    for _ in range(config.turns):
        state = apply_move(state, Guess((5, 5, 5, 5)))
    assert state.outcome is Outcome.LOST and len(state.rows) == 10
    assert apply_move(start, Reveal()).outcome is Outcome.REVEALED


def test_state__illegal_guesses_are_refused_with_a_reason():
    state = new_game(GameConfig(4, 6, duplicates=False), (0, 1, 2, 3))
    with pytest.raises(MoveError, match="does not allow a colour twice"):
        apply_move(state, Guess((0, 0, 1, 2)))
    with pytest.raises(MoveError, match="4 pegs"):
        apply_move(state, Guess((0, 1, 2)))


def test_state__hand_graded_game_needs_and_checks_grades():
    state = new_game(GameConfig(4, 6), None)
    with pytest.raises(MoveError, match="needs its grade"):
        apply_move(state, Guess((0, 0, 1, 1)))
    with pytest.raises(MoveError, match="cannot happen"):
        apply_move(state, Guess((0, 0, 1, 1), Feedback(3, 1)))
    state = apply_move(state, Guess((0, 0, 1, 1), Feedback(4, 0)))
    assert state.outcome is Outcome.WON


@given(
    st.lists(st.integers(0, 9), min_size=2, max_size=8).map(tuple),
    st.one_of(st.none(), st.tuples(st.integers(0, 8), st.integers(0, 8))),
)
def test_move_text__round_trips(code, grade):
    move = Guess(code, None if grade is None else Feedback(*grade))
    assert move_from_text(move_to_text(move)) == move
    assert move_from_text(move_to_text(Reveal())) == Reveal()


# (letters are code text too: a word's letters past j are values 10 and up, so "g00a1" reads)
@pytest.mark.parametrize("text", ["", "x0011", "g", "g00#1", "g00A1", "g0011=a,b", "g0011=2,"])
def test_move_text__bad_text_raises_move_error(text):
    with pytest.raises(MoveError):
        move_from_text(text)


def test_move_text__a_hand_grade_reads_only_with_as_many_numbers_as_some_variant_grades_with():
    counts = {len(cls.kinds) for cls in VARIANTS}
    for numbers in range(1, 6):
        text = "g0011=" + ",".join(["1"] * numbers)
        if numbers in counts:
            assert tuple(move_from_text(text).feedback) == (1,) * numbers
        else:
            with pytest.raises(MoveError):
                move_from_text(text)


def test_replay__rebuilds_the_same_state():
    config = GameConfig(4, 6)
    state = new_game(config, (1, 2, 3, 4))
    for code in [(0, 0, 1, 1), (1, 2, 2, 3), (1, 2, 3, 4)]:
        state = apply_move(state, Guess(code))
    texts = [move_to_text(Guess(row.guess)) for row in state.rows]
    assert replay(config, (1, 2, 3, 4), texts) == state
