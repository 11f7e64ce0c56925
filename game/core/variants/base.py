"""The Variant protocol: what one way of playing on the same code numbers decides for itself.

Every variant is one class in one module of this package (row.py: RowVariant, the classic row of
`pegs` pegs graded (black, white); grid.py: GridVariant, the R x C grid graded (black, grey,
white)), registered by name in the package (VARIANTS, variant_named("grid")), as python-chess's
chess/variant.py does it. A variant is a frozen value: its class is its name, its fields are its
parameters (a row's pegs, a grid's rows and columns), checked when it is made (VariantError). Both
store a code as a flat tuple of ints (a grid's cells row by row), so code numbers and the listed
code space (space.py) are shared. Everything else that differs is asked of the variant, never
decided by looking at the config:
- the code's shape as drawn and read (`shape`: a row is 1 x pegs) and its names in words;
- grading: score() for one pair, grades_between() for numpy batches, pack()/unpack() and
  grade_count, the grade's kinds and text, check_grade() for hand grades (grades.py: Grading,
  the base class Variant extends, holds this half);
- the turn rule (turn_limit()) and which sizes it offers (problem(), offered());
- its code space (`space`: how the codes consistent with some grades are found, counted and how a
  guess splits them, and its first guesses) and whether the multiset shortcuts of the strategies
  hold for it (`multiset`);
- its stored form: `text` ("row:4", "grid:2x3": the name, then the parameters), which GameConfig's
  text, saved games and game numbers carry; which strategy tables apply (table_stem()); its
  statistics bucket and help page, if it has its own.
GameConfig.variant is a game's variant. GameSize is what a code space reads of a game (GameConfig
is one), so this module and the spaces never import the config.

Invariants: from_params(v.params()) == v; variant_from_text(v.text) == v; and grades.py's.
"""

from __future__ import annotations

import dataclasses
import math
from abc import abstractmethod
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar, Protocol

import numpy as np

from ..codes import Code, CodeError, colour_label
from ..progress import History, Progress
from ..turns import Difficulty, turn_limit
from .grades import Grading

if TYPE_CHECKING:  # only the row's multiset kernel is a type here
    from ..kernels import MultisetScorer

# part counts (k, grades) of k candidate first guesses -> the index of the chosen one
ChooseRow = Callable[[np.ndarray], int]


class GameSize(Protocol):
    """What a code space reads of a game: its size, duplicates rule and variant (GameConfig is one)."""

    @property
    def pegs(self) -> int: ...
    @property
    def colours(self) -> int: ...
    @property
    def duplicates(self) -> bool: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def code_count(self) -> int: ...
    def is_legal(self, code: Code) -> bool: ...


@dataclass(frozen=True)
class Nouns:
    """What a variant's codes and their symbols are called where a player reads about them: the coach,
    hints, Why not?, What we know, hand grading ("codes" and "colours"; Bulls and Cows' "numbers" and
    "digits"; the word games' "words" and "letters"). Declared once on the variant (Variant.nouns);
    every sentence about a game's codes reads them there."""

    code: str = "code"
    codes: str = "codes"
    symbol: str = "colour"
    symbols: str = "colours"
    # where the codes come from, said after the noun where it matters ("no word in the list fits")
    scope: str = ""

    def count(self, n: int) -> str:
        """ "1 code", "2,000 words"."""
        return f"{n:,} {self.code if n == 1 else self.codes}"

    def none_fit(self) -> str:
        """ "no code", "no word in the list": the subject of a sentence that nothing fits."""
        return f"no {self.code}{self.scope}"

    def contradiction(self) -> str:
        """Why a search over the grades given found nothing (solver.NoCodeLeft's message)."""
        return f"{self.none_fit()} fits every grade given: one of the grades must be wrong"


class VariantError(ValueError):
    """A variant or parameters the game does not offer; GameConfig turns it into a ConfigError."""


