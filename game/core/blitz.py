"""Blitz: crack as many Classic codes as you can before the clock runs out.

Rules:
- The clock starts at DURATION_S (3 minutes); each code cracked adds BONUS_S (15 s) to it.
- A code cracked in g guesses scores POINTS_PER_SPARE_TURN * (turns + 1 - g): at Classic's 10 turns,
  1000 points for one guess down to 100 for ten, so every guess saved is worth 100 points.
- A code not cracked in its turns (or given up) scores nothing and adds no time; the next code starts
  and the clock keeps running.
- Hints and Solve are off (HINTS_ALLOWED, SOLVE_ALLOWED).
- The clock is urgent in its last URGENT_S seconds (10 s); the run is over when it reaches zero, or
  at the latest when it has run records.MAX_PLAY_S (100 hours), as every game's clock stops there.

BlitzSession is a frozen value advanced explicitly: tick(dt) for time, crack(guesses) and miss() when a
code ends; each returns a new session. Time left is computed from the total elapsed time and the codes
cracked (never by subtracting dt after dt), so it does not drift. Once over, the session no longer
changes: tick() returns it unchanged and crack()/miss() raise BlitzError.

Secrets come from the run's seed: code number k (0-based) is hashed_code("mastermind-arcade blitz v1|"
seed "|" k) from game.core.dailycode, so a run is the same for the same seed on every platform, and a
resumed run (to_dict/from_dict) plays the same codes.

API for a screen:
    BlitzSession(seed) or new_blitz(seed)   a fresh run of BLITZ_CONFIG (Classic 4x6, 10 turns)
    .config, .secret (the current code), .code_number (0-based), .cracked, .missed, .score
    .time_left_s, .elapsed_s, .is_urgent, .over
    .tick(dt_s) -> BlitzSession           dt_s finite and >= 0
    .crack(guesses) -> BlitzSession       the current code cracked in `guesses` rows (1..turns)
    .miss() -> BlitzSession               the current code not cracked (turns used or given up)
    points_for(guesses, turns) -> int
    blitz_to_dict(session) / blitz_from_dict(data)   for resume; BlitzError on damaged data
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .codes import Code
from .config import GameConfig, preset
from .dailycode import hashed_code
from .records import MAX_PLAY_S

DURATION_S = 180.0
BONUS_S = 15.0
URGENT_S = 10.0
POINTS_PER_SPARE_TURN = 100
HINTS_ALLOWED = False
SOLVE_ALLOWED = False
BLITZ_PRESET = "Classic"
BLITZ_CONFIG: GameConfig = preset(BLITZ_PRESET).config()
BLITZ_SECRET_PREFIX = "mastermind-arcade blitz v1"
SEED_LIMIT = 2**63  # a run's seed is below this in size (runs draw theirs below 2**31)


class BlitzError(ValueError):
    """A blitz step that cannot happen (a code ended after time ran out, a bad dt, damaged data)."""


def points_for(guesses: int, turns: int = BLITZ_CONFIG.turns) -> int:
    """Points for a code cracked in `guesses` rows out of `turns`: 100 per turn left, plus 100."""
    if isinstance(guesses, bool) or not isinstance(guesses, int) or not 1 <= guesses <= turns:
        raise BlitzError(f"a code is cracked in 1 to {turns} guesses, not {guesses!r}")
    return POINTS_PER_SPARE_TURN * (turns + 1 - guesses)


def blitz_secret(seed: int, code_number: int, config: GameConfig = BLITZ_CONFIG) -> Code:
    """Code number `code_number` of the run with `seed`."""
    text = f"{BLITZ_SECRET_PREFIX}|{seed}|{code_number}"
    return config.check_code(hashed_code(text, config.pegs, config.colours))


@dataclass(frozen=True)
class BlitzSession:
    """A blitz run: the seed, the time elapsed, the codes cracked and missed, and the score."""

    seed: int
    elapsed_s: float = 0.0
    cracked: int = 0
    missed: int = 0
    score: int = 0

    @property
    def config(self) -> GameConfig:
        return BLITZ_CONFIG

    @property
    def time_limit_s(self) -> float:
        """The clock's total so far: the start plus a bonus per code cracked (never past MAX_PLAY_S)."""
        return min(DURATION_S + BONUS_S * self.cracked, MAX_PLAY_S)

    @property
    def time_left_s(self) -> float:
        return max(0.0, self.time_limit_s - self.elapsed_s)

    @property
    def over(self) -> bool:
        return self.elapsed_s >= self.time_limit_s

    @property
    def is_urgent(self) -> bool:
        """True in the last URGENT_S seconds of a run still going (the clock turns urgent)."""
        return not self.over and self.time_left_s <= URGENT_S

    @property
    def code_number(self) -> int:
        """Which code is being played (0-based): one per code cracked or missed so far."""
        return self.cracked + self.missed

    @property
    def secret(self) -> Code:
        return blitz_secret(self.seed, self.code_number)

    def tick(self, dt_s: float) -> BlitzSession:
        """The session `dt_s` seconds later; the elapsed time stops at the limit."""
        if isinstance(dt_s, bool) or not isinstance(dt_s, int | float) or not math.isfinite(dt_s) or dt_s < 0:
            raise BlitzError(f"time moves forward by a finite number of seconds, not {dt_s!r}")
        if self.over or dt_s == 0:
            return self
        return replace(self, elapsed_s=min(self.elapsed_s + float(dt_s), self.time_limit_s))

    def _check_running(self) -> None:
        if self.over:
            raise BlitzError("the blitz is over: time ran out before this code ended")

    def crack(self, guesses: int) -> BlitzSession:
        """The session after the current code was cracked in `guesses` rows: points, bonus time, next code."""
        self._check_running()
        points = points_for(guesses, self.config.turns)
        return replace(self, cracked=self.cracked + 1, score=self.score + points)

    def miss(self) -> BlitzSession:
        """The session after the current code ended uncracked: no points, no time, next code."""
        self._check_running()
        return replace(self, missed=self.missed + 1)


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise BlitzError(f"a blitz seed is a whole number below 2**63 in size, not {seed!r}")
    return seed


