"""Settings, statistics and the game in progress on disk: versioned JSON, atomic writes, no lost records.

Files live in one directory (platformdirs' user data dir for "mastermind-arcade" unless a directory is
injected, as tests do): settings.json, statistics.json, game.json, and the modes' highscores.json,
daily.json and blitz.json (game/play/modefiles.py). Each holds
{"schema_version": N, "kind": ..., "data": ...}.

Invariants:
- A write never leaves a half-written file: the text goes to a temporary file in the same directory,
  is flushed and fsynced, then os.replace()d over the old file. If anything fails on the way the old
  file is untouched and the temporary file is removed.
- Every file is read through one path (game/storefiles.py: regular files only, bounded size and
  depth, strict JSON, never hangs on a FIFO), and every value is checked against its meaning:
  finite non-negative numbers, times within a game's clock (records.MAX_PLAY_S), booleans that are
  booleans, streaks within wins (and a daily streak within the days up to it), guesses within the
  largest turn limit the game can set (largest_turn_limit()), dates not in the future (the store's
  clock, with a day of skew allowed).
- A file that is not a document of ours (garbage, too deep, NaN, a FIFO or device, a damaged
  record) or was written by a newer version is moved aside (settings.json -> settings.corrupt-1.json
  or settings.newer-1.json, never overwriting an earlier one), a notice says so, and the game goes
  on with defaults. If it cannot even be moved aside it is never overwritten in this session.
- A file that exists but cannot be read (permissions, a path too long) is not damaged: it is left
  in place, never overwritten this session, a notice says so, and the session works in memory.
- A missing, unsearchable or read-only directory never raises: the store keeps everything in
  memory, says so once per file in a notice, and goes on.
- Statistics never lose a game: each finished game is added under a lock file (.statistics.lock)
  to what is on disk at that moment, so several windows finishing games together all count; a
  game that cannot be written stays pending in memory, is shown by load_stats() for the whole
  session and is written with the next game that can be. The mode files keep this session's
  changes the same way (a high score, a Blitz run, a daily result or game in progress): each is
  applied again to what is on disk at every load until a write succeeds, with the same notice, so
  one attempt a day holds even when daily.json cannot be written.
- Temporary files left by a killed write (older than storefiles.STALE_TEMP_S) are removed at start.
Notices are plain sentences for the screen; take_notices() hands them over once.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs

from .core.config import GRID_SHAPES, MAX_COLOURS, MAX_PEGS, ConfigError, Difficulty, GameConfig, turn_limit
from .core.daily import daily_day
from .core.duel import level_named
from .core.highscores import HighScore, HighScoreTable, empty_book
from .core.highscores import book_from_dict as high_score_book_from_dict
from .core.highscores import book_to_dict as high_score_book_to_dict
from .core.match import match_from_dict
from .core.records import (
    MATCH_KEY,
    DifficultyStats,
    GameResult,
    RecordError,
    book_from_dict,
    book_to_dict,
    record_in_book,
    score_game,
)
from .core.state import GameState
from .play.modefiles import (
    BlitzBook,
    DailyBook,
    blitz_file_from_dict,
    blitz_file_to_dict,
    check_blitz_mode,
    daily_file_from_dict,
    daily_file_to_dict,
)
from .play.record import GameRecord
from .settings import (  # noqa: F401  (re-exported: the store reads and writes them)
    ANIMATION_SPEEDS,
    MAX_ANIMATION_SPEED,
    MIN_ANIMATION_SPEED,
    PALETTE_ALIASES,
    PALETTES,
    Settings,
)
from .storefiles import (
    DamagedFile,
    NewerFile,
    Unreadable,
    locked,
    read_document,
    remove_stale_temporaries,
    unwrap,
    write_atomically,
)

APP_NAME = "mastermind-arcade"
SCHEMA_VERSION = 1
SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
GAME_FILE = "game.json"
HIGH_SCORES_FILE = "highscores.json"
DAILY_FILE = "daily.json"
BLITZ_FILE = "blitz.json"
MODES_LOCK_FILE = ".modes.lock"  # high scores, daily and blitz are read-modify-written under it
STATS_LOCK_FILE = ".statistics.lock"  # never deleted: removing a lock file races with its next user
MAX_ASIDE_FILES = 1000  # settings.corrupt-1.json .. -1000.json; past that the file stays put


DESCRIPTIONS = MappingProxyType(
    {
        "settings": "settings",
        "statistics": "statistics",
        "game": "the game in progress",
        "high scores": "high scores",
        "daily": "daily results",
        "blitz": "Blitz results",
    }
)

# Each mode file: its kind, how it is read (strict: the data and today's date, which no stored date
# may be after), its empty book and how it is written.
ModeFile = tuple[str, Callable[[Any, dt.date], Any], Callable[[], Any], Callable[[Any], Any]]
MODE_FILES: Mapping[str, ModeFile] = MappingProxyType(
    {
        HIGH_SCORES_FILE: ("high scores", high_score_book_from_dict, empty_book, high_score_book_to_dict),
        DAILY_FILE: ("daily", daily_file_from_dict, DailyBook, daily_file_to_dict),
        BLITZ_FILE: ("blitz", lambda data, today: blitz_file_from_dict(data), BlitzBook, blitz_file_to_dict),
    }
)

log = logging.getLogger(__name__)


def utc_now() -> dt.datetime:
    """The wall clock as an aware UTC time: what a stored date is checked against."""
    return dt.datetime.now(dt.UTC)


def default_directory() -> Path:
    """The user data directory of the game (e.g. ~/.local/share/mastermind-arcade on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class SavedGame:
    """A game in progress kept for resume: its GameRecord (game/play/record.py), whose to_dict and
    strict from_dict are the one text form (rows and who played them, time, assists, the half-filled
    row). A file written before records had a version reads as the player's rows and no draft.
    `mode` is a mode's own resume data beside the player's record, a JSON object whose "kind" names
    the mode: {"kind": "duel", "level", "computer": the computer's record} or {"kind": "match",
    "match": match_to_dict()}; it is checked as strictly as the record (check_mode)."""

    record: GameRecord
    mode: Mapping[str, Any] | None = None

    @classmethod
    def from_state(cls, state: GameState, elapsed_s: float = 0.0, assisted: bool = False) -> SavedGame:
        if state.secret is None:
            raise ValueError("only games with a secret are saved for resume")
        record = GameRecord.of_game(state).timed(float(elapsed_s))
        return cls(record.with_assist() if assisted else record)

    @property
    def config(self) -> GameConfig:
        return self.record.config

    @property
    def moves(self) -> tuple:
        return self.record.game.rows

    @property
    def elapsed_s(self) -> float:
        return self.record.elapsed_s

    @property
    def assisted(self) -> bool:
        return self.record.assisted

    def state(self) -> GameState:
        return self.record.game

    def to_dict(self) -> dict[str, Any]:
        data = self.record.to_dict()
        if self.mode is not None:
            data["mode"] = dict(self.mode)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        """Strict: anything that does not read back as a game in progress raises DamagedFile."""
        if isinstance(data, Mapping) and "version" not in data and isinstance(data.get("moves"), list):
            data = {"version": 1, "played_by": ["player"] * len(data["moves"]), "draft": [], **data}
            data.setdefault("elapsed_s", 0.0)
            data.setdefault("assisted", False)
        try:
            record = GameRecord.from_dict(data)
            mode = check_mode(data.get("mode"), record) if isinstance(data, Mapping) else None
        except ValueError as exc:
            raise DamagedFile(f"the saved game cannot be read: {exc}") from None
        if record.game.secret is None:
            raise DamagedFile("a saved game knows its secret")
        if record.over:
            raise DamagedFile("the saved game had already ended")
        return cls(record, mode)


def check_mode(mode: Any, record: GameRecord) -> Mapping[str, Any] | None:
    """A saved game's mode data, checked (ValueError names what is wrong); None for a plain game."""
    if mode is None:
        return None
    if not isinstance(mode, Mapping) or mode.get("kind") not in ("duel", "match", "blitz"):
        raise ValueError("a saved game's mode is a JSON object of kind duel, match or blitz")
    if mode["kind"] == "blitz":
        check_blitz_mode(mode, record)
        return mode
    if mode["kind"] == "match":
        if set(mode) != {"kind", "match"}:
            raise ValueError("a saved match holds kind and match")
        match = match_from_dict(mode["match"])
        if match.over or match.rules.config != record.config:
            raise ValueError("the saved match is over or does not fit its round")
        return mode
    if set(mode) != {"kind", "level", "computer"} or not isinstance(mode["level"], str):
        raise ValueError("a saved duel holds kind, level and the computer's record")
    level_named(mode["level"])
    computer = GameRecord.from_dict(mode["computer"])
    if computer.game.secret != record.game.secret or computer.config != record.config:
        raise ValueError("the two boards of a saved duel have different codes")
    if not len(record.game.rows) - 1 <= len(computer.game.rows) <= len(record.game.rows):
        raise ValueError("the saved duel's boards are more than a turn apart")
    return mode


@dataclass
class Store:
    """The game's memory on disk. Every method is safe to call whatever the state of the directory."""

    directory: Path = field(default_factory=default_directory)
    notices: list[str] = field(default_factory=list)
    # The calendar stored dates are checked against (a day played or a high score's date is never
    # in the future); the app hands its own, so the two never disagree.
    clock: Callable[[], dt.datetime] = utc_now
    # Files we must not overwrite this session (unreadable, or damaged and could not be moved aside).
    _frozen: set[str] = field(default_factory=set)
    # Files whose failed write has already been reported (one notice per file per session).
    _reported: set[str] = field(default_factory=set)
    _settings: Settings = field(default_factory=Settings)
    # The statistics as last read from (or written to) disk, and the games of this session not yet
    # on disk: load_stats() is always the first with the second added, so no game is lost from view.
    _stats_on_disk: dict[str, DifficultyStats] = field(default_factory=dict)
    _pending: list[GameResult] = field(default_factory=list)
    # High scores, daily results and Blitz runs as last read from (or written to) disk, and this
    # session's changes to each not yet on disk, in order: every load applies them again to what is
    # on disk then, as load_stats() does with _pending, so a folder that cannot be written still
    # shows this session's entries and one attempt a day holds.
    _kept: dict[str, Any] = field(default_factory=dict)
    _unsaved: dict[str, list[Callable[[Any], Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        names = (SETTINGS_FILE, STATS_FILE, GAME_FILE, HIGH_SCORES_FILE, DAILY_FILE, BLITZ_FILE)
        stems = tuple(Path(name).stem for name in names)
        for name in remove_stale_temporaries(self.directory, stems):
            log.info("removed %s, left over from an interrupted write", name)

    # -- notices ----------------------------------------------------------------------------------
    def notice(self, text: str) -> None:
        log.warning("%s", text)
        if text not in self.notices:
            self.notices.append(text)

    def take_notices(self) -> list[str]:
        """Notices not yet shown, oldest first; each is handed out once."""
        taken, self.notices = self.notices, []
        return taken

    # -- settings ---------------------------------------------------------------------------------
    def load_settings(self) -> Settings:
        found, data = self._read(SETTINGS_FILE, "settings", Settings.from_dict)
        if found:
            self._settings = data
        return self._settings

    def save_settings(self, settings: Settings) -> bool:
        self._settings = settings
        return self._write(SETTINGS_FILE, "settings", settings.to_dict())

    # -- statistics -------------------------------------------------------------------------------
    def load_stats(self) -> dict[str, DifficultyStats]:
        """What is on disk plus this session's games that could not be written yet."""
        self._refresh_stats()
        book = dict(self._stats_on_disk)
        for result in self._pending:
            book, _ = record_in_book(book, result)
        return book

    def record(self, result: GameResult) -> tuple[dict[str, DifficultyStats], int]:
        """Add a finished game to the statistics on disk (under the lock); returns (book, score).

        If the file cannot be written the game stays pending in memory and is written with a later one.
        """
        self._pending.append(result)
        with locked(self.directory / STATS_LOCK_FILE):
            book = self.load_stats()
            if self._write(STATS_FILE, "statistics", book_to_dict(book)):
                self._stats_on_disk, self._pending = book, []
        return book, score_game(result)

    def _refresh_stats(self) -> None:
        """Re-read the file; missing means empty, damaged or unreadable keeps what the session knew."""
        found, book = self._read(STATS_FILE, "statistics", checked_book)
        if found:
            self._stats_on_disk = book
        elif found is None:
            self._stats_on_disk = {}

    # -- the game in progress ---------------------------------------------------------------------
    def save_game(self, saved: SavedGame) -> bool:
        return self._write(GAME_FILE, "game", saved.to_dict())

    def load_game(self) -> SavedGame | None:
        """The game saved on the last quit, if it still replays to a game in progress."""
        found, saved = self._read(GAME_FILE, "game", SavedGame.from_dict)
        return saved if found else None

    def clear_game(self) -> bool:
        """Forget the saved game (it was resumed, declined or finished)."""
        if GAME_FILE in self._frozen:
            return False
        path = self.directory / GAME_FILE
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            self._report_write_failure(GAME_FILE, DESCRIPTIONS["game"], exc)
            return False
        return True

    # -- high scores, daily results, Blitz runs ----------------------------------------------------
    def load_high_scores(self) -> dict[str, HighScoreTable]:
        """Mode -> its top ten (game/core/highscores.py); empty tables when nothing is stored."""
        return dict(self._load_kept(HIGH_SCORES_FILE))

    def add_high_score(self, mode: str, entry: HighScore) -> int | None:
        """Put `entry` into `mode`'s table as it is on disk now (under the lock); its rank, or None
        when it no longer makes the table. Kept in memory if the file cannot be written."""

        def insert(book: dict[str, HighScoreTable]) -> dict[str, HighScoreTable]:
            book = dict(book)
            book[mode], _ = book[mode].insert(entry)
            return book

        before, _ = self._update_kept(HIGH_SCORES_FILE, insert)
        return before[mode].rank_for(entry.score)

    def load_daily(self) -> DailyBook:
        return self._load_kept(DAILY_FILE)

    def update_daily(self, change: Callable[[DailyBook], DailyBook]) -> DailyBook:
        """Apply `change` to the daily results on disk now (under the lock) and save; the new book.
        An exception from `change` (a second attempt the same day) leaves everything as it was."""
        return self._update_kept(DAILY_FILE, change)[1]

    def load_blitz(self) -> BlitzBook:
        return self._load_kept(BLITZ_FILE)

    def update_blitz(self, change: Callable[[BlitzBook], BlitzBook]) -> BlitzBook:
        """Apply `change` to the Blitz results on disk now (under the lock) and save; the new book."""
        return self._update_kept(BLITZ_FILE, change)[1]

    def _load_kept(self, name: str) -> Any:
        """What is on disk (missing: the empty book; damaged or unreadable: what this session last
        knew) with this session's changes that are not on disk yet applied again."""
        kind, parse, default, _ = MODE_FILES[name]
        today = daily_day(self.clock())
        found, value = self._read(name, kind, lambda data: parse(data, today))
        if found:
            self._kept[name] = value
        elif found is None:
            self._kept.pop(name, None)
        book = self._kept[name] if name in self._kept else default()
        for change in self._unsaved.get(name, ()):
            try:
                book = change(book)
            except ValueError:  # another window wrote the same thing first (the day's daily): it stands
                continue
        return book

    def _update_kept(self, name: str, change: Callable[[Any], Any]) -> tuple[Any, Any]:
        """(book before, book after) `change` is applied to the file as it is now, under the lock; a
        change that cannot be written stays in memory and is written with the next one that can."""
        kind, _, _, to_dict = MODE_FILES[name]
        with locked(self.directory / MODES_LOCK_FILE):
            before = self._load_kept(name)
            after = change(before)  # raises before anything is kept: nothing changes
            unsaved = self._unsaved.setdefault(name, [])
            unsaved.append(change)
            if self._write(name, kind, to_dict(after)):
                self._kept[name] = after
                unsaved.clear()
        return before, after

    # -- the two primitives -----------------------------------------------------------------------
    def _read(self, name: str, kind: str, parse) -> tuple[bool | None, Any]:
        """(True, parsed data) if the file was read and trusted; (None, None) if nothing is stored;
        (False, None) if it could not be read or was moved aside (with a notice either way)."""
        if name in self._frozen:
            return False, None  # left in place earlier this session: do not report it again
        path = self.directory / name
        try:
            return True, parse(unwrap(read_document(path), kind, SCHEMA_VERSION))
        except FileNotFoundError:
            return None, None  # nothing stored yet (or no directory at all): defaults, no notice
        except Unreadable as exc:
            self._frozen.add(name)
            self.notice(
                f"The {kind} file {path.name} cannot be read ({_reason(exc)}); it is left as it is and not "
                f"overwritten, so this session's {DESCRIPTIONS.get(kind, kind)} are kept in memory only."
            )
        except NewerFile as exc:
            self._move_aside(path, kind, "newer", str(exc))
        except DamagedFile as exc:
            self._move_aside(path, kind, "corrupt", str(exc))
        except Exception as exc:  # noqa: BLE001  (a trust boundary: whatever a parser raises, the file is bad)
            self._move_aside(path, kind, "corrupt", f"is damaged ({exc or type(exc).__name__})")
        return False, None

    def _write(self, name: str, kind: str, data: Any) -> bool:
        """Write atomically; on failure keep the old file, report once, return False."""
        if name in self._frozen:
            return False
        text = json.dumps({"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}, indent=2)
        try:
            write_atomically(self.directory / name, text + "\n")
        except OSError as exc:
            self._report_write_failure(name, DESCRIPTIONS.get(kind, kind), exc)
            return False
        return True

    def _report_write_failure(self, name: str, what: str, exc: OSError) -> None:
        if name in self._reported:
            return
        self._reported.add(name)
        self.notice(f"Cannot save {what} in {self.directory} ({_reason(exc)}); kept for this session only.")

    def _move_aside(self, path: Path, kind: str, label: str, why: str) -> None:
        try:
            for n in range(1, MAX_ASIDE_FILES + 1):
                aside = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
                if not os.path.lexists(aside):
                    break
            else:
                raise OSError("too many files already moved aside")
            os.replace(path, aside)
        except OSError as exc:
            self._frozen.add(path.name)
            self.notice(
                f"The {kind} file {path.name} {why}; it could not be moved aside ({_reason(exc)}), so it "
                f"is left as it is and the game uses defaults this session."
            )
            return
        self.notice(f"The {kind} file {why}; it was moved to {aside.name} and the game uses defaults.")


def largest_turn_limit() -> int:
    """The most turns any game can have: the turn rule at the largest row or grid size, or more if
    GameConfig accepts an explicit limit beyond it (a saved game may carry one). Computed, so it
    follows config (the Grid bucket holds games of every grid shape, whose rule is its own)."""
    limit = max(
        turn_limit(MAX_PEGS, MAX_COLOURS, d, grid) for d in Difficulty for grid in (None, *GRID_SHAPES)
    )
    while limit < 10 * (MAX_PEGS + MAX_COLOURS):
        try:
            GameConfig(MAX_PEGS, MAX_COLOURS, turns=limit + 1)
        except ConfigError:
            break
        limit += 1
    return limit


def checked_book(data: Any) -> dict[str, DifficultyStats]:
    """A statistics book whose values also make sense (raises RecordError): times within a game's
    clock (records.stats_from_dict), guesses within the largest turn limit, streaks and the
    histogram within the wins."""
    book = book_from_dict(data)
    most_guesses = largest_turn_limit()
    for key, stats in book.items():
        if any(not 1 <= guesses <= most_guesses for guesses in stats.guesses_needed):
            raise RecordError(f"{key}: guesses_needed counts games of 1 to {most_guesses} guesses")
        counted = stats.games if key == MATCH_KEY else stats.wins  # matches count ties by their rounds
        if sum(stats.guesses_needed.values()) > counted:
            raise RecordError(f"{key}: guesses_needed counts more games than the {counted} counted")
        if max(stats.current_streak, stats.best_streak) > stats.wins:
            raise RecordError(f"{key}: a streak cannot be longer than the {stats.wins} wins")
    return book


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
