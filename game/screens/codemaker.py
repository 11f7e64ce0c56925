"""The codemaker screen: choose the game and the computer's strategy, and (when the computer grades)
set the secret it must break.

Three modes share it (Mode):
- MAKE: the player sets the secret by drag-and-drop (or keys), validated against the game's rules,
  then watches the computer break it (SolvingState);
- GRADE: the player keeps the code in mind or on a real board and grades by hand (HandGradeState);
- WATCH: the game draws a random secret nobody sees and the computer breaks it (SolvingState).

Secret editing, with play's one drag model (game/play/drag.py: a press that moves less than
DRAG_THRESHOLD_PX is a click): drag a colour from the palette onto a slot, drag a slot's peg to
another slot (move) or off the row (remove), click a colour then a slot, right-click empties a
slot; keys 1-9, 0 fill the next empty slot, Backspace empties the last filled one, R fills a
random legal secret. Keys and pads share a focus: Up/Down move it over the secret (when the player
sets one) and the choice rows; on the secret Left/Right move its cursor and Space, PageUp/PageDown (a
pad's A and shoulders) change the colour there; on a choice Left/Right (Space: onwards) change it.
A pad's X is R, Y is S, Start is Enter. Choices: the shape (a row, one of the grids of
config.SHAPE_CHOICES or a game of digits or letters; G steps through the row and grids), pegs (a
grid's cells are fixed by its shape), colours, repeated colours, strategy (steppers; S cycles the
strategy). Enter starts, Escape goes back. A grid secret is entered into a grid of cells, with the
same slot code paths: slot i is cell i in reading order, as the core stores a grid code. The
choices, the secret and their rules (including the curated strategy list) are MakerChoices', in
game/play/maker.py; this screen turns input into its calls (MakerInput, game/screens/codemaker_input.py,
reads the events) and draws them.

Games of digits and letters (Bulls and Cows, Words, Word marks: Shape steps on to them) take their
secret typed: the digits or letters on the keyboard (before any shortcut: a word's R is an R) fill
the next empty place, a click on a tile of the on-screen keyboard likewise, Backspace takes the last
back; the game fixes the symbols and repeats rule (drawn, not changed), and a secret it refuses says
why (a repeated digit; a word not in the list, or not one of the answers the computer searches).
Everything is drawn in the game's look: ivory tiles carrying the symbols.

Homes for data: the choices and `secret` are the screen's attributes (MakerChoices); the layout is view
state.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Any

import pygame

from game.core import strategies
from game.core.config import GameConfig
from game.core.state import new_game
from game.core.variants import Variant
from game.play.drag import Drag
from game.play.maker import MakerChoices, drawn_shape
from game.play.record import random_secret
from game.screens.base import State, Transition, go
from game.screens.codemaker_input import MakerInput
from game.screens.holding import Holding
from game.screens.maker_hooks import MakerHooks
from game.tables import FALLBACK, has_table
from game.ui import looks, maker_view
from game.ui import palette as pal
from game.ui.board import config_title, draw_palette, draw_top_bar
from game.ui.layout import PaletteItem, SecretSlot
from game.ui.maker_layout import MakerLayout
from game.ui.pad_actions import pad_keys


class Mode(StrEnum):
    MAKE = "make"
    GRADE = "grade"
    WATCH = "watch"


TITLES = MappingProxyType(
    {
        Mode.MAKE: "Make the code: the computer breaks it",
        Mode.GRADE: "Make the code: you grade the computer",
        Mode.WATCH: "Watch the computer break a random code",
    }
)
EXPLAIN = MappingProxyType(
    {
        Mode.GRADE: "Think of a code in these colours (or set it on a real board): the computer guesses,"
        " you grade",
        Mode.WATCH: "The game picks a random secret; the computer sees only the grades",
    }
)


def explanation(mode: Mode, variant: Variant) -> str:
    """The line in the secret's place when the player sets none, in the game's words."""
    nouns = variant.nouns
    if mode is Mode.WATCH and variant.symbols:
        return f"The game picks a random {nouns.code}; the computer sees only the grades"
    if mode is Mode.GRADE and variant.listed:
        return f"Think of a common {variant.label}: the computer guesses, you grade each guess"
    if mode is Mode.GRADE and variant.symbols:
        return (
            f"Think of a {nouns.code} of {variant.pegs} different {nouns.symbols}: the computer guesses,"
            f" you grade in {' and '.join(variant.kinds)}"
        )
    return EXPLAIN[mode]


class CodemakerState(MakerChoices, MakerInput, State):
    """Choose the game and the strategy; in MAKE mode also set the secret."""

    pad_keys = pad_keys(confirm=pygame.K_SPACE, rule_out=pygame.K_r, hint=pygame.K_s)

    def __init__(
        self,
        mode: Mode = Mode.MAKE,
        config: GameConfig | None = None,
        strategy: str | None = None,
        hooks: MakerHooks | None = None,
    ) -> None:
        self.hooks = hooks if hooks is not None else MakerHooks()
        self.choices_shown = self.hooks.choices
        self.mode = Mode(mode)
        self.take_choices(config or GameConfig(), strategy)
        self.drag: Drag | None = None
        self.mouse = (-1, -1)
        self._layout: MakerLayout | None = None
        self.focus = 0  # the keys' focus: an index into focus_rows()
        self.cursor = 0  # the secret's slot the keys change

    @property
    def sets_secret(self) -> bool:
        """The player sets the secret here (MAKE); otherwise the palette is only looked at."""
        return self.mode is Mode.MAKE

    # --- what is chosen (the rules are MakerChoices', game/play/maker.py) ----------------------------
    def problem(self) -> str | None:
        """Why Start is disabled, or None when it is not."""
        return self.choices_problem(with_secret=self.mode is Mode.MAKE)

    def change(self, name: str, step: int) -> None:
        if self.hooks.fixed:
            return
        self.change_choice(name, step)
        self.app.sound.play("click")

    def place(self, col: int, colour: int | None) -> None:
        self.secret[col] = colour
        self.app.sound.play("place" if colour is not None else "clear")

    def symbols(self) -> str:
        """The symbols of the chosen game ("0123456789", the alphabet), "" for colours."""
        return self.shape.symbols

    def type_symbol(self, value: int) -> None:
        """A digit or letter typed, or its tile clicked: into the first empty place."""
        empty = [col for col, peg in enumerate(self.secret) if peg is None]
        if empty:
            self.place(empty[0], value)
            self.cursor = min(empty[0] + 1, len(self.secret) - 1)

    def random_secret(self) -> None:
        config = self.config()
        if config is None:
            return
        self.secret = list(random_secret(config, self.app.rng))
        self.app.sound.play("place")

    def start(self) -> Transition | State | None:
        config = self.config()
        if config is None or self.problem() is not None:
            self.app.sound.play("error")
            return None
        started = self.hooks.start(self)
        if started is not None:
            self.app.sound.play("click")
            return started
        label = strategies.get(self.plays(config)).label  # what really plays: Optimal without a table is not
        if self.mode is Mode.GRADE:
            return go("handgrade", config=config, strategy=self.strategy)
        if self.mode is Mode.MAKE:
            secret = tuple(self.secret)
            title = f"Your {config.variant.nouns.code} vs {label} · {config_title(config)}"
        else:
            secret = random_secret(config, self.app.rng)
            title = f"Watching {label} · {config_title(config)}"
        # Play again on the result screen comes back here, with the same mode, game and strategy
        again = go("codemaker", mode=self.mode, config=config, strategy=self.strategy)
        return go("solve", start=new_game(config, secret), strategy=self.strategy, title=title, again=again)

    def plays(self, config: GameConfig | None) -> str:
        """The strategy that plays `config`'s game: the one chosen, but Optimal with no shipped table for
        the game (a word, most sizes) plays the strongest heuristic, and the screen says so."""
        if self.strategy == "optimal" and config is not None and not has_table(config):
            return FALLBACK
        return self.strategy

    def title(self) -> str:
        """The top bar's text (a two-player round's secret entry names the codemaker)."""
        own = self.hooks.title(self)
        if own:
            return own
        if self.symbols() and self.mode is not Mode.WATCH:  # "Choose a word: the computer breaks it"
            noun = self.shape.nouns.code
            if self.mode is Mode.GRADE:
                return f"Think of a {noun}: you grade the computer"
            return f"Choose a {noun}: the computer breaks it"
        return TITLES[self.mode]

    def back(self) -> Transition:
        return self.hooks.back(self)

    def pad_owner(self) -> int | None:
        return self.hooks.pad_owner(self)

    def focus_rows(self) -> tuple[str, ...]:
        """What Up/Down move the focus over: the secret when the player sets one, then the choices
        (none when the hooks fix them)."""
        rows = ("secret",) if self.mode is Mode.MAKE else ()
        return rows + (() if self.hooks.fixed else tuple(self.choices_shown))

    def focused(self) -> str | None:
        rows = self.focus_rows()
        return rows[self.focus % len(rows)] if rows else None

    def secret_cursor(self) -> int:
        """The cursor's slot (the secret may have shrunk since it moved)."""
        return min(self.cursor, len(self.secret) - 1)

    def cycle(self, step: int) -> None:
        """The next (or previous) colour in the cursor's slot; an empty slot starts from the chosen
        colour, else from the first (or the last)."""
        col = self.secret_cursor()
        start = self.secret[col]
        if start is None:
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
        self.place(col, (start + step) % self.code_colours())

    def resume(self, result: Any) -> Transition | None:
        return self.hooks.resume(self, result)

    def holding(self) -> Holding:
        return self.hooks.holding(self)

    # --- geometry --------------------------------------------------------------------------------
    def layout(self) -> MakerLayout:
        size = self.app.size
        key = (size, self.pegs, self.colours, self.mode, self.shape)
        if self._layout is None or self._layout_key != key:
            buttons = ("back", "random", "start") if self.mode is Mode.MAKE else ("back", "start")
            # the palette shows whenever the player has a code to make up (set here, or kept in mind
            # in colours: digits and letters need no reminder)
            with_palette = self.mode is Mode.MAKE or (self.mode is Mode.GRADE and not self.symbols())
            if self.mode is Mode.MAKE:  # the secret is entered as the game's shape, row or grid
                pegs, shape = self.cells(), drawn_shape(self.shape)
                shapes = tuple(map(drawn_shape, self.shapes)) if "shape" in self.choices_shown else ()
            else:  # a line of explanation in the secret's place, the same for every shape
                pegs, shape, shapes = self.pegs, None, ()
            colours = self.code_colours()
            choices = self.choices_shown
            self._layout = MakerLayout(size, pegs, colours, with_palette, buttons, shape, shapes, choices)
            self._layout_key = key
        return self._layout

    def press(self, name: str) -> Transition | State | None:
        if name in ("back", "menu"):
            return self.back()
        if name == "random":
            self.random_secret()
        elif name == "start":
            return self.start()
        return None

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The screen, in the chosen game's look (a game of digits or letters: tiles)."""
        with looks.using(looks.current().for_symbols(self.symbols())):
            self._draw(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        app = self.app
        layout = self.layout()
        text = app.text
        colours = pal.palette(app.settings.palette)
        symbols = app.settings.symbols
        surface.fill(pal.BACKGROUND)
        draw_top_bar(surface, layout, text, self.title())
        hit = layout.hit_test(self.mouse)
        if self.mode is Mode.MAKE:
            hot = hit.colour if isinstance(hit, PaletteItem) else None
            draw_palette(surface, layout, app.pegs, text, colours, symbols, self.selected, hot)
            moving = self.drag is not None and self.drag.moved
            lifted = self.drag.from_slot if moving else None
            target = hit.col if moving and isinstance(hit, SecretSlot) else None
            label = f"Your {self.shape.nouns.code}" if self.symbols() else "Your secret"
            maker_view.draw_secret(
                surface, layout, app.pegs, text, self.secret, colours, symbols, lifted, target, label
            )
        else:
            if layout.palette_pitch:  # the colours to make the code from, not to click
                draw_palette(surface, layout, app.pegs, text, colours, symbols, enabled=False)
            maker_view.draw_explanation(surface, layout, text, explanation(self.mode, self.shape))
        self._draw_choices(surface, layout, hit)
        maker_view.draw_focus(surface, layout, self.focused(), self.secret_cursor())
        labels = maker_view.BUTTON_LABELS
        if self.symbols():
            labels = MappingProxyType({**labels, "random": f"Random {self.shape.nouns.code}"})
        maker_view.draw_buttons(surface, layout, text, hit, self.problem(), labels)
        maker_view.draw_held_peg(surface, layout, app.pegs, self.drag, colours, symbols)

    def _draw_choices(self, surface, layout: MakerLayout, hit) -> None:
        """The choice rows (or what the hooks draw in their place)."""
        if self.hooks.draw_choices(self, surface, layout, hit):
            return
        offered = self.pegs_range()
        maker_view.draw_choices(
            surface,
            layout,
            self.app.text,
            hit,
            self.cells(),
            self.colours,
            self.duplicates,
            self.strategy,
            tuple(shape.shape_name for shape in self.shapes),
            self.shapes.index(self.shape),
            self.fixed_choices(),
            self.choice_labels(),
            (offered[0], offered[-1]) if offered else (self.cells(), self.cells()),
            plays=self.plays(self.config()),
        )
