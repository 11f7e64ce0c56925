"""The player's settings: one typed, frozen value with one source of defaults (the field defaults).

The app holds one Settings as `app.settings`; states read its fields (`settings.palette`,
`settings.motion`) and a change is a new value made by changed(), which checks every value.
from_dict() reads the stored form leniently: a missing or out-of-range field takes its default.
game/store.py writes and reads it on disk.

A setting the player changes on the settings screen is declared once, as its field:
`coach: bool = setting(False, "Coach", on=..., off=..., section="Games")`. The declaration is the
field's default, its SettingRow (label, what on and off mean, kind, section: setting_rows() reads
them in field order) and how a stored value is checked (by its kind). Adding a setting is that one
declaration and the behaviour that reads it. Fields without one (last_difficulty, window_size...)
are remembered between runs and never shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field, fields, replace
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
THEMES = ("dark", "night", "light")  # game.ui.looks.THEME_NAMES
PIECE_SETS = ("pegs", "digits", "letters", "high-contrast")  # game.ui.looks.PIECE_SET_NAMES
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # offered in Settings; any value in the range below loads
MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED = 0.25, 4.0
MIN_WINDOW, MAX_WINDOW = (320, 240), (4096, 4096)  # game.app clamps to its own MIN_SIZE/MAX_SIZE
SECTIONS = ("Look", "Sound", "Motion", "Window", "Games")  # the settings screen's order; others after
ROW = "setting"  # the key of a field's SettingRow in its metadata
KINDS = ("toggle", "cycle", "steps", "level")


@dataclass(frozen=True)
class SettingRow:
    """One row of the settings screen, as its field declares it (see the module docstring).

    kind: "toggle" (a switch: on/off), "cycle" (one button through `choices`), "steps" (a stepper
    through `choices`, stopping at the ends), "level" (a stepper from 0 to 1 in tenths, as a percent).
    `on` is the line under the list while the row is focused; `off` the line while it is off ("":
    the `on` line), or while the setting `off_follows` names is off."""

    key: str
    label: str
    on: str
    off: str = ""
    kind: str = "toggle"
    section: str = "More"
    choices: tuple = ()
    names: tuple[str, ...] = ()  # what each of `choices` is called on screen
    off_follows: str = ""

    def line(self, settings: Any) -> str:
        """The line explaining this row for `settings` as they are."""
        follows = self.off_follows or (self.key if self.kind == "toggle" else "")
        if self.off and follows and not getattr(settings, follows):
            return self.off
        return self.on


def setting(default: Any, label: str, on: str, off: str = "", **row: Any) -> Any:
    """A field of Settings shown on the settings screen: its default and its SettingRow (the key is
    the field's name). The kind defaults to what the default is: a bool a toggle, a float a level."""
    if "kind" not in row:
        row["kind"] = "toggle" if isinstance(default, bool) else "level"
    if row["kind"] not in KINDS:
        raise ValueError(f"a setting's kind is one of {', '.join(KINDS)}, not {row['kind']!r}")
    return field(default=default, metadata={ROW: dict(label=label, on=on, off=off, **row)})


def _row_of(f: Field) -> SettingRow | None:
    made = f.metadata.get(ROW)
    return SettingRow(f.name, **made) if made is not None else None


def setting_rows(cls: type | None = None) -> tuple[SettingRow, ...]:
    """Every setting the screen shows, of Settings (or a subclass that declares more), by section
    (SECTIONS first, in order, then any other in the order first declared), in field order within."""
    rows = [row for f in fields(cls or Settings) if (row := _row_of(f)) is not None]
    order = list(SECTIONS) + [row.section for row in rows if row.section not in SECTIONS]
    return tuple(sorted(rows, key=lambda row: order.index(row.section)))


@dataclass(frozen=True)
class Settings:
    """What the player chose in Settings, plus a few things remembered between runs.

    The app keeps one as `app.settings`; a change makes a new value (changed()). to_dict() is the
    stored form and from_dict() reads it back leniently.
    """

    palette: str = setting(
        "safe",
        "Peg colours",
        "Colour-blind safe uses the Okabe-Ito colours; symbols tell pegs apart in either palette.",
        "Colour-blind safe uses the Okabe-Ito colours; symbols are off: pegs differ by colour.",
        kind="cycle",
        section="Look",
        choices=PALETTES,
        names=("Colour-blind safe", "Classic bright"),
        off_follows="symbols",
    )
    symbols: bool = setting(
        True,
        "Shapes on pegs",
        "A shape on every peg, so no colour has to be told apart by hue alone.",
        "Off: pegs differ by colour alone. Turn on for a shape on every peg.",
        section="Look",
    )
    theme: str = setting(
        "dark",
        "Theme",
        "Dark: light text on slate. Night: true black for OLED screens. Light: dark text on light grey.",
        kind="cycle",
        section="Look",
        choices=THEMES,
        names=("Dark", "Night", "Light"),
    )
    pieces: str = setting(
        "pegs",
        "Pieces",
        "Pegs; Digits: each peg's key on it; Letters: tiles A-J; High contrast: ten outlined colours of"
        " its own, apart for every colour vision. Shapes show on each.",
        kind="cycle",
        section="Look",
        choices=PIECE_SETS,
        names=("Pegs", "Digits", "Letters", "High contrast"),
    )
    sound: bool = setting(
        True,
        "Sound (M)",
        "Effects for pegs, grades, wins and losses. M switches them off or on anywhere.",
        "Off: no effects and no music. M switches them back on anywhere.",
        section="Sound",
    )
    volume: float = setting(0.8, "Volume", "Loudness of every effect.", section="Sound")  # 0..1
    music: bool = setting(  # the background loop (game.ui.sound.Sound.music_enabled)
        True,
        "Music",
        "A quiet synthesised loop behind every screen; M silences it with the effects.",
        "Off: effects only. Turn on for a quiet synthesised loop behind every screen.",
        section="Sound",
    )
    music_volume: float = setting(  # 0..1, the loop's own level under the effects
        0.5,
        "Music volume",
        "Loudness of the music on its own; the effects keep their volume.",
        section="Sound",
    )
    animation_speed: float = setting(  # 1 = normal; 2 = twice as fast
        1.0,
        "Animation speed",
        "How fast pegs snap and grading pegs pop in.",
        kind="steps",
        section="Motion",
        choices=ANIMATION_SPEEDS,
        names=("Slow", "Normal", "Fast", "Fastest"),
    )
    reduced_motion: bool = setting(
        False,
        "Reduced motion",
        "No fades, no confetti, no pulsing; animations finish quickly.",
        section="Motion",
    )
    # desktop fullscreen (F11, Alt+Enter); window_size is the window to go back to
    fullscreen: bool = setting(
        False,
        "Fullscreen (F11)",
        "The whole screen at its own resolution. F11 or Alt+Enter switches anywhere.",
        "Off: a window you can resize. F11 or Alt+Enter switches anywhere.",
        section="Window",
    )
    last_difficulty: str | None = None  # a preset name or "Custom"; None before the first game
    last_custom: str | None = None  # the last Custom game's GameConfig.to_text() (a row or a grid game)
    last_initials: str | None = None  # the initials last entered for a high score (the next entry's start)
    window_size: tuple[int, int] | None = None  # None: the app's default
    # Learning aids for the plain games (presets, Custom, grids), fixed when a game starts and kept
    # with it: the coach (Why not?, What we know, Par beside the board; the game is then assisted,
    # unscored and counted apart) and hard mode (a guess that cannot be the code is refused).
    coach: bool = setting(
        False,
        "Coach",
        "New games show Why not?, What we know and Par; they score nothing and count apart.",
        "Off: no coach. On: new games explain what the grades rule out (no score).",
        section="Games",
    )
    hard_mode: bool = setting(
        False,
        "Hard mode",
        "New games refuse a guess that cannot be the code; scored, with statistics apart.",
        "Off: any guess goes. On: new games take only guesses that fit every grade.",
        section="Games",
    )
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
        known = {f.name: f for f in fields(self)}
        for name, value in values.items():
            if name not in known:
                raise ValueError(f"there is no setting called {name!r}")
            if _settings_field(known[name], value) is _INVALID:
                raise ValueError(f"{value!r} is not a value for the setting {name!r}")
        return replace(self, **{name: _settings_field(known[name], v) for name, v in values.items()})

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
            value = _settings_field(f, data[f.name])
            if value is not _INVALID:
                values[f.name] = value
        return replace(defaults, **values)


_INVALID = object()
BOOLEAN_FIELDS = ("tutorial_seen",)  # besides every setting declared a toggle


def _settings_field(f: Field, value: Any) -> Any:
    """The checked value of settings field `f`, or _INVALID: a declared setting by its kind, the
    rest by name."""
    name, row = f.name, _row_of(f)
    kind = row.kind if row is not None else None
    if name in BOOLEAN_FIELDS or kind == "toggle":
        return value if isinstance(value, bool) else _INVALID
    if name == "palette":
        value = PALETTE_ALIASES.get(value, value) if isinstance(value, str) else value
        return value if value in PALETTES else _INVALID
    if name == "last_difficulty":
        return value if value is None or (isinstance(value, str) and 0 < len(value) <= 40) else _INVALID
    if name == "animation_speed" or kind == "level":  # any speed in its range loads, not only a step
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _INVALID
        low, high = (MIN_ANIMATION_SPEED, MAX_ANIMATION_SPEED) if name == "animation_speed" else (0.0, 1.0)
        return float(value) if low <= value <= high else _INVALID
    if kind in ("cycle", "steps"):
        return value if value in row.choices else _INVALID
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
