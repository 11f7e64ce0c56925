"""Game configuration: sizes, the duplicates rule, difficulty presets, the variant and its turns.

Invariants: a GameConfig is always valid (pegs 2..10, colours 2..10, and without duplicates at
least as many colours as pegs; a grid of an offered shape); turns default to the variant's turn
rule (turns.py: Classic gives pegs + colours, 10 at 4x6; also in README.md), a pure function that
never decreases when pegs or colours grow.

A grid game (grid=(rows, columns), see grid.py and variant.py) has rows x columns cells as its pegs.
Its code space is capped at MAX_GRID_CODES legal codes, which every strategy can still filter by
scanning. Everything that differs between the row and the grid is the variant's (config.variant);
`grid` is only the stored form, as saved files and the command line read it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .codes import Code, CodeError, code_count, has_repeats
from .grid import MAX_GRID_CODES, parse_shape  # noqa: F401  (MAX_GRID_CODES: re-exported, as before)
from .turns import Difficulty
from .variant import Variant, VariantError
from .variants import MAX_PEGS, MIN_PEGS, checked_variant, variant_of  # noqa: F401  (the pegs' limits: re-exported)

MIN_COLOURS, MAX_COLOURS = 2, 10
# The grid shapes the setup screens offer, smallest first (rows, columns); --grid accepts any legal one.
GRID_SHAPES = ((2, 2), (2, 3), (2, 4), (3, 3), (3, 4))
# The setup screens' Shape choices, as GameConfig stores them (`grid`): the row, then the offered grids.
SHAPE_CHOICES: tuple[tuple[int, int] | None, ...] = (None, *GRID_SHAPES)


class ConfigError(ValueError):
    """A configuration the game does not offer; the message says what is allowed."""


def turn_limit(
    pegs: int,
    colours: int,
    difficulty: Difficulty | str = Difficulty.CLASSIC,
    grid: tuple[int, int] | None = None,
) -> int:
    """Turns allowed for a game of this size: Classic = pegs + colours (10 at 4x6).

    With `grid`, pegs are its cells and the turns rule counts them as pegs (Variant.turn_limit).
    """
    return variant_of(pegs, grid).turn_limit(colours, difficulty)


def grid_field(text: object) -> tuple[int, int] | None:
    """GameConfig's `grid` from its stored text ("2x3"; None, or the field left out, for a row), as
    to_text() and a saved game's variant fields write it; ValueError (AttributeError for what is not
    text) when it cannot be read."""
    return None if text is None else parse_shape(text)  # type: ignore[arg-type]


@dataclass(frozen=True)
class GameConfig:
    """What is chosen in setup: size, duplicates rule, difficulty, variant. Always valid once built.

    grid=(rows, columns) makes a grid game whose pegs are its rows x columns cells (pegs may then be
    left out); grid=None is the classic row.
    """

    pegs: int = 0  # 0 means 4, or rows x columns for a grid
    colours: int = 6
    duplicates: bool = True
    difficulty: Difficulty = Difficulty.CLASSIC
    turns: int = field(default=0)  # 0 means "computed from turn_limit()"
    grid: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        try:
            variant = checked_variant(self.pegs, self.grid)
        except VariantError as exc:
            raise ConfigError(str(exc)) from None
        object.__setattr__(self, "pegs", variant.pegs)
        object.__setattr__(self, "grid", variant.choice)
        if not isinstance(self.colours, int) or not MIN_COLOURS <= self.colours <= MAX_COLOURS:
            raise ConfigError(
                f"colours must be a whole number from {MIN_COLOURS} to {MAX_COLOURS}, not {self.colours!r}"
            )
        if not self.duplicates and self.colours < self.pegs:
            raise ConfigError(
                f"without repeated colours, {self.pegs} pegs need at least {self.pegs} colours "
                f"(got {self.colours}); allow duplicates or add colours"
            )
        try:
            object.__setattr__(self, "difficulty", Difficulty(self.difficulty))
        except ValueError:
            names = ", ".join(d.value for d in Difficulty)
            raise ConfigError(f"difficulty must be one of {names}, not {self.difficulty!r}") from None
        problem = variant.problem(self.colours, self.duplicates)
        if problem is not None:
            raise ConfigError(problem)
        if self.turns == 0:
            object.__setattr__(self, "turns", variant.turn_limit(self.colours, self.difficulty))
        elif not isinstance(self.turns, int) or not 1 <= self.turns <= 30:
            raise ConfigError(f"turns must be a whole number from 1 to 30, not {self.turns!r}")

    @functools.cached_property
    def variant(self) -> Variant:
        """How this game's codes are shaped, graded, stored and searched."""
        return variant_of(self.pegs, self.grid)

    def to_text(self) -> str:
        """ "pegs=4 colours=6 duplicates=yes difficulty=classic turns=10", with the variant's fields
        after (" grid=2x3" for a grid); GameConfig.from_text() reads it back."""
        text = (
            f"pegs={self.pegs} colours={self.colours} duplicates={'yes' if self.duplicates else 'no'} "
            f"difficulty={self.difficulty.value} turns={self.turns}"
        )
        return text + "".join(f" {key}={value}" for key, value in self.variant.fields().items())

    @classmethod
    def from_text(cls, text: str) -> GameConfig:
        """Inverse of to_text(); missing keys take their defaults; ConfigError on anything unreadable."""
        fields: dict[str, object] = {}
        try:
            for token in text.split():
                key, sep, value = token.partition("=")
                if not sep or key in fields:
                    raise ValueError(f"expected key=value once each, got {token!r}")
                if key in ("pegs", "colours", "turns"):
                    fields[key] = int(value)
                elif key == "duplicates":
                    fields[key] = {"yes": True, "no": False}[value]
                elif key == "difficulty":
                    fields[key] = value
                elif key == "grid":
                    fields[key] = grid_field(value)
                else:
                    raise ValueError(f"unknown key {key!r}")
        except (KeyError, ValueError) as exc:
            raise ConfigError(f"cannot read the game settings {text!r}: {exc}") from None
        return cls(**fields)  # type: ignore[arg-type]

    @property
    def code_count(self) -> int:
        """Number of codes in the whole space (repeats included)."""
        return code_count(self.pegs, self.colours)

    def check_code(self, code: Code) -> Code:
        """Return `code` as a tuple if it is a legal code of this game, else raise CodeError."""
        code = tuple(int(p) for p in code)
        if len(code) != self.pegs:
            raise CodeError(f"a code has {self.pegs} pegs here, this one has {len(code)}")
        if any(not 0 <= p < self.colours for p in code):
            raise CodeError(f"colours run from 1 to {self.colours} here")
        if not self.duplicates and has_repeats(code):
            raise CodeError("this game does not allow a colour twice")
        return code

    def is_legal(self, code: Code) -> bool:
        try:
            self.check_code(code)
        except CodeError:
            return False
        return True


