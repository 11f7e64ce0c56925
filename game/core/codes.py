"""Codes and scoring.

A code is a tuple of ints in 0..colours-1, first peg first. Codes are numbered in base `colours`
with the first peg as the most significant digit, so "lowest-numbered" is lexicographic order and
code_index((0, 0, 1, 1), 6) == 7.

Feedback is (black, white), computed the Knuth way: black = pegs equal in place; white = sum over
colours of min(count in guess, count in secret) - black. Batches are scored with numpy (score_many,
grades_between); a grade is packed as black * (pegs + 1) + white so partitions can be counted with
numpy.bincount. These are the classic row's rules (variants/row.py); grid.py has the grid's.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

import numpy as np

Code = tuple[int, ...]

# Colour letters used in the text form of codes: digits keep codes readable as numbers, and
# colours are at most 10, so one character per peg always suffices; a variant with more symbols (a
# word's 26 letters) writes values from 10 on as a, b, ...: one character per peg still.
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
# How the game shows colour i to a player: the key that places it, as the palette labels it (1..9,
# then 0 for the tenth). Player-facing sentences (game/core/whynot.py, facts.py) number colours so.
COLOUR_KEYS = "1234567890"


class Feedback(NamedTuple):
    """The grade of a guess: black = right colour in the right place, white = right colour elsewhere."""

    black: int
    white: int

    def __str__(self) -> str:
        return f"{self.black}B{self.white}W"


class CodeError(ValueError):
    """A code that does not fit the game: wrong length, colour out of range, bad text."""


def score(guess: Code, secret: Code) -> Feedback:
    """Grade one guess against one secret (the scalar reference used everywhere else)."""
    if len(guess) != len(secret):
        raise CodeError(f"guess has {len(guess)} pegs but the secret has {len(secret)}")
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = Counter(guess) & Counter(secret)
    return Feedback(black, sum(common.values()) - black)


def pack(feedback: Feedback | tuple[int, int], pegs: int) -> int:
    """Pack a grade into one small int: black * (pegs + 1) + white."""
    black, white = feedback
    return black * (pegs + 1) + white


def unpack(packed: int, pegs: int) -> Feedback:
    """Inverse of pack()."""
    return Feedback(*divmod(int(packed), pegs + 1))


def grade_count(pegs: int) -> int:
    """Size of the packed-grade range, for numpy.bincount(minlength=...)."""
    return (pegs + 1) * (pegs + 1)


def code_count(pegs: int, colours: int) -> int:
    return colours**pegs


def code_index(code: Code, colours: int) -> int:
    """The number of a code: its pegs read as digits in base `colours`, first peg most significant."""
    index = 0
    for peg in code:
        index = index * colours + peg
    return index


def index_code(index: int, pegs: int, colours: int) -> Code:
    """Inverse of code_index()."""
    digits = []
    for _ in range(pegs):
        index, digit = divmod(index, colours)
        digits.append(digit)
    return tuple(reversed(digits))


def decode(indices: np.ndarray, pegs: int, colours: int) -> np.ndarray:
    """Code numbers -> an (n, pegs) uint8 array of pegs, without a Python loop over codes."""
    indices = np.asarray(indices, dtype=np.int64)
    out = np.empty((indices.shape[0], pegs), dtype=np.uint8)
    rest = indices.copy()
    for position in range(pegs - 1, -1, -1):
        out[:, position] = rest % colours
        rest //= colours
    return out


def encode(codes: np.ndarray, colours: int) -> np.ndarray:
    """(n, pegs) array of pegs -> code numbers (int64)."""
    codes = np.asarray(codes, dtype=np.int64)
    index = np.zeros(codes.shape[0], dtype=np.int64)
    for position in range(codes.shape[1]):
        index = index * colours + codes[:, position]
    return index


def colour_counts(codes: np.ndarray, colours: int) -> np.ndarray:
    """(n, pegs) codes -> (n, colours) uint8 counts of each colour."""
    codes = np.asarray(codes)
    counts = np.zeros((codes.shape[0], colours), dtype=np.uint8)
    for colour in range(colours):
        counts[:, colour] = (codes == colour).sum(axis=1)
    return counts


def score_many(guess: Code, codes: np.ndarray, colours: int, counts: np.ndarray | None = None) -> np.ndarray:
    """Packed grades of one guess against every row of `codes` (n, pegs), as an int16 array.

    `counts` may be passed when colour_counts(codes) is already known, to save recomputing it.
    """
    codes = np.asarray(codes)
    pegs = codes.shape[1]
    g = np.asarray(guess, dtype=codes.dtype)
    black = (codes == g).sum(axis=1, dtype=np.int16)
    if counts is None:
        counts = colour_counts(codes, colours)
    guess_counts = np.bincount(np.asarray(guess), minlength=colours).astype(np.uint8)
    common = np.minimum(counts, guess_counts).sum(axis=1, dtype=np.int16)
    return black * (pegs + 1) + (common - black)


def grades_between(
    guesses: np.ndarray, guess_counts: np.ndarray, codes: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """Packed grades (k, m) uint8 of k guesses against m codes, from their pegs and colour counts.

    packed = black * (pegs + 1) + white = black * pegs + common, with common = sum of min(counts).
    """
    pegs = guesses.shape[1]
    black = np.zeros((guesses.shape[0], codes.shape[0]), dtype=np.uint8)
    for position in range(pegs):
        black += guesses[:, position, None] == codes[None, :, position]
    common = np.zeros_like(black)
    for colour in range(counts.shape[1]):
        if guess_counts[:, colour].any():
            common += np.minimum(guess_counts[:, colour, None], counts[None, :, colour])
    return black * np.uint8(pegs) + common


def has_repeats(code: Code) -> bool:
    return len(set(code)) != len(code)


def code_to_text(code: Code) -> str:
    """(0, 0, 1, 1) -> "0011"."""
    return "".join(DIGITS[peg] for peg in code)


def colour_label(colour: int) -> str:
    """Colour 0 -> "1", ..., colour 9 -> "0": the digit a player sees on the palette and types."""
    return COLOUR_KEYS[colour]


def code_from_text(
    text: str, pegs: int | None = None, colours: int | None = None, letters: bool = False
) -> Code:
    """ "0011" -> (0, 0, 1, 1); checks length and colour range when they are given. Values from 10 on
    (a word's letters past j) are read only with more than 10 colours, or `letters` (a move text,
    checked against its game when played)."""
    text = text.strip()
    symbols = DIGITS if letters or (colours is not None and colours > 10) else DIGITS[:10]
    if not text or any(ch not in symbols for ch in text):
        raise CodeError(f"a code is written as digits 0-9, one per peg, not {text!r}")
    code = tuple(DIGITS.index(ch) for ch in text)
    if pegs is not None and len(code) != pegs:
        raise CodeError(f"a code here has {pegs} pegs, {text!r} has {len(code)}")
    if colours is not None and max(code) >= colours:
        raise CodeError(f"colours here are 0-{colours - 1}, {text!r} uses {max(code)}")
    return code
