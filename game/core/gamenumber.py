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
is one entry of a fixed list (_regions(), smallest code space first, so the common games have the
shortest numbers: Easy takes 4 characters, Classic 5, Super and Expert 6, 10 pegs x 10 colours 8);
an entry is a variant (its name and parameters), colours, the duplicates rule and the difficulty;
its secrets are numbered from the entry's offset (the sum of the code counts of the entries before
it). A game with a hand-set turn limit t takes the same number plus t times the count of all those
(one copy of the numbering per t). A hand-set limit equal to the entry's own has no copy: that game
is the entry's own game, with its one number, and the copy's number is refused. A secret is
numbered by its rank among the legal codes (code number with repeats, lexicographic rank of the
permutation without), scrambled by an affine map modulo the code count, so neighbouring numbers are
not neighbouring codes and the code cannot be read off the number at a glance. One game, one
number: a number with a leading 0 is refused, as is a copy's number for the entry's own limit.

Stability: a number must mean the same game for ever, so the list is built from the fixed ranges
below (not from config.py's limits, which may grow) and the scramble's constants never change. The
first region numbers the row and the grid (FIRST_REGION); every variant registered after them
(variants.VARIANTS, append only) numbers the games of its numbered() in a region of its own, past
the end of the ones before. A game the list does not hold raises GameNumberError. Pure.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from . import variants
from .codes import Code
from .config import Difficulty, GameConfig, legal_codes
from .variants import GridVariant, RowVariant, Variant

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
BASE = len(ALPHABET)  # 31, a prime: see the check digit in the module docstring
TYPED_ALIASES = {"O": "0", "I": "1", "L": "1"}
IGNORED = "-#"  # besides any white space (a pasted number's newline, a tab, spaces)
GAME_NUMBER_CHARS = 10  # the longest number: 10 pegs x 10 colours with a hand-set turn limit of 30

# The games numbered, in a fixed order: never reorder, only append (see the module docstring).
NUMBERED_PEGS = tuple(range(2, 11))
NUMBERED_GRIDS = ((2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3))
NUMBERED_COLOURS = tuple(range(2, 11))
NUMBERED_DIFFICULTIES = (Difficulty.CLASSIC, Difficulty.RELAXED, Difficulty.TIGHT)
NUMBERED_GRID_CODES = 600_000  # grids with more codes have no number (config.MAX_GRID_CODES today)
HAND_SET_TURNS = 30  # turn limits 1..30, as GameConfig allows
SCRAMBLE_FACTOR = 2_147_483_647  # a prime above 10: coprime with every code count (primes <= 7)
# The variants of the first region, numbered together; later variants have a region each.
FIRST_REGION: tuple[type[Variant], ...] = (RowVariant, GridVariant)


class GameNumberError(ValueError):
    """A game number that cannot be read, or a game that has none; the message says what to do."""


@dataclass(frozen=True)
class _Entry:
    """One numbered kind of game: its config key and how many secrets it has."""

    variant: Variant
    colours: int
    duplicates: bool
    difficulty: Difficulty
    codes: int

    def config(self, turns: int = 0) -> GameConfig:
        return GameConfig(0, self.colours, self.duplicates, self.difficulty, turns, self.variant)


@dataclass(frozen=True)
class _Region:
    """Entries numbered together: first, one copy of their numbering for their own turn limits, then
    one per hand-set limit 1..HAND_SET_TURNS; `start` is where the region's numbers begin."""

    start: int
    entries: tuple[_Entry, ...]
    offsets: tuple[int, ...]  # each entry's first number in a copy; one more: a copy's size

    @property
    def size(self) -> int:
        return self.offsets[-1] * (HAND_SET_TURNS + 1)


def _code_count(cells: int, colours: int, duplicates: bool) -> int:
    return colours**cells if duplicates else math.perm(colours, cells)


def _key(config: GameConfig) -> tuple:
    return (config.variant, config.colours, config.duplicates, config.difficulty)


def _first_region_variants() -> list[Variant]:
    return [RowVariant(pegs) for pegs in NUMBERED_PEGS] + [GridVariant(*grid) for grid in NUMBERED_GRIDS]


def _entries(members: list[Variant], first: bool) -> tuple[_Entry, ...]:
    """Every legal game of these variants, smallest code space first (then variant, colours, repeats
    before none, difficulty in NUMBERED_DIFFICULTIES order). The first region's grids stop at the fixed
    NUMBERED_GRID_CODES; a later region holds the games its variants offer (Variant.problem())."""
    found = []
    for variant_rank, variant in enumerate(members):
        # a variant that fixes its colours or repeats rule (Bulls and Cows, words) has only those games
        fixed_colours, fixed_duplicates = variant.fixed_colours, variant.fixed_duplicates
        for colours in NUMBERED_COLOURS if fixed_colours is None else (fixed_colours,):
            for duplicates in (True, False) if fixed_duplicates is None else (fixed_duplicates,):
                for difficulty_rank, difficulty in enumerate(NUMBERED_DIFFICULTIES):
                    codes = _code_count(variant.pegs, colours, duplicates)
                    if not duplicates and colours < variant.pegs:
                        continue
                    if first and isinstance(variant, GridVariant) and codes > NUMBERED_GRID_CODES:
                        continue
                    if not first and variant.problem(colours, duplicates) is not None:
                        continue
                    # every game kept here must stay playable: a ConfigError is a loud failure
                    config = GameConfig(0, colours, duplicates, difficulty, variant=variant)
                    codes = legal_codes(config)
                    order = (codes, variant_rank, colours, not duplicates, difficulty_rank)
                    found.append((order, _Entry(variant, colours, duplicates, difficulty, codes)))
    return tuple(entry for _, entry in sorted(found, key=lambda item: item[0]))


@functools.cache
def _regions() -> tuple[tuple[_Region, ...], dict[tuple, tuple[int, int]]]:
    """(the regions in number order, config key -> (region, entry position))."""
    groups = [_first_region_variants()]
    groups += [list(cls.numbered()) for cls in variants.VARIANTS if cls not in FIRST_REGION]
    regions, where, start = [], {}, 0
    for number, group in enumerate(groups):
        entries = _entries(group, first=number == 0)
        region = _Region(start, entries, (0, *accumulate(entry.codes for entry in entries)))
        for position, e in enumerate(entries):
            where[(e.variant, e.colours, e.duplicates, e.difficulty)] = (len(regions), position)
        regions.append(region)
        start += region.size
    return tuple(regions), where


def _secret_rank(config: GameConfig, secret: Code) -> int:
    return config.variant.secret_rank(config.colours, config.duplicates, secret)


def _secret_of_rank(config: GameConfig, rank: int) -> Code:
    return config.variant.secret_of_rank(config.colours, config.duplicates, rank)


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
    regions, where = _regions()
    found = where.get(_key(config))
    if found is None:
        raise GameNumberError(f"games of {config.to_text()} have no number")
    region = regions[found[0]]
    entry = region.entries[found[1]]
    scrambled = _scramble(_secret_rank(config, secret), entry.codes)
    value = region.start + region.offsets[found[1]] + scrambled
    if config.turns != entry.config().turns:  # one more copy of the region's numbering per turn limit
        value += region.offsets[-1] * config.turns
    return _to_text(value)


def _digits(text: str) -> list[int]:
    if not isinstance(text, str):
        raise GameNumberError(f"a game number is text such as 211TR, not {text!r}")
    kept = (ch for ch in text.upper() if ch not in IGNORED and not ch.isspace())
    cleaned = "".join(TYPED_ALIASES.get(ch, ch) for ch in kept)
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
    if len(digits) > 2 and digits[0] == 0:  # 0211TR would be 211TR again: one game, one number
        raise GameNumberError(f"a game number does not start with 0: check {text.strip()!r}")
    value = 0
    for digit in digits[:-1]:
        value = value * BASE + digit
    regions, _ = _regions()
    past = GameNumberError(f"{text.strip()!r} is past the last game number: check it")
    region = next((r for r in regions if r.start <= value < r.start + r.size), None)
    if region is None:
        raise past
    turns, value = divmod(value - region.start, region.offsets[-1])
    position = bisect_right(region.offsets, value) - 1
    entry, scrambled = region.entries[position], value - region.offsets[position]
    config = entry.config(turns)
    if turns and config == entry.config():  # the entry's own limit set by hand: its own number is the one
        raise GameNumberError(f"{text.strip()!r} is not a game number: check it")
    return config, config.check_code(_secret_of_rank(config, _unscramble(scrambled, entry.codes)))
