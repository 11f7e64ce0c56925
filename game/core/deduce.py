"""Deduce: the engine deals a few graded guesses after which exactly one code fits; name it.

What a puzzle is (its levels, the Puzzle value and its invariants, its text form, the check over the
whole space) is game/core/deducepuzzle.py; this module says where puzzles come from and what solving
one is worth, and hands the puzzle's names on, so a screen reads the whole of Deduce from here.

Dealing is game/core/deducedeal.py (its docstring describes the method); an attempt whose rows fall
outside the level's range is dealt again from the same random stream. The dealer ends with
check_puzzle_steps(), so a dealt puzzle is proved, not assumed. Each wrong try is graded like any
guess. Stars: the secret named at the first try 3, the second 2, later 1.

Seeds (stable everywhere, like the Daily code; game/core/dailycode.py):
    puzzle of the day:  "mastermind-arcade deduce v1|daily|<YYYY-MM-DD>|<level>"
    practice number n:  "mastermind-arcade deduce v1|practice|<n>|<level>"
hashed with SHA-256 into an integer that seeds random.Random. The day is a UTC date (daily_day(now)
of game/core/dailycode.py); a day after `today` is refused. Changing the dealing method changes the
boards: bump the "v1" with it.

Score (for a Deduce high-score table, in the style of records.score_game): a solved puzzle scores
POINTS_PER_BIT x log2(codes) x stars / 3 x a time factor from 1 (instant) towards 0.5, with the same
par (PAR_SECONDS_PER_BIT seconds a bit). A puzzle not solved has no score (nothing to call).

API for a screen (pure; `day`/`today` are datetime.date values, today = daily_day(now)):
    LEVELS, level(name), Puzzle, check_puzzle_steps, ...: deducepuzzle.py's
    daily_puzzle_steps(level_name, day, today) -> Generator[Progress, None, Puzzle]
    practice_puzzle_steps(level_name, number) -> Generator[Progress, None, Puzzle]
    daily_puzzle(...), practice_puzzle(...)        plain forms (tools, tests)
    tries_taken(puzzle, state) -> int; stars(tries) -> 3 | 2 | 1; deduce_score(level_name, tries, seconds)
"""

from __future__ import annotations

import datetime as dt
import math
import random
from collections.abc import Generator

from .config import legal_codes
from .dailycode import hashed_number
from .deducedeal import deal_steps
from .deducepuzzle import (  # noqa: F401  (the puzzle's names, handed on: a screen reads Deduce from here)
    LEVELS,
    MAX_NUMBER,
    VARIANT_LEVELS,
    DeduceError,
    Level,
    Puzzle,
    check_puzzle,
    check_puzzle_day,
    check_puzzle_steps,
    level,
    narrowing_steps,
)
from .records import PAR_SECONDS_PER_BIT, POINTS_PER_BIT
from .solver import Progress, run
from .state import GameState

DEDUCE_HASH_PREFIX = "mastermind-arcade deduce v1"
# Past this many attempts a board with fewer rows than the level's minimum is taken too.
MAX_ATTEMPTS = 20


def seed_text(level_name: str, day: dt.date | None = None, number: int | None = None) -> str:
    """The text hashed to seed a board (see the module docstring)."""
    name = level(level_name).name
    if day is not None:
        return f"{DEDUCE_HASH_PREFIX}|daily|{check_puzzle_day(day).isoformat()}|{name}"
    return f"{DEDUCE_HASH_PREFIX}|practice|{number}|{name}"


def _deal_steps(lv: Level, day: dt.date | None, number: int | None) -> Generator[Progress, None, Puzzle]:
    rng = random.Random(hashed_number(seed_text(lv.name, day, number)))
    config = lv.config_for(1)
    attempt = 0
    while True:
        attempt += 1
        secret, rows = yield from deal_steps(config, rng, lv.shrink, lv.common_rows)
        if len(rows) <= lv.max_rows and (len(rows) >= lv.min_rows or attempt >= MAX_ATTEMPTS):
            break
    puzzle = Puzzle(lv.name, secret, rows, day, number)
    yield from check_puzzle_steps(puzzle)
    return puzzle


def daily_puzzle_steps(level_name: str, day: dt.date, today: dt.date) -> Generator[Progress, None, Puzzle]:
    """Deal the puzzle of `day` at a level (the same everywhere); DeduceError for a day after `today`."""
    lv = level(level_name)
    if check_puzzle_day(day) > check_puzzle_day(today):
        raise DeduceError(f"the puzzle of {day.isoformat()} is not out yet (today is {today.isoformat()})")
    return _deal_steps(lv, day, None)


def practice_puzzle_steps(level_name: str, number: int) -> Generator[Progress, None, Puzzle]:
    """Deal practice puzzle `number` (0..MAX_NUMBER) at a level; the same number, the same board."""
    lv = level(level_name)
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_NUMBER:
        raise DeduceError(f"practice numbers run from 0 to {MAX_NUMBER}, not {number!r}")
    return _deal_steps(lv, None, number)


def daily_puzzle(level_name: str, day: dt.date, today: dt.date) -> Puzzle:
    return run(daily_puzzle_steps(level_name, day, today))


def practice_puzzle(level_name: str, number: int) -> Puzzle:
    return run(practice_puzzle_steps(level_name, number))


def tries_taken(puzzle: Puzzle, state: GameState) -> int:
    """Rows the player has played in `state` beyond the given ones."""
    return len(state.rows) - len(puzzle.rows)


def stars(tries: int) -> int:
    """Stars for naming the secret at try `tries`: 1 try 3 stars, 2 tries 2, more 1."""
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise DeduceError(f"a puzzle is solved in 1 or more tries, not {tries!r}")
    return max(1, 4 - tries)


def deduce_score(level_name: str, tries: int, seconds: float) -> int:
    """Points for a puzzle solved at try `tries` after `seconds` (see the module docstring)."""
    lv = level(level_name)
    if not math.isfinite(seconds) or seconds < 0:
        raise DeduceError(f"seconds are a finite number of at least 0, not {seconds!r}")
    bits = math.log2(legal_codes(lv.config))
    par_s = PAR_SECONDS_PER_BIT * bits
    time_factor = 0.5 + 0.5 * par_s / (par_s + seconds)
    return max(1, int(POINTS_PER_BIT * bits * stars(tries) / 3 * time_factor))
