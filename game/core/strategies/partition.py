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

Scale: a listed space (SMALL_SPACE_CODES or fewer) weighs every consistent code; above that they are
sampled down to EVAL_CAP to score against. When pool x consistent codes exceeds
CELL_BUDGET(_SMALL) the pool is sampled (consistent codes plus random codes, mapped to orbit
representatives), with the given rng: same seed, same guesses. A space graded by the multiset kernel
with repeats (5x8, 6x9) chooses among every code instead, as the published figures do, wherever it
weighs every consistent code and at least EVERY_CODE_MIN_LEFT are left: every_code.py skips the
colour multisets whose bound cannot tie the best split found and the codes that are not their
orbit's lowest, so this costs less than weighing a pool did. In huge spaces (mitm.py) the
consistent codes are a uniform sample until few enough to list. Candidates are weighed through a
node's tables (kernels.NodeScorer) wherever the size has a multiset scorer.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np

from .. import wordspace
from ..codes import Code, colour_counts, index_code
from ..config import GameConfig
from ..headtail import WORK_PER_YIELD
from ..kernels import MultisetScorer, multiset_groups_steps, n_log2_n, part_counts, scorer_for
from ..mitm import is_huge
from ..rowspace import consistent_or_sample_steps
from ..solver import History, NoCodeLeft, Progress, first_perfect_split, lowest_of_last_two
from ..space import (
    has_table,
    is_small,
    legal_count,
    release_steps,
    score_table_steps,
    small_space,
)
from ..variants.row import RowVariant
from . import every_code
from .pool import (
    CELL_BUDGET_FAST,
    CELL_BUDGET_SMALL,
    POOL_MIN,
    build_pool,
    canonical_filter,
    decode_pool,
    first_table_steps,
    sample_sorted,
    space_positions,
)
from .simple import consistent_or_fail

# Most consistent codes a guess is scored against in a space too large to list; more are sampled
# down to this. A listed space weighs every code left: the choice is then the brute force's. At 5x8,
# sampled, entropy played 179,843 guesses over all secrets and knuth 183,936; weighing every code,
# 179,863 and 183,966 below the same first guess, 179,704 and 183,775 below OPENINGS' 00112.
EVAL_CAP = 3_000
# First guesses of the classic row chosen by playing every secret out below each candidate, where
# that beats the guess whose own split of the whole space is best. At 5x8 the best split is 00123
# for entropy, knuth and irving (00112 for most-parts already); over every secret entropy then
# plays 179,863 guesses (max 8) and knuth 183,966, below 00112 179,704 (max 7) and 183,775 (max 7);
# irving 180,200 (max 7), most-parts 181,834.
OPENINGS: dict[tuple[int, int, bool], Code] = {(5, 8, True): (0, 0, 1, 1, 2)}
# A large space with a multiset scorer weighs every code (every_code.py: only the colour multisets
# whose bound can still tie the best) wherever it weighs every code left (EVAL_CAP), down to this
# many left. With fewer, a guess that splits them into singletons (found in a sample as well) saves
# nothing over a consistent one that leaves one pair, and the bounds skip little: over the 14,765
# secrets of one 6x9 subtree, weighing every code from 3 left played 2 guesses fewer than from 6,
# for 40% more time.
EVERY_CODE_MIN_LEFT = 6
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


def _tie_limit(best: float, criterion: Criterion) -> float:
    """The highest score tied with `best`: entropy's floats within ENTROPY_TIE, the others exactly."""
    if criterion is negative_information:
        return best + ENTROPY_TIE * max(1.0, abs(float(best)))
    return best


def _ties(scores: np.ndarray, criterion: Criterion) -> np.ndarray:
    return scores <= _tie_limit(scores.min(), criterion)


def _large_scorer(config: GameConfig) -> MultisetScorer | None:
    """The multiset scorer of a space too large to list, where its variant and size have one."""
    if is_small(config):
        return None
    return config.variant.multiset_scorer(config.colours)


