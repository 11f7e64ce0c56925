"""Word marks: Word Mastermind's words and lists (words.py), each guess graded letter by letter.

Every letter of a guess gets a mark: 2 right place, 1 elsewhere, 0 absent. Repeated letters: the
exact matches are marked first; then, left to right, a letter is marked elsewhere while the secret
still has that letter unmatched, so a guess's k-th (0-based) non-exact copy of a letter is marked
elsewhere exactly when k is less than the secret's count of it outside the exact matches.

The grade is the marks in place order (Marks), packed in base 3 with the first letter most
significant (so 0..242, the all-right grade 242); its `black` counts the right places and `white`
the elsewhere marks, which is what the coach and the game's win test read of any grade. A grade is
written as its five marks, "21000".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import numpy as np

from ..codes import Code
from ..wordlists import LETTERS
from .grades import Grade, GradeError
from .words import WordVariant

MARK_WORDS = ("absent", "elsewhere", "right place")


class Marks(NamedTuple):
    """One mark per letter: 2 right place, 1 elsewhere, 0 absent."""

    first: int
    second: int
    third: int
    fourth: int
    fifth: int

    @property
    def black(self) -> int:
        return sum(1 for mark in self if mark == 2)

    @property
    def white(self) -> int:
        return sum(1 for mark in self if mark == 1)

    def __str__(self) -> str:
        return "".join(str(mark) for mark in self)


def marks(guess: Code, secret: Code) -> Marks:
    """The marks of one guess against one secret (the scalar reference)."""
    exact = [g == s for g, s in zip(guess, secret, strict=True)]
    unmatched: dict[int, int] = {}
    for s, hit in zip(secret, exact, strict=True):
        if not hit:
            unmatched[s] = unmatched.get(s, 0) + 1
    out = []
    for g, hit in zip(guess, exact, strict=True):
        if hit:
            out.append(2)
        elif unmatched.get(g, 0) > 0:
            unmatched[g] -= 1
            out.append(1)
        else:
            out.append(0)
    return Marks(*out)


def marks_between(guesses: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Packed marks (k, m) uint8 of k guesses against m codes (letters as (n, LETTERS) arrays)."""
    k, m, places = guesses.shape[0], codes.shape[0], guesses.shape[1]
    exact = [guesses[:, i, None] == codes[None, :, i] for i in range(places)]
    open_secret = [~e for e in exact]
    packed = np.zeros((k, m), dtype=np.uint8)
    for i in range(places):
        letter = guesses[:, i, None]
        # the secret's copies of this letter outside the exact matches
        left = np.zeros((k, m), dtype=np.uint8)
        for j in range(places):
            left += (codes[None, :, j] == letter) & open_secret[j]
        # this guess's earlier non-exact copies of the same letter
        before = np.zeros((k, m), dtype=np.uint8)
        for j in range(i):
            same = (guesses[:, j] == guesses[:, i])[:, None]
            before += same & open_secret[j]
        mark = np.where(exact[i], 2, np.where(before < left, 1, 0)).astype(np.uint8)
        packed = packed * np.uint8(3) + mark
    return packed


@dataclass(frozen=True)
class WordMarksVariant(WordVariant):
    """Word Mastermind graded letter by letter: right place, elsewhere, absent."""

    name: ClassVar[str] = "word-marks"
    kinds: ClassVar[tuple[str, ...]] = tuple(f"letter {place + 1}" for place in range(LETTERS))
    grade_type: ClassVar[type] = Marks
    table_digits: ClassVar[str] = "five marks, 2 right place, 1 elsewhere, 0 absent"
    last_peg_word: ClassVar[str] = "elsewhere"
    grade_rules: ClassVar[str] = "a mark a letter: right place, elsewhere (left to right), absent"
    classic_turns: ClassVar[int] = 11  # lowest's most over every answer (words.py)
    tight_turns: ClassVar[int] = 6  # entropy needs at most 5
    marks_by_place: ClassVar[bool] = True
    mark_words: ClassVar[tuple[str, ...]] = MARK_WORDS
    bucket: ClassVar[str | None] = "Marks"  # its games apart from the black-and-white word games

    @property
    def shape_name(self) -> str:
        return "Word marks"

    @property
    def segment_label(self) -> str:
        return "Marks"

    def describe(self, line: str) -> str:
        return f"Word marks · {line}"

    def score(self, guess: Code, secret: Code) -> Marks:
        return marks(tuple(guess), tuple(secret))

    def grades_between(
        self, guesses: np.ndarray, guess_counts: np.ndarray, codes: np.ndarray, counts: np.ndarray
    ) -> np.ndarray:
        return marks_between(guesses, codes)

    def score_many(
        self, guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None
    ) -> np.ndarray:
        return marks_between(np.asarray([guess], dtype=np.uint8), np.asarray(codes))[0]

    def grade_cost(self, colours: int) -> int:
        return 6 * self.pegs * self.pegs

    def pack(self, grade: Grade | tuple[int, ...]) -> int:
        packed = 0
        for mark in grade:
            packed = packed * 3 + int(mark)
        return packed

    def unpack(self, packed: int) -> Marks:
        out = []
        packed = int(packed)
        for _ in range(self.pegs):
            packed, mark = divmod(packed, 3)
            out.append(mark)
        return Marks(*reversed(out))

    @property
    def grade_count(self) -> int:
        return 3**self.pegs

    @property
    def grade_dtype(self) -> type:
        return np.uint8

    @property
    def win_grade(self) -> Grade:
        return Marks(*([2] * self.pegs))

    def check_grade(self, grade: Grade | tuple[int, ...]) -> Grade:
        grade = self.grade(*tuple(grade))
        if any(mark not in (0, 1, 2) for mark in grade):
            raise GradeError("a letter's mark is 2 (right place), 1 (elsewhere) or 0 (absent)")
        if grade.black == self.pegs - 1 and grade.white:
            raise GradeError(
                "four letters in place and one elsewhere cannot happen: it would be in place too"
            )
        return grade

    @classmethod
    def grade_words(cls, grade: Grade | tuple[int, ...]) -> str:
        """ "right place, elsewhere, absent, absent, right place"."""
        return ", ".join(MARK_WORDS[int(mark)] for mark in grade)

    def grade_phrase(self, grade: Grade | tuple[int, ...]) -> str:
        """ "right place, elsewhere, absent, absent, right place": each letter's mark in order."""
        return ", ".join(MARK_WORDS[int(mark)] for mark in grade)

    def share_marks(self, grade: Grade) -> str:
        """The marks in place order: ● right place, ○ elsewhere, · absent ("●○··●")."""
        return "".join("·○●"[int(mark)] for mark in grade)

    def grade_text(self, grade: Grade) -> str:
        """(2, 1, 0, 0, 0) -> "21000"."""
        return "".join(str(int(mark)) for mark in grade)

    def grade_from_text(self, text: str) -> Grade:
        digits = text.replace(",", "").strip()
        if len(digits) != self.pegs or any(ch not in "012" for ch in digits):
            raise GradeError(f"marks are written as {self.pegs} digits 0-2 such as 21000, not {text!r}")
        return self.grade(*(int(ch) for ch in digits))


VARIANT = WordMarksVariant  # what the registry (variants/__init__.py MODULES) reads of this module
