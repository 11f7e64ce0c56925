"""Variants as plug-ins: the lookup by name, the stored form (name and parameters), every variant
through the one protocol against brute-force references, a third variant added from a test alone,
and how far the row-or-grid question reaches into the rest of the game."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import numpy as np
import pytest

from game.core.codes import colour_counts, decode
from game.core.config import SHAPE_CHOICES, ConfigError, GameConfig
from game.core.space import consistent_indices, count_consistent, partition_over_space
from game.core.variants import (
    GRID_SHAPES,
    VARIANTS,
    GradeError,
    GridVariant,
    RowVariant,
    UnknownVariant,
    Variant,
    VariantError,
    setup_choice,
    variant_from_fields,
    variant_from_text,
    variant_named,
)

GAME = Path(__file__).resolve().parents[2] / "game"
# The variants' own files and the board drawing of each: the only places that may tell them apart.
VARIANT_FILES = {
    "core/variants/__init__.py",
    "core/variants/base.py",
    "core/variants/row.py",
    "core/variants/grid.py",
    "core/grid.py",
    "core/rowspace.py",
    "core/gridspace.py",
    "ui/board.py",
    "ui/grid_board.py",
    "ui/layout.py",
}
MOST_OTHER_FILES = 1  # the command line reads its --grid (options.py); no config has a grid to read

# (variant, colours): every code of each is listed, so grading is checked on every pair
SMALL = [(RowVariant(3), 3), (RowVariant(4), 3), (GridVariant(2, 2), 3), (GridVariant(2, 3), 2)]


def near(variant: Variant, i: int, j: int) -> bool:
    """May guess place i and secret place j earn a grey peg? Written from the rules, not the code:
    a row has no grey pegs; in a grid, two different cells sharing a row or a column."""
    if variant.name == "row":
        return False
    cols = variant.shape[1]
    return i != j and (i // cols == j // cols or i % cols == j % cols)


def brute_grade(variant: Variant, guess: tuple, secret: tuple) -> tuple[int, ...]:
    """The grade by trying every pairing: black the equal places; grey the most pairs (an open guess
    place, an open secret place of its colour, `near` each other), each place in one pair at most;
    white the colours in common less both. In the variant's kinds order (no grey in a row)."""
    places = range(len(guess))
    black = sum(guess[i] == secret[i] for i in places)
    open_places = [i for i in places if guess[i] != secret[i]]

    def most(k: int, taken: frozenset) -> int:
        if k == len(open_places):
            return 0
        i = open_places[k]
        best = most(k + 1, taken)
        for j in open_places:
            if j not in taken and guess[i] == secret[j] and near(variant, i, j):
                best = max(best, 1 + most(k + 1, taken | {j}))
        return best

    grey = most(0, frozenset())
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess) | set(secret))
    counts = {"black": black, "grey": grey, "white": common - black - grey}
    return tuple(counts[kind] for kind in variant.kinds)


def test_variant_named__finds_every_registered_variant_and_lists_them_when_not_found():
    assert variant_named("row") is RowVariant and variant_named("grid") is GridVariant
    assert variant_named("Grid") is GridVariant
    assert [variant_named(cls.name) for cls in VARIANTS] == list(VARIANTS)
    with pytest.raises(UnknownVariant, match="row, grid"):
        variant_named("cylinder")


EVERY_VARIANT = [RowVariant(pegs) for pegs in range(2, 11)] + [
    GridVariant(rows, cols) for rows in range(2, 5) for cols in range(2, 5) if rows * cols <= 12
]


def test_variant__text_and_params_name_it_and_read_back_for_every_variant_of_every_kind():
    for variant in EVERY_VARIANT:
        name, _, params = variant.text.partition(":")
        assert variant_named(name) is type(variant)
        assert variant_from_text(variant.text) == variant
        assert type(variant).from_params(variant.params()) == variant
        assert variant_from_fields(0, {"variant": variant.text}) == variant
    assert RowVariant(5).text == "row:5" and GridVariant(2, 3).text == "grid:2x3"
    assert GridVariant(2, 3).params() == {"rows": 2, "cols": 3}


