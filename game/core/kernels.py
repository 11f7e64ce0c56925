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

A strategy weighs thousands of candidates against the same few codes at one tree node, so
MultisetScorer.node() builds per-node tables once (NodeScorer) and every candidate then costs three
row gathers and two adds: the pegs split into a head (the first pegs // 2) and a tail, and
    grade = COMMON'[multiset(g)][j] + HEAD[head(g)][j] + TAIL[tail(g)][j]
where HEAD/TAIL count the blacks of each head/tail against code j and COMMON' holds the common
colours c as c (c + 1) / 2: a dense packing, tri(common) + black, of the (pegs + 1)(pegs + 2) / 2
grades, so part counts and the criteria run over 21 grade columns at 5 pegs instead of 36. Only the
part counts leave a NodeScorer (their columns are in its own order; every criterion is a sum, max or
count over columns). Head and tail are read straight off the code number, so no pegs are decoded.

MultisetScorer and NodeScorer are immutable once built (their arrays are read-only); scorer_steps()
builds a MultisetScorer per size a block of rows per step and caches it (scorer_for() is its
plain-function form). Pure numpy, no I/O.
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
    dense: np.ndarray  # (M, M) uint8: c (c + 1) / 2 of those, for NodeScorer's dense grades

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

    def node_steps(self, columns: np.ndarray, ids: np.ndarray) -> Generator[Progress, None, NodeScorer]:
        """Per-node tables for weighing many candidates against the codes given as columns (pegs, m)
        with their multiset ids (m,); a block of the common table per step (2.4 M cells at m = 3000)."""
        m = columns.shape[1]
        common = np.empty((self.dense.shape[0], m), dtype=np.uint8)
        rows_per_step = max(1, WORK_PER_YIELD // (4 * m))  # a column gather: ~4 byte-ops a cell
        for start in range(0, common.shape[0], rows_per_step):
            common[start : start + rows_per_step] = self.dense[start : start + rows_per_step][:, ids]
            if common.shape[0] > rows_per_step:
                yield Progress(start, common.shape[0], "weighing guesses")
        head_pegs = self.pegs // 2
        colours = np.arange(self.colours, dtype=np.uint8)[:, None]
        blacks = [(colours == columns[position][None, :]).view(np.uint8) for position in range(self.pegs)]
        head, tail = _black_table(blacks[:head_pegs], m), _black_table(blacks[head_pegs:], m)
        read_only(common, head, tail)
        size = (self.pegs + 1) * (self.pegs + 2) // 2
        return NodeScorer(self.colours ** (self.pegs - head_pegs), common, head, tail, size)

    def _block(self, rows: np.ndarray, row_ids: np.ndarray, columns: np.ndarray, column_ids: np.ndarray):
        black = np.zeros((rows.shape[0], columns.shape[1]), dtype=np.uint8)
        for position in range(self.pegs):
            black += rows[:, position, None] == columns[position][None, :]
        black *= np.uint8(self.pegs)
        black += self.common[row_ids][:, column_ids]
        return black


@dataclass(frozen=True)
class NodeScorer:
    """How candidate guesses split one node's codes (see the module docstring), by part counts."""

    tail_codes: int  # colours ** tail pegs: a code number is head * tail_codes + tail
    common: np.ndarray  # (multisets, m) uint8: tri(common colours) of each multiset with code j
    head: np.ndarray  # (colours ** head pegs, m) uint8: blacks of each head against code j's head
    tail: np.ndarray  # (tail_codes, m) uint8
    size: int  # dense grades: (pegs + 1)(pegs + 2) / 2

    def part_counts(self, indices: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """(k,) candidate code numbers and their multiset ids -> (k, size) int64 part sizes."""
        head, tail = np.divmod(indices, self.tail_codes)
        grades = self.common.take(ids, axis=0)
        grades += self.head.take(head, axis=0)
        grades += self.tail.take(tail, axis=0)
        return part_counts(grades, self.size)


def _black_table(blacks: list[np.ndarray], m: int) -> np.ndarray:
    """Per-peg (colours, m) match rows -> (colours ** len(blacks), m) blacks of every peg tuple."""
    table = np.zeros((1, m), dtype=np.uint8)  # no pegs: one tuple, no blacks
    for more in blacks:
        table = (table[:, None, :] + more[None, :, :]).reshape(-1, table.shape[1])
    return np.ascontiguousarray(table)


def read_only(*arrays: np.ndarray) -> None:
    for array in arrays:
        array.setflags(write=False)


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
    dense: np.ndarray
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
    tables = np.empty((2, size, size), dtype=np.uint8)
    return _ScorerBuild(keys[order], counts[order].astype(np.uint8), tables[0], tables[1])


def scorer_steps(pegs: int, colours: int) -> Generator[Progress, None, MultisetScorer | None]:
    """The cached scorer for this size (None when its table would be too large), built a block of
    rows per step: the table is 9 M cells at 6x9, far more than one frame's work."""
    build = _scorer_build(pegs, colours)
    if build is None:
        return None
    size = build.keys.shape[0]
    # ~12 byte-ops a cell and colour (min, widen, sum), then a few to store both tables
    rows_per_step = max(1, WORK_PER_YIELD // (12 * size * colours + 4 * size))
    while build.scorer is None:
        if build.done < size:
            stop = min(size, build.done + rows_per_step)
            block = np.minimum(build.counts[build.done : stop, None, :], build.counts[None, :, :])
            common = block.sum(axis=2, dtype=np.uint8)
            build.common[build.done : stop] = common
            build.dense[build.done : stop] = (common * (common + 1)) >> 1  # at most 10 * 11 before the shift
            build.done = stop
            yield Progress(stop, size, "building the grading table")
        else:
            read_only(build.keys, build.common, build.dense)
            build.scorer = MultisetScorer(pegs, colours, build.keys, build.common, build.dense)
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