def _weighs_every_code(config: GameConfig, possible: int) -> bool:
    """Whether a large space weighs every code (near the end, see the module docstring)."""
    return config.duplicates and EVERY_CODE_MIN_LEFT <= possible


def first_guess_steps(
    config: GameConfig, criterion: Criterion, opening: bool = True
) -> Generator[Progress, None, Code]:
    """The best first guess by `criterion` over the whole space (lowest on ties), among the codes the
    variant's symmetries leave (a row's colour-multiset shapes, rowspace.shapes; a grid's orbits);
    with `opening`, the classic row's OPENINGS where one is listed for its size (measured for the
    strategies that guess any code, not for the "-consistent" ones)."""
    if opening and type(config.variant) is RowVariant:
        opening = OPENINGS.get((config.pegs, config.colours, config.duplicates))
        if opening is not None:
            yield Progress(1, 1, "first guess")
            return opening
    choose = functools.partial(_first_best_rows, criterion=criterion)
    return (yield from config.variant.first_guess_steps(config, choose))


def _first_best(scores: np.ndarray, criterion: Criterion) -> int:
    return int(np.flatnonzero(_ties(scores, criterion))[0])


def _first_best_rows(rows: np.ndarray, criterion: Criterion) -> int:
    return _first_best(criterion(rows), criterion)


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
    if not is_small(config) or not config.variant.multiset:  # the multiset scorer grades multisets only
        return None
    return _small_scoring_arrays(config.pegs, config.colours, config.duplicates)


