"""Post-game analysis: how each of the player's rows narrowed the code, next to the best play.

For every row of a finished game (rows numbered from 0 here, from 1 on screen):
- possible_before / possible_after: codes consistent with every grade before and after the row
  (after a winning row that is 1, the secret itself);
- the best guess at that position: the optimal table's move when a table fits and the game is still
  on it (every earlier row was the table's own move), else the strongest heuristic's guess
  (best_source says which);
- best_left: the codes that best guess would have left FOR THIS SECRET (the exact count, comparable
  with possible_after); best_worst: the most it could have left over every code still possible
  (worst case); best_expected: the number it leaves on average over the codes still possible (the
  expected size, sum of squared class sizes / possible_before). guess_worst / guess_expected give
  the same two figures for the player's own guess;
- guess_to_finish / best_to_finish: the guesses to finish, on average over the codes still possible,
  after the player's guess and after the best guess (tofinish.py): exact where few codes are left
  (tofinish.EXACT_CODES: every way to play weighed, both exact) or where an optimal table covers the
  position (the table's own guess; best_exact), else an estimate by the same measure for
  both (sampled above tofinish.FULL_TREE_CODES codes, to_finish_sampled). The best guess is never
  shown as worse than the player's by it: when the player's guess does at least as well, it is the
  best guess (best_source YOURS_SOURCE).
And for the whole game: optimal_guesses, the guesses optimal play (or the strongest heuristic, see
optimal_source) needs for this secret from the start, i.e. from the player's first row.

After a contradictory hand grade no code fits: later rows report 0 and no best guess.
Pure: no clock, no file, no pygame; the table is passed in (game/tables.py loads it). Work is a
generator yielding Progress, like the strategies, so the result screen can pump it inside a frame;
analyse() runs it to the end. Codes possible are counted over the legal codes of the config (no
repeats when duplicates are off). The best-guess figures need the whole code space in memory, so
above SMALL_SPACE_CODES legal codes (6x9 and up) only the counts are given (the best fields are None).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from . import strategies
from .codes import Code, Feedback
from .config import GameConfig
from .optimal import StrategyTable
from .solver import History, Progress, run
from .space import consistent_steps, count_consistent_steps, is_small, small_space
from .strategies.optimal import FALLBACK
from .tofinish import (
    Position,
    exact_to_finish_steps,
    is_exact_table,
    table_to_finish_steps,
    to_finish_steps,
)

OPTIMAL_SOURCE = "optimal"
YOURS_SOURCE = "yours"  # the player's own guess was the best by guesses to finish


@dataclass(frozen=True)
class RowReport:
    """One of the player's rows next to the best guess at the same position."""

    row: int
    guess: Code
    feedback: Feedback
    possible_before: int
    possible_after: int
    could_win: bool  # the player's guess was itself still possible
    guess_worst: int | None = None
    guess_expected: float | None = None
    best_guess: Code | None = None
    best_source: str = ""
    best_left: int | None = None  # None when the secret is unknown
    best_worst: int | None = None
    best_expected: float | None = None
    guess_to_finish: float | None = None
    best_to_finish: float | None = None
    guess_exact: bool = False  # guess_to_finish is exact (the table's own guess), not an estimate
    best_exact: bool = False
    to_finish_sampled: bool = False  # the estimates were made on a sample of the codes still possible


@dataclass(frozen=True)
class PostGame:
    rows: tuple[RowReport, ...]
    player_guesses: int
    won: bool
    optimal_guesses: int | None  # for this secret from the start; None when the secret is unknown
    optimal_source: str

    @property
    def extra_guesses(self) -> int | None:
        """Guesses the player used beyond optimal play (None unless won and the secret is known)."""
        if not self.won or self.optimal_guesses is None:
            return None
        return self.player_guesses - self.optimal_guesses


