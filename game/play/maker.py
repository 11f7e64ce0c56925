"""The codemaker's choices and secret, and their rules, without pygame (the screen is
game/screens/codemaker.py, which draws them and turns input into these calls).

The choices are the shape (a variant of config.SHAPE_CHOICES: the row, one of the grids, Bulls and
Cows, Words, Word marks), the row's pegs (a grid's cells and a word's letters are fixed by its
shape; Bulls and Cows steps its digits, 3 to 5), colours, repeated colours and the strategy;
`secret` holds one entry per peg or cell, each None or a value below code_colours() (a colour, or a
digit or letter of a game of symbols), a grid's cells in reading order as the core stores a grid
code. `pegs`, `colours` and `duplicates` are the colour game's and are kept while a grid or a game
of symbols is chosen (whose own colours and repeats rule win: fixed_choices()), so going back to Row
restores them. A secret of symbols is refused with the reason (a repeated digit, a word not in the
list, a word that is not one of the answers: Variant.why_not_secret). The strategy stepper offers a
curated list (PICKER_STRATEGIES, strongest first); the "-consistent" variants and the other
registered strategies stay reachable from the command line and the tools.

Invariant: every change keeps `secret` as long as the chosen game's code and every colour in it
below `colours`.
"""

from __future__ import annotations

from game.core import strategies
from game.core.codes import COLOUR_KEYS, CodeError
from game.core.config import (
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    SHAPE_CHOICES,
    ConfigError,
    GameConfig,
)
from game.core.variants import Variant, setup_choice

# A Shape choice: a variant as setup offers it; one whose pegs are not fixed takes the pegs
# stepper's (Variant.with_pegs), so RowVariant(4) stands for the row of any length
Shape = Variant
# the strategies the picker offers, strongest first: each plays distinctly; the registry has more
PICKER_STRATEGIES = ("optimal", "entropy", "knuth", "irving", "most-parts", "random", "lowest")


def picker_strategies(current: str | None = None) -> tuple[str, ...]:
    """The names the strategy stepper cycles through: the registered ones of PICKER_STRATEGIES, plus
    `current` at the end when it was chosen elsewhere (so a caller's choice is never silently lost)."""
    names = tuple(name for name in PICKER_STRATEGIES if name in strategies.STRATEGIES)
    if current is not None and current in strategies.STRATEGIES and current not in names:
        names += (current,)
    return names


def picker_shapes(current: Variant | None = None, symbols: bool = True) -> tuple[Shape, ...]:
    """The shapes the Shape stepper steps through: Row, then the offered grids smallest first, then
    the games of digits and letters unless `symbols` is False (the codemaker's picker, which places
    colours), plus `current` at the end when it does not offer it (a grid chosen with --grid)."""
    offered = SHAPE_CHOICES if symbols else tuple(shape for shape in SHAPE_CHOICES if not shape.symbols)
    if current is not None and current.symbols and not symbols:
        return offered  # a game of symbols is not one a picker of colours offers
    if current is None or setup_choice(current, offered) is not None:
        return offered
    return (*offered, current)


def drawn_shape(shape: Shape) -> tuple[int, int] | None:
    """The secret's layout as the screen takes it (MakerLayout, the Shape stepper): None for one line
    (the pegs stepper's pegs, or a word's letters), else its (lines, places) fixed by the shape."""
    return shape.shape if shape.fixed_pegs and shape.shape[0] > 1 else None


def carry_secret(secret: list[int | None], old: Shape, new: Shape, cells: int) -> list[int | None]:
    """The secret's pegs carried to a new shape of `cells` pegs: from grid to grid each peg keeps its
    row and column where the new grid has them (the pegs stay where the player put them); to or from
    a single line (a row) they keep their order, reading order for a grid, cut or padded with empty
    slots."""
    if old.symbols != new.symbols:  # a colour is no digit, a digit no letter: the secret starts afresh
        return [None] * cells
    before, after = old.with_pegs(len(secret)).shape, new.with_pegs(cells).shape
    if before[0] == 1 or after[0] == 1:
        return (secret + [None] * cells)[:cells]
    carried: list[int | None] = [None] * cells
    for index, colour in enumerate(secret):
        row, col = divmod(index, before[1])
        if row < after[0] and col < after[1]:
            carried[row * after[1] + col] = colour
    return carried


