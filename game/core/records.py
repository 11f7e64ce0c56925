"""Scores of won games and statistics per difficulty, as pure functions on plain values.

Invariants:
- score_game() is 0 for a lost, revealed or assisted (hint or solve) game; for a won game it is a
  positive int that falls with every extra guess, never rises with time taken, rises with more pegs
  or more colours (same guesses and time) and, for the same size and guesses, orders
  Relaxed <= Classic <= Tight.
- record_game() never changes its argument: it returns a new DifficultyStats.
- Streaks: a player win (assisted or not) extends the current streak; a loss, a reveal or a game the
  computer solved ends it. Best score, best time and the histogram of guesses needed count only
  unassisted wins, so help never shows up as a record.
- Times have a meaning: a game's clock stops at MAX_PLAY_S, so no time above it is recorded
  (record_game() caps it) and none is believed on reading (stats_from_dict() refuses it).
- to_dict()/from_dict() round-trip; from_dict() accepts missing fields (defaults) and rejects
  wrong types with RecordError, so a damaged file is caught rather than half-trusted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .config import (
    MAX_COLOURS,
    MAX_PEGS,
    PRESETS,
    SHAPE_CHOICES,
    ConfigError,
    Difficulty,
    GameConfig,
    turn_limit,
)
from .variants import VARIANTS, GridVariant

# Points for each bit of information in the code space (log2 of the code count): 4x6 has 10.3 bits.
POINTS_PER_BIT = 100
# Seconds a game "should" take per bit; at that pace the time factor is 0.75 (it runs 1.0 -> 0.5).
PAR_SECONDS_PER_BIT = 6.0
# Fewer turns are harder: the multipliers are chosen so that, for the same size and guesses used,
# Relaxed < Classic < Tight at every size the game offers (tests check it over all of them).
DIFFICULTY_MULTIPLIER = MappingProxyType(
    {Difficulty.RELAXED: 0.75, Difficulty.CLASSIC: 1.0, Difficulty.TIGHT: 1.5}
)

# The longest a game's clock runs (100 hours): a window left open for days stops counting there, so
# a larger stored time is damage, not a game (and a 300-digit clock never reaches the screen).
MAX_PLAY_S = 100 * 3600.0

CUSTOM_KEY = "Custom"
# Grid games (the 2-D puzzle), whatever their shape and colours, in one bucket (the variant's own,
# Variant.bucket): a tab per shape would not fit the Statistics screen's tab row, and a grid game
# never shares a bucket with row games.
GRID_KEY = GridVariant.bucket
DUEL_KEY = "Duel"  # duels against the computer, whatever their size, in one bucket of their own


class RecordError(ValueError):
    """A statistics record that cannot be read (wrong type or a negative count)."""


class GameEnd(StrEnum):
    """How a game ended, as far as records care."""

    WON = "won"  # the player's own guess matched
    LOST = "lost"  # turns ran out
    REVEALED = "revealed"  # the player gave up
    SOLVED = "solved"  # the computer finished it (Solve)


@dataclass(frozen=True)
class GameResult:
    """One finished game: what records need to know about it."""

    config: GameConfig
    end: GameEnd
    guesses: int  # rows played
    seconds: float  # time from the first peg to the end
    assisted: bool = False  # a hint was taken or the computer solved it
    bucket: str | None = None  # the statistics bucket when not the config's own (DUEL_KEY, a mode's)
    # A mode's own score for the game (a match's higher total, a Deduce puzzle's); 0: score_game()
    points: int = 0
    # A mode's own meaning of its bucket's fields (a two-player match counts matches, not one
    # player's games): how the bucket's statistics change with this result; None: record_game's.
    tally: Callable[[DifficultyStats, GameResult], DifficultyStats] | None = field(
        default=None, compare=False
    )

    @property
    def player_won(self) -> bool:
        return self.end is GameEnd.WON

    @property
    def clean_win(self) -> bool:
        return self.end is GameEnd.WON and not self.assisted


def score_game(result: GameResult) -> int:
    """Points for a game: 0 unless it is an unassisted win.

    points = POINTS_PER_BIT * bits * (2 - used / turns) * time factor * difficulty multiplier,
    where bits = log2(code count) (a listed variant's: its secrets, the 2,000 answers of a word game,
    not 26^5) and the time factor runs from 1 (instant) down towards 0.5.
    """
    if not result.clean_win:
        return 0
    config = result.config
    codes = config.variant.legal_codes(config.colours, config.duplicates) if config.variant.listed else None
    bits = math.log2(codes or config.code_count)
    used = max(1, min(result.guesses, config.turns))
    guess_factor = 2.0 - used / config.turns
    par_s = PAR_SECONDS_PER_BIT * bits
    time_factor = 0.5 + 0.5 * par_s / (par_s + max(0.0, result.seconds))
    points = POINTS_PER_BIT * bits * guess_factor * time_factor * DIFFICULTY_MULTIPLIER[config.difficulty]
    return max(1, int(points))


def game_points(result: GameResult) -> int:
    """What a finished game scores: its mode's own points when it has them (a Deduce puzzle), else
    score_game(); 0 unless it is an unassisted win."""
    if not result.clean_win:
        return 0
    return result.points or score_game(result)


def stats_key(config: GameConfig) -> str:
    """The statistics bucket of a game: its variant's own bucket if it has one ("Grid" for any grid
    game), else its preset's name, or "Custom" for any other configuration."""
    if config.variant.bucket is not None:
        return config.variant.bucket
    for p in PRESETS:
        if p.config() == config:
            return p.name
    return CUSTOM_KEY


