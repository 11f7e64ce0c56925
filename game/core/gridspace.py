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

from collections.abc import Generator

import numpy as np

from .codes import Code, colour_counts
from .config import MAX_GRID_CODES, GameConfig
from .grid import grid_grades
from .headtail import WORK_PER_YIELD
from .solver import History, Progress


def _space_steps(config: GameConfig):
    from .space import small_space_steps

    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates, limit=MAX_GRID_CODES)
    return space


def _chunk(config: GameConfig) -> int:
    """Codes graded per step: each costs about cells x (4 + 4 x colours) byte-operations."""
    return max(1, WORK_PER_YIELD // (config.pegs * (4 + 4 * config.colours)))


def _table_steps(config: GameConfig):
    from .space import has_table, score_table_steps

    if not has_table(config):
        return None
    return (yield from score_table_steps(config.pegs, config.colours, config.duplicates, grid=config.grid))


def grid_mask_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Boolean mask over the listed grid space: the codes consistent with every grade."""
    space = yield from _space_steps(config)
    table = yield from _table_steps(config)
    variant = config.variant
    alive = np.ones(space.indices.shape[0], dtype=bool)
    chunk = _chunk(config)
    for number, (guess, feedback) in enumerate(history):
        packed = variant.pack(feedback)
        guess = tuple(int(p) for p in guess)
        if table is not None and config.is_legal(guess):
            row = int(space.positions(np.array([_index(guess, config.colours)]))[0])
            alive &= table[row] == packed
            continue
        g = np.asarray([guess], dtype=np.uint8)
        g_counts = colour_counts(g, config.colours)
        where = np.flatnonzero(alive)
        for start in range(0, where.shape[0], chunk):
            at = where[start : start + chunk]
            grades = grid_grades(g, g_counts, space.codes[at], space.counts[at], *config.grid)[0]
            alive[at] = grades == packed
            yield Progress(start + at.shape[0], where.shape[0], f"reading grade {number + 1}")
    return alive


def grid_consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices of the grid codes consistent with every grade."""
    mask = yield from grid_mask_steps(config, history)
    space = yield from _space_steps(config)
    return space.indices[mask]


def grid_count_steps(config: GameConfig, history: History) -> Generator[Progress, None, int]:
    mask = yield from grid_mask_steps(config, history)
    return int(np.count_nonzero(mask))


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
