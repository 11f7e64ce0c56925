"""What a Deduce puzzle is: its levels, the Puzzle value, its text form, and the proof over the space.

A Puzzle is a value: its level, the secret, the given rows (guess, grade) in order, and where it came
from (a puzzle of the day's date, or a practice number). Invariants, over the whole code space:
exactly one code fits every given row; no given row is the secret; every given row is needed
(dropping any one leaves more than one code fitting). The Puzzle constructor checks what is cheap
(the level, legal codes, each grade is what the secret gives, no row is the secret, no guess twice,
the row count); check_puzzle_steps() checks the rest by counting over the whole space, one count
with all rows and one per row left out (space.count_consistent_steps: a few ms a count at 6x9).

This stands apart from where puzzles come from and what solving one is worth (the seeds, the dealing
and the score: game/core/deduce.py, which hands these names on to the screens): a puzzle read back
from a file is checked here whatever dealt it.

Levels (pegs x colours, repeated colours allowed, like the presets): "4x6", "5x8", "6x9"; and of the
variants with codes of their own (VARIANT_LEVELS): "digits" (Bulls and Cows, 4 digits), "words" (a
word of the answer list graded black and white over letters) and "marks" (the same words graded a
mark a letter). The word levels deal their rows from the answer list too (`common_rows`: words a
player knows, where the allowed list's rare entries would make a board of strangers); a player's
try may be any allowed word, and exactly one answer fits the rows. A board
shows the given rows and then `tries` more rows: Puzzle.config has turns = rows + tries, so a game
started from Puzzle.start_state() is lost by GameState's own rule when the tries run out.

Text form (to_dict/from_dict), codes as digit strings like moves:
    {"version": 1, "level": "4x6", "secret": "5140", "day": "2026-11-23", "number": null,
     "rows": [{"guess": "2020", "black": 1, "white": 0}, ...]}
a level whose grade is no pair of counts (word marks) writes each row's grade as the variant's text:
    {"guess": "...", "grade": "21000"}
from_dict() refuses with DeduceError (a ValueError naming the first thing wrong): wrong types or keys,
an unknown level, illegal codes, a grade that is not what the secret gives, a row equal to the secret,
a guess given twice, more rows than the level shows, both or neither of day and number, a day after
`today` when given, and (by default, whole_space=True) more than one code fitting or a row not
needed. The whole-space check costs one count per row plus one (measured in docs/engine.md).

    LEVELS, level(name) -> Level; Level.name, .pegs, .colours, .tries, .min_rows, .max_rows, .config
    Puzzle.config, .history, .tries, .is_daily, .start_state() -> GameState (given rows played)
    Puzzle.to_dict() / Puzzle.from_dict(data, today=None, whole_space=True)
    check_puzzle_steps(puzzle) / check_puzzle(puzzle)   DeduceError if not a proper puzzle
    narrowing_steps(puzzle) -> codes fitting after each prefix of the rows, e.g. (256, 54, 14, 1)
    check_puzzle_day(day) -> date       a calendar date, else DeduceError
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .codes import Code, CodeError, Feedback, code_from_text, code_to_text
from .config import GameConfig
from .dailycode import DailyError, check_day, iso_day
from .solver import Progress, run
from .space import codes_of, consistent_steps, count_consistent_steps
from .state import GameState, Guess, apply_move, new_game
from .variants import variant_from_text

FORMAT_VERSION = 1
MAX_NUMBER = 2**31 - 1  # practice numbers 0..MAX_NUMBER


class DeduceError(ValueError):
    """A Deduce puzzle or request that cannot be (the message says what is wrong)."""


@dataclass(frozen=True)
class Level:
    """A Deduce size: pegs x colours with repeats, the tries after the given rows, the rows dealt."""

    name: str
    pegs: int
    colours: int
    tries: int
    min_rows: int
    max_rows: int
    shrink: Fraction  # each dealt row aims to leave this share of the codes still fitting
    variant: str = ""  # a variant's stored text ("words:5"); "" is the classic row of pegs x colours
    common_rows: bool = False  # rows dealt from the secrets (the answer list), not every allowed guess

    def config_for(self, rows: int) -> GameConfig:
        """The game of a board with `rows` given rows: turns = rows + tries."""
        if self.variant:  # the variant's own symbols and repeats rule
            return GameConfig(turns=rows + self.tries, variant=variant_from_text(self.variant))
        return GameConfig(self.pegs, self.colours, duplicates=True, turns=rows + self.tries)

    @property
    def config(self) -> GameConfig:
        """The level's largest board (max_rows given rows), for anything sized once per level."""
        return self.config_for(self.max_rows)


LEVELS: tuple[Level, ...] = (
    Level("4x6", 4, 6, tries=4, min_rows=4, max_rows=6, shrink=Fraction(1, 5)),
    Level("5x8", 5, 8, tries=4, min_rows=5, max_rows=7, shrink=Fraction(1, 5)),
    Level("6x9", 6, 9, tries=4, min_rows=6, max_rows=8, shrink=Fraction(1, 5)),
)


