"""Tests of game.core.analysis against brute-force references over the whole code space."""

from __future__ import annotations

import itertools
import random

import pytest

from game.core.analysis import Conflict, check_grade, count_possible, first_conflict, hint
from game.core.codes import Feedback, score
from game.core.config import GameConfig
from game.core.grid import GridFeedback
from game.core.solver import is_consistent


def all_codes(config: GameConfig) -> list[tuple[int, ...]]:
    codes = itertools.product(range(config.colours), repeat=config.pegs)
    return [c for c in codes if config.duplicates or len(set(c)) == config.pegs]


def brute_possible(config: GameConfig, history) -> int:
    return sum(is_consistent(code, history) for code in all_codes(config))


def random_history(config: GameConfig, rng: random.Random, rows: int):
    """Rows graded against a random secret, with grades occasionally replaced by random (wrong) ones."""
    codes = all_codes(config)
    secret = rng.choice(codes)
    history = []
    for _ in range(rows):
        guess = rng.choice(codes)
        fb = score(guess, secret)
        if rng.random() < 0.3:
            black = rng.randrange(config.pegs + 1)
            fb = Feedback(black, rng.randrange(config.pegs - black + 1))
        history.append((guess, fb))
    return history


@pytest.mark.parametrize(
    "config", [GameConfig(4, 6), GameConfig(3, 4), GameConfig(4, 6, duplicates=False), GameConfig(2, 5)]
)
def test_count_possible__equals_brute_force(config: GameConfig) -> None:
    rng = random.Random(7)
    for _ in range(15):
        history = random_history(config, rng, rng.randrange(0, 4))
        assert count_possible(config, history) == brute_possible(config, history)


@pytest.mark.parametrize("config", [GameConfig(4, 6), GameConfig(3, 5), GameConfig(4, 6, duplicates=False)])
def test_check_grade__conflict_rows_are_a_smallest_contradiction(config: GameConfig) -> None:
    rng = random.Random(11)
    conflicts = 0
    for _ in range(60):
        history = random_history(config, rng, rng.randrange(1, 6))
        *earlier, (guess, fb) = history
        result = check_grade(config, earlier, guess, fb)
        assert result.possible == brute_possible(config, history)
        if result.possible:
            assert result.conflict is None
            continue
        conflicts += 1
        conflict = result.conflict
        assert conflict is not None and conflict.smallest
        assert conflict.row == len(earlier)
        chosen = [earlier[r] for r in conflict.rows] + [(guess, fb)]
        assert brute_possible(config, chosen) == 0
        # No smaller set of earlier rows contradicts the new grade.
        for size in range(len(conflict.rows)):
            for combo in itertools.combinations(range(len(earlier)), size):
                assert brute_possible(config, [earlier[r] for r in combo] + [(guess, fb)]) > 0
    assert conflicts >= 5  # the random histories did exercise the conflict path


def test_check_grade__names_rows_in_message() -> None:
    config = GameConfig(4, 6)
    secret = (0, 1, 2, 3)
    guesses = [(0, 0, 1, 1), (4, 4, 5, 5), (1, 2, 3, 4)]
    history = [(g, score(g, secret)) for g in guesses]
    # Row 1 graded 0011 as 1B1W; grading the same guess 0B0W later contradicts row 1 alone.
    result = check_grade(config, history, (0, 0, 1, 1), Feedback(0, 0))
    assert result.conflict is not None
    assert result.conflict.rows == (0,)
    assert result.conflict.message == (
        "row 4 graded 0 black, 0 white contradicts row 1, which was graded 1 black, 1 white: "
        "no code fits both"
    )


def test_conflict__message_lists_several_rows() -> None:
    conflict = Conflict(row=3, guess=(0, 0, 0, 0), feedback=Feedback(2, 1), rows=(0, 2))
    assert (
        conflict.message == "row 4 graded 2 black, 1 white contradicts rows 1 and 3: no code fits all three"
    )
    conflict = Conflict(
        row=5,
        guess=(0, 0, 0, 0),
        feedback=Feedback(0, 0),
        rows=(0, 1, 4),
        grades=(Feedback(1, 0), Feedback(0, 2), Feedback(1, 1)),
    )
    assert conflict.message == (
        "row 6 graded 0 black, 0 white contradicts rows 1, 2 and 5 (row 1 was graded 1 black, 0 white; "
        "row 2 was graded 0 black, 2 white; row 5 was graded 1 black, 1 white): no code fits all four"
    )


def test_conflict__grid_grades_in_words() -> None:
    conflict = Conflict(
        row=2, guess=(0, 0, 0, 0), feedback=GridFeedback(2, 1, 0), rows=(0,), grades=(GridFeedback(0, 0, 1),)
    )
    assert conflict.message == (
        "row 3 graded 2 black, 1 grey, 0 white contradicts row 1, which was graded 0 black, 0 grey, 1 white: "
        "no code fits both"
    )


def test_check_grade__impossible_on_its_own_names_no_rows() -> None:
    config = GameConfig(4, 6)
    result = check_grade(config, [], (0, 0, 0, 0), Feedback(1, 1))
    assert result.conflict is not None and result.conflict.rows == ()
    assert "cannot happen" in result.conflict.message


def test_first_conflict__finds_the_first_bad_row() -> None:
    config = GameConfig(4, 6)
    secret = (5, 4, 3, 2)
    history = [((0, 0, 1, 1), score((0, 0, 1, 1), secret)), ((2, 3, 4, 5), score((2, 3, 4, 5), secret))]
    assert first_conflict(config, history) is None
    history.append(((2, 3, 4, 5), Feedback(4, 0)))
    conflict = first_conflict(config, history)
    assert conflict is not None and conflict.row == 2 and conflict.rows == (1,)


def test_hint__count_and_guess_match_brute_force() -> None:
    config = GameConfig(4, 6)
    secret = (2, 2, 5, 0)
    history = [(g, score(g, secret)) for g in [(0, 0, 1, 1), (2, 3, 4, 5)]]
    expected = brute_possible(config, history)
    lowest = hint(config, history, random.Random(1), "lowest")
    assert lowest.possible == expected and lowest.strategy == "lowest"
    assert lowest.guess == min(c for c in all_codes(config) if is_consistent(c, history))
    strongest = hint(config, history, random.Random(1))
    assert strongest.possible == expected
    assert config.is_legal(strongest.guess)


def test_check_grade__large_space_path_names_a_smallest_contradiction(monkeypatch) -> None:
    """The subset-query path used above MASK_PASS_MAX_CODES agrees with the brute-force reference."""
    from game.core import analysis

    monkeypatch.setattr(analysis, "MASK_PASS_MAX_CODES", 0)
    config = GameConfig(4, 6)
    rng = random.Random(19)
    conflicts = 0
    for _ in range(40):
        history = random_history(config, rng, rng.randrange(1, 5))
        *earlier, (guess, fb) = history
        result = analysis.check_grade(config, earlier, guess, fb)
        if result.conflict is None:
            continue
        conflicts += 1
        rows = result.conflict.rows
        assert result.conflict.smallest
        assert brute_possible(config, [earlier[r] for r in rows] + [(guess, fb)]) == 0
        for size in range(len(rows)):
            for combo in itertools.combinations(range(len(earlier)), size):
                assert brute_possible(config, [earlier[r] for r in combo] + [(guess, fb)]) > 0
    assert conflicts >= 3