def test_variant__made_with_parameters_the_game_does_not_offer_says_what_is_allowed():
    for bad in ("row:11", "row:1", "grid:5x2", "grid:4x4", "grid:2", "grid:2x3x4", "grid:2x²", "row"):
        with pytest.raises(VariantError):
            variant_from_text(bad)
    with pytest.raises(UnknownVariant, match="row, grid"):
        variant_from_text("cone:3")
    with pytest.raises(VariantError, match="whole number"):
        RowVariant.from_params({"pegs": True})
    with pytest.raises(VariantError, match="rows, cols"):
        GridVariant.from_params({"rows": 2})


def test_variant_from_fields__reads_the_earlier_form_a_grid_key_or_nothing_for_a_row():
    assert variant_from_fields(5, {}) == RowVariant(5)
    assert variant_from_fields(0, {}) == RowVariant(4)
    assert variant_from_fields(6, {"grid": "2x3"}) == GridVariant(2, 3)
    assert variant_from_fields(6, {"grid": "2x3", "variant": "grid:3x2"}) == GridVariant(3, 2)
    with pytest.raises(VariantError):
        variant_from_fields(6, {"grid": ["2", "3"]})


def test_game_config__carries_its_variant_and_its_pegs_are_the_variants_places():
    assert GameConfig(5, 8).variant == RowVariant(5) and GameConfig().variant == RowVariant(4)
    assert GameConfig(5, 8) == GameConfig(colours=8, variant=RowVariant(5))
    grid = GameConfig(colours=4, variant=GridVariant(2, 3))
    assert grid.variant == GridVariant(2, 3) and grid.pegs == 6
    assert GameConfig(6, 4, variant=GridVariant(2, 3)) == grid
    with pytest.raises(ConfigError, match="6 cells, not 5"):
        GameConfig(5, 4, variant=GridVariant(2, 3))
    with pytest.raises(ConfigError, match="variant"):
        GameConfig(colours=4, variant=(2, 3))  # type: ignore[arg-type]
    for variant in EVERY_VARIANT:
        config = GameConfig(colours=3, variant=variant)
        assert GameConfig.from_text(config.to_text()) == config
        assert f"variant={variant.text}" in config.to_text()


def test_setup_choice__finds_every_offered_variant_and_none_for_the_others():
    # every registered variant's offered ones, in registry order: the row first, then the grids' shapes
    assert SHAPE_CHOICES == tuple(choice for cls in VARIANTS for choice in cls.offered())
    grids = [v.shape for v in SHAPE_CHOICES if isinstance(v, GridVariant)]
    assert SHAPE_CHOICES[0] == RowVariant(4) and grids == list(GRID_SHAPES)
    for pegs in range(2, 11):
        assert setup_choice(RowVariant(pegs)) == RowVariant(4)
    for variant in EVERY_VARIANT:
        if isinstance(variant, GridVariant):
            assert (setup_choice(variant) == variant) == (variant.shape in GRID_SHAPES)


@pytest.mark.parametrize(("variant", "colours"), SMALL, ids=lambda v: getattr(v, "label", str(v)))
def test_variant__pack_is_one_to_one_into_its_range_with_more_blacks_higher(variant, colours):
    grades = [
        variant.grade(numbers)
        for numbers in itertools.product(range(variant.pegs + 1), repeat=len(variant.kinds))
        if sum(numbers) <= variant.pegs
    ]
    packed = [variant.pack(grade) for grade in grades]
    assert len(set(packed)) == len(grades) and set(packed) <= set(range(variant.grade_count))
    assert all(variant.unpack(p) == grade for p, grade in zip(packed, grades, strict=True))
    assert max(packed) <= np.iinfo(variant.grade_dtype).max
    by_black = sorted(grades, key=variant.pack)
    assert [g.black for g in by_black] == sorted(g.black for g in grades)
    assert variant.unpack(variant.win) == variant.win_grade and variant.win_grade.black == variant.pegs
    for grade in grades:
        assert variant.grade_from_text(variant.grade_text(grade)) == grade


