"""The player's settings: one typed, frozen value with one source of defaults (the field defaults).

The app holds one Settings as `app.settings`; states read its fields (`settings.palette`,
`settings.motion`) and a change is a new value made by changed(), which checks every value.
from_dict() reads the stored form leniently: a missing or out-of-range field takes its default.
game/store.py writes and reads it on disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from types import MappingProxyType
from typing import Any

from game.core.config import SHAPE_CHOICES, ConfigError, GameConfig
from game.core.highscores import INITIALS_LENGTH, LETTERS
from game.core.variants import setup_choice
from game.play.timeline import Motion


class SettingsError(ValueError):
    """Settings data that is not a JSON object."""


PALETTES = ("safe", "classic")  # game.ui.palette.PALETTE_NAMES; "safe" is Okabe-Ito based
PALETTE_ALIASES = MappingProxyType({"okabe-ito": "safe"})
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # offered in Settings; any value in the range below loads
MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED = 0.25, 4.0
MIN_WINDOW, MAX_WINDOW = (320, 240), (4096, 4096)  # game.app clamps to its own MIN_SIZE/MAX_SIZE


@dataclass(frozen=True)
class Settings:
    """What the player chose in Settings, plus a few things remembered between runs.

    The app keeps one as `app.settings`; a change makes a new value (changed()). to_dict() is the
    stored form and from_dict() reads it back leniently.
    """

    palette: str = "safe"
    symbols: bool = True
    sound: bool = True
    volume: float = 0.8  # 0..1
    music: bool = True  # the background loop (game.ui.sound.Sound.music_enabled)
    music_volume: float = 0.5  # 0..1, the loop's own level under the effects
    animation_speed: float = 1.0  # 1 = normal; 2 = twice as fast
    reduced_motion: bool = False
    fullscreen: bool = False  # desktop fullscreen (F11, Alt+Enter); window_size is the window to go back to
    last_difficulty: str | None = None  # a preset name or "Custom"; None before the first game
    last_custom: str | None = None  # the last Custom game's GameConfig.to_text() (a row or a grid game)
    last_initials: str | None = None  # the initials last entered for a high score (the next entry's start)
    window_size: tuple[int, int] | None = None  # None: the app's default
    # Learning aids for the plain games (presets, Custom, grids), fixed when a game starts and kept
    # with it: the coach (Why not?, What we know, Par beside the board; the game is then assisted,
    # unscored and counted apart) and hard mode (a guess that cannot be the code is refused).
    coach: bool = False
    hard_mode: bool = False
    tutorial_seen: bool = False  # the first-run offer of the guided game was answered (never again)

    @property
    def motion(self) -> Motion:
        """The motion choices as the runs' timelines read them (game/play/timeline.py)."""
        return Motion(self.animation_speed, self.reduced_motion)

    @property
    def custom_config(self) -> GameConfig | None:
        """The last Custom game's choices (Custom setup starts from them), or None."""
        return _custom_config(self.last_custom)

    def changed(self, **values: Any) -> Settings:
        """A copy with `values` changed; raises ValueError naming a field or a value that is wrong."""
        known = {f.name for f in fields(self)}
        for name, value in values.items():
            if name not in known:
                raise ValueError(f"there is no setting called {name!r}")
            if _settings_field(name, value) is _INVALID:
                raise ValueError(f"{value!r} is not a value for the setting {name!r}")
        return replace(self, **{name: _settings_field(name, v) for name, v in values.items()})

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size) if self.window_size else None
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Lenient: a missing or out-of-range field takes its default, the others are kept."""
        if not isinstance(data, Mapping):
            raise SettingsError("settings are a JSON object")
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
BOOLEAN_FIELDS = (
    "symbols",
    "sound",
    "music",
    "reduced_motion",
    "fullscreen",
    "coach",
    "hard_mode",
    "tutorial_seen",
)


def _settings_field(name: str, value: Any) -> Any:
    """The checked value of one settings field, or _INVALID."""
    if name in BOOLEAN_FIELDS:
        return value if isinstance(value, bool) else _INVALID
    if name == "palette":
        value = PALETTE_ALIASES.get(value, value) if isinstance(value, str) else value
        return value if value in PALETTES else _INVALID
    if name == "last_difficulty":
        return value if value is None or (isinstance(value, str) and 0 < len(value) <= 40) else _INVALID
    if name in ("volume", "music_volume", "animation_speed"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _INVALID
        low, high = (MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED) if name == "animation_speed" else (0.0, 1.0)
        return float(value) if low <= value <= high else _INVALID
    if name == "last_initials":
        ok = isinstance(value, str) and len(value) == INITIALS_LENGTH and all(c in LETTERS for c in value)
        return value if value is None or ok else _INVALID
    if name == "last_custom":
        return value if value is None or _custom_config(value) is not None else _INVALID
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


def _custom_config(text: Any) -> GameConfig | None:
    """The Custom game `text` describes (GameConfig.to_text()), or None if it describes none."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    try:
        config = GameConfig.from_text(text)
    except ConfigError:
        return None
    return config if setup_choice(config.variant, SHAPE_CHOICES) else None  # setup offers these shapes
