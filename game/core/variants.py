"""The variants, one class each behind the Variant protocol (variant.py), and the lookup by name.

As python-chess's chess/variant.py: VARIANTS lists them, variant_named("grid") finds one by its
name. RowVariant is the classic row graded (black, white), its rules in codes.py and its code space
in rowspace.py; GridVariant the R x C grid graded (black, grey, white), in grid.py and gridspace.py.
variant_of(pegs, grid) makes the variant of a config's stored fields (GameConfig.variant) and
checked_variant() checks them as a config must; variant_from_fields() reads a table header's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

import numpy as np

from . import gridspace, rowspace
from .codes import Code, Feedback, grade_count, grades_between, pack, score, score_many, unpack
from .grid import (
    GRID_MAX_CELLS,
    GRID_MAX_SIDE,
    GRID_MIN_SIDE,
    MAX_GRID_CODES,
    GridFeedback,
    grade_count_grid,
    grade_dtype,
    grid_grades,
    pack_grid,
    parse_shape,
    score_grid,
    shape_text,
    unpack_grid,
)
from .variant import GRID_KINDS, ROW_KINDS, Grade, Variant, VariantError

MIN_PEGS, MAX_PEGS = 2, 10  # a row's pegs
ROW_PEGS = 4  # a row's pegs when a config leaves them out (0)


@dataclass(frozen=True)
class RowVariant(Variant):
    """The classic game: a row of `pegs` pegs graded black (right place) and white (elsewhere)."""

    pegs: int
    name: ClassVar[str] = "row"
    kinds: ClassVar[tuple[str, ...]] = ROW_KINDS
    grade_type: ClassVar[type] = Feedback
    fixed_pegs: ClassVar[bool] = False
    multiset: ClassVar[bool] = True
    space: ClassVar[ModuleType] = rowspace
    table_digits: ClassVar[str] = "black then white digit"
    last_peg_word: ClassVar[str] = "white"
    grade_rules: ClassVar[str] = "black = right colour, right place; white = right colour, wrong place"

    @property
    def shape(self) -> tuple[int, int]:
        return (1, self.pegs)

    @property
    def choice(self) -> None:
        return None

    def fields(self) -> dict[str, str]:
        return {}  # classic records and tables stay as they were

    @property
    def label(self) -> str:
        return f"{self.pegs} pegs"

    def score(self, guess: Code, secret: Code) -> Feedback:
        return score(guess, secret)

    def score_many(
        self, guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None
    ) -> np.ndarray:
        return score_many(guess, codes, colours, counts)

    def grades_between(
        self, guesses: np.ndarray, guess_counts: np.ndarray, codes: np.ndarray, counts: np.ndarray
    ) -> np.ndarray:
        return grades_between(guesses, guess_counts, codes, counts)

    def grade_cost(self, colours: int) -> int:
        return 2 * self.pegs + 2 * colours

    def pack(self, grade: Grade | tuple[int, ...]) -> int:
        return pack(grade, self.pegs)

    def unpack(self, packed: int) -> Feedback:
        return unpack(packed, self.pegs)

    @property
    def grade_count(self) -> int:
        return grade_count(self.pegs)

    @property
    def grade_dtype(self) -> type:
        return np.uint8


@dataclass(frozen=True)
class GridVariant(Variant):
    """The 2-D puzzle: a grid of rows x cols cells graded black, grey (right row or column) and white."""

    rows: int
    cols: int
    name: ClassVar[str] = "grid"
    kinds: ClassVar[tuple[str, ...]] = GRID_KINDS
    grade_type: ClassVar[type] = GridFeedback
    fixed_pegs: ClassVar[bool] = True
    multiset: ClassVar[bool] = False  # a grey peg couples cells of a row or a column
    space: ClassVar[ModuleType] = gridspace
    bucket: ClassVar[str | None] = "Grid"  # a tab per shape would not fit the Statistics screen
    rules_page: ClassVar[str] = "Grid"
    table_digits: ClassVar[str] = "black, grey, white digits"
    last_peg_word: ClassVar[str] = "more"
    grade_rules: ClassVar[str] = "black = right cell; grey = right row or column; white = elsewhere"
    places_word: ClassVar[str] = "cells"

    @property
    def pegs(self) -> int:  # type: ignore[override]
        return self.rows * self.cols

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def place_words(self, place: int) -> str:
        row, column = divmod(place, self.shape[1])
        return f"row {row + 1}, column {column + 1}"

    @property
    def choice(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def fields(self) -> dict[str, str]:
        return {"grid": shape_text(self.shape)}

    @property
    def label(self) -> str:
        return f"{shape_text(self.shape)} grid"

    @property
    def shape_name(self) -> str:
        return f"Grid {self.segment_label}"

    @property
    def segment_label(self) -> str:
        return f"{self.rows}×{self.cols}"

    def size_text(self, colours: int) -> str:
        return f"{self.segment_label} grid × {colours} colours"

    def short_size(self, colours: int) -> str:
        return f"{self.segment_label} × {colours} colours"

    def describe(self, line: str) -> str:
        return f"{self.shape_name} · {line} · grey pegs"

    def code_text(self, keys: str) -> str:
        """Its rows of cells separated by "/": 1234 as a 2x2 grid is 12/34."""
        return "/".join(keys[i : i + self.cols] for i in range(0, len(keys), self.cols))

    def table_stem(self, colours: int) -> str:
        return f"grid_{self.rows}x{self.cols}x{colours}"

    def problem(self, colours: int, duplicates: bool) -> str | None:
        codes = self.legal_codes(colours, duplicates)
        if codes <= MAX_GRID_CODES:
            return None
        return (
            f"a {shape_text(self.shape)} grid with {colours} colours has {codes:,} codes; "
            f"grids offer at most {MAX_GRID_CODES:,}: take fewer colours or a smaller grid"
        )

    def score(self, guess: Code, secret: Code) -> GridFeedback:
        return score_grid(tuple(guess), tuple(secret), self.rows, self.cols)

    def grades_between(
        self, guesses: np.ndarray, guess_counts: np.ndarray, codes: np.ndarray, counts: np.ndarray
    ) -> np.ndarray:
        return grid_grades(guesses, guess_counts, codes, counts, self.rows, self.cols)

    def grade_cost(self, colours: int) -> int:
        return 4 * (self.pegs + colours) * colours  # a matrix product and a look-up per colour

    def pack(self, grade: Grade | tuple[int, ...]) -> int:
        return pack_grid(grade, self.pegs)

    def unpack(self, packed: int) -> GridFeedback:
        return unpack_grid(packed, self.pegs)

    @property
    def grade_count(self) -> int:
        return grade_count_grid(self.pegs)

    @property
    def grade_dtype(self) -> type:
        return grade_dtype(self.pegs)


VARIANTS: tuple[type[Variant], ...] = (RowVariant, GridVariant)


class UnknownVariant(ValueError):
    """A variant name that is not registered; the message lists the names that are."""


def variant_named(name: str) -> type[Variant]:
    """The variant class registered as `name` ("row", "grid")."""
    for cls in VARIANTS:
        if cls.name == name.lower():
            return cls
    names = ", ".join(cls.name for cls in VARIANTS)
    raise UnknownVariant(f"no variant called {name!r}; choose one of {names}")


def variant_of(pegs: int, grid: tuple[int, int] | None = None) -> Variant:
    """The variant of a config's stored fields (unchecked: see checked_variant())."""
    if grid is None:
        return RowVariant(pegs)
    return GridVariant(*grid)


