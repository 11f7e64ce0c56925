"""Word lists for the word variants, as the code spaces read them: sorted code numbers and arrays.

A word is a code of LETTERS pegs over the 26 letters (a = 0 ... z = 25); its code number is as in
codes.py (base 26, first letter most significant), so alphabetical order is code-number order and a
sorted list of words is a sorted array of code numbers, the form every space and strategy shares.

Core reads no file: the lists come from a source installed by the shell (game/words.py reads
assets/words/ and calls install()); tools and tests install the same. WordLists holds the secrets
(`answers`) and the guesses a player may type (`allowed`, the answers included), each as sorted code
numbers with their letters (n, LETTERS) and letter counts (n, 26), read-only, built once.

Invariants: answers is a subset of allowed; both sorted, without repeats; every word is LETTERS
lower-case letters a-z.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from .codes import Code, colour_counts, decode, encode

LETTERS = 5
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


class WordListsMissing(RuntimeError):
    """No word lists are installed (game.words.install() reads the shipped ones)."""


def word_code(word: str) -> Code:
    """ "crane" -> (2, 17, 0, 13, 4); ValueError for anything but lower-case letters a-z."""
    if not word.isascii() or not word.isalpha() or not word.islower():
        raise ValueError(f"a word is lower-case letters a-z, not {word!r}")
    return tuple(ALPHABET.index(ch) for ch in word)


def code_word(code: Code) -> str:
    """(2, 17, 0, 13, 4) -> "crane"."""
    return "".join(ALPHABET[int(value)] for value in code)


@dataclass(frozen=True)
class Listed:
    """One sorted list of words: code numbers (n,), letters (n, LETTERS), letter counts (n, 26)."""

    indices: np.ndarray
    codes: np.ndarray
    counts: np.ndarray

    @classmethod
    def of(cls, words: Iterable[str]) -> Listed:
        codes = np.array(sorted({word_code(w) for w in words}), dtype=np.uint8).reshape(-1, LETTERS)
        indices = encode(codes, len(ALPHABET))
        counts = colour_counts(codes, len(ALPHABET))
        for array in (indices, codes, counts):
            array.setflags(write=False)
        return cls(indices, codes, counts)

    def positions(self, indices: np.ndarray) -> np.ndarray:
        """Positions in this list of code numbers that are in it."""
        return np.searchsorted(self.indices, np.asarray(indices, dtype=np.int64))

    def contains(self, indices: np.ndarray) -> np.ndarray:
        indices = np.asarray(indices, dtype=np.int64)
        where = np.minimum(np.searchsorted(self.indices, indices), self.indices.shape[0] - 1)
        return self.indices[where] == indices

    def __len__(self) -> int:
        return int(self.indices.shape[0])


@dataclass(frozen=True)
class WordLists:
    """The secrets and the allowed guesses (the answers included), and the first guesses worth
    weighing for each variant by name (first_guesses: a shortlist the tool found best by every
    criterion the strategies use; empty: weigh every allowed word)."""

    answers: Listed
    allowed: Listed
    first_guesses: dict[str, tuple[Code, ...]]

    @classmethod
    def of(
        cls, answers: Iterable[str], allowed: Iterable[str], first_guesses: dict[str, list[str]] | None = None
    ) -> WordLists:
        answers = list(answers)
        shortlists = {
            name: tuple(word_code(w) for w in words) for name, words in (first_guesses or {}).items()
        }
        return cls(Listed.of(answers), Listed.of([*allowed, *answers]), shortlists)

    def is_allowed(self, code: Code) -> bool:
        if len(code) != LETTERS or any(not 0 <= int(v) < len(ALPHABET) for v in code):
            return False
        return bool(self.allowed.contains(encode(np.asarray([code]), len(ALPHABET)))[0])

    def answer(self, rank: int) -> Code:
        return tuple(int(v) for v in self.answers.codes[rank])

    def answer_rank(self, code: Code) -> int:
        number = int(encode(np.asarray([code]), len(ALPHABET))[0])
        rank = int(self.answers.positions(np.array([number]))[0])
        if rank >= len(self.answers) or int(self.answers.indices[rank]) != number:
            raise ValueError(f"{code_word(code)} is not one of the secrets")
        return rank


_source: Callable[[], WordLists] | None = None


def install(source: Callable[[], WordLists]) -> None:
    """Where the word lists come from: a function that reads them (called once, when first needed)."""
    global _source
    _source = source
    word_lists.cache_clear()


def source() -> Callable[[], WordLists] | None:
    """The installed source (None before any), so a tool can put it back after using its own."""
    return _source


@functools.cache
def word_lists() -> WordLists:
    """The installed word lists, read once; WordListsMissing when none are installed."""
    if _source is None:
        raise WordListsMissing("the word lists are not loaded (game.words.install() reads the shipped ones)")
    return _source()


def decode_words(indices: np.ndarray) -> np.ndarray:
    """Letters (n, LETTERS) of word code numbers."""
    return decode(np.asarray(indices, dtype=np.int64), LETTERS, len(ALPHABET))
