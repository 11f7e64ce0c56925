"""Settings, statistics and the game in progress on disk: versioned JSON, atomic writes, no lost records.

Files live in one directory (platformdirs' user data dir for "mastermind-arcade" unless a directory is
injected, as tests do): settings.json, statistics.json, kept.json (every kept game in progress, one
per slot), and the modes' highscores.json, daily.json and blitz.json (game/play/modefiles.py). Each
holds {"schema_version": N, "kind": ..., "data": ...}.

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
- Kept games: kept.json maps a slot ("classic:Super", "blitz", ...) to a mode's save,
  {"mode": id, "version": n, "data": ...}. The store checks that shape; what the data means is the
  mode's save codec's to check (game/screens/holding.py SaveCodec), and a save its codec refuses is
  dropped with drop_kept(slot, reason) and a notice. Each change is written at once, under a lock
  (.kept.lock) over what is on disk then, so windows keeping different games keep them all; a
  change that cannot be written is kept in memory for the session and written with the next one.
  A game.json from before kept games (one saved game) is read once into its slot and removed.
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

from .core.config import MAX_COLOURS, MAX_PEGS, SHAPE_CHOICES, ConfigError, Difficulty, GameConfig, turn_limit
from .core.daily import daily_day
from .core.highscores import HIGH_SCORE_MODES, HighScore, HighScoreTable, empty_book
from .core.highscores import book_from_dict as high_score_book_from_dict
from .core.highscores import book_to_dict as high_score_book_to_dict
from .core.records import (
    MATCH_KEY,
    DifficultyStats,
    GameResult,
    RecordError,
    book_from_dict,
    book_to_dict,
    game_points,
    record_in_book,
    stats_key,
)
from .play.modefiles import (
    BlitzBook,
    DailyBook,
    blitz_file_from_dict,
    blitz_file_to_dict,
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
GAME_FILE = "game.json"  # the one saved game of earlier versions: read once into kept.json
KEPT_FILE = "kept.json"
KEPT_LOCK_FILE = ".kept.lock"
MAX_KEPT_GAMES = 64  # one per slot; far more slots than the modes have
SLOT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-_ ")
MAX_SLOT_LENGTH = 40
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
        "kept games": "kept games",
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


class KeptFileError(ValueError):
    """kept.json holds something that is not a slot -> save map (the message says what)."""


def check_kept(data: Any) -> dict[str, dict[str, Any]]:
    """The kept games of kept.json's data, their shape checked (KeptFileError otherwise): each slot a
    short name, each save {"mode": id, "version": n >= 0, "data": object}."""
    if not isinstance(data, Mapping) or set(data) != {"games"} or not isinstance(data["games"], Mapping):
        raise KeptFileError("kept games are an object with exactly games: slot -> save")
    games = data["games"]
    if len(games) > MAX_KEPT_GAMES:
        raise KeptFileError(f"at most {MAX_KEPT_GAMES} kept games, not {len(games)}")
    checked = {}
    for slot, save in games.items():
        if not _is_slot(slot):
            raise KeptFileError(f"a slot is a short name, not {str(slot)[:40]!r}")
        if (
            not isinstance(save, Mapping)
            or set(save) != {"mode", "version", "data"}
            or not _is_slot(save["mode"])
            or isinstance(save["version"], bool)
            or not isinstance(save["version"], int)
            or save["version"] < 0
            or not isinstance(save["data"], Mapping)
        ):
            raise KeptFileError(f"the kept game {slot!r} is not {{mode, version, data}}")
        checked[slot] = {"mode": save["mode"], "version": save["version"], "data": dict(save["data"])}
    return checked


def _is_slot(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_SLOT_LENGTH and set(value) <= SLOT_CHARACTERS


def legacy_kept(data: Any) -> tuple[str, dict[str, Any]]:
    """(slot, save) of an earlier version's game.json data (one saved game, maybe with the mode data
    of a duel, a two-player round or a Blitz run); the mode's codec checks the rest when read."""
    if not isinstance(data, Mapping):
        raise KeptFileError("the saved game is not an object")
    if "version" not in data and isinstance(data.get("moves"), list):  # written before records had one
        data = {"version": 1, "played_by": ["player"] * len(data["moves"]), "draft": [], **data}
        data.setdefault("elapsed_s", 0.0)
        data.setdefault("assisted", False)
    record = {key: value for key, value in data.items() if key != "mode"}
    mode = data.get("mode")
    kind = mode.get("kind") if isinstance(mode, Mapping) else None
    if kind == "duel":
        save = {"level": mode.get("level"), "player": record, "computer": mode.get("computer")}
        return "duel", {"mode": "duel", "version": 1, "data": save}
    if kind == "match":
        save = {"match": mode.get("match"), "phase": "round", "round": record}
        return "match", {"mode": "match", "version": 1, "data": save}
    if kind == "blitz":
        return "blitz", {"mode": "blitz", "version": 1, "data": {"run": mode.get("run"), "code": record}}
    config = GameRecord.from_dict(record).config
    return f"classic:{stats_key(config)}", {"mode": "classic", "version": 1, "data": record}


