"""Dealing a Deduce board: a secret and a few graded guesses after which exactly one code fits.

The method (one attempt; game/core/deduce.py retries until the rows fall in the level's range):
1. The secret is a code drawn uniformly from the whole space.
2. Rows are played like a game whose player knows where to go: each turn CANDIDATES guesses are drawn
   uniformly from the whole space (a word level's: the answer list, `common`; never the secret,
   never a guess already given), and each is
   weighed by the size of the part of the still-fitting codes that shares the secret's grade with it
   (what the row would leave). The row kept is the one whose part is closest, as a ratio, to the
   level's `shrink` times the codes fitting now (about a fifth): rows that each rule out a good share,
   not the one that rules out the most, so the reader has to chain several of them. A row that would
   narrow nothing is never kept. Rows are added until one code fits.
   The first row is weighed over the whole space through space.partition_over_space_steps (streamed
   head x tail at 6x9); the codes it leaves are listed once (streamed), decoded, and
   every later row is weighed against them in numpy blocks and narrows them by a mask.
3. Rows are trimmed from the last but one back to the first: a row goes when the others, counted over
   the whole space (space.count_consistent_steps), still leave one code. A row kept was needed when it
   was tested and later removals only loosen the rest, so after one pass every row is needed (the
   last row is always needed: before it more than one code fitted).
Drawing guesses from the whole space, not from the codes still fitting, keeps late rows from being
near-copies of the secret that would make every earlier row redundant.

Determinism: every random draw is `rng.random()` (the one method Python promises to repeat for a seed)
scaled to an integer, and every choice compares exact integers, so a seed deals the same board on
every platform, whatever the numpy version, the caches or the step sizes.

Every loop yields Progress after at most about WORK_PER_YIELD byte-operations (the solvers' bound);
the space functions used do the same.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .codes import Code, Feedback, colour_counts, index_code
from .config import GameConfig
from .headtail import WORK_PER_YIELD, stream_steps
from .solver import Progress
from .space import (
    codes_of,
    consistent_steps,
    count_consistent_steps,
    is_small,
    legal_count,
    partition_over_space_steps,
)

Rows = tuple[tuple[Code, Feedback], ...]

# Guesses weighed for each row: more finds the wanted shrink more closely and costs more numpy work.
CANDIDATES = 8


def cell_cost(config: GameConfig) -> int:
    """Byte-operations to grade one guess against one code (space.grades_between: a compare per peg,
    a minimum and an add per colour), as score_table_steps counts them."""
    return 2 * config.pegs + 2 * config.colours


def decode_cost(config: GameConfig) -> int:
    """Byte-operations to decode one code number and count its colours (int64 divmod per peg)."""
    return 32 * config.pegs + 2 * config.pegs * config.colours


def draw_below(rng: random.Random, n: int) -> int:
    """A whole number in 0..n-1 from one rng.random() draw (Python keeps random() stable by seed)."""
    return min(n - 1, int(rng.random() * n))


def draw_code(rng: random.Random, config: GameConfig) -> Code:
    """A code drawn uniformly: any code of the size (the classic row, repeats allowed), or a variant's
    secret by rank (Bulls and Cows' permutations, a word of the answer list)."""
    if config.variant.fixed_colours is None:
        return index_code(draw_below(rng, config.code_count), config.pegs, config.colours)
    rank = draw_below(rng, legal_count(config))
    return config.variant.secret_of_rank(config.colours, config.duplicates, rank)


def draw_guess(rng: random.Random, config: GameConfig, common: bool = False) -> Code:
    """A guess drawn uniformly from the codes a player may play (a word variant's allowed words), or
    with `common` from the secrets (the answer list's words, which a player knows)."""
    if config.variant.fixed_colours is None or common:
        return draw_code(rng, config)
    rank = draw_below(rng, config.variant.guess_count(config.colours, config.duplicates))
    return config.variant.guess_of_rank(config.colours, config.duplicates, rank)


@dataclass(frozen=True)
class Fitting:
    """The codes that fit every row so far, decoded: pegs (n, pegs) and colour counts (n, colours)."""

    codes: np.ndarray
    counts: np.ndarray

    @property
    def size(self) -> int:
        return int(self.codes.shape[0])


def closest(sizes: list[int], fitting: int, shrink: Fraction) -> int | None:
    """Index of the candidate whose part is nearest `shrink` x `fitting` as a ratio (the first on a
    tie), ignoring parts that narrow nothing; None when every candidate narrows nothing."""
    target = shrink * fitting
    best: tuple[Fraction, int] | None = None
    for i, size in enumerate(sizes):
        if size >= fitting:
            continue
        distance = max(size / target, target / size)  # Fractions: exact, so the same everywhere
        if best is None or distance < best[0]:
            best = (distance, i)
    return None if best is None else best[1]


def _candidates(
    rng: random.Random, config: GameConfig, secret: Code, rows: list, common: bool = False
) -> list[Code]:
    taken = {secret} | {guess for guess, _ in rows}
    out: list[Code] = []
    while len(out) < CANDIDATES:
        guess = draw_guess(rng, config, common)
        if guess not in taken:
            taken.add(guess)
            out.append(guess)
    return out


def decode_steps(config: GameConfig, indices: np.ndarray) -> Generator[Progress, None, Fitting]:
    """Decode sorted code numbers into a Fitting, a block a step."""
    n = indices.shape[0]
    codes = np.empty((n, config.pegs), dtype=np.uint8)
    counts = np.empty((n, config.colours), dtype=np.uint8)
    step = max(1, WORK_PER_YIELD // decode_cost(config))
    for start in range(0, n, step):
        block = codes_of(indices[start : start + step], config)
        codes[start : start + step] = block
        counts[start : start + step] = colour_counts(block, config.colours)
        yield Progress(min(n, start + step), n, "reading codes", n)
    return Fitting(codes, counts)


def weigh_steps(
    config: GameConfig, fitting: Fitting, guesses: list[Code], targets: list[int]
) -> Generator[Progress, None, tuple[list[int], np.ndarray]]:
    """(part sizes, packed grades (k, n)): how many fitting codes give each guess its target grade.

    Progress.done/total count graded cells (guess x code); a step grades at most
    WORK_PER_YIELD // cell_cost(config) of them.
    """
    k, n = len(guesses), fitting.size
    g = np.asarray(guesses, dtype=np.uint8)
    g_counts = colour_counts(g, config.colours)
    wanted = np.asarray(targets, dtype=config.variant.grade_dtype)[:, None]
    grades = np.empty((k, n), dtype=config.variant.grade_dtype)
    sizes = np.zeros(k, dtype=np.int64)
    step = max(1, WORK_PER_YIELD // (cell_cost(config) * k))
    for start in range(0, n, step):
        stop = min(n, start + step)
        codes, counts = fitting.codes[start:stop], fitting.counts[start:stop]
        block = config.variant.grades_between(g, g_counts, codes, counts)
        grades[:, start:stop] = block
        sizes += np.count_nonzero(block == wanted, axis=1)
        yield Progress(stop * k, n * k, "weighing guesses", n)
    return [int(s) for s in sizes], grades


def first_fitting_steps(config: GameConfig, rows: list) -> Generator[Progress, None, np.ndarray]:
    """Sorted numbers of the codes fitting the first row. A large space is streamed past the solvers'
    cache of consistent sets: a dealt row is never asked for again, and would only crowd it out."""
    if is_small(config) or config.variant.listed:
        return (yield from consistent_steps(config, rows))
    return (yield from stream_steps(config, rows, keep=True))


def play_rows_steps(
    config: GameConfig, rng: random.Random, secret: Code, shrink: Fraction, common: bool = False
) -> Generator[Progress, None, list[tuple[Code, Feedback]]]:
    """Step 2 of the module docstring: rows until only the secret fits (`common`: guesses drawn
    from the secrets only)."""
    rows: list[tuple[Code, Feedback]] = []
    fitting: Fitting | None = None
    left = legal_count(config)
    variant = config.variant
    while left > 1:
        guesses = _candidates(rng, config, secret, rows, common)
        targets = [variant.pack(variant.score(guess, secret)) for guess in guesses]
        grades = None
        if fitting is None:
            sizes = []
            for guess, target in zip(guesses, targets, strict=True):
                parts = yield from partition_over_space_steps(config, guess)
                sizes.append(int(parts[target]))
        else:
            sizes, grades = yield from weigh_steps(config, fitting, guesses, targets)
        chosen = closest(sizes, left, shrink)
        if chosen is None:
            continue  # every guess drawn left all the fitting codes: draw again
        rows.append((guesses[chosen], variant.score(guesses[chosen], secret)))
        if fitting is None:
            indices = yield from first_fitting_steps(config, rows)
            fitting = yield from decode_steps(config, indices)
        else:
            keep = grades[chosen] == targets[chosen]
            fitting = Fitting(fitting.codes[keep], fitting.counts[keep])
        left = fitting.size
        yield Progress(len(rows), len(rows) + 1, "dealing rows", left)
    return rows


def trim_steps(config: GameConfig, rows: list[tuple[Code, Feedback]]) -> Generator[Progress, None, Rows]:
    """Step 3 of the module docstring: drop every row the others make redundant, last to first."""
    kept = list(rows)
    for i in range(len(kept) - 2, -1, -1):
        rest = kept[:i] + kept[i + 1 :]
        count = yield from count_consistent_steps(config, rest)
        if count == 1:
            kept = rest
        yield Progress(len(rows) - i, len(rows), "trimming rows", count)
    return tuple(kept)


def deal_steps(
    config: GameConfig, rng: random.Random, shrink: Fraction, common: bool = False
) -> Generator[Progress, None, tuple[Code, Rows]]:
    """One attempt: (secret, rows) such that exactly one code of the whole space fits the rows, no
    row is the secret, and every row is needed (`common`: rows from the secrets). Same rng state,
    same board."""
    secret = draw_code(rng, config)
    rows = yield from play_rows_steps(config, rng, secret, shrink, common)
    return secret, (yield from trim_steps(config, rows))
