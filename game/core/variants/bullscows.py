"""Bulls and Cows: a secret of 3 to 5 different digits (4 by default), each guess graded in bulls
(the right digit in the right place) and cows (a right digit elsewhere).

It is the row's game with the digits as its colours: 10 of them, none repeated (fixed_colours,
fixed_duplicates), so a bull is a black peg and a cow a white one, counted the Knuth way (codes.py),
and the row's code space (rowspace.py: 5,040 permutations at 4 digits, listed whole), its multiset
kernels, colour symmetry and every strategy apply unchanged. What is its own: the name and grade
(bulls, cows), the digits as symbols (value d is the digit d) and its turn rule. Its strategy tables
are the row's of 10 colours without repeats (table_variant: optimal_3x10_nodup.txt plays 3 digits).

Invariant: BC_MIN_DIGITS <= pegs <= BC_MAX_DIGITS (checked when made: VariantError).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

from ..turns import Difficulty
from .base import Nouns, Variant, VariantError
from .grades import Grade
from .row import RowVariant

BC_MIN_DIGITS, BC_MAX_DIGITS = 3, 5
BC_DIGITS = 4  # the classic game's


class BullsCows(NamedTuple):
    """A Bulls and Cows grade: bulls = right digit, right place; cows = right digit elsewhere."""

    bulls: int
    cows: int

    # The game reads every two-number grade as black and white: a bull is a black peg, a cow a white.
    @property
    def black(self) -> int:
        return self.bulls

    @property
    def white(self) -> int:
        return self.cows

    def __str__(self) -> str:
        return f"{self.bulls}B{self.cows}C"


@dataclass(frozen=True)
class BullsAndCowsVariant(RowVariant):
    """Bulls and Cows: `pegs` different digits graded in bulls and cows."""

    pegs: int = BC_DIGITS
    name: ClassVar[str] = "bulls-and-cows"
    kinds: ClassVar[tuple[str, ...]] = ("bulls", "cows")
    grade_type: ClassVar[type] = BullsCows
    fixed_colours: ClassVar[int | None] = 10
    fixed_duplicates: ClassVar[bool | None] = False
    symbols: ClassVar[str] = "0123456789"
    table_digits: ClassVar[str] = "bulls then cows digit"
    last_peg_word: ClassVar[str] = "cow"
    grade_rules: ClassVar[str] = "bull = right digit, right place; cow = right digit, wrong place"
    places_word: ClassVar[str] = "digits"
    nouns: ClassVar[Nouns] = Nouns("number", "numbers", "digit", "digits")
    bucket: ClassVar[str | None] = "Bulls and Cows"  # every Bulls and Cows game, whatever its digits

    def __post_init__(self) -> None:
        pegs = self.pegs
        if isinstance(pegs, bool) or not isinstance(pegs, int) or not BC_MIN_DIGITS <= pegs <= BC_MAX_DIGITS:
            raise VariantError(f"Bulls and Cows has {BC_MIN_DIGITS} to {BC_MAX_DIGITS} digits, not {pegs!r}")

    def with_pegs(self, pegs: int) -> BullsAndCowsVariant:
        return replace(self, pegs=pegs) if BC_MIN_DIGITS <= pegs <= BC_MAX_DIGITS else self

    @classmethod
    def offered(cls) -> tuple[Variant, ...]:
        """Offered once (the setup screens show its colours and repeats but do not step them)."""
        return (cls(),)

    @classmethod
    def numbered(cls) -> tuple[Variant, ...]:
        return tuple(cls(digits) for digits in range(BC_MIN_DIGITS, BC_MAX_DIGITS + 1))

    @property
    def label(self) -> str:
        return f"{self.pegs} digits"

    @property
    def shape_name(self) -> str:
        return "Bulls and Cows"

    @property
    def segment_label(self) -> str:
        return "Bulls & Cows"  # the game's short name ("digits" names its symbols, not the game)

    def size_text(self, colours: int) -> str:
        return f"Bulls and Cows, {self.pegs} digits"

    def short_size(self, colours: int) -> str:
        return f"{self.pegs} digits"

    def describe(self, line: str) -> str:
        return f"Bulls and Cows · {line}"

    def place_words(self, place: int) -> str:
        return f"digit {place + 1}"

    @property
    def table_variant(self) -> Variant:
        """The row of as many pegs: its tables of 10 colours without repeats are this game's (the
        same codes, numbered and graded alike), so optimal_3x10_nodup.txt plays 3 digits."""
        return RowVariant(self.pegs)

    def turn_limit(self, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
        """Classic: digits + 6 (10 at 4 digits; the weakest built-in strategy, lowest, needs at most 9
        at 3, 4 and 5 digits: docs/engine.md); Relaxed two more; Tight digits + 4 (8 at 4 digits, the
        worst of entropy there)."""
        difficulty = Difficulty(difficulty)
        classic = self.pegs + 6
        if difficulty is Difficulty.RELAXED:
            return classic + 2
        if difficulty is Difficulty.TIGHT:
            return self.pegs + 4
        return classic

    def problem(self, colours: int, duplicates: bool) -> str | None:
        if colours != 10 or duplicates:
            return "Bulls and Cows is played with the 10 digits, none repeated"
        return None

    @classmethod
    def grade_words(cls, grade: Grade | tuple[int, ...]) -> str:
        """ "1 bull, 2 cows"."""
        bulls, cows = (int(n) for n in grade)
        return f"{bulls} {'bull' if bulls == 1 else 'bulls'}, {cows} {'cow' if cows == 1 else 'cows'}"

    def grade_phrase(self, grade: Grade | tuple[int, ...]) -> str:
        """ "1 bull 2 cows"."""
        return self.grade_words(grade).replace(",", "")

    def score(self, guess, secret) -> Grade:
        return BullsCows(*super().score(guess, secret))

    def unpack(self, packed: int) -> BullsCows:  # type: ignore[override]
        return BullsCows(*super().unpack(packed))


VARIANT = BullsAndCowsVariant  # what the registry (variants/__init__.py MODULES) reads of this module
