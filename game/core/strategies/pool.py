"""Guess pools for the partition strategies: colour symmetry, first-guess shapes, sampling.

Colour symmetry: colours never played yet are interchangeable, and so are colours known to be absent
(no consistent code uses them). Permuting colours inside such a class maps the consistent codes onto
themselves, so every guess in an orbit splits them alike and is consistent or not alike. The lowest-
numbered code of an orbit uses the class's colours in increasing order of first appearance; keeping
only those representatives gives the same choice under the tie rule (consistent first, then lowest
number) as scoring every code.

First guess: with no history, positions are interchangeable too, so only the shape of the colour
multiset matters (at 4x6: 0000, 0001, 0011, 0012, 0123). The lowest code of a shape gives colour 0
the largest multiplicity, colour 1 the next, and so on. A grid's cells are not all interchangeable:
only row swaps, column swaps and (square grids) the transpose keep its grading, so its first guesses
are the lowest codes of the orbits under those and the colour permutations (grid_shapes()).

build_pool(): the candidates a partition strategy weighs, in tie-rule order (consistent codes
ascending, then the rest ascending): every code of a small space, reduced by symmetry, while pool x
codes weighed fits the cell budget; else a seeded sample of consistent and random codes mapped to
their orbits' representatives. (Large spaces with a multiset scorer weigh every code instead from
few codes left: every_code.py.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..codes import Code, colour_counts, decode, encode
from ..config import GameConfig
from ..grid import match_table_levels, symmetries
from ..headtail import sorted_unique
from ..kernels import scorer_for
from ..solver import History, Progress, run
from ..space import (
    grades_between,
    is_small,
    legal_count,
    partition_over_space_steps,
    random_legal_indices,
    small_space,
    sorted_contains,
)


def shapes(pegs: int, colours: int, duplicates: bool) -> list[Code]:
    """The lowest code of every colour-multiset shape, in increasing code order."""
    if not duplicates:
        return [tuple(range(pegs))]

    def partitions(rest: int, largest: int) -> Iterator[list[int]]:
        if rest == 0:
            yield []
            return
        for part in range(min(rest, largest), 0, -1):
            for tail in partitions(rest - part, part):
                yield [part, *tail]

    codes = []
    for multiplicities in partitions(pegs, pegs):
        if len(multiplicities) <= colours:
            code: list[int] = []
            for colour, times in enumerate(multiplicities):
                code += [colour] * times
            codes.append(tuple(code))
    return sorted(codes)


# Codes relabelled per step when listing grid shapes (about 2 ms of numpy work).
SHAPES_PER_STEP = 4_000


@dataclass
class _Shapes:
    """Cached grid first guesses; only grid_shapes_steps() fills it, once."""

    value: tuple[Code, ...] | None = None


@functools.lru_cache(maxsize=8)
def _grid_shapes_cache(rows: int, cols: int, colours: int, duplicates: bool) -> _Shapes:
    return _Shapes()


def grid_shapes_steps(
    rows: int, cols: int, colours: int, duplicates: bool
) -> Generator[Progress, None, tuple[Code, ...]]:
    """The lowest code of every orbit of grid codes under colour permutations and grid symmetries,
    in increasing code order (every first guess worth scoring in a grid game); cached. Yields once
    per grid symmetry (144 at 3x4, about 10 ms each there)."""
    cache = _grid_shapes_cache(rows, cols, colours, duplicates)
    if cache.value is not None:
        return cache.value
    cells = rows * cols
    if not duplicates:
        cache.value = (tuple(range(cells)),)
        return cache.value
    # Restricted growth strings: each cell takes a colour already used or the next new one, so every
    # colour-permutation orbit appears once, as its lowest code.
    codes = np.zeros((1, 1), dtype=np.uint8)
    for _ in range(1, cells):
        used = codes.max(axis=1).astype(np.int64) + 1
        parts = []
        for colour in range(min(colours, cells)):
            grow = codes[colour <= np.minimum(used, colours - 1)]
            parts.append(np.column_stack([grow, np.full(grow.shape[0], colour, dtype=np.uint8)]))
        codes = np.concatenate(parts)
        yield Progress(0, 1, "choosing a first guess")  # a cell per step: all at once is ~25 ms at 3x4
    # every orbit's lowest code, filled by the symmetries' chunks below (encoding all codes at once
    # would be one ~13 ms step at 3x4)
    best = np.full(codes.shape[0], np.iinfo(np.int64).max, dtype=np.int64)
    perms = symmetries(rows, cols)
    for number, perm in enumerate(perms):
        for start in range(0, codes.shape[0], SHAPES_PER_STEP):
            part = slice(start, start + SHAPES_PER_STEP)
            moved = codes[part][:, perm]
            # Relabel colours in order of first appearance: the lowest code of the colour orbit.
            seen = [moved == c for c in range(colours)]
            first = np.stack([np.where(s.any(axis=1), np.argmax(s, axis=1), cells) for s in seen], axis=1)
            first = first * colours + np.arange(colours)  # distinct; unused colours last, in colour order
            rank = (first[:, None, :] < first[:, :, None]).sum(axis=2).astype(np.uint8)
            relabelled = rank[np.arange(moved.shape[0])[:, None], moved]
            best[part] = np.minimum(best[part], encode(relabelled, colours))
            yield Progress(number + 1, perms.shape[0], "choosing a first guess")
    lowest = sorted_unique(best)
    yield Progress(perms.shape[0], perms.shape[0], "choosing a first guess")
    cache.value = tuple(
        tuple(int(i) // colours ** (cells - 1 - p) % colours for p in range(cells)) for i in lowest
    )
    return cache.value


def grid_shapes(rows: int, cols: int, colours: int, duplicates: bool) -> tuple[Code, ...]:
    return run(grid_shapes_steps(rows, cols, colours, duplicates))


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


# Candidate x code cells scored exactly for a grid's first guess; above this the candidates are scored
# against a fixed sample of codes (seed FIRST_GUESS_SAMPLE_SEED, so every run chooses alike).
FIRST_GUESS_CELLS = 4_000_000
# Sampled codes graded per step against one candidate first guess.
FIRST_GUESS_CODES_PER_STEP = 4_000  # about 2-3 ms at 3x3
FIRST_GUESS_SAMPLE_SEED = 0


def grid_first_guess_steps(
    config: GameConfig, score_rows: Callable[[np.ndarray], np.ndarray]
) -> Generator[Progress, None, Code]:
    """The first grid guess: the grid shape whose split of the codes scores lowest by `score_rows`
    (part counts (k, grades) -> the index of the chosen row, lowest on ties)."""
    candidates = yield from grid_shapes_steps(*config.grid, config.colours, config.duplicates)
    possible = legal_count(config)
    for level in match_table_levels(*config.grid):  # built once per shape, in steps
        yield Progress(level, config.pegs, "preparing the grid", possible)
    if len(candidates) == 1:
        return candidates[0]
    size = config.variant.grade_count
    rows = []
    if len(candidates) * possible <= FIRST_GUESS_CELLS:
        for number, code in enumerate(candidates):
            rows.append((yield from partition_over_space_steps(config, code)))
            yield Progress(number + 1, len(candidates), "choosing a first guess", possible)
    else:
        sample = random_legal_indices(config, FIRST_GUESS_CELLS // len(candidates), FIRST_GUESS_SAMPLE_SEED)
        yield Progress(0, len(candidates), "choosing a first guess", possible)
        blocks = []  # the sample decoded a block per step: at once it is ~25 ms at 2x3 x 9
        for start in range(0, sample.shape[0], FIRST_GUESS_CODES_PER_STEP):
            codes = decode(sample[start : start + FIRST_GUESS_CODES_PER_STEP], config.pegs, config.colours)
            blocks.append((codes, colour_counts(codes, config.colours)))
            yield Progress(0, len(candidates), "choosing a first guess", possible)
        for number, code in enumerate(candidates):
            g = np.asarray([code], dtype=np.uint8)
            g_counts = colour_counts(g, config.colours)
            parts = np.zeros(size, dtype=np.int64)
            for codes, counts in blocks:
                grades = grades_between(g, g_counts, codes, counts, config.grid)[0]
                parts += np.bincount(grades, minlength=size)
                yield Progress(number, len(candidates), "choosing a first guess", possible)
            rows.append(parts)
    return candidates[score_rows(np.vstack(rows))]


# Cells (candidate guess x consistent code) scored per guess before the pool and codes are sampled.
CELL_BUDGET = 4_000_000
# Small spaces (every code listed, scored through kernels.MultisetScorer at a few ns a cell) keep their
# whole symmetry-reduced pool up to this many cells: at 5x8 that is 179,843 guesses over all secrets
# instead of 179,925 with sampled pools, for about 10% more time.
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
    # Grid grades are computed, not looked up in the multiset kernel, so grids keep the smaller budget.
    classic = config.grid is None
    fast = classic and not is_small(config) and scorer_for(config.pegs, config.colours) is not None
    budget = CELL_BUDGET_SMALL if is_small(config) and config.grid is None else CELL_BUDGET
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
