"""The code space: which codes exist, which are still consistent, and how a guess splits them.

Codes are numbered as in codes.py (base `colours`, first peg most significant). Without duplicates
only codes with no repeated colour exist, as secrets and as guesses; every function here respects
config.duplicates.

Nothing builds a Python object per code. Two views of the space:

- small spaces (at most SMALL_SPACE_CODES legal codes): every legal code decoded once into numpy
  arrays (cached, read-only), and up to SCORE_TABLE_CODES codes a full table of packed grades;
- large spaces (up to 8 pegs x 10 colours = 10^8 codes): a code is a head (the first pegs // 2 pegs)
  followed by a tail (the rest). For one graded guess, the grade of head+tail depends on the head
  only through a small signature (blacks in the head, counts of the guess's colours in the head), so
  one boolean row per signature over all tails says which codes keep that grade. Filtering a block of
  heads is then a gather and an AND of those rows: a streaming pass over 10^8 codes costs a few
  hundred megabyte-operations, not Python objects.

Every long loop is a generator that yields Progress after about WORK_PER_YIELD byte-operations
(roughly 1-2 ms), so the game can pump it inside a frame. Plain functions (count_consistent,
consistent_indices) run the generators to the end for tools and tests.

Indices of consistent codes are returned sorted, as int32 (int64 if ever needed) arrays.
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.random  # noqa: F401  imported lazily by numpy; here it keeps 13 ms out of the first sampled solve

from .codes import Code, Feedback, colour_counts, decode, encode, grade_count, pack
from .config import GameConfig
from .solver import History, Progress, run

# Spaces up to this many legal codes are decoded whole and cached (8 pegs x 10 colours would be 10^8).
SMALL_SPACE_CODES = 60_000
# A full table of packed grades (n x n bytes) is kept up to this many codes: 4x6 is 1.7 MB, 4x7 5.8 MB.
SCORE_TABLE_CODES = 2_500
# Byte-operations of numpy work between two yields; about 1-2 ms on one core of the test machine.
WORK_PER_YIELD = 2_000_000
# Consistent codes written per step when collecting them: fresh memory costs page faults.
FILL_PER_STEP = 40_000


def _avoid_hugepage_stalls() -> None:
    """Ask numpy not to madvise(MADV_HUGEPAGE) its big arrays.

    With transparent huge pages in "madvise" defrag mode (common), the first touch of such an array can
    stall for several milliseconds while the kernel compacts memory: measured 7 ms steps at 8x10,
    more than a frame's solver budget. Plain 4 KB pages cost about a microsecond each here. This is
    process-wide numpy state; the game's big arrays are all solver arrays, so it is set on import.
    """
    setter = getattr(getattr(getattr(np, "_core", None), "multiarray", None), "_set_madvise_hugepage", None)
    if setter is not None:
        setter(False)


_avoid_hugepage_stalls()


class SpaceTooLarge(ValueError):
    """The caller asked for a list of codes the space is too large to hold."""


def legal_count(config: GameConfig) -> int:
    """Number of codes that exist in this game (secrets and guesses alike)."""
    if config.duplicates:
        return config.colours**config.pegs
    return math.perm(config.colours, config.pegs)


def index_dtype(config: GameConfig) -> type:
    """int32 holds every code number up to 10^8 (8 pegs x 10 colours) at half the memory of int64."""
    return np.int32 if config.code_count < 2**31 else np.int64


def packed_history(history: History, pegs: int) -> list[tuple[Code, int]]:
    return [(tuple(int(p) for p in guess), pack(Feedback(*fb), pegs)) for guess, fb in history]


def no_repeat_mask(codes: np.ndarray, colours: int) -> np.ndarray:
    """True for rows of (n, pegs) codes that use no colour twice."""
    return colour_counts(codes, colours).max(axis=1, initial=0) <= 1


# ---------------------------------------------------------------------------------------------
# Small spaces: every legal code decoded once.


@dataclass(frozen=True)
class SmallSpace:
    """Every legal code of a small game: indices (sorted), codes (n, pegs), counts (n, colours),
    first (n, colours): position of each colour's first peg, or pegs when the colour is unused."""

    pegs: int
    colours: int
    indices: np.ndarray
    codes: np.ndarray
    counts: np.ndarray
    first: np.ndarray

    def positions(self, indices: np.ndarray) -> np.ndarray:
        """Positions in this space's arrays of the given (legal) code indices."""
        return np.searchsorted(self.indices, indices)