def _split(guess: Code, codes: np.ndarray, counts: np.ndarray, config: GameConfig) -> np.ndarray:
    """Class sizes (by packed grade) of the codes `codes` under `guess`."""
    variant = config.variant
    grades = variant.score_many(guess, codes, config.colours, counts)
    return np.bincount(grades, minlength=variant.grade_count)


def _best_guess(
    config: GameConfig, history: History, table: StrategyTable | None, strategy: str, seed: int
) -> Generator[Progress, None, tuple[Code, str]]:
    if table is not None and table.fits(config):
        guess = table.next_guess(history)
        if guess is not None:
            return guess, OPTIMAL_SOURCE
    guess = yield from strategies.get(strategy).think(config, tuple(history), random.Random(seed))
    return tuple(guess), strategy


def _strongest(strategy: str | None) -> str:
    name = strategy or strategies.STRONGEST
    return FALLBACK if name == OPTIMAL_SOURCE else name


def play_from_start_steps(
    config: GameConfig, secret: Code, table: StrategyTable | None, strategy: str | None = None, seed: int = 0
) -> Generator[Progress, None, tuple[int, str]]:
    """Guesses needed for `secret` by the table (or the strongest heuristic) from an empty board."""
    name = _strongest(strategy)
    history: list[tuple[Code, Feedback]] = []
    source = OPTIMAL_SOURCE
    for _ in range(4 * config.turns):  # a safety net: every strategy solves well inside the turn limit
        guess, used = yield from _best_guess(config, history, table, name, seed + len(history))
        if used != OPTIMAL_SOURCE:
            source = used
        history.append((guess, config.variant.score(guess, secret)))
        if tuple(guess) == tuple(secret):
            return len(history), source
    raise RuntimeError(f"{source} did not find the secret in {4 * config.turns} guesses")


T = TypeVar("T")


def _in_row(row: int, rows: int, steps: Generator[Progress, None, T]) -> Generator[Progress, None, T]:
    """`steps`, each of its Progress told as row `row` of `rows`: the analysis counts in the game's
    rows (a screen shows which row it weighs), not in the codes a step lists or weighs."""
    while True:
        try:
            progress = next(steps)
        except StopIteration as stop:
            return stop.value
        yield Progress(row, rows, f"row {row + 1}: {progress.note}" if progress.note else f"row {row + 1}")


def analyse_steps(
    config: GameConfig,
    history: Sequence[tuple[Code, Feedback]],
    secret: Code | None,
    table: StrategyTable | None = None,
    strategy: str | None = None,
    seed: int = 0,
) -> Generator[Progress, None, PostGame]:
    """The post-game analysis of `history` (see the module docstring); yields Progress as it goes."""
    variant = config.variant
    history = [(tuple(g), variant.grade(*f)) for g, f in history]
    name = _strongest(strategy)
    pegs, colours = config.pegs, config.colours
    small = is_small(config)
    space = small_space(pegs, colours, config.duplicates) if small else None
    reports = []
    rows = len(history)
    for row, (guess, feedback) in enumerate(history):
        yield Progress(row, rows, f"row {row + 1}")
        before_history, after_history = history[:row], history[: row + 1]
        if space is None:
            before = yield from _in_row(row, rows, count_consistent_steps(config, before_history))
            after = yield from _in_row(row, rows, count_consistent_steps(config, after_history))
            reports.append(RowReport(row, guess, feedback, before, after, False))
            continue
        possible = yield from _in_row(row, rows, consistent_steps(config, before_history))
        positions = space.positions(possible)
        codes, counts = space.codes[positions], space.counts[positions]
        before = int(possible.shape[0])
        if before == 0:  # an earlier hand grade was wrong: nothing fits, nothing to weigh
            reports.append(RowReport(row, guess, feedback, 0, 0, False))
            continue
        guess_parts = _split(guess, codes, counts, config)
        after = int(guess_parts[variant.pack(feedback)])
        could_win = bool(guess_parts[variant.win] > 0)
        choosing = _best_guess(config, before_history, table, name, seed + row)
        best, source = yield from _in_row(row, rows, choosing)
        finish = yield from _in_row(
            row,
            rows,
            _to_finish_steps(config, space, possible, table, before_history, guess, best, seed + row),
        )
        if finish.best_is_yours:
            best, source = guess, YOURS_SOURCE
        best_parts = _split(best, codes, counts, config)
        best_left = None if secret is None else int(best_parts[variant.pack(variant.score(best, secret))])
        reports.append(
            RowReport(
                row,
                guess,
                feedback,
                before,
                after,
                could_win,
                guess_worst=int(guess_parts.max()),
                guess_expected=float((guess_parts.astype(np.int64) ** 2).sum() / before),
                best_guess=best,
                best_source=source,
                best_left=best_left,
                best_worst=int(best_parts.max()),
                best_expected=float((best_parts.astype(np.int64) ** 2).sum() / before),
                guess_to_finish=finish.guess,
                best_to_finish=finish.best,
                guess_exact=finish.guess_exact,
                best_exact=finish.best_exact,
                to_finish_sampled=finish.sampled,
            )
        )
    won = bool(history) and history[-1][1].black == pegs
    optimal_guesses, optimal_source = None, ""
    if secret is not None and small:
        optimal_guesses, optimal_source = yield from play_from_start_steps(config, secret, table, name, seed)
    yield Progress(len(history), len(history), "analysed")
    return PostGame(tuple(reports), len(history), won, optimal_guesses, optimal_source)