class _NodeGenerator:
    """A numpy Generator seeded from the node's rng when first drawn from: most nodes of a listed
    space never sample, and making one costs more than weighing a small node."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._generator: np.random.Generator | None = None

    def __getattr__(self, name: str):
        if self._generator is None:
            self._generator = np.random.default_rng(self._rng.getrandbits(64))
        return getattr(self._generator, name)


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
        return (yield from first_guess_steps(config, criterion, not consistent_only))
    if is_huge(config):  # only counted and sampled until few enough to list (space.py, mitm.py)
        np_rng = np.random.default_rng(rng.getrandbits(64))
        consistent, possible = yield from consistent_or_sample_steps(config, history, EVAL_CAP, np_rng)
        if possible == 0:
            raise NoCodeLeft(config.variant.nouns.contradiction())
    else:
        consistent = yield from consistent_or_fail(config, history)
        possible = int(consistent.shape[0])
    yield Progress(0, 1, "weighing guesses", possible)
    if possible <= 2:
        return index_code(int(consistent[0]), config.pegs, config.colours)
    if config.variant.listed:  # a list of words: every allowed word weighed, no symmetry to use
        return (yield from _think_listed(config, consistent, criterion, consistent_only))
    if not is_huge(config):
        np_rng = _NodeGenerator(rng)
    evaluation = consistent
    if consistent.shape[0] > EVAL_CAP and not is_small(config):
        evaluation = sample_sorted(np_rng, consistent, EVAL_CAP)
    exact = evaluation is consistent and possible == consistent.shape[0]
    # the multiset table (where the variant has one) is built a block per step, never inside one frame
    yield from config.variant.multiset_scorer_steps(config.colours)
    scoring = None if has_table(config) else _small_scoring(config)
    large = _large_scorer(config)
    node = None
    if scoring is not None:  # per-node tables: each candidate costs three row gathers (kernels.py)
        scorer, columns, ids = scoring
        space = small_space(config.pegs, config.colours, config.duplicates)
        evaluation_pos = space_positions(space, evaluation)
        evaluation_columns = np.ascontiguousarray(columns[:, evaluation_pos])
        evaluation_ids = ids[evaluation_pos]
        node = yield from scorer.node_steps(evaluation_columns, evaluation_ids)
    elif large is not None:  # the same tables, from code numbers: no pool code is decoded
        evaluation_ids = large.ids_of_indices(evaluation)
        evaluation_columns = np.ascontiguousarray(decode_pool(evaluation, config).T)
        node = yield from large.node_steps(evaluation_columns, evaluation_ids)
    if node is not None and exact and evaluation.shape[0] <= node.size:
        # The first consistent code that splits them into singletons is the choice when there is
        # one: its orbit's lowest code would split alike and come first, so it is that code, and
        # so in the pool (consistent codes ascending first), whose building is then not needed.
        singles = node.part_counts(consistent, evaluation_ids).max(axis=1) == 1
        if singles.any():
            return index_code(int(consistent[np.argmax(singles)]), config.pegs, config.colours)
    # A listed space with repeats is weighed the same way: every code, skipping the multisets whose
    # bound cannot tie and, in both, every code that is not its orbit's lowest.
    listed = scoring[0] if scoring is not None and config.duplicates else None
    every = large if large is not None else listed
    if every is not None and exact and not consistent_only and _weighs_every_code(config, possible):
        # every code, a multiset at a time
        groups = yield from multiset_groups_steps(every)
        first = None if is_small(config) else (yield from first_table_steps(config.pegs, config.colours))
        choice = yield from every_code.best_code_steps(
            every,
            groups,
            node,
            consistent,
            criterion,
            functools.partial(_tie_limit, criterion=criterion),
            possible,
            canonical_filter(config, history, consistent, first),
            criterion is negative_parts,
        )
        return index_code(choice, config.pegs, config.colours)
    pool, pool_consistent = build_pool(
        config, history, consistent, evaluation.shape[0], consistent_only, np_rng
    )
    yield Progress(0, 1, "choosing guesses to weigh", possible)

    grades_count = config.variant.grade_count
    table = None
    if has_table(config):
        table = yield from score_table_steps(config)
    if table is not None:
        space = small_space(config.pegs, config.colours, config.duplicates)
        evaluation_pos = space.positions(evaluation)
        pool_pos = space.positions(pool)
        ops_per_cell = 6
    elif node is not None:
        pool_ids = ids[space_positions(space, pool)] if scoring is not None else large.ids_of_indices(pool)
        grades_count = node.size  # its own dense grade columns
        ops_per_cell = config.pegs + 4
    else:
        evaluation_codes = decode_pool(evaluation, config)
        evaluation_counts = colour_counts(evaluation_codes, config.colours)
        ops_per_cell = 2 * config.pegs + 2 * config.colours + 6
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
        elif node is not None:
            grades = None
            counts = node.part_counts(pool[start:stop], pool_ids[start:stop])
        else:
            codes = decode_pool(pool[start:stop], config)
            grades = config.variant.grades_between(
                codes, colour_counts(codes, config.colours), evaluation_codes, evaluation_counts
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


def _think_listed(
    config: GameConfig, consistent: np.ndarray, criterion: Criterion, consistent_only: bool
) -> Generator[Progress, None, Code]:
    """The best guess of a listed variant's pool (wordspace.pool: consistent words first) by
    `criterion` over every consistent code, a block of guesses per step; a split into singletons
    by the first such guess ends the weighing early, as above."""
    possible = int(consistent.shape[0])
    pool, _ = wordspace.pool(consistent, consistent_only)  # consistent first: the tie rule's order
    evaluation_codes, evaluation_counts = wordspace.letters_of(consistent)
    grades_count = config.variant.grade_count
    cost = config.variant.grade_cost(config.colours)
    rows_per_step = max(1, WORK_PER_YIELD // (cost * possible + 40 * grades_count))
    may_be_perfect = possible <= grades_count
    scores = []
    for start in range(0, pool.shape[0], rows_per_step):
        stop = min(pool.shape[0], start + rows_per_step)
        codes, counts = wordspace.letters_of(pool[start:stop])
        grades = config.variant.grades_between(codes, counts, evaluation_codes, evaluation_counts)
        parts = part_counts(grades, grades_count)
        scores.append(criterion(parts))
        if may_be_perfect and parts[best := int(np.argmin(scores[-1]))].max() <= 1:
            return index_code(int(pool[start + best]), config.pegs, config.colours)
        yield Progress(stop, pool.shape[0], "weighing guesses", possible)
    choice = int(np.flatnonzero(_ties(np.concatenate(scores), criterion))[0])
    return index_code(int(pool[choice]), config.pegs, config.colours)


# The criteria by name, for a decider that is not handed numpy functions (ExactRule).
CRITERION_NAMES: dict[Criterion, str] = {
    negative_parts: "parts",
    largest_part: "largest",
    sum_of_squares: "squares",
    negative_information: "entropy",
}


@dataclass(frozen=True)
class ExactRule:
    """Nodes (codes left, from `fewest` to `most`, below a first guess) where think_partition plays
    the tie rule's choice over every code (over every code left with `consistent_only`), with nothing
    sampled: the best score by `criterion` ("parts", "largest", "squares" or "entropy", scores within
    `tie` of the best, relative, counted as tied), a code that could be the secret first, then the
    lowest. Anything that finds that choice (a compiled decider: tools/compiled_nodes.py) may play
    there instead of asking think() and plays the same games."""

    criterion: str
    tie: float
    consistent_only: bool
    fewest: int
    most: int


def exact_rule(config: GameConfig, think: object) -> ExactRule | None:
    """Where `think` (a partition strategy of make()) weighs every code of the classic row's grades
    with repeats exactly (think_partition's paths: every code left weighed; every code, or the whole
    symmetry-reduced pool, as candidates), or None where it never does or is not one."""
    if getattr(think, "func", None) is not think_partition:
        return None
    criterion = think.keywords["criterion"]
    consistent_only = think.keywords.get("consistent_only", False)
    variant = config.variant
    row = type(variant).grades_between is RowVariant.grades_between and type(variant).pack is RowVariant.pack
    if not row or variant.listed or not variant.multiset or not config.duplicates or is_huge(config):
        return None
    if criterion not in CRITERION_NAMES or variant.multiset_scorer(config.colours) is None:
        return None
    count = legal_count(config)
    if is_small(config):  # every code left is weighed; the pool is whole while it fits the budget
        budget = CELL_BUDGET_SMALL
        fewest, most = 3, count
        if consistent_only:  # the pool is the codes left
            most = max(POOL_MIN, math.isqrt(budget))
        elif has_table(config):  # the pool at every node
            most = count if count <= POOL_MIN else min(count, budget // count)
        elif budget // count < EVERY_CODE_MIN_LEFT - 1:  # the pool from 3 to 5 codes left would be sampled
            return None
    else:  # the codes left are sampled above EVAL_CAP; every code weighed from EVERY_CODE_MIN_LEFT
        fewest, most = EVERY_CODE_MIN_LEFT, EVAL_CAP
        if consistent_only:  # the pool is the codes left, whole while it fits the budget
            fewest, most = 3, min(EVAL_CAP, max(POOL_MIN, math.isqrt(CELL_BUDGET_FAST)))
    tie = ENTROPY_TIE if criterion is negative_information else 0.0
    return ExactRule(CRITERION_NAMES[criterion], tie, consistent_only, fewest, most)


def make(criterion: Criterion, consistent_only: bool = False):
    """A think() for `criterion` (functools.partial keeps the registry a plain literal); with one or
    two codes left it plays the lower, and it plays the first code left that splits the codes left
    into singletons when one does, so a whole-tree walk need not ask it there."""
    think = functools.partial(think_partition, criterion=criterion, consistent_only=consistent_only)
    return first_perfect_split(lowest_of_last_two(think))


# The registry's "entropy" entry and the `optimal` strategy's fallback (optimal.py): one object, so
# what `optimal` plays off its tables is by construction what `entropy` plays.
think_entropy = make(negative_information)
