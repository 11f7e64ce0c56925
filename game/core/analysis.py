"""Explain hand grades and give hints: pure analysis of a game's history.

Two questions a person grading by hand (or stuck while playing) asks:
- "Does my new grade fit the earlier ones?" check_grade_steps() counts the codes that still fit every
  row (space.py's streaming filter) and, when none does, finds a Conflict: a smallest set of earlier
  rows that the new grade contradicts, with a message in words such as
  "row 4 graded 0 black, 0 white contradicts row 1, which was graded 1 black, 1 white: no code
  fits both".
- "What would the computer play?" hint_steps() runs the strongest strategy generator and returns the
  number of codes still possible with its suggested guess.

Both are generators in the solver's shape (they yield Progress and return their answer), so the game
can pump them inside a frame budget; check_grade() and hint() run them to the end for tools and tests.

Invariants: rows are numbered from 0 in data and from 1 in messages; a Conflict's rows are earlier
rows only (the new row is always part of the conflict); the code space is streamed in chunks of at
most CHUNK_CODES codes and never held whole; nothing here reads a clock, a file or the secret.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from . import space, strategies
from .codes import Code, Feedback, colour_counts, decode
from .config import GameConfig
from .solver import History, Progress, run
from .variants import Grade, grade_words
from .variants.base import Nouns

# Codes scored per chunk: small enough that one chunk is about a millisecond of numpy work, large
# enough that per-chunk Python overhead stays small next to it.
CHUNK_CODES = 1 << 14
# Spaces up to this many codes explain a conflict with one pass over the space (6x9 is 531441).
MASK_PASS_MAX_CODES = 600_000
# Above that, subsets of rows are checked with the streaming filter; this many at most after the greedy
# deletion (each is one filter pass, about 0.1 s at 8x10).
MAX_SUBSET_QUERIES = 40
# Subset tests the exact smallest-conflict search may spend before settling for an irreducible set
# (one from which no row can be dropped, found by greedy deletion).
MAX_SUBSET_TESTS = 50_000
# Subset tests between two yields of the search.
SUBSET_TESTS_PER_YIELD = 500

_COUNT_WORDS = MappingProxyType(
    {2: "both", 3: "all three", 4: "all four", 5: "all five", 6: "all six", 7: "all seven"}
)


@dataclass(frozen=True)
class Conflict:
    """A new grade that leaves no code possible, and the earlier rows it contradicts.

    row: the new row's index (0-based); rows: earlier rows (0-based, ascending) that together with the
    new row admit no code; smallest: True when no smaller set of earlier rows conflicts with it;
    grades: the grades of `rows`, in the same order (for the message; may be left empty); nouns: what
    the game's codes are called (the variant's: "no word in the list fits both").
    """

    row: int
    guess: Code
    feedback: Feedback
    rows: tuple[int, ...]
    smallest: bool = True
    grades: tuple[Grade, ...] = ()
    nouns: Nouns = Nouns()

    @property
    def message(self) -> str:
        """A sentence a person can act on, rows numbered from 1 as on the board."""
        head = f"row {self.row + 1} graded {grade_words(self.feedback)}"
        none = self.nouns.none_fit()
        if not self.rows:
            return f"{head} cannot happen for that guess: {none} gets that grade"
        names = [str(r + 1) for r in self.rows]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        word = "row" if len(names) == 1 else "rows"
        together = _COUNT_WORDS.get(len(names) + 1, f"all {len(names) + 1}")
        if len(self.grades) != len(self.rows):
            return f"{head} contradicts {word} {listed}: {none} fits {together}"
        if len(self.rows) == 1:
            earlier = f"row {listed}, which was graded {grade_words(self.grades[0])}"
        else:
            pairs = zip(self.rows, self.grades, strict=True)
            said = "; ".join(f"row {r + 1} was graded {grade_words(g)}" for r, g in pairs)
            earlier = f"{word} {listed} ({said})"
        return f"{head} contradicts {earlier}: {none} fits {together}"


@dataclass(frozen=True)
class GradeCheck:
    """The answer of check_grade(): codes that fit every row including the new one, and the conflict if
    there are none."""

    possible: int
    conflict: Conflict | None

    @property
    def ok(self) -> bool:
        return self.conflict is None


@dataclass(frozen=True)
class Hint:
    """What the computer would say: codes still possible and the guess it would play next."""

    possible: int
    guess: Code
    strategy: str


def _space_chunks(
    config: GameConfig, chunk_codes: int = CHUNK_CODES
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Every legal code of `config` as (codes (n, pegs) uint8, colour counts (n, colours) uint8) chunks.

    Codes are built as a fixed prefix followed by every suffix of a precomputed table, so a chunk costs
    two copies and an add rather than a decode. Without duplicates, codes with a repeat are dropped.
    """
    pegs, colours = config.pegs, config.colours
    suffix_len = 1
    while suffix_len < pegs and colours ** (suffix_len + 1) <= chunk_codes:
        suffix_len += 1
    prefix_len = pegs - suffix_len
    suffixes = decode(np.arange(colours**suffix_len), suffix_len, colours)
    suffix_counts = colour_counts(suffixes, colours)
    prefixes = decode(np.arange(colours**prefix_len), prefix_len, colours)
    prefix_counts = colour_counts(prefixes, colours)
    codes = np.empty((suffixes.shape[0], pegs), dtype=np.uint8)
    codes[:, prefix_len:] = suffixes
    for prefix, pcounts in zip(prefixes, prefix_counts, strict=True):
        codes[:, :prefix_len] = prefix
        counts = suffix_counts + pcounts
        if config.duplicates:
            yield codes, counts
        else:
            keep = counts.max(axis=1) <= 1
            if keep.any():
                yield codes[keep], counts[keep]


