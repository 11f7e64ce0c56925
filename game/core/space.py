"""The code space: which codes exist, which are still consistent, and how a guess splits them.

Codes are numbered as in codes.py (base `colours`, first peg most significant). Without duplicates
only codes with no repeated colour exist, as secrets and as guesses; every function here respects
config.duplicates.

Nothing builds a Python object per code. Three views of the space:

- small spaces (at most SMALL_SPACE_CODES legal codes): every legal code decoded once into numpy
  arrays (cached, read-only, built a chunk per step), and up to SCORE_TABLE_CODES codes a full table
  of packed grades;
- large spaces (up to 8 pegs x 10 colours = 10^8 codes): streamed as heads x tails (headtail.py);
- huge spaces (9 and 10 pegs, up to 10^10 codes): never streamed; the consistent codes are counted,
  sampled and (when at most HUGE_LIST_LIMIT) listed by meeting in the middle (mitm.py), and a guess's
  split of the whole space is estimated on a fixed random sample.

Consistent sets are remembered per history (a small least-recently-used cache), so a position
reached from a remembered one filters that parent's codes by its last grade only.

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

import numpy as np
import numpy.random  # noqa: F401  imported lazily by numpy; here it keeps 13 ms out of the first sampled solve

from .arraycache import consistent_sets as _consistent_cache
from .arraycache import history_key
from .codes import Code, colour_counts, decode, encode, grade_count
from .config import GameConfig
from .grid import grade_dtype, grid_grades
from .gridspace import grid_consistent_steps, grid_count_steps, grid_partition_steps
from .headtail import (
    ILLEGAL_GRADE,
    WORK_PER_YIELD,
    guess_rows_steps,
    index_dtype,
    packed_history,
    read_only,
    sorted_unique,
    stream_steps,
)
from .mitm import LIST_LIMIT as HUGE_LIST_LIMIT
from .mitm import is_huge, survey_steps
from .solver import History, Progress, run

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


def legal_count(config: GameConfig) -> int:
    """Number of codes that exist in this game (secrets and guesses alike)."""
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


def is_small(config: GameConfig) -> bool:
    return legal_count(config) <= SMALL_SPACE_CODES


def grades_between(
    guesses: np.ndarray,
    guess_counts: np.ndarray,
    codes: np.ndarray,
    counts: np.ndarray,
    grid: tuple[int, int] | None = None,
) -> np.ndarray:
    """Packed grades (k, m) uint8 of k guesses against m codes, from their pegs and colour counts.

    packed = black * (pegs + 1) + white = black * pegs + common, with common = sum of min(counts).
    With `grid`, the grid grading of grid.py and its packing (uint16 above 3x3).
    """
    if grid is not None:
        return grid_grades(guesses, guess_counts, codes, counts, *grid)
    pegs = guesses.shape[1]
    black = np.zeros((guesses.shape[0], codes.shape[0]), dtype=np.uint8)
    for position in range(pegs):
        black += guesses[:, position, None] == codes[None, :, position]
    common = np.zeros_like(black)
    for colour in range(counts.shape[1]):
        if guess_counts[:, colour].any():
            common += np.minimum(guess_counts[:, colour, None], counts[None, :, colour])
    return black * np.uint8(pegs) + common


@functools.lru_cache(maxsize=2)
def _score_table_build(pegs: int, colours: int, duplicates: bool, grid: tuple[int, int] | None) -> _Build:
    return _Build([])


def score_table_steps(
    pegs: int, colours: int, duplicates: bool, grid: tuple[int, int] | None = None
) -> Generator[Progress, None, np.ndarray]:
    """(n, n) uint8 packed grades between every pair of legal codes of a small space; built a block of
    rows per step, cached, returned read-only. With `grid`, grid grades (see grades_between)."""
    space = yield from small_space_steps(pegs, colours, duplicates)
    count = space.indices.shape[0]
    if count > SCORE_TABLE_CODES:
        raise SpaceTooLarge(f"no score table above {SCORE_TABLE_CODES} codes")
    build = _score_table_build(pegs, colours, duplicates, grid)
    if not build.parts:
        build.parts.append(np.empty((count, count), dtype=np.uint8 if grid is None else grade_dtype(pegs)))
    table = build.parts[0]
    # A grid grade costs a matrix product and a look-up per colour: about 4 x (pegs + colours) per cell.
    cost = 2 * pegs + 2 * colours if grid is None else 4 * (pegs + colours) * colours
    step = max(1, WORK_PER_YIELD // (count * cost))
    while build.done < count:
        rows = slice(build.done, min(count, build.done + step))
        table[rows] = grades_between(space.codes[rows], space.counts[rows], space.codes, space.counts, grid)
        build.done = rows.stop
        yield Progress(build.done, count, "building the score table")
    view = table.view()
    view.setflags(write=False)
    return view


def score_table(pegs: int, colours: int, duplicates: bool, grid: tuple[int, int] | None = None) -> np.ndarray:
    """Plain-function form of score_table_steps()."""
    return run(score_table_steps(pegs, colours, duplicates, grid))


def has_table(config: GameConfig) -> bool:
    return legal_count(config) <= SCORE_TABLE_CODES


# ---------------------------------------------------------------------------------------------
# Public: consistency and counting.


def _small_mask_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
    table = None
    if has_table(config):
        table = yield from score_table_steps(config.pegs, config.colours, config.duplicates)
    mask = np.ones(space.indices.shape[0], dtype=bool)
    for guess, packed in packed_history(history, config.pegs):
        if table is not None and config.is_legal(guess):
            grades = table[space.positions(np.array([_index(guess, config.colours)]))[0]]
        else:
            g = np.asarray([guess], dtype=np.uint8)
            grades = grades_between(g, colour_counts(g, config.colours), space.codes, space.counts)[0]
            yield Progress(0, 1, "reading grades")
        mask &= grades == packed
    return mask


def _index(code: Code, colours: int) -> int:
    index = 0
    for peg in code:
        index = index * colours + int(peg)
    return index


def _history_key(config: GameConfig, history: History) -> tuple:
    return history_key(config.pegs, config.colours, config.duplicates, history)


def remember_consistent(config: GameConfig, history: History, indices: np.ndarray) -> None:
    """Tell the cache that sorted `indices` are exactly the codes consistent with `history` (a classic
    row, listed or streamed): a whole-tree walk that holds every such code saves the strategy its filter."""
    if config.grid is None and not is_huge(config):
        if is_small(config):
            dtype = small_space(config.pegs, config.colours, config.duplicates).indices.dtype
        else:
            dtype = index_dtype(config)  # as stream_steps lists them
        _consistent_cache().put(_history_key(config, history), np.asarray(indices, dtype=dtype))


def narrow_steps(
    config: GameConfig, indices: np.ndarray, grades: Sequence[tuple[Code, int]]
) -> Generator[Progress, None, np.ndarray]:
    """The members of sorted `indices` that give every (guess, packed grade) in `grades`, a chunk a step."""
    chunk = max(1, WORK_PER_YIELD // (8 * (config.pegs + config.colours) + 4 * len(grades)))
    guesses = [np.asarray([guess], dtype=np.uint8) for guess, _ in grades]
    guess_counts = [colour_counts(g, config.colours) for g in guesses]
    keep = np.ones(indices.shape[0], dtype=bool)
    for start in range(0, indices.shape[0], chunk):
        codes = codes_of(indices[start : start + chunk], config)
        counts = colour_counts(codes, config.colours)
        part = keep[start : start + chunk]
        for g, g_counts, (_, packed) in zip(guesses, guess_counts, grades, strict=True):
            part &= grades_between(g, g_counts, codes, counts)[0] == packed
        if indices.shape[0] > chunk:
            yield Progress(start + codes.shape[0], indices.shape[0], "reading grades")
    return indices[keep]


def _from_ancestor_steps(
    config: GameConfig, history: History
) -> Generator[Progress, None, np.ndarray | None]:
    """The consistent set narrowed from the nearest remembered ancestor (None if none is remembered)."""
    cache = _consistent_cache()
    packed = packed_history(history, config.pegs)
    for depth in range(len(packed) - 1, 0, -1):
        parent = cache.get(_history_key(config, history[:depth]))
        if parent is not None:
            return (yield from narrow_steps(config, parent, packed[depth:]))
    return None


def consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices (index_dtype) of the codes consistent with every grade, yielding while it streams.

    Raises SpaceTooLarge for an empty history in a large space (that would be every code).
    """
    if config.grid is not None:  # grids are listed and scanned (gridspace.py)
        result = yield from grid_consistent_steps(config, history)
        yield Progress(1, 1, "codes filtered", int(result.shape[0]))
        return result
    key = _history_key(config, history)
    cache = _consistent_cache()
    result = cache.get(key)
    if result is None:
        # With a score table, filtering the whole space is a few row look-ups: cheaper than re-grading
        # an ancestor's codes, so narrowing is kept for spaces without one.
        narrow = history and not has_table(config)
        result = (yield from _from_ancestor_steps(config, history)) if narrow else None
        if result is None and is_small(config):
            mask = yield from _small_mask_steps(config, history)
            result = small_space(config.pegs, config.colours, config.duplicates).indices[mask]
        elif result is None:
            if not history:
                raise SpaceTooLarge(f"all {legal_count(config)} codes are still possible; no list is built")
            if is_huge(config):
                survey = yield from survey_steps(config, history)
                if survey.count > HUGE_LIST_LIMIT:
                    raise SpaceTooLarge(f"{survey.count} codes are still possible; no list is built")
                result = yield from survey.listing_steps()
            else:
                result = yield from stream_steps(config, history, keep=True)
        cache.put(key, result)
    yield Progress(1, 1, "codes filtered", int(result.shape[0]))
    return result


