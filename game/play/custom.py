"""The Custom game's choices and their rules, without pygame (the screen is game/modes/classic/setup.py, which
turns input into these calls and draws them with game/ui/setup_view.py).

The choices are the shape (a variant of SHAPES: the row, or one of the grids), the row's pegs, colours,
repeated colours and the turns rule (DIFFICULTIES). `pegs` is the row's own length and is kept while
a grid is chosen (a grid's cells come from its shape), so choosing Row again restores it. A mix the
game does not offer is no error here: config() is None and problem() gives GameConfig's own reason.

Invariants: pegs and colours stay within config's limits; shape is one of SHAPES and difficulty one
of DIFFICULTIES.
"""

from __future__ import annotations

from game.core.config import (
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    ConfigError,
    Difficulty,
    GameConfig,
)
from game.core.variants import Variant, setup_choice
from game.play.maker import Shape, picker_shapes

DIFFICULTIES = (Difficulty.RELAXED, Difficulty.CLASSIC, Difficulty.TIGHT)
SHAPES: tuple[Shape, ...] = picker_shapes()  # the classic row (any pegs), then the offered grids


class CustomChoices:
    """The Custom game being chosen; the setup screen holds these as its own attributes, so drawing
    and tests read them there (as the codemaker screen holds MakerChoices')."""

    shape: Shape
    pegs: int
    colours: int
    duplicates: bool
    difficulty: Difficulty

    def take_choices(self, config: GameConfig) -> None:
        """Start from `config` (a grid setup does not offer is taken as a row)."""
        self.shape = setup_choice(config.variant, SHAPES) or SHAPES[0]
        # the row's own pegs, colours and repeats, kept aside while a shape fixes them (a word's 26
        # letters are no row's colours: back on a row, the plain game's are offered)
        plain = GameConfig()
        self.pegs = plain.pegs if self.shape.fixed_pegs else config.pegs
        self.colours = plain.colours if config.variant.fixed_colours is not None else config.colours
        self.duplicates = (
            plain.duplicates if config.variant.fixed_duplicates is not None else config.duplicates
        )
        self.difficulty = config.difficulty

    @property
    def variant(self) -> Variant:
        """The chosen shape's variant (its pegs: the row's, or the grid's rows x columns)."""
        return self.shape.with_pegs(self.pegs)

    @property
    def cells(self) -> int:
        """Pegs in a code: the row's pegs, or the grid's rows x columns."""
        return self.variant.pegs

    def _build(self) -> GameConfig:
        return GameConfig(0, self.colours, self.duplicates, self.difficulty, variant=self.variant)

    def config(self) -> GameConfig | None:
        """The chosen game, or None when the game does not offer it."""
        try:
            return self._build()
        except ConfigError:
            return None

    def problem(self) -> str | None:
        """Why the chosen game cannot start (GameConfig's message), or None."""
        try:
            self._build()
        except ConfigError as exc:
            return str(exc)
        return None

    def row_enabled(self, name: str) -> bool:
        """A grid's cells come from its shape, and Bulls and Cows' and the word games' symbols and
        repeats from their rules: those rows are shown but cannot be changed."""
        variant = self.variant
        if name == "colours":
            return variant.fixed_colours is None
        if name == "duplicates":
            return variant.fixed_duplicates is None
        return not (name == "pegs" and variant.fixed_pegs)

    def change_choice(self, name: str, step: int) -> bool:
        """Step choice `name` by `step` within what the game offers (the duplicates toggle flips);
        False, changing nothing, when the row cannot be changed."""
        if not self.row_enabled(name):
            return False
        if name == "shape":
            index = SHAPES.index(self.shape)
            self.shape = SHAPES[max(0, min(len(SHAPES) - 1, index + step))]
        elif name == "pegs":
            # from the pegs shown; a variant with a range of its own (Bulls and Cows: 3 to 5 digits)
            # refuses a step out of it
            pegs = max(MIN_PEGS, min(MAX_PEGS, self.cells + step))
            if self.shape.with_pegs(pegs).pegs != pegs:
                return False
            self.pegs = pegs
        elif name == "colours":
            self.colours = max(MIN_COLOURS, min(MAX_COLOURS, self.colours + step))
        elif name == "duplicates":
            self.duplicates = not self.duplicates
        elif name == "difficulty":
            index = DIFFICULTIES.index(self.difficulty)
            self.difficulty = DIFFICULTIES[max(0, min(len(DIFFICULTIES) - 1, index + step))]
        return True

    def choose(self, name: str, index: int) -> None:
        """Take option `index` of a row chosen among segments: SHAPES or DIFFICULTIES."""
        if name == "shape":
            self.shape = SHAPES[index]
        elif name == "difficulty":
            self.difficulty = DIFFICULTIES[index]
