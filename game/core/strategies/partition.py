"""Partition strategies: score each candidate guess by how it splits the consistent codes.

- knuth: minimise the largest part (Knuth 1976), first guess 1122 at 4x6;
- irving: minimise the expected part size, i.e. the sum of squared part sizes (Irving), 1123;
- entropy: maximise the information, i.e. minimise sum n log n over parts (Neuwirth), 1234;
- most-parts: maximise the number of parts (Kooi), 1123.
Parts include the all-black part of a consistent guess. Each comes in two pools: all codes (the
published figures) and consistent-only ("-consistent").

Tie rule: among equally good guesses prefer one that could still be the secret, then the
lowest-numbered. The pool is ordered that way (consistent codes ascending, then the rest ascending), so
the first best score in pool order is the choice. Entropy scores are floats and count as tied within
ENTROPY_TIE (relative).

First guess: every colour-multiset shape is scored over the whole space by the strategy's own
criterion (only the shape matters then); at 4x6 this gives the published first guesses.

Shortcuts (REFERENCE.md): one or two codes left -> play the lowest; a guess that splits the codes
into singletons is optimal under every criterion, so the first one in pool order is played at once;
colour symmetry keeps one representative per orbit in the pool (see pool.py).

Scale: above SMALL_SPACE_CODES, or when pool x consistent codes exceeds CELL_BUDGET(_SMALL), the
consistent codes are sampled down to EVAL_CAP to score against and the pool is sampled (consistent
codes plus random codes, mapped to orbit representatives), with the given rng: same seed, same
guesses. A large space graded by the multiset kernel weighs every code instead once every code times
the consistent ones fits CELL_BUDGET_FAST (at 6x9: 30 codes or fewer left), as the published figures
do: near the end a sample seldom holds the codes that split what is left into singletons. In huge
spaces (mitm.py) the consistent codes are a uniform sample until few enough to list. Blocks of
candidates are graded by kernels.MultisetScorer wherever the size has one.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Generator

import numpy as np

from ..codes import Code, colour_counts, decode, encode, index_code
from ..config import GameConfig
from ..headtail import sorted_unique
from ..kernels import n_log2_n, part_counts, scorer_for, scorer_steps
from ..mitm import is_huge
from ..solver import History, NoCodeLeft, Progress
from ..space import (
    WORK_PER_YIELD,
    consistent_or_sample_steps,
    grades_between,
    has_table,
    is_small,
    legal_count,
    partition_over_space_steps,
    random_legal_indices,
    release_steps,
    score_table_steps,
    small_space,
    sorted_contains,
)
from .pool import (
    canonical_mask,
    canonicalise,
    first_occurrences,
    grid_first_guess_steps,
    shapes,
    symmetry_classes,
)
from .simple import consistent_or_fail

# Cells (candidate guess x consistent code) scored per guess before the pool and codes are sampled.
CELL_BUDGET = 4_000_000
# Small spaces (every code listed, scored through kernels.MultisetScorer at a few ns a cell) keep their
# whole symmetry-reduced pool up to this many cells: at 5x8 that is 179,843 guesses over all secrets
# instead of 179,925 with sampled pools, for about 10% more time.
CELL_BUDGET_SMALL = 40_000_000
# Most consistent codes a guess is scored against; more are sampled down to this.
EVAL_CAP = 3_000
# The pool keeps at least this many candidates when sampled, and at most POOL_CAP.
POOL_MIN = 200
POOL_CAP = 4_000
# Large spaces graded through kernels.MultisetScorer (6x9, for one) afford four times the cells and
# the pool in the same time: at 6x9 a mean of 6.244 instead of 6.272 over 500 sampled secrets.
CELL_BUDGET_FAST = 16_000_000
POOL_CAP_FAST = 16_000
# Part sizes up to this use a table of n log2 n (8 MB at most).
N_LOG_N_TABLE = 1 << 20
# Entropy scores within this relative distance of the best count as tied.
ENTROPY_TIE = 1e-9

Criterion = Callable[[np.ndarray], np.ndarray]


def largest_part(counts: np.ndarray) -> np.ndarray:
    return counts.max(axis=1)


def sum_of_squares(counts: np.ndarray) -> np.ndarray:
    return (counts * counts).sum(axis=1)


def negative_information(counts: np.ndarray) -> np.ndarray:
    # n log2 n by table look-up: the same float per part as computing it, four times cheaper.
    limit = 1 << max(1, int(counts.max())).bit_length()
    if limit > N_LOG_N_TABLE:  # whole-space splits (first guesses): compute it
        sizes = counts.astype(np.float64)
        return (sizes * np.log2(np.maximum(sizes, 1.0))) @ np.ones(counts.shape[1])
    return n_log2_n(limit)[counts] @ np.ones(counts.shape[1])  # a matrix-vector product sums rows fastest


def negative_parts(counts: np.ndarray) -> np.ndarray:
    return -np.count_nonzero(counts, axis=1)


def _ties(scores: np.ndarray, criterion: Criterion) -> np.ndarray:
    best = scores.min()
    if criterion is negative_information:
        return scores <= best + ENTROPY_TIE * max(1.0, abs(float(best)))
    return scores == best


def first_guess_steps(config: GameConfig, criterion: Criterion) -> Generator[Progress, None, Code]:
    """The best colour-multiset shape by `criterion` over the whole space (lowest on ties)."""
    if config.grid is not None:  # a grid's cells are not all interchangeable: see pool.grid_shapes
        choose = functools.partial(_first_best_rows, criterion=criterion)
        return (yield from grid_first_guess_steps(config, choose))
    candidates = shapes(config.pegs, config.colours, config.duplicates)
    possible = legal_count(config)
    yield Progress(0, len(candidates), "choosing a first guess", possible)
    if len(candidates) == 1:
        return candidates[0]
    rows = []
    for number, code in enumerate(candidates):
        rows.append((yield from partition_over_space_steps(config, code)))
        yield Progress(number + 1, len(candidates), "choosing a first guess", possible)
    scores = criterion(np.vstack(rows))
    return candidates[_first_best(scores, criterion)]


def _first_best(scores: np.ndarray, criterion: Criterion) -> int:
    return int(np.flatnonzero(_ties(scores, criterion))[0])


def _first_best_rows(rows: np.ndarray, criterion: Criterion) -> int:
    return _first_best(criterion(rows), criterion)


def _absent_colours(config: GameConfig, consistent: np.ndarray) -> list[int]:
    if not is_small(config):
        return []
    space = small_space(config.pegs, config.colours, config.duplicates)
    used = space.counts[_positions(space, consistent)].max(axis=0)
    return [int(c) for c in np.flatnonzero(used == 0)]


def _sample(np_rng: np.random.Generator, indices: np.ndarray, count: int) -> np.ndarray:
    if indices.shape[0] <= count:
        return indices
    return np.sort(np_rng.choice(indices, size=count, replace=False))


def _build_pool(
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
    elif fast and config.duplicates and legal_count(config) <= cap:
        # Every code, not reduced by symmetry: listing the orbits' representatives would cost more
        # than weighing them all, and the first best in pool order is the same code either way.
        every = _every_code(legal_count(config))
        is_consistent = sorted_contains(consistent, every)
        return np.concatenate([consistent, every[~is_consistent]]), int(consistent.shape[0])
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
            pool = pool[canonical_mask(space.first[_positions(space, pool)], classes)]
        elif classes:
            pool = pool[canonical_mask(first_occurrences(_codes(pool, config), config.colours), classes)]
        if pool.shape[0] > cap:
            pool = None
    if pool is None:
        own = _sample(np_rng, consistent, sample_cap if consistent_only else sample_cap // 2)
        if consistent_only:
            pool = own
        else:
            seed = int(np_rng.integers(0, 2**63))
            pool = np.concatenate([own, random_legal_indices(config, sample_cap - own.shape[0], seed)])
        if classes:
            pool = _indices(canonicalise(_codes(pool, config), classes, config.colours), config)
        pool = sorted_unique(pool)
    is_consistent = sorted_contains(consistent, pool)
    return np.concatenate([pool[is_consistent], pool[~is_consistent]]), int(np.count_nonzero(is_consistent))


@functools.lru_cache(maxsize=1)
def _every_code(count: int) -> np.ndarray:
    """0 .. count - 1 (read-only), the whole pool of a space with repeats."""
    codes = np.arange(count, dtype=np.int64)
    codes.setflags(write=False)
    return codes


@functools.lru_cache(maxsize=64)
def _canonical_codes(pegs: int, colours: int, duplicates: bool, classes: tuple) -> np.ndarray:
    """The lowest code of every orbit of a small space under `classes` (read-only): nodes deep in a
    tree share a few classes (the colours no consistent code uses), so each is listed once."""
    space = small_space(pegs, colours, duplicates)
    codes = space.indices[canonical_mask(space.first, [list(cls) for cls in classes])]
    codes.setflags(write=False)
    return codes


@functools.lru_cache(maxsize=4)
def _small_scoring_arrays(pegs: int, colours: int, duplicates: bool) -> tuple | None:
    scorer = scorer_for(pegs, colours)
    if scorer is None:
        return None
    space = small_space(pegs, colours, duplicates)
    columns = np.ascontiguousarray(space.codes.T)
    ids = scorer.ids_of_counts(space.counts)  # the listed space keeps its colour counts
    columns.setflags(write=False)
    ids.setflags(write=False)
    return scorer, columns, ids


def _small_scoring(config: GameConfig) -> tuple | None:
    """(scorer, codes as (pegs, n) columns, multiset ids) of a small space, or None."""
    if not is_small(config) or config.grid is not None:  # the multiset scorer grades the classic row
        return None
    return _small_scoring_arrays(config.pegs, config.colours, config.duplicates)


def _positions(space, indices: np.ndarray) -> np.ndarray:
    """Positions of legal code numbers in a small space's arrays (the numbers themselves when it
    lists every code)."""
    return indices if space.indices.shape[0] == space.colours**space.pegs else space.positions(indices)


def _codes(indices: np.ndarray, config: GameConfig) -> np.ndarray:
    if is_small(config):
        space = small_space(config.pegs, config.colours, config.duplicates)
        return space.codes[_positions(space, indices)]
    return decode(indices, config.pegs, config.colours)


def _indices(codes: np.ndarray, config: GameConfig) -> np.ndarray:
    return encode(codes, config.colours)


def think_partition(
    config: GameConfig,
    history: History,
    rng: random.Random,
    *,
    criterion: Criterion,
    consistent_only: bool = False,
) -> Generator[Progress, None, Code]:
    """Pick the guess whose split of the consistent codes is best by `criterion` (see module doc)."""
    if not history:
        return (yield from first_guess_steps(config, criterion))
    if is_huge(config):  # only counted and sampled until few enough to list (space.py, mitm.py)
        np_rng = np.random.default_rng(rng.getrandbits(64))
        consistent, possible = yield from consistent_or_sample_steps(config, history, EVAL_CAP, np_rng)
        if possible == 0:
            raise NoCodeLeft("no code fits every grade given: one of the grades must be wrong")
    else:
        consistent = yield from consistent_or_fail(config, history)
        possible = int(consistent.shape[0])
    yield Progress(0, 1, "weighing guesses", possible)
    if possible <= 2:
        return index_code(int(consistent[0]), config.pegs, config.colours)
    if not is_huge(config):
        np_rng = np.random.default_rng(rng.getrandbits(64))
    evaluation = consistent
    if consistent.shape[0] > EVAL_CAP:
        evaluation = _sample(np_rng, consistent, EVAL_CAP)
    exact = evaluation is consistent and possible == consistent.shape[0]
    if config.grid is None:  # the multiset table is built a block per step, never inside one frame
        yield from scorer_steps(config.pegs, config.colours)
    scoring = None if has_table(config) else _small_scoring(config)
    if scoring is not None:  # per-node tables: each candidate costs three row gathers (kernels.py)
        scorer, columns, ids = scoring
        space = small_space(config.pegs, config.colours, config.duplicates)
        evaluation_pos = _positions(space, evaluation)
        evaluation_columns = np.ascontiguousarray(columns[:, evaluation_pos])
        node = yield from scorer.node_steps(evaluation_columns, ids[evaluation_pos])
        if exact and evaluation.shape[0] <= node.size:
            # The first consistent code that splits them into singletons is the choice when there is
            # one: its orbit's lowest code would split alike and come first, so it is that code, and
            # so in the pool (consistent codes ascending first), whose building is then not needed.
            singles = node.part_counts(consistent, ids[evaluation_pos]).max(axis=1) == 1
            if singles.any():
                return index_code(int(consistent[np.argmax(singles)]), config.pegs, config.colours)
    pool, pool_consistent = _build_pool(
        config, history, consistent, evaluation.shape[0], consistent_only, np_rng
    )
    yield Progress(0, 1, "choosing guesses to weigh", possible)

    grades_count = config.variant.grade_count
    table = None
    if has_table(config):
        table = yield from score_table_steps(config.pegs, config.colours, config.duplicates, config.grid)
    large_scorer = None
    if table is not None:
        space = small_space(config.pegs, config.colours, config.duplicates)
        evaluation_pos = space.positions(evaluation)
        pool_pos = space.positions(pool)
        ops_per_cell = 6
    elif scoring is not None:
        pool_ids = ids[_positions(space, pool)]
        grades_count = node.size  # its own dense grade columns
        ops_per_cell = config.pegs + 4
    else:
        evaluation_codes = _codes(evaluation, config)
        evaluation_counts = colour_counts(evaluation_codes, config.colours)
        ops_per_cell = 2 * config.pegs + 2 * config.colours + 6
        large_scorer = scorer_for(config.pegs, config.colours) if config.grid is None else None
        if large_scorer is not None:  # listed or sampled codes of a large space: same table, decoded here
            evaluation_columns = np.ascontiguousarray(evaluation_codes.T)
            evaluation_ids = large_scorer.multiset_ids(evaluation_codes)
            ops_per_cell = 2 * config.pegs + 12
    m = evaluation.shape[0]
    # Each candidate also costs its row of part sizes (bincount, criterion): about 40 ops per grade.
    rows_per_step = max(1, WORK_PER_YIELD // (ops_per_cell * m + 40 * grades_count))
    # Only then can a guess split the codes into singletons; it is often a consistent one, so those
    # (first in the pool) are weighed in a block of their own before the rest.
    may_be_perfect = exact and m <= grades_count
    first_block = min(rows_per_step, pool_consistent) if may_be_perfect and pool_consistent else rows_per_step
    scores = []
    for start in itertools.chain((0,), range(first_block, pool.shape[0], rows_per_step)):
        stop = min(pool.shape[0], start + (first_block if start == 0 else rows_per_step))
        if table is not None:
            grades = table[pool_pos[start:stop, None], evaluation_pos[None, :]]
        elif scoring is not None:
            grades = None
            counts = node.part_counts(pool[start:stop], pool_ids[start:stop])
        elif large_scorer is not None:
            codes = _codes(pool[start:stop], config)
            ids_here = large_scorer.multiset_ids(codes)
            grades = large_scorer.grades(codes, ids_here, evaluation_columns, evaluation_ids)
        else:
            codes = _codes(pool[start:stop], config)
            grades = grades_between(
                codes, colour_counts(codes, config.colours), evaluation_codes, evaluation_counts, config.grid
            )
        if grades is not None:
            counts = part_counts(grades, grades_count)
        scores.append(criterion(counts))
        # Every criterion here scores a split into singletons strictly best, so if the block holds one,
        # its first best row is the first such.
        if may_be_perfect and counts[best := int(np.argmin(scores[-1]))].max() <= 1:
            return index_code(int(pool[start + best]), config.pegs, config.colours)
        yield Progress(stop, pool.shape[0], "weighing guesses", possible)
    all_scores = np.concatenate(scores)
    choice = int(np.flatnonzero(_ties(all_scores, criterion))[0])
    del evaluation
    yield from release_steps(consistent)
    return index_code(int(pool[choice]), config.pegs, config.colours)


def make(criterion: Criterion, consistent_only: bool = False):
    """A think() for `criterion` (functools.partial keeps the registry a plain literal)."""
    return functools.partial(think_partition, criterion=criterion, consistent_only=consistent_only)


# The registry's "entropy" entry and the `optimal` strategy's fallback (optimal.py): one object, so
# what `optimal` plays off its tables is by construction what `entropy` plays.
think_entropy = make(negative_information)
