"""A least-recently-used map of read-only numpy arrays, bounded by entry count and total bytes.

The solvers remember consistent sets per history with it (space.py, gridspace.py), so a child
position narrows its parent's set by one grade. Arrays put in are made read-only; arrays larger than
`max_array_bytes` are not remembered. Touching an entry (get) makes it the newest.
"""

from __future__ import annotations

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
