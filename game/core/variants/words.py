"""Word Mastermind: the secret is a five-letter word from the answer list, every guess a word of the
allowed list, graded as the row is, over letters: black = right letter, right place; white = right
letter elsewhere, counted with repeated letters as colours are (codes.py).

Its codes are words (wordlists.py: letters a = 0 ... z = 25, code numbers in base 26, so alphabetical
order) and its code space is the list (wordspace.py), not every code of 5 places x 26 letters: a
guess must be an allowed word (why_not: "not in the word list"), a secret is an answer (secret_rank
is its place in the list), the strategies weigh listed words (Variant.listed) with no colour
symmetry, and no multiset kernel (the grading is the row's, but a list is no product space).

Game numbers of word games number the answers by their place in the shipped list (secret_rank), so
answers.txt is fixed once released: another list would give the same numbers other words.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

from .. import wordspace
from ..codes import Code
from ..progress import Progress
from ..turns import Difficulty
from ..wordlists import ALPHABET, LETTERS, code_word, word_code, word_lists
from .base import Nouns, Variant, VariantError
from .row import RowVariant

if TYPE_CHECKING:
    from .base import ChooseRow, GameSize


@dataclass(frozen=True)
class WordVariant(RowVariant):
    """A five-letter word graded black (right letter, right place) and white (right letter elsewhere)."""

    pegs: int = LETTERS
    name: ClassVar[str] = "words"
    fixed_pegs: ClassVar[bool] = True
    fixed_colours: ClassVar[int | None] = len(ALPHABET)
    fixed_duplicates: ClassVar[bool | None] = True
    multiset: ClassVar[bool] = False  # a list is no product space: no multiset kernel, no colour symmetry
    listed: ClassVar[bool] = True
    space: ClassVar[ModuleType] = wordspace
    symbols: ClassVar[str] = ALPHABET
    grade_rules: ClassVar[str] = "black = right letter, right place; white = right letter, wrong place"
    places_word: ClassVar[str] = "letters"
    nouns: ClassVar[Nouns] = Nouns("word", "words", "letter", "letters", " in the list")
    bucket: ClassVar[str | None] = "Words"  # the statistics bucket of every word game

    def __post_init__(self) -> None:
        if self.pegs != LETTERS:
            raise VariantError(f"the word variants play words of {LETTERS} letters, not {self.pegs!r}")

    def with_pegs(self, pegs: int) -> Variant:
        return self

    @classmethod
    def offered(cls) -> tuple[Variant, ...]:
        """Offered once (the setup screens show its colours and repeats but do not step them)."""
        return (cls(),)

    @classmethod
    def numbered(cls) -> tuple[Variant, ...]:
        return (cls(),)

    @property
    def label(self) -> str:
        return f"{self.pegs}-letter word"

    @property
    def shape_name(self) -> str:
        return "Words"

    @property
    def segment_label(self) -> str:
        return "Words"

    def size_text(self, colours: int) -> str:
        return f"a {self.pegs}-letter word"

    def short_size(self, colours: int) -> str:
        return "words"

    def describe(self, line: str) -> str:
        return f"Words · {line}"

    def place_words(self, place: int) -> str:
        return f"letter {place + 1}"

    def code_text(self, keys: str) -> str:
        return keys

    def table_stem(self, colours: int) -> str:
        return f"{self.name}_{self.pegs}"

    # Classic: the most guesses the weakest built-in strategy (lowest) needs over every answer, as the
    # row's pegs + colours is (turns.py); Tight: the most the strongest (entropy) needs. Measured with
    # tools/sweep.py --all over the shipped lists (docs/engine.md); Relaxed is Classic + 2.
    classic_turns: ClassVar[int] = 10
    tight_turns: ClassVar[int] = 7

    # The first guess of the partition rules (and of `optimal`, which plays entropy here) wherever it
    # is one of the installed answers: a word a watching player knows as one, where the rules' own
    # best first splits are words only the allowed list holds. Chosen by playing every answer out
    # below each rule's best answer openings (tools/word_openings.py, figures in docs/engine.md).
    opening: ClassVar[str | None] = "slate"

    def first_guess_steps(self, config: GameSize, choose: ChooseRow) -> Generator[Progress, None, Code]:
        """The opening where the installed answers hold it; else the word choose() picks among the
        shipped shortlist (wordspace.first_guess_steps)."""
        if self.opening is not None:
            code = word_code(self.opening)
            try:
                word_lists().answer_rank(code)
            except ValueError:  # lists without it (a test's): the rule chooses
                pass
            else:
                yield Progress(1, 1, "first guess")
                return code
        return (yield from super().first_guess_steps(config, choose))

    def turn_limit(self, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
        """Classic classic_turns (10), Relaxed two more, Tight tight_turns (7)."""
        difficulty = Difficulty(difficulty)
        if difficulty is Difficulty.RELAXED:
            return self.classic_turns + 2
        return self.tight_turns if difficulty is Difficulty.TIGHT else self.classic_turns

    def problem(self, colours: int, duplicates: bool) -> str | None:
        if colours != len(ALPHABET) or not duplicates:
            return "a word is spelt with the 26 letters, repeats allowed"
        return None

    def legal_codes(self, colours: int, duplicates: bool) -> int:
        """The secrets there are: the answer list's words."""
        return len(word_lists().answers)

    def why_not(self, code: Code) -> str | None:
        if word_lists().is_allowed(tuple(code)):
            return None
        return f"{code_word(code).upper()} is not in the word list"

    def why_not_secret(self, code: Code) -> str | None:
        """A secret is one of the answers, the common words the strategies search among: an allowed
        word beyond them is refused with the reason."""
        why = self.why_not(code)
        if why is not None:
            return why
        try:
            word_lists().answer_rank(tuple(code))
            return None
        except ValueError:
            answers = len(word_lists().answers)
        return f"{code_word(code).upper()} is a word, but not one of the {answers:,} common words a secret is"

    def guess_count(self, colours: int, duplicates: bool) -> int:
        return len(word_lists().allowed)

    def guess_of_rank(self, colours: int, duplicates: bool, rank: int) -> Code:
        return tuple(int(v) for v in word_lists().allowed.codes[rank])

    def secret_rank(self, colours: int, duplicates: bool, secret: Code) -> int:
        return word_lists().answer_rank(tuple(secret))

    def secret_of_rank(self, colours: int, duplicates: bool, rank: int) -> Code:
        return word_lists().answer(rank)


VARIANT = WordVariant  # what the registry (variants/__init__.py MODULES) reads of this module