def legal_codes(config: GameConfig) -> int:
    """Codes that exist in this game: colours ** pegs, or without repeats colours! / (colours - pegs)!."""
    return config.variant.legal_codes(config.colours, config.duplicates)


@dataclass(frozen=True)
class Preset:
    """A named difficulty on the menu."""

    name: str
    pegs: int
    colours: int
    difficulty: Difficulty = Difficulty.CLASSIC
    duplicates: bool = True
    blurb: str = ""

    def config(self) -> GameConfig:
        return GameConfig(self.pegs, self.colours, self.duplicates, self.difficulty)


PRESETS: tuple[Preset, ...] = (
    Preset("Easy", 3, 4, Difficulty.RELAXED, blurb="3 pegs, 4 colours: learn the grading"),
    Preset("Classic", 4, 6, Difficulty.CLASSIC, blurb="the board game: 4 pegs, 6 colours"),
    Preset("Super", 5, 8, Difficulty.CLASSIC, blurb="Super Mastermind: 5 pegs, 8 colours"),
    Preset("Expert", 6, 9, Difficulty.TIGHT, blurb="6 pegs, 9 colours and few turns"),
)


def preset(name: str) -> Preset:
    for p in PRESETS:
        if p.name.lower() == name.lower():
            return p
    names = ", ".join(p.name for p in PRESETS)
    raise ConfigError(f"no preset called {name!r}; choose one of {names} or Custom")
