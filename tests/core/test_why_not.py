"""Why not? (game/core/whynot.py): the first earlier row that rules a draft out, checked against a
grader written here from the rules alone, on seeded random games at 4x6, 5x8, without repeats and on
a grid; a draft that fits every grade never gets a reason."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.core.config import GameConfig
from game.core.variants import GridVariant
from game.core.whynot import why_not


def brute_row_grade(guess, secret) -> tuple[int, int]:
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


def brute_grid_grade(guess, secret, rows: int, cols: int) -> tuple[int, int, int]:
    """Black, grey, white with grey found by trying every pairing of the open cells (tiny grids)."""
    cells = rows * cols
    black = sum(guess[i] == secret[i] for i in range(cells))
    open_cells = [i for i in range(cells) if guess[i] != secret[i]]

    def shares(i: int, j: int) -> bool:
        return i != j and (i // cols == j // cols or i % cols == j % cols)

    grey = 0
    for order in itertools.permutations(open_cells):
        pairs = sum(guess[i] == secret[j] and shares(i, j) for i, j in zip(open_cells, order, strict=True))
        grey = max(grey, pairs)
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, grey, common - black - grey


def brute_grade(config: GameConfig, guess, secret) -> tuple[int, ...]:
    if config.variant.name == "row":
        return brute_row_grade(guess, secret)
    return brute_grid_grade(guess, secret, *config.variant.shape)


def random_code(config: GameConfig, rng: random.Random) -> tuple[int, ...]:
    if config.duplicates:
        return tuple(rng.randrange(config.colours) for _ in range(config.pegs))
    return tuple(rng.sample(range(config.colours), config.pegs))


def random_game(config: GameConfig, rng: random.Random, rows: int):
    secret = random_code(config, rng)
    history = []
    for _ in range(rows):
        guess = random_code(config, rng)
        history.append((guess, brute_grade(config, guess, secret)))
    return secret, history


def fits(config: GameConfig, history, code) -> bool:
    return all(brute_grade(config, guess, code) == tuple(got) for guess, got in history)


CONFIGS = [
    GameConfig(4, 6),
    GameConfig(5, 8),
    GameConfig(4, 6, duplicates=False),
    GameConfig(colours=3, variant=GridVariant(2, 2)),
    GameConfig(colours=4, variant=GridVariant(2, 3)),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.to_text().replace(" ", "_"))
def test_why_not__names_the_first_row_whose_grade_the_draft_would_change(config: GameConfig) -> None:
    rng = random.Random(7 + config.pegs * 100 + config.colours)
    checked = 0
    for _ in range(60):
        _, history = random_game(config, rng, rng.randint(1, 6))
        for _ in range(8):
            draft = random_code(config, rng)
            reason = why_not(config, history, draft)
            if fits(config, history, draft):
                assert reason is None
                continue
            assert reason is not None
            checked += 1
            guess, got = history[reason.row]
            assert reason.guess == guess and tuple(reason.got) == tuple(got)
            assert tuple(reason.would_get) == brute_grade(config, guess, draft) != tuple(got)
            assert all(brute_grade(config, g, draft) == tuple(f) for g, f in history[: reason.row])
    assert checked > 200


@pytest.mark.parametrize("config", CONFIGS[:3], ids=lambda c: c.to_text().replace(" ", "_"))
def test_why_not__a_draft_that_fits_every_grade_gets_no_reason(config: GameConfig) -> None:
    rng = random.Random(11 + config.pegs)
    found = 0
    for _ in range(20):
        secret, history = random_game(config, rng, rng.randint(1, 4))
        assert why_not(config, history, secret) is None  # the secret always fits
        # other codes that fit, found by trying random ones against the brute-force grader
        for _ in range(400):
            code = random_code(config, rng)
            if fits(config, history, code):
                found += 1
                assert why_not(config, history, code) is None
    assert found > 20


def test_why_not__every_code_of_a_4x6_game_is_judged_like_the_brute_force() -> None:
    config = GameConfig(4, 6)
    rng = random.Random(3)
    _, history = random_game(config, rng, 3)
    for draft in itertools.product(range(6), repeat=4):
        assert (why_not(config, history, draft) is None) == fits(config, history, draft)


def test_why_not__sentence_numbers_rows_and_colours_as_the_board_does() -> None:
    config = GameConfig(4, 6)
    # the row game's example: row 3 graded 1 black 1 white, the draft 1 2 3 4 would have got more
    history = [((5, 5, 5, 5), (0, 0)), ((4, 4, 4, 4), (0, 0)), ((0, 1, 2, 0), (1, 1))]
    reason = why_not(config, history, (0, 1, 2, 3))
    assert reason is not None and reason.row == 2
    assert reason.text() == (
        "if the code were 1 2 3 4, row 3 would have been graded 3 black 0 white; it got 1 black 1 white"
    )
    assert reason.text(lambda c: "abcdef"[c]).startswith("if the code were a b c d,")


def test_why_not__grid_sentence_has_grey_and_the_grid_rows() -> None:
    config = GameConfig(colours=3, variant=GridVariant(2, 2))
    history = [((0, 0, 1, 1), brute_grid_grade((0, 0, 1, 1), (1, 1, 0, 0), 2, 2))]
    reason = why_not(config, history, (0, 0, 1, 1))
    assert reason is not None
    assert reason.text() == (
        "if the code were 1 1 / 2 2, row 1 would have been graded 4 black 0 grey 0 white; "
        "it got 0 black 4 grey 0 white"
    )


def test_why_not__tenth_colour_shows_as_zero_like_its_key() -> None:
    config = GameConfig(2, 10)
    reason = why_not(config, [((9, 9), (0, 0))], (9, 0))
    assert reason is not None and reason.text().startswith("if the code were 0 1, row 1")


def test_why_not__refuses_a_draft_of_the_wrong_length() -> None:
    with pytest.raises(ValueError, match="4 pegs"):
        why_not(GameConfig(4, 6), [], (0, 1, 2))