# Boards of the variants with codes of their own: Bulls and Cows' four digits and a word (graded
# black and white over letters, or a mark a letter). Letter marks tell more a row, so a marks board
# is dealt from a smaller shrink to need as many rows.
VARIANT_LEVELS: tuple[Level, ...] = (
    Level("digits", 4, 10, 4, min_rows=4, max_rows=6, shrink=Fraction(1, 5), variant="bulls-and-cows:4"),
    Level(
        "words", 5, 26, 4, min_rows=3, max_rows=6, shrink=Fraction(1, 5), variant="words:5", common_rows=True
    ),
    Level("marks", 5, 26, 4, 3, 6, shrink=Fraction(1, 3), variant="word-marks:5", common_rows=True),
)


def level(name: str) -> Level:
    for lv in (*LEVELS, *VARIANT_LEVELS):
        if isinstance(name, str) and lv.name == name.lower():
            return lv
    names = ", ".join(lv.name for lv in (*LEVELS, *VARIANT_LEVELS))
    raise DeduceError(f"Deduce levels are {names}, not {name!r}")


Rows = tuple[tuple[Code, Feedback], ...]


@dataclass(frozen=True)
class Puzzle:
    """A dealt board (see the module docstring); construction checks everything but the whole space."""

    level: str
    secret: Code
    rows: Rows
    day: dt.date | None = None  # the puzzle of this day, or
    number: int | None = None  # practice puzzle number `number`

    def __post_init__(self) -> None:
        lv = level(self.level)
        object.__setattr__(self, "level", lv.name)
        config = lv.config_for(1)
        try:
            object.__setattr__(self, "secret", config.check_code(self.secret))
        except CodeError as exc:
            raise DeduceError(f"the secret: {exc}") from None
        if not 1 <= len(self.rows) <= lv.max_rows:
            raise DeduceError(f"a {lv.name} puzzle gives 1 to {lv.max_rows} rows, not {len(self.rows)}")
        rows, seen = [], set()
        for number, (guess, grade) in enumerate(self.rows, start=1):
            try:
                guess = config.check_code(guess)
            except CodeError as exc:
                raise DeduceError(f"row {number}: {exc}") from None
            true = config.variant.score(guess, self.secret)
            if guess == self.secret:
                raise DeduceError(f"row {number} is the secret itself; no given row may be the answer")
            if tuple(grade) != tuple(true):
                raise DeduceError(
                    f"row {number} ({code_to_text(guess)}) is graded {_grade_text(grade)}, but against "
                    f"the secret it scores {_grade_text(true)}"
                )
            if guess in seen:
                raise DeduceError(f"row {number} ({code_to_text(guess)}) repeats an earlier row")
            seen.add(guess)
            rows.append((guess, true))
        object.__setattr__(self, "rows", tuple(rows))
        if (self.day is None) == (self.number is None):
            raise DeduceError("a puzzle is either a puzzle of the day (a day) or a practice one (a number)")
        if self.day is not None:
            check_puzzle_day(self.day)
        elif isinstance(self.number, bool) or not isinstance(self.number, int):
            raise DeduceError(f"a practice number is a whole number, not {self.number!r}")
        elif not 0 <= self.number <= MAX_NUMBER:
            raise DeduceError(f"practice numbers run from 0 to {MAX_NUMBER}, not {self.number}")

    @property
    def config(self) -> GameConfig:
        """The game: the level's size, turns = given rows + tries."""
        return level(self.level).config_for(len(self.rows))

    @property
    def tries(self) -> int:
        return level(self.level).tries

    @property
    def is_daily(self) -> bool:
        return self.day is not None

    @property
    def history(self) -> Rows:
        """The given rows as (guess, grade) pairs, the form space.py and the solvers read."""
        return self.rows

    def start_state(self) -> GameState:
        """A game of this puzzle with the given rows already played: `tries` turns left."""
        state = new_game(self.config, self.secret)
        for guess, _ in self.rows:
            state = apply_move(state, Guess(guess))
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "level": self.level,
            "secret": code_to_text(self.secret),
            "day": None if self.day is None else self.day.isoformat(),
            "number": self.number,
            "rows": [_row_dict(self.config, g, fb) for g, fb in self.rows],
        }

    @classmethod
    def from_dict(cls, data: Any, today: dt.date | None = None, whole_space: bool = True) -> Puzzle:
        """Inverse of to_dict(); DeduceError naming the first thing wrong (see the module docstring).

        `today`: refuse a puzzle of a later day. whole_space=False skips the counts over the whole
        space (exactly one code fits, every row needed), for a caller that checks them in steps.
        """
        if not isinstance(data, Mapping):
            raise DeduceError(f"a Deduce puzzle is a JSON object, not {type(data).__name__}")
        keys = {"version", "level", "secret", "day", "number", "rows"}
        if set(data) != keys:
            odd = sorted(map(str, set(data) ^ keys))[0]
            raise DeduceError(f"a Deduce puzzle has the fields {', '.join(sorted(keys))}; {odd!r} is off")
        if data["version"] != FORMAT_VERSION or isinstance(data["version"], bool):
            raise DeduceError(
                f"this game reads Deduce puzzles of version {FORMAT_VERSION}, not {data['version']!r}"
            )
        lv = level(data["level"])
        secret = _code(data["secret"], lv, "the secret")
        raw_rows = data["rows"]
        if not isinstance(raw_rows, list):
            raise DeduceError("rows are a list of {guess, black, white} objects")
        rows = tuple(_row(raw, lv, number) for number, raw in enumerate(raw_rows, start=1))
        day = None if data["day"] is None else _iso_day(data["day"])
        puzzle = cls(lv.name, secret, rows, day, data["number"])
        if today is not None and day is not None and day > check_puzzle_day(today):
            raise DeduceError(
                f"the puzzle of {day.isoformat()} is not out yet (today is {today.isoformat()})"
            )
        if whole_space:
            check_puzzle(puzzle)
        return puzzle


