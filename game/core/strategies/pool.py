"""Guess pools for the partition strategies: colour symmetry, the pool a node weighs.

Colour symmetry: colours never played yet are interchangeable, and so are colours known to be absent
(no consistent code uses them). Permuting colours inside such a class maps the consistent codes onto
themselves, so every guess in an orbit splits them alike and is consistent or not alike. The lowest-
numbered code of an orbit uses the class's colours in increasing order of first appearance; keeping
only those representatives gives the same choice under the tie rule (consistent first, then lowest
number) as scoring every code.

First guesses, where places are interchangeable too (or some of them), are the variant's
(Variant.first_guess_steps: rowspace.shapes, gridspace.shapes).

build_pool(): the candidates a partition strategy weighs, in tie-rule order (consistent codes
ascending, then the rest ascending): every code of a small space, reduced by symmetry, while pool x
codes weighed fits the cell budget; else a seeded sample of consistent and random codes mapped to
their orbits' representatives. (Large spaces with a multiset scorer weigh every code instead from
few codes left: every_code.py.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..codes import decode, encode
from ..headtail import WORK_PER_YIELD, sorted_unique
from ..progress import Progress
from ..solver import History
from ..space import is_small, random_legal_indices, small_space, sorted_contains

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


# Cells (candidate guess x consistent code) scored per guess before the pool and codes are sampled.
CELL_BUDGET = 4_000_000
# Small spaces (every code listed, scored through kernels.MultisetScorer at a few ns a cell) keep their
# whole symmetry-reduced pool up to this many cells. With repeats they choose among every code through
# every_code.py from 6 codes left, so the pool serves nodes of 3-5 codes there, and spaces without
# repeats.
CELL_BUDGET_SMALL = 40_000_000
# The pool keeps at least this many candidates when sampled, and at most POOL_CAP.
POOL_MIN = 200
POOL_CAP = 4_000
# Large spaces graded through kernels.MultisetScorer (6x9, for one) afford four times the cells and
# the pool in the same time: at 6x9 a mean of 6.244 instead of 6.272 over 500 sampled secrets (when
# they sampled their pools to the end).
CELL_BUDGET_FAST = 16_000_000
POOL_CAP_FAST = 16_000


def _absent_colours(config: GameConfig, consistent: np.ndarray) -> list[int]:
    if not is_small(config):
        return []
    space = small_space(config.pegs, config.colours, config.duplicates)
    used = space.counts[space_positions(space, consistent)].max(axis=0)
    return [int(c) for c in np.flatnonzero(used == 0)]


def sample_sorted(np_rng: np.random.Generator, indices: np.ndarray, count: int) -> np.ndarray:
    if indices.shape[0] <= count:
        return indices
    return np.sort(np_rng.choice(indices, size=count, replace=False))


def build_pool(
    config: GameConfig,
    history: History,
    consistent: np.ndarray,
    evaluation_size: int,
    consistent_only: bool,
    np_rng: np.random.Generator,
) -> tuple[np.ndarray, int]:
    """Candidate guess indices ordered by the tie rule: consistent ascending, then the rest ascending;
    and how many of them are consistent."""
    # Grades that are not multiset grades (a grid's) are computed, not looked up in the multiset
    # kernel, so they keep the smaller budget.
    multiset = config.variant.multiset
    fast = multiset and not is_small(config) and config.variant.multiset_scorer(config.colours) is not None
    budget = CELL_BUDGET_SMALL if is_small(config) and multiset else CELL_BUDGET
    if fast:
        budget = CELL_BUDGET_FAST
    cap = max(POOL_MIN, budget // max(1, evaluation_size))
    sample_cap = min(cap, POOL_CAP_FAST if fast else POOL_CAP)
    if consistent_only:
        pool = consistent
    elif is_small(config):
        space = small_space(config.pegs, config.colours, config.duplicates)
        pool = space.indices
    else:
        pool = None
    classes = symmetry_classes(config, history, _absent_colours(config, consistent))
    if pool is not None and pool.shape[0] > cap * 20:
        pool = None  # far too many even after symmetry: sample instead of listing representatives
    if pool is not None:
        if classes and is_small(config) and not consistent_only:
            key = tuple(tuple(cls) for cls in classes)
            pool = _canonical_codes(config.pegs, config.colours, config.duplicates, key)
        elif classes and is_small(config):
            space = small_space(config.pegs, config.colours, config.duplicates)
            pool = pool[canonical_mask(space.first[space_positions(space, pool)], classes)]
        elif classes:
            pool = pool[canonical_mask(first_occurrences(decode_pool(pool, config), config.colours), classes)]
        if pool.shape[0] > cap:
            pool = None
    if pool is None:
        own = sample_sorted(np_rng, consistent, sample_cap if consistent_only else sample_cap // 2)
        if consistent_only:
            pool = own
        else:
            seed = int(np_rng.integers(0, 2**63))
            pool = np.concatenate([own, random_legal_indices(config, sample_cap - own.shape[0], seed)])
        if classes:
            pool = encode(canonicalise(decode_pool(pool, config), classes, config.colours), config.colours)
        pool = sorted_unique(pool)
    is_consistent = sorted_contains(consistent, pool)
    return np.concatenate([pool[is_consistent], pool[~is_consistent]]), int(np.count_nonzero(is_consistent))


@functools.lru_cache(maxsize=64)
def _canonical_codes(pegs: int, colours: int, duplicates: bool, classes: tuple) -> np.ndarray:
    """The lowest code of every orbit of a small space under `classes` (read-only): nodes deep in a
    tree share a few classes (the colours no consistent code uses), so each is listed once."""
    space = small_space(pegs, colours, duplicates)
    codes = space.indices[canonical_mask(space.first, [list(cls) for cls in classes])]
    codes.setflags(write=False)
    return codes


# Spaces with repeats up to this many codes keep every code's first occurrences (pegs bytes a colour:
# 4.8 MB at 6x9) once they weigh every code, so orbit flags are a gather, not a decode.
FIRST_TABLE_CODES = 1_100_000


@dataclass
class _FirstBuild:
    """Every code's first_occurrences(), filled a chunk of codes per step (first_table_steps)."""

    table: np.ndarray
    done: int = 0


