"""Code spaces of grid games: which codes are still consistent, how many, and how a guess splits them.

The head x tail streaming of the classic game (headtail.py) relies on a grade that adds up over
pegs; a grid's grey pegs couple rows and columns, so grids are never streamed. Instead every grid
space the config offers (at most config.MAX_GRID_CODES codes) is listed whole, once, by
space.small_space_steps, and scanned. A scan grades only the codes still alive after the earlier
grades, so later guesses cost less; up to space.SCORE_TABLE_CODES codes the cached score table is
read instead of grading.

Like space.py, every loop is a generator that yields Progress after about WORK_PER_YIELD
byte-operations; space.consistent_steps, count_consistent_steps and partition_over_space_steps hand
grid configs over to the functions here.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from typing import TYPE_CHECKING

import numpy as np

from .arraycache import ArrayCache
from .codes import Code, colour_counts
from .config import MAX_GRID_CODES, GameConfig
from .grid import grid_grades, match_table_levels
from .headtail import WORK_PER_YIELD
from .solver import History, Progress

if TYPE_CHECKING:  # space imports this module; the type alone is needed here
    from .space import SmallSpace


def _space_steps(config: GameConfig) -> Generator[Progress, None, SmallSpace]:
    from .space import small_space_steps

    for level in match_table_levels(*config.grid):  # built once per shape, before any grading
        yield Progress(level, config.pegs, "preparing the grid")

    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates, limit=MAX_GRID_CODES)
    return space


def _chunk(config: GameConfig) -> int:
    """Codes graded per step: each costs about cells x (4 + 4 x colours) byte-operations."""
    return max(1, WORK_PER_YIELD // (config.pegs * (4 + 4 * config.colours)))


def _table_steps(config: GameConfig) -> Generator[Progress, None, np.ndarray | None]:
    from .space import has_table, score_table_steps

    if not has_table(config):
        return None
    return (yield from score_table_steps(config.pegs, config.colours, config.duplicates, grid=config.grid))


# Consistent sets remembered per history, so a child position narrows its parent's set by one grade
# (a tree walk and a game in progress ask for parents before children).
CACHE_ENTRIES = 512
CACHE_BYTES = 64_000_000


@functools.lru_cache(maxsize=1)
def _remembered() -> ArrayCache:
    return ArrayCache(CACHE_ENTRIES, CACHE_BYTES)


def _narrow_steps(
    config: GameConfig,
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
            grades_here = grid_grades(g, g_counts, space.codes[at], space.counts[at], *config.grid)[0]
            keep[start : start + chunk] = grades_here == packed
            yield Progress(start + at.shape[0], positions.shape[0], f"reading grade {number + 1}")
        positions = positions[keep]
    return positions


def grid_positions_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Positions in the listed grid space of the codes consistent with every grade (read-only)."""
    space = yield from _space_steps(config)
    variant = config.variant
    grades = [(tuple(int(p) for p in guess), variant.pack(fb)) for guess, fb in history]
    size = (config.pegs, config.colours, config.duplicates, config.grid)
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


def grid_consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices of the grid codes consistent with every grade."""
    positions = yield from grid_positions_steps(config, history)
    space = yield from _space_steps(config)
    return space.indices[positions]


def grid_count_steps(config: GameConfig, history: History) -> Generator[Progress, None, int]:
    positions = yield from grid_positions_steps(config, history)
    return int(positions.shape[0])


def grid_partition_steps(config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal grid code: counts per packed grade (int64, grade_count long)."""
    space = yield from _space_steps(config)
    size = config.variant.grade_count
    counts = np.zeros(size, dtype=np.int64)
    g = np.asarray([guess], dtype=np.uint8)
    g_counts = colour_counts(g, config.colours)
    total = space.indices.shape[0]
    chunk = _chunk(config)
    for start in range(0, total, chunk):
        part = slice(start, start + chunk)
        grades = grid_grades(g, g_counts, space.codes[part], space.counts[part], *config.grid)[0]
        counts += np.bincount(grades, minlength=size)
        yield Progress(min(total, start + chunk), total, "splitting codes", total)
    return counts


def _index(code: Code, colours: int) -> int:
    index = 0
    for peg in code:
        index = index * colours + int(peg)
    return index