def stats_keys() -> tuple[str, ...]:
    """Buckets in menu order: the presets, the variants' own (the grid games), then Custom."""
    own = tuple(cls.bucket for cls in VARIANTS if cls.bucket is not None)
    return tuple(p.name for p in PRESETS) + own + (CUSTOM_KEY,)


@dataclass(frozen=True)
class DifficultyStats:
    """Statistics of one bucket (a preset, Grid or Custom)."""

    games: int = 0
    wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: int = 0
    best_time_s: float | None = None  # fastest unassisted win
    guesses_needed: Mapping[int, int] = field(default_factory=dict)  # guesses -> unassisted wins

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def record_game(stats: DifficultyStats, result: GameResult) -> DifficultyStats:
    """The statistics after one more finished game (a new value; `stats` is unchanged)."""
    if result.tally is not None:
        return result.tally(stats, result)
    games = stats.games + 1
    if not result.player_won:
        return replace(stats, games=games, current_streak=0)
    streak = stats.current_streak + 1
    new = replace(
        stats,
        games=games,
        wins=stats.wins + 1,
        current_streak=streak,
        best_streak=max(stats.best_streak, streak),
    )
    if not result.clean_win:
        return new
    histogram = dict(stats.guesses_needed)
    histogram[result.guesses] = histogram.get(result.guesses, 0) + 1
    seconds = min(max(0.0, float(result.seconds)), MAX_PLAY_S)  # never written beyond what is read back
    best_time = seconds if stats.best_time_s is None else min(stats.best_time_s, seconds)
    return replace(
        new,
        best_score=max(stats.best_score, game_points(result)),
        best_time_s=best_time,
        guesses_needed=histogram,
    )