def consistent_or_sample_steps(
    config: GameConfig, history: History, sample_size: int, generator: np.random.Generator
) -> Generator[Progress, None, tuple[np.ndarray, int]]:
    """(sorted indices, how many codes are consistent): every consistent code, or in a huge space with
    more than HUGE_LIST_LIMIT of them, a uniform sample of about `sample_size` (distinct, sorted)."""
    if not is_huge(config) or not history:
        if not history and is_huge(config):
            raise SpaceTooLarge(f"all {legal_count(config)} codes are still possible; no list is built")
        result = yield from consistent_steps(config, history)
        return result, int(result.shape[0])
    key = _history_key(config, history)
    result = _consistent_cache().get(key)
    if result is None:
        result = yield from _from_ancestor_steps(config, history)
    if result is None:
        survey = yield from survey_steps(config, history)
        if survey.count > HUGE_LIST_LIMIT:
            sample = sorted_unique(survey.sample(sample_size, generator))
            yield Progress(1, 1, "codes sampled", survey.count)
            return sample, survey.count
        result = yield from survey.listing_steps()
    _consistent_cache().put(key, result)
    yield Progress(1, 1, "codes filtered", int(result.shape[0]))
    return result, int(result.shape[0])


def consistent_indices(config: GameConfig, history: History) -> np.ndarray:
    """Plain-function form of consistent_steps()."""
    return run(consistent_steps(config, history))


