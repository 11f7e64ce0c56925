"""Fast numpy kernels for the partition strategies: grade blocks, part counts, n log n.

Scoring one block of k candidate guesses against m codes is the solvers' hot loop (tens of billions
of cells in a whole 5x8 sweep). Two changes over the straightforward per-colour loop
(space.grades_between) make it about four times cheaper here, in plain numpy:

- common colours come from one table: common(g, s) = sum over colours of min(count_g, count_s)
  depends only on the two codes' colour multisets, and a small space has few of them (792 at 5x8,
  3003 at 6x9), so COMMON[multiset(g), multiset(s)] is one gather instead of 2 x colours passes;
- pegs are compared column by column on contiguous (pegs, m) arrays, never on strided views.

Part counts (how many codes get each grade, per guess) are written straight into one intp array with
the row offsets added, so numpy.bincount does not copy the block again.

MultisetScorer is immutable once built (its arrays are read-only); scorer_steps() builds one per size
a block of rows per step and caches it (scorer_for() is its plain-function form).
Pure numpy, no I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from dataclasses import dataclass, field

import numpy as np

from .codes import colour_counts
from .headtail import WORK_PER_YIELD
from .solver import Progress, run

# Multisets above this count make the common-colour table too big (its bytes are the square).
MAX_MULTISETS = 4_000


@dataclass(frozen=True)
class MultisetScorer:
    """Grades between codes of one size through a common-colour table indexed by colour multiset."""

    pegs: int
    colours: int
    keys: np.ndarray  # sorted multiset keys (colour counts read as base pegs + 1 digits), int64
    common: np.ndarray  # (M, M) uint8: common colours between two multisets

    def multiset_ids(self, codes: np.ndarray) -> np.ndarray:
        """(n, pegs) codes -> (n,) int32 ids into the common table."""
        return self.ids_of_counts(colour_counts(codes, self.colours))

    def ids_of_counts(self, counts: np.ndarray) -> np.ndarray:
        """(n, colours) colour counts -> (n,) int32 ids (for spaces that keep their counts already)."""
        return np.searchsorted(self.keys, _keys_of_counts(counts, self.pegs, self.colours)).astype(np.int32)

    def grades(
        self, guesses: np.ndarray, guess_ids: np.ndarray, columns: np.ndarray, code_ids: np.ndarray
    ) -> np.ndarray:
        """Packed grades (k, m) uint8: guesses (k, pegs) against codes given as columns (pegs, m).

        The array is computed with its longer side innermost (numpy's broadcast loops pay per inner
        run), so it may come back as a transposed view.
        """
        if guesses.shape[0] > columns.shape[1]:
            guess_columns = np.ascontiguousarray(guesses.T)
            return self._block(columns.T, code_ids, guess_columns, guess_ids).T
        return self._block(guesses, guess_ids, columns, code_ids)

    def _block(self, rows: np.ndarray, row_ids: np.ndarray, columns: np.ndarray, column_ids: np.ndarray):
        black = np.zeros((rows.shape[0], columns.shape[1]), dtype=np.uint8)
        for position in range(self.pegs):
            black += rows[:, position, None] == columns[position][None, :]
        black *= np.uint8(self.pegs)
        black += self.common[row_ids][:, column_ids]
        return black


def _keys_of_counts(counts: np.ndarray, pegs: int, colours: int) -> np.ndarray:
    weights = (pegs + 1) ** np.arange(colours, dtype=np.int64)
    return counts.astype(np.int64) @ weights


def _multisets(pegs: int, colours: int) -> np.ndarray:
    """Every colour-count vector of `pegs` pegs over `colours` colours, (M, colours) int64."""
    rows: list[list[int]] = []

    def extend(prefix: list[int], rest: int) -> None:
        if len(prefix) == colours - 1:
            rows.append(prefix + [rest])
            return
        for count in range(rest + 1):
            extend(prefix + [count], rest - count)

    extend([], pegs)
    return np.array(rows, dtype=np.int64)


def multiset_count(pegs: int, colours: int) -> int:
    """C(pegs + colours - 1, pegs): how many colour multisets codes of this size have."""
    from math import comb

    return comb(pegs + colours - 1, pegs)


@dataclass
class _ScorerBuild:
    """A scorer's common-colour table filled a block of rows per step; only scorer_steps changes it."""

    keys: np.ndarray
    counts: np.ndarray
    common: np.ndarray
    done: int = 0
    scorer: MultisetScorer | None = field(default=None)


@functools.lru_cache(maxsize=4)
def _scorer_build(pegs: int, colours: int) -> _ScorerBuild | None:
    if multiset_count(pegs, colours) > MAX_MULTISETS:
        return None
    counts = _multisets(pegs, colours)
    keys = counts @ ((pegs + 1) ** np.arange(colours, dtype=np.int64))
    order = np.argsort(keys)
    size = keys.shape[0]
    return _ScorerBuild(keys[order], counts[order].astype(np.uint8), np.empty((size, size), dtype=np.uint8))


def scorer_steps(pegs: int, colours: int) -> Generator[Progress, None, MultisetScorer | None]:
    """The cached scorer for this size (None when its table would be too large), built a block of
    rows per step: the table is 9 M cells at 6x9, far more than one frame's work."""
    build = _scorer_build(pegs, colours)
    if build is None:
        return None
    size = build.keys.shape[0]
    rows_per_step = max(1, WORK_PER_YIELD // (12 * size * colours))  # ~12 byte-ops a cell: min, widen, sum
    while build.scorer is None:
        if build.done < size:
            stop = min(size, build.done + rows_per_step)
            block = np.minimum(build.counts[build.done : stop, None, :], build.counts[None, :, :])
            build.common[build.done : stop] = block.sum(axis=2, dtype=np.uint8)
            build.done = stop
            yield Progress(stop, size, "building the grading table")
        else:
            build.keys.setflags(write=False)
            build.common.setflags(write=False)
            build.scorer = MultisetScorer(pegs, colours, build.keys, build.common)
    return build.scorer


def scorer_for(pegs: int, colours: int) -> MultisetScorer | None:
    """Plain-function form of scorer_steps()."""
    return run(scorer_steps(pegs, colours))


def part_counts(grades: np.ndarray, size: int) -> np.ndarray:
    """(k, m) packed grades -> (k, size) int64: how many codes each guess gives each grade."""
    rows = grades.shape[0]
    if grades.flags.f_contiguous and not grades.flags.c_contiguous:  # a transposed block: count it as is
        flat = np.empty(grades.T.shape, dtype=np.intp)
        np.add(grades.T, (np.arange(rows, dtype=np.intp) * size)[None, :], out=flat)
    else:
        flat = np.empty(grades.shape, dtype=np.intp)
        np.add(grades, (np.arange(rows, dtype=np.intp) * size)[:, None], out=flat)
    return np.bincount(flat.ravel(), minlength=rows * size).reshape(rows, size)


@functools.lru_cache(maxsize=4)
def n_log2_n(limit: int) -> np.ndarray:
    """table[n] = n * log2(n) for n in 0..limit (0 for n = 0), read-only."""
    n = np.arange(limit + 1, dtype=np.float64)
    table = n * np.log2(np.maximum(n, 1.0))
    table.setflags(write=False)
    return table
