"""Consistent codes of huge spaces (up to 10 pegs x 10 colours = 10^10 codes) by meeting in the middle.

A code is a head (its first pegs // 2 pegs) and a tail (the rest), as in headtail.py, but nothing
here is sized by heads x tails. For one graded guess (black b, common colours c = black + white):

- black = blacks in the head + blacks in the tail;
- common = sum over colours of min(count in the guess, count in the code) depends only on the code's
  colour multiset, which is the head's multiset plus the tail's.

So a code is consistent with every grade exactly when (1) its combined multiset S gives every guess
its common count (a table over the C(pegs + colours - 1, pegs) multisets: 92,378 at 10x10) and
(2) its head's blacks and its tail's blacks add up to every guess's black count. Heads are grouped
by (multiset, vector of blacks), tails by (multiset, vector of blacks still NEEDED from the head);
a head group and a tail group fit when those black vectors are equal (a join on one integer key) and
their multisets add up to an S that passes (1). The codes consistent with the history are exactly
the fitting (head group x tail group) pairs, so they are counted exactly, sampled uniformly (a pair by
weight, then a head and a tail inside it) and listed when few, without ever touching 10^10 codes.

Memory is heads + tails + a table of multiset sums (2,002 x 2,002 int32 at 10x10, 16 MB) + the
fitting pairs. Every loop yields Progress after about WORK_PER_YIELD byte-operations. The tables are
built once per size, a step at a time, and cached read-only.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .codes import Code, Feedback, decode
from .headtail import WORK_PER_YIELD, read_only
from .progress import History, Progress, run

if TYPE_CHECKING:  # a game is passed through here as a GameSize; the variants build on this module
    from .variants.base import GameSize

# Spaces above this many codes are handled here (below it, headtail.py streams them whole).
HUGE_SPACE_CODES = 100_000_000
# Consistent sets up to this many codes are listed (sorting them is one step of about 2 ms).
LIST_LIMIT = 250_000
# Candidate (head group, tail group) pairs examined per step.
PAIRS_PER_STEP = 15_000
# Black-count keys are renumbered densely once they pass this (they grow by a factor pegs + 1 a guess).
KEY_LIMIT = 2**62 // 16


def is_huge(config: GameSize) -> bool:
    """Too many codes to stream (a listed variant's space is its list, never huge)."""
    return not config.variant.listed and config.colours**config.pegs > HUGE_SPACE_CODES


@dataclass(frozen=True)
class Halves:
    """The fixed tables of one size: heads, tails, their multiset ids and the multiset-sum table."""

    pegs: int
    colours: int
    duplicates: bool
    head_pegs: int
    heads: np.ndarray  # (head_pegs, colours**head_pegs) uint8: peg columns, heads in code-number order
    tails: np.ndarray  # (tail_pegs, colours**tail_pegs) uint8
    head_set: np.ndarray  # multiset id of each head (int32); -1 for heads that are illegal
    tail_set: np.ndarray
    sums: np.ndarray  # (half multisets, half multisets) int32: id of the combined multiset, -1 illegal
    whole: np.ndarray  # (colours, whole multisets) uint8: colour counts of each combined multiset


def _multisets(pegs: int, colours: int) -> np.ndarray:
    """Every colour-count vector of `pegs` pegs, (M, colours) uint8, sorted by _keys()."""
    return run(_multisets_steps(pegs, colours))[0]


def _multisets_steps(pegs: int, colours: int) -> Generator[Progress, None, tuple[np.ndarray, np.ndarray]]:
    """(every colour-count vector, (M, colours) uint8, and its _keys()), in increasing key order.

    The last colour is the most significant digit of a key, so choosing counts from the last colour
    down, each in increasing order, lists the vectors already sorted (92,378 at 10x10, no sort).
    """
    columns: list[np.ndarray] = []
    used = np.zeros(1, dtype=np.int64)
    keys = np.zeros(1, dtype=np.int64)
    for colour in range(colours - 1, 0, -1):
        choices = pegs - used + 1
        owner = np.repeat(np.arange(used.shape[0]), choices)
        value = np.arange(owner.shape[0]) - np.repeat(np.cumsum(choices) - choices, choices)
        columns = [column[owner] for column in columns] + [value.astype(np.uint8)]
        used = used[owner] + value
        keys = keys[owner] * (pegs + 1) + value
        yield Progress(colours - colour, colours, "adding multisets")
    columns.append((pegs - used).astype(np.uint8))
    keys = keys * (pegs + 1) + (pegs - used)
    rows = np.column_stack(columns[::-1])
    yield Progress(colours, colours, "adding multisets")
    return rows, keys


def _keys(counts: np.ndarray, pegs: int) -> np.ndarray:
    weights = (pegs + 1) ** np.arange(counts.shape[1], dtype=np.int64)
    return counts.astype(np.int64) @ weights


def _counts(codes: np.ndarray, colours: int) -> np.ndarray:
    counts = np.zeros((codes.shape[0], colours), dtype=np.uint8)
    for colour in range(colours):
        counts[:, colour] = (codes == colour).sum(axis=1)
    return counts


@dataclass
class _HalvesBuild:
    value: Halves | None = None
    parts: list = field(default_factory=list)


@functools.lru_cache(maxsize=2)
def _halves_build(pegs: int, colours: int, duplicates: bool) -> _HalvesBuild:
    return _HalvesBuild()


def halves_steps(pegs: int, colours: int, duplicates: bool) -> Generator[Progress, None, Halves]:
    """Build (once, cached) the tables of one size, yielding between slices of work."""
    build = _halves_build(pegs, colours, duplicates)
    if build.value is not None:
        return build.value
    head_pegs = pegs // 2
    tail_pegs = pegs - head_pegs
    halves = []
    for width in (head_pegs, tail_pegs):
        sets = _multisets(width, colours)
        set_keys = _keys(sets, width)
        count = colours**width
        codes = np.empty((count, width), dtype=np.uint8)
        ids = np.empty(count, dtype=np.int32)
        step = max(1, WORK_PER_YIELD // (40 * (width + colours)))
        for start in range(0, count, step):
            stop = min(count, start + step)
            codes[start:stop] = decode(np.arange(start, stop), width, colours)
            counts = _counts(codes[start:stop], colours)
            ids[start:stop] = np.searchsorted(set_keys, _keys(counts, width))
            if not duplicates:
                ids[start:stop][counts.max(axis=1) > 1] = -1
            yield Progress(stop, count, "listing halves")
        halves.append((np.ascontiguousarray(codes.T), ids, sets))
    (heads, head_set, head_sets), (tails, tail_set, tail_sets) = halves
    whole, whole_keys = yield from _multisets_steps(pegs, colours)
    yield Progress(0, 1, "adding multisets")
    sums = np.empty((head_sets.shape[0], tail_sets.shape[0]), dtype=np.int32)
    rows = max(1, WORK_PER_YIELD // (60 * colours * tail_sets.shape[0]))
    weights = (pegs + 1) ** np.arange(colours, dtype=np.int64)
    tail_keys = tail_sets.astype(np.int64) @ weights
    for start in range(0, head_sets.shape[0], rows):
        head_keys = head_sets[start : start + rows].astype(np.int64) @ weights
        block = np.searchsorted(whole_keys, head_keys[:, None] + tail_keys[None, :]).astype(np.int32)
        if not duplicates:
            clash = (head_sets[start : start + rows, None, :] + tail_sets[None, :, :]).max(axis=2) > 1
            block[clash] = -1
        sums[start : start + rows] = block
        yield Progress(start + rows, head_sets.shape[0], "adding multisets")
    whole = np.ascontiguousarray(whole.T)
    read_only(heads, tails, head_set, tail_set, sums, whole)
    build.value = Halves(pegs, colours, duplicates, head_pegs, heads, tails, head_set, tail_set, sums, whole)
    return build.value


@dataclass(frozen=True)
class Survey:
    """The codes consistent with a history, as fitting (head group, tail group) pairs.

    head_members[head_start[g] : head_start[g] + head_size[g]] are the heads of head group g
    (ascending), likewise for tails; pair p joins head group pair_head[p] and tail group pair_tail[p]
    and holds weight[p] = head size x tail size codes; cumulative[p] sums weights up to p.
    """

    pegs: int
    colours: int
    tail_count: int
    count: int
    head_members: np.ndarray
    head_start: np.ndarray
    head_size: np.ndarray
    tail_members: np.ndarray
    tail_start: np.ndarray
    tail_size: np.ndarray
    pair_head: np.ndarray
    pair_tail: np.ndarray
    cumulative: np.ndarray

    def sample(self, size: int, generator: np.random.Generator) -> np.ndarray:
        """`size` consistent code indices drawn uniformly (with replacement), sorted, int64."""
        if self.count == 0:
            return np.zeros(0, dtype=np.int64)
        draws = generator.integers(0, self.count, size=size, dtype=np.int64)
        pair = np.searchsorted(self.cumulative, draws, side="right")
        offset = draws - np.where(pair > 0, self.cumulative[np.maximum(pair - 1, 0)], 0)
        tails = self.tail_size[self.pair_tail[pair]]
        head = self.head_members[self.head_start[self.pair_head[pair]] + offset // tails]
        tail = self.tail_members[self.tail_start[self.pair_tail[pair]] + offset % tails]
        return np.sort(head.astype(np.int64) * self.tail_count + tail)

    def lowest(self) -> int:
        """The lowest-numbered consistent code's index (groups list their members ascending)."""
        head = self.head_members[self.head_start[self.pair_head]].astype(np.int64)
        tail = self.tail_members[self.tail_start[self.pair_tail]].astype(np.int64)
        return int((head * self.tail_count + tail).min())

    def listing_steps(self) -> Generator[Progress, None, np.ndarray]:
        """Every consistent code index, sorted (only when count <= LIST_LIMIT)."""
        if self.count > LIST_LIMIT:
            raise ValueError(f"{self.count} codes are too many to list")
        out = np.empty(self.count, dtype=np.int64)
        at = 0
        weights = np.diff(np.concatenate([[0], self.cumulative]))
        step = max(1, WORK_PER_YIELD // 64)
        pair = 0
        while pair < self.pair_head.shape[0]:
            stop = int(np.searchsorted(self.cumulative, at + step, side="right"))
            stop = max(stop, pair + 1)
            tails_n = self.tail_size[self.pair_tail[pair:stop]]
            sizes = weights[pair:stop]
            owner = np.repeat(np.arange(stop - pair), sizes)
            within = np.arange(owner.shape[0]) - np.repeat(np.cumsum(sizes) - sizes, sizes)
            head = self.head_members[
                self.head_start[self.pair_head[pair:stop]][owner] + within // tails_n[owner]
            ]
            tail = self.tail_members[
                self.tail_start[self.pair_tail[pair:stop]][owner] + within % tails_n[owner]
            ]
            out[at : at + owner.shape[0]] = head.astype(np.int64) * self.tail_count + tail
            at += owner.shape[0]
            pair = stop
            yield Progress(at, self.count, "listing codes", self.count)
        out.sort()
        return out


def _rank(key: np.ndarray) -> np.ndarray:
    """Dense ranks of int64 keys (equal keys, equal ranks), without np.unique's numpy.ma import."""
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    starts = np.ones(key.shape[0], dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    ranks = np.empty(key.shape[0], dtype=np.int64)
    ranks[order] = np.cumsum(starts) - 1
    return ranks


def _concatenate_steps(parts: list[np.ndarray], dtype: type) -> Generator[Progress, None, np.ndarray]:
    """np.concatenate(parts) a slice of the parts per step (thousands of small arrays early in a game)."""
    sizes = [part.shape[0] for part in parts]
    out = np.empty(sum(sizes), dtype=dtype)
    at = 0
    for number, part in enumerate(parts):
        out[at : at + part.shape[0]] = part
        at += part.shape[0]
        if number % 256 == 255:
            yield Progress(number, len(parts), "joining halves")
    return out


def _blacks(columns: np.ndarray, pegs: np.ndarray) -> np.ndarray:
    """Per member (columns are (width, n) pegs): how many pegs equal `pegs` in place, int64."""
    black = np.zeros(columns.shape[1], dtype=np.uint8)
    for position, peg in enumerate(pegs.tolist()):
        black += columns[position] == peg
    return black.astype(np.int64)


def _distinct(sorted_keys: np.ndarray) -> np.ndarray:
    if sorted_keys.size == 0:
        return sorted_keys
    return sorted_keys[np.concatenate([[True], sorted_keys[1:] != sorted_keys[:-1]])]


def _groups(set_id: np.ndarray, key: np.ndarray, alive: np.ndarray, sets: int):
    """Group the live members by (key, set id): members ascending, starts, sizes, keys, set ids."""
    members = np.flatnonzero(alive)
    combined = key[members] * sets + set_id[members]
    # One plain sort of (group, member) packed in an int64 is several times cheaper than a stable argsort.
    span = max(1, alive.shape[0])
    if combined.size and int(combined.max()) < np.iinfo(np.int64).max // span:
        packed = np.sort(combined * span + members)
        members, ordered = packed % span, packed // span
    else:
        order = np.argsort(combined, kind="stable")
        members, ordered = members[order], combined[order]
    starts = (
        np.flatnonzero(np.concatenate([[True], ordered[1:] != ordered[:-1]])) if members.size else members
    )
    sizes = np.diff(np.concatenate([starts, [members.shape[0]]]))
    group_key = ordered[starts] // sets
    group_set = (ordered[starts] % sets).astype(np.int64)
    return members, starts, sizes, group_key, group_set


def survey_steps(config: GameSize, history: History) -> Generator[Progress, None, Survey]:
    """Count (exactly) and index the codes consistent with every grade of `history`."""
    halves = yield from halves_steps(config.pegs, config.colours, config.duplicates)
    pegs, head_pegs = config.pegs, halves.head_pegs
    graded = [(np.asarray(guess, dtype=np.uint8), Feedback(*fb)) for guess, fb in history]
    # (1) which combined multisets give every guess its common count
    passes = np.ones(halves.whole.shape[1], dtype=bool)
    if not config.duplicates:
        passes &= halves.whole.max(axis=0) <= 1
    for guess, fb in graded:
        guess_counts = np.bincount(guess, minlength=config.colours)
        common = np.zeros(halves.whole.shape[1], dtype=np.uint8)
        for colour in np.flatnonzero(guess_counts):
            common += np.minimum(halves.whole[colour], np.uint8(guess_counts[colour]))
        passes &= common == fb.black + fb.white
        yield Progress(0, 1, "reading grades")
    # (2) head blacks and the blacks a tail still needs, one dense key each
    head_alive = halves.head_set >= 0
    tail_alive = halves.tail_set >= 0
    head_key = np.zeros(halves.heads.shape[1], dtype=np.int64)
    tail_key = np.zeros(halves.tails.shape[1], dtype=np.int64)
    base = pegs + 1
    for guess, fb in graded:
        head_black = _blacks(halves.heads, guess[:head_pegs])
        needed = fb.black - _blacks(halves.tails, guess[head_pegs:])
        head_alive &= head_black <= fb.black
        tail_alive &= (needed >= 0) & (needed <= head_pegs)
        head_key = head_key * base + head_black
        tail_key = tail_key * base + needed
        if max(int(head_key.max()), int(tail_key.max())) > KEY_LIMIT:  # renumber densely before overflow
            ranks = _rank(np.concatenate([head_key, tail_key]))
            head_key, tail_key = ranks[: head_key.shape[0]], ranks[head_key.shape[0] :]
        yield Progress(0, 1, "reading grades")
    head_sets, tail_sets = halves.sums.shape
    heads = _groups(halves.head_set, head_key, head_alive, head_sets)
    yield Progress(0, 1, "grouping halves")
    tails = _groups(halves.tail_set, tail_key, tail_alive, tail_sets)
    yield Progress(0, 1, "grouping halves")
    # (3) join head groups and tail groups on their key; keep the pairs whose multiset sum passes
    h_key, t_key = heads[3], tails[3]
    keys = _distinct(h_key)
    if t_key.size:
        where = np.minimum(np.searchsorted(t_key, keys), t_key.shape[0] - 1)
        keys = keys[t_key[where] == keys]
    else:
        keys = keys[:0]
    h_first = np.searchsorted(h_key, keys)
    h_count = np.searchsorted(h_key, keys, side="right") - h_first
    t_first = np.searchsorted(t_key, keys)
    t_count = np.searchsorted(t_key, keys, side="right") - t_first
    pairs_per_key = h_count * t_count
    bounds = np.cumsum(pairs_per_key)
    pair_heads, pair_tails, pair_weights = [], [], []
    total = int(bounds[-1]) if bounds.size else 0
    starts = bounds - pairs_per_key
    for done in range(0, total, PAIRS_PER_STEP):
        # pairs are numbered key by key, head group major: a step may end inside a key
        flat = np.arange(done, min(total, done + PAIRS_PER_STEP), dtype=np.int64)
        owner = np.searchsorted(bounds, flat, side="right")
        within = flat - starts[owner]
        head_group = h_first[owner] + within // t_count[owner]
        tail_group = t_first[owner] + within % t_count[owner]
        whole = halves.sums[heads[4][head_group], tails[4][tail_group]]
        fit = (whole >= 0) & passes[np.maximum(whole, 0)]
        pair_heads.append(head_group[fit].astype(np.int32))
        pair_tails.append(tail_group[fit].astype(np.int32))
        pair_weights.append(heads[2][head_group[fit]].astype(np.int64) * tails[2][tail_group[fit]])
        yield Progress(int(flat[-1]) + 1, total, "joining halves")
    pair_head = yield from _concatenate_steps(pair_heads, np.int32)
    pair_tail = yield from _concatenate_steps(pair_tails, np.int32)
    weights = yield from _concatenate_steps(pair_weights, np.int64)
    yield Progress(total, total, "joining halves")
    cumulative = np.cumsum(weights)
    count = int(cumulative[-1]) if cumulative.size else 0
    yield Progress(1, 1, "codes counted", count)
    return Survey(
        pegs,
        config.colours,
        halves.tails.shape[1],
        count,
        heads[0],
        heads[1],
        heads[2],
        tails[0],
        tails[1],
        tails[2],
        pair_head,
        pair_tail,
        cumulative,
    )


def code_of(index: int, config: GameSize) -> Code:
    return tuple(int(p) for p in decode(np.array([index]), config.pegs, config.colours)[0])
