"""Guess pools for the partition strategies: colour symmetry.

Colour symmetry: colours never played yet are interchangeable, and so are colours known to be absent
(no consistent code uses them). Permuting colours inside such a class maps the consistent codes onto
themselves, so every guess in an orbit splits them alike and is consistent or not alike. The lowest-
numbered code of an orbit uses the class's colours in increasing order of first appearance; keeping
only those representatives gives the same choice under the tie rule (consistent first, then lowest
number) as scoring every code.

First guesses, where places are interchangeable too (or some of them), are the variant's
(Variant.first_guess_steps: rowspace.shapes, gridspace.shapes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..solver import History

if TYPE_CHECKING:
    from ..config import GameConfig


def symmetry_classes(config: GameConfig, history: History, absent: Sequence[int] = ()) -> list[list[int]]:
    """Classes of interchangeable colours (each sorted, only classes of two or more)."""
    played = {int(peg) for guess, _ in history for peg in guess}
    absent_set = set(absent)
    free = [c for c in range(config.colours) if c not in played and c not in absent_set]
    return [cls for cls in (free, sorted(absent_set)) if len(cls) > 1]


def first_occurrences(codes: np.ndarray, colours: int) -> np.ndarray:
    """(n, colours) uint8: the position of each colour's first peg in each row, or pegs if unused."""
    pegs = codes.shape[1]
    first = np.full((codes.shape[0], colours), pegs, dtype=np.uint8)
    for position in range(pegs - 1, -1, -1):
        first[np.arange(codes.shape[0]), codes[:, position]] = position
    return first


def canonical_mask(first: np.ndarray, classes: list[list[int]]) -> np.ndarray:
    """True for the codes that are the lowest-numbered of their orbit under the classes.

    `first` is first_occurrences() of the codes: a representative meets each class's colours in
    increasing order (unused colours, at position pegs, come last).
    """
    keep = np.ones(first.shape[0], dtype=bool)
    for cls in classes:
        for lower, higher in zip(cls, cls[1:], strict=False):
            keep &= first[:, lower] <= first[:, higher]
    return keep


def canonicalise(codes: np.ndarray, classes: list[list[int]], colours: int) -> np.ndarray:
    """Map each code to the lowest-numbered code of its orbit (a copy)."""
    out = np.array(codes, dtype=np.uint8, copy=True)
    rows = np.arange(out.shape[0])
    for cls in classes:
        in_class = np.zeros(colours, dtype=bool)
        in_class[cls] = True
        targets = np.asarray(cls, dtype=np.uint8)
        mapping = np.full((out.shape[0], colours), 255, dtype=np.uint8)
        used = np.zeros(out.shape[0], dtype=np.int64)
        for position in range(out.shape[1]):
            colour = out[:, position]
            member = in_class[colour]
            fresh = member & (mapping[rows, colour] == 255)
            mapping[rows[fresh], colour[fresh]] = targets[used[fresh]]
            used += fresh
            out[:, position] = np.where(member, mapping[rows, colour], colour)
    return out
