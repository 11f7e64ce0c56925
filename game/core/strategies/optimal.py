"""The `optimal` strategy: play from an exact strategy table, else the strongest heuristic.

Tables (game.core.optimal.StrategyTable) are made by tools/optimal.py and shipped as text in
assets/strategies/. Core never reads a file, so the table is PASSED IN: think(..., table=t) plays
from `t`, and make_think(tables) binds a set of tables into a function of the usual shape. The
game's thin loader game/tables.py reads the shipped files and binds them (game.tables.bind()); the
entry registered in game.core.strategies has no table and so plays the fallback, which keeps core
pure and the registry importable anywhere.

Where the table applies (the size and duplicates rule match, and every guess so far is the one the
table plays) the guess is a dictionary look-up. Anywhere else (another size, or after the player's own
rows, when Solve takes over mid-game) it hands over to FALLBACK, entropy: the registry's STRONGEST
heuristic (the registry builds its entry from the same think, partition.think_entropy, so the two
cannot drift apart, and this module never imports the registry that imports it). The
strategy sees only the history, never the secret, and yields Progress like every strategy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable

from ..codes import Code
from ..config import GameConfig
from ..optimal import StrategyTable
from ..solver import History, Progress, Think, hands_over
from ..space import count_consistent_steps
from .partition import think_entropy

# What `optimal` plays off its tables, by name (also what stands for `optimal` where the strongest
# heuristic is asked for by name, never recursing), and the think itself: the registry's entry of
# that name is this same object.
FALLBACK = "entropy"
FALLBACK_THINK: Think = think_entropy


def table_for(tables: Iterable[StrategyTable], config: GameConfig) -> StrategyTable | None:
    """The first table made for this size, duplicates rule and variant, if any."""
    for table in tables:
        if table.fits(config):
            return table
    return None


def think(
    config: GameConfig, history: History, rng: random.Random, table: StrategyTable | None = None
) -> Generator[Progress, None, Code]:
    """The table's guess where it applies, else the strongest heuristic's guess."""
    if table is not None and table.fits(config):
        guess = table.next_guess(history)
        if guess is not None:
            possible = yield from count_consistent_steps(config, history)
            yield Progress(1, 1, "optimal table", possible)
            return guess
    return (yield from FALLBACK_THINK(config, history, rng))


def make_think(tables: Iterable[StrategyTable] | Callable[[GameConfig], StrategyTable | None]) -> Think:
    """A think() of the usual shape that plays from whichever of `tables` fits the game.

    `tables` is a collection of tables, or a function config -> table (or None) that finds one lazily.
    """
    if callable(tables):
        find = tables
    else:
        collection = tuple(tables)

        def find(config: GameConfig) -> StrategyTable | None:
            return table_for(collection, config)

    # Deepest position each table plays, by id (the table is kept so the id stays its own): below it
    # the fallback plays without the table's look-up (a whole-tree walk asks at every node).
    depths: dict[int, tuple[StrategyTable, int]] = {}

    def think_with_tables(
        config: GameConfig, history: History, rng: random.Random
    ) -> Generator[Progress, None, Code]:
        table = find(config)
        if table is not None:
            known = depths.get(id(table))
            if known is None or known[0] is not table:
                known = depths[id(table)] = (table, max(map(len, table.moves), default=0))
            if len(history) > known[1]:
                table = None
        return think(config, history, rng, table)

    def depth_of(config: GameConfig) -> int:
        table = find(config)
        return -1 if table is None else max(map(len, table.moves), default=0)

    return hands_over(think_with_tables, depth_of, FALLBACK_THINK)