@pytest.mark.parametrize(("variant", "colours"), SMALL, ids=lambda v: getattr(v, "label", str(v)))
def test_variant__scores_every_pair_as_the_brute_force_symmetrically_and_alike_in_batches(variant, colours):
    codes = decode(np.arange(colours**variant.pegs), variant.pegs, colours)
    counts = colour_counts(codes, colours)
    table = variant.grades_between(codes, counts, codes, counts)
    as_tuples = [tuple(int(p) for p in row) for row in codes]
    for g, guess in enumerate(as_tuples):
        many = variant.score_many(guess, codes, colours, counts)
        assert np.array_equal(many, table[g])
        for s, secret in enumerate(as_tuples):
            grade = variant.score(guess, secret)
            assert tuple(grade) == brute_grade(variant, guess, secret), (guess, secret)
            assert variant.score(secret, guess) == grade
            assert variant.pack(grade) == table[g, s]
            assert variant.check_grade(grade) == grade
    assert np.array_equal(table, table.T)


@pytest.mark.parametrize(("variant", "colours"), SMALL, ids=lambda v: getattr(v, "label", str(v)))
def test_variant__code_space_counts_and_splits_as_grading_every_code_says(variant, colours):
    config = GameConfig(colours=colours, variant=variant)
    codes = [
        tuple(int(p) for p in row) for row in decode(np.arange(colours**variant.pegs), variant.pegs, colours)
    ]
    guess, secret = codes[1], codes[-2]
    history = [(guess, variant.score(guess, secret))]
    fits = [i for i, code in enumerate(codes) if variant.score(guess, code) == history[0][1]]
    assert consistent_indices(config, history).tolist() == fits
    assert count_consistent(config, history) == len(fits) and count_consistent(config, []) == len(codes)
    split = np.bincount(
        [variant.pack(variant.score(guess, code)) for code in codes], minlength=variant.grade_count
    )
    assert np.array_equal(partition_over_space(config, guess), split)


def test_variant__check_grade_refuses_what_no_game_of_the_size_gives():
    row, grid = RowVariant(4), GridVariant(2, 2)
    with pytest.raises(GradeError, match="3 black and 1 white"):
        row.check_grade((3, 1))
    with pytest.raises(GradeError, match="3 black and 1 more"):
        grid.check_grade((3, 1, 0))
    with pytest.raises(GradeError, match="3 numbers"):
        grid.check_grade((2, 1))


def attribute_reads(tree: ast.AST) -> list[ast.Attribute]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ("grid", "is_grid")]


def test_variant__at_most_one_file_beyond_the_variants_own_read_grid_and_none_branches_on_it():
    readers, branches = [], []
    for path in sorted(GAME.rglob("*.py")):
        name = path.relative_to(GAME).as_posix()
        if name in VARIANT_FILES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if attribute_reads(tree):
            readers.append(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.If | ast.IfExp | ast.While) and attribute_reads(node.test):
                branches.append(f"{name}:{node.lineno}")
            elif isinstance(node, ast.BoolOp) and any(attribute_reads(v) for v in node.values[:-1]):
                branches.append(f"{name}:{node.lineno}")
    assert len(readers) <= MOST_OTHER_FILES, readers
    assert branches == []


def test_variant_registry__is_read_from_module_names_in_order_and_refuses_a_module_without_one():
    from game.core import variants

    assert variants._registered(variants.MODULES) == VARIANTS
    assert variants._registered(tuple(reversed(variants.MODULES[:2]))) == (GridVariant, RowVariant)
    with pytest.raises(TypeError, match="base names no Variant"):
        variants._registered(("base",))
