"""Game configuration: sizes, the duplicates rule, difficulty presets and the turn-limit rule.

Invariants: a GameConfig is always valid (pegs 2..10, colours 2..10, and without duplicates at
least as many colours as pegs); turn_limit() is a pure function that never decreases when pegs or
colours grow.

The turn-limit rule (also in README.md): Classic gives pegs + colours turns, so 10 at 4x6.
Relaxed gives two more, Tight gives pegs + ceil(colours / 2) + 1, never more than Classic.
"pegs + colours" is the bound the literature gives for the weakest built-in strategy (lowest
consistent) at every tabulated size, so every strategy, the strongest included, fits inside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .codes import Code, CodeError, code_count, has_repeats

MIN_PEGS, MAX_PEGS = 2, 10
MIN_COLOURS, MAX_COLOURS = 2, 10


class ConfigError(ValueError):
    """A configuration the game does not offer; the message says what is allowed."""


class Difficulty(StrEnum):
    """How many turns a game gives for its size (see turn_limit())."""

    RELAXED = "relaxed"
    CLASSIC = "classic"
    TIGHT = "tight"


def turn_limit(pegs: int, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
    """Turns allowed for a game of this size: Classic = pegs + colours (10 at 4x6)."""
    difficulty = Difficulty(difficulty)
    classic = pegs + colours
    if difficulty is Difficulty.RELAXED:
        return classic + 2
    if difficulty is Difficulty.TIGHT:
        return min(classic, pegs + (colours + 1) // 2 + 1)
    return classic


@dataclass(frozen=True)
class GameConfig:
    """What is chosen in setup: size, duplicates rule, difficulty. Always valid once built."""

    pegs: int = 4
    colours: int = 6
    duplicates: bool = True
    difficulty: Difficulty = Difficulty.CLASSIC
    turns: int = field(default=0)  # 0 means "computed from turn_limit()"

    def __post_init__(self) -> None:
        if not isinstance(self.pegs, int) or not MIN_PEGS <= self.pegs <= MAX_PEGS:
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
        if self.turns == 0:
            object.__setattr__(self, "turns", turn_limit(self.pegs, self.colours, self.difficulty))
        elif not isinstance(self.turns, int) or not 1 <= self.turns <= 30:
            raise ConfigError(f"turns must be a whole number from 1 to 30, not {self.turns!r}")

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