class MakerChoices:
    """The choices and the secret being made; the codemaker screen (and the two-player secret screen
    built on it) holds them as its own attributes, so drawing and tests read them there."""

    pegs: int
    colours: int
    duplicates: bool
    shape: Shape
    shapes: tuple[Shape, ...]
    strategy: str
    picker: tuple[str, ...]
    secret: list[int | None]
    selected: int | None

    # whether the Shape stepper offers the games of digits and letters (the codemaker's does; a
    # screen that only places colours sets it False)
    with_symbols: bool = True

    def take_choices(self, config: GameConfig, strategy: str | None) -> None:
        if config.variant.symbols and not self.with_symbols:  # only colours here: start afresh
            config = GameConfig()
        self.pegs, self.colours, self.duplicates = config.pegs, config.colours, config.duplicates
        if config.variant.fixed_colours is not None or config.variant.fixed_duplicates is not None:
            # a game of symbols fixes these: the colour game's stay the usual, for a way back to Row
            default = GameConfig()
            self.colours, self.duplicates = default.colours, default.duplicates
        self.shapes = picker_shapes(config.variant, symbols=self.with_symbols)  # what Shape steps through
        self.shape = setup_choice(config.variant, self.shapes) or self.shapes[0]
        if config.variant.fixed_pegs or config.variant.symbols:
            self.pegs = GameConfig().pegs  # the row's length, should the player go back to Row
            if not config.variant.fixed_pegs:  # Bulls and Cows steps its digits: its own count is kept
                self.pegs = config.pegs
        self.strategy = strategy if strategy in strategies.STRATEGIES else strategies.DEFAULT
        self.picker = picker_strategies(self.strategy)  # what the strategy stepper cycles through
        self.secret = [None] * config.pegs
        self.selected = None

    def cells(self) -> int:
        """How many pegs the secret has: the row's pegs, the grid's cells, a word's letters."""
        return self.shape.with_pegs(self.pegs).pegs

    def code_colours(self) -> int:
        """How many values a place of the secret takes: the colours chosen, or the game's own symbols
        (10 digits, 26 letters)."""
        fixed = self.shape.fixed_colours
        return fixed if fixed is not None else self.colours

    def pegs_range(self) -> tuple[int, ...]:
        """The pegs the pegs stepper steps through for this shape (none where the shape fixes them)."""
        if self.shape.fixed_pegs:
            return ()
        return tuple(p for p in range(MIN_PEGS, MAX_PEGS + 1) if self.shape.with_pegs(p).pegs == p)

    def fixed_choices(self) -> dict[str, str]:
        """The choice rows the shape fixes, with the value each shows: a grid's cells, a word's letters,
        the symbols and repeats rule of a game of digits or letters."""
        variant, fixed = self.shape.with_pegs(self.pegs), {}
        if variant.fixed_pegs:
            fixed["pegs"] = str(variant.pegs)
        if variant.symbols:
            fixed["colours"] = f"{variant.symbols[0]}-{variant.symbols[-1]}".upper()
        if variant.fixed_duplicates is not None:
            fixed["duplicates"] = "On" if variant.fixed_duplicates else "Off"
        return fixed

    def choice_labels(self) -> dict[str, str]:
        """What the choice rows are called for this shape where not the colour game's: a grid's
        "Cells", Bulls and Cows' "Digits", a word's "Letters"."""
        variant, labels = self.shape.with_pegs(self.pegs), {}
        if variant.shape[0] > 1:
            labels["pegs"] = "Cells"
        if variant.symbols:
            labels["pegs"] = variant.places_word.title()
            labels["colours"] = "Symbols"
            labels["duplicates"] = f"Repeated {variant.nouns.symbols}"
        return labels

    def _build(self) -> GameConfig:
        return GameConfig(0, self.colours, self.duplicates, variant=self.shape.with_pegs(self.pegs))

    def config(self) -> GameConfig | None:
        try:
            return self._build()
        except ConfigError:
            return None

    def choices_problem(self, with_secret: bool) -> str | None:
        """Why the chosen game cannot start, or None: an illegal mix of choices, or, `with_secret`, a
        secret not yet whole or against the game's rules."""
        try:
            config = self._build()
        except ConfigError as exc:  # e.g. a 3x3 grid with more colours than grids offer
            return str(exc)
        if not with_secret:
            return None
        missing = sum(peg is None for peg in self.secret)
        variant = config.variant
        if missing and variant.symbols:  # digits or letters: typed, or clicked on the tiles
            word = variant.nouns.symbols if missing > 1 else variant.nouns.symbol
            return f"type {missing} more {word}: on the keyboard or the tiles"
        if missing:
            pegs = "peg" if missing == 1 else "pegs"
            keys = f"1-{COLOUR_KEYS[self.colours - 1]}"
            return f"place {missing} more {pegs}: drag from the palette or press {keys}"
        secret = tuple(self.secret)
        if variant.symbols and not config.duplicates:
            seen = [v for i, v in enumerate(secret) if v in secret[:i]]
            if seen:
                return f"{variant.symbol_name(seen[0])} is in twice: each {variant.nouns.symbol} is different"
        try:
            config.check_code(secret)
        except CodeError as exc:
            return str(exc)
        return variant.why_not_secret(secret)

    def change_choice(self, name: str, step: int) -> None:
        """Step choice `name` by `step` (the duplicates toggle flips), within what the game offers."""
        old = self.shape
        if name == "shape":
            # Colours are left alone when the shape changes, even when the grid cannot take that many:
            # Start is then disabled and the message names the fix, as for any other illegal mix. A
            # stepper that quietly changed another choice would surprise more, and going back to Row
            # would not restore the game the player had set up.
            index = max(0, min(len(self.shapes) - 1, self.shapes.index(self.shape) + step))
            self.shape = self.shapes[index]
        elif name == "pegs":
            offered = self.pegs_range()
            if not offered:
                return  # a grid's cells are fixed by its shape (the stepper is drawn disabled)
            self.pegs = max(offered[0], min(offered[-1], self.cells() + step))
        elif name in self.fixed_choices():
            return  # fixed by the shape: Bulls and Cows' digits, a word's letters (drawn disabled)
        elif name == "colours":
            self.colours = max(MIN_COLOURS, min(MAX_COLOURS, self.colours + step))
            self.secret = [p if p is not None and p < self.colours else None for p in self.secret]
            if self.selected is not None and self.selected >= self.colours:
                self.selected = None
        elif name == "duplicates":
            self.duplicates = not self.duplicates
        elif name == "strategy":
            names = self.picker
            self.strategy = names[(names.index(self.strategy) + step) % len(names)]
        self.secret = carry_secret(self.secret, old, self.shape, self.cells())
