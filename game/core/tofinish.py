"""Expected guesses to finish: on average over the codes still possible, how many guesses a guess and
the play after it need to find the code (the guess itself counted). The post-game analysis
(postgame.py) compares the player's guess and the best guess by this one measure.

- Exact where an optimal table covers the position: a table made by tools/optimal.py without a cap
  (fewest guesses in total over every secret) plays optimally from every position on its own path,
  so the average of its guess counts over the codes still possible is the least any play can
  reach from there (table_to_finish_steps).
- Exact where few codes are left (exact_to_finish_steps, at most EXACT_CODES): every legal code is
  weighed as the next guess at every position below, with optimal play after, by a branch and bound
  whose bound is what k codes need at the very least (one found at once, the rest at the next
  guess: 2 - 1/k on average); it gives up (None) past EXACT_NODES positions weighed.
- An estimate elsewhere (to_finish_steps): the guess, then expected-size play (each later guess the
  one that leaves the fewest codes on average, Irving's rule; among every legal code when the
  space has a score table, else among the codes still possible, cut to CELL_BUDGET cells). Over the
  whole set while it holds at most FULL_TREE_CODES codes (then it is the exact score of a real way
  to play, so never below the optimum), else over SAMPLE_SECRETS secrets drawn with a fixed seed:
  every guess weighed at one Position meets the same secrets, so two guesses are compared fairly.

Positions are index arrays into a SmallSpace (space.py). Pure (numpy, no clock, no file); the work
is generators yielding Progress every few nodes, like the strategies; grades go through the
config's variant (Variant.grades_between), so grid games (black, grey, white) work the same.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

import numpy as np

from .codes import Code, encode
from .config import GameConfig
from .headtail import WORK_PER_YIELD
from .optimal import StrategyTable
from .solver import History, Progress, run
from .space import SmallSpace, has_table, score_table, sorted_contains

FULL_TREE_CODES = 1_500  # weigh every code still possible up to this many, else a sample
EXACT_CODES = 12  # at most this many codes still possible: the exact optimum, not an estimate
EXACT_NODES = 4_000  # positions the exact search may weigh before it gives up (None)
SAMPLE_SECRETS = 96  # secrets a large position is weighed on
CELL_BUDGET = 400_000  # guess-by-code grades one expected-size choice may look at
NODES_PER_YIELD = 16
# What one call of Position.grades() costs besides its cells (numpy calls on small blocks), counted
# as this much grading so that many small calls also end a step.
GRADES_CALL_WORK = 40_000


def is_exact_table(table: StrategyTable | None) -> bool:
    """Is `table` optimal for expected guesses (uncapped, fewest guesses in total)? Opening books and
    capped tables are not."""
    if table is None:
        return False
    header = table.header
    return header.get("cap") == "none" and "fewest guesses in total" in header.get("objective", "")


@dataclass
class Position:
    """The codes still possible at one point of a game (sorted positions in `space`), and what weighing
    guesses there shares: the score table if the space has one, the sampled secrets, the choices made."""

    config: GameConfig
    space: SmallSpace
    possible: np.ndarray
    seed: int = 0
    table: np.ndarray | None = None
    secrets: np.ndarray | None = None  # None: weigh every code still possible
    _choices: dict[bytes, int] = field(default_factory=dict)
    _rows: dict[tuple[int, bytes], np.ndarray] = field(default_factory=dict)
    work: int = 0  # byte-operations of grading since the last yield (see due())

    @classmethod
    def of(cls, config: GameConfig, space: SmallSpace, possible: np.ndarray, seed: int = 0) -> Position:
        possible = np.sort(np.asarray(possible, dtype=np.int64))
        table = score_table(config) if has_table(config) else None
        secrets = None
        if possible.shape[0] > FULL_TREE_CODES:
            rng = np.random.default_rng(seed)
            secrets = np.sort(rng.choice(possible, SAMPLE_SECRETS, replace=False))
        return cls(config, space, possible, seed, table, secrets)

    @property
    def sampled(self) -> bool:
        return self.secrets is not None

    def position_of(self, code: Code) -> int:
        index = encode(np.array([code], dtype=np.int64), self.config.colours)
        return int(self.space.positions(index)[0])

    @property
    def cell_cost(self) -> int:
        """Byte-operations to grade one (guess, code) pair and count it into a split."""
        if self.table is not None:
            return 24
        config = self.config
        return config.variant.grade_cost(config.colours) + 24

    def due(self) -> bool:
        """Has about WORK_PER_YIELD of grading been done since the last time this said so? Loops yield
        when it has, so a step stays near the strategies' ~2 ms wherever the grading happens."""
        if self.work < WORK_PER_YIELD:
            return False
        self.work = 0
        return True

    def grades(self, guesses: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """Packed grades (k, m) of guesses against codes, both positions in the space."""
        self.work += guesses.shape[0] * codes.shape[0] * self.cell_cost + GRADES_CALL_WORK
        if self.table is not None:
            return self.table[np.ix_(guesses, codes)]
        space = self.space
        return self.config.variant.grades_between(
            space.codes[guesses], space.counts[guesses], space.codes[codes], space.counts[codes]
        )

    def choose_steps(self, codes: np.ndarray) -> Generator[Progress, None, int]:
        """Expected-size play's guess at the position whose possible codes are `codes` (sorted); the
        pool is graded a block of about WORK_PER_YIELD at a time."""
        key = codes.tobytes()
        chosen = self._choices.get(key)
        if chosen is not None:
            return chosen
        if codes.shape[0] <= 2:
            chosen = int(codes[0])
        else:
            pool = np.arange(self.space.indices.shape[0]) if self.table is not None else codes
            if pool.shape[0] * codes.shape[0] > CELL_BUDGET:
                keep = max(1, CELL_BUDGET // codes.shape[0])
                pool = codes[np.linspace(0, codes.shape[0] - 1, keep).astype(np.int64)]
            squares = np.empty(pool.shape[0], dtype=np.int64)
            block = max(1, WORK_PER_YIELD // (codes.shape[0] * self.cell_cost))
            for start in range(0, pool.shape[0], block):
                rows = pool[start : start + block]
                squares[start : start + block] = split_squares(self.grades(rows, codes))
                if self.due():
                    yield Progress(start, pool.shape[0], "weighing guesses")
            # fewest codes left on average; among equals a code that can win, then the lowest
            inside = sorted_contains(codes, pool)  # not np.isin: its first call imports numpy.ma, ~10 ms
            chosen = int(pool[np.lexsort((pool, ~inside, squares))[0]])
        self._choices[key] = chosen
        return chosen

    def choose(self, codes: np.ndarray) -> int:
        """Plain-function form of choose_steps()."""
        return run(self.choose_steps(codes))

    def split_row(self, guess: int, codes: np.ndarray) -> np.ndarray:
        """The grades of `codes` for `guess`, kept for the sampled secrets that pass the same way."""
        key = (guess, codes.tobytes())
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = self.grades(np.array([guess]), codes)[0]
        return row

    def parts(self, guess: int, codes: np.ndarray) -> list[np.ndarray]:
        """`codes` split by their grade for `guess`, the winning part (guess itself) left out."""
        row = self.grades(np.array([guess]), codes)[0]
        order = np.argsort(row, kind="stable")
        cuts = np.flatnonzero(np.diff(row[order])) + 1
        return [
            part for part in np.split(codes[order], cuts) if not (part.shape[0] == 1 and part[0] == guess)
        ]


def split_squares(grades: np.ndarray) -> np.ndarray:
    """Per row of packed grades (k, m): the sum of its class sizes squared."""
    grades = grades.astype(np.int64)
    width = int(grades.max()) + 1
    rows = np.arange(grades.shape[0], dtype=np.int64)[:, None] * width
    sizes = np.bincount((grades + rows).ravel(), minlength=grades.shape[0] * width)
    return (sizes.reshape(grades.shape[0], width).astype(np.int64) ** 2).sum(axis=1)


def to_finish_steps(position: Position, guess: Code) -> Generator[Progress, None, float]:
    """Estimated guesses to finish after playing `guess` at `position` (see the module docstring)."""
    g = position.position_of(guess)
    possible = position.possible
    if position.secrets is None:
        total = yield from _tree_total(position, g, possible)
        return 1.0 + total / possible.shape[0]
    counted = 0
    first = position.split_row(g, possible)  # every secret's path starts with this split: key it once
    for k, secret in enumerate(position.secrets):
        counted += yield from _path_length(position, g, possible, int(secret), first)
        if position.due():
            yield Progress(k, position.secrets.shape[0], "weighing guesses")
    return counted / position.secrets.shape[0]


def _tree_total(position: Position, guess: int, codes: np.ndarray) -> Generator[Progress, None, float]:
    """Guesses after `guess`, summed over `codes`, with expected-size play (an explicit stack)."""
    total = 0.0
    stack = [(part, 1) for part in position.parts(guess, codes)]  # (codes, guesses already made)
    nodes = 0
    while stack:
        part, made = stack.pop()
        if part.shape[0] == 1:
            total += 1  # the one code left is played next
            continue
        chosen = yield from position.choose_steps(part)
        if sorted_contains(part, np.array([chosen]))[0]:
            total += 1  # the code chosen wins at once for itself
        children = position.parts(chosen, part)
        total += sum(child.shape[0] for child in children)  # every other code needs that guess too
        stack.extend((child, made + 1) for child in children)
        nodes += 1
        if nodes % NODES_PER_YIELD == 0 or position.due():
            yield Progress(nodes, nodes + len(stack), "weighing guesses")
    return total


def _path_length(
    position: Position, guess: int, codes: np.ndarray, secret: int, row: np.ndarray | None = None
) -> Generator[Progress, None, int]:
    """Guesses expected-size play needs for `secret` after `guess` (counted) at `codes` (sorted);
    `row`: the grades of `codes` for `guess` when the caller has them."""
    made = 1
    while guess != secret:
        if row is None:
            row = position.split_row(guess, codes)
        codes = codes[row == row[np.searchsorted(codes, secret)]]
        guess = yield from position.choose_steps(codes)
        row = None
        made += 1
        if position.due():
            yield Progress(made, made + 1, "weighing guesses")
    return made


def table_to_finish_steps(
    position: Position, table: StrategyTable, history: History
) -> Generator[Progress, None, float | None]:
    """Exact guesses to finish when the optimal `table` plays from the position `history` reached (its
    guess first), or None when the table does not cover that position."""
    variant = position.config.variant
    space = position.space
    stack = [(tuple(history), position.possible)]
    total = 0
    nodes = 0
    while stack:
        past, codes = stack.pop()
        guess = table.next_guess(past)
        if guess is None:
            return None
        g = position.position_of(guess)
        total += codes.shape[0]  # every code here needs this guess
        for part in position.parts(g, codes):
            grade = variant.score(guess, tuple(int(p) for p in space.codes[part[0]]))
            stack.append((past + ((guess, grade),), part))
        nodes += 1
        if nodes % NODES_PER_YIELD == 0 or position.due():
            yield Progress(nodes, nodes + len(stack), "reading the optimal table")
    return total / position.possible.shape[0]


def exact_to_finish_steps(position: Position, guess: Code) -> Generator[Progress, None, float | None]:
    """Exact guesses to finish after `guess` at `position` with optimal play after it (the guess
    counted), or None when more than EXACT_CODES codes are possible or the search is too big."""
    possible = position.possible
    if possible.shape[0] > EXACT_CODES:
        return None
    search = _Exact(position)
    value = yield from search.after(position.position_of(guess), possible)
    return value


class _Exact:
    """The exact optimum's search (see the module docstring), memoised by the codes still possible."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.pool = np.arange(position.space.indices.shape[0], dtype=np.int64)  # every legal code
        self.best: dict[bytes, float] = {}
        self.nodes = 0

    def after(self, guess: int, codes: np.ndarray) -> Generator[Progress, None, float | None]:
        """Average guesses over `codes` when `guess` is played next and optimal play follows."""
        total = 0.0
        for part in self.position.parts(guess, codes):
            value = yield from self.optimum(part)
            if value is None:
                return None
            total += part.shape[0] * value
        return 1.0 + total / codes.shape[0]

    def optimum(self, codes: np.ndarray) -> Generator[Progress, None, float | None]:
        """The fewest guesses on average that find any of `codes` (sorted), the next one counted."""
        n = codes.shape[0]
        if n <= 2:
            return (1.0, 1.5)[n - 1]  # play one of them: it is that one, or the other comes next
        key = codes.tobytes()
        known = self.best.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > EXACT_NODES:
            return None
        position = self.position
        grades = position.grades(self.pool, codes).astype(np.int64)
        inside = sorted_contains(codes, self.pool)
        order = np.sort(grades, axis=1)
        classes = 1 + (np.diff(order, axis=1) != 0).sum(axis=1)  # distinct grades per guess
        losing = classes - inside  # parts left after the guess, its own win left out
        splits = (classes > 1) | inside  # a guess that splits nothing teaches nothing
        # the least each guess could need: every part of k codes at best 2 - 1/k on average
        bound = 1.0 + (2.0 * (n - inside) - losing) / n
        candidates = np.flatnonzero(splits)
        _, first = np.unique(grades[candidates], axis=0, return_index=True)  # one of each split
        candidates = candidates[first]
        candidates = candidates[np.argsort(bound[candidates], kind="stable")]
        best = float("inf")
        for g in candidates:
            if bound[g] >= best - 1e-12:
                break
            value = yield from self.after(int(self.pool[g]), codes)
            if value is None:
                return None
            best = min(best, value)
            if position.due():
                yield Progress(self.nodes, EXACT_NODES, "weighing every way to play")
        self.best[key] = best
        return best