def record_in_book(
    book: Mapping[str, DifficultyStats], result: GameResult
) -> tuple[dict[str, DifficultyStats], int]:
    """Add a game to a whole statistics book (key -> stats); returns the new book and the game's score."""
    key = result.bucket or stats_key(result.config)
    new_book = dict(book)
    new_book[key] = record_game(book.get(key, DifficultyStats()), result)
    return new_book, game_points(result)


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def is_play_time(value: Any) -> bool:
    """A time a game's clock can show: finite seconds from 0 to MAX_PLAY_S (true/false are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and 0 <= value <= MAX_PLAY_S


def stats_to_dict(stats: DifficultyStats) -> dict[str, Any]:
    """A JSON-ready dict (histogram keys become strings, as JSON requires)."""
    return {
        "games": stats.games,
        "wins": stats.wins,
        "current_streak": stats.current_streak,
        "best_streak": stats.best_streak,
        "best_score": stats.best_score,
        "best_time_s": stats.best_time_s,
        "guesses_needed": {str(k): v for k, v in sorted(stats.guesses_needed.items())},
    }


def stats_from_dict(data: Any) -> DifficultyStats:
    """Inverse of stats_to_dict(); raises RecordError on anything damaged."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a statistics record is a JSON object, not {type(data).__name__}")
    best_time = data.get("best_time_s")
    if best_time is not None and not is_play_time(best_time):
        raise RecordError(f"best_time_s is null or seconds from 0 to {MAX_PLAY_S:.0f}, not {best_time!r}")
    raw_histogram = data.get("guesses_needed", {})
    if not isinstance(raw_histogram, Mapping):
        raise RecordError("guesses_needed must be an object of guesses -> wins")
    histogram: dict[int, int] = {}
    for key, value in raw_histogram.items():
        try:
            guesses = int(key)
        except (TypeError, ValueError):
            raise RecordError(f"guesses_needed keys are numbers of guesses, not {key!r}") from None
        histogram[_count(guesses, "guesses")] = _count(value, f"guesses_needed[{key}]")
    stats = DifficultyStats(
        games=_count(data.get("games", 0), "games"),
        wins=_count(data.get("wins", 0), "wins"),
        current_streak=_count(data.get("current_streak", 0), "current_streak"),
        best_streak=_count(data.get("best_streak", 0), "best_streak"),
        best_score=_count(data.get("best_score", 0), "best_score"),
        best_time_s=None if best_time is None else float(best_time),
        guesses_needed=histogram,
    )
    if stats.wins > stats.games:
        raise RecordError(f"wins ({stats.wins}) cannot exceed games ({stats.games})")
    return stats


def book_to_dict(book: Mapping[str, DifficultyStats]) -> dict[str, Any]:
    return {key: stats_to_dict(stats) for key, stats in book.items()}


def book_from_dict(data: Any) -> dict[str, DifficultyStats]:
    if not isinstance(data, Mapping):
        raise RecordError("statistics are a JSON object of difficulty -> record")
    return {str(key): stats_from_dict(value) for key, value in data.items()}


def largest_turn_limit() -> int:
    """The most turns any game can have: the turn rule at the largest size of every shape setup
    offers, or more if GameConfig accepts an explicit limit beyond it (a saved game may carry one)."""
    limit = max(turn_limit(MAX_PEGS, MAX_COLOURS, d, shape) for d in Difficulty for shape in SHAPE_CHOICES)
    while limit < 10 * (MAX_PEGS + MAX_COLOURS):
        try:
            GameConfig(MAX_PEGS, MAX_COLOURS, turns=limit + 1)
        except ConfigError:
            break
        limit += 1
    return limit


HISTOGRAM_MEANINGS = ("wins", "games")  # what a bucket's guesses_needed counts (StatsTab.histogram)


def checked_stats(key: str, data: Any, histogram: str = "wins") -> DifficultyStats:
    """One bucket's statistics whose values also make sense (RecordError): guesses within the largest
    turn limit, streaks within the wins, the histogram within what it counts: `histogram` is the
    bucket's declared meaning, "wins" (record_game's: each unassisted win by its guesses) or "games"
    (a mode that counts every game in it, such as a match by its rounds)."""
    if histogram not in HISTOGRAM_MEANINGS:
        raise ValueError(f"a histogram counts {' or '.join(HISTOGRAM_MEANINGS)}, not {histogram!r}")
    stats = stats_from_dict(data)
    most_guesses = largest_turn_limit()
    if any(not 1 <= guesses <= most_guesses for guesses in stats.guesses_needed):
        raise RecordError(f"{key}: guesses_needed counts games of 1 to {most_guesses} guesses")
    counted = stats.games if histogram == "games" else stats.wins
    if sum(stats.guesses_needed.values()) > counted:
        raise RecordError(f"{key}: guesses_needed counts more than the {counted} {histogram}")
    if max(stats.current_streak, stats.best_streak) > stats.wins:
        raise RecordError(f"{key}: a streak cannot be longer than the {stats.wins} wins")
    return stats


def checked_book(
    data: Any, histograms: Callable[[str], str] = lambda key: "wins"
) -> dict[str, DifficultyStats]:
    """A whole statistics book checked bucket by bucket (earlier versions' statistics.json), each by
    `histograms(bucket)`, its meaning."""
    if not isinstance(data, Mapping):
        raise RecordError("statistics are a JSON object of difficulty -> record")
    return {str(key): checked_stats(str(key), value, histograms(str(key))) for key, value in data.items()}
