"""Par: how many guesses best play still needs from a position, on average over the codes still
possible (the next guess included), and after each guess how it moved against the best guess's.

Measured as tofinish.py measures it for the post-game analysis (this module only chooses what to
weigh there and how):
- Exact where a table covers the position: an uncapped optimal table (tofinish.is_exact_table)
  whose own guesses every row so far was; then par is the table's average over the codes still
  possible (tofinish.table_to_finish_steps). Also exact with one or two codes left (1 and 1.5), and
  whenever the estimate meets the floor 2 - 1/n that no play can beat (the next guess finds at most
  one of the n codes; every other code needs a second guess at least).
- An estimate elsewhere (Par.exact False; Par.text() writes "~"): the best of a few first guesses
  (the opening book's move when a book covers the position, and the guess leaving the fewest codes
  on average, weighed on up to ROOT_EVAL of the codes) followed by expected-size play
  (tofinish.to_finish_steps). Where more than PAR_CODES codes are possible (after a guess or two at
  6x9 and 8x10) they are weighed on a uniform sample of PAR_CODES of them, and the guesses the
  sample cannot show are added at the rate the first guess gains information on it: ln(n / m) / H,
  with H the entropy (in nats) of its split of the m sampled codes.

A guess's move (ParMove): par before it, the player's guess weighed at the same position by the same
measure (same sampled secrets, same seed), and par at the position its grade led to. The best guess
is never shown as worse than the player's: when the player's guess weighs at least as well, it is
the best guess (as in postgame.py).

Pure (no clock, no file: the table is passed in, game/tables.py loads it); every function is a
generator in the solver's shape, yielding after about WORK_PER_YIELD of work, so a screen pumps it
inside its frame budget.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np

from .codes import Code, colour_counts, decode, encode
from .config import GameConfig
from .headtail import WORK_PER_YIELD, sorted_unique
from .mitm import is_huge
from .optimal import StrategyTable
from .rowspace import consistent_or_sample_steps
from .solver import History, NoCodeLeft, Progress, run
from .space import (
    SmallSpace,
    consistent_steps,
    has_table,
    is_small,
    legal_count,
    random_legal_indices,
    release_steps,
    score_table_steps,
    small_space_steps,
    sorted_contains,
)
from .tofinish import Position, is_exact_table, split_squares, table_to_finish_steps, to_finish_steps

# A large space's position with more codes possible than this is weighed on a uniform sample of this
# many (small spaces are weighed whole: tofinish samples the secrets it follows there).
PAR_CODES = 20_000
# The first guess is chosen by the codes it leaves on average, over up to ROOT_EVAL of the codes
# (spread evenly) and ROOT_CELLS candidate x code pairs in all.
ROOT_EVAL = 2_000
ROOT_CELLS = 2_000_000


@dataclass(frozen=True)
class Par:
    """Expected guesses to finish from a position with best play, the next guess included.

    exact: from an optimal table or a proof (see the module docstring), else an estimate;
    possible: codes still possible there; best_guess: the guess best play starts with (None when the
    code is known: possible == 1 plays it); sampled: weighed on a sample of the codes."""

    guesses: float
    exact: bool
    possible: int
    best_guess: Code | None
    sampled: bool = False

    def text(self) -> str:
        """ "4.34" when exact, "~5.6" for an estimate."""
        return f"{self.guesses:.2f}" if self.exact else f"~{self.guesses:.1f}"


@dataclass(frozen=True)
class ParMove:
    """How one guess moved par. `before`: par where the guess was played (its best guess may be the
    player's own); `guess_value`: guesses to finish after the player's guess there, it included,
    by the same measure; `after`: par at the position its grade led to."""

    row: int
    guess: Code
    before: Par
    guess_value: float
    guess_exact: bool
    after: Par

    @property
    def cost(self) -> float:
        """Guesses the player's choice costs on average against the best guess (0 for a best guess)."""
        return max(0.0, self.guess_value - self.before.guesses)

    @property
    def luck(self) -> float:
        """How much better (positive) or worse the grade left things than the guess promised: the
        promised guesses to finish less the one played and par after."""
        return self.guess_value - 1.0 - self.after.guesses


def _listed_space_steps(config: GameConfig, indices: np.ndarray) -> Generator[Progress, None, SmallSpace]:
    """A SmallSpace holding just the sorted code `indices` (the codes to weigh and the guesses to try),
    so tofinish.Position can weigh a large space's position; built a chunk per step."""
    chunk = max(1, WORK_PER_YIELD // (24 * (config.pegs + config.colours)))
    codes = np.empty((indices.shape[0], config.pegs), dtype=np.uint8)
    counts = np.empty((indices.shape[0], config.colours), dtype=np.uint8)
    first = np.empty((indices.shape[0], config.colours), dtype=np.uint8)
    for start in range(0, indices.shape[0], chunk):
        part = slice(start, start + chunk)
        codes[part] = decode(indices[part], config.pegs, config.colours)
        counts[part] = colour_counts(codes[part], config.colours)
        first[part] = config.pegs
        rows = np.arange(codes[part].shape[0])
        for place in range(config.pegs - 1, -1, -1):
            first[part][rows, codes[part][:, place]] = place
        yield Progress(start, indices.shape[0], "listing codes")
    return SmallSpace(config.pegs, config.colours, indices, codes, counts, first)


@dataclass
class _Weighing:
    """A position made ready to weigh guesses: `position` over the codes possible, or a sample of
    them; `possible` the true count."""

    position: Position
    possible: int

    @property
    def sampled(self) -> bool:
        return self.position.possible.shape[0] < self.possible


def _weighing_steps(
    config: GameConfig, history: History, extra: Sequence[Code], seed: int
) -> Generator[Progress, None, _Weighing]:
    """Ready the position `history` reached; `extra` guesses must be weighable there too."""
    if is_small(config):
        space = yield from small_space_steps(config.pegs, config.colours, config.duplicates)
        if has_table(config):  # built a block per step here, so Position.of finds it ready
            yield from score_table_steps(config)
        indices = yield from consistent_steps(config, history)
        if indices.shape[0] == 0:
            raise NoCodeLeft(config.variant.nouns.contradiction())
        return _Weighing(Position.of(config, space, space.positions(indices), seed), int(indices.shape[0]))
    generator = np.random.default_rng(seed)
    if not history:
        possible = legal_count(config)
        sample = sorted_unique(random_legal_indices(config, PAR_CODES, seed))
    elif is_huge(config):
        sample, possible = yield from consistent_or_sample_steps(config, history, PAR_CODES, generator)
    else:
        indices = yield from consistent_steps(config, history)
        possible = int(indices.shape[0])
        sample = indices
        if possible > PAR_CODES:
            sample = sorted_unique(indices[generator.integers(0, possible, PAR_CODES)])
            yield from release_steps(indices)
    if possible == 0:
        raise NoCodeLeft(config.variant.nouns.contradiction())
    sample = np.asarray(sample, dtype=np.int64)
    yield Progress(0, sample.shape[0], "listing codes")
    wanted = encode(np.array(extra, dtype=np.int64).reshape(len(extra), config.pegs), config.colours)
    wanted = sorted_unique(wanted[~sorted_contains(sample, wanted)])
    listed = np.insert(sample, np.searchsorted(sample, wanted), wanted)  # sorted without a new sort
    space = yield from _listed_space_steps(config, listed)
    return _Weighing(Position.of(config, space, space.positions(sample), seed), possible)


def _root_choice_steps(position: Position) -> Generator[Progress, None, int]:
    """The guess (a position in the space) leaving the fewest codes on average, weighed on up to
    ROOT_EVAL codes spread over those possible; ties to a code that can win, then the lowest."""
    yield Progress(0, 1, "choosing a first guess")  # readying the position was a step of its own
    possible = position.possible
    spread = np.linspace(0, possible.shape[0] - 1, min(ROOT_EVAL, possible.shape[0])).astype(np.int64)
    evaluate = possible[spread]
    pool = np.arange(position.space.indices.shape[0]) if position.table is not None else possible
    keep = max(1, ROOT_CELLS // evaluate.shape[0])
    if pool.shape[0] > keep:
        pool = pool[np.linspace(0, pool.shape[0] - 1, keep).astype(np.int64)]
    squares = np.empty(pool.shape[0], dtype=np.int64)
    block = max(1, WORK_PER_YIELD // (evaluate.shape[0] * position.cell_cost))
    for start in range(0, pool.shape[0], block):
        squares[start : start + block] = split_squares(position.grades(pool[start : start + block], evaluate))
        if position.due():
            yield Progress(start, pool.shape[0], "choosing a first guess")
    inside = sorted_contains(possible, pool)  # not np.isin: its first call imports numpy.ma, ~10 ms
    return int(pool[np.lexsort((pool, ~inside, squares))[0]])


def _entropy(position: Position, guess: int) -> float:
    """Information (nats) the guess gains on the codes weighed: the entropy of its split."""
    row = position.split_row(guess, position.possible)
    sizes = np.bincount(row.astype(np.int64))
    p = sizes[sizes > 0] / row.shape[0]
    return float(-(p * np.log(p)).sum())


def _value_steps(weighing: _Weighing, guess: int) -> Generator[Progress, None, tuple[float, bool]]:
    """Guesses to finish after `guess` (a position in the space), it included, and whether that is
    exact: a whole tree of real play (no sampling) that meets the floor 2 - 1/n no play beats."""
    position = weighing.position
    value = yield from to_finish_steps(position, _code(position, guess))
    if weighing.sampled:
        information = _entropy(position, guess)
        value += math.log(weighing.possible / position.possible.shape[0]) / max(information, 1e-9)
        return value, False
    floor = 2.0 - 1.0 / weighing.possible
    return value, not position.sampled and value <= floor + 1e-12


def _code(position: Position, at: int) -> Code:
    return tuple(int(peg) for peg in position.space.codes[at])


def _covered(config: GameConfig, table: StrategyTable | None, history: History) -> Code | None:
    """The table's move at this position, when a table of this game covers it."""
    if table is None or not table.fits(config):
        return None
    return table.next_guess(history)


Values = dict[int, tuple[float, bool]]  # space position of a guess -> (guesses to finish, exact)


def _par_steps(
    config: GameConfig, history: History, table: StrategyTable | None, seed: int, extra: Sequence[Code]
) -> Generator[Progress, None, tuple[Par, _Weighing, Values]]:
    """Par, the weighing it used and the guesses it weighed there."""
    history = tuple((tuple(int(p) for p in g), config.variant.grade(*f)) for g, f in history)
    move = _covered(config, table, history)
    weighing = yield from _weighing_steps(config, history, [*extra, *([move] if move else [])], seed)
    position, possible = weighing.position, weighing.possible
    values: Values = {}
    if possible <= 2:  # play one of them: found now, or at the next guess
        best = int(position.possible[0])
        values[best] = ((1.0 + 2.0 * (possible - 1)) / possible, True)
        code = _code(position, best) if possible > 1 else None
        return Par(values[best][0], True, possible, code), weighing, values
    if move is not None and is_exact_table(table):
        exact = yield from table_to_finish_steps(position, table, history)
        if exact is not None:
            values[position.position_of(move)] = (exact, True)
            return Par(exact, True, possible, move), weighing, values
    candidates = [position.position_of(move)] if move is not None else []
    candidates.append((yield from _root_choice_steps(position)))
    for guess in dict.fromkeys(candidates):
        values[guess] = yield from _value_steps(weighing, guess)
    best = min(values, key=lambda g: (values[g][0], g))
    value, exact = values[best]
    return Par(value, exact, possible, _code(position, best), weighing.sampled), weighing, values


def par_steps(
    config: GameConfig, history: History, table: StrategyTable | None = None, seed: int = 0
) -> Generator[Progress, None, Par]:
    """Par at the position `history` reached (see the module docstring). `table`: the game's strategy
    table or opening book if it has one (game.tables.table_for); `seed` fixes the sampling."""
    par, _, _ = yield from _par_steps(config, history, table, seed, ())
    yield Progress(1, 1, "par found", par.possible)
    return par


def par(config: GameConfig, history: History, table: StrategyTable | None = None, seed: int = 0) -> Par:
    """Plain-function form of par_steps()."""
    return run(par_steps(config, history, table, seed))


def par_move_steps(
    config: GameConfig, history: History, table: StrategyTable | None = None, seed: int = 0
) -> Generator[Progress, None, ParMove]:
    """How the last row of `history` moved par: par before it, its guess weighed there by the same
    measure, and par after its grade (see ParMove)."""
    if not history:
        raise ValueError("a move needs a row: the history is empty")
    *earlier, (guess, _) = history
    guess = tuple(int(p) for p in guess)
    before, weighing, values = yield from _par_steps(config, earlier, table, seed, (guess,))
    at = weighing.position.position_of(guess)
    if at not in values:
        values[at] = yield from _value_steps(weighing, at)
        if before.exact:  # an exact optimum is never beaten; a sampled estimate can dip below it
            values[at] = (max(values[at][0], before.guesses), values[at][1])
    guess_value, guess_exact = values[at]
    if guess_value < before.guesses or (guess_value == before.guesses and guess_exact >= before.exact):
        before = Par(guess_value, guess_exact, before.possible, guess, before.sampled)
    after = yield from par_steps(config, history, table, seed)
    return ParMove(len(history) - 1, guess, before, guess_value, guess_exact, after)


def par_move(
    config: GameConfig, history: History, table: StrategyTable | None = None, seed: int = 0
) -> ParMove:
    """Plain-function form of par_move_steps()."""
    return run(par_move_steps(config, history, table, seed))