def count_consistent_steps(config: GameConfig, history: History) -> Generator[Progress, None, int]:
    """How many codes are consistent with every grade; streams at large sizes, yielding Progress."""
    if config.grid is not None and history:
        count = yield from grid_count_steps(config, history)
        yield Progress(1, 1, "codes counted", count)
        return count
    if not history:
        count = legal_count(config)
    elif is_small(config):
        count = int(np.count_nonzero((yield from _small_mask_steps(config, history))))
    elif is_huge(config):
        count = (yield from survey_steps(config, history)).count
    else:
        count = yield from stream_steps(config, history, keep=False)
    yield Progress(1, 1, "codes counted", count)
    return count


def count_consistent(config: GameConfig, history: History) -> int:
    """Plain-function form of count_consistent_steps() (about a millisecond at 4x6)."""
    return run(count_consistent_steps(config, history))


def codes_of(indices: np.ndarray, config: GameConfig) -> np.ndarray:
    """(n, pegs) uint8 pegs of the given code indices."""
    return decode(np.asarray(indices, dtype=np.int64), config.pegs, config.colours)


def random_legal_indices(config: GameConfig, count: int, rng_seed: int) -> np.ndarray:
    """`count` random legal code indices (with replacement), reproducible from rng_seed."""
    generator = np.random.default_rng(rng_seed)
    if config.duplicates:
        return generator.integers(0, config.code_count, size=count, dtype=np.int64)
    # Random permutations' prefixes: sort random keys per row and keep the first `pegs` colours.
    keys = generator.random((count, config.colours))
    return encode(np.argsort(keys, axis=1)[:, : config.pegs], config.colours)