def _grade_text(grade: Any) -> str:
    if len(grade) != 2:
        return "".join(str(int(mark)) for mark in grade)
    black, white = grade
    return f"{black} black {white} white"


def check_puzzle_day(day: Any) -> dt.date:
    """`day` if it is a calendar date (a datetime is refused), else DeduceError."""
    try:
        return check_day(day)
    except DailyError:
        raise DeduceError(f"a puzzle of the day belongs to a calendar date, not {day!r}") from None


def _iso_day(value: Any) -> dt.date:
    try:
        return iso_day(value)
    except DailyError as exc:
        raise DeduceError(str(exc)) from None


def _code(value: Any, lv: Level, what: str) -> Code:
    if not isinstance(value, str):
        raise DeduceError(f"{what} is written as digits, one per peg, not {value!r}")
    try:
        return code_from_text(value, lv.pegs, lv.colours)
    except CodeError as exc:
        raise DeduceError(f"{what}: {exc}") from None


def _pairs(config: GameConfig) -> bool:
    """Whether the level's grade is a pair of counts (black and white, bulls and cows)."""
    return len(config.variant.kinds) == 2


def _row_dict(config: GameConfig, guess: Code, grade: Any) -> dict[str, Any]:
    if _pairs(config):
        return {"guess": code_to_text(guess), "black": grade.black, "white": grade.white}
    return {"guess": code_to_text(guess), "grade": config.variant.grade_text(grade)}


def _row(raw: Any, lv: Level, number: int) -> tuple[Code, Feedback]:
    variant = lv.config_for(1).variant
    if not _pairs(lv.config_for(1)):
        if not (
            isinstance(raw, Mapping) and set(raw) == {"guess", "grade"} and isinstance(raw["grade"], str)
        ):
            raise DeduceError(f"row {number} is an object with guess and grade")
        try:
            grade = variant.check_grade(variant.grade_from_text(raw["grade"]))
        except ValueError as exc:
            raise DeduceError(f"row {number}: {exc}") from None
        return _code(raw["guess"], lv, f"row {number}"), grade
    if not isinstance(raw, Mapping) or set(raw) != {"guess", "black", "white"}:
        raise DeduceError(f"row {number} is an object with guess, black and white")
    for key in ("black", "white"):
        value = raw[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= lv.pegs:
            raise DeduceError(f"row {number}: {key} is a whole number from 0 to {lv.pegs}, not {value!r}")
    grade = lv.config_for(1).variant.grade(raw["black"], raw["white"])  # a bull is a black, a cow a white
    return _code(raw["guess"], lv, f"row {number}"), grade


def check_puzzle_steps(puzzle: Puzzle) -> Generator[Progress, None, None]:
    """Count over the whole space: DeduceError unless exactly one code fits every row and each row is
    needed (one count with every row, one per row left out)."""
    config = puzzle.config
    rows = list(puzzle.rows)
    count = yield from count_consistent_steps(config, rows)
    if count != 1:
        # The secret fits (the constructor checked every grade), so count > 1: name another code.
        fitting = yield from consistent_steps(config, rows)
        first_two = [tuple(int(p) for p in code) for code in codes_of(fitting[:2], config)]
        other = first_two[0] if first_two[0] != puzzle.secret else first_two[1]
        raise DeduceError(
            f"{count} codes fit these rows ({code_to_text(other)} as well as the secret); "
            "a puzzle has exactly one"
        )
    for i in range(len(rows)):
        left = yield from count_consistent_steps(config, rows[:i] + rows[i + 1 :])
        if left == 1:
            raise DeduceError(f"row {i + 1} is not needed: the other rows already leave only the secret")
        yield Progress(i + 1, len(rows), "checking rows", 1)


def check_puzzle(puzzle: Puzzle) -> None:
    """Plain-function form of check_puzzle_steps()."""
    run(check_puzzle_steps(puzzle))


def narrowing_steps(puzzle: Puzzle) -> Generator[Progress, None, tuple[int, ...]]:
    """Codes of the whole space that fit the first 1, 2, ... rows (the last is 1): how the rows
    narrow the space in order, for a worked example or a difficulty read-out."""
    counts = []
    for i in range(1, len(puzzle.rows) + 1):
        counts.append((yield from count_consistent_steps(puzzle.config, puzzle.rows[:i])))
    return tuple(counts)
