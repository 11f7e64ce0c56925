"""Game configuration: sizes, the duplicates rule, difficulty presets, the variant and its turns.

Invariants: a GameConfig is always valid (colours 2..10, and without duplicates at least as many
colours as pegs; a variant the game offers, with these colours); turns default to the variant's
turn rule (turns.py: Classic gives pegs + colours, 10 at 4x6; also in README.md), a pure function
that never decreases when pegs or colours grow.

The variant is a value of the variants package (variants/: RowVariant(pegs), GridVariant(rows,
cols), ...), carried by name and parameters in the config's text ("variant=grid:2x3"); a config
that names none plays the classic row of `pegs` pegs, and `pegs` is always the variant's places (a
grid's cells). Everything that differs between variants is asked of config.variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .codes import Code, CodeError, code_count, has_repeats
from .turns import Difficulty
from .turns import turn_limit as places_turn_limit
from .variants import (  # noqa: F401  (the pegs' limits and the setup's choices: re-exported)
    EARLIER_FIELDS,
    MAX_PEGS,
    MIN_PEGS,
    SETUP_CHOICES,
    Variant,
    VariantError,
    default_variant,
    variant_from_fields,
)

MIN_COLOURS, MAX_COLOURS = 2, 10
# The setup screens' Shape choices (variants; the row's pegs are stepped apart): the row, then the grids.
SHAPE_CHOICES: tuple[Variant, ...] = SETUP_CHOICES


class ConfigError(ValueError):
    """A configuration the game does not offer; the message says what is allowed."""


def turn_limit(
    pegs: int,
    colours: int,
    difficulty: Difficulty | str = Difficulty.CLASSIC,
    variant: Variant | None = None,
) -> int:
    """Turns allowed for a game of this size: Classic = pegs + colours (10 at 4x6).

    `variant` None is the rule of turns.py for `pegs` places; a variant whose pegs are its own to
    choose takes `pegs` (Variant.with_pegs), one that fixes them (a grid's cells) counts its own.
    """
    if variant is None:
        return places_turn_limit(pegs, colours, difficulty)
    return variant.with_pegs(pegs).turn_limit(colours, difficulty)


@dataclass(frozen=True)
class GameConfig:
    """What is chosen in setup: size, duplicates rule, difficulty, variant. Always valid once built.

    variant=GridVariant(rows, columns) makes a grid game whose pegs are its cells (pegs may then be
    left out, or must equal them); variant None is the classic row of `pegs` pegs.
    """

    pegs: int = 0  # 0 means the variant's own: 4 for a row, rows x columns for a grid
    colours: int = 6
    duplicates: bool = True
    difficulty: Difficulty = Difficulty.CLASSIC
    turns: int = field(default=0)  # 0 means "computed from turn_limit()"
    variant: Variant = None  # type: ignore[assignment]  # None: the row of `pegs`; always set once built

    def __post_init__(self) -> None:
        variant = self.variant
        try:
            if variant is None:
                variant = default_variant(self.pegs)
            elif not isinstance(variant, Variant):
                raise VariantError(f"a variant is one of game.core.variants, not {variant!r}")
        except VariantError as exc:
            raise ConfigError(str(exc)) from None
        if self.pegs not in (0, variant.pegs):
            raise ConfigError(
                f"a {variant.label} has {variant.pegs} {variant.places_word}, not {self.pegs!r} pegs"
            )
        object.__setattr__(self, "pegs", variant.pegs)
        object.__setattr__(self, "variant", variant)
        # a variant that fixes its symbols (10 digits, 26 letters) or repeats rule plays with its own
        if variant.fixed_colours is not None:
            object.__setattr__(self, "colours", variant.fixed_colours)
        if variant.fixed_duplicates is not None:
            object.__setattr__(self, "duplicates", variant.fixed_duplicates)
        in_range = isinstance(self.colours, int) and MIN_COLOURS <= self.colours <= MAX_COLOURS
        if variant.fixed_colours is None and not in_range:
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
        elif isinstance(self.turns, bool) or not isinstance(self.turns, int) or not 1 <= self.turns <= 30:
            raise ConfigError(f"turns must be a whole number from 1 to 30, not {self.turns!r}")

    def to_text(self) -> str:
        """ "pegs=4 colours=6 duplicates=yes difficulty=classic turns=10 variant=row:4" (the variant's
        name and parameters last); GameConfig.from_text() reads it back."""
        return (
            f"pegs={self.pegs} colours={self.colours} duplicates={'yes' if self.duplicates else 'no'} "
            f"difficulty={self.difficulty.value} turns={self.turns} variant={self.variant.text}"
        )

    @classmethod
    def from_text(cls, text: str) -> GameConfig:
        """Inverse of to_text(), and the earlier form with a grid's "grid=2x3" (variants.EARLIER_FIELDS);
        missing keys take their defaults; ConfigError on anything unreadable."""
        fields: dict[str, object] = {}
        stored: dict[str, str] = {}  # the variant's fields, read once the pegs are known
        try:
            for token in text.split():
                key, sep, value = token.partition("=")
                if not sep or key in fields or key in stored:
                    raise ValueError(f"expected key=value once each, got {token!r}")
                if key in ("pegs", "colours", "turns"):
                    fields[key] = int(value)
                elif key == "duplicates":
                    fields[key] = {"yes": True, "no": False}[value]
                elif key == "difficulty":
                    fields[key] = value
                elif key == "variant" or key in EARLIER_FIELDS:
                    stored[key] = value
                else:
                    raise ValueError(f"unknown key {key!r}")
            if stored:
                fields["variant"] = variant_from_fields(0, stored)
        except (KeyError, ValueError) as exc:  # VariantError is a ValueError
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
        why = self.variant.why_not(code)
        if why is not None:
            raise CodeError(why)
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
