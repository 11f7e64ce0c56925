"""A variant of the game as a value: the code shape, how a guess is graded, and the grade alphabet.

Two variants exist: the classic row of `pegs` pegs graded (black, white), and the grid of R x C cells
graded (black, grey, white) (see grid.py). Both store a code as a flat tuple of ints, so code
numbers, code spaces and strategies are shared; everything that depends on the grading goes through
a Variant: score(), pack()/unpack() and grade_count for numpy partitions, win (the packed all-black
grade), grade() to rebuild a grade from its numbers, check_grade() for hand grades, and the grade's
text form. GameConfig.variant gives the variant of a game; the turn rule lives with the config.

Invariants: pack() is a bijection from the grades of the variant onto 0..grade_count-1 with more
blacks packing higher; unpack(pack(g)) == g; grade_from_text(grade_text(g)) == g.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .codes import Code, Feedback, colour_counts, grade_count, pack, score, score_many, unpack
from .grid import (
    GridFeedback,
    grade_count_grid,
    grade_dtype,
    grid_grades,
    pack_grid,
    score_grid,
    shape_text,
    unpack_grid,
)

Grade = Feedback | GridFeedback
ROW_KINDS = ("black", "white")  # the classic row's grade numbers, in the order written and shown
GRID_KINDS = ("black", "grey", "white")  # the grid's


class GradeError(ValueError):
    """A grade that this variant cannot give; the message says what is allowed."""


@dataclass(frozen=True)
class Variant:
    """pegs: cells of a code; grid: (rows, columns) for the grid puzzle, None for the classic row."""

    pegs: int
    grid: tuple[int, int] | None = None

    @property
    def is_grid(self) -> bool:
        return self.grid is not None

    @property
    def name(self) -> str:
        """ "4 pegs" or "2x3 grid"."""
        return f"{shape_text(self.grid)} grid" if self.grid else f"{self.pegs} pegs"

    @property
    def kinds(self) -> tuple[str, ...]:
        """Names of the grade's numbers, in the order they are written and shown."""
        return GRID_KINDS if self.grid else ROW_KINDS

    def score(self, guess: Code, secret: Code) -> Grade:
        if self.grid is None:
            return score(guess, secret)
        return score_grid(tuple(guess), tuple(secret), *self.grid)

    def score_many(
        self, guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None
    ) -> np.ndarray:
        """Packed grades of one guess against every row of `codes` (n, pegs)."""
        if self.grid is None:
            return score_many(guess, codes, colours, counts)
        if counts is None:
            counts = colour_counts(codes, colours)
        g = np.asarray([guess], dtype=np.uint8)
        return grid_grades(g, colour_counts(g, colours), codes, counts, *self.grid)[0]

    def pack(self, grade: Grade | tuple[int, ...]) -> int:
        if self.grid is None:
            return pack(grade, self.pegs)
        return pack_grid(grade, self.pegs)

    def unpack(self, packed: int) -> Grade:
        if self.grid is None:
            return unpack(packed, self.pegs)
        return unpack_grid(packed, self.pegs)

    @property
    def grade_count(self) -> int:
        """Size of the packed-grade range, for numpy.bincount(minlength=...)."""
        return grade_count_grid(self.pegs) if self.grid else grade_count(self.pegs)

    @property
    def grade_dtype(self) -> type:
        """Smallest unsigned dtype holding every packed grade."""
        return grade_dtype(self.pegs) if self.grid else np.uint8

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
        values = tuple(int(n) for n in numbers)
        return GridFeedback(*values) if self.grid else Feedback(*values)

    def check_grade(self, grade: Grade | tuple[int, ...]) -> Grade:
        """`grade` as this variant's grade if a game of this size could give it, else GradeError."""
        grade = self.grade(*tuple(grade))
        total = sum(grade)
        if min(grade) < 0 or total > self.pegs:
            together = " and ".join(self.kinds)
            raise GradeError(f"a grade has at most {self.pegs} pegs in all, {together} together")
        if grade.black == self.pegs - 1 and total > grade.black:
            raise GradeError(
                f"{self.pegs - 1} black and 1 {'more' if self.grid else 'white'} cannot happen: "
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


def grade_from_numbers(numbers: tuple[int, ...]) -> Grade:
    """A grade from 2 numbers (black, white) or 3 (black, grey, white), e.g. read from a move text."""
    if len(numbers) == 2:
        return Feedback(*numbers)
    if len(numbers) == 3:
        return GridFeedback(*numbers)
    raise GradeError(f"a grade is black,white or, for a grid, black,grey,white; not {numbers!r}")


def grade_words(grade: Grade | tuple[int, ...]) -> str:
    """A grade as a person says it: (0, 0) -> "0 black, 0 white"; a grid's (2, 1, 0) ->
    "2 black, 1 grey, 0 white"."""
    numbers = tuple(int(n) for n in grade)
    kinds = GRID_KINDS if len(numbers) == len(GRID_KINDS) else ROW_KINDS
    return ", ".join(f"{n} {kind}" for n, kind in zip(numbers, kinds, strict=True))


__all__ = ["Grade", "GradeError", "GridFeedback", "Variant", "grade_from_numbers", "grade_words"]