def variant_from_fields(pegs: int, fields: Mapping[str, str]) -> Variant:
    """The variant whose fields() are among `fields` (a table's header): a grid's "grid", else a row."""
    if "grid" in fields:
        return GridVariant(*parse_shape(fields["grid"]))
    return RowVariant(pegs)


def checked_variant(pegs: object, grid: object) -> Variant:
    """The variant of a config's stored pegs and grid if the game offers that shape, else VariantError.

    pegs 0 means ROW_PEGS for a row and the cells for a grid; a grid given as a list (read from JSON)
    is taken as a tuple.
    """
    if grid is None:
        pegs = ROW_PEGS if pegs == 0 else pegs
        if not isinstance(pegs, int) or not MIN_PEGS <= pegs <= MAX_PEGS:
            raise VariantError(f"pegs must be a whole number from {MIN_PEGS} to {MAX_PEGS}, not {pegs!r}")
        return RowVariant(pegs)
    try:
        rows, cols = (int(side) for side in grid)
    except (TypeError, ValueError):
        raise VariantError(f"a grid is (rows, columns), not {grid!r}") from None
    if not (GRID_MIN_SIDE <= rows <= GRID_MAX_SIDE and GRID_MIN_SIDE <= cols <= GRID_MAX_SIDE):
        raise VariantError(f"grid sides run from {GRID_MIN_SIDE} to {GRID_MAX_SIDE}, not {rows}x{cols}")
    if rows * cols > GRID_MAX_CELLS:
        raise VariantError(f"a grid has at most {GRID_MAX_CELLS} cells (3x4), not {rows}x{cols}")
    if pegs not in (0, rows * cols):
        raise VariantError(f"a {rows}x{cols} grid has {rows * cols} cells, not {pegs!r} pegs")
    return GridVariant(rows, cols)
