"""The code space: which codes exist, which are still consistent, and how a guess splits them.

Codes are numbered as in codes.py (base `colours`, first peg most significant); a grid's cells are its
pegs, row by row. Without duplicates only codes with no repeated colour exist, as secrets and as
guesses; every function here respects config.duplicates.

Nothing builds a Python object per code. What every variant shares lives here: small spaces (at most
SMALL_SPACE_CODES legal codes, or a larger limit passed in) listed once into numpy arrays (cached,
read-only, built a chunk per step), and up to SCORE_TABLE_CODES codes a full table of packed grades
(graded the variant's way). Which codes are still consistent, how many, and how a guess splits the
whole space are asked of the config's variant (Variant.consistent_steps, count_steps and
partition_steps): the classic row streams large spaces as heads x tails and samples huge ones
(rowspace.py), a grid lists its space whole and scans it (gridspace.py). The public functions below
are the one way in for strategies, tools and the game.

Every long loop is a generator that yields Progress after about WORK_PER_YIELD byte-operations
(roughly 1-2 ms), so the game can pump it inside a frame. Plain functions (count_consistent,
consistent_indices) run the generators to the end for tools and tests.

Indices of consistent codes are returned sorted, as int32 arrays (int64 past 2^31 codes).
"""

from __future__ import annotations

import functools
import itertools
import math
import sys
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.random  # noqa: F401  imported lazily by numpy; here it keeps 13 ms out of the first sampled solve

from .codes import Code, colour_counts, decode, encode, grades_between
from .headtail import WORK_PER_YIELD, read_only
from .progress import History, Progress, run

if TYPE_CHECKING:  # the variants' code spaces build on this module: a game is only passed through here
    from .variants.base import GameSize, Variant

# Spaces up to this many legal codes are decoded whole and cached (8 pegs x 10 colours would be 10^8).
SMALL_SPACE_CODES = 60_000
# A full table of packed grades (n x n bytes) is kept up to this many codes: 4x6 is 1.7 MB, 4x7 5.8 MB.
SCORE_TABLE_CODES = 2_500


def _avoid_hugepage_stalls() -> None:
    """Ask numpy not to madvise(MADV_HUGEPAGE) its big arrays.

    With transparent huge pages in "madvise" defrag mode (common), the first touch of such an array can
    stall for several milliseconds while the kernel compacts memory: measured 7 ms steps at 8x10,
    more than a frame's solver budget. Plain 4 KB pages cost about a microsecond each here. This is
    process-wide numpy state; the game's big arrays are all solver arrays, so it is set on import.
    """
    setter = getattr(getattr(getattr(np, "_core", None), "multiarray", None), "_set_madvise_hugepage", None)
    if setter is not None:
        setter(False)


_avoid_hugepage_stalls()


class SpaceTooLarge(ValueError):
    """The caller asked for a list of codes the space is too large to hold."""


def legal_count(config: GameSize) -> int:
    """Number of codes that exist in this game (secrets and guesses alike; a listed variant's secrets)."""
    if config.variant.listed:
        return config.variant.legal_codes(config.colours, config.duplicates)
    if config.duplicates:
        return config.colours**config.pegs
    return math.perm(config.colours, config.pegs)


# Small spaces: every legal code decoded once.


@dataclass(frozen=True)
class SmallSpace:
    """Every legal code of a small game: indices (sorted), codes (n, pegs), counts (n, colours),
    first (n, colours): position of each colour's first peg, or pegs when the colour is unused."""

    pegs: int
    colours: int
    indices: np.ndarray
    codes: np.ndarray
    counts: np.ndarray
    first: np.ndarray

    def positions(self, indices: np.ndarray) -> np.ndarray:
        """Positions in this space's arrays of the given (legal) code indices."""
        return np.searchsorted(self.indices, indices)


@dataclass
class _Build:
    """A cached value built a step at a time. Only its builder changes it, and only until done."""

    parts: list
    done: int = 0
    value: object = None
    source: Iterator | None = None
    joined: list = field(default_factory=list)  # the finished columns, while the parts are joined


@functools.lru_cache(maxsize=8)
def _small_space_build(pegs: int, colours: int, duplicates: bool) -> _Build:
    return _Build([])


