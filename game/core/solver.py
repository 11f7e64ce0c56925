"""The shape every solver strategy shares, and helpers to run one.

A strategy is a generator function

    think(config, history, rng) -> Generator[Progress, None, Code]

It yields Progress often (at most ~2 ms of work between yields, so the game can pump it inside a
frame) and returns its guess. It sees only the history of (guess, feedback) pairs, never the
secret, and takes an explicit seeded random.Random: the same seed gives the same guesses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .codes import Code, score
from .progress import History, Progress, run  # noqa: F401  (strategies and tools import them from here)

if TYPE_CHECKING:  # a strategy is handed a config; the config and its variant never import this module
    from .config import GameConfig
    from .variants import Variant

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


def is_consistent(code: Code, history: History, variant: Variant | None = None) -> bool:
    """Could `code` be the secret, given every grade so far? (scalar reference; graded the classic
    row's way unless `variant` says otherwise)"""
    grade = score if variant is None else variant.score
    return all(tuple(grade(guess, code)) == tuple(fb) for guess, fb in history)


def lowest_of_last_two(think: Think) -> Think:
    """Mark `think` as a strategy that, with one or two codes left, plays the lower of them whatever
    its rng (a whole-tree walk then plays it there without asking); returns `think` itself."""
    think.lowest_of_last_two = True  # type: ignore[attr-defined]  # functions and partials take attributes
    return think


def plays_lowest_of_last_two(think: Think) -> bool:
    """Whether `think` was marked by lowest_of_last_two()."""
    return getattr(think, "lowest_of_last_two", False) is True


def first_perfect_split(think: Think) -> Think:
    """Mark `think` as a strategy that, whenever a code that could still be the secret gives every
    code left its own grade, plays the lowest such code whatever its rng (a split into singletons by
    a code that may win is best under every partition criterion and the tie rule), so a whole-tree
    walk that knows the codes left can play it without asking; returns `think` itself."""
    think.first_perfect_split = True  # type: ignore[attr-defined]
    return think


def plays_first_perfect_split(think: Think) -> bool:
    """Whether `think` was marked by first_perfect_split()."""
    return getattr(think, "first_perfect_split", False) is True


def hands_over(think: Think, depth_of: Callable[[GameConfig], int], to: Think) -> Think:
    """Mark `think` as one that, at every history longer than depth_of(config) guesses, plays exactly
    what `to` plays with the same rng (a table's strategy below its deepest move), so a whole-tree
    walk can treat it as `to` there, shortcuts included; returns `think` itself."""
    think.hands_over = (depth_of, to)  # type: ignore[attr-defined]
    return think


def think_at(think: Think, config: GameConfig, depth: int) -> Think:
    """The think that plays at histories of `depth` guesses: the one `think` hands over to there
    (hands_over()), else `think` itself."""
    marked = getattr(think, "hands_over", None)
    if marked is not None and depth > marked[0](config):
        return marked[1]
    return think