@dataclass
class Store:
    """The game's memory on disk. Every method is safe to call whatever the state of the directory."""

    directory: Path = field(default_factory=default_directory)
    # The high-score tables kept, and the files modes keep of their own (the modes' registry names
    # both; the app passes them in).
    high_score_tables: tuple[str, ...] = HIGH_SCORE_MODES
    mode_files: tuple[str, ...] = ()
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
    # Kept games changed this session but not yet written (slot -> save, None: dropped): shown over
    # what is on disk until a write succeeds.
    _kept_pending: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    _unsaved: dict[str, list[Callable[[Any], Any]]] = field(default_factory=dict)
    # How each mode's own file reads and writes, as the mode said at its first load or update.
    _mode_specs: dict[str, ModeFile] = field(default_factory=dict)
    # The data folder did not exist when this store was made: the game's first run on this account.
    first_run: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        try:
            self.first_run = not self.directory.exists()
        except OSError:  # a path the system cannot even look at (too long): no run is a first here
            self.first_run = False
        names = (SETTINGS_FILE, STATS_FILE, KEPT_FILE, GAME_FILE, HIGH_SCORES_FILE, DAILY_FILE, BLITZ_FILE)
        stems = tuple(Path(name).stem for name in names) + self.mode_files
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
        return book, game_points(result)

    def _refresh_stats(self) -> None:
        """Re-read the file; missing means empty, damaged or unreadable keeps what the session knew."""
        found, book = self._read(STATS_FILE, "statistics", checked_book)
        if found:
            self._stats_on_disk = book
        elif found is None:
            self._stats_on_disk = {}

    # -- kept games ------------------------------------------------------------------------------
    def load_kept(self) -> dict[str, dict[str, Any]]:
        """Every kept game, slot -> save (an earlier version's game.json is taken in first)."""
        self._take_legacy_game()
        return self._kept_on_disk_and_pending()

    def save_kept(self, slot: str, save: Mapping[str, Any]) -> bool:
        """Keep `save` in `slot` (replacing what was there); False if it could not be written (it is
        then kept in memory, and written with the next change that can be)."""
        if not _is_slot(slot):
            raise ValueError(f"a slot is a short name, not {slot!r}")
        checked = check_kept({"games": {slot: save}})[slot]
        return self._change_kept(slot, checked)

    def drop_kept(self, slot: str, reason: str | None = None) -> bool:
        """Forget the game kept in `slot` (taken up, finished, abandoned; or, with `reason`, a save
        its mode refused, which a notice then names)."""
        if reason is not None:
            self.notice(f"The kept game {slot} could not be read back ({reason}); it was dropped.")
        return self._change_kept(slot, None)

    def _change_kept(self, slot: str, save: dict[str, Any] | None) -> bool:
        self._kept_pending[slot] = save
        with locked(self.directory / KEPT_LOCK_FILE):
            games = self._kept_on_disk_and_pending()
            if self._write(KEPT_FILE, "kept games", {"games": games}):
                self._kept[KEPT_FILE], self._kept_pending = games, {}
                return True
        return False

    def _kept_on_disk_and_pending(self) -> dict[str, dict[str, Any]]:
        found, games = self._read(KEPT_FILE, "kept games", check_kept)
        if found:
            self._kept[KEPT_FILE] = games
        elif found is None:
            self._kept[KEPT_FILE] = {}
        games = dict(self._kept.get(KEPT_FILE, {}))
        for slot, save in self._kept_pending.items():
            if save is None:
                games.pop(slot, None)
            else:
                games[slot] = save
        return games

    def _take_legacy_game(self) -> None:
        """Move an earlier version's one saved game (game.json) into kept.json, once."""
        path = self.directory / GAME_FILE
        if GAME_FILE in self._frozen or not os.path.lexists(path):  # lexists: never raises
            return
        found, legacy = self._read(GAME_FILE, "game", legacy_kept)
        if not found:
            return
        slot, save = legacy
        if self._change_kept(slot, save):
            try:
                path.unlink()
            except OSError as exc:
                self._report_write_failure(GAME_FILE, DESCRIPTIONS["game"], exc)
        self._frozen.add(GAME_FILE)  # taken in: never read twice this session

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

    def declare(self, high_score_tables: tuple[str, ...], mode_files: tuple[str, ...]) -> None:
        """The tables and files the modes' registry names (the app declares them once, at start)."""
        self.high_score_tables, self.mode_files = tuple(high_score_tables), tuple(mode_files)
        for name in remove_stale_temporaries(self.directory, self.mode_files):
            log.info("removed %s, left over from an interrupted write", name)

    def load_mode_file(self, name: str, parse: Callable[[Any], Any], default: Callable[[], Any]) -> Any:
        """A mode's own file, <name>.json (the mode's parse checks it; moved aside when it refuses),
        with this session's changes not yet on disk applied again."""
        return self._load_kept(self._mode_file(name, parse, default))

    def update_mode_file(
        self,
        name: str,
        change: Callable[[Any], Any],
        parse: Callable[[Any], Any],
        encode: Callable[[Any], Any],
        default: Callable[[], Any],
    ) -> Any:
        """Apply `change` to a mode's own file as it is on disk now (under the lock) and save; the new
        value. Kept in memory if it cannot be written, and written with the next change that can be."""
        return self._update_kept(self._mode_file(name, parse, default, encode), change)[1]

    def _mode_file(
        self, name: str, parse: Callable[[Any], Any], default: Callable[[], Any], encode: Any = None
    ) -> str:
        if name not in self.mode_files:
            raise ValueError(f"{name!r} is not a file a mode declared (Mode.files)")
        file_name = f"{name}.json"
        known = self._mode_specs.get(file_name)
        to_dict = encode if encode is not None else (known[3] if known is not None else None)
        self._mode_specs[file_name] = (name, lambda data, today: parse(data), default, to_dict)
        return file_name

    def _spec(self, name: str) -> ModeFile:
        """How the file `name` reads and writes: high scores by this store's tables, a mode's own file
        as that mode said, the Daily code's and Blitz's by MODE_FILES."""
        if name == HIGH_SCORES_FILE:
            tables = self.high_score_tables
            return (
                "high scores",
                lambda data, today: high_score_book_from_dict(data, tables, today),
                lambda: empty_book(tables),
                lambda book: high_score_book_to_dict(book, tables),
            )
        return self._mode_specs.get(name) or MODE_FILES[name]

    def _load_kept(self, name: str) -> Any:
        """What is on disk (missing: the empty book; damaged or unreadable: what this session last
        knew) with this session's changes that are not on disk yet applied again."""
        kind, parse, default, _ = self._spec(name)
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
        kind, _, _, to_dict = self._spec(name)
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
    """The most turns any game can have: the turn rule at the largest size of every shape setup
    offers, or more if GameConfig accepts an explicit limit beyond it (a saved game may carry one).
    Computed, so it follows config (the Grid bucket holds games of every grid shape, each with its
    variant's rule)."""
    limit = max(turn_limit(MAX_PEGS, MAX_COLOURS, d, shape) for d in Difficulty for shape in SHAPE_CHOICES)
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