def _read_only(*arrays: np.ndarray) -> None:
    for array in arrays:
        array.setflags(write=False)


@dataclass
class _Build:
    """A cached value built a step at a time. Only its builder changes it, and only until done."""

    parts: list
    done: int = 0
    value: object = None


@functools.lru_cache(maxsize=8)
def _small_space_build(pegs: int, colours: int, duplicates: bool) -> _Build:
    return _Build([])


def small_space_steps(pegs: int, colours: int, duplicates: bool) -> Generator[Progress, None, SmallSpace]:
    """Decode the whole (small) legal code space, a chunk per step; cached, read-only once built."""
    total = colours**pegs
    if total > SMALL_SPACE_CODES * (1 if duplicates else 50):
        raise SpaceTooLarge(f"{pegs} pegs x {colours} colours is too large to decode whole")
    build = _small_space_build(pegs, colours, duplicates)
    step = max(1, WORK_PER_YIELD // (20 * (pegs + colours)))
    while build.value is None:
        if build.done < total:
            indices = np.arange(build.done, min(total, build.done + step), dtype=np.int64)
            codes = decode(indices, pegs, colours)
            if not duplicates:
                keep = no_repeat_mask(codes, colours)
                indices, codes = indices[keep], codes[keep]
            first = np.full((codes.shape[0], colours), pegs, dtype=np.uint8)
            for position in range(pegs - 1, -1, -1):
                first[np.arange(codes.shape[0]), codes[:, position]] = position
            build.parts.append((indices, codes, colour_counts(codes, colours), first))
            build.done += step
            yield Progress(min(build.done, total), total, "listing codes")
        else:
            arrays = [np.concatenate(column) for column in zip(*build.parts, strict=True)]
            _read_only(*arrays)
            build.value = SmallSpace(pegs, colours, *arrays)
            build.parts.clear()
    return build.value  # type: ignore[return-value]


def small_space(pegs: int, colours: int, duplicates: bool) -> SmallSpace:
    """The whole (small) legal code space, cached and read-only."""
    return run(small_space_steps(pegs, colours, duplicates))


def is_small(config: GameConfig) -> bool:
    return legal_count(config) <= SMALL_SPACE_CODES


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


@functools.lru_cache(maxsize=2)
def _score_table_build(pegs: int, colours: int, duplicates: bool) -> _Build:
    return _Build([])


def score_table_steps(pegs: int, colours: int, duplicates: bool) -> Generator[Progress, None, np.ndarray]:
    """(n, n) uint8 packed grades between every pair of legal codes of a small space; built a block of
    rows per step, cached, returned read-only."""
    space = yield from small_space_steps(pegs, colours, duplicates)
    count = space.indices.shape[0]
    if count > SCORE_TABLE_CODES:
        raise SpaceTooLarge(f"no score table above {SCORE_TABLE_CODES} codes")
    build = _score_table_build(pegs, colours, duplicates)
    if not build.parts:
        build.parts.append(np.empty((count, count), dtype=np.uint8))
    table = build.parts[0]
    step = max(1, WORK_PER_YIELD // (count * (2 * pegs + 2 * colours)))
    while build.done < count:
        rows = slice(build.done, min(count, build.done + step))
        table[rows] = grades_between(space.codes[rows], space.counts[rows], space.codes, space.counts)
        build.done = rows.stop
        yield Progress(build.done, count, "building the score table")
    view = table.view()
    view.setflags(write=False)
    return view


def score_table(pegs: int, colours: int, duplicates: bool) -> np.ndarray:
    """Plain-function form of score_table_steps()."""
    return run(score_table_steps(pegs, colours, duplicates))


def has_table(config: GameConfig) -> bool:
    return legal_count(config) <= SCORE_TABLE_CODES


# ---------------------------------------------------------------------------------------------
# Large spaces: head x tail.


@dataclass(frozen=True)
class HeadTail:
    """The space as heads (first head_pegs pegs) x tails; code index = head * tails + tail."""

    pegs: int
    colours: int
    head_pegs: int
    heads: np.ndarray  # (colours**head_pegs, head_pegs) uint8
    tails: np.ndarray  # (colours**tail_pegs, tail_pegs) uint8
    head_ok: np.ndarray  # heads that may start a legal code (no repeats when duplicates are off)
    tail_ok: np.ndarray
    head_bits: np.ndarray  # bitmask of colours used, int32
    tail_bits: np.ndarray

    @property
    def tail_count(self) -> int:
        return self.tails.shape[0]


def _bits(codes: np.ndarray) -> np.ndarray:
    bits = np.zeros(codes.shape[0], dtype=np.int32)
    for position in range(codes.shape[1]):
        bits |= np.left_shift(1, codes[:, position].astype(np.int32))
    return bits


@functools.lru_cache(maxsize=4)
def head_tail(pegs: int, colours: int, duplicates: bool) -> HeadTail:
    head_pegs = pegs // 2
    heads = decode(np.arange(colours**head_pegs), head_pegs, colours)
    tails = decode(np.arange(colours ** (pegs - head_pegs)), pegs - head_pegs, colours)
    if duplicates:
        head_ok = np.ones(heads.shape[0], dtype=bool)
        tail_ok = np.ones(tails.shape[0], dtype=bool)
    else:
        head_ok, tail_ok = no_repeat_mask(heads, colours), no_repeat_mask(tails, colours)
    result = HeadTail(pegs, colours, head_pegs, heads, tails, head_ok, tail_ok, _bits(heads), _bits(tails))
    _read_only(heads, tails, head_ok, tail_ok, result.head_bits, result.tail_bits)
    return result


@dataclass(frozen=True)
class GuessRows:
    """How one guess grades every code, in head x tail form.

    signature[h]: the signature id of head h; grades[s, t]: packed grade of (any head with
    signature s) + tail t, or 255 when that code is illegal (a repeat across head and tail).
    heads_per_signature[s]: legal heads with signature s.
    """

    signature: np.ndarray
    grades: np.ndarray
    heads_per_signature: np.ndarray


ILLEGAL_GRADE = 255


def _unique_keys(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first index of each distinct key in sorted key order, id of each element's key).

    np.unique(return_index=True, return_inverse=True) does the same but imports numpy.ma on first use.
    """
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    starts = np.ones(key.shape[0], dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    ids = np.empty(key.shape[0], dtype=np.int64)
    ids[order] = np.cumsum(starts) - 1
    return order[starts], ids


def guess_rows_steps(
    config: GameConfig, guess: Code, legality: bool = True
) -> Generator[Progress, None, GuessRows]:
    """Build GuessRows for one guess, yielding as it goes.

    Without duplicates and with `legality`, signatures also carry the head's colour set so that codes
    repeating a colour across head and tail grade as ILLEGAL_GRADE (needed to count partitions).
    With legality=False the caller checks legality itself, and there are far fewer signatures.
    """
    by_colour_set = legality and not config.duplicates
    ht = head_tail(config.pegs, config.colours, config.duplicates)
    yield Progress(0, 1, "sorting heads")
    g = np.asarray(guess, dtype=np.uint8)
    g_head, g_tail = g[: ht.head_pegs], g[ht.head_pegs :]
    guess_colours = np.unique(g)
    guess_counts = np.array([(g == c).sum() for c in guess_colours], dtype=np.uint8)
    # A head's signature: blacks against the guess's head, counts of each guess colour, and (without
    # duplicates) its colour bitmask; packed into one int64 key so sorting it is cheap.
    columns = [(ht.heads == g_head).sum(axis=1)]
    columns += [(ht.heads == c).sum(axis=1) for c in guess_colours]
    key = np.zeros(ht.heads.shape[0], dtype=np.int64)
    for column in columns:
        key = key * (ht.head_pegs + 1) + column
    if by_colour_set:
        key = (key << config.colours) | ht.head_bits
        columns.append(ht.head_bits)
    first, signature = _unique_keys(key)
    signatures = np.column_stack(columns)[first]
    yield Progress(0, 1, "sorting heads")
    tail_black = (ht.tails == g_tail).sum(axis=1).astype(np.uint8)
    tail_counts = np.column_stack([(ht.tails == c).sum(axis=1) for c in guess_colours]).astype(np.uint8)
    count = signatures.shape[0]
    grades = np.empty((count, ht.tail_count), dtype=np.uint8)
    work_per_row = ht.tail_count * (4 + 3 * guess_colours.shape[0])
    rows_per_step = max(1, WORK_PER_YIELD // work_per_row)
    pegs = np.uint8(config.pegs)
    for start in range(0, count, rows_per_step):
        sig = signatures[start : start + rows_per_step]
        black = sig[:, 0, None].astype(np.uint8) + tail_black[None, :]
        common = np.zeros_like(black)
        for j in range(guess_colours.shape[0]):
            head_part = sig[:, 1 + j, None].astype(np.uint8)
            common += np.minimum(guess_counts[j], head_part + tail_counts[None, :, j])
        block = black * pegs + common
        if by_colour_set:
            clash = (sig[:, -1, None].astype(np.int32) & ht.tail_bits[None, :]) != 0
            block[clash | ~ht.tail_ok[None, :]] = ILLEGAL_GRADE
        grades[start : start + rows_per_step] = block
        yield Progress(start + sig.shape[0], count, "grading tails")
    heads_per_signature = np.bincount(signature[ht.head_ok], minlength=count)
    return GuessRows(signature, grades, heads_per_signature)


def _stream_steps(
    config: GameConfig, history: History, keep: bool
) -> Generator[Progress, None, np.ndarray | int]:
    """Stream the head x tail space against every grade; return sorted indices (keep) or a count."""
    ht = head_tail(config.pegs, config.colours, config.duplicates)
    rows: list[tuple[np.ndarray, np.ndarray]] = []
    alive = ht.head_ok.copy()
    for number, (guess, packed) in enumerate(packed_history(history, config.pegs)):
        built = yield from guess_rows_steps(config, guess, legality=False)
        match = np.empty(built.grades.shape, dtype=bool)
        any_match = np.empty(built.grades.shape[0], dtype=bool)
        rows_per_step = max(1, WORK_PER_YIELD // (4 * ht.tail_count))
        for start in range(0, match.shape[0], rows_per_step):
            block = slice(start, start + rows_per_step)
            np.equal(built.grades[block], packed, out=match[block])
            any_match[block] = match[block].any(axis=1)
            yield Progress(number, len(history), "reading grades")
        alive &= any_match[built.signature]
        rows.append((built.signature, match))
        yield Progress(number + 1, len(history), "reading grades")
    live_heads = np.flatnonzero(alive)
    tails = ht.tail_count
    # Per code: one gathered byte per grade plus a count; a step stays near WORK_PER_YIELD.
    heads_per_step = max(1, WORK_PER_YIELD // (tails * (len(rows) + (4 if config.duplicates else 12))))

    def survivors(block_heads: np.ndarray) -> np.ndarray:
        signature, match = rows[0]
        mask = match[signature[block_heads]]
        for signature, match in rows[1:]:
            mask &= match[signature[block_heads]]
        if not config.duplicates:  # no colour in both head and tail (heads and tails repeat none)
            mask &= (ht.head_bits[block_heads, None] & ht.tail_bits[None, :]) == 0
            mask &= ht.tail_ok[None, :]
        return mask

    per_head = np.zeros(live_heads.shape[0], dtype=np.int64)
    steps = -(-live_heads.shape[0] // heads_per_step)
    for step, start in enumerate(range(0, live_heads.shape[0], heads_per_step)):
        block = survivors(live_heads[start : start + heads_per_step])
        per_head[start : start + block.shape[0]] = np.count_nonzero(block, axis=1)
        yield Progress(step + 1, steps, "counting codes")
    total = int(per_head.sum())
    if not keep:
        return total
    yield Progress(0, total, "collecting codes", total)
    # Second pass: write survivors straight into one preallocated array, at most FILL_PER_STEP
    # codes a step, because touching fresh memory is what costs most here.
    result = np.empty(total, dtype=index_dtype(config))
    ends = np.cumsum(per_head)
    start = at = 0
    while start < live_heads.shape[0]:
        stop = int(np.searchsorted(ends, at + FILL_PER_STEP, side="right"))
        stop = min(max(stop, start + 1), start + heads_per_step)
        block_heads = live_heads[start:stop]
        flat = np.flatnonzero(survivors(block_heads))
        count = flat.shape[0]
        result[at : at + count] = block_heads[flat // tails] * tails + flat % tails
        at += count
        start = stop
        yield Progress(at, total, "collecting codes", total)
    # Free the per-grade tables one at a time: unmapping tens of megabytes at once takes milliseconds.
    while rows:
        rows.pop()
        yield Progress(at, total, "collecting codes", total)
    return result


# ---------------------------------------------------------------------------------------------
# Public: consistency and counting.


def _small_mask_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
    table = None
    if has_table(config):
        table = yield from score_table_steps(config.pegs, config.colours, config.duplicates)
    mask = np.ones(space.indices.shape[0], dtype=bool)
    for guess, packed in packed_history(history, config.pegs):
        if table is not None and config.is_legal(guess):
            grades = table[space.positions(np.array([_index(guess, config.colours)]))[0]]
        else:
            g = np.asarray([guess], dtype=np.uint8)
            grades = grades_between(g, colour_counts(g, config.colours), space.codes, space.counts)[0]
        mask &= grades == packed
    return mask


def _index(code: Code, colours: int) -> int:
    index = 0
    for peg in code:
        index = index * colours + int(peg)
    return index


def consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices (index_dtype) of the codes consistent with every grade, yielding while it streams.

    Raises SpaceTooLarge for an empty history in a large space (that would be every code).
    """
    if is_small(config):
        mask = yield from _small_mask_steps(config, history)
        result = small_space(config.pegs, config.colours, config.duplicates).indices[mask]
    else:
        if not history:
            raise SpaceTooLarge(f"all {legal_count(config)} codes are still possible; no list is built")
        result = yield from _stream_steps(config, history, keep=True)
    yield Progress(1, 1, "codes filtered", int(result.shape[0]))
    return result


def consistent_indices(config: GameConfig, history: History) -> np.ndarray:
    """Plain-function form of consistent_steps()."""
    return run(consistent_steps(config, history))


def count_consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, int]:
    """How many codes are consistent with every grade; streams at large sizes, yielding Progress."""
    if not history:
        count = legal_count(config)
    elif is_small(config):
        count = int(np.count_nonzero((yield from _small_mask_steps(config, history))))
    else:
        count = yield from _stream_steps(config, history, keep=False)
    yield Progress(1, 1, "codes counted", count)
    return count


def count_consistent(config: GameConfig, history: History) -> int:
    """Plain-function form of count_consistent_steps() (about a millisecond at 4x6)."""
    return run(count_consistent_steps(config, history))


def codes_of(indices: np.ndarray, config: GameConfig) -> np.ndarray:
    """(n, pegs) uint8 pegs of the given code indices."""
    return decode(np.asarray(indices, dtype=np.int64), config.pegs, config.colours)


def random_legal_indices(config: GameConfig, count: int, rng_seed: int) -> np.ndarray:
    """`count` random legal code indices (with replacement), reproducible from rng_seed."""
    generator = np.random.default_rng(rng_seed)
    if config.duplicates:
        return generator.integers(0, config.code_count, size=count, dtype=np.int64)
    # Random permutations' prefixes: sort random keys per row and keep the first `pegs` colours.
    keys = generator.random((count, config.colours))
    return encode(np.argsort(keys, axis=1)[:, : config.pegs], config.colours)


def partition_over_space_steps(config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal code: counts per packed grade (int64, grade_count(pegs) long)."""
    size = grade_count(config.pegs)
    if is_small(config):
        space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
        yield Progress(0, 1, "splitting codes", int(space.indices.shape[0]))
        g = np.asarray([guess], dtype=np.uint8)
        grades = grades_between(g, colour_counts(g, config.colours), space.codes, space.counts)[0]
        yield Progress(1, 1, "splitting codes", int(space.indices.shape[0]))
        return np.bincount(grades, minlength=size).astype(np.int64)
    built = yield from guess_rows_steps(config, guess)
    counts = np.zeros(ILLEGAL_GRADE + 1, dtype=np.int64)
    signatures = built.grades.shape[0]
    rows_per_step = max(1, WORK_PER_YIELD // (12 * built.grades.shape[1]))
    for start in range(0, signatures, rows_per_step):
        block = built.grades[start : start + rows_per_step]
        offsets = (np.arange(block.shape[0]) * (ILLEGAL_GRADE + 1))[:, None]
        per_row = np.bincount((block + offsets).ravel(), minlength=block.shape[0] * (ILLEGAL_GRADE + 1))
        weights = built.heads_per_signature[start : start + rows_per_step]
        counts += weights @ per_row.reshape(block.shape[0], ILLEGAL_GRADE + 1)
        yield Progress(start + block.shape[0], signatures, "splitting codes")
    return counts[:size]


def partition_over_space(config: GameConfig, guess: Code) -> np.ndarray:
    return run(partition_over_space_steps(config, guess))


# Memory handed back to the system per step by release_steps().
RELEASE_STEP_BYTES = 8_000_000


def release_steps(array: np.ndarray) -> Generator[Progress, None, None]:
    """Give a large array's memory back a slice per step, then leave it empty.

    Freeing 100+ MB at once stalls for several milliseconds (page by page); shrinking it 8 MB a step
    does not. The caller must hold the only reference and not use the array afterwards. Anything
    shared (a view, another reference) is left alone for the normal free.
    """
    # getrefcount sees the caller's name, this parameter and its own argument.
    if array.nbytes < 4 * RELEASE_STEP_BYTES or not array.flags.owndata or sys.getrefcount(array) > 3:
        return
    step = max(1, RELEASE_STEP_BYTES // array.itemsize)
    size = array.shape[0]
    while size > 0:
        size = max(0, size - step)
        array.resize(size, refcheck=False)
        yield Progress(array.shape[0], array.shape[0] + step, "tidying up")


def sorted_contains(sorted_indices: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Boolean mask: which of `indices` are in the sorted array `sorted_indices`."""
    if sorted_indices.shape[0] == 0:
        return np.zeros(np.shape(indices), dtype=bool)
    # Search in the big array's own dtype: mixing int32 and int64 would copy the big array.
    where = np.searchsorted(sorted_indices, np.asarray(indices).astype(sorted_indices.dtype))
    where = np.minimum(where, sorted_indices.shape[0] - 1)
    return sorted_indices[where] == indices


__all__: Sequence[str] = (
    "SpaceTooLarge",
    "legal_count",
    "count_consistent",
    "count_consistent_steps",
    "consistent_indices",
    "consistent_steps",
    "partition_over_space",
    "partition_over_space_steps",
    "grades_between",
    "score_table",
    "small_space",
)
