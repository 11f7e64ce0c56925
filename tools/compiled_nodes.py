"""A complete walk's node decisions compiled with numba: one call decides a whole turn's nodes.

The optional `engine` extra (`pip install -e '.[engine]'`, numba) makes tools/sweep.py hand
game.core.strategies.levels.walk_levels this module's decide() (a LevelDecider). Where a partition
strategy weighs exactly (partition.exact_rule: every code left weighed, every code or the whole
symmetry-reduced pool as candidates, nothing sampled) its choice is the tie rule's over every code,
so this finds that choice by other means and the walk plays the same games; the numpy path spends
most of a node's time in the Python and numpy calls around its arithmetic (about 40 a node).

For each node (its codes left are exactly the walk's secrets there, so nothing is filtered):
- the codes left are weighed first (ascending, each orbit's lowest only: see below); the first that
  splits them into singletons is the choice (no split is better, and the tie rule prefers a code
  left, then the lowest);
- colours never played and colours no code left uses are interchangeable (pool.py): only the
  lowest code of each orbit is weighed, and only the colour multisets that hold one (an orbit of a
  code left is all codes left, and its lowest scores alike and comes first);
- each multiset is bounded below by its even cuts (every_code.py's docstring), and the multisets are
  weighed best bound first while the bound is below the best score found;
- a code's parts are counted from its grades OR-ed as bits, and only a code whose number of parts can
  still reach the best (the criterion of that many equal parts) is counted out in full; a node that
  weighs many codes reads the blacks off tables of every head (the first pegs // 2 pegs) and every
  tail against each code left, made once it has weighed as many codes as the tables have rows;
- then a code left tied with the best is the choice; else the lowest code tied, among those weighed
  and, lowest first, the codes of the multisets not weighed whose bound allows a tie (for entropy
  and squares, whose criteria are strictly convex, only a code with as many parts as that bound's
  even cut can tie there).
Scores are the criteria of partition.py (parts, largest part, sum of squares, n log2 n by the same
table as kernels.n_log2_n, summed in grade order), entropy's counted tied within the rule's relative
`tie`. Entropy's bounds are lowered by BOUND_SLACK (relative) for the tie search, so a float summed
in another order never prunes a code that ties.

numba's on-disk cache (cache=True, beside this file) is why this lives in tools/: the game never
imports it, so neither its start-up nor its frames pay for a compile. The first run on a machine
compiles (about 12 s of CPU); later runs load the compiled code (about 0.2 s). The kernels stay in
this one module although it is long: numba's cache is checked against the file that holds the cached
function only, so a helper moved to another module and edited there would leave a stale _decide.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

from game.core.codes import decode
from game.core.config import GameConfig
from game.core.kernels import multiset_groups_steps, n_log2_n, scorer_for
from game.core.solver import run
from game.core.strategies.partition import ExactRule

# The criteria's numbers in the compiled code.
KINDS = {"parts": 0, "largest": 1, "squares": 2, "entropy": 3}
# Entropy's even-cut bounds are lowered by this much (relative) for the tie search: far below
# ENTROPY_TIE, far above the rounding of a sum of a few dozen terms.
BOUND_SLACK = 1e-12


@numba.njit(cache=True, nogil=True, inline="always")
def _popcount(word: int) -> int:
    word = word - ((word >> 1) & 0x5555555555555555)
    word = (word & 0x3333333333333333) + ((word >> 2) & 0x3333333333333333)
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (word * 0x0101010101010101) >> 56


@numba.njit(cache=True, nogil=True, inline="always")
def _weigh(
    head, tail, guess, m, left, tri_row, tabled, heads, tails, grade_of, counts, kind, nlogn, part_bounds,
    limit,
):  # fmt: skip
    """(score, parts) of a code's split (its pegs `guess`, its number's head and tail) of the m codes
    left (their pegs `left`; tri_row: tri(common colours) of its multiset with each); the score is
    inf where the number of parts alone shows it cannot be within `limit` (part_bounds[parts]: the
    criterion of that many equal parts). Blacks are counted peg by peg, or read off the node's tables
    of blacks by head (the first pegs // 2 pegs) and tail (the rest) where `tabled`."""
    grades = counts.shape[0]
    seen = 0
    if tabled:
        head_row = heads[head]
        tail_row = tails[tail]
        if grades < 64:
            for j in range(m):
                grade = tri_row[j] + head_row[j] + tail_row[j]
                grade_of[j] = grade
                seen |= np.int64(1) << grade
        else:
            for j in range(m):
                grade_of[j] = tri_row[j] + head_row[j] + tail_row[j]
    else:
        for j in range(m):
            black = 0
            for p in range(guess.shape[0]):
                if guess[p] == left[j, p]:
                    black += 1
            grade = tri_row[j] + black
            grade_of[j] = grade
            if grades < 64:
                seen |= np.int64(1) << grade
    if grades < 64:
        parts = _popcount(seen)
        if kind == 0:
            return -float(parts), parts
        if part_bounds[parts] > limit:
            return np.inf, parts
        for j in range(m):
            counts[grade_of[j]] += 1
    else:
        for j in range(m):
            counts[grade_of[j]] += 1
        parts = 0
        for grade in range(grades):
            if counts[grade]:
                parts += 1
        if kind == 0 or part_bounds[parts] > limit:
            counts[:] = 0
            return (-float(parts) if kind == 0 else np.inf), parts
    total = 0.0
    for grade in range(grades):  # in grade order, as the numpy path sums its columns
        n = counts[grade]
        if n:
            if kind == 1:
                total = max(total, float(n))
            elif kind == 2:
                total += float(n * n)
            else:
                total += nlogn[n]
            counts[grade] = 0
    return total, parts


@numba.njit(cache=True, nogil=True)
def _black_table(table, left, m, first, stop, colours) -> None:
    """table[n, j]: the blacks of pegs first..stop - 1 numbered n (base colours, the last peg the
    lowest digit, as in a code number) against code left j."""
    for number in range(table.shape[0]):
        rest = number
        table[number, :m] = 0
        for p in range(stop - 1, first - 1, -1):
            colour = rest % colours
            rest //= colours
            for j in range(m):
                if left[j, p] == colour:
                    table[number, j] += 1


@numba.njit(cache=True, nogil=True)
def _black_tables(heads, tails, left, m, colours) -> None:
    """A node's tables of blacks: heads (its first pegs // 2 pegs) and tails (the rest)."""
    pegs = left.shape[1]
    _black_table(heads, left, m, 0, pegs // 2, colours)
    _black_table(tails, left, m, pegs // 2, pegs, colours)


@numba.njit(cache=True, nogil=True, inline="always")
def _weigh_next(
    weighed, tabled, tables_after, colours, head, tail, guess, m, left, tri_row, heads, tails, grade_of,
    counts, kind, nlogn, part_bounds, limit,
):  # fmt: skip
    """_weigh one more of a node's codes: (score, parts, codes weighed, tabled). The node's tables of
    blacks are made when it has weighed tables_after codes: the weighing so far pays for them."""
    weighed += 1
    if weighed == tables_after and not tabled:
        _black_tables(heads, tails, left, m, colours)
        tabled = True
    score, parts = _weigh(
        head, tail, guess, m, left, tri_row, tabled, heads, tails, grade_of, counts, kind, nlogn, part_bounds,
        limit,
    )  # fmt: skip
    return score, parts, weighed, tabled


@numba.njit(cache=True, nogil=True, inline="always")
def _tie_limit(best, tie) -> float:
    """The highest score that ties `best` (entropy's within its relative `tie`; others exactly)."""
    return best + tie * max(1.0, abs(best))


@numba.njit(cache=True, nogil=True)
def _even_cut(size, c, pegs, kind, nlogn) -> float:
    """The criterion's share of a class of `size` codes with c common colours cut into as many
    equal parts as it has grades (c + 1, or pegs when c = pegs)."""
    cuts = c + 1 if c < pegs else pegs
    whole, rest = divmod(size, cuts)
    if kind == 0:
        return -float(min(size, cuts))
    if kind == 1:
        return float(whole + (1 if rest else 0))
    if kind == 2:
        return float(rest * (whole + 1) ** 2 + (cuts - rest) * whole * whole)
    return rest * nlogn[whole + 1] + (cuts - rest) * nlogn[whole]


@numba.njit(cache=True, nogil=True)
def _even_bound(classes, pegs, kind, nlogn, cut_table, tabled) -> float:
    """The criterion of each class of common colours cut evenly (_even_cut; read off cut_table[c,
    size] where `tabled`): no guess of a multiset with these classes splits the codes better."""
    total = 0.0
    for c in range(pegs + 1):
        share = cut_table[c, classes[c]] if tabled else _even_cut(classes[c], c, pegs, kind, nlogn)
        if kind == 1:
            total = max(total, share)
        else:
            total += share
    if kind == 3:
        total -= BOUND_SLACK * max(1.0, abs(total))
    return total


@numba.njit(cache=True, nogil=True)
def _part_bounds(m, out, kind, nlogn) -> None:
    """out[p]: the criterion of m codes split into p equal parts (a bound for any split into p)."""
    out[0] = np.inf
    for parts in range(1, out.shape[0]):
        if parts > m:
            out[parts] = np.inf
            continue
        whole, rest = divmod(m, parts)
        if kind == 0:
            out[parts] = -float(parts)
        elif kind == 1:
            out[parts] = whole + (1 if rest else 0)
        elif kind == 2:
            out[parts] = rest * (whole + 1) ** 2 + (parts - rest) * whole * whole
        else:
            bound = rest * nlogn[whole + 1] + (parts - rest) * nlogn[whole]
            out[parts] = bound - BOUND_SLACK * max(1.0, abs(bound))


@numba.njit(cache=True, nogil=True, inline="always")
def _canonical(code, class_of, classes) -> bool:
    """Whether a code (its pegs) meets each class's colours in the class's order (its orbit's
    lowest code)."""
    at0 = 0
    at1 = 0
    seen = 0
    for p in range(code.shape[0]):
        colour = np.int64(code[p])
        k = class_of[colour]
        if k < 0 or (seen >> colour) & 1:
            continue
        if k == 0:
            if classes[0, at0] != colour:
                return False
            at0 += 1
        else:
            if classes[1, at1] != colour:
                return False
            at1 += 1
        seen |= np.int64(1) << colour
    return True


@numba.njit(cache=True, nogil=True)
def _decide(
    kind, tie, consistent_only, codes, firsts, sizes, nodes, played, pegs_of, ms_of, order, order_pegs,
    order_head, order_tail, starts, common, ms_counts, nlogn,
):  # fmt: skip
    count, pegs = pegs_of.shape
    colours = ms_counts.shape[1]
    multisets = common.shape[0]
    grades = (pegs + 1) * (pegs + 2) // 2
    largest = 1
    for node in nodes:
        largest = max(largest, sizes[node])
    left = np.empty((largest, pegs), np.uint8)
    left_ms = np.empty(largest, np.int64)
    tri_row = np.empty(largest, np.uint8)
    left_scores = np.empty(largest, np.float64)
    tri = np.empty(pegs + 1, np.uint8)
    for c in range(pegs + 1):
        tri[c] = c * (c + 1) // 2
    per_ms = np.zeros(multisets, np.int64)
    distinct = np.empty(multisets, np.int64)
    distinct_count = np.empty(multisets, np.int64)
    tie_screen = np.empty(grades + 1, np.float64)
    bounds = np.empty(multisets, np.float64)
    hopeful = np.empty(multisets, np.int64)
    later = np.empty(multisets, np.int64)
    later_first = np.empty(multisets, np.int64)
    counts = np.zeros(grades, np.int64)
    grade_of = np.empty(largest, np.uint8)
    head_pegs = pegs // 2
    heads = np.empty((colours**head_pegs, largest), np.uint8)
    tails = np.empty((colours ** (pegs - head_pegs), largest), np.uint8)
    # a node makes its tables of blacks once it has weighed this many codes (their cost in cells)
    tables_after = heads.shape[0] + tails.shape[0]
    part_bounds = np.empty(grades + 1, np.float64)
    cut_table = np.empty((pegs + 1, min(largest, multisets) + 1), np.float64)
    classes_of = np.zeros(pegs + 1, np.int64)
    tied_codes = np.empty(count, np.int64)
    tied_scores = np.empty(count, np.float64)
    class_of = np.empty(colours, np.int64)
    classes = np.empty((2, colours), np.int64)
    lengths = np.zeros(2, np.int64)
    out = np.empty(nodes.shape[0], np.int64)
    slack = BOUND_SLACK
    for k in range(nodes.shape[0]):
        node = nodes[k]
        first = firsts[node]
        m = sizes[node]
        used = 0
        for j in range(m):
            x = codes[first + j]
            for p in range(pegs):
                left[j, p] = pegs_of[x, p]
                used |= np.int64(1) << np.int64(pegs_of[x, p])
            left_ms[j] = ms_of[x]
        # the classes of interchangeable colours: never played (and used), and used by no code left
        lengths[:] = 0
        for c in range(colours):
            if not (used >> c) & 1:
                classes[1, lengths[1]] = c
                lengths[1] += 1
            elif not (played[node] >> c) & 1:
                classes[0, lengths[0]] = c
                lengths[0] += 1
        class_of[:] = -1
        symmetric = lengths[0] > 1 or lengths[1] > 1  # else every code is its orbit's lowest
        for which in range(2):
            if lengths[which] > 1:
                for i in range(lengths[which]):
                    class_of[classes[which, i]] = which
        _part_bounds(m, part_bounds, kind, nlogn)
        tabled = False
        weighed = 0
        cuts_tabled = m < multisets  # each class's even cut worked out once per size, not per multiset
        if cuts_tabled:
            for c in range(pegs + 1):
                for size in range(m + 1):
                    cut_table[c, size] = _even_cut(size, c, pegs, kind, nlogn)
        # the codes left, ascending: the first split into singletons is the choice
        best = np.inf
        chosen = -1
        for j in range(m):
            x = codes[first + j]
            if symmetric and not _canonical(left[j], class_of, classes):
                left_scores[j] = np.inf  # its orbit's lowest code is a code left too, and lower
                continue
            g = left_ms[j]
            for i in range(m):
                tri_row[i] = tri[common[g, left_ms[i]]]
            limit = _tie_limit(best, tie)
            score, parts, weighed, tabled = _weigh_next(
                weighed, tabled, tables_after, colours, x // tails.shape[0], x % tails.shape[0], left[j], m,
                left, tri_row, heads, tails, grade_of, counts, kind, nlogn, part_bounds, limit,
            )
            if parts == m:
                chosen = x
                break
            left_scores[j] = score
            best = min(best, score)
        if chosen >= 0:
            out[k] = chosen
            continue
        limit = _tie_limit(best, tie)
        if consistent_only:
            for j in range(m):
                if left_scores[j] <= limit:
                    out[k] = codes[first + j]
                    break
            continue
        # every multiset that holds an orbit's lowest code and whose bound may tie the best so far
        kinds_left = 0
        for j in range(m):
            g = left_ms[j]
            if per_ms[g] == 0:
                distinct[kinds_left] = g
                kinds_left += 1
            per_ms[g] += 1
        found = 0
        for g in range(multisets):
            allowed = True
            for which in range(2):
                for i in range(lengths[which] - 1):
                    if ms_counts[g, classes[which, i]] == 0 and ms_counts[g, classes[which, i + 1]] > 0:
                        allowed = False
            if not allowed:
                continue
            classes_of[:] = 0
            for t in range(kinds_left):
                s = distinct[t]
                classes_of[common[g, s]] += per_ms[s]
            bound = _even_bound(classes_of, pegs, kind, nlogn, cut_table, cuts_tabled)
            if bound <= limit:
                bounds[found] = bound
                hopeful[found] = g
                found += 1
        for t in range(kinds_left):
            distinct_count[t] = per_ms[distinct[t]]
            per_ms[distinct[t]] = 0
        ranked = np.argsort(bounds[:found])
        if not tabled:  # tables now, if the multisets that may hold a better code hold enough codes
            ahead = 0
            for t in range(found):
                if bounds[t] < best:
                    ahead += starts[hopeful[t] + 1] - starts[hopeful[t]]
            if ahead >= 2 * tables_after:
                _black_tables(heads, tails, left, m, colours)
                tabled = True
        # first the best score: multisets best bound first while the bound is below the best found
        tied = 0
        at = 0
        # (entropy's bounds were lowered for the tie search: a multiset whose bound only ties with the
        # best holds no better code, and is left to it)
        while at < found and bounds[ranked[at]] < best - (slack * max(1.0, abs(best)) if kind == 3 else 0.0):
            g = hopeful[ranked[at]]
            at += 1
            for i in range(m):
                tri_row[i] = tri[common[g, left_ms[i]]]
            limit = _tie_limit(best, tie)
            for q in range(starts[g], starts[g + 1]):
                x = order[q]
                if symmetric and not _canonical(order_pegs[q], class_of, classes):
                    continue
                score, _, weighed, tabled = _weigh_next(
                    weighed, tabled, tables_after, colours, order_head[q], order_tail[q], order_pegs[q], m,
                    left, tri_row, heads, tails, grade_of, counts, kind, nlogn, part_bounds, limit,
                )
                if score < best:
                    best = score
                    limit = _tie_limit(best, tie)
                if score <= limit:
                    tied_codes[tied] = x
                    tied_scores[tied] = score
                    tied += 1
        limit = _tie_limit(best, tie)
        chosen = -1
        for j in range(m):
            if left_scores[j] <= limit:
                chosen = codes[first + j]
                break
        if chosen >= 0:
            out[k] = chosen
            continue
        lowest = count
        for t in range(tied):
            if tied_scores[t] <= limit and tied_codes[t] < lowest:
                lowest = tied_codes[t]
        # then a lower tie among the multisets not weighed whose bound allows one, lowest code first
        rest = 0
        while at < found and bounds[ranked[at]] <= limit:
            later[rest] = hopeful[ranked[at]]
            later_first[rest] = order[starts[later[rest]]]
            rest += 1
            at += 1
        for t in np.argsort(later_first[:rest]):
            g = later[t]
            if order[starts[g]] >= lowest:
                break
            ready = False
            for q in range(starts[g], starts[g + 1]):
                x = order[q]
                if x >= lowest:
                    break
                if symmetric and not _canonical(order_pegs[q], class_of, classes):
                    continue
                if not ready:
                    for i in range(m):
                        tri_row[i] = tri[common[g, left_ms[i]]]
                    # This multiset's bound is the best score (it was not weighed for a better one):
                    # under a strictly convex criterion (entropy, squares) only a code cutting every
                    # class evenly, into as many parts as the class has grades or codes, reaches it.
                    tie_screen[:] = part_bounds
                    if kind >= 2:
                        classes_of[:] = 0
                        for t2 in range(kinds_left):
                            classes_of[common[g, distinct[t2]]] += distinct_count[t2]
                        most_parts = 0
                        for c in range(pegs + 1):
                            most_parts += min(classes_of[c], c + 1 if c < pegs else pegs)
                        tie_screen[:most_parts] = np.inf
                    ready = True
                score, _, weighed, tabled = _weigh_next(
                    weighed, tabled, tables_after, colours, order_head[q], order_tail[q], order_pegs[q], m,
                    left, tri_row, heads, tails, grade_of, counts, kind, nlogn, tie_screen, limit,
                )
                if score <= limit:
                    lowest = x
                    break
        out[k] = lowest
    return out


@functools.lru_cache(maxsize=2)
def _tables(pegs: int, colours: int) -> tuple[np.ndarray, ...]:
    """Every code's pegs and multiset id, the codes grouped by multiset, the common-colour table, each
    multiset's colour counts and the n log2 n table: made once per size."""
    scorer = scorer_for(pegs, colours)
    groups = run(multiset_groups_steps(scorer))
    count = colours**pegs
    pegs_of = decode(np.arange(count), pegs, colours).astype(np.uint8)
    ms_of = scorer.ids_of_indices(np.arange(count)).astype(np.int64)
    digits = scorer.keys[:, None] // (pegs + 1) ** np.arange(colours, dtype=np.int64)
    ms_counts = (digits % (pegs + 1)).astype(np.uint8)
    nlogn = n_log2_n(1 << count.bit_length())
    order = groups.order.astype(np.int64)
    # the pegs of the codes in group order: a multiset's codes are read one after another
    order_pegs = np.ascontiguousarray(pegs_of[order])
    order_head, order_tail = np.divmod(order, colours ** (pegs - pegs // 2))
    tables = (pegs_of, ms_of, order, order_pegs, order_head, order_tail, groups.starts, scorer.common)
    return (*tables, ms_counts, nlogn)


def decide(
    config: GameConfig,
    rule: ExactRule,
    codes: np.ndarray,
    firsts: np.ndarray,
    sizes: np.ndarray,
    nodes: np.ndarray,
    played: np.ndarray,
) -> np.ndarray:
    """levels.LevelDecider: the guess (code number) the rule plays at each of `nodes`."""
    i64 = functools.partial(np.ascontiguousarray, dtype=np.int64)
    return _decide(
        KINDS[rule.criterion],
        float(rule.tie),
        bool(rule.consistent_only),
        i64(codes),
        i64(firsts),
        i64(sizes),
        i64(nodes),
        i64(played),
        *_tables(config.pegs, config.colours),
    )
