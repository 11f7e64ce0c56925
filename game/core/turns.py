"""Difficulty and the turn-limit rule: how many turns a game of so many pegs and colours gives.

The rule (also in README.md): Classic gives pegs + colours turns, so 10 at 4x6. Relaxed gives two
more, Tight gives pegs + ceil(colours / 2) + 1, never more than Classic. "pegs + colours" is the
bound the literature gives for the weakest built-in strategy (lowest consistent) at every tabulated
size, so every strategy, the strongest included, fits inside it. A variant applies it to its own
code (Variant.turn_limit: a grid's cells are its pegs).

Invariant: turn_limit() is a pure function that never decreases when pegs or colours grow.
"""

from __future__ import annotations

from enum import StrEnum


class Difficulty(StrEnum):
    """How many turns a game gives for its size (see turn_limit())."""

    RELAXED = "relaxed"
    CLASSIC = "classic"
    TIGHT = "tight"


def turn_limit(pegs: int, colours: int, difficulty: Difficulty | str = Difficulty.CLASSIC) -> int:
    """Turns allowed for a code of `pegs` places: Classic = pegs + colours (10 at 4x6)."""
    difficulty = Difficulty(difficulty)
    classic = pegs + colours
    if difficulty is Difficulty.RELAXED:
        return classic + 2
    if difficulty is Difficulty.TIGHT:
        return min(classic, pegs + (colours + 1) // 2 + 1)
    return classic
