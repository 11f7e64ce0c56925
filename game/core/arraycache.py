"""A least-recently-used map of read-only numpy arrays, bounded by entry count and total bytes.

The solvers remember consistent sets per history with it (space.py, gridspace.py), so a child
position narrows its parent's set by one grade. Arrays put in are made read-only; arrays larger than
`max_array_bytes` are not remembered. Touching an entry (get) makes it the newest.

consistent_sets() is the process's one cache of classic-row consistent sets, keyed by history_key();
space.py reads and fills it, and a whole-tree walk hands it the sets it already holds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np


@dataclass
class ArrayCache:
    """Least-recently-used map key -> read-only array; the oldest go first past either bound."""

    max_entries: int
    max_bytes: int
    max_array_bytes: int | None = None
    entries: dict = field(default_factory=dict)
    size: int = 0

    def get(self, key: tuple) -> np.ndarray | None:
        value = self.entries.pop(key, None)
        if value is not None:
            self.entries[key] = value
        return value

    def put(self, key: tuple, value: np.ndarray) -> None:
        too_big = self.max_array_bytes is not None and value.nbytes > self.max_array_bytes
        if too_big or key in self.entries:
            return
        value.setflags(write=False)
        self.entries[key] = value
        self.size += value.nbytes
        while len(self.entries) > self.max_entries or self.size > self.max_bytes:
            self.size -= self.entries.pop(next(iter(self.entries))).nbytes


# Consistent sets remembered per history, so a child position filters its parent's codes by one grade
# instead of the whole space by every grade (a tree walk asks for parents before children).
CACHE_ENTRIES = 256
CACHE_BYTES = 96_000_000
# Sets larger than this are not remembered (space.release_steps() may hand their memory back).
CACHE_MAX_ARRAY_BYTES = 16_000_000


@functools.lru_cache(maxsize=1)
def consistent_sets() -> ArrayCache:
    """The process's cache of classic-row consistent sets (sorted code indices) by history_key()."""
    return ArrayCache(CACHE_ENTRIES, CACHE_BYTES, CACHE_MAX_ARRAY_BYTES)


def history_key(pegs: int, colours: int, duplicates: bool, history: Iterable) -> tuple:
    """The cache key of a history of (guess, (black, white)) pairs: the size, then the pairs.

    Hashable histories (tuples of code tuples and grade tuples, as the strategies get them) are their
    own key, built without a loop in Python: a whole-tree walk makes one per node. Anything else is
    normalised to (code tuple, packed grade) pairs; the two forms never compare equal, so a mixed
    use costs a miss, never a wrong set.
    """
    entries = tuple(history)
    try:
        hash(entries)
    except TypeError:
        base = pegs + 1
        entries = tuple((tuple(map(int, g)), int(fb[0]) * base + int(fb[1])) for g, fb in entries)
    return (pegs, colours, duplicates, entries)