@functools.lru_cache(maxsize=2)
def _first_build(pegs: int, colours: int) -> _FirstBuild:
    return _FirstBuild(np.empty((colours**pegs, colours), dtype=np.uint8))


def first_table_steps(pegs: int, colours: int) -> Generator[Progress, None, np.ndarray | None]:
    """first_occurrences() of every code of a size with repeats (code number -> row), built a chunk
    per step and cached; None above FIRST_TABLE_CODES codes."""
    count = colours**pegs
    if count > FIRST_TABLE_CODES:
        return None
    build = _first_build(pegs, colours)
    chunk = max(1, WORK_PER_YIELD // (8 * (pegs + colours)))
    while build.done < count:
        stop = min(count, build.done + chunk)
        codes = decode(np.arange(build.done, stop), pegs, colours)
        build.table[build.done : stop] = first_occurrences(codes, colours)
        build.done = stop
        yield Progress(stop, count, "listing codes")
    return build.table


@dataclass(frozen=True)
class Orbits:
    """The lowest code of each orbit of interchangeable colours at a node: called with code numbers,
    flags those that are (the others split the codes left as their orbit's lowest does)."""

    classes: tuple[tuple[int, ...], ...]
    flags: Callable[[np.ndarray], np.ndarray]

    def __call__(self, codes: np.ndarray) -> np.ndarray:
        return self.flags(codes)

    def multisets(self, counts: np.ndarray) -> np.ndarray:
        """(M, colours) colour counts of multisets -> which have a lowest code of an orbit: those that
        use a class's colours only as a prefix of it (a code meets them in increasing order)."""
        keep = np.ones(counts.shape[0], dtype=bool)
        for cls in self.classes:
            for lower, higher in zip(cls, cls[1:], strict=False):
                keep &= (counts[:, lower] > 0) | (counts[:, higher] == 0)
        return keep


def canonical_filter(
    config: GameConfig, history: History, consistent: np.ndarray, first: np.ndarray | None = None
) -> Orbits | None:
    """Which codes are the lowest code of their orbit at this node (the classes of colours never
    played and of colours no code left uses), or None when no colours are interchangeable.
    `consistent`: every code left. A listed space with repeats reads the flags off a table made once
    per classes; a larger space works them out for the codes asked about, from `first`
    (first_table_steps) where given."""
    if is_small(config):
        absent = _absent_colours(config, consistent)
    else:
        used = np.bincount(decode(consistent, config.pegs, config.colours).ravel(), minlength=config.colours)
        absent = [int(c) for c in np.flatnonzero(used == 0)]
    classes = symmetry_classes(config, history, absent)
    if not classes:
        return None
    key = tuple(tuple(cls) for cls in classes)
    if is_small(config) and config.duplicates:
        return Orbits(key, _canonical_flags(config.pegs, config.colours, key).take)
    if first is not None:
        return Orbits(key, lambda codes: canonical_mask(first.take(codes, axis=0), classes))
    return Orbits(
        key,
        lambda codes: canonical_mask(
            first_occurrences(decode(codes, config.pegs, config.colours), config.colours), classes
        ),
    )


@functools.lru_cache(maxsize=64)
def _canonical_flags(pegs: int, colours: int, classes: tuple) -> np.ndarray:
    space = small_space(pegs, colours, True)
    flags = canonical_mask(space.first, [list(cls) for cls in classes])
    flags.setflags(write=False)
    return flags


def space_positions(space, indices: np.ndarray) -> np.ndarray:
    """Positions of legal code numbers in a small space's arrays (the numbers themselves when it
    lists every code)."""
    return indices if space.indices.shape[0] == space.colours**space.pegs else space.positions(indices)


def decode_pool(indices: np.ndarray, config: GameConfig) -> np.ndarray:
    """(n, pegs) codes of legal code numbers, read from a small space's arrays where it has them."""
    if is_small(config):
        space = small_space(config.pegs, config.colours, config.duplicates)
        return space.codes[space_positions(space, indices)]
    return decode(indices, config.pegs, config.colours)
