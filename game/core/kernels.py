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
from .progress import WORK_PER_YIELD, Progress, run

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
    head_keys: np.ndarray  # (colours ** (pegs // 2),) int64: the key of each head's colours
    tail_keys: np.ndarray  # (colours ** (pegs - pegs // 2),) int64: the same for each tail

    def multiset_ids(self, codes: np.ndarray) -> np.ndarray:
        """(n, pegs) codes -> (n,) int32 ids into the common table."""
        return self.ids_of_counts(colour_counts(codes, self.colours))

    def ids_of_indices(self, indices: np.ndarray) -> np.ndarray:
        """Code numbers (n,) -> (n,) int32 ids, read off the number's head and tail: no pegs decoded."""
        head, tail = np.divmod(np.asarray(indices, dtype=np.int64), self.tail_keys.shape[0])
        keys = self.head_keys.take(head)
        keys += self.tail_keys.take(tail)
        return np.searchsorted(self.keys, keys).astype(np.int32)

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

    def grades(self, indices: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """(k,) candidate code numbers and their multiset ids -> (k, m) uint8 dense grades."""
        head, tail = np.divmod(indices, self.tail_codes)
        grades = self.common.take(ids, axis=0)
        grades += self.head.take(head, axis=0)
        grades += self.tail.take(tail, axis=0)
        return grades

    def part_counts(self, indices: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """(k,) candidate code numbers and their multiset ids -> (k, size) int64 part sizes."""
        return part_counts(self.grades(indices, ids), self.size)


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
            head_keys = _tuple_keys(pegs // 2, pegs, colours)
            tail_keys = _tuple_keys(pegs - pegs // 2, pegs, colours)
            read_only(build.keys, build.common, build.dense, head_keys, tail_keys)
            build.scorer = MultisetScorer(
                pegs, colours, build.keys, build.common, build.dense, head_keys, tail_keys
            )
    return build.scorer


def _tuple_keys(length: int, pegs: int, colours: int) -> np.ndarray:
    """Multiset-key contribution of every peg tuple of `length` (numbered base colours, first peg most
    significant, as a code's head or tail is): the sum of (pegs + 1) ** colour over its pegs."""
    weights = (pegs + 1) ** np.arange(colours, dtype=np.int64)
    keys = np.zeros(1, dtype=np.int64)
    for _ in range(length):
        keys = (keys[:, None] + weights[None, :]).ravel()
    return keys


def scorer_for(pegs: int, colours: int) -> MultisetScorer | None:
    """Plain-function form of scorer_steps()."""
    return run(scorer_steps(pegs, colours))


@dataclass(frozen=True)
class MultisetGroups:
    """Every code of a size grouped by colour multiset: the codes of multiset i are
    order[starts[i]:starts[i + 1]], ascending (read-only arrays)."""

    order: np.ndarray  # (colours ** pegs,) int32 code numbers
    starts: np.ndarray  # (M + 1,) int64

    def codes_of(self, multisets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(code numbers, their multiset ids) of every code of the given multisets, group by group."""
        multisets = np.asarray(multisets, dtype=np.int64)
        lengths = self.starts[multisets + 1] - self.starts[multisets]
        total = int(lengths.sum())
        # Each group's position in `order`, shifted so one arange over the groups' concatenation reads them.
        shift = np.repeat(self.starts[multisets] - (np.cumsum(lengths) - lengths), lengths)
        return self.order.take(shift + np.arange(total)), np.repeat(multisets.astype(np.int32), lengths)


@dataclass
class _GroupsBuild:
    """A MultisetGroups filled a chunk of codes per step; only multiset_groups_steps changes it."""

    ids: np.ndarray
    done: int = 0
    groups: MultisetGroups | None = None


@functools.lru_cache(maxsize=2)
def _groups_build(pegs: int, colours: int) -> _GroupsBuild:
    return _GroupsBuild(np.empty(colours**pegs, dtype=np.int16 if MAX_MULTISETS < 2**15 else np.int32))


def multiset_groups_steps(scorer: MultisetScorer) -> Generator[Progress, None, MultisetGroups]:
    """The cached MultisetGroups of the scorer's size, built a chunk of codes per step (a counting
    sort: the ids of every code, then the codes placed group by group)."""
    build = _groups_build(scorer.pegs, scorer.colours)
    count = build.ids.shape[0]
    chunk = max(1, WORK_PER_YIELD // 64)  # a searchsorted over the keys: tens of operations a code
    while build.done < count:
        stop = min(count, build.done + chunk)
        build.ids[build.done : stop] = scorer.ids_of_indices(np.arange(build.done, stop))
        build.done = stop
        yield Progress(stop, count, "grouping codes")
    if build.groups is None:
        multisets = scorer.keys.shape[0]
        starts = np.zeros(multisets + 1, dtype=np.int64)
        for start in range(0, count, chunk):
            starts[1:] += np.bincount(build.ids[start : start + chunk], minlength=multisets)
            yield Progress(start, count, "grouping codes")
        np.cumsum(starts, out=starts)
        order = np.empty(count, dtype=np.int32)
        filled = starts[:-1].copy()
        for start in range(0, count, chunk):
            ids = build.ids[start : start + chunk]
            local = np.argsort(ids, kind="stable")  # keeps each group's codes ascending
            here = np.bincount(ids, minlength=multisets)
            first = np.cumsum(here) - here  # where each group begins in the sorted chunk
            sorted_ids = ids[local]
            order[filled[sorted_ids] + np.arange(local.shape[0]) - first[sorted_ids]] = start + local
            filled += here
            yield Progress(start, count, "grouping codes")
        read_only(order, starts)
        build.groups = MultisetGroups(order, starts)
    return build.groups


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
