"""Why not? The earlier row that rules a draft out, and how, in a sentence a player reads.

A draft (a full row not yet submitted) can be the secret only if every earlier row would have been
graded as it was had the secret been the draft. why_not() names the FIRST row where that fails:
"if the code were 1 2 3 4, row 3 would have been graded 2 black 1 white; it got 1 black 1 white".

One row always suffices. The codes still possible are the intersection, over the rows, of the codes
that give that row's guess the grade it got; a draft outside the intersection lies outside at least
one of those sets, and that row alone excludes it. (A contradictory grade, analysis.py, is another
matter: there no code fits several rows together, and no single row need show it.)

Works for every variant: the row game's grade (black, white) and the grid's (black, grey, white),
through config.variant. Colours are numbered as the game shows them (codes.colour_label: 1..9, 0);
text() takes another naming (colour names) when a screen prefers it. Cheap: at most one scalar
grade per earlier row, so a screen may call it every frame the draft changes. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .codes import Code, colour_label
from .config import GameConfig
from .solver import History
from .variants import Grade, Variant


def grade_phrase(grade: Grade | tuple[int, ...], kinds: tuple[str, ...]) -> str:
    """(2, 1) -> "2 black 1 white"; a grid's (2, 1, 0) -> "2 black 1 grey 0 white"."""
    return " ".join(f"{int(n)} {kind}" for n, kind in zip(grade, kinds, strict=True))


@dataclass(frozen=True)
class WhyNot:
    """Why `draft` cannot be the code: had it been, row `row` (0-based) would have got `would_get`,
    but it got `got` (grades in `kinds` order)."""

    draft: Code
    row: int
    guess: Code
    would_get: Grade
    got: Grade
    kinds: tuple[str, ...]
    shape: tuple[int, int] | None = None  # the variant's (lines, places a line): how the code reads
    variant: Variant | None = None  # its own symbols and grade words, where it has them

    def text(self, colour_name: Callable[[int], str] | None = None) -> str:
        """The sentence, rows numbered from 1 as on the board; colours by `colour_name`, else as the
        game shows them (the palette's keys, or the variant's symbols: a word written whole)."""
        own = self.variant is not None and bool(self.variant.symbols)
        if colour_name is None:
            colour_name = self.variant.symbol_name if self.variant is not None else colour_label
        names = [colour_name(peg) for peg in self.draft]
        per_line = self.shape[1] if self.shape is not None else len(names)
        joint = "" if own else " "
        code = " / ".join(joint.join(names[i : i + per_line]) for i in range(0, len(names), per_line))
        phrase = self.variant.grade_phrase if self.variant is not None else None
        would = phrase(self.would_get) if phrase else grade_phrase(self.would_get, self.kinds)
        got = phrase(self.got) if phrase else grade_phrase(self.got, self.kinds)
        noun = self.variant.nouns.code if self.variant is not None else "code"
        return f"if the {noun} were {code}, row {self.row + 1} would have been graded {would}; it got {got}"


def why_not(config: GameConfig, history: History, draft: Code) -> WhyNot | None:
    """The first earlier row that rules `draft` out (see the module docstring), or None when `draft`
    fits every grade so far. `draft` is a full code of this game's length (legality, such as a repeat
    in a game without repeats, is the caller's check: it is a rule of the game, not a deduction)."""
    draft = tuple(int(peg) for peg in draft)
    if len(draft) != config.pegs:
        raise ValueError(f"a draft here has {config.pegs} pegs, this one has {len(draft)}")
    variant = config.variant
    for row, (guess, got) in enumerate(history):
        guess = tuple(int(peg) for peg in guess)
        # The grade the row's guess would get against the draft as secret (grading is symmetric in
        # the row game, but not to be assumed: score(guess, secret) is the rule).
        would_get = variant.score(guess, draft)
        if tuple(would_get) != tuple(got):
            grade = variant.grade(*got)
            return WhyNot(draft, row, guess, would_get, grade, variant.kinds, variant.shape, variant)
    return None
