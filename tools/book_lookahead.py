"""Two-step lookahead for opening books of large spaces (tools/book.py --lookahead).

Playing games out below each candidate (what tools/book.py does for small spaces) costs too much at
6x9 (531,441 secrets) and, on samples, is noisier than the differences it should measure. Here every
candidate second guess g2 for a first-guess grade r is scored without sampling its secrets:

    cost(g2) = |S_r| + sum over the cells C of g2's split of S_r (the all-black cell excepted) of
               min over third guesses g3 of ( |C| + sum over the cells D of g3's split of C
                                              (all-black excepted) of |D| * ESTIMATE(|D|) )

that is, the expected number of guesses from the second on, with the best third guess found for
every cell and the rest estimated from the cell sizes. ESTIMATE(n) is the number of guesses entropy
needs, on average, once n codes are left (1 for one, 1.5 for two, fitted on sampled 6x9 entropy games
above). Cells of one or two codes cost exactly what the game's shortcut plays (1, and 1 + 2).

Second-guess candidates are the best few of every code by entropy (exact, over the whole S_r) and by
the one-step form of the cost, from a pool reduced by the first guess's symmetries (position swaps
that keep it, with the matching colour swaps, and colours not played yet); entropy's own choice is
always among them and is kept unless another candidate costs less. Third guesses come from the
cell's own codes and a seeded sample of all codes. The chosen third guesses are shipped too (they
are exact over their cells, where the game's entropy samples). Pure functions of their arguments:
the same command writes the same book.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np

from game.core.codes import Code, decode, encode, grade_count, unpack
from game.core.config import GameConfig
from game.core.kernels import MultisetScorer, n_log2_n, part_counts, scorer_for
from game.core.strategies.pool import canonicalise, symmetry_classes

# ESTIMATE(n) = FIT_BASE + FIT_SLOPE * log2(n) for n >= 3: least squares of the guesses still needed
# against log2 of the codes left, over the 1,571 positions with 3 to 3,000 codes left in 600 entropy
# games at 6x9 (secrets drawn with random.Random(11), mean 6.29 guesses).
FIT_BASE = 1.294
FIT_SLOPE = 0.2464
# Cells scored per block (bounds memory: a block is this many bytes of grades and 8x in counts).
BLOCK_CELLS = 4_000_000
# Codes of a cell a third guess is scored against when choosing it (its cost is then exact).
THIRD_EVAL_CAP = 6_000


def estimate(n: np.ndarray) -> np.ndarray:
    """Guesses still needed with n codes left (float array; 0 where n is 0)."""
    n = np.asarray(n, dtype=np.float64)
    fitted = FIT_BASE + FIT_SLOPE * np.log2(np.maximum(n, 1.0))
    return np.where(n >= 3, fitted, np.where(n == 2, 1.5, np.where(n == 1, 1.0, 0.0)))


def split_cost(counts: np.ndarray, win: int) -> np.ndarray:
    """(k, grades) part sizes -> (k,) estimated guesses after the guess (all-black cell excluded)."""
    parts = counts.astype(np.float64)
    parts[:, win] = 0.0
    return (parts * estimate(parts)).sum(axis=1)


@dataclass(frozen=True)
class Space:
    """Every code of a size, decoded once, with what the multiset scorer needs."""

    config: GameConfig
    scorer: MultisetScorer
    codes: np.ndarray  # (n, pegs) uint8
    ids: np.ndarray  # (n,) multiset ids


@functools.lru_cache(maxsize=2)
def whole_space(config: GameConfig) -> Space:
    scorer = scorer_for(config.pegs, config.colours)
    if scorer is None:
        raise ValueError(f"--lookahead needs the multiset scorer, which {config.pegs}x{config.colours} lacks")
    codes = decode(np.arange(config.colours**config.pegs, dtype=np.int64), config.pegs, config.colours)
    return Space(config, scorer, codes, scorer.multiset_ids(codes))


def grades_of(space: Space, guesses: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """(k, m) packed grades of code indices `guesses` against code indices `targets`."""
    columns = np.ascontiguousarray(space.codes[targets].T)
    return space.scorer.grades(space.codes[guesses], space.ids[guesses], columns, space.ids[targets])


def split_counts(space: Space, pool: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """(len(pool), grades) part sizes of every pool code's split of `targets`."""
    size = grade_count(space.config.pegs)
    rows = max(1, BLOCK_CELLS // max(1, targets.shape[0]))
    columns = np.ascontiguousarray(space.codes[targets].T)
    ids = space.ids[targets]
    out = []
    for start in range(0, pool.shape[0], rows):
        block = pool[start : start + rows]
        grades = space.scorer.grades(space.codes[block], space.ids[block], columns, ids)
        out.append(part_counts(grades, size))
    return np.vstack(out) if out else np.zeros((0, size), dtype=np.int64)


def entropy_score(counts: np.ndarray) -> np.ndarray:
    """sum n log2 n per row (lower is more information), as the entropy strategy scores it."""
    limit = 1 << max(1, int(counts.max())).bit_length()
    return n_log2_n(limit)[counts].sum(axis=1)


def first_guess_symmetries(first: Code, colours: int) -> list[tuple[tuple[int, ...], np.ndarray]]:
    """(position permutation, colour map) pairs that map `first` onto itself, identity included."""
    pegs = len(first)
    found = []
    for perm in itertools.permutations(range(pegs)):
        # code'[i] = mapping[code[perm[i]]]; `first` is kept when first[perm[i]] maps to first[i].
        pairs = {(first[perm[i]], first[i]) for i in range(pegs)}
        sources = {a for a, _ in pairs}
        if len(pairs) != len(sources) or len({b for _, b in pairs}) != len(pairs):
            continue
        mapping = np.arange(colours, dtype=np.uint8)
        for source, target in pairs:
            mapping[source] = target
        if len(set(mapping.tolist())) == colours:
            found.append((perm, mapping))
    return found


def second_guess_pool(space: Space, first: Code, grade, absent: list[int]) -> np.ndarray:
    """One code per orbit of the first guess's symmetries (and of interchangeable colours), sorted."""
    classes = symmetry_classes(space.config, ((first, grade),), absent)
    return _orbit_representatives(space.config, first, tuple(tuple(c) for c in classes))


@functools.lru_cache(maxsize=4)
def _orbit_representatives(config: GameConfig, first: Code, classes: tuple) -> np.ndarray:
    space = whole_space(config)
    best = None
    for perm, mapping in first_guess_symmetries(first, config.colours):
        moved = mapping[space.codes[:, list(perm)]]
        if classes:
            moved = canonicalise(moved, [list(c) for c in classes], config.colours)
        keys = encode(moved, config.colours)
        best = keys if best is None else np.minimum(best, keys)
    representatives = np.unique(best)
    representatives.setflags(write=False)
    return representatives


def third_guess_pool(space: Space, history, cell: np.ndarray, sample: np.ndarray, own: int) -> np.ndarray:
    """The cell's own codes (sampled to `own`) and `sample`, folded by colour symmetry, consistent first."""
    config = space.config
    used = np.zeros(config.colours, dtype=bool)
    for position in range(config.pegs):
        used[np.unique(space.codes[cell, position])] = True
    classes = symmetry_classes(config, history, [int(c) for c in np.flatnonzero(~used)])
    mine = cell if cell.shape[0] <= own else cell[:: -(-cell.shape[0] // own)]
    pool = np.concatenate([mine, sample])
    if classes:
        pool = encode(canonicalise(space.codes[pool], classes, config.colours), config.colours)
    pool = np.unique(pool)
    consistent = np.isin(pool, cell, assume_unique=True)
    return np.concatenate([pool[consistent], pool[~consistent]])


def best_third(space: Space, history, cell: np.ndarray, sample: np.ndarray, own: int) -> tuple[float, int]:
    """(estimated guesses from the third on, third guess) for one cell; ties: consistent, then lowest."""
    n = cell.shape[0]
    if n == 1:
        return 1.0, int(cell[0])
    if n == 2:
        return 3.0, int(cell[0])
    win = space.config.pegs * (space.config.pegs + 1)
    pool = third_guess_pool(space, history, cell, sample, own)
    scored = cell
    if n > THIRD_EVAL_CAP:  # choose on an even subsample, then cost the choice exactly
        scored = cell[:: -(-n // THIRD_EVAL_CAP)]
    costs = split_cost(split_counts(space, pool, scored), win)
    choice = int(np.flatnonzero(costs <= costs.min() + 1e-9 * max(1.0, costs.min()))[0])
    guess = int(pool[choice])
    if scored is not cell:
        costs = split_cost(split_counts(space, np.array([guess]), cell), win)
        choice = 0
    return n + float(costs[choice]), guess


@dataclass(frozen=True)
class Nomination:
    """Find the second-guess candidates for one first-guess grade (a process-pool task)."""

    config: GameConfig
    first: Code
    grade: tuple[int, int]
    count: int


def _cell(space: Space, first: Code, grade) -> np.ndarray:
    index = encode(np.array([first], dtype=np.uint8), space.config.colours)
    grades = grades_of(space, index, np.arange(space.codes.shape[0]))[0]
    packed = grade[0] * (space.config.pegs + 1) + grade[1]
    return np.flatnonzero(grades == packed)


def _absent(space: Space, cell: np.ndarray) -> list[int]:
    used = np.zeros(space.config.colours, dtype=bool)
    for position in range(space.config.pegs):
        used[np.unique(space.codes[cell, position])] = True
    return [int(c) for c in np.flatnonzero(~used)]


def nominate(task: Nomination) -> list[int]:
    """Entropy's choice first, then the best `count` by entropy and by the one-step cost (code indices)."""
    space = whole_space(task.config)
    cell = _cell(space, task.first, task.grade)
    if cell.shape[0] <= 2:
        return [int(cell[0])]
    pool = second_guess_pool(space, task.first, task.grade, _absent(space, cell))
    consistent = np.isin(pool, cell, assume_unique=True)
    pool = np.concatenate([pool[consistent], pool[~consistent]])  # the tie rule's order
    counts = split_counts(space, pool, cell)
    win = task.config.pegs * (task.config.pegs + 1)
    chosen: dict[int, None] = {}
    for scores in (entropy_score(counts), split_cost(counts, win)):
        rounded = np.round(scores, 9)
        order = np.argsort(rounded, kind="stable")  # stable: ties keep the tie rule's order
        for index in pool[order[: task.count]].tolist():
            chosen[int(index)] = None
    return list(chosen)


@dataclass(frozen=True)
class Candidate:
    """Score one second guess for one first-guess grade (a process-pool task)."""

    config: GameConfig
    first: Code
    grade: tuple[int, int]
    second: int
    pool: int
    seed: int


def score_candidate(task: Candidate) -> tuple[float, dict[tuple[int, int], int]]:
    """(estimated guesses from the second on over S_r, third guess per second-guess grade)."""
    space = whole_space(task.config)
    config = task.config
    cell = _cell(space, task.first, task.grade)
    win = config.pegs * (config.pegs + 1)
    if cell.shape[0] <= 2:
        return float(2 * cell.shape[0] - 1), {}
    second = space.codes[task.second]
    grades = grades_of(space, np.array([task.second]), cell)[0]
    rng = np.random.default_rng([task.seed, task.grade[0], task.grade[1], task.second])
    everything = space.codes.shape[0]
    sample = np.sort(rng.choice(everything, size=min(task.pool, everything), replace=False))
    total = float(cell.shape[0])
    thirds: dict[tuple[int, int], int] = {}
    for packed in np.unique(grades).tolist():
        if packed == win:
            continue
        part = cell[grades == packed]
        grade2 = unpack(int(packed), config.pegs)
        history = ((task.first, task.grade), (tuple(int(p) for p in second), grade2))
        cost, third = best_third(space, history, part, sample, task.pool // 2)
        total += cost
        thirds[grade2] = third
    return total, thirds


def build(
    config: GameConfig, first: Code, count: int, pool: int, third_pool: int, seed: int, mapper
) -> tuple[dict, float, int, int]:
    """(moves, estimated total guesses over every secret, second guesses differing from entropy's,
    candidates scored, guesses the choices save over entropy's by the estimate): the book's positions
    for the first guess, each grade's second guess and the third guesses below it."""
    space = whole_space(config)
    index = encode(np.array([first], dtype=np.uint8), config.colours)
    packed = grades_of(space, index, np.arange(space.codes.shape[0]))[0]
    win = config.pegs * (config.pegs + 1)
    grades = [unpack(int(g), config.pegs) for g in np.unique(packed).tolist() if g != win]
    nominated = list(mapper(nominate, [Nomination(config, first, g, count) for g in grades]))
    pairs = [(g, c) for g, cs in zip(grades, nominated, strict=True) for c in cs]
    tasks = [Candidate(config, first, g, c, pool, seed) for g, c in pairs]
    scores = iter(list(mapper(score_candidate, tasks)))
    chosen = []
    gain = 0.0
    for candidates in nominated:
        costs = [next(scores)[0] for _ in candidates]
        # Entropy's choice (listed first) stays unless another candidate is estimated strictly better.
        best = min(range(len(candidates)), key=lambda i: (round(costs[i], 6), i))
        chosen.append(candidates[best])
        gain += costs[0] - costs[best]
    finals = [Candidate(config, first, g, c, third_pool, seed) for g, c in zip(grades, chosen, strict=True)]
    moves: dict = {(): first}
    total = float(space.codes.shape[0])  # every game's first guess
    differ = 0
    for grade, candidates, second, (cost, thirds) in zip(
        grades, nominated, chosen, mapper(score_candidate, finals), strict=True
    ):
        moves[(grade,)] = tuple(int(p) for p in space.codes[second])
        differ += second != candidates[0]
        total += cost
        for grade2 in sorted(thirds):
            moves[(grade, grade2)] = tuple(int(p) for p in space.codes[thirds[grade2]])
    return moves, total, differ, len(tasks), gain