@dataclass(frozen=True)
class _Finish:
    guess: float
    best: float
    guess_exact: bool
    best_exact: bool
    sampled: bool
    best_is_yours: bool


def _to_finish_steps(
    config: GameConfig,
    space,
    possible: np.ndarray,
    table: StrategyTable | None,
    history: History,
    guess: Code,
    best: Code,
    seed: int,
) -> Generator[Progress, None, _Finish]:
    """Guesses to finish for the player's guess and the best one, by the same measure; the best
    never worse (the player's guess takes its place when it does at least as well)."""
    position = Position.of(config, space, space.positions(possible), seed)
    exact_guess = yield from exact_to_finish_steps(position, guess)
    if exact_guess is not None:  # few codes left: both figures exact, every way to play weighed
        exact_best = (
            exact_guess if tuple(best) == tuple(guess) else (yield from exact_to_finish_steps(position, best))
        )
        if exact_best is not None:
            yours = exact_guess <= exact_best and tuple(guess) != tuple(best)
            return _Finish(exact_guess, min(exact_guess, exact_best), True, True, False, yours)
    exact_best = None
    if is_exact_table(table) and table.fits(config):
        if table.next_guess(history) == tuple(best):
            exact_best = yield from table_to_finish_steps(position, table, history)
    if exact_best is not None:
        best_value, best_exact = exact_best, True
        if tuple(guess) == tuple(best):
            return _Finish(exact_best, exact_best, True, True, False, False)
    else:
        best_value, best_exact = (yield from to_finish_steps(position, best)), False
    guess_value = yield from to_finish_steps(position, guess)
    sampled = position.sampled
    yours = guess_value <= best_value and tuple(guess) != tuple(best)
    if possible.shape[0] <= 2:  # with one or two codes left every way to play is plain: exact
        return _Finish(guess_value, min(best_value, guess_value), True, True, False, yours)
    if yours:
        return _Finish(guess_value, guess_value, False, False, sampled, True)
    return _Finish(guess_value, best_value, False, best_exact, sampled, False)


def analyse(
    config: GameConfig,
    history: Sequence[tuple[Code, Feedback]],
    secret: Code | None,
    table: StrategyTable | None = None,
    strategy: str | None = None,
    seed: int = 0,
) -> PostGame:
    """Plain-function form of analyse_steps()."""
    return run(analyse_steps(config, history, secret, table, strategy, seed))
