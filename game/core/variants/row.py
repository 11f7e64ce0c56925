"""The classic row: `pegs` pegs in a line, graded black (right colour, right place) and white (right
colour, elsewhere), the Knuth way (codes.py); its code space is rowspace.py, streamed and sampled at
large sizes. The game's default variant: a config that names none plays a row (RowVariant(pegs)).

Invariant: MIN_PEGS <= pegs <= MAX_PEGS (checked when made: VariantError).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from types import ModuleType
from typing import ClassVar

import numpy as np

from .. import rowspace
from ..codes import Code, Feedback, grade_count, grades_between, pack, score, score_many, unpack
from ..kernels import MultisetScorer, scorer_for, scorer_steps
from ..progress import Progress
from .base import Variant, VariantError
from .grades import Grade

MIN_PEGS, MAX_PEGS = 2, 10  # a row's pegs
ROW_PEGS = 4  # a row's pegs when a config leaves them out (0)


@dataclass(frozen=True)
class RowVariant(Variant):
    """The classic game: a row of `pegs` pegs graded black (right place) and white (elsewhere)."""

    pegs: int
    name: ClassVar[str] = "row"
    kinds: ClassVar[tuple[str, ...]] = ("black", "white")
    grade_type: ClassVar[type] = Feedback
    fixed_pegs: ClassVar[bool] = False
    multiset: ClassVar[bool] = True
    space: ClassVar[ModuleType] = rowspace
    table_digits: ClassVar[str] = "black then white digit"
    last_peg_word: ClassVar[str] = "white"
    grade_rules: ClassVar[str] = "black = right colour, right place; white = right colour, wrong place"

    def __post_init__(self) -> None:
        pegs = self.pegs
        if isinstance(pegs, bool) or not isinstance(pegs, int) or not MIN_PEGS <= pegs <= MAX_PEGS:
            raise VariantError(f"pegs must be a whole number from {MIN_PEGS} to {MAX_PEGS}, not {pegs!r}")

    def with_pegs(self, pegs: int) -> RowVariant:
        return replace(self, pegs=pegs)

    @classmethod
    def offered(cls) -> tuple[Variant, ...]:
        return (cls(ROW_PEGS),)

    @property
    def shape(self) -> tuple[int, int]:
        return (1, self.pegs)

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

    def multiset_scorer(self, colours: int) -> MultisetScorer | None:
        return scorer_for(self.pegs, colours)

    def multiset_scorer_steps(self, colours: int) -> Generator[Progress, None, None]:
        yield from scorer_steps(self.pegs, colours)


VARIANT = RowVariant  # what the registry (variants/__init__.py MODULES) reads of this module
