"""Grid codes, the 2-D puzzle: an R x C grid of colours graded with black, grey and white pegs.

A grid code is stored flat, row by row (cell r * C + c), so code numbers, code spaces, sampling and
streaming are those of a 1-D code with R * C pegs; only grading differs.

Grading a guess against a secret:
- black: cells with the right colour;
- grey: among the cells that are not black, the largest number of (guess cell, secret cell) pairs of
  the same colour that share a row or a column, each cell in at most one pair (a maximum bipartite
  matching, so the number never depends on an order of search);
- white: colours in common (sum over colours of min(count in guess, count in secret)) - black - grey.
Grading is symmetric in guess and secret: swapping them only transposes the matching graph.

Batches: a pair joins cells of one colour only, so the matching splits by colour: grey = sum over
colours c of M(L_c, S_c), with L_c the guess's non-black c cells and S_c the secret's (disjoint sets).
M depends only on the shape and the two sets, so it is tabulated once per shape over every ternary
word of `cells` digits (1: the cell is in L, 2: in S): 531441 bytes at 3x4, built level by level in
numpy. A batch is then graded with one small matrix product and one table look-up per colour.

A grade (black, grey, white) packs to its rank in lexicographic order among all triples whose sum is
at most `cells`: 35 grades at 2x2, 220 at 3x3 (uint8), 455 at 3x4 (uint16). Black-first order keeps
"more blacks" a larger packed grade, as in the 1-D packing.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

# Each side of a grid runs from 2 to 4 cells and a grid has at most 12 cells (3x4 or 4x3): the
# matching table has 3**cells entries, 531441 bytes at 12 cells, 43 MB at 4x4.
GRID_MIN_SIDE, GRID_MAX_SIDE = 2, 4
GRID_MAX_CELLS = 12
# Largest grid code space offered: a grid space is listed whole, in steps, but its arrays are joined
# in one (about 20 ms at 3x4 x 3, 531,441 codes; past 100 ms at a million).
MAX_GRID_CODES = 600_000
MATCH_WORDS_PER_STEP = 40_000  # words of one level filled per step of match_table_levels(): ~5 ms at 3x4


class GridFeedback(NamedTuple):
    """The grade of a grid guess: black = right cell; grey = right row or column; white = elsewhere."""

    black: int
    grey: int
    white: int

    def __str__(self) -> str:
        return f"{self.black}B{self.grey}G{self.white}W"


def parse_shape(text: str) -> tuple[int, int]:
    """ "2x3" -> (2, 3); ValueError with a readable reason otherwise (sizes are checked by the config)."""
    rows, sep, cols = text.strip().lower().partition("x")
    # ASCII digits only ("²" and "٣" are digits to str methods), a few of them (int() has its own
    # words for 5,000 digits); a long text is quoted by its start only
    if not sep or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (rows, cols)):
        quoted = repr(text) if len(text) <= 40 else f"{text[:40]!r}..."
        raise ValueError(f"a grid is written rows x columns, such as 2x3, not {quoted}")
    return int(rows), int(cols)


def shape_text(grid: tuple[int, int]) -> str:
    return f"{grid[0]}x{grid[1]}"


@functools.lru_cache(maxsize=16)
def adjacency(rows: int, cols: int) -> np.ndarray:
    """(cells, cells) bool: two different cells sharing a row or a column (read-only)."""
    cell = np.arange(rows * cols)
    r, c = cell // cols, cell % cols
    share = (r[:, None] == r[None, :]) | (c[:, None] == c[None, :])
    np.fill_diagonal(share, False)
    share.setflags(write=False)
    return share


def max_matching(left: list[int], right: list[int], edge: Callable[[int, int], bool]) -> int:
    """Size of a maximum matching between `left` and `right` items (Kuhn's augmenting paths).

    edge(a, b) says whether left item a may pair with right item b. Scalar, for reference grading.
    """
    partner: dict[int, int] = {}  # right index -> left index

    def augment(a: int, seen: set[int]) -> bool:
        for b in range(len(right)):
            if b not in seen and edge(left[a], right[b]):
                seen.add(b)
                if b not in partner or augment(partner[b], seen):
                    partner[b] = a
                    return True
        return False

    return sum(augment(a, set()) for a in range(len(left)))


def score_grid(guess: Sequence[int], secret: Sequence[int], rows: int, cols: int) -> GridFeedback:
    """Grade one grid guess against one secret (the scalar rule, written for clarity)."""
    cells = rows * cols
    guess, secret = tuple(int(p) for p in guess), tuple(int(p) for p in secret)
    if len(guess) != cells or len(secret) != cells:
        raise ValueError(f"a {rows}x{cols} grid has {cells} cells; got {len(guess)} and {len(secret)}")
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    open_cells = [i for i in range(cells) if guess[i] != secret[i]]
    share = adjacency(rows, cols)

    def edge(i: int, j: int) -> bool:
        return guess[i] == secret[j] and bool(share[i, j])

    grey = max_matching(open_cells, open_cells, edge)
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return GridFeedback(black, grey, common - black - grey)


@dataclass
class _MatchBuild:
    """A shape's matching table, filled a level at a time by match_table_levels(), then read-only."""

    table: np.ndarray | None = None
    done: bool = False


@functools.lru_cache(maxsize=4)
def _match_build(rows: int, cols: int) -> _MatchBuild:
    return _MatchBuild()


def match_table_levels(rows: int, cols: int) -> Generator[int, None, np.ndarray]:
    """Build M over every ternary word of the shape's cells (see the module docstring), yielding the
    number of levels done after each step (a cell's digits, or MATCH_WORDS_PER_STEP words of a level:
    a few ms each at 3x4, the largest shape); cached, read-only.

    Recurrence on the lowest cell l of L: either l stays unpaired, or it pairs with some s in S that
    shares its row or column: M(L, S) = max(M(L - l, S), 1 + M(L - l, S - s)). Words are filled by
    the number of cells in L, so every word's sub-words are already known.
    """
    build = _match_build(rows, cols)
    if build.done:
        return build.table
    cells = rows * cols
    share = adjacency(rows, cols)
    words = np.arange(3**cells, dtype=np.int32)
    # digits[cell] is one contiguous row, so a step touches only the memory of the cell it fills
    digits = np.empty((cells, words.shape[0]), dtype=np.uint8)
    in_left = np.zeros(words.shape[0], dtype=np.uint8)
    rest = words.copy()
    for cell in range(cells):  # a cell's digits per step: all of them at once is about 50 ms at 3x4
        digits[cell] = rest % 3
        rest //= 3
        in_left += digits[cell] == 1
        yield 0
    power = (3 ** np.arange(cells)).astype(np.int32)
    table = np.zeros(words.shape[0], dtype=np.uint8)
    for level in range(1, cells + 1):
        level_words = np.flatnonzero(in_left == level)
        # a level reads only the table of lower levels, so it can be filled a slice per step
        for first in range(0, level_words.shape[0], MATCH_WORDS_PER_STEP):
            at = level_words[first : first + MATCH_WORDS_PER_STEP]
            word_digits = digits[:, at]
            lowest = np.argmax(word_digits == 1, axis=0)
            without = at - power[lowest]
            best = table[without].copy()
            for cell in range(cells):
                pairs = (word_digits[cell] == 2) & share[lowest, cell]
                if pairs.any():
                    paired = table[without[pairs] - 2 * power[cell]] + 1
                    best[pairs] = np.maximum(best[pairs], paired)
            table[at] = best
            yield level - 1
        yield level
    table.setflags(write=False)
    build.table, build.done = table, True
    return table


def match_table(rows: int, cols: int) -> np.ndarray:
    """The shape's matching table (built at once on first use; see match_table_levels())."""
    build = _match_build(rows, cols)
    if build.done:
        return build.table
    levels = match_table_levels(rows, cols)
    while True:
        try:
            next(levels)
        except StopIteration as stop:
            return stop.value


def grade_count_grid(cells: int) -> int:
    """Number of packed grid grades: triples (black, grey, white) with sum <= cells."""
    return math.comb(cells + 3, 3)


@functools.lru_cache(maxsize=16)
def _ranks(cells: int) -> tuple[np.ndarray, tuple[GridFeedback, ...]]:
    """rank[(b * (cells+1) + g) * (cells+1) + w] and its inverse, in lexicographic (b, g, w) order."""
    side = cells + 1
    rank = np.full(side**3, np.iinfo(np.uint16).max, dtype=np.uint16)
    grades = []
    for black, grey, white in itertools.product(range(side), repeat=3):
        if black + grey + white <= cells:
            rank[(black * side + grey) * side + white] = len(grades)
            grades.append(GridFeedback(black, grey, white))
    rank.setflags(write=False)
    return rank, tuple(grades)


def grade_dtype(cells: int) -> type:
    return np.uint8 if grade_count_grid(cells) <= 255 else np.uint16


def pack_grid(feedback: Sequence[int], cells: int) -> int:
    black, grey, white = feedback
    return int(_ranks(cells)[0][(black * (cells + 1) + grey) * (cells + 1) + white])


def unpack_grid(packed: int, cells: int) -> GridFeedback:
    return _ranks(cells)[1][int(packed)]


def grid_grades(
    guesses: np.ndarray,
    guess_counts: np.ndarray,
    codes: np.ndarray,
    counts: np.ndarray,
    rows: int,
    cols: int,
) -> np.ndarray:
    """Packed grid grades (k, m) of k guesses (k, cells) against m codes (m, cells), from their cells
    and colour counts (as codes.grades_between for the row); uint8 up to 3x3, else uint16."""
    cells = rows * cols
    guesses = np.asarray(guesses)
    codes = np.asarray(codes)
    black = np.zeros((guesses.shape[0], codes.shape[0]), dtype=np.int32)
    for cell in range(cells):
        black += guesses[:, cell, None] == codes[None, :, cell]
    common = np.zeros_like(black)
    grey = np.zeros_like(black)
    table = match_table(rows, cols)
    # float32 products are exact here: every word is below 3**12 < 2**24.
    power = (3.0 ** np.arange(cells)).astype(np.float32)
    for colour in range(counts.shape[1]):
        mine = guess_counts[:, colour]
        if not mine.any():
            continue
        common += np.minimum(mine[:, None], counts[None, :, colour])
        in_guess = (guesses == colour).astype(np.float32)
        in_code = (codes == colour).astype(np.float32)
        both = (in_guess * power) @ in_code.T  # weights of the black cells of this colour
        word = (in_guess @ power)[:, None] + 2 * (in_code @ power)[None, :] - 3 * both
        grey += table[word.astype(np.int32)]
    side = cells + 1
    white = common - black - grey
    return _ranks(cells)[0][(black * side + grey) * side + white].astype(grade_dtype(cells))


@functools.lru_cache(maxsize=16)
def symmetries(rows: int, cols: int) -> np.ndarray:
    """(P, cells) int: every cell permutation that keeps grading: row swaps, column swaps, and the
    transpose for a square grid. perm[i] is the cell whose colour moves to cell i. Read-only."""
    perms = []
    for row_order in itertools.permutations(range(rows)):
        for col_order in itertools.permutations(range(cols)):
            perms.append([row_order[i // cols] * cols + col_order[i % cols] for i in range(rows * cols)])
    if rows == cols:
        perms += [[p[(i % cols) * cols + i // cols] for i in range(rows * cols)] for p in perms]
    table = np.array(perms, dtype=np.int64)
    table.setflags(write=False)
    return table
