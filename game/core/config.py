"""Game configuration: sizes, the duplicates rule, difficulty presets and the turn-limit rule.

Invariants: a GameConfig is always valid (pegs 2..10, colours 2..10, and without duplicates at
least as many colours as pegs); turn_limit() is a pure function that never decreases when pegs or
colours grow.

The turn-limit rule (also in README.md): Classic gives pegs + colours turns, so 10 at 4x6.
Relaxed gives two more, Tight gives pegs + ceil(colours / 2) + 1, never more than Classic.
"pegs + colours" is the bound the literature gives for the weakest built-in strategy (lowest
consistent) at every tabulated size, so every strategy, the strongest included, fits inside it.

A grid game (grid=(rows, columns), see grid.py and variant.py) has rows x columns cells as its pegs
and its own turn rule, grid_turn_limit() (also in README.md). Its code space is capped at
MAX_GRID_CODES legal codes, which every strategy can still filter by scanning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from .codes import Code, CodeError, code_count, has_repeats
from .grid import GRID_MAX_CELLS, GRID_MAX_SIDE, GRID_MIN_SIDE, parse_shape, shape_text
from .variant import Variant

MIN_PEGS, MAX_PEGS = 2, 10
MIN_COLOURS, MAX_COLOURS = 2, 10
# Largest grid code space offered: a grid space is listed whole, in steps, but its arrays are joined
# in one (about 20 ms at 3x4 x 3, 531,441 codes; past 100 ms at a million).
MAX_GRID_CODES = 600_000
# The grid shapes the setup screens offer, smallest first (rows, columns); --grid accepts any legal one.
GRID_SHAPES = ((2, 2), (2, 3), (2, 4), (3, 3), (3, 4))


class ConfigError(ValueError):
    """A configuration the game does not offer; the message says what is allowed."""


class Difficulty(StrEnum):
    """How many turns a game gives for its size (see turn_limit())."""

    RELAXED = "relaxed"
    CLASSIC = "classic"
    TIGHT = "tight"


def turn_limit(
    pegs: int,
    colours: int,
    difficulty: Difficulty | str = Difficulty.CLASSIC,
    grid: tuple[int, int] | None = None,
) -> int:
    """Turns allowed for a game of this size: Classic = pegs + colours (10 at 4x6).

    With `grid`, pegs are its cells and the grid rule applies (grid_turn_limit()).
    """
    difficulty = Difficulty(difficulty)
    if grid is not None:
        return grid_turn_limit(grid[0] * grid[1], colours, difficulty)
    classic = pegs + colours
    if difficulty is Difficulty.RELAXED:
        return classic + 2
    if difficulty is Difficulty.TIGHT:
        return min(classic, pegs + (colours + 1) // 2 + 1)
    return classic


def grid_turn_limit(cells: int, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
    """Turns for a grid game: the 1-D rule with its cells as pegs (Classic = cells + colours).

    `lowest`, the weakest strategy, was played against every secret at every grid size small enough
    (README.md, "The 2-D puzzle"): its worst game needs at most cells + colours - 1 guesses there.
    """
    return turn_limit(cells, colours, difficulty)


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
        if self.grid is not None:
            self._check_grid()
        elif self.pegs == 0:
            object.__setattr__(self, "pegs", 4)
        if self.grid is None and (not isinstance(self.pegs, int) or not MIN_PEGS <= self.pegs <= MAX_PEGS):
            raise ConfigError(f"pegs must be a whole number from {MIN_PEGS} to {MAX_PEGS}, not {self.pegs!r}")
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
        if self.grid is not None and legal_codes(self) > MAX_GRID_CODES:
            raise ConfigError(
                f"a {shape_text(self.grid)} grid with {self.colours} colours has "
                f"{legal_codes(self):,} codes; "
                f"grids offer at most {MAX_GRID_CODES:,}: take fewer colours or a smaller grid"
            )
        if self.turns == 0:
            object.__setattr__(self, "turns", turn_limit(self.pegs, self.colours, self.difficulty, self.grid))
        elif not isinstance(self.turns, int) or not 1 <= self.turns <= 30:
            raise ConfigError(f"turns must be a whole number from 1 to 30, not {self.turns!r}")

    def _check_grid(self) -> None:
        try:
            rows, cols = (int(side) for side in self.grid)  # a list (read from JSON) becomes a tuple
        except (TypeError, ValueError):
            raise ConfigError(f"a grid is (rows, columns), not {self.grid!r}") from None
        if not (GRID_MIN_SIDE <= rows <= GRID_MAX_SIDE and GRID_MIN_SIDE <= cols <= GRID_MAX_SIDE):
            raise ConfigError(f"grid sides run from {GRID_MIN_SIDE} to {GRID_MAX_SIDE}, not {rows}x{cols}")
        if rows * cols > GRID_MAX_CELLS:
            raise ConfigError(f"a grid has at most {GRID_MAX_CELLS} cells (3x4), not {rows}x{cols}")
        if self.pegs not in (0, rows * cols):
            raise ConfigError(f"a {rows}x{cols} grid has {rows * cols} cells, not {self.pegs!r} pegs")
        object.__setattr__(self, "grid", (rows, cols))
        object.__setattr__(self, "pegs", rows * cols)

    @property
    def variant(self) -> Variant:
        """How this game's codes are shaped and graded."""
        return Variant(self.pegs, self.grid)

    @property
    def is_grid(self) -> bool:
        return self.grid is not None

    def to_text(self) -> str:
        """ "pegs=4 colours=6 duplicates=yes difficulty=classic turns=10", with " grid=2x3" for a grid;
        GameConfig.from_text() reads it back."""
        text = (
            f"pegs={self.pegs} colours={self.colours} duplicates={'yes' if self.duplicates else 'no'} "
            f"difficulty={self.difficulty.value} turns={self.turns}"
        )
        return text + (f" grid={shape_text(self.grid)}" if self.grid else "")

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
                    fields[key] = parse_shape(value)
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
    return config.colours**config.pegs if config.duplicates else math.perm(config.colours, config.pegs)


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
