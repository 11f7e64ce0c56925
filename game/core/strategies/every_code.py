"""The best of every code of a space against the codes left, without weighing them all.

Near the end of a game in a large space (6x9: 531,441 codes), and from the second guess in a listed
one with repeats (5x8), the partition strategies choose among every code, as the published figures
do. Weighing each one against the codes left is exact but slow
(tens of milliseconds a position, and a whole tree has hundreds of thousands of such positions), so
the codes are weighed a colour multiset at a time, best bound first, and a multiset whose bound is
worse than the best split found so far is never weighed:

- a guess's common colours with each code left (black + white) depend on its multiset only, so a
  multiset sorts the codes left into classes by that count; within the class of c common colours the
  grade is (b, c - b), at most c + 1 grades (c, or pegs - 1 blacks with one white cannot be, when
  c = pegs);
- so no guess of the multiset splits the codes finer than each class cut into that many equal parts,
  and every criterion here (a sum of a convex function of part sizes, the largest part, minus the
  number of parts) scores that even cut no worse than any split the class can have: the criterion of
  the even cut is a lower bound for every guess of the multiset.

A multiset that is weighed is weighed cheaply first: with few codes left, a guess's grades against
them are OR-ed as bits, and the number of distinct grades (its parts) bounds its score the same way
(those parts in equal sizes); only the guesses whose bound can still tie are counted out in full.

Only the lowest code of each orbit of interchangeable colours is weighed (the caller's `canonical`
filter, pool.py): every code of an orbit splits the codes left alike and the lowest comes first.
The number of parts (most-parts) is read off the OR-ed grade bits alone.

The choice is the brute force's, under the tie rule, found in two passes. First the best score: the
codes that could be the secret are weighed first, then the multisets best bound first, skipping every
multiset whose bound is not below the best found (none of its codes can beat it). If a code that
could be the secret ties with that best, it is the choice, and no tie elsewhere need be looked for
(most positions of Knuth's and most-parts' rules, whose ties are many). Else the lowest code tied
with the best: the lowest found in the first pass, or a lower one among the multisets not weighed
whose bound allows a tie, scanned in ascending code order until the first that ties.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator

import numpy as np

from ..headtail import WORK_PER_YIELD, _unique_keys
from ..kernels import MultisetGroups, MultisetScorer, NodeScorer, part_counts
from ..solver import Progress, run

# Up to this many codes left, guesses are screened by their number of parts before full weighing:
# at 6x9 the screen costs about a tenth of weighing with 6-20 left, and gains less beyond.
SCREEN_MAX_LEFT = 64
# Dense grade -> its bit (a split has at most 64 grades to screen: up to 10 pegs); 32-bit words for up
# to 32 grades (6 pegs), half the bytes to gather and OR.
GRADE_BITS = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))
GRADE_BITS_32 = np.left_shift(np.uint32(1), np.arange(32, dtype=np.uint32))
# From this many codes left, parts() shifts grades into bits along each guess's row rather than
# gathering them (measured at 10, 40 and 300 codes left).
SHIFT_FROM_LEFT = 16
# Set bits of every byte, for numpy without bitwise_count.
_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

Criterion = Callable[[np.ndarray], np.ndarray]
# A score at or below tie_limit(best) is tied with the best score (partition._ties).
TieLimit = Callable[[float], float]


def even_cuts(classes: np.ndarray, pegs: int) -> np.ndarray:
    """(k, pegs + 1) class sizes by common colours -> (k, grades) part sizes: each class cut into as
    many equal parts as it has grades (the finest split any guess with those classes can make)."""
    common, black, cuts = _cut_columns(pegs)
    whole, rest = np.divmod(classes.take(common, axis=1), cuts)
    whole += black < rest
    return whole


@functools.lru_cache(maxsize=16)
def _cut_columns(pegs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each column of even_cuts(): its class (common colours), its rank in the class (blacks)
    and how many grades the class has."""
    columns = [
        (common, black, common + 1 if common < pegs else pegs)
        for common in range(pegs + 1)
        for black in range(common + 1 if common < pegs else pegs)
    ]
    common, black, cuts = (np.array(values, dtype=np.int64) for values in zip(*columns, strict=True))
    return common, black, cuts


def _popcount(words: np.ndarray) -> np.ndarray:
    count = getattr(np, "bitwise_count", None)
    if count is not None:
        return count(words)
    return _BYTE_BITS.take(words.view(np.uint8)).reshape(words.shape[0], -1).sum(axis=1)


