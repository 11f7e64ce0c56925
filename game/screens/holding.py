"""What a screen holds for the session, as one typed value: the game to keep, the game just decided.

Every screen answers `holding()` (game/screens/base.py) with a Holding; the session's lifetime owner
(game/lifetime.py) reads it each frame and when the screen leaves, and never looks for attributes
of screens. A screen that holds nothing answers Holding().

- `kept`: the game in progress this screen holds (Kept). The lifetime journals it: at once when
  `rows` changes (a submitted row is on disk before the next frame is drawn), within about a
  second when only `draft` changes (pegs on the row being built, a secret being entered), and
  when the screen leaves. A game that has nothing worth keeping yet (no row and an empty draft)
  answers kept=None, so leaving an empty game never touches a kept one.
- `abandoned`: the slot whose kept game this screen gave up for good (Abandon, handed to the
  computer, a finished game's code already counted): the lifetime forgets it.
- `decided`: a game decided this very moment (Decided). The lifetime records it once, before any
  animation shows it: statistics, streak, score, high-score eligibility and the mode's own file.
- `keep_clear`, `celebrate`: where confetti must not fall (the secret row) and the board area the
  win and loss effects play over; `notice_floor`: notices stay above this y (a footer line).
What the lifetime gives back for a decided game, RecordedOutcome (the lines its end screen shows),
lives here too, so a screen reads it without importing the lifetime above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.records import GameResult
from game.play.record import GameRecord
from game.screens.route import Route


@dataclass(frozen=True)
class SaveCodec:
    """A mode's kept game: a typed value <-> JSON data, strict on read.

    `encode` writes the value's data; `decode` reads it back (ValueError naming what is wrong: the
    file is then moved aside like any damaged file); `describe` is the menu's Resume line; `resume`
    is the route that plays it again. Stored as {"mode": id, "version": n, "data": ...}."""

    version: int
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[Any], Any]
    describe: Callable[[Any], str]
    resume: Callable[[Any], Route]

    def envelope(self, mode: str, value: Any) -> dict[str, Any]:
        """The stored form of `value` (what Kept.save returns)."""
        return {"mode": mode, "version": self.version, "data": self.encode(value)}


@dataclass(frozen=True)
class RecordBook:
    """Something a mode keeps of its own in the store's records, under `name`: a value <-> JSON data.

    `decode` reads it back (ValueError naming what is wrong: the stored row is then set aside and
    `default()` used); `encode` writes it. `legacy(store, data)`, when given, takes an earlier
    version's <name>.json (its data) into the store instead of decoding it as this value (the Daily
    code's daily.json becomes one attempt a day)."""

    name: str
    decode: Callable[[Any], Any]
    encode: Callable[[Any], Any]
    default: Callable[[], Any]
    legacy: Callable[[Any, Any], None] | None = None


@dataclass(frozen=True)
class Kept:
    """A game in progress to keep in `slot` (one kept game per slot, e.g. "classic:Super", "blitz").

    `rows` counts what must never be lost (submitted rows, rounds played); `draft` is the rest of
    the position (the half-built row, a secret being set), kept within about a second. `save()`
    makes the stored form, {"mode": mode id, "version": n, "data": {...}} (SaveCodec.envelope), which
    goes to the store's kept games; a mode that keeps its game elsewhere (the Daily code, in the day's
    attempt) gives `write(store)` instead."""

    slot: str
    rows: int
    draft: Any
    save: Callable[[], Mapping[str, Any]] | None = None
    write: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class HighScoreChance:
    """A score that may enter the high-score table `table` (the lifetime checks the table)."""

    table: str
    points: int


@dataclass(frozen=True)
class Decided:
    """A game decided now, to record once (`key` tells one decision from another).

    `record`: the finished record, when there is one (the result screen and the effects read it);
    `result`: what the statistics count (None: nothing, e.g. a game the computer played);
    `high_score`: a score that may enter a table; `write(store)`: the mode's own records (the day's
    daily result, a Blitz run), called with the store inside the decision's transaction, never
    without a store (a ValueError from it, such as a day decided in another window, undoes the whole
    decision); `slot`: the kept game this decision spends."""

    key: Any
    record: GameRecord | None = None
    result: GameResult | None = None
    high_score: HighScoreChance | None = None
    write: Callable[[Any], None] | None = None
    slot: str | None = None
    celebrate: bool = True


@dataclass(frozen=True)
class Holding:
    kept: Kept | None = None
    abandoned: str | None = None
    decided: Decided | None = None
    keep_clear: pygame.Rect | None = None
    celebrate: pygame.Rect | None = None
    notice_floor: int | None = None


@dataclass(frozen=True)
class RecordedOutcome:
    """What recording a decided game gave: the lines and figures its end screen shows."""

    record: GameRecord | None
    score_line: str = ""
    streak_line: str = ""
    high_score: tuple[str, int] | None = None  # (table, points) when the score makes a top ten
    points: int = 0  # the score the game earned (0: none)
    new_best: bool = False  # the points beat the best score this bucket had before
    streak: int = 0  # the bucket's current streak after this game
    key: Any = None
    recorded: bool = True  # False: recorded already, or refused (the day decided in another window)
    waiting: bool = False  # the database was busy: kept, and written (so counted) once it is free
