"""The 2-D puzzle's grading against a brute-force reference, its packing, symmetries and config."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.codes import colour_counts, decode
from game.core.config import ConfigError, Difficulty, GameConfig, turn_limit
from game.core.grid import (
    GridFeedback,
    grade_count_grid,
    grid_grades,
    pack_grid,
    score_grid,
    symmetries,
    unpack_grid,
)
from game.core.gridspace import shapes as grid_shapes
from game.core.variants import GridVariant, RowVariant


def brute_grey(guess: tuple, secret: tuple, rows: int, cols: int) -> int:
    """Grey by trying every assignment: each open guess cell pairs with no cell or with any free open
    secret cell of its colour in its row or column; the largest number of pairs wins."""
    cells = rows * cols
    open_cells = [i for i in range(cells) if guess[i] != secret[i]]

    def shares(i: int, j: int) -> bool:
        return i != j and (i // cols == j // cols or i % cols == j % cols)

    def best(k: int, taken: frozenset) -> int:
        if k == len(open_cells):
            return 0
        i = open_cells[k]
        most = best(k + 1, taken)
        for j in open_cells:
            if j not in taken and guess[i] == secret[j] and shares(i, j):
                most = max(most, 1 + best(k + 1, taken | {j}))
        return most

    return best(0, frozenset())


def brute_grade(guess: tuple, secret: tuple, rows: int, cols: int) -> GridFeedback:
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    grey = brute_grey(guess, secret, rows, cols)
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess) | set(secret))
    return GridFeedback(black, grey, common - black - grey)


def all_codes(cells: int, colours: int) -> np.ndarray:
    return decode(np.arange(colours**cells), cells, colours)


def batch(guesses: np.ndarray, codes: np.ndarray, colours: int, rows: int, cols: int) -> np.ndarray:
    return grid_grades(
        guesses, colour_counts(guesses, colours), codes, colour_counts(codes, colours), rows, cols
    )


def test_grid_grades__equal_the_brute_force_on_every_pair_of_2x2_codes_with_4_colours():
    codes = all_codes(4, 4)
    table = batch(codes, codes, 4, 2, 2)
    as_tuples = [tuple(int(p) for p in row) for row in codes]
    for g, guess in enumerate(as_tuples):
        for s, secret in enumerate(as_tuples):
            expected = brute_grade(guess, secret, 2, 2)
            assert unpack_grid(table[g, s], 4) == expected, (guess, secret)
    assert score_grid(as_tuples[27], as_tuples[228], 2, 2) == unpack_grid(table[27, 228], 4)


def test_grid_grades__symmetric_in_guess_and_secret_on_every_2x2_pair():
    codes = all_codes(4, 4)
    table = batch(codes, codes, 4, 2, 2)
    assert np.array_equal(table, table.T)


shapes = st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 3)])


@st.composite
def grid_pairs(draw):
    rows, cols = draw(shapes)
    colours = draw(st.integers(2, 5))
    cell = st.integers(0, colours - 1)
    guess = tuple(draw(st.lists(cell, min_size=rows * cols, max_size=rows * cols)))
    secret = tuple(draw(st.lists(cell, min_size=rows * cols, max_size=rows * cols)))
    return rows, cols, colours, guess, secret


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_pairs())
def test_score_grid__equals_the_brute_force_and_the_batch_up_to_3x4(pair):
    rows, cols, colours, guess, secret = pair
    expected = brute_grade(guess, secret, rows, cols)
    assert score_grid(guess, secret, rows, cols) == expected
    assert score_grid(secret, guess, rows, cols) == expected
    both = np.array([guess, secret], dtype=np.uint8)
    grades = batch(both, both, colours, rows, cols)
    assert unpack_grid(grades[0, 1], rows * cols) == expected
    assert grades[0, 1] == grades[1, 0]
    assert unpack_grid(grades[0, 0], rows * cols) == GridFeedback(rows * cols, 0, 0)


def test_score_grid__worked_example_of_the_readme():
    # secret  R G     guess  R B     black: R at top left. grey: the guess's G (bottom right) and the
    #         B R            Y G     secret's G (top right) share a column. white: the guess's B (top
    # right) and the secret's B (bottom left) share neither row nor column. Y is not in the secret.
    red, green, blue, yellow = 0, 1, 2, 3
    secret = (red, green, blue, red)
    guess = (red, blue, yellow, green)
    assert score_grid(guess, secret, 2, 2) == GridFeedback(black=1, grey=1, white=1)
    assert brute_grade(guess, secret, 2, 2) == GridFeedback(1, 1, 1)
    # the same colours in a row of 4 pegs: 1 black, 2 white
    assert GameConfig(4, 4).variant.score(guess, secret) == (1, 2)


def test_pack_grid__is_a_bijection_onto_the_grade_range_in_black_first_order():
    for cells in (4, 6, 9, 12):
        triples = [(b, g, w) for b in range(cells + 1) for g in range(cells + 1) for w in range(cells + 1)]
        valid = [t for t in triples if sum(t) <= cells]
        packed = [pack_grid(t, cells) for t in valid]
        assert sorted(packed) == list(range(grade_count_grid(cells)))
        assert packed == sorted(packed)  # lexicographic (black, grey, white) order
        assert all(unpack_grid(p, cells) == t for p, t in zip(packed, valid, strict=True))


def test_symmetries__keep_every_grade_of_sampled_3x3_and_2x3_pairs():
    rng = np.random.default_rng(5)
    for rows, cols, colours in ((3, 3, 3), (2, 3, 4)):
        guesses = rng.integers(0, colours, size=(40, rows * cols)).astype(np.uint8)
        secrets = rng.integers(0, colours, size=(40, rows * cols)).astype(np.uint8)
        plain = batch(guesses, secrets, colours, rows, cols)
        perms = symmetries(rows, cols)
        assert perms.shape[0] == (72 if (rows, cols) == (3, 3) else 12)
        for perm in perms:
            moved = batch(guesses[:, perm], secrets[:, perm], colours, rows, cols)
            assert np.array_equal(moved, plain)


def orbit_minimum(code: tuple, rows: int, cols: int, colours: int) -> tuple:
    best = None
    for perm in symmetries(rows, cols):
        for relabel in itertools.permutations(range(colours)):
            image = tuple(relabel[code[int(p)]] for p in perm)
            best = image if best is None or image < best else best
    return best


@pytest.mark.parametrize(("rows", "cols", "colours"), [(2, 2, 4), (2, 3, 3)])
def test_grid_shapes__are_the_lowest_codes_of_every_orbit(rows, cols, colours):
    codes = {tuple(int(p) for p in row) for row in all_codes(rows * cols, colours)}
    expected = sorted({orbit_minimum(code, rows, cols, colours) for code in codes})
    assert list(grid_shapes(rows, cols, colours, True)) == expected


def test_grid_config__pegs_are_the_cells_and_the_text_form_round_trips():
    configs = [
        GameConfig(variant=GridVariant(2, 3), colours=4),
        GameConfig(variant=GridVariant(3, 3), colours=9, duplicates=False, difficulty=Difficulty.TIGHT),
        GameConfig(variant=GridVariant(3, 4), colours=3, turns=20),
        GameConfig(5, 8),
        GameConfig(),
    ]
    assert configs[0].pegs == 6 and configs[0].variant.kinds == ("black", "grey", "white")
    assert GameConfig().pegs == 4 and GameConfig().variant == RowVariant(4)
    for config in configs:
        assert GameConfig.from_text(config.to_text()) == config
    assert GameConfig.from_text("grid=2x2") == GameConfig(variant=GridVariant(2, 2), pegs=4)  # earlier form


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("variant=grid:4x4", "at most 12 cells"),
        ("grid=4x4", "at most 12 cells"),
        ("variant=grid:1x3", "sides run from 2"),
        ("pegs=5 variant=grid:2x3", "has 6 cells"),
        ("colours=6 variant=grid:3x3", "at most"),
        ("colours=4 duplicates=no variant=grid:2x3", "need at least"),
    ],
)
def test_grid_config__refuses_sizes_it_does_not_offer_with_a_reason(text, reason):
    with pytest.raises(ConfigError, match=reason):
        GameConfig.from_text(text)


def test_grid_config__from_text_refuses_unreadable_text():
    for text in ("grid=2by3", "pegs=4 pegs=5", "colour=6", "duplicates=maybe"):
        with pytest.raises(ConfigError):
            GameConfig.from_text(text)


def test_grid_turn_limit__is_cells_plus_colours_as_for_a_row_of_as_many_pegs():
    for rows, cols, colours in ((2, 2, 6), (2, 3, 4), (3, 3, 3), (3, 4, 2)):
        config = GameConfig(variant=GridVariant(rows, cols), colours=colours)
        assert config.turns == rows * cols + colours == turn_limit(rows * cols, colours)
        assert turn_limit(0, colours, Difficulty.RELAXED, GridVariant(rows, cols)) == config.turns + 2


def brute_matching(left: list[int], right: list[int], cols: int) -> int:
    """The most pairs (a left cell, a right cell) sharing a row or a column, each cell in one pair."""

    def best(k: int, taken: frozenset) -> int:
        if k == len(left):
            return 0
        i = left[k]
        most = best(k + 1, taken)
        for j in right:
            if j not in taken and (i // cols == j // cols or i % cols == j % cols):
                most = max(most, 1 + best(k + 1, taken | {j}))
        return most

    return best(0, frozenset())


def test_match_table_levels__builds_3x4_in_small_steps_and_agrees_with_a_brute_force():
    from game.core.grid import MATCH_WORDS_PER_STEP, _match_build, match_table_levels

    _match_build.cache_clear()  # another test may have built it: build it afresh, step by step
    rows, cols = 3, 4
    cells = rows * cols
    levels = match_table_levels(rows, cols)
    steps = 0
    try:
        while True:
            next(levels)
            steps += 1
    except StopIteration as stop:
        table = stop.value
    words = np.arange(3**cells)
    digits = (words[:, None] // 3 ** np.arange(cells)) % 3
    in_left = (digits == 1).sum(axis=1)
    slices = sum(-(-int((in_left == level).sum()) // MATCH_WORDS_PER_STEP) for level in range(1, cells + 1))
    assert steps >= cells + slices  # a cell's digits, or one slice of a level, per step
    rng = np.random.default_rng(7)
    for word in rng.choice(words, 400, replace=False):
        left = [c for c in range(cells) if digits[word, c] == 1]
        right = [c for c in range(cells) if digits[word, c] == 2]
        assert table[word] == brute_matching(left, right, cols), (left, right)