def partition_over_space_steps(config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal code: counts per packed grade (int64, grade_count(pegs) long)."""
    if config.grid is not None:
        return (yield from grid_partition_steps(config, guess))
    size = grade_count(config.pegs)
    if is_small(config):
        space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
        yield Progress(0, 1, "splitting codes", int(space.indices.shape[0]))
        g = np.asarray([guess], dtype=np.uint8)
        grades = grades_between(g, colour_counts(g, config.colours), space.codes, space.counts)[0]
        yield Progress(1, 1, "splitting codes", int(space.indices.shape[0]))
        return np.bincount(grades, minlength=size).astype(np.int64)
    if is_huge(config):
        return (yield from _sampled_partition_steps(config, guess))
    built = yield from guess_rows_steps(config, guess)
    counts = np.zeros(ILLEGAL_GRADE + 1, dtype=np.int64)
    signatures = built.grades.shape[0]
    rows_per_step = max(1, WORK_PER_YIELD // (12 * built.grades.shape[1]))
    for start in range(0, signatures, rows_per_step):
        block = built.grades[start : start + rows_per_step]
        offsets = (np.arange(block.shape[0]) * (ILLEGAL_GRADE + 1))[:, None]
        per_row = np.bincount((block + offsets).ravel(), minlength=block.shape[0] * (ILLEGAL_GRADE + 1))
        weights = built.heads_per_signature[start : start + rows_per_step]
        counts += weights @ per_row.reshape(block.shape[0], ILLEGAL_GRADE + 1)
        yield Progress(start + block.shape[0], signatures, "splitting codes")
    return counts[:size]


# Huge spaces: the split of the whole space is estimated on this many random codes (a fixed seed, so
# the same guess always gets the same estimate), scaled to the space's size.
PARTITION_SAMPLE = 100_000
PARTITION_SAMPLE_SEED = 20_260_101


def _sampled_partition_steps(config: GameConfig, guess: Code) -> Generator[Progress, None, np.ndarray]:
    size = grade_count(config.pegs)
    sample = random_legal_indices(config, PARTITION_SAMPLE, PARTITION_SAMPLE_SEED)
    counts = np.zeros(size, dtype=np.int64)
    g = np.asarray([guess], dtype=np.uint8)
    g_counts = colour_counts(g, config.colours)
    step = max(1, WORK_PER_YIELD // (40 * (config.pegs + config.colours)))
    for start in range(0, sample.shape[0], step):
        codes = codes_of(sample[start : start + step], config)
        grades = grades_between(g, g_counts, codes, colour_counts(codes, config.colours))[0]
        counts += np.bincount(grades, minlength=size)
        yield Progress(start + codes.shape[0], sample.shape[0], "splitting codes")
    return np.rint(counts * (legal_count(config) / sample.shape[0])).astype(np.int64)


def partition_over_space(config: GameConfig, guess: Code) -> np.ndarray:
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
