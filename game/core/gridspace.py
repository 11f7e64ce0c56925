"""Code spaces of grid games: which codes are still consistent, how many, and how a guess splits them.

The head x tail streaming of the classic game (headtail.py) relies on a grade that adds up over
pegs; a grid's grey pegs couple rows and columns, so grids are never streamed. Instead every grid
space the config offers (at most config.MAX_GRID_CODES codes) is listed whole, once, by
space.small_space_steps, and scanned. A scan grades only the codes still alive after the earlier
grades, so later guesses cost less; up to space.SCORE_TABLE_CODES codes the cached score table is
read instead of grading.

Like space.py, every loop is a generator that yields Progress after about WORK_PER_YIELD
byte-operations; variants/grid.py's GridVariant hands the functions of space.py over to the ones here.

First guesses: a grid's cells are not all interchangeable, as a row's pegs are: only row swaps,
column swaps and (square grids) the transpose keep its grading (grid.symmetries), so its first
guesses are the lowest codes of the orbits under those and the colour permutations (shapes_steps()),
scored over the whole space, or over a fixed sample of it when that would be too much work.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .arraycache import ArrayCache
from .codes import Code, colour_counts, decode, encode
from .grid import MAX_GRID_CODES, match_table_levels, symmetries
from .headtail import WORK_PER_YIELD, sorted_unique
from .progress import History, Progress, run
from .space import (
    SmallSpace,
    has_table,
    legal_count,
    random_legal_indices,
    score_table_steps,
    small_space_steps,
)

if TYPE_CHECKING:
    from .variants.base import GameSize


def _space_steps(config: GameSize) -> Generator[Progress, None, SmallSpace]:
    for level in match_table_levels(*config.variant.shape):  # built once per shape, before any grading
        yield Progress(level, config.pegs, "preparing the grid")

    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates, limit=MAX_GRID_CODES)
    return space


def _chunk(config: GameSize) -> int:
    """Codes graded per step: each costs about cells x (4 + 4 x colours) byte-operations."""
    return max(1, WORK_PER_YIELD // (config.pegs * (4 + 4 * config.colours)))


def _table_steps(config: GameSize) -> Generator[Progress, None, np.ndarray | None]:
    if not has_table(config):
        return None
    return (yield from score_table_steps(config))


# Consistent sets remembered per history, so a child position narrows its parent's set by one grade
# (a tree walk and a game in progress ask for parents before children).
CACHE_ENTRIES = 512
CACHE_BYTES = 64_000_000


@functools.lru_cache(maxsize=1)
def _remembered() -> ArrayCache:
    return ArrayCache(CACHE_ENTRIES, CACHE_BYTES)


def _narrow_steps(
    config: GameSize,
    space: SmallSpace,
    table: np.ndarray | None,
    positions: np.ndarray,
    grades: list[tuple[Code, int]],
) -> Generator[Progress, None, np.ndarray]:
    """The members of `positions` (in the listed space) that give every (guess, packed grade)."""
    chunk = _chunk(config)
    for number, (guess, packed) in enumerate(grades):
        if table is not None and config.is_legal(guess):
            row = int(space.positions(np.array([_index(guess, config.colours)]))[0])
            positions = positions[table[row, positions] == packed]
            continue
        g = np.asarray([guess], dtype=np.uint8)
        g_counts = colour_counts(g, config.colours)
        keep = np.zeros(positions.shape[0], dtype=bool)
        for start in range(0, positions.shape[0], chunk):
            at = positions[start : start + chunk]
            grades_here = config.variant.grades_between(g, g_counts, space.codes[at], space.counts[at])[0]
            keep[start : start + chunk] = grades_here == packed
            yield Progress(start + at.shape[0], positions.shape[0], f"reading grade {number + 1}")
        positions = positions[keep]
    return positions


def grid_positions_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Positions in the listed grid space of the codes consistent with every grade (read-only)."""
    space = yield from _space_steps(config)
    variant = config.variant
    grades = [(tuple(int(p) for p in guess), variant.pack(fb)) for guess, fb in history]
    size = (config.pegs, config.colours, config.duplicates, config.variant.shape)
    remembered = _remembered()
    found = remembered.get((size, tuple(grades)))
    if found is not None:
        return found
    depth, positions = 0, None
    for depth in range(len(grades) - 1, 0, -1):
        positions = remembered.get((size, tuple(grades[:depth])))
        if positions is not None:
            break
    if positions is None:
        depth, positions = 0, np.arange(space.indices.shape[0], dtype=np.int32)
    table = yield from _table_steps(config)
    positions = yield from _narrow_steps(config, space, table, positions, grades[depth:])
    remembered.put((size, tuple(grades)), positions)
    return positions


