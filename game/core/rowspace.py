"""The classic row's code space: which codes are still consistent, how many, how a guess splits them.

A row's grade adds up over its pegs (black per place plus colours in common), so its space is never
held whole above space.SMALL_SPACE_CODES: small spaces are listed (space.small_space) and filtered
through the score table or a numpy pass; large ones (up to 8 pegs x 10 colours) are streamed as
heads x tails (headtail.py); huge ones (9 and 10 pegs) are counted, sampled and, when few enough,
listed by meeting in the middle (mitm.py), and a guess's split of the whole space is estimated on a
fixed random sample. variants/row.py's RowVariant hands the functions of space.py here.

Consistent sets are remembered per history (a small least-recently-used cache), so a position
reached from a remembered one filters that parent's codes by its last grade only.

Like space.py, every long loop is a generator that yields Progress after about WORK_PER_YIELD
byte-operations; indices of consistent codes are returned sorted.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from .arraycache import consistent_sets as _consistent_cache
from .arraycache import history_key
from .codes import Code, colour_counts, grade_count, grades_between
from .headtail import (
    ILLEGAL_GRADE,
    WORK_PER_YIELD,
    guess_rows_steps,
    index_dtype,
    packed_history,
    sorted_unique,
    stream_steps,
)
from .mitm import LIST_LIMIT as HUGE_LIST_LIMIT
from .mitm import is_huge, survey_steps
from .progress import History, Progress
from .space import (
    SpaceTooLarge,
    codes_of,
    has_table,
    is_small,
    legal_count,
    random_legal_indices,
    score_table_steps,
    small_space,
    small_space_steps,
)

if TYPE_CHECKING:
    from .variants.base import ChooseRow, GameSize


def _small_mask_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
    table = None
    if has_table(config):
        table = yield from score_table_steps(config)
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


def _history_key(config: GameSize, history: History) -> tuple:
    return history_key(config.pegs, config.colours, config.duplicates, history)


def remember_consistent(config: GameSize, history: History, indices: np.ndarray) -> None:
    """Tell the cache that sorted `indices` are exactly the codes consistent with `history` (listed or
    streamed): a whole-tree walk that holds every such code saves the strategy its filter."""
    if not is_huge(config):
        if is_small(config):
            dtype = small_space(config.pegs, config.colours, config.duplicates).indices.dtype
        else:
            dtype = index_dtype(config)  # as stream_steps lists them
        _consistent_cache().put(_history_key(config, history), np.asarray(indices, dtype=dtype))


def narrow_steps(
    config: GameSize, indices: np.ndarray, grades: Sequence[tuple[Code, int]]
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
    config: GameSize, history: History
) -> Generator[Progress, None, np.ndarray | None]:
    """The consistent set narrowed from the nearest remembered ancestor (None if none is remembered)."""
    cache = _consistent_cache()
    packed = packed_history(history, config.pegs)
    for depth in range(len(packed) - 1, 0, -1):
        parent = cache.get(_history_key(config, history[:depth]))
        if parent is not None:
            return (yield from narrow_steps(config, parent, packed[depth:]))
    return None


def consistent_steps(config: GameSize, history: History) -> Generator[Progress, None, np.ndarray]:
    """Sorted indices (index_dtype) of the codes consistent with every grade, yielding while it streams.

    Raises SpaceTooLarge for an empty history in a large space (that would be every code).
    """
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
    config: GameSize, history: History, sample_size: int, generator: np.random.Generator
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


def count_steps(config: GameSize, history: History) -> Generator[Progress, None, int]:
    """How many codes are consistent with every grade; streams at large sizes, yielding Progress."""
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


def partition_steps(config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
    """How `guess` splits every legal code: counts per packed grade (int64, grade_count(pegs) long)."""
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


def _sampled_partition_steps(config: GameSize, guess: Code) -> Generator[Progress, None, np.ndarray]:
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


# --- first guesses ------------------------------------------------------------------------------


def shapes(pegs: int, colours: int, duplicates: bool) -> list[Code]:
    """The lowest code of every colour-multiset shape, in increasing code order.

    With no grade yet, a row's places are interchangeable and so are its colours: only the shape of the
    colour multiset matters (at 4x6: 0000, 0001, 0011, 0012, 0123). The lowest code of a shape gives
    colour 0 the largest multiplicity, colour 1 the next, and so on.
    """
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


def first_guess_steps(config: GameSize, choose: ChooseRow) -> Generator[Progress, None, Code]:
    """The colour-multiset shape whose split of the whole space choose() picks, each split exact."""
    candidates = shapes(config.pegs, config.colours, config.duplicates)
    possible = legal_count(config)
    yield Progress(0, len(candidates), "choosing a first guess", possible)
    if len(candidates) == 1:
        return candidates[0]
    rows = []
    for number, code in enumerate(candidates):
        rows.append((yield from partition_steps(config, code)))
        yield Progress(number + 1, len(candidates), "choosing a first guess", possible)
    return candidates[choose(np.vstack(rows))]
