"""How tools/book.py weighs a book's moves: candidates nominated, each scored by playing it out.

A candidate guess (a second or third guess below some grades) is nominated from a pool of codes,
one per colour-symmetry orbit, by each of NOMINATORS (its best few by that criterion), then scored
by playing the opening with the strongest heuristic below it over the secrets of its cell (a Task,
one per worker job): the total guesses and the worst game, a game not solved within MAX_TURNS
costing twice that. choose() keeps the best (a worst case within the cap, fewest guesses, a code
that could be the secret, then the lowest). play_book() plays a finished book the same way, for
the totals its header gives.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np

from game.core.codes import (
    Code,
    Feedback,
    code_to_text,
    colour_counts,
    decode,
    encode,
    grade_count,
    score_many,
    unpack,
)
from game.core.config import GameConfig
from game.core.kernels import part_counts, scorer_for
from game.core.optimal import StrategyTable
from game.core.solver import Progress
from game.core.space import grades_between, is_small, legal_count, random_legal_indices, small_space
from game.core.strategies import STRONGEST, get
from game.core.strategies.optimal import make_think
from game.core.strategies.partition import (
    negative_information,
    negative_parts,
    sum_of_squares,
)
from game.core.strategies.pool import canonical_mask, canonicalise, symmetry_classes
from game.core.strategies.walk import walk
from tools import book_prune

# Games are played out to this many guesses while scoring (a failure costs them all).
MAX_TURNS = 30
# Criteria that nominate second-guess candidates, each its best --candidates codes.
NOMINATORS = (negative_information, negative_parts, sum_of_squares)
# Codes scored against a grade's secrets per block when nominating (bounds memory).
NOMINATE_BLOCK = 2_048


@dataclass(frozen=True)
class Task:
    """Score one opening: play `opening` (first guess, then second guess) and STRONGEST below it."""

    config: GameConfig
    opening: tuple[Code, ...]
    secrets: np.ndarray
    seed: int
    # The guesses and grades every secret has had already (a prefix of `opening`), and whether the
    # secrets are every code consistent with them: the walk then skips re-filtering (same games).
    root: tuple = ()
    complete: bool = False


def _given(guess: Code) -> Generator[Progress, None, Code]:
    yield Progress(1, 1, "book")
    return guess


def play_opening(task: Task) -> tuple[int, int]:
    """(total guesses, worst game) of the opening and the heuristic below it over task.secrets."""
    below = get(STRONGEST).think

    def think(config: GameConfig, history, rng) -> Generator[Progress, None, Code]:
        if len(history) < len(task.opening):
            return _given(task.opening[len(history)])
        return below(config, history, rng)

    return _score(
        walk(task.config, think, task.secrets, task.seed, MAX_TURNS, root=task.root, complete=task.complete)
    )


def _score(games) -> tuple[int, int]:
    """(total guesses, worst game); a game not solved within MAX_TURNS costs twice that."""
    lengths = [len(game.guesses) if game.solved else 2 * MAX_TURNS for game in games]
    return sum(lengths), max(lengths)


def candidate_pool(
    config: GameConfig, first: Code, grade: Feedback, secrets: np.ndarray, pool_size: int = 60_000, later=()
) -> np.ndarray:
    """Every legal code (small spaces) or a large seeded sample, one per colour-symmetry orbit.

    `later` holds the (guess, grade) pairs played after the first, for pools deeper in the book."""
    history = ((first, grade), *later)
    used = colour_counts(decode(secrets, config.pegs, config.colours), config.colours).max(axis=0)
    absent = [int(c) for c in np.flatnonzero(used == 0)]
    classes = symmetry_classes(config, history, absent)
    if is_small(config):
        space = small_space(config.pegs, config.colours, config.duplicates)
        if classes:
            return space.indices[canonical_mask(space.first, classes)]
        return space.indices
    # A sample is mapped to its orbits' representatives (filtering it instead would keep mostly
    # codes that use few of the interchangeable colours), plus the grade's own secrets.
    seed = int.from_bytes(code_to_text(first).encode() + bytes(grade), "big")
    drawn = np.concatenate(
        [random_legal_indices(config, pool_size, seed), sample(secrets, pool_size // 4, seed)]
    )
    codes = decode(drawn, config.pegs, config.colours)
    if classes:
        codes = canonicalise(codes, classes, config.colours)
    return np.unique(encode(codes, config.colours))


def nominate(
    config: GameConfig, pool: np.ndarray, secrets: np.ndarray, count: int, criteria: tuple = NOMINATORS
) -> list[Code]:
    """The best `count` codes of `pool` by each criterion, consistent codes first on ties."""
    codes = decode(secrets, config.pegs, config.colours)
    counts = colour_counts(codes, config.colours)
    scorer = scorer_for(config.pegs, config.colours)
    if scorer is not None:
        columns, ids = np.ascontiguousarray(codes.T), scorer.multiset_ids(codes)
    scores = []
    for start in range(0, pool.shape[0], NOMINATE_BLOCK):
        block = decode(pool[start : start + NOMINATE_BLOCK], config.pegs, config.colours)
        if scorer is not None:
            grades = scorer.grades(block, scorer.multiset_ids(block), columns, ids)
        else:
            grades = grades_between(block, colour_counts(block, config.colours), codes, counts)
        parts = part_counts(grades, grade_count(config.pegs))
        scores.append(np.column_stack([criterion(parts) for criterion in criteria]))
    table = np.vstack(scores)
    consistent = np.isin(pool, secrets)
    chosen: dict[int, None] = {}
    for column in range(table.shape[1]):
        order = np.lexsort((pool, ~consistent, np.round(table[:, column], 9)))
        for index in pool[order[:count]].tolist():
            chosen[index] = None
    picked = decode(np.array(list(chosen), dtype=np.int64), config.pegs, config.colours)
    return [tuple(int(p) for p in row) for row in picked]


def sample(secrets: np.ndarray, limit: int | None, seed: int) -> np.ndarray:
    if limit is None or secrets.shape[0] <= limit:
        return secrets
    return np.sort(np.random.default_rng(seed).choice(secrets, size=limit, replace=False))


def all_secrets(config: GameConfig, limit: int | None, seed: int) -> np.ndarray:
    if is_small(config):
        return small_space(config.pegs, config.colours, config.duplicates).indices.astype(np.int64)
    generator = random.Random(seed)
    ranks = np.array(sorted(generator.sample(range(legal_count(config)), limit or 10_000)), dtype=np.int64)
    # without repeats a rank is not a code number: the rank-th legal code is
    return ranks if config.duplicates else book_prune.every_secret(config)[ranks]


def split(config: GameConfig, guess: Code, secrets: np.ndarray) -> list[tuple[Feedback, np.ndarray]]:
    grades = score_many(guess, decode(secrets, config.pegs, config.colours), config.colours)
    win = config.pegs * (config.pegs + 1)
    return [(unpack(int(g), config.pegs), secrets[grades == g]) for g in np.unique(grades) if g != win]


def choose(results: list[tuple[tuple[int, int], Code]], consistent: set[Code], max_guesses: int) -> int:
    """Index of the best scored candidate: within the cap, fewest guesses, could-be-secret, lowest."""

    def key(i: int) -> tuple:
        (total, worst), code = results[i]
        return (worst > max_guesses, total, code not in consistent, code)

    return min(range(len(results)), key=key)


@dataclass(frozen=True)
class Part:
    """The games below one grade of the first guess, for play_book to hand a worker."""

    config: GameConfig
    moves: dict
    root: tuple
    secrets: np.ndarray
    seed: int
    complete: bool


def play_part(part: Part) -> tuple[int, int]:
    table = StrategyTable(part.config.pegs, part.config.colours, part.config.duplicates, part.moves)
    think = make_think([table])
    return _score(
        walk(part.config, think, part.secrets, part.seed, MAX_TURNS, root=part.root, complete=part.complete)
    )


def play_book(config: GameConfig, moves: dict, secrets: np.ndarray, seed: int, mapper=map) -> tuple[int, int]:
    """(total guesses, worst game) of the `optimal` strategy playing these moves, entropy below: one
    task per grade of the first guess (the all-black one is the one-guess game)."""
    first = moves[()]
    complete = secrets.shape[0] == legal_count(config)
    parts = [
        Part(config, moves, ((first, grade),), cell, seed, complete)
        for grade, cell in split(config, first, secrets)
    ]
    won = int(secrets.shape[0]) - sum(part.secrets.shape[0] for part in parts)
    outcomes = list(mapper(play_part, sorted(parts, key=lambda part: -part.secrets.shape[0])))
    return won + sum(total for total, _ in outcomes), max([1] * won + [worst for _, worst in outcomes])
