"""Settings, statistics and the game in progress on disk: versioned JSON, atomic writes, no lost records.

Files live in one directory (platformdirs' user data dir for "mastermind-arcade" unless a directory is
injected, as tests do): settings.json, statistics.json and game.json. Each holds
{"schema_version": N, "kind": ..., "data": ...}.

Invariants:
- A write never leaves a half-written file: the text goes to a temporary file in the same directory,
  is flushed and fsynced, then os.replace()d over the old file. If anything fails on the way the old
  file is untouched and the temporary file is removed.
- A file that cannot be read, is not valid JSON, has a damaged record or was written by a newer
  version is moved aside (settings.json -> settings.corrupt-1.json or settings.newer-1.json, never
  overwriting an earlier one), a notice says so, and the game goes on with defaults. If it cannot
  even be moved aside it is never overwritten in this session.
- A missing or read-only directory never raises: the store keeps everything in memory, says so once
  per file in a notice, and goes on.
- Statistics are read, updated and written in one step per finished game, so two instances of the
  game writing one after the other both count.
Notices are plain sentences for the screen; take_notices() hands them over once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs

from .core.codes import Code, CodeError, code_from_text, code_to_text
from .core.config import ConfigError, GameConfig
from .core.records import (
    DifficultyStats,
    GameResult,
    RecordError,
    book_from_dict,
    book_to_dict,
    record_in_book,
)
from .core.state import GameState, Guess, MoveError, move_to_text, replay

APP_NAME = "mastermind-arcade"
SCHEMA_VERSION = 1
SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
GAME_FILE = "game.json"
MAX_ASIDE_FILES = 1000  # settings.corrupt-1.json .. -1000.json; past that the file stays put

PALETTES = ("safe", "classic")  # game.ui.palette.PALETTE_NAMES; "safe" is Okabe-Ito based
PALETTE_ALIASES = MappingProxyType({"okabe-ito": "safe"})
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # offered in Settings; any value in the range below loads
MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED = 0.25, 4.0
MIN_WINDOW, MAX_WINDOW = (320, 240), (10_000, 10_000)

DESCRIPTIONS = MappingProxyType(
    {"settings": "settings", "statistics": "statistics", "game": "the game in progress"}
)

log = logging.getLogger(__name__)


def default_directory() -> Path:
    """The user data directory of the game (e.g. ~/.local/share/mastermind-arcade on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class DamagedFile(ValueError):
    """A stored document that cannot be trusted; the message says why."""


class NewerFile(ValueError):
    """A stored document written by a newer version of the game."""


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
            if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or elapsed < 0:
                raise DamagedFile(f"elapsed_s must be seconds, not {elapsed!r}")
            saved = cls(config, secret, tuple(moves), float(elapsed), bool(data.get("assisted", False)))
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
    # Files we must not overwrite this session (damaged and could not be moved aside).
    _frozen: set[str] = field(default_factory=set)
    # Files whose failed write has already been reported (one notice per file per session).
    _reported: set[str] = field(default_factory=set)
    _settings: Settings = field(default_factory=Settings)
    _stats: dict[str, DifficultyStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)

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
        data = self._read(SETTINGS_FILE, "settings", Settings.from_dict)
        if data is not None:
            self._settings = data
        return self._settings

    def save_settings(self, settings: Settings) -> bool:
        self._settings = settings
        return self._write(SETTINGS_FILE, "settings", settings.to_dict())

    # -- statistics -------------------------------------------------------------------------------
    def load_stats(self) -> dict[str, DifficultyStats]:
        book = self._read(STATS_FILE, "statistics", book_from_dict)
        if book is not None:
            self._stats = book
        return dict(self._stats)

    def record(self, result: GameResult) -> tuple[dict[str, DifficultyStats], int]:
        """Add a finished game to the statistics (re-read from disk first); returns (book, score)."""
        self.load_stats()
        self._stats, points = record_in_book(self._stats, result)
        self._write(STATS_FILE, "statistics", book_to_dict(self._stats))
        return dict(self._stats), points

    # -- the game in progress ---------------------------------------------------------------------
    def save_game(self, saved: SavedGame) -> bool:
        return self._write(GAME_FILE, "game", saved.to_dict())

    def load_game(self) -> SavedGame | None:
        """The game saved on the last quit, if it still replays to a game in progress."""
        return self._read(GAME_FILE, "game", SavedGame.from_dict)

    def clear_game(self) -> bool:
        """Forget the saved game (it was resumed, declined or finished)."""
        path = self.directory / GAME_FILE
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            self._report_write_failure(GAME_FILE, DESCRIPTIONS["game"], exc)
            return False
        return True

    # -- the two primitives -----------------------------------------------------------------------
    def _read(self, name: str, kind: str, parse):
        """Parsed data of a file, or None if it is missing or was moved aside (with a notice)."""
        path = self.directory / name
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None  # nothing stored yet (or no directory at all): defaults, no notice
        except (OSError, UnicodeDecodeError) as exc:
            self._move_aside(path, kind, "corrupt", f"could not be read ({_reason(exc)})")
            return None
        try:
            return parse(_unwrap(text, kind))
        except NewerFile as exc:
            self._move_aside(path, kind, "newer", str(exc))
        except (DamagedFile, RecordError, ValueError) as exc:
            self._move_aside(path, kind, "corrupt", f"is damaged ({exc})")
        return None

    def _write(self, name: str, kind: str, data: Any) -> bool:
        """Write atomically; on failure keep the old file, report once, return False."""
        if name in self._frozen:
            return False
        path = self.directory / name
        text = json.dumps({"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}, indent=2)
        tmp_name: str | None = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(dir=self.directory, prefix=f".{path.stem}-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as tmp:
                tmp.write(text + "\n")
                tmp.flush()
                os.fsync(tmp.fileno())
            os.replace(tmp_name, path)
            tmp_name = None
            _fsync_directory(self.directory)
        except OSError as exc:
            self._report_write_failure(name, DESCRIPTIONS.get(kind, kind), exc)
            return False
        finally:
            if tmp_name is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp_name)
        return True

    def _report_write_failure(self, name: str, what: str, exc: OSError) -> None:
        if name in self._reported:
            return
        self._reported.add(name)
        self.notice(f"Cannot save {what} in {self.directory} ({_reason(exc)}); kept for this session only.")

    def _move_aside(self, path: Path, kind: str, label: str, why: str) -> None:
        for n in range(1, MAX_ASIDE_FILES + 1):
            aside = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
            if not aside.exists():
                break
        else:
            aside = None
        try:
            if aside is None:
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


def _unwrap(text: str, kind: str) -> Any:
    """The "data" of a stored document; raises DamagedFile or NewerFile."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DamagedFile(f"not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(doc, dict):
        raise DamagedFile("not a JSON object")
    version = doc.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DamagedFile(f"no valid schema_version ({version!r})")
    if version > SCHEMA_VERSION:
        raise NewerFile(
            f"was written by a newer version of the game (schema {version}; this one reads {SCHEMA_VERSION})"
        )
    if doc.get("kind") != kind:
        raise DamagedFile(f"holds {doc.get('kind')!r}, not {kind}")
    if "data" not in doc:
        raise DamagedFile("has no data")
    return doc["data"]


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX); harmless elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
