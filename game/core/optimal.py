"""Strategy tables: a whole strategy written down as "grades so far -> guess to play", and play from it.

A table is made once by tools/optimal.py (an exact search) and shipped as text in assets/strategies/.
This module is pure: it parses and formats the TEXT (str or bytes) and walks the tree; it never reads
a file (game/tables.py does that and passes the text in).

Text format (UTF-8, one position per line, preorder; lines starting with # are the header):

    # pegs: 4
    # colours: 6
    # duplicates: yes
    # total: 5625            (any further "# key: value" lines are kept as the header)
    : 0012                   the first guess (no grades yet)
    10: 0134                 after grade 1 black 0 white, play 0134
    10 02: 1305              grades are written black then white, one digit each

Codes are written as in game.core.codes (colours 0..colours-1, one digit per peg). A grid table has
a "# grid: 2x2" line and grades of three digits, black, grey and white (grids of at most 9 cells).
Invariants of a parsed table: the root is present; every other position's parent is present; every
guess is a legal code of the table's size; a position's grades are possible grades.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from .codes import Code, CodeError, Feedback, code_from_text, code_to_text
from .solver import History
from .variants import Grade, Variant, variant_from_fields

if TYPE_CHECKING:
    from .config import GameConfig

Path = tuple[Grade, ...]

SIZE_KEYS = ("pegs", "colours", "duplicates")


class TableError(ValueError):
    """A strategy table whose text cannot be read; the message names the line."""


@dataclass(frozen=True)
class StrategyTable:
    """A complete strategy for one size: the guess to play after every sequence of grades it meets."""

    pegs: int
    colours: int
    duplicates: bool
    moves: Mapping[Path, Code]
    header: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", MappingProxyType(dict(self.moves)))
        object.__setattr__(self, "header", MappingProxyType(dict(self.header)))

    @functools.cached_property
    def variant(self) -> Variant:
        """The variant the table plays: its header names it ("variant: grid:2x2", or a grid's earlier
        "grid: 2x2"), else the row."""
        return variant_from_fields(self.pegs, self.header)

    def fits(self, config: GameConfig) -> bool:
        """Was the table made for this game's size, duplicates rule and variant (or the variant whose
        tables it plays: Variant.table_variant)?"""
        mine = (self.pegs, self.colours, self.duplicates, self.variant)
        return mine == (config.pegs, config.colours, config.duplicates, config.variant.table_variant)

    def next_guess(self, history: History) -> Code | None:
        """The table's guess after `history`, or None if the history left the table.

        The history leaves the table when one of its guesses is not the one the table plays there
        (the player chose differently), or when a grade leads to a position the table never reaches.
        """
        path: list[Grade] = []
        for guess, feedback in history:
            if self.moves.get(tuple(path)) != tuple(guess):
                return None
            path.append(self.variant.grade(*feedback))
        return self.moves.get(tuple(path))

    def play(self, secret: Code, max_guesses: int = 64) -> list[Code]:
        """The guesses the table makes against `secret`, the winning one last."""
        secret = tuple(secret)
        history: list[tuple[Code, Feedback]] = []
        while len(history) < max_guesses:
            guess = self.next_guess(history)
            if guess is None:
                raise TableError(f"the table has no move after {format_path(tuple(f for _, f in history))}")
            history.append((guess, self.variant.score(guess, secret)))
            if guess == secret:
                return [g for g, _ in history]
        raise TableError(f"the table did not find {code_to_text(secret)} in {max_guesses} guesses")

    def guess_counts(self, secrets: Iterable[Code]) -> list[int]:
        """Guesses needed for each secret, in order."""
        return [len(self.play(secret)) for secret in secrets]


def format_grade(feedback: Grade) -> str:
    return "".join(str(int(n)) for n in feedback)


def format_path(path: Path) -> str:
    return " ".join(format_grade(f) for f in path)


def format_table(table: StrategyTable) -> str:
    """The text form of a table (parse_table(format_table(t)) == t, header included)."""
    lines = [
        "# mastermind-arcade strategy table",
        f"# pegs: {table.pegs}",
        f"# colours: {table.colours}",
        f"# duplicates: {'yes' if table.duplicates else 'no'}",
    ]
    lines += [f"# {key}: {value}" for key, value in table.header.items() if key not in SIZE_KEYS]
    digits = table.variant.table_digits
    lines.append(f"# format: one position a line: the grades so far ({digits} each), ':', the guess")
    lines += [f"{format_path(path)}: {code_to_text(guess)}" for path, guess in table.moves.items()]
    return "\n".join(lines) + "\n"


def _parse_grade(token: str, variant: Variant, line_number: int) -> Grade:
    digits = len(variant.kinds)
    if len(token) != digits or not token.isdecimal():  # isdigit() lets "²" through to int()
        kinds = ", ".join(variant.kinds)
        count = "two" if digits == 2 else "three"
        raise TableError(f"line {line_number}: a grade is {count} digits ({kinds}), not {token!r}")
    try:
        grade = variant.check_grade(tuple(int(ch) for ch in token))
    except ValueError:
        grade = None
    if grade is None or grade.black == variant.pegs:
        raise TableError(
            f"line {line_number}: {token!r} is not a grade a game of {variant.pegs} pegs can give here"
        )
    return grade


def parse_table(text: str | bytes) -> StrategyTable:
    """Read a table from its text (see the module docstring); raises TableError on bad text."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    header: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep:
                header.setdefault(key.strip(), value.strip())
            continue
        body.append((line_number, line))
    try:
        pegs, colours = int(header["pegs"]), int(header["colours"])
        duplicates = {"yes": True, "no": False}[header.get("duplicates", "yes")]
        variant = variant_from_fields(pegs, header)
    except (KeyError, ValueError) as exc:
        raise TableError(f"the header must give pegs, colours and duplicates (yes/no): {exc}") from None
    moves: dict[Path, Code] = {}
    for line_number, line in body:
        left, sep, right = line.partition(":")
        if not sep:
            raise TableError(f"line {line_number}: expected 'grades: guess', got {line!r}")
        path = tuple(_parse_grade(token, variant, line_number) for token in left.split())
        try:
            guess = code_from_text(right, pegs, colours)
        except CodeError as exc:
            raise TableError(f"line {line_number}: {exc}") from None
        if not duplicates and len(set(guess)) != pegs:
            raise TableError(f"line {line_number}: {right.strip()} repeats a colour in a no-duplicates table")
        if path and path[:-1] not in moves:
            raise TableError(f"line {line_number}: position {format_path(path)} comes before its parent")
        if path in moves:
            raise TableError(f"line {line_number}: position {format_path(path) or '(start)'} appears twice")
        moves[path] = guess
    if () not in moves:
        raise TableError("the table has no first guess (a line starting with ':')")
    rest = {key: value for key, value in header.items() if key not in SIZE_KEYS and key != "format"}
    return StrategyTable(pegs, colours, duplicates, moves, rest)