def small_space_steps(
    pegs: int, colours: int, duplicates: bool, limit: int = SMALL_SPACE_CODES
) -> Generator[Progress, None, SmallSpace]:
    """List the whole (small) legal code space, a chunk per step; cached, read-only once built.

    With duplicates, code numbers are decoded in ranges; without, permutations are generated in
    lexicographic (so code-number) order, never decoding the much larger space with repeats.
    `limit`: the most codes listed (grid spaces, never streamed, pass a larger one).
    """
    total = colours**pegs if duplicates else math.perm(colours, pegs)
    if total > limit:
        raise SpaceTooLarge(f"{pegs} pegs x {colours} colours has {total} codes, too many to list")
    build = _small_space_build(pegs, colours, duplicates)
    if build.source is None and not duplicates:
        build.source = itertools.permutations(range(colours), pegs)
    step = max(1, WORK_PER_YIELD // (20 * (pegs + colours)))
    while build.value is None:
        if build.done < total:
            if duplicates:
                indices = np.arange(build.done, min(total, build.done + step), dtype=np.int64)
                codes = decode(indices, pegs, colours)
            else:
                rows = list(itertools.islice(build.source, max(1, step // 4)))  # tuples cost ~4x more
                codes = np.array(rows, dtype=np.uint8).reshape(len(rows), pegs)
                indices = encode(codes, colours)
            first = np.full((codes.shape[0], colours), pegs, dtype=np.uint8)
            for position in range(pegs - 1, -1, -1):
                first[np.arange(codes.shape[0]), codes[:, position]] = position
            build.parts.append((indices, codes, colour_counts(codes, colours), first))
            build.done += codes.shape[0]
            yield Progress(build.done, total, "listing codes")
        elif len(build.joined) < len(build.parts[0]):
            # one column joined per step: a large grid space's columns take a few ms each
            build.joined.append(np.concatenate([part[len(build.joined)] for part in build.parts]))
            yield Progress(total, total, "listing codes")
        else:
            read_only(*build.joined)
            build.value = SmallSpace(pegs, colours, *build.joined)
            build.parts.clear()
            build.joined = []
            build.source = None
    return build.value  # type: ignore[return-value]


def small_space(pegs: int, colours: int, duplicates: bool) -> SmallSpace:
    """The whole (small) legal code space, cached and read-only."""
    return run(small_space_steps(pegs, colours, duplicates))


def is_small(config: GameSize) -> bool:
    """Few enough codes to list every code of the size (a listed variant lists its own: never)."""
    return not config.variant.listed and legal_count(config) <= SMALL_SPACE_CODES


@functools.lru_cache(maxsize=2)
def _score_table_build(pegs: int, colours: int, duplicates: bool, variant: Variant) -> _Build:
    return _Build([])


def score_table_steps(config: GameSize) -> Generator[Progress, None, np.ndarray]:
    """(n, n) packed grades (variant.grade_dtype) between every pair of legal codes of a small space,
    graded the config's variant's way; built a block of rows per step, cached, returned read-only."""
    pegs, colours, duplicates, variant = config.pegs, config.colours, config.duplicates, config.variant
    space = yield from small_space_steps(pegs, colours, duplicates)
    count = space.indices.shape[0]
    if count > SCORE_TABLE_CODES:
        raise SpaceTooLarge(f"no score table above {SCORE_TABLE_CODES} codes")
    build = _score_table_build(pegs, colours, duplicates, variant)
    if not build.parts:
        build.parts.append(np.empty((count, count), dtype=variant.grade_dtype))
    table = build.parts[0]
    step = max(1, WORK_PER_YIELD // (count * variant.grade_cost(colours)))
    while build.done < count:
        rows = slice(build.done, min(count, build.done + step))
        table[rows] = variant.grades_between(space.codes[rows], space.counts[rows], space.codes, space.counts)
        build.done = rows.stop
        yield Progress(build.done, count, "building the score table")
    view = table.view()
    view.setflags(write=False)
    return view


def score_table(config: GameSize) -> np.ndarray:
    """Plain-function form of score_table_steps()."""
    return run(score_table_steps(config))


def has_table(config: GameSize) -> bool:
    return not config.variant.listed and legal_count(config) <= SCORE_TABLE_CODES


# ---------------------------------------------------------------------------------------------
# Public: consistency and counting, each done the variant's way (config.variant: the row's streamed
# space in rowspace.py, the grid's listed one in gridspace.py).


def consistent_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices (index_dtype) of the codes consistent with every grade, yielding while it works.

    Raises SpaceTooLarge for an empty history in a large space (that would be every code).
    """
    return (yield from config.variant.consistent_steps(config, history))


def consistent_indices(config: GameSize, history: History) -> np.ndarray:
    """Plain-function form of consistent_steps()."""
    return run(consistent_steps(config, history))


def count_consistent_steps(config: GameSize, history: History) -> Generator[Progress, None, int]:
    """How many codes are consistent with every grade; streams at large sizes, yielding Progress."""
    return (yield from config.variant.count_steps(config, history))


def count_consistent(config: GameSize, history: History) -> int:
    """Plain-function form of count_consistent_steps() (about a millisecond at 4x6)."""
    return run(count_consistent_steps(config, history))


def codes_of(indices: np.ndarray, config: GameSize) -> np.ndarray:
    """(n, pegs) uint8 pegs of the given code indices."""
    return decode(np.asarray(indices, dtype=np.int64), config.pegs, config.colours)


def random_legal_indices(config: GameSize, count: int, rng_seed: int) -> np.ndarray:
    """`count` random legal code indices (with replacement), reproducible from rng_seed."""
    generator = np.random.default_rng(rng_seed)
    if config.variant.listed:  # the secrets' code numbers, drawn by rank
        ranks = generator.integers(0, legal_count(config), size=count, dtype=np.int64)
        secrets = [config.variant.secret_of_rank(config.colours, True, int(rank)) for rank in ranks]
        return encode(np.asarray(secrets, dtype=np.int64).reshape(count, config.pegs), config.colours)
    if config.duplicates:
        return generator.integers(0, config.code_count, size=count, dtype=np.int64)
    # Random permutations' prefixes: sort random keys per row and keep the first `pegs` colours.
    keys = generator.random((count, config.colours))
    return encode(np.argsort(keys, axis=1)[:, : config.pegs], config.colours)


def partition_over_space_steps(config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal code: counts per packed grade (int64, variant.grade_count long)."""
    return (yield from config.variant.partition_steps(config, guess))


def partition_over_space(config: GameSize, guess: Code) -> np.ndarray:
    return run(partition_over_space_steps(config, guess))


# Memory handed back to the system per step by release_steps().
RELEASE_STEP_BYTES = 8_000_000


def release_steps(array: np.ndarray) -> Generator[Progress, None, None]:
    """Give a large array's memory back a slice per step, then leave it empty.

    Freeing 100+ MB at once stalls for several milliseconds (page by page); shrinking it 8 MB a step
    does not. The caller must hold the only reference and not use the array afterwards. Anything
    shared (a view, another reference) is left alone for the normal free.
    """
    # getrefcount sees the caller's name, this parameter and its own argument.
    if array.nbytes < 4 * RELEASE_STEP_BYTES or not array.flags.owndata or sys.getrefcount(array) > 3:
        return
    step = max(1, RELEASE_STEP_BYTES // array.itemsize)
    size = array.shape[0]
    while size > 0:
        size = max(0, size - step)
        array.resize(size, refcheck=False)
        yield Progress(array.shape[0], array.shape[0] + step, "tidying up")


def sorted_contains(sorted_indices: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Boolean mask: which of `indices` are in the sorted array `sorted_indices`."""
    if sorted_indices.shape[0] == 0:
        return np.zeros(np.shape(indices), dtype=bool)
    # Search in the big array's own dtype: mixing int32 and int64 would copy the big array.
    where = np.searchsorted(sorted_indices, np.asarray(indices).astype(sorted_indices.dtype))
    where = np.minimum(where, sorted_indices.shape[0] - 1)
    return sorted_indices[where] == indices


__all__: Sequence[str] = (
    "SpaceTooLarge",
    "legal_count",
    "count_consistent",
    "count_consistent_steps",
    "consistent_indices",
    "consistent_steps",
    "partition_over_space",
    "partition_over_space_steps",
    "grades_between",
    "score_table",
    "small_space",
)