class Variant(Grading):
    """How codes of one way of playing are shaped, graded, stored and searched (module docstring).
    The text forms below are the row's; a variant that reads otherwise says so."""

    name: ClassVar[str]  # the registry's key: variant_named(name), and its stored text's first word
    fixed_pegs: ClassVar[bool]  # the shape fixes the pegs: setup shows them but does not step them
    # Grades are black per place plus colours in common (codes.py), so the strategies' multiset
    # kernels (kernels.py), head x tail streaming and first guesses by colour multiset hold.
    multiset: ClassVar[bool]
    # Its code space: consistent_steps, count_steps, partition_steps, first_guess_steps and
    # remember_consistent over (config, ...), as space.py asks them (rowspace.py, gridspace.py).
    space: ClassVar[ModuleType]
    # The colours and duplicates rule, where the variant fixes them (Bulls and Cows: 10 digits, none
    # repeated; words: 26 letters): GameConfig takes them from the variant, whatever it was given.
    fixed_colours: ClassVar[int | None] = None
    fixed_duplicates: ClassVar[bool | None] = None
    # Its codes are a list (words), not every code of its size: the secrets are the list's (ranked
    # by their place in it: secret_rank), a guess must be one the variant accepts (why_not), and the
    # strategies weigh the list's guesses, with no colour symmetry (space.listed_pool).
    listed: ClassVar[bool] = False
    # How each code value is shown and typed where the variant has symbols of its own ("0123456789",
    # "abcdefghijklmnopqrstuvwxyz"): symbols[value]. Empty: colours, as the palette shows them.
    symbols: ClassVar[str] = ""
    bucket: ClassVar[str | None] = None  # the statistics bucket of all its games, else by preset
    rules_page: ClassVar[str] = ""  # the help page on its own rules, if it has one
    nouns: ClassVar[Nouns] = Nouns()  # what its codes and symbols are called in sentences

    pegs: int

    # --- parameters and stored form ---------------------------------------------------------------
    def params(self) -> dict[str, int]:
        """Its parameters by name, in the order its text writes them: {"rows": 2, "columns": 3}."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_params(cls, params: Mapping[str, object]) -> Variant:
        """The variant with these parameters (whole numbers, each named once); VariantError if not."""
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        if sorted(params) != sorted(names):
            raise VariantError(f"a {cls.name} variant is given {', '.join(names)}, not {sorted(params)!r}")
        for key, value in params.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise VariantError(f"a {cls.name} variant's {key} is a whole number, not {value!r}")
        return cls(**params)  # its __post_init__ checks the values

    @property
    def text(self) -> str:
        """The stored form: the name, then the parameters in order joined by "x": "row:4", "grid:2x3"
        (variant_from_text() reads it)."""
        return f"{self.name}:" + "x".join(str(value) for value in self.params().values())

    @classmethod
    def from_param_text(cls, text: str) -> Variant:
        """The variant whose `text` after the name's colon is `text` ("2x3"); VariantError if none."""
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        parts = text.lower().split("x")
        # ASCII digits only ("²" and "٣" are digits to str methods), a few of them
        readable = all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts)
        values = [int(part) for part in parts] if readable else []
        if len(values) != len(names):
            spelled = "x".join(name.upper() for name in names)
            quoted = text if len(text) <= 40 else f"{text[:40]}..."
            raise VariantError(f"{cls.name} is written {cls.name}:{spelled}, not {cls.name}:{quoted}")
        return cls.from_params(dict(zip(names, values, strict=True)))

    def with_pegs(self, pegs: int) -> Variant:
        """This variant with `pegs` places, where the pegs are its to choose (not fixed_pegs); else
        itself (a grid's cells come from its shape)."""
        return self

    @classmethod
    def offered(cls) -> tuple[Variant, ...]:
        """The variants of this kind the setup screens offer, in the order shown (a variant whose pegs
        are not fixed is offered once: the pegs are stepped apart, with_pegs())."""
        return ()

    @classmethod
    def numbered(cls) -> tuple[Variant, ...]:
        """The variants of this kind that have game numbers (gamenumber.py: a variant registered after
        the row and the grid numbers these in a region of its own). Fixed once released: a number
        means one game for ever."""
        return ()

    # --- shape and words ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def shape(self) -> tuple[int, int]:
        """(lines, places per line) a code is drawn and read in: a row is (1, pegs)."""

    @property
    @abstractmethod
    def label(self) -> str:
        """ "4 pegs" or "2x3 grid"."""

    @property
    def shape_name(self) -> str:
        """What the Shape choice shows: "Row" or "Grid 2×3"."""
        return "Row"

    @property
    def segment_label(self) -> str:
        """The Shape choice's short form: "Row" or "2×3"."""
        return "Row"

    def size_text(self, colours: int) -> str:
        """ "4 pegs × 6 colours" or "2×3 grid × 6 colours"."""
        return f"{self.pegs} pegs × {colours} colours"

    def short_size(self, colours: int) -> str:
        """ "4×6" or "2×3 × 6 colours", after a bucket's name."""
        return f"{self.pegs}×{colours}"

    def describe(self, line: str) -> str:
        """A line about a game of this shape (turns, codes) with what the variant adds to it."""
        return line

    def code_text(self, keys: str) -> str:
        """A code written as its colours' keys, one a place, laid out as the code reads."""
        return keys

    places_word: ClassVar[str] = "pegs"  # what its places are called: "exactly 2 pegs are 4"

    def place_words(self, place: int) -> str:
        """Where place `place` (from 0) is, in words: "place 2", or a grid's "row 1, column 2"."""
        return f"place {place + 1}"

    @property
    def table_variant(self) -> Variant:
        """The variant whose strategy tables this one plays: itself, or one that numbers and grades
        the same codes alike (Bulls and Cows plays the row's tables of 10 colours without repeats)."""
        return self

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

    def guess_count(self, colours: int, duplicates: bool) -> int:
        """How many codes a player may play: the legal codes (a word variant's allowed words)."""
        return self.legal_codes(colours, duplicates)

    def guess_of_rank(self, colours: int, duplicates: bool, rank: int) -> Code:
        """The playable code of rank `rank` (0 .. guess_count() - 1): the secret of that rank, or a
        word variant's allowed word."""
        return self.secret_of_rank(colours, duplicates, rank)

    def why_not(self, code: Code) -> str | None:
        """Why `code` (of the right length, symbols and repeats) cannot be played here, or None: a
        word variant's "not in the word list". GameConfig.check_code raises it as a CodeError."""
        return None

    def why_not_secret(self, code: Code) -> str | None:
        """Why `code` (of the right length, symbols and repeats) cannot be a secret here, or None: what
        why_not() says, and for a listed variant a word the strategies never consider (an allowed
        guess that is not an answer)."""
        return self.why_not(code)

    def accepts(self, code: Code) -> bool:
        """Whether `code` (of the right length, symbols and repeats) can be played (why_not())."""
        return self.why_not(code) is None

    def symbol_name(self, value: int) -> str:
        """How a person names code value `value`: the variant's own symbol ("7", "E"), else the
        colour's palette key (codes.colour_label: 1..9, then 0)."""
        return self.symbols[int(value)].upper() if self.symbols else colour_label(int(value))

    def code_symbols(self, code: Code) -> str:
        """A code in the variant's own symbols ("4071", "crane"); "" where it has none (colours)."""
        return "".join(self.symbols[int(value)] for value in code) if self.symbols else ""

    def code_from_symbols(self, text: str) -> Code:
        """The code a person typed in the variant's symbols, any case ("CRANE", "4071"): its values,
        not yet checked against the game (GameConfig.check_code: length, repeats, why_not);
        CodeError for a character that is not one of them, or where the variant has no symbols."""
        if not self.symbols:
            raise CodeError("this game's codes are colours, not typed symbols")
        values = []
        for ch in text.strip().lower():
            if ch not in self.symbols:
                raise CodeError(f"{ch!r} is not one of this game's symbols ({self.symbols})")
            values.append(self.symbols.index(ch))
        return tuple(values)

    def secret_rank(self, colours: int, duplicates: bool, secret: Code) -> int:
        """The rank of a legal secret among all of them, 0 .. legal_codes() - 1 (game numbers and
        the Daily draw secrets by rank): its code number with repeats, else its permutation's
        lexicographic rank."""
        if duplicates:
            rank = 0
            for peg in secret:
                rank = rank * colours + int(peg)
            return rank
        unused = list(range(colours))
        rank = 0
        for place, peg in enumerate(secret):
            rank += unused.index(int(peg)) * math.perm(colours - place - 1, self.pegs - place - 1)
            unused.remove(int(peg))
        return rank

    def secret_of_rank(self, colours: int, duplicates: bool, rank: int) -> Code:
        """Inverse of secret_rank()."""
        if duplicates:
            pegs = []
            for _ in range(self.pegs):
                rank, peg = divmod(rank, colours)
                pegs.append(peg)
            return tuple(reversed(pegs))
        unused = list(range(colours))
        pegs = []
        for place in range(self.pegs):
            step = math.perm(colours - place - 1, self.pegs - place - 1)
            index, rank = divmod(rank, step)
            pegs.append(unused.pop(index))
        return tuple(pegs)

    # --- the code space (the config passes itself: sizes, duplicates and this variant) ---------------
    def consistent_steps(self, config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
        """Sorted indices of the codes consistent with every grade (space.consistent_steps)."""
        return (yield from self.space.consistent_steps(config, history))

    def count_steps(self, config: GameSize, history: History) -> Generator[Progress, None, int]:
        """How many codes are consistent with every grade (space.count_consistent_steps)."""
        return (yield from self.space.count_steps(config, history))

    def partition_steps(self, config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
        """How `guess` splits every legal code: counts per packed grade (space.partition_over_space)."""
        return (yield from self.space.partition_steps(config, guess))

    def first_guess_steps(self, config: GameSize, choose: ChooseRow) -> Generator[Progress, None, Code]:
        """The first guess: of the codes no symmetry tells apart, the one whose split of the whole
        space choose(part counts (k, grades)) picks (its row's index, lowest on ties)."""
        return (yield from self.space.first_guess_steps(config, choose))

    def remember_consistent(self, config: GameSize, history: History, indices: np.ndarray) -> None:
        """Told that sorted `indices` are exactly the codes consistent with `history` (a whole-tree
        walk holds them): a space that caches consistent sets keeps them."""
        self.space.remember_consistent(config, history, indices)

    def multiset_scorer(self, colours: int) -> MultisetScorer | None:
        """The strategies' multiset kernel for this size, where `multiset` holds and one is made."""
        return None

    def multiset_scorer_steps(self, colours: int) -> Generator[Progress, None, None]:
        """Build multiset_scorer() a block per step (nothing where there is none)."""
        yield from ()
