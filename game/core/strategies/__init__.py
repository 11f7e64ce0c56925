"""Every built-in solver strategy, registered by name.

STRATEGIES is an immutable mapping name -> StrategyInfo; get(name) looks one up and raises
UnknownStrategy (a ValueError) listing the names. STRONGEST names the strongest built-in.

Options are separate registered names (one entry per line below, easy to extend):
- "lowest" / "lowest-random-first": lowest consistent code; the second plays one random first guess
  (the Java applet's option).
- "random": Swaszek's random consistent code, first guess AABB.
  (strategies/simple.py)
- "knuth", "irving", "entropy", "most-parts": pick from all codes by a partition criterion;
  the "-consistent" variants restrict the guess pool to codes that could still be the secret
  (strategies/partition.py; pools and colour symmetry in strategies/pool.py).
Tools play many secrets at once with strategies/walk.py.
- "optimal": plays an exact table or an opening book passed in (game.tables.bind() gives it the
  shipped ones), else STRONGEST; see strategies/optimal.py.
Ties everywhere: prefer a code that could still be the secret, then the lowest-numbered one.

Every think() is a generator (see game/core/solver.py): it yields Progress, with `possible` set to
the number of codes still consistent as soon as that is known, and returns the guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..solver import StrategyInfo
from . import optimal, simple
from .partition import (
    largest_part,
    make,
    negative_information,
    negative_parts,
    sum_of_squares,
    think_entropy,
)


class UnknownStrategy(ValueError):
    """A strategy name that is not registered; the message lists the names that are."""


STRATEGIES: Mapping[str, StrategyInfo] = MappingProxyType(
    {
        "lowest": StrategyInfo(
            "lowest", "Lowest", "the lowest-numbered code that fits every grade", simple.think_lowest
        ),
        "lowest-random-first": StrategyInfo(
            "lowest-random-first",
            "Lowest, random start",
            "a random first guess, then the lowest code that fits",
            simple.think_lowest_random_first,
        ),
        "random": StrategyInfo(
            "random", "Random", "a random code that fits every grade (Swaszek)", simple.think_random
        ),
        "knuth": StrategyInfo("knuth", "Knuth", "smallest worst case (Knuth's minimax)", make(largest_part)),
        "knuth-consistent": StrategyInfo(
            "knuth-consistent",
            "Knuth, fitting codes",
            "Knuth's minimax over codes that fit",
            make(largest_part, True),
        ),
        "irving": StrategyInfo("irving", "Irving", "smallest expected number left", make(sum_of_squares)),
        "irving-consistent": StrategyInfo(
            "irving-consistent",
            "Irving, fitting codes",
            "Irving over codes that fit",
            make(sum_of_squares, True),
        ),
        "entropy": StrategyInfo("entropy", "Entropy", "most information per guess", think_entropy),
        "entropy-consistent": StrategyInfo(
            "entropy-consistent",
            "Entropy, fitting codes",
            "most information, over codes that fit",
            make(negative_information, True),
        ),
        "most-parts": StrategyInfo(
            "most-parts", "Most parts", "most distinct grades (Kooi)", make(negative_parts)
        ),
        "most-parts-consistent": StrategyInfo(
            "most-parts-consistent",
            "Most parts, fitting codes",
            "most distinct grades, over codes that fit",
            make(negative_parts, True),
        ),
        "optimal": StrategyInfo(
            "optimal",
            "Optimal",
            "fewest guesses: exact tables up to 4x7 and small grids, books at 5x8 and 6x9, else entropy",
            optimal.think,
        ),
    }
)

# Entropy, which `optimal` also plays off its tables (optimal.FALLBACK, the same think). Most-parts is
# better at 4x6 (5668 vs 5722 guesses over all secrets) and on 200 sampled secrets at 5x8 (mean 5.41
# vs 5.53), but once the consistent codes must be sampled it falls behind: 6x9 mean 6.37 vs 6.25
# (200 secrets), 8x10 9.5 vs 7.9 (tools/bench_solvers.py --plan, seed 1).
STRONGEST = "entropy"
# What the game plays when the player does not choose: the exact optimal tables where they are
# shipped (bound by game.tables), STRONGEST everywhere else, so it is never weaker than STRONGEST.
DEFAULT = "optimal"


def get(name: str) -> StrategyInfo:
    """The strategy registered as `name`; UnknownStrategy (a ValueError) if there is none."""
    try:
        return STRATEGIES[name]
    except KeyError:
        names = ", ".join(STRATEGIES)
        raise UnknownStrategy(f"no strategy called {name!r}; choose one of {names}") from None
