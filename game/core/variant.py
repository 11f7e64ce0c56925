"""Variants of the game, each a class behind one protocol, looked up by name.

As python-chess's chess/variant.py: one class per variant, a registry (VARIANTS) and a lookup by
name (variant_named("grid") is GridVariant). Two exist: RowVariant, the classic row of `pegs` pegs
graded (black, white) (codes.py, rowspace.py), and GridVariant, the R x C grid graded (black, grey,
white) (grid.py, gridspace.py). Both store a code as a flat tuple of ints (a grid's cells row by
row), so code numbers and the listed code space (space.py) are shared. Everything else that differs
is asked of the variant, never decided by looking at the config:
- the code's shape as drawn and read (`shape`: a row is 1 x pegs) and its names in words;
- grading: score() for one pair, grades_between() for numpy batches, pack()/unpack() and
  grade_count, the grade's kinds and text, check_grade() for hand grades;
- the turn rule (turn_limit()) and which sizes it offers (problem());
- its code space: how the codes consistent with some grades are found, counted and how a guess splits
  them (the row's is streamed, rowspace.py; the grid's is listed whole and scanned, gridspace.py), its
  first guesses, and whether the multiset shortcuts of the strategies hold for it (`multiset`);
- its stored form: GameConfig keeps `grid` (`choice`: None for the row), and fields() is what the
  config's text, saved games and strategy tables write besides the size; which strategy tables apply
  (table_stem()); its statistics bucket and help page, if it has its own.
GameConfig.variant gives a game's variant; variant_of(pegs, grid) makes one from a config's stored
fields and checked_variant() checks them as a config must.

Invariants: pack() maps the grades of the variant one-to-one into 0..grade_count-1 (onto it for a
grid), more blacks packing higher; unpack(pack(g)) == g; grade_from_text(grade_text(g)) == g; score() is
symmetric in guess and secret; grades_between() packs what score() gives.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from . import gridspace, rowspace
from .codes import Code, Feedback, colour_counts, grade_count, grades_between, pack, score, score_many, unpack
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
from .kernels import MultisetScorer, scorer_for, scorer_steps
from .solver import History, Progress
from .turns import Difficulty, turn_limit

if TYPE_CHECKING:  # the config holds a variant; the functions below take one only to pass it on
    from .config import GameConfig

Grade = Feedback | GridFeedback
ROW_KINDS = ("black", "white")  # the classic row's grade numbers, in the order written and shown
GRID_KINDS = ("black", "grey", "white")  # the grid's
MIN_PEGS, MAX_PEGS = 2, 10  # a row's pegs
ROW_PEGS = 4  # a row's pegs when a config leaves them out (0)


class GradeError(ValueError):
    """A grade that this variant cannot give; the message says what is allowed."""


class VariantError(ValueError):
    """A code shape the game does not offer; GameConfig turns it into a ConfigError."""


class Variant(ABC):
    """How codes of one way of playing are shaped, graded, stored and searched (module docstring)."""

    name: ClassVar[str]  # the registry's key: variant_named(name)
    kinds: ClassVar[tuple[str, ...]]  # names of the grade's numbers, in the order written and shown
    grade_type: ClassVar[type]  # the grade's NamedTuple
    fixed_pegs: ClassVar[bool]  # the shape fixes the pegs: setup shows them but does not step them
    # Grades are black per place plus colours in common (codes.py), so the strategies' multiset
    # kernels (kernels.py), head x tail streaming and first guesses by colour multiset hold.
    multiset: ClassVar[bool]
    bucket: ClassVar[str | None] = None  # the statistics bucket of all its games, else by preset
    rules_page: ClassVar[str] = ""  # the help page on its own rules, if it has one
    table_digits: ClassVar[str]  # how a strategy table writes a grade, in words
    last_peg_word: ClassVar[str]  # "n - 1 black and 1 ___ cannot happen"
    grade_rules: ClassVar[str]  # what each grading peg means, for a person grading by hand

    pegs: int

    # --- shape, stored form and words -----------------------------------------------------------
    @property
    @abstractmethod
    def shape(self) -> tuple[int, int]:
        """(lines, places per line) a code is drawn and read in: a row is (1, pegs)."""

    @property
    @abstractmethod
    def choice(self) -> tuple[int, int] | None:
        """GameConfig's stored `grid` for this variant, as the setup's Shape choice names it."""

    @abstractmethod
    def fields(self) -> dict[str, str]:
        """What the config's text, a saved game and a strategy table write for it besides the size."""

    @property
    @abstractmethod
    def label(self) -> str:
        """ "4 pegs" or "2x3 grid"."""

    @property
    @abstractmethod
    def shape_name(self) -> str:
        """What the Shape choice shows: "Row" or "Grid 2×3"."""

    @property
    @abstractmethod
    def segment_label(self) -> str:
        """The Shape choice's short form: "Row" or "2×3"."""

    @abstractmethod
    def size_text(self, colours: int) -> str:
        """ "4 pegs × 6 colours" or "2×3 grid × 6 colours"."""

    @abstractmethod
    def short_size(self, colours: int) -> str:
        """ "4×6" or "2×3 × 6 colours", after a bucket's name."""

    @abstractmethod
    def game_words(self, name: str, colours: int) -> str:
        """ "Classic game (4 pegs, 6 colours)" (name: its bucket) or "Grid 2×3 game (6 colours)"."""

    def describe(self, line: str) -> str:
        """A line about a game of this shape (turns, codes) with what the variant adds to it."""
        return line

    def code_text(self, keys: str) -> str:
        """A code written as its colours' keys, one a place, laid out as the code reads."""
        return keys

    def table_stem(self, colours: int) -> str:
        """The size part of the strategy table files that apply: optimal_<stem>.txt, book_<stem>.txt."""
        return f"{self.pegs}x{colours}"

    # --- rules ----------------------------------------------------------------------------------
    def turn_limit(self, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
        """Turns for a game of this shape: the rule of turns.py with the code's places as pegs."""
        return turn_limit(self.pegs, colours, difficulty)

    def problem(self, colours: int, duplicates: bool) -> str | None:
        """Why this shape is not offered with these colours, or None."""
        return None

    def legal_codes(self, colours: int, duplicates: bool) -> int:
        """Codes that exist: colours ** pegs, or without repeats colours! / (colours - pegs)!."""
        return colours**self.pegs if duplicates else math.perm(colours, self.pegs)

    # --- grading --------------------------------------------------------------------------------
    @abstractmethod
    def score(self, guess: Code, secret: Code) -> Grade:
        """The grade of one guess against one secret."""

    @abstractmethod
    def grades_between(
        self, guesses: np.ndarray, guess_counts: np.ndarray, codes: np.ndarray, counts: np.ndarray
    ) -> np.ndarray:
        """Packed grades (k, m) of k guesses against m codes, from their pegs and colour counts."""

    @abstractmethod
    def grade_cost(self, colours: int) -> int:
        """About how many byte-operations grades_between() spends on one pair (to size work steps)."""

    def score_many(
        self, guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None
    ) -> np.ndarray:
        """Packed grades of one guess against every row of `codes` (n, pegs)."""
        codes = np.asarray(codes)
        if counts is None:
            counts = colour_counts(codes, colours)
        g = np.asarray([guess], dtype=np.uint8)
        return self.grades_between(g, colour_counts(g, colours), codes, counts)[0]

    @abstractmethod
    def pack(self, grade: Grade | tuple[int, ...]) -> int: ...

    @abstractmethod
    def unpack(self, packed: int) -> Grade: ...

    @property
    @abstractmethod
    def grade_count(self) -> int:
        """Size of the packed-grade range, for numpy.bincount(minlength=...)."""

    @property
    @abstractmethod
    def grade_dtype(self) -> type:
        """Smallest unsigned dtype holding every packed grade."""

    @property
    def win_grade(self) -> Grade:
        return self.grade(self.pegs, *([0] * (len(self.kinds) - 1)))

    @property
    def win(self) -> int:
        """The packed all-black grade."""
        return self.pack(self.win_grade)

    def grade(self, *numbers: int) -> Grade:
        """A grade from its numbers in kinds order: grade(2, 1) or, for a grid, grade(2, 1, 0)."""
        if len(numbers) == 1 and isinstance(numbers[0], tuple):
            numbers = numbers[0]
        if len(numbers) != len(self.kinds):
            raise GradeError(f"a grade here is {len(self.kinds)} numbers ({', '.join(self.kinds)})")
        return self.grade_type(*(int(n) for n in numbers))

    def check_grade(self, grade: Grade | tuple[int, ...]) -> Grade:
        """`grade` as this variant's grade if a game of this size could give it, else GradeError."""
        grade = self.grade(*tuple(grade))
        total = sum(grade)
        if min(grade) < 0 or total > self.pegs:
            together = " and ".join(self.kinds)
            raise GradeError(f"a grade has at most {self.pegs} pegs in all, {together} together")
        if grade.black == self.pegs - 1 and total > grade.black:
            raise GradeError(
                f"{self.pegs - 1} black and 1 {self.last_peg_word} cannot happen: "
                "the last peg would be black too"
            )
        return grade

    def grade_text(self, grade: Grade) -> str:
        """(2, 1) -> "2,1"; a grid grade (2, 1, 0) -> "2,1,0" (black, grey, white)."""
        return ",".join(str(int(n)) for n in grade)

    def grade_from_text(self, text: str) -> Grade:
        try:
            numbers = tuple(int(part) for part in text.split(","))
        except ValueError:
            raise GradeError(f"a grade is written {','.join(self.kinds)} as in 2,1, not {text!r}") from None
        return self.grade(*numbers)

    # --- the code space (the config passes itself: sizes, duplicates and this variant) ------------
    @abstractmethod
    def consistent_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
        """Sorted indices of the codes consistent with every grade (space.consistent_steps)."""

    @abstractmethod
    def count_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, int]:
        """How many codes are consistent with every grade (space.count_consistent_steps)."""

    @abstractmethod
    def partition_steps(self, config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
        """How `guess` splits every legal code: counts per packed grade (space.partition_over_space)."""

    @abstractmethod
    def first_guess_steps(
        self, config: GameConfig, choose: rowspace.ChooseRow
    ) -> Generator[Progress, None, Code]:
        """The first guess: of the codes no symmetry tells apart, the one whose split of the whole
        space choose(part counts (k, grades)) picks (its row's index, lowest on ties)."""

    def remember_consistent(self, config: GameConfig, history: History, indices: np.ndarray) -> None:
        """Told that sorted `indices` are exactly the codes consistent with `history` (a whole-tree
        walk holds them): a space that caches consistent sets keeps them."""
        return None  # a space without such a cache has nothing to keep

    def multiset_scorer(self, colours: int) -> MultisetScorer | None:
        """The strategies' multiset kernel for this size, where `multiset` holds and one is made."""
        return None

    def multiset_scorer_steps(self, colours: int) -> Generator[Progress, None, None]:
        """Build multiset_scorer() a block per step (nothing where there is none)."""
        yield from ()


@dataclass(frozen=True)
class RowVariant(Variant):
    """The classic game: a row of `pegs` pegs graded black (right place) and white (elsewhere)."""

    pegs: int
    name: ClassVar[str] = "row"
    kinds: ClassVar[tuple[str, ...]] = ROW_KINDS
    grade_type: ClassVar[type] = Feedback
    fixed_pegs: ClassVar[bool] = False
    multiset: ClassVar[bool] = True
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

    @property
    def shape_name(self) -> str:
        return "Row"

    @property
    def segment_label(self) -> str:
        return "Row"

    def size_text(self, colours: int) -> str:
        return f"{self.pegs} pegs × {colours} colours"

    def short_size(self, colours: int) -> str:
        return f"{self.pegs}×{colours}"

    def game_words(self, name: str, colours: int) -> str:
        return f"{name} game ({self.pegs} pegs, {colours} colours)"

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

    def consistent_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
        return (yield from rowspace.consistent_steps(config, history))

    def count_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, int]:
        return (yield from rowspace.count_steps(config, history))

    def partition_steps(self, config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
        return (yield from rowspace.partition_steps(config, guess))

    def first_guess_steps(
        self, config: GameConfig, choose: rowspace.ChooseRow
    ) -> Generator[Progress, None, Code]:
        return (yield from rowspace.first_guess_steps(config, choose))

    def remember_consistent(self, config: GameConfig, history: History, indices: np.ndarray) -> None:
        rowspace.remember_consistent(config, history, indices)

    def multiset_scorer(self, colours: int) -> MultisetScorer | None:
        return scorer_for(self.pegs, colours)

    def multiset_scorer_steps(self, colours: int) -> Generator[Progress, None, None]:
        yield from scorer_steps(self.pegs, colours)


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
    bucket: ClassVar[str | None] = "Grid"  # a tab per shape would not fit the Statistics screen
    rules_page: ClassVar[str] = "Grid"
    table_digits: ClassVar[str] = "black, grey, white digits"
    last_peg_word: ClassVar[str] = "more"
    grade_rules: ClassVar[str] = "black = right cell; grey = right row or column; white = elsewhere"

    @property
    def pegs(self) -> int:  # type: ignore[override]
        return self.rows * self.cols

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

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

    def game_words(self, name: str, colours: int) -> str:
        return f"{self.shape_name} game ({colours} colours)"  # its cells are not pegs in a row

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

    def consistent_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
        return (yield from gridspace.consistent_steps(config, history))

    def count_steps(self, config: GameConfig, history: History) -> Generator[Progress, None, int]:
        return (yield from gridspace.count_steps(config, history))

    def partition_steps(self, config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
        return (yield from gridspace.partition_steps(config, guess))

    def first_guess_steps(
        self, config: GameConfig, choose: rowspace.ChooseRow
    ) -> Generator[Progress, None, Code]:
        return (yield from gridspace.first_guess_steps(config, choose))


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


def grade_from_numbers(numbers: tuple[int, ...]) -> Grade:
    """A grade from 2 numbers (black, white) or 3 (black, grey, white), e.g. read from a move text."""
    for cls in VARIANTS:
        if len(numbers) == len(cls.kinds):
            return cls.grade_type(*numbers)
    raise GradeError(f"a grade is black,white or, for a grid, black,grey,white; not {numbers!r}")


def grade_words(grade: Grade | tuple[int, ...]) -> str:
    """A grade as a person says it: (0, 0) -> "0 black, 0 white"; a grid's (2, 1, 0) ->
    "2 black, 1 grey, 0 white"."""
    numbers = tuple(int(n) for n in grade)
    kinds = next((cls.kinds for cls in VARIANTS if len(cls.kinds) == len(numbers)), ROW_KINDS)
    return ", ".join(f"{n} {kind}" for n, kind in zip(numbers, kinds, strict=True))


__all__ = [
    "VARIANTS",
    "Grade",
    "GradeError",
    "GridFeedback",
    "GridVariant",
    "RowVariant",
    "UnknownVariant",
    "Variant",
    "VariantError",
    "checked_variant",
    "grade_from_numbers",
    "grade_words",
    "variant_from_fields",
    "variant_named",
    "variant_of",
]
