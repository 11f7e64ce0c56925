"""The shape every solver strategy shares, and helpers to run one.

A strategy is a generator function

    think(config, history, rng) -> Generator[Progress, None, Code]

It yields Progress often (at most ~2 ms of work between yields, so the game can pump it inside a
frame) and returns its guess. It sees only the history of (guess, feedback) pairs, never the
secret, and takes an explicit seeded random.Random: the same seed gives the same guesses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .codes import Code, Feedback, score

if TYPE_CHECKING:  # the config (through its variant) builds on this module
    from .config import GameConfig
    from .variant import Variant

History = Sequence[tuple[Code, Feedback]]


@dataclass(frozen=True)
class Progress:
    """How far a strategy has got with the current guess.

    done/total: work units (any unit, for a progress bar); note: a short human phrase;
    possible: codes still consistent with every grade, once known (None before that).
    """

    done: int
    total: int
    note: str = ""
    possible: int | None = None


Think = Callable[["GameConfig", History, random.Random], Generator[Progress, None, Code]]


@dataclass(frozen=True)
class StrategyInfo:
    """A registered strategy: its name (the key), a label for menus and a one-line description."""

    name: str
    label: str
    description: str
    think: Think


class NoCodeLeft(ValueError):
    """No code is consistent with the grades given: one of them must be wrong."""


def run(gen: Generator[Progress, None, Code]) -> Code:
    """Run a strategy generator to the end and return its guess (for tools and tests)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def is_consistent(code: Code, history: History, variant: Variant | None = None) -> bool:
    """Could `code` be the secret, given every grade so far? (scalar reference; graded the classic
    row's way unless `variant` says otherwise)"""
    grade = score if variant is None else variant.score
    return all(tuple(grade(guess, code)) == tuple(fb) for guess, fb in history)