def parts(node: NodeScorer, codes: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """(k,) how many parts each guess splits the node's codes into: its grades OR-ed as bits."""
    bits = GRADE_BITS_32 if node.size <= GRADE_BITS_32.shape[0] else GRADE_BITS
    grades = node.grades(codes, ids)
    if grades.shape[1] <= SHIFT_FROM_LEFT:  # short rows: gathered bits OR-ed down the guesses' axis
        seen = np.bitwise_or.reduce(bits.take(grades.T), axis=0)
    else:  # longer rows: shifting and OR-ing along them runs in SIMD, two to five times faster
        seen = np.bitwise_or.reduce(np.left_shift(bits[0], grades), axis=1)
    return _popcount(seen)


def parts_bounds(left: int, size: int, criterion: Criterion) -> np.ndarray:
    """(size + 1,) the criterion's lower bound for a split of `left` codes into p parts (index p; no
    split has no parts: infinite): p equal parts."""
    parts = np.arange(size + 1)
    whole, rest = np.divmod(left, np.maximum(parts, 1))
    column = np.arange(size)[None, :]
    cuts = np.where(column < parts[:, None], whole[:, None] + (column < rest[:, None]), 0)
    bounds = criterion(cuts).astype(np.float64)
    bounds[0] = np.inf
    return bounds


def multiset_bounds_steps(
    scorer: MultisetScorer, left_ids: np.ndarray, criterion: Criterion, multisets: np.ndarray | None = None
) -> Generator[Progress, None, np.ndarray]:
    """(M,) the criterion's lower bound for every guess of each colour multiset (module docstring),
    against the codes left given by their multiset ids; of the given `multisets` (ids) only, if any.
    A block of multisets per step; the bound is worked out once per distinct row of class sizes
    (multisets alike in their classes share it, and few rows differ when few codes are left)."""
    size = scorer.common.shape[0]
    count = size if multisets is None else multisets.shape[0]
    step = max(1, WORK_PER_YIELD // (12 * left_ids.shape[0] + 100))
    # A row of class sizes as one number: base (left + 1) digits, the last class implied by the rest.
    keyed = (left_ids.shape[0] + 1) ** scorer.pegs < 2**62
    weights = (left_ids.shape[0] + 1) ** np.arange(scorer.pegs, dtype=np.int64) if keyed else None
    bounds = []
    for start in range(0, count, step):
        if multisets is None:
            common = scorer.common[start : start + step].take(left_ids, axis=1)
        else:  # only the cells asked for: a row of the table is every multiset wide
            common = scorer.common.ravel().take(multisets[start : start + step, None] * size + left_ids)
        classes = part_counts(common, scorer.pegs + 1)
        if weights is None:
            bounds.append(criterion(even_cuts(classes, scorer.pegs)))
        else:
            firsts, alike = _unique_keys(classes[:, :-1] @ weights)
            bounds.append(criterion(even_cuts(classes[firsts], scorer.pegs))[alike])
        if count > step:
            yield Progress(start, count, "weighing every code")
    return np.concatenate(bounds)


def multiset_bounds(scorer: MultisetScorer, left_ids: np.ndarray, criterion: Criterion) -> np.ndarray:
    """Plain-function form of multiset_bounds_steps()."""
    return run(multiset_bounds_steps(scorer, left_ids, criterion))


_MULTISET_COUNTS: dict[tuple[int, int], np.ndarray] = {}


def _multiset_counts(scorer: MultisetScorer) -> np.ndarray:
    """(M, colours) colour counts of a scorer's multisets, read off their keys (base pegs + 1 digits);
    made once per size."""
    counts = _MULTISET_COUNTS.get((scorer.pegs, scorer.colours))
    if counts is None:
        base = scorer.pegs + 1
        digits = scorer.keys[:, None] // base ** np.arange(scorer.colours, dtype=np.int64)
        counts = _MULTISET_COUNTS[scorer.pegs, scorer.colours] = (digits % base).astype(np.uint8)
        counts.setflags(write=False)
    return counts


def best_code_steps(
    scorer: MultisetScorer,
    groups: MultisetGroups,
    node: NodeScorer,
    consistent: np.ndarray,
    criterion: Criterion,
    tie_limit: TieLimit,
    possible: int,
    canonical: Callable[[np.ndarray], np.ndarray] | None = None,
    by_parts: bool = False,
) -> Generator[Progress, None, int]:
    """The code number the tie rule picks among every code of the space, weighed by `criterion`
    against `consistent` (sorted, the codes left, which `node` was built on). `canonical`: code
    numbers -> flags of the lowest code of each orbit of interchangeable colours (pool.py); the other
    codes split the codes left as their orbit's lowest does and come after it, so they are skipped."""
    consistent_ids = scorer.ids_of_indices(consistent)
    left = consistent.shape[0]
    rows_per_step = max(1, WORK_PER_YIELD // (8 * left + 40 * node.size))
    if by_parts:
        rows_per_step = max(1, WORK_PER_YIELD // (12 * left + 20))

    def weigh(codes: np.ndarray, ids: np.ndarray) -> np.ndarray:
        if by_parts:
            return -parts(node, codes, ids).astype(np.int64)
        return criterion(node.part_counts(codes, ids))

    scored = []  # the codes left weighed first, a block per step
    for start in range(0, left, rows_per_step):
        here = slice(start, start + rows_per_step)
        scored.append(weigh(consistent[here], consistent_ids[here]))
        yield Progress(0, 1, "weighing every code", possible)
    consistent_scores = np.concatenate(scored)
    best = float(consistent_scores.min())
    # Only the multisets that hold a lowest code of an orbit (pool.Orbits) are weighed at all.
    kept = None
    if canonical is not None and hasattr(canonical, "multisets"):
        kept = np.flatnonzero(canonical.multisets(_multiset_counts(scorer)))
    bounds = yield from multiset_bounds_steps(scorer, consistent_ids, criterion, kept)
    order = np.argsort(bounds, kind="stable")
    sorted_bounds = bounds[order]
    if kept is not None:
        order = kept[order]  # multiset ids, best bound first
    ends = np.cumsum(np.diff(groups.starts)[order])  # codes in the first i + 1 multisets of `order`
    screen = not by_parts and left <= SCREEN_MAX_LEFT and node.size <= GRADE_BITS.shape[0]
    if screen:
        by_parts_bound = parts_bounds(left, node.size, criterion)
    block = max(1, WORK_PER_YIELD // (12 * left + 20)) if screen else rows_per_step

    def hopeful(codes: np.ndarray, ids: np.ndarray, limit: float) -> tuple[np.ndarray, np.ndarray]:
        """The lowest codes of their orbits, and of those the ones whose parts alone can score within
        `limit`."""
        if canonical is not None:
            kept = canonical(codes)
            codes, ids = codes[kept], ids[kept]
        if screen:
            kept = np.flatnonzero(by_parts_bound.take(parts(node, codes, ids)) <= limit)
            codes, ids = codes[kept], ids[kept]
        return codes, ids

    # First the best score: only a multiset whose bound is below the best found can hold a better code
    # (a tie cannot change the best), so the multisets are weighed best bound first while it is.
    tied_codes, tied_scores = [], []
    done = 0
    while done < order.shape[0] and sorted_bounds[done] < best:
        # Whole multisets, as many as fit one block (at least one), all still below the best.
        below = int(np.searchsorted(sorted_bounds, best, side="left"))
        fits = int(np.searchsorted(ends, (ends[done - 1] if done else 0) + block, side="right"))
        stop = max(done + 1, min(below, fits))
        # codes that may tie are kept too: these multisets are not looked at again
        codes, ids = hopeful(*groups.codes_of(order[done:stop]), tie_limit(best))
        done = stop
        if screen:
            yield Progress(done, order.shape[0], "weighing every code", possible)
        for first in range(0, codes.shape[0], rows_per_step):
            here = slice(first, first + rows_per_step)
            scores = weigh(codes[here], ids[here])
            best = min(best, float(scores.min()))
            keep = scores <= tie_limit(best)
            tied_codes.append(codes[here][keep])
            tied_scores.append(scores[keep])
            yield Progress(done, order.shape[0], "weighing every code", possible)
    limit = tie_limit(best)
    fits = np.flatnonzero(consistent_scores <= limit)
    if fits.shape[0]:  # the tie rule's first choice: a code that could be the secret
        return int(consistent[fits[0]])
    lowest = None
    if tied_codes:
        codes = np.concatenate(tied_codes)[np.concatenate(tied_scores) <= limit]
        lowest = int(codes.min()) if codes.shape[0] else None
    # Then the lowest code tied with it among the multisets not weighed yet whose bound allows a tie:
    # their codes below the lowest tied one found, in ascending order, until the first that ties.
    rest = order[done : int(np.searchsorted(sorted_bounds, limit, side="right"))]
    if rest.shape[0] == 0:
        return lowest
    codes, ids = groups.codes_of(rest)
    if lowest is not None:
        kept = codes < lowest
        codes, ids = codes[kept], ids[kept]
    ascending = np.argsort(codes, kind="stable")
    codes, ids = codes[ascending], ids[ascending]
    first, size = 0, max(1, min(rows_per_step, block) // 8)
    while first < codes.shape[0]:
        here_codes, here_ids = hopeful(codes[first : first + size], ids[first : first + size], limit)
        first += size
        size = min(4 * size, rows_per_step)
        if here_codes.shape[0]:
            ties = np.flatnonzero(weigh(here_codes, here_ids) <= limit)
            if ties.shape[0]:
                return int(here_codes[ties[0]])
        yield Progress(done, order.shape[0], "weighing every code", possible)
    return lowest
