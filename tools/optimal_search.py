"""The exact search behind tools/optimal.py: code space, lower bound, branch and bound (its symmetry
is in tools/optimal_symmetry.py).

Pure computation (numpy, no I/O); tools/optimal.py runs it and writes the table. See that module's
docstring for the method. Invariants: Search.solve() returns an exact cost when it is below the limit
it was given, otherwise a proven lower bound that is at least the limit; memo entries marked exact
carry the guess that achieves them, so strategy() can read the optimal tree back.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np

from game.core.codes import Feedback, colour_counts, decode
from game.core.variants import Grade, GridVariant, RowVariant
from tools.optimal_symmetry import Symmetry, child_symmetry, first_guess_symmetry  # also read from here

INFINITE_COST = 10**9  # larger than any total; marks "impossible within the cap"


@dataclass(frozen=True)
class Space:
    """The legal codes of one size, their pairwise grades as dense ids, and the id of the win."""

    pegs: int
    colours: int
    duplicates: bool
    codes: np.ndarray  # (N, pegs) uint8, in code-number order
    table: np.ndarray  # (N, N) uint8: table[g, s] = grade id of guess g against secret s
    grades: tuple[Grade, ...]  # grade id -> grade; the last one is the win
    win: int
    grid: tuple[int, int] | None = None  # (rows, columns) of the 2-D puzzle; codes are its cells

    @property
    def size(self) -> int:
        return int(self.codes.shape[0])


def possible_grades(pegs: int, grid: tuple[int, int] | None = None) -> tuple[Grade, ...]:
    """Every grade that can occur, the win (all black) last."""
    if grid is not None:
        variant = GridVariant(*grid)
        grades = []
        for packed in range(variant.grade_count):
            try:
                grade = variant.check_grade(variant.unpack(packed))
            except ValueError:
                continue
            if grade != variant.win_grade:
                grades.append(grade)
        return tuple(grades) + (variant.win_grade,)
    grades = [
        Feedback(b, w)
        for b in range(pegs + 1)
        for w in range(pegs + 1 - b)
        if (b, w) != (pegs, 0) and (b, w) != (pegs - 1, 1)
    ]
    return tuple(grades) + (Feedback(pegs, 0),)


def build_space(
    pegs: int, colours: int, duplicates: bool = True, grid: tuple[int, int] | None = None
) -> Space:
    codes = decode(np.arange(colours**pegs), pegs, colours)
    if not duplicates:
        distinct = np.array([len(set(row)) == pegs for row in codes.tolist()], dtype=bool)
        codes = codes[distinct]
    grades = possible_grades(pegs, grid)
    variant = RowVariant(pegs) if grid is None else GridVariant(*grid)
    packed_to_id = np.full(variant.grade_count, 255, dtype=np.uint8)
    for grade_id, grade in enumerate(grades):
        packed_to_id[variant.pack(grade)] = grade_id
    counts = colour_counts(codes, colours)
    table = np.empty((codes.shape[0], codes.shape[0]), dtype=np.uint8)
    for row, guess in enumerate(codes.tolist()):
        table[row] = packed_to_id[variant.score_many(tuple(guess), codes, colours, counts)]
    return Space(pegs, colours, duplicates, codes, table, grades, len(grades) - 1, grid)


def tree_bound(size_limit: int, branches: int, max_depth: int | None) -> np.ndarray:
    """bound[s] = least total guesses any strategy needs for s codes (INFINITE_COST if over the cap).

    At most one code is found with the first guess, and every guess leaves at most `branches`
    non-winning classes, so at most branches**(k-1) codes are found with exactly k guesses.
    """
    bound = np.zeros(size_limit + 1, dtype=np.int64)
    filled, cost, depth, level_capacity = 0, 0, 1, 1
    for s in range(1, size_limit + 1):
        while filled >= level_capacity:
            filled -= level_capacity
            depth += 1
            level_capacity *= branches
        if max_depth is not None and depth > max_depth:
            bound[s:] = INFINITE_COST
            break
        cost += depth
        filled += 1
        bound[s] = cost
    return bound


@dataclass
class MemoEntry:
    value: int  # exact cost if exact, else a proven lower bound
    exact: bool
    guess: int = -1


@dataclass
class Search:
    """Branch and bound with memoisation; solve() is the recursion, strategy() reads the result."""

    space: Space
    max_depth: int | None = None
    memo: dict[tuple[bytes, int], MemoEntry] = field(default_factory=dict)
    nodes: int = 0

    def __post_init__(self) -> None:
        n, k = self.space.size, len(self.space.grades)
        # Without a cap the depth never binds: keep it constant so a candidate set has one memo key.
        self.depth_limit = self.max_depth if self.max_depth is not None else n + 1
        self.depth_step = 1 if self.max_depth is not None else 0
        self.branches = k - 1  # non-winning grades: the most classes a guess can leave
        self._bounds: dict[tuple[int, int], np.ndarray] = {}
        self._canonical: dict[Symmetry, np.ndarray] = {}
        self._dead_guesses: dict[int, np.ndarray] = {}
        self.row_offsets = (np.arange(n, dtype=np.int64) * k)[:, None]
        self.all_guesses = np.arange(n)
        # by_secret[s] = every guess's grade against code s: a node gathers whole rows (a column
        # gather of the table is several times slower). Grades are symmetric for the row's game.
        table = self.space.table
        self.by_secret = table if np.array_equal(table, table.T) else np.ascontiguousarray(table.T)
        self.guess_ids = np.arange(n, dtype=np.int32)
        # one_bit[grade] = 1 << grade: a small node ORs them to learn which grades each guess gives
        self.one_bit = (np.uint64(1) << np.arange(k, dtype=np.uint64)) if k <= 64 else None

    def bound(self, depth: int, branches: int | None = None) -> np.ndarray:
        """tree_bound() for `depth` guesses allowed and at most `branches` classes a guess (all the
        non-winning grades by default), made once and kept."""
        branches = self.branches if branches is None else branches
        key = (depth if self.max_depth is not None else -1, branches)
        table = self._bounds.get(key)
        if table is None:
            cap = depth if self.max_depth is not None else None
            table = self._bounds[key] = tree_bound(self.space.size, branches, cap)
        return table

    def canonical_guesses(self, symmetry: Symmetry) -> np.ndarray:
        """The guesses that represent their orbit under `symmetry`, ascending (kept: the children of
        one guess, and every node below them until the next guess, share it)."""
        kept = self._canonical.get(symmetry)
        if kept is None:
            kept = self._canonical[symmetry] = np.flatnonzero(symmetry.canon(self.space) == self.all_guesses)
        return kept

    def dead_colour_guesses(self, cands: np.ndarray) -> np.ndarray | None:
        """The guesses worth weighing for `cands` when no symmetry is left: colours no code of them
        holds never score, so two guesses that differ only by relabelling such colours split the
        codes alike and only the lowest-numbered one (its dead colours the smallest, in order of
        first appearance) is kept; None when that removes nothing (fewer than two dead colours)."""
        space = self.space
        if space.grid is not None:
            return None
        present = np.zeros(space.colours, dtype=bool)
        present[space.codes[cands]] = True
        if space.colours - int(present.sum()) < 2:
            return None
        mask = sum(1 << c for c in np.flatnonzero(present).tolist())
        kept = self._dead_guesses.get(mask)
        if kept is None:
            dead = tuple(int(c) for c in np.flatnonzero(~present))
            same = tuple(-1 if c in dead else c for c in range(space.colours))
            relabel = Symmetry(dead, ((tuple(range(space.pegs)), same),))
            kept = self._dead_guesses[mask] = np.flatnonzero(relabel.canon(space) == self.all_guesses)
        return kept

    def small_node(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, int] | None:
        """For a few codes: (whether each guess could be the secret, how many non-winning classes it
        leaves, the most any guess leaves), from one OR of grade bits a guess, when every class is
        then small enough (at most `most` + 1 codes) for its bound to be 2s - 1; else None (the
        caller counts class sizes). Only without a cap, whose bounds also depend on the depth."""
        if self.one_bit is None or self.max_depth is not None:
            return None
        n, win = rows.shape[0], self.space.win
        bits = np.bitwise_or.reduce(self.one_bit[rows], axis=0)
        consistent = (bits >> np.uint64(win)) & np.uint64(1) == 1
        classes = np.bitwise_count(bits & ~(np.uint64(1) << np.uint64(win))).astype(np.int64)
        most = int(classes.max())
        # a useful guess leaves classes of at most n - 1 codes, within the bound's 2s - 1 when
        # n - 1 <= most + 1
        if n > most + 2:
            return None
        return consistent, classes, most

    def solve(
        self,
        cands: np.ndarray,
        depth: int,
        limit: int,
        symmetry: Symmetry | None = None,
        branches: int | None = None,
    ) -> int:
        """Least total for the codes `cands` (sorted indices) with `depth` guesses allowed.

        `branches`: at most this many classes any guess leaves of `cands` (the parent's most: a
        guess never leaves more classes of a subset than of the whole), for the lower bound.
        The result is exact when below `limit`; otherwise it is a lower bound that is >= limit.
        """
        n = cands.shape[0]
        if n == 1:
            return 1 if depth >= 1 else INFINITE_COST
        if depth <= 1:
            return INFINITE_COST
        if n == 2:
            return 3
        own_bound = self.bound(depth, branches)
        if own_bound[n] >= limit:
            return int(own_bound[n])
        key = (cands.tobytes(), depth)
        entry = self.memo.get(key)
        if entry is not None and (entry.exact or entry.value >= limit):
            return entry.value
        self.nodes += 1
        space = self.space
        win = space.win
        k = len(space.grades)
        # The guesses weighed, one a column (ids: each column's guess, ascending): one per orbit of
        # the symmetry left, or without one, one per class of guesses alike but for colours no code
        # here holds. Either way the guesses left out split the codes as one weighed does.
        ids = self.canonical_guesses(symmetry) if symmetry is not None else self.dead_colour_guesses(cands)
        rows = self.by_secret[cands]
        if ids is None:
            ids = self.all_guesses
        else:
            rows = rows[:, ids]
        width = ids.shape[0]
        small = self.small_node(rows) if n <= self.branches + 2 else None
        if small is not None:  # every class of at most `most` + 1 codes: its bound is 2s - 1
            consistent, classes, most = small
            splitters = classes == n - consistent
        else:
            # counts[grade, column]: how many of the codes each guess gives each grade
            keys = rows.astype(np.int32) * width + self.guess_ids[:width]
            counts = np.bincount(keys.ravel(), minlength=k * width).reshape(k, width)
            losing = counts[:win]
            biggest = losing.max(axis=0)
            consistent = counts[win] > 0
            splitters = biggest <= 1
        if splitters.any():
            hits = np.flatnonzero(splitters & consistent)
            if hits.size:
                value, guess = 2 * n - 1, int(ids[hits[0]])
            else:
                value, guess = 2 * n, int(ids[np.flatnonzero(splitters)[0]])
            self.memo[key] = MemoEntry(value, True, guess)
            return value
        child_depth = depth - self.depth_step
        if small is not None:
            child_bound = self.bound(child_depth, most)
            # the classes of a guess hold n codes less the one it may win, each class costing 2s - 1
            lower = n + 2 * (n - consistent.astype(np.int64)) - classes
            lower[(classes == 1) & ~consistent] = INFINITE_COST  # a guess that tells nothing
        else:
            # Every class below is a subset of these codes: no guess leaves it more classes than the
            # most any guess leaves here, which tightens the bound on each class's cost.
            most = int((losing > 0).sum(axis=0).max())
            child_bound = self.bound(child_depth, most)
            lower = n + child_bound[losing].sum(axis=0)
            lower[(biggest == n) & ~consistent] = INFINITE_COST  # a guess that tells nothing
        # Only guesses whose bound is under the limit can be played; they are tried by bound, codes
        # still possible first on ties, then by index (the stable sort keeps index order).
        live = np.flatnonzero(lower < limit)
        order = live[np.argsort((lower[live] * 2 + ~consistent[live]), kind="stable")]
        best, best_guess = limit, -1
        node_bound = INFINITE_COST
        for column in order.tolist():
            guess_bound = int(lower[column])
            if guess_bound >= best:
                node_bound = min(node_bound, guess_bound)
                break
            guess = int(ids[column])
            grades = space.table[guess, cands]
            by_grade = np.argsort(grades, kind="stable")
            sorted_grades = grades[by_grade]
            sorted_cands = cands[by_grade]
            cuts = np.flatnonzero(np.diff(sorted_grades)) + 1
            parts = np.split(sorted_cands, cuts)
            if sorted_grades[-1] == win:
                parts.pop()
            parts.sort(key=len)  # small classes first: their exact costs tighten the limit for big ones
            rest_bound = guess_bound - n
            total = n
            child_sym = child_symmetry(space, symmetry, guess) if symmetry is not None else None
            for part in parts:
                rest_bound -= int(child_bound[part.shape[0]])
                child_limit = best - total - rest_bound
                value = self.solve(part, child_depth, child_limit, child_sym, most)
                if value >= child_limit:
                    node_bound = min(node_bound, total + value + rest_bound)
                    break
                total += value
            else:
                best, best_guess = total, guess
        else:  # every guess under the limit was tried: the others cost at least their bounds
            if best_guess < 0 and live.shape[0] < lower.shape[0]:
                node_bound = min(node_bound, int(lower[lower >= limit].min()))
        if best_guess >= 0:
            self.memo[key] = MemoEntry(best, True, best_guess)
            return best
        if entry is not None:
            node_bound = max(node_bound, entry.value)
        node_bound = max(node_bound, limit)
        self.memo[key] = MemoEntry(node_bound, False)
        return node_bound

    def solve_all(self, limit: int = INFINITE_COST) -> int:
        """Optimal total over the whole space (INFINITE_COST if the cap cannot be met). With a `limit`
        (a known strategy's total + 1) every branch is cut against it from the start: a total below
        it is still the optimum, else the result is a lower bound >= limit."""
        return self.solve(self.all_guesses.copy(), self.depth_limit, limit, first_guess_symmetry(self.space))

    def choice(self, cands: np.ndarray, depth: int) -> int:
        """The guess the solved search plays for `cands` (after solve_all)."""
        if cands.shape[0] <= 2:
            return int(cands[0])
        entry = self.memo[(cands.tobytes(), depth)]
        assert entry.exact, "choice() asked for a position the search did not solve exactly"
        return entry.guess

    def root_order(self) -> list[int]:
        """The first guesses solve_all() tries, in its order: one per shape, by lower bound, then index."""
        n, k = self.space.size, len(self.space.grades)
        counts = np.bincount((self.space.table + self.row_offsets).ravel(), minlength=n * k).reshape(-1, k)
        lower = n + self.bound(self.depth_limit - self.depth_step)[counts[:, : self.space.win]].sum(axis=1)
        canonical = first_guess_symmetry(self.space).canon(self.space) == self.all_guesses
        order = np.lexsort((self.all_guesses, lower))
        return [int(g) for g in order if canonical[g]]

    def solve_first(self, first: int, limit: int = INFINITE_COST) -> int:
        """The least total over every code when the first guess is `first`: exact when below `limit`,
        else a lower bound >= limit (the same pruning as solve() applies to each guess)."""
        cands = self.all_guesses
        grades = self.space.table[first, cands]
        parts = [cands[grades == g] for g in np.unique(grades).tolist() if g != self.space.win]
        parts.sort(key=len)
        symmetry = child_symmetry(self.space, first_guess_symmetry(self.space), first)
        child_depth = self.depth_limit - self.depth_step
        child_bound = self.bound(child_depth)
        rest_bound = sum(int(child_bound[part.shape[0]]) for part in parts)
        total = cands.shape[0]
        for part in parts:
            rest_bound -= int(child_bound[part.shape[0]])
            child_limit = limit - total - rest_bound
            value = self.solve(part, child_depth, child_limit, symmetry)
            if value >= child_limit:
                return min(max(limit, total + value + rest_bound), INFINITE_COST)
            total += value
        return total

    def strategy(self, first: int | None = None) -> dict[tuple[Feedback, ...], tuple[int, ...]]:
        """The solved strategy as {grades so far: guess}, for every position it reaches (preorder).

        With `first`, the strategy that opens with that guess (after solve_first(first)).
        """
        return self.strategy_below((), self.all_guesses.copy(), self.depth_limit, first)

    def strategy_below(
        self, path: tuple, cands: np.ndarray, depth: int, first: int | None = None
    ) -> dict[tuple[Feedback, ...], tuple[int, ...]]:
        """strategy() from the position `path` (grades so far), whose codes `cands` were solved."""
        moves: dict[tuple[Feedback, ...], tuple[int, ...]] = {}
        stack, stack_root = [(path, cands, depth)], path
        while stack:
            path, cands, depth = stack.pop()
            guess = first if (first is not None and path == stack_root) else self.choice(cands, depth)
            moves[path] = tuple(int(p) for p in self.space.codes[guess])
            grades = self.space.table[guess, cands]
            children = []
            for grade_id in np.unique(grades).tolist():
                if grade_id == self.space.win:
                    continue
                child = cands[grades == grade_id]
                children.append((path + (self.space.grades[grade_id],), child, depth - self.depth_step))
            stack.extend(reversed(children))
        return moves


def solve_opening(job: tuple) -> tuple[int, dict, int]:
    """(total, strategy, nodes) of the best strategy opening with one first guess (a worker's share);
    the strategy is empty when the opening cannot beat the limit."""
    pegs, colours, duplicates, grid, max_depth, first, limit = job
    search = Search(build_space(pegs, colours, duplicates, grid), max_depth)
    total = search.solve_first(first, limit)
    moves = search.strategy(first) if total < limit else {}
    return total, moves, search.nodes


def solve_split(
    space: Space, max_depth: int | None, executor: Executor, limit: int = INFINITE_COST
) -> tuple[int, dict, int]:
    """The search of Search.solve_all() with the first guesses' subtrees solved by `executor`.

    The first guess solve_all() tries first is solved alone; its total is the bound every other first
    guess must beat, and those are solved at once, one per worker, each pruning against that bound
    (they share nothing else). The winner is the first, in solve_all()'s order, of those with the
    least total, which is the guess solve_all() keeps, so the table is the same.
    """
    order = Search(space, max_depth).root_order()
    size = (space.pegs, space.colours, space.duplicates, space.grid, max_depth)
    results = [executor.submit(solve_opening, (*size, order[0], limit)).result()]
    limit = min(limit, results[0][0])
    results += list(executor.map(solve_opening, [(*size, first, limit) for first in order[1:]]))
    best = min(range(len(order)), key=lambda i: (results[i][0], i))
    total, moves, _ = results[best]
    return total, moves, sum(result[2] for result in results)
