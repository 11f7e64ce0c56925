"""How a variant grades: the half of the Variant protocol (base.py) that scores a guess against a
secret and reads, writes, packs and checks the grade.

Grading is Variant's base class, so every variant class is one; nothing else derives from it. It
holds what a grade is for a variant: its kinds (the names of its numbers), its NamedTuple, the
words a person grading by hand reads, one grade's score() and numpy batches (grades_between()),
the packed form (pack()/unpack(), grade_count, grade_dtype) and the text form, and check_grade()
for a grade given by hand. A grade's numbers count pegs of the variant's `pegs` places.

Invariants (with base.py's): pack() maps the grades one-to-one into 0..grade_count-1 (onto it for a
grid), more blacks packing higher; unpack(pack(g)) == g; grade_from_text(grade_text(g)) == g;
score() is symmetric in guess and secret; grades_between() packs what score() gives.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np

from ..codes import Code, colour_counts

# A grade is the variant's NamedTuple of counts in `kinds` order (codes.Feedback, grid.GridFeedback)
Grade = tuple[int, ...]


class GradeError(ValueError):
    """A grade that this variant cannot give; the message says what is allowed."""


class Grading(ABC):
    """How a variant scores codes and reads, writes and checks grades (module docstring)."""

    kinds: ClassVar[tuple[str, ...]]  # names of the grade's numbers, in the order written and shown
    grade_type: ClassVar[type]  # the grade's NamedTuple
    table_digits: ClassVar[str]  # how a strategy table writes a grade, in words
    last_peg_word: ClassVar[str]  # "n - 1 black and 1 ___ cannot happen"
    grade_rules: ClassVar[str]  # what each grading peg means, for a person grading by hand
    # Graded a mark a place (word marks: right place, elsewhere, absent), not by counts of each kind:
    # a hand grade is then set place by place, each to one of mark_words (its index is the mark).
    marks_by_place: ClassVar[bool] = False
    mark_words: ClassVar[tuple[str, ...]] = ()

    pegs: int

    # --- scoring and the packed form ------------------------------------------------------------
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

    def score_many(
        self, guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None
    ) -> np.ndarray:
        """Packed grades of one guess against every row of `codes` (n, pegs)."""
        codes = np.asarray(codes)
        if counts is None:
            counts = colour_counts(codes, colours)
        g = np.asarray([guess], dtype=np.uint8)
        return self.grades_between(g, colour_counts(g, colours), codes, counts)[0]

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

    def share_marks(self, grade: Grade) -> str:
        """One row of a spoiler-free share text: a mark a place, blacks first ("●●○·"): right place,
        elsewhere, neither (the first two kinds' counts; a grid's grey is shown as elsewhere)."""
        black, others = int(grade[0]), sum(int(n) for n in grade[1:])
        return "●" * black + "○" * others + "·" * (self.pegs - black - others)

    def grade_text(self, grade: Grade) -> str:
        """(2, 1) -> "2,1"; a grid grade (2, 1, 0) -> "2,1,0" (black, grey, white)."""
        return ",".join(str(int(n)) for n in grade)

    def grade_from_text(self, text: str) -> Grade:
        try:
            numbers = tuple(int(part) for part in text.split(","))
        except ValueError:
            raise GradeError(f"a grade is written {','.join(self.kinds)} as in 2,1, not {text!r}") from None
        return self.grade(*numbers)

    # --- in words -------------------------------------------------------------------------------
    @classmethod
    def grade_words(cls, grade: Grade | tuple[int, ...]) -> str:
        """A grade as a person says it, in a list: "0 black, 0 white" (variants.grade_words())."""
        return ", ".join(f"{int(n)} {kind}" for n, kind in zip(grade, cls.kinds, strict=True))

    def grade_phrase(self, grade: Grade | tuple[int, ...]) -> str:
        """A grade in words for a sentence: "2 black 1 white", a grid's "2 black 1 grey 0 white",
        "1 bulls 2 cows"."""
        return " ".join(f"{int(n)} {kind}" for n, kind in zip(grade, self.kinds, strict=True))