def new_blitz(seed: int) -> BlitzSession:
    return BlitzSession(_check_seed(seed))


def blitz_to_dict(session: BlitzSession) -> dict[str, Any]:
    return {
        "seed": session.seed,
        "elapsed_s": session.elapsed_s,
        "cracked": session.cracked,
        "missed": session.missed,
        "score": session.score,
    }


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BlitzError(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def blitz_from_dict(data: Any) -> BlitzSession:
    """Inverse of blitz_to_dict(); BlitzError if anything is missing, mistyped or impossible."""
    if not isinstance(data, Mapping):
        raise BlitzError(f"a blitz run is a JSON object, not {type(data).__name__}")
    if set(data) != {"seed", "elapsed_s", "cracked", "missed", "score"}:
        raise BlitzError("a blitz run has exactly seed, elapsed_s, cracked, missed and score")
    seed = _check_seed(data["seed"])
    elapsed = data["elapsed_s"]
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not math.isfinite(elapsed):
        raise BlitzError(f"elapsed_s must be a finite number of seconds, not {elapsed!r}")
    cracked = _whole(data["cracked"], "cracked")
    missed = _whole(data["missed"], "missed")
    points = _whole(data["score"], "score")
    turns = BLITZ_CONFIG.turns
    if points % POINTS_PER_SPARE_TURN or not cracked * points_for(
        turns, turns
    ) <= points <= cracked * points_for(1, turns):
        raise BlitzError(f"a score of {points} cannot come from {cracked} codes cracked")
    session = BlitzSession(seed, float(elapsed), cracked, missed, points)
    if not 0 <= session.elapsed_s <= session.time_limit_s:
        raise BlitzError(f"elapsed_s must be from 0 to {session.time_limit_s} s, not {elapsed!r}")
    return session