def _chunk_total(config: GameConfig, chunk_codes: int = CHUNK_CODES) -> int:
    """How many chunks _space_chunks() yields before filtering (for progress bars)."""
    suffix_len = 1
    while suffix_len < config.pegs and config.colours ** (suffix_len + 1) <= chunk_codes:
        suffix_len += 1
    return config.colours ** (config.pegs - suffix_len)


def _fits(
    guess: Code, feedback: Feedback, codes: np.ndarray, counts: np.ndarray, config: GameConfig
) -> np.ndarray:
    """Boolean mask of the codes that would give `guess` the grade `feedback`."""
    variant = config.variant
    return variant.score_many(guess, codes, config.colours, counts) == variant.pack(feedback)


def count_possible_steps(config: GameConfig, history: History) -> Generator[Progress, None, int]:
    """Count the codes consistent with every grade in `history` (space.py's streaming filter)."""
    return (yield from space.count_consistent_steps(config, tuple(history)))


def count_possible(config: GameConfig, history: History) -> int:
    return run(count_possible_steps(config, history))


def _fully_satisfied(masks: np.ndarray, subset: int) -> bool:
    """Does some code satisfy every row in `subset` (a bit set over earlier rows)?"""
    return bool(np.any((masks & subset) == subset))


def _smallest_conflict(
    masks: np.ndarray, earlier: int
) -> Generator[Progress, None, tuple[tuple[int, ...], bool]]:
    """A smallest set of earlier rows no code satisfies together, given the distinct satisfied-row masks
    of the codes that fit the new row. Returns (rows, proven smallest)."""
    # Greedy deletion from the full set gives an irreducible conflict and an upper bound on its size;
    # dropping the latest rows first keeps the answer close to the start of the game.
    chosen = list(range(earlier))
    for row in reversed(range(earlier)):
        trial = [r for r in chosen if r != row]
        if not _fully_satisfied(masks, sum(1 << r for r in trial)):
            chosen = trial
    tests = 0
    for size in range(len(chosen)):
        for combo in itertools.combinations(range(earlier), size):
            tests += 1
            if tests > MAX_SUBSET_TESTS:
                return tuple(chosen), False
            if tests % SUBSET_TESTS_PER_YIELD == 0:
                yield Progress(size, len(chosen), "looking for the contradicted rows")
            if not _fully_satisfied(masks, sum(1 << r for r in combo)):
                return combo, True
    return tuple(chosen), True


