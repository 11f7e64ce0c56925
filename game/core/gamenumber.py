"""Game numbers: a short text from which a game's size, rules and secret all come back.

"Play by number" starts the very game a number names; "Same code again" is the number of the game
just played. A number is at most GAME_NUMBER_CHARS characters: base-31 digits and a check digit.

The alphabet is ALPHABET: the digits and the capital letters without I, L, O (read as 1, 1, 0 when
typed), U and Z. Typing is forgiving: lower case, spaces, dashes and a leading "#" are ignored.
The check digit (the last character) makes the weighted sum of all digits, weights 1, 2, 3, ... from
the right, a multiple of 31. As 31 is prime and larger than any digit difference, any one character
typed wrong and any two neighbours swapped (unless equal) break the sum; parse_game_number() then
raises GameNumberError (a ValueError) saying what to check.

The value behind the digits: every game the config allows, with the turn limit its difficulty gives,
is one entry of a fixed list (_games(), smallest code space first, so the common games have the
shortest numbers: Easy takes 4 characters, Classic 5, Super and Expert 6, 10 pegs x 10 colours 8);
its secrets are numbered from the entry's offset (the sum of the code counts of the entries before
it). A game with a hand-set turn limit t takes the same number plus t times the count of all those
(see _hand_set_base). A secret is numbered by its rank among the legal codes (code number with
repeats, lexicographic rank of the permutation without), scrambled by an affine map modulo the code
count, so neighbouring numbers are not neighbouring codes and the code cannot be read off the number
at a glance.

Stability: a number must mean the same game for ever, so the list is built from the fixed ranges
below (not from config.py's limits, which may grow) and the scramble's constants never change. A
game the list does not hold raises GameNumberError; a new kind of game must be added past the end
(a new block), never inserted. Pure.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from .codes import Code
from .config import Difficulty, GameConfig, legal_codes

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
BASE = len(ALPHABET)  # 31, a prime: see the check digit in the module docstring
TYPED_ALIASES = {"O": "0", "I": "1", "L": "1"}
IGNORED = " -#\t"
GAME_NUMBER_CHARS = 10  # the longest number: 10 pegs x 10 colours with a hand-set turn limit of 30

# The games numbered, in a fixed order: never reorder, only append (see the module docstring).
NUMBERED_PEGS = tuple(range(2, 11))
NUMBERED_GRIDS = ((2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3))
NUMBERED_COLOURS = tuple(range(2, 11))
NUMBERED_DIFFICULTIES = (Difficulty.CLASSIC, Difficulty.RELAXED, Difficulty.TIGHT)
NUMBERED_GRID_CODES = 600_000  # grids with more codes have no number (config.MAX_GRID_CODES today)
HAND_SET_TURNS = 30  # turn limits 1..30, as GameConfig allows
SCRAMBLE_FACTOR = 2_147_483_647  # a prime above 10: coprime with every code count (primes <= 7)


class GameNumberError(ValueError):
    """A game number that cannot be read, or a game that has none; the message says what to do."""


@dataclass(frozen=True)
class _Entry:
    """One numbered kind of game: its config key and how many secrets it has."""

    pegs: int
    colours: int
    duplicates: bool
    difficulty: Difficulty
    choice: tuple[int, int] | None  # the variant's stored shape (GameConfig's grid field)
    codes: int

    def config(self, turns: int = 0) -> GameConfig:
        return GameConfig(self.pegs, self.colours, self.duplicates, self.difficulty, turns, self.choice)


def _code_count(cells: int, colours: int, duplicates: bool) -> int:
    return colours**cells if duplicates else math.perm(colours, cells)


def _key(config: GameConfig) -> tuple:
    return (config.pegs, config.colours, config.duplicates, config.difficulty, config.variant.choice)


@functools.cache
def _games() -> tuple[tuple[_Entry, ...], tuple[int, ...], dict[tuple, int]]:
    """(entries in number order, their offsets (one more: the total), config key -> entry position)."""
    shapes = [(pegs, None) for pegs in NUMBERED_PEGS] + [(0, grid) for grid in NUMBERED_GRIDS]
    entries = []
    for shape_rank, (pegs, grid) in enumerate(shapes):
        for colours in NUMBERED_COLOURS:
            for duplicates in (True, False):
                for difficulty_rank, difficulty in enumerate(NUMBERED_DIFFICULTIES):
                    cells = pegs or grid[0] * grid[1]
                    if not duplicates and colours < cells:
                        continue
                    if grid is not None and _code_count(cells, colours, duplicates) > NUMBERED_GRID_CODES:
                        continue
                    # every game kept here must stay playable: a ConfigError is a loud failure
                    config = GameConfig(pegs, colours, duplicates, difficulty, grid=grid)
                    order = (legal_codes(config), shape_rank, colours, not duplicates, difficulty_rank)
                    entry = _Entry(config.pegs, colours, duplicates, difficulty, grid, legal_codes(config))
                    entries.append((order, entry))
    ordered = tuple(entry for _, entry in sorted(entries, key=lambda item: item[0]))
    offsets = (0, *accumulate(entry.codes for entry in ordered))
    where = {(e.pegs, e.colours, e.duplicates, e.difficulty, e.choice): i for i, e in enumerate(ordered)}
    return ordered, offsets, where


def _hand_set_base() -> int:
    """Every numbered game, once; numbers from here on are games with a hand-set turn limit t, one
    copy of the numbering per t, starting at t times this."""
    return _games()[1][-1]


def _secret_rank(config: GameConfig, secret: Code) -> int:
    if config.duplicates:
        rank = 0
        for peg in secret:
            rank = rank * config.colours + peg
        return rank
    unused = list(range(config.colours))
    rank = 0
    for place, peg in enumerate(secret):
        rank += unused.index(peg) * math.perm(config.colours - place - 1, config.pegs - place - 1)
        unused.remove(peg)
    return rank


def _secret_of_rank(config: GameConfig, rank: int) -> Code:
    if config.duplicates:
        pegs = []
        for _ in range(config.pegs):
            rank, peg = divmod(rank, config.colours)
            pegs.append(peg)
        return tuple(reversed(pegs))
    unused = list(range(config.colours))
    pegs = []
    for place in range(config.pegs):
        step = math.perm(config.colours - place - 1, config.pegs - place - 1)
        index, rank = divmod(rank, step)
        pegs.append(unused.pop(index))
    return tuple(pegs)


def _scramble(rank: int, codes: int) -> int:
    return (SCRAMBLE_FACTOR * rank + codes // 2) % codes


def _unscramble(value: int, codes: int) -> int:
    return (pow(SCRAMBLE_FACTOR, -1, codes) * (value - codes // 2)) % codes


def _check_digit(digits: list[int]) -> int:
    """The digit that makes sum((i + 1) * d for i, d from the right, check first) a multiple of BASE."""
    total = sum((i + 2) * d for i, d in enumerate(reversed(digits)))
    return -total % BASE


def _to_text(value: int) -> str:
    digits = []
    while True:
        value, digit = divmod(value, BASE)
        digits.append(digit)
        if value == 0:
            break
    digits.reverse()
    return "".join(ALPHABET[d] for d in digits + [_check_digit(digits)])


def game_number(config: GameConfig, secret: Code) -> str:
    """The game number of `config` played with `secret`, e.g. "211TR" (Classic, 1 1 1 1);
    GameNumberError when the game has none (a kind of game the numbered list does not hold)."""
    secret = config.check_code(secret)
    entries, offsets, where = _games()
    position = where.get(_key(config))
    if position is None:
        raise GameNumberError(f"games of {config.to_text()} have no number")
    entry = entries[position]
    scrambled = _scramble(_secret_rank(config, secret), entry.codes)
    value = offsets[position] + scrambled
    if config.turns != entry.config().turns:  # one more copy of the whole numbering per turn limit
        value += _hand_set_base() * config.turns
    return _to_text(value)


def _digits(text: str) -> list[int]:
    if not isinstance(text, str):
        raise GameNumberError(f"a game number is text such as 211TR, not {text!r}")
    cleaned = "".join(TYPED_ALIASES.get(ch, ch) for ch in text.upper() if ch not in IGNORED)
    if len(cleaned) < 2:
        raise GameNumberError("type the whole game number: at least two characters, the last a check")
    if len(cleaned) > GAME_NUMBER_CHARS:
        raise GameNumberError(f"a game number has at most {GAME_NUMBER_CHARS} characters; {text!r} has more")
    for position, ch in enumerate(cleaned, start=1):
        if ch not in ALPHABET:
            raise GameNumberError(
                f"character {position} of {text!r}, {ch!r}, is not in a game number: "
                "numbers use the digits and the letters A to Y without I, L, O and U"
            )
    return [ALPHABET.index(ch) for ch in cleaned]


def parse_game_number(text: str) -> tuple[GameConfig, Code]:
    """The game (config and secret) a number names; GameNumberError saying what to check otherwise."""
    digits = _digits(text)
    if _check_digit(digits[:-1]) != digits[-1]:
        raise GameNumberError(
            f"{text.strip()!r} is not a game number: a character is mistyped or two are swapped "
            "(the last character checks the others)"
        )
    value = 0
    for digit in digits[:-1]:
        value = value * BASE + digit
    entries, offsets, _ = _games()
    turns, value = divmod(value, _hand_set_base())
    if turns > HAND_SET_TURNS:
        raise GameNumberError(f"{text.strip()!r} is past the last game number: check it")
    position = bisect_right(offsets, value) - 1
    entry, scrambled = entries[position], value - offsets[position]
    config = entry.config(turns)
    return config, config.check_code(_secret_of_rank(config, _unscramble(scrambled, entry.codes)))
