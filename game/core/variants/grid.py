"""The 2-D puzzle: a grid of rows x cols cells graded black (right cell), grey (right colour in the
same row or column) and white (elsewhere); its rules are in core/grid.py and its code space, listed
whole and scanned, in gridspace.py.

Invariants: sides from GRID_MIN_SIDE to GRID_MAX_SIDE and at most GRID_MAX_CELLS cells (checked when
made: VariantError); with a config, at most MAX_GRID_CODES legal codes (problem()).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

import numpy as np

from .. import gridspace
from ..codes import Code
from ..grid import (
    GRID_MAX_CELLS,
    GRID_MAX_SIDE,
    GRID_MIN_SIDE,
    MAX_GRID_CODES,
    GridFeedback,
    grade_count_grid,
    grade_dtype,
    grid_grades,
    pack_grid,
    score_grid,
    shape_text,
    unpack_grid,
)
from .base import Variant, VariantError
from .grades import Grade

# The grid shapes the setup screens offer, smallest first (rows, columns); --grid accepts any legal one.
GRID_SHAPES = ((2, 2), (2, 3), (2, 4), (3, 3), (3, 4))


@dataclass(frozen=True)
class GridVariant(Variant):
    """The 2-D puzzle: a grid of rows x cols cells graded black, grey (right row or column) and white."""

    rows: int
    cols: int
    name: ClassVar[str] = "grid"
    kinds: ClassVar[tuple[str, ...]] = ("black", "grey", "white")
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

    def __post_init__(self) -> None:
        rows, cols = self.rows, self.cols
        if any(isinstance(side, bool) or not isinstance(side, int) for side in (rows, cols)):
            raise VariantError(f"a grid is (rows, columns), whole numbers, not {(rows, cols)!r}")
        if not (GRID_MIN_SIDE <= rows <= GRID_MAX_SIDE and GRID_MIN_SIDE <= cols <= GRID_MAX_SIDE):
            raise VariantError(f"grid sides run from {GRID_MIN_SIDE} to {GRID_MAX_SIDE}, not {rows}x{cols}")
        if rows * cols > GRID_MAX_CELLS:
            raise VariantError(f"a grid has at most {GRID_MAX_CELLS} cells (3x4), not {rows}x{cols}")

    @classmethod
    def offered(cls) -> tuple[Variant, ...]:
        return tuple(cls(rows, cols) for rows, cols in GRID_SHAPES)

    @property
    def pegs(self) -> int:  # type: ignore[override]
        return self.rows * self.cols

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def place_words(self, place: int) -> str:
        row, column = divmod(place, self.cols)
        return f"row {row + 1}, column {column + 1}"

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


VARIANT = GridVariant  # what the registry (variants/__init__.py MODULES) reads of this module