def consistent_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices of the grid codes consistent with every grade."""
    positions = yield from grid_positions_steps(config, history)
    space = yield from _space_steps(config)
    result = space.indices[positions]
    yield Progress(1, 1, "codes filtered", int(result.shape[0]))
    return result


def count_steps(config: GameSize, history: History) -> Generator[Progress, None, int]:
    """How many grid codes are consistent with every grade (all legal ones before the first)."""
    if history:
        count = int((yield from grid_positions_steps(config, history)).shape[0])
    else:
        count = legal_count(config)
    yield Progress(1, 1, "codes counted", count)
    return count


def remember_consistent(config: GameSize, history: History, indices: np.ndarray) -> None:
    """A row's space keeps such sets for a whole-tree walk; a grid's remembers its own scans."""


def partition_steps(config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal grid code: counts per packed grade (int64, grade_count long)."""
    space = yield from _space_steps(config)
    variant = config.variant
    size = variant.grade_count
    counts = np.zeros(size, dtype=np.int64)
    g = np.asarray([guess], dtype=np.uint8)
    g_counts = colour_counts(g, config.colours)
    total = space.indices.shape[0]
    chunk = _chunk(config)
    for start in range(0, total, chunk):
        part = slice(start, start + chunk)
        grades = variant.grades_between(g, g_counts, space.codes[part], space.counts[part])[0]
        counts += np.bincount(grades, minlength=size)
        yield Progress(min(total, start + chunk), total, "splitting codes", total)
    return counts


# --- first guesses ---------------------------------------------------------------------------

# Codes relabelled per step when listing grid shapes (about 2 ms of numpy work).
SHAPES_PER_STEP = 4_000


@dataclass
class _Shapes:
    """Cached grid first guesses; only shapes_steps() fills it, once."""

    value: tuple[Code, ...] | None = None


@functools.lru_cache(maxsize=8)
def _grid_shapes_cache(rows: int, cols: int, colours: int, duplicates: bool) -> _Shapes:
    return _Shapes()


def shapes_steps(
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


def shapes(rows: int, cols: int, colours: int, duplicates: bool) -> tuple[Code, ...]:
    return run(shapes_steps(rows, cols, colours, duplicates))


# Candidate x code cells scored exactly for a grid's first guess; above this the candidates are scored
# against a fixed sample of codes (seed FIRST_GUESS_SAMPLE_SEED, so every run chooses alike).
FIRST_GUESS_CELLS = 4_000_000
# Sampled codes graded per step against one candidate first guess.
FIRST_GUESS_CODES_PER_STEP = 4_000  # about 2-3 ms at 3x3
FIRST_GUESS_SAMPLE_SEED = 0


def first_guess_steps(
    config: GameSize, score_rows: Callable[[np.ndarray], int]
) -> Generator[Progress, None, Code]:
    """The first grid guess: the grid shape whose split of the codes scores lowest by `score_rows`
    (part counts (k, grades) -> the index of the chosen row, lowest on ties)."""
    candidates = yield from shapes_steps(*config.variant.shape, config.colours, config.duplicates)
    possible = legal_count(config)
    for level in match_table_levels(*config.variant.shape):  # built once per shape, in steps
        yield Progress(level, config.pegs, "preparing the grid", possible)
    if len(candidates) == 1:
        return candidates[0]
    size = config.variant.grade_count
    rows = []
    if len(candidates) * possible <= FIRST_GUESS_CELLS:
        for number, code in enumerate(candidates):
            rows.append((yield from partition_steps(config, code)))
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
                grades = config.variant.grades_between(g, g_counts, codes, counts)[0]
                parts += np.bincount(grades, minlength=size)
                yield Progress(number, len(candidates), "choosing a first guess", possible)
            rows.append(parts)
    return candidates[score_rows(np.vstack(rows))]


def _index(code: Code, colours: int) -> int:
    index = 0
    for peg in code:
        index = index * colours + int(peg)
    return index
