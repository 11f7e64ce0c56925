"""Settings, statistics and the game in progress on disk: versioned JSON, atomic writes, no lost records.

Files live in one directory (platformdirs' user data dir for "mastermind-arcade" unless a directory is
injected, as tests do): settings.json, statistics.json and game.json. Each holds
{"schema_version": N, "kind": ..., "data": ...}.

Invariants:
- A write never leaves a half-written file: the text goes to a temporary file in the same directory,
  is flushed and fsynced, then os.replace()d over the old file. If anything fails on the way the old
  file is untouched and the temporary file is removed.
- Every file is read through one path (game/storefiles.py: regular files only, bounded size and
  depth, strict JSON, never hangs on a FIFO), and every value is checked against its meaning:
  finite non-negative numbers, booleans that are booleans, streaks within wins, guesses within the
  largest turn limit the game can set (largest_turn_limit()).
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
  session and is written with the next game that can be.
- Temporary files left by a killed write (older than storefiles.STALE_TEMP_S) are removed at start.
Notices are plain sentences for the screen; take_notices() hands them over once.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs

from .core.codes import Code, CodeError, code_from_text, code_to_text
from .core.config import MAX_COLOURS, MAX_PEGS, ConfigError, Difficulty, GameConfig, turn_limit
from .core.records import (
    DifficultyStats,
    GameResult,
    RecordError,
    book_from_dict,
    book_to_dict,
    record_in_book,
    score_game,
)
from .core.state import GameState, Guess, MoveError, move_to_text, replay
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
STATS_LOCK_FILE = ".statistics.lock"  # never deleted: removing a lock file races with its next user
MAX_ASIDE_FILES = 1000  # settings.corrupt-1.json .. -1000.json; past that the file stays put

PALETTES = ("safe", "classic")  # game.ui.palette.PALETTE_NAMES; "safe" is Okabe-Ito based
PALETTE_ALIASES = MappingProxyType({"okabe-ito": "safe"})
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # offered in Settings; any value in the range below loads
MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED = 0.25, 4.0
MIN_WINDOW, MAX_WINDOW = (320, 240), (4096, 4096)  # game.app clamps to its own MIN_SIZE/MAX_SIZE

DESCRIPTIONS = MappingProxyType(
    {"settings": "settings", "statistics": "statistics", "game": "the game in progress"}
)

log = logging.getLogger(__name__)


def default_directory() -> Path:
    """The user data directory of the game (e.g. ~/.local/share/mastermind-arcade on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class Settings:
    """What the player chose in Settings, plus a few things remembered between runs.

    to_dict() gives the plain dict the app keeps as `app.settings` (same keys), and from_dict()
    reads it back, so the app never needs to know this class.
    """

    palette: str = "safe"
    symbols: bool = True
    sound: bool = True
    volume: float = 0.8  # 0..1
    music: bool = True  # the background loop (game.ui.sound.Sound.music_enabled)
    music_volume: float = 0.5  # 0..1, the loop's own level under the effects
    animation_speed: float = 1.0  # 1 = normal; 2 = twice as fast
    reduced_motion: bool = False
    last_difficulty: str = "Classic"  # a preset name or "Custom"
    window_size: tuple[int, int] | None = None  # None: the app's default

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size) if self.window_size else None
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Lenient: a missing or out-of-range field takes its default, the others are kept."""
        if not isinstance(data, Mapping):
            raise DamagedFile("settings are a JSON object")
        defaults = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _settings_field(f.name, data[f.name])
            if value is not _INVALID:
                values[f.name] = value
        return replace(defaults, **values)


_INVALID = object()


def _settings_field(name: str, value: Any) -> Any:
    """The checked value of one settings field, or _INVALID."""
    if name in ("symbols", "sound", "music", "reduced_motion"):
        return value if isinstance(value, bool) else _INVALID
    if name == "palette":
        value = PALETTE_ALIASES.get(value, value) if isinstance(value, str) else value
        return value if value in PALETTES else _INVALID
    if name == "last_difficulty":
        return value if isinstance(value, str) and 0 < len(value) <= 40 else _INVALID
    if name in ("volume", "music_volume", "animation_speed"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _INVALID
        low, high = (MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED) if name == "animation_speed" else (0.0, 1.0)
        return float(value) if low <= value <= high else _INVALID
    if name == "window_size":
        if value is None:
            return None
        if (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and all(lo <= v <= hi for v, lo, hi in zip(value, MIN_WINDOW, MAX_WINDOW, strict=True))
        ):
            return (value[0], value[1])
        return _INVALID
    return _INVALID


@dataclass(frozen=True)
class SavedGame:
    """A game in progress as config + secret + move texts (replayed on load), plus the clock."""

    config: GameConfig
    secret: Code
    moves: tuple[str, ...] = ()
    elapsed_s: float = 0.0
    assisted: bool = False

    @classmethod
    def from_state(cls, state: GameState, elapsed_s: float = 0.0, assisted: bool = False) -> SavedGame:
        if state.secret is None:
            raise ValueError("only games with a secret are saved for resume")
        moves = tuple(move_to_text(Guess(row.guess)) for row in state.rows)
        return cls(state.config, state.secret, moves, float(elapsed_s), assisted)

    def state(self) -> GameState:
        """The game rebuilt by replaying the moves; raises MoveError/CodeError if they do not fit."""
        return replay(self.config, self.secret, list(self.moves))

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        return {
            "config": {
                "pegs": c.pegs,
                "colours": c.colours,
                "duplicates": c.duplicates,
                "difficulty": c.difficulty.value,
                "turns": c.turns,
            },
            "secret": code_to_text(self.secret),
            "moves": list(self.moves),
            "elapsed_s": self.elapsed_s,
            "assisted": self.assisted,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        """Strict: anything that does not replay to a game in progress raises DamagedFile."""
        try:
            raw = data["config"]
            config = GameConfig(
                pegs=raw["pegs"],
                colours=raw["colours"],
                duplicates=raw["duplicates"],
                difficulty=raw["difficulty"],
                turns=raw["turns"],
            )
            secret = config.check_code(code_from_text(data["secret"], config.pegs, config.colours))
            moves = data["moves"]
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise DamagedFile("moves must be a list of move texts")
            elapsed = data.get("elapsed_s", 0.0)
            if not _is_seconds(elapsed):
                raise DamagedFile(f"elapsed_s must be seconds, not {elapsed!r}")
            assisted = data.get("assisted", False)
            if not isinstance(assisted, bool):
                raise DamagedFile(f"assisted must be true or false, not {assisted!r}")
            saved = cls(config, secret, tuple(moves), float(elapsed), assisted)
            state = saved.state()
        except (KeyError, TypeError, AttributeError) as exc:
            raise DamagedFile(f"the saved game is missing {exc}") from None
        except (ConfigError, CodeError, MoveError) as exc:
            raise DamagedFile(f"the saved game does not replay: {exc}") from None
        if state.over:
            raise DamagedFile("the saved game had already ended")
        return saved


@dataclass
class Store:
    """The game's memory on disk. Every method is safe to call whatever the state of the directory."""

    directory: Path = field(default_factory=default_directory)
    notices: list[str] = field(default_factory=list)
    # Files we must not overwrite this session (unreadable, or damaged and could not be moved aside).
    _frozen: set[str] = field(default_factory=set)
    # Files whose failed write has already been reported (one notice per file per session).
    _reported: set[str] = field(default_factory=set)
    _settings: Settings = field(default_factory=Settings)
    # The statistics as last read from (or written to) disk, and the games of this session not yet
    # on disk: load_stats() is always the first with the second added, so no game is lost from view.
    _stats_on_disk: dict[str, DifficultyStats] = field(default_factory=dict)
    _pending: list[GameResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        stems = tuple(Path(name).stem for name in (SETTINGS_FILE, STATS_FILE, GAME_FILE))
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
    """The most turns any game can have: the turn rule at the largest size, or more if GameConfig
    accepts an explicit limit beyond it (a saved game may carry one). Computed, so it follows config."""
    limit = max(turn_limit(MAX_PEGS, MAX_COLOURS, d) for d in Difficulty)
    while limit < 10 * (MAX_PEGS + MAX_COLOURS):
        try:
            GameConfig(MAX_PEGS, MAX_COLOURS, turns=limit + 1)
        except ConfigError:
            break
        limit += 1
    return limit


def checked_book(data: Any) -> dict[str, DifficultyStats]:
    """A statistics book whose values also make sense (raises RecordError): times finite, guesses
    within the largest turn limit, streaks and the histogram within the wins."""
    book = book_from_dict(data)
    most_guesses = largest_turn_limit()
    for key, stats in book.items():
        if stats.best_time_s is not None and not _is_seconds(stats.best_time_s):
            raise RecordError(f"{key}: best_time_s must be finite seconds, not {stats.best_time_s!r}")
        if any(not 1 <= guesses <= most_guesses for guesses in stats.guesses_needed):
            raise RecordError(f"{key}: guesses_needed counts games of 1 to {most_guesses} guesses")
        if sum(stats.guesses_needed.values()) > stats.wins:
            raise RecordError(f"{key}: guesses_needed counts more games than the {stats.wins} wins")
        if max(stats.current_streak, stats.best_streak) > stats.wins:
            raise RecordError(f"{key}: a streak cannot be longer than the {stats.wins} wins")
    return book


def _is_seconds(value: Any) -> bool:
    """A finite, non-negative number of seconds (JSON true/false are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and value >= 0


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