def check_grade_steps(
    config: GameConfig, history: History, guess: Code, feedback: Feedback
) -> Generator[Progress, None, GradeCheck]:
    """Would `guess` graded `feedback`, after `history`, leave any code possible? If not, which earlier
    rows does it contradict?

    The count comes from space.py's fast streaming filter. Only when it is zero is the conflict
    explained: in spaces of at most MASK_PASS_MAX_CODES codes by one pass that records, for every code
    fitting the new row, the set of earlier rows it also fits (a bit mask; only distinct masks are
    kept), after which the smallest contradicted set is found without touching the space again; in
    larger spaces by asking the filter about subsets of rows (greedy deletion, then smaller subsets
    while MAX_SUBSET_QUERIES allows).
    """
    feedback = config.variant.grade(*feedback)
    guess = tuple(guess)
    earlier = len(history)
    if earlier > 62:
        raise ValueError("at most 62 earlier rows can be analysed")
    possible = yield from count_possible_steps(config, tuple(history) + ((guess, feedback),))
    if possible:
        return GradeCheck(possible, None)
    if config.code_count <= MASK_PASS_MAX_CODES:
        masks = yield from _fit_masks_steps(config, history, guess, feedback)
        rows, smallest = yield from _smallest_conflict(masks, earlier)
    else:
        rows, smallest = yield from _conflict_by_queries(config, history, guess, feedback)
    grades = tuple(history[r][1] for r in rows)
    nouns = config.variant.nouns
    return GradeCheck(0, Conflict(earlier, guess, feedback, tuple(rows), smallest, grades, nouns))


def _fit_masks_steps(
    config: GameConfig, history: History, guess: Code, feedback: Feedback
) -> Generator[Progress, None, np.ndarray]:
    """Distinct bit masks of the earlier rows fitted by each code that fits the new row."""
    total = _chunk_total(config)
    seen: set[int] = set()
    for done, (codes, counts) in enumerate(_space_chunks(config)):
        fit_new = _fits(guess, feedback, codes, counts, config)
        if fit_new.any():
            codes_new, counts_new = codes[fit_new], counts[fit_new]
            masks = np.zeros(codes_new.shape[0], dtype=np.int64)
            for row, (row_guess, row_feedback) in enumerate(history):
                masks |= _fits(row_guess, row_feedback, codes_new, counts_new, config).astype(np.int64) << row
            seen.update(np.unique(masks).tolist())
        yield Progress(done + 1, total, "looking for the contradicted rows")
    return np.array(sorted(seen), dtype=np.int64)


def _conflict_by_queries(
    config: GameConfig, history: History, guess: Code, feedback: Feedback
) -> Generator[Progress, None, tuple[tuple[int, ...], bool]]:
    """A small set of earlier rows contradicted by the new one, asking the filter about row subsets."""
    new_row = ((guess, feedback),)

    def contradicts(rows: Sequence[int]) -> Generator[Progress, None, bool]:
        count = yield from count_possible_steps(config, tuple(history[r] for r in rows) + new_row)
        return count == 0

    chosen = list(range(len(history)))
    for row in reversed(range(len(history))):
        trial = [r for r in chosen if r != row]
        if (yield from contradicts(trial)):
            chosen = trial
    queries = 0
    for size in range(len(chosen)):
        for combo in itertools.combinations(range(len(history)), size):
            queries += 1
            if queries > MAX_SUBSET_QUERIES:
                return tuple(chosen), False
            if (yield from contradicts(combo)):
                return combo, True
    return tuple(chosen), True


def check_grade(config: GameConfig, history: History, guess: Code, feedback: Feedback) -> GradeCheck:
    return run(check_grade_steps(config, history, guess, feedback))


def first_conflict(config: GameConfig, history: Sequence[tuple[Code, Feedback]]) -> Conflict | None:
    """The first row of `history` whose grade leaves no code possible given the rows before it."""
    for row in range(len(history)):
        guess, feedback = history[row]
        result = check_grade(config, history[:row], guess, feedback)
        if result.conflict is not None:
            return result.conflict
    return None


def hint_steps(
    config: GameConfig, history: History, rng: random.Random, strategy: str | None = None
) -> Generator[Progress, None, Hint]:
    """Ask a strategy (the strongest unless named) for its next guess, and count the codes still possible.

    The count comes from the strategy's own Progress.possible when it reports one; otherwise the space is
    streamed once more to count.
    """
    name = strategy or strategies.STRONGEST
    think = strategies.get(name).think
    gen = think(config, tuple(history), rng)
    possible: int | None = None
    while True:
        try:
            progress = next(gen)
        except StopIteration as stop:
            guess = tuple(stop.value)
            break
        if progress.possible is not None:
            possible = progress.possible
        yield progress
    if possible is None:
        possible = yield from count_possible_steps(config, history)
    return Hint(possible, guess, name)


def hint(config: GameConfig, history: History, rng: random.Random, strategy: str | None = None) -> Hint:
    return run(hint_steps(config, history, rng, strategy))
