"""The code space as heads x tails, for streaming spaces too large to list (up to 10^8 codes).

A code is a head (its first pegs // 2 pegs) followed by a tail (the rest); code index = head index *
tails + tail index. For one graded guess, the grade of head+tail depends on the head only through a
small signature (blacks in the head, counts of the guess's colours in the head), so one row per
signature over all tails says which codes keep that grade. Filtering a block of heads is a gather and
an AND of those rows; survivors are written straight into one preallocated int32 array.

Every loop yields Progress after about WORK_PER_YIELD byte-operations. game.core.space is the public
face of this module (consistent_steps, count_consistent, partition_over_space).
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .codes import Code, Feedback, decode, pack
from .progress import WORK_PER_YIELD, History, Progress

if TYPE_CHECKING:  # a game is passed through here as a GameSize; the variants build on this module
    from .variants.base import GameSize

# Consistent codes written per step when collecting them: fresh memory costs page faults.
FILL_PER_STEP = 40_000


def index_dtype(config: GameSize) -> type:
    """int32 holds every code number up to 10^8 (8 pegs x 10 colours) at half the memory of int64."""
    return np.int32 if config.code_count < 2**31 else np.int64


def packed_history(history: History, pegs: int) -> list[tuple[Code, int]]:
    return [(tuple(int(p) for p in guess), pack(Feedback(*fb), pegs)) for guess, fb in history]


def read_only(*arrays: np.ndarray) -> None:
    for array in arrays:
        array.setflags(write=False)


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
    head_bits, tail_bits = _bits(heads), _bits(tails)
    if duplicates:
        head_ok = np.ones(heads.shape[0], dtype=bool)
        tail_ok = np.ones(tails.shape[0], dtype=bool)
    else:  # no repeats <=> as many distinct colours as pegs (a popcount by table: 1 ms, not 5)
        popcount = np.array([bin(bits).count("1") for bits in range(1 << colours)], dtype=np.uint8)
        head_ok = popcount[head_bits] == head_pegs
        tail_ok = popcount[tail_bits] == pegs - head_pegs
    result = HeadTail(pegs, colours, head_pegs, heads, tails, head_ok, tail_ok, head_bits, tail_bits)
    read_only(heads, tails, head_ok, tail_ok, result.head_bits, result.tail_bits)
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


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """np.unique(values) without np.unique's first-use import of numpy.ma (about 10 ms)."""
    ordered = np.sort(values)
    keep = np.ones(ordered.shape[0], dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def _unique_keys(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first index of each distinct key in sorted key order, id of each element's key).

    np.unique(return_index=True, return_inverse=True) does the same, but np.unique imports numpy.ma
    on first use: a 10 ms pause in the middle of a solve.
    """
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    starts = np.ones(key.shape[0], dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    ids = np.empty(key.shape[0], dtype=np.int64)
    ids[order] = np.cumsum(starts) - 1
    return order[starts], ids


def guess_rows_steps(
    config: GameSize, guess: Code, legality: bool = True
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
    guess_colours = np.flatnonzero(np.bincount(g, minlength=config.colours))
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


def stream_steps(
    config: GameSize, history: History, keep: bool
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
