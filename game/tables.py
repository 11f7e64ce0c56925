"""The shipped strategy tables: the one place that reads assets/strategies/ (core never reads files).

Files are named optimal_<stem>[_nodup][_cap<guesses>].txt and written by tools/optimal.py, the stem
being the game's variant's (Variant.table_stem): <pegs>x<colours> for the row, grid_<rows>x<columns>x
<colours> for a grid.
The game's `optimal` strategy plays the uncapped table (fewest guesses in total); the capped ones are
shipped for reference (at 4x6 the cap of 5 costs one guess in total over all 1296 secrets). Where no
exact table exists, an opening book book_<pegs>x<colours>[_nodup].txt (tools/book.py: the first two
or three guesses, chosen by looking ahead, and kept only where they beat entropy over the secrets
below them) is played instead, in the same format; entropy plays below it and wherever it has no move.
No book is shipped for a grid, so a grid without an exact table plays entropy.

bind(info) turns the registry's table-less `optimal` entry into one that plays the shipped tables;
every other strategy passes through unchanged. The states that start a computer run (solving,
hand grading, the attract demo) and tools/sweep.py call it; a size's table is then read once.
The folder comes from game/assets.py (inside the package when installed from a wheel, the
repository's assets/ otherwise). Without it no table is found and `optimal` plays the strongest
heuristic, as it does at every size without a table; game.assets.missing() says so at start.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path

from game import assets
from game.core import strategies
from game.core.config import GameConfig
from game.core.optimal import StrategyTable, parse_table
from game.core.solver import StrategyInfo
from game.core.strategies.optimal import FALLBACK, make_think

TABLES_DIR = assets.directory(assets.STRATEGIES)
# (pegs, colours, repeats) of the shipped books: Super, Expert and Bulls and Cows' 4 digits
OPENING_BOOKS = ((5, 8, True), (6, 9, True), (4, 10, False))
TABLE_NAME = re.compile(r"optimal_(\d+)x(\d+)(_nodup)?(?:_cap(\d+))?\.txt")


def table_file_name(pegs: int, colours: int, duplicates: bool = True, cap: int | None = None) -> str:
    rule = "" if duplicates else "_nodup"
    capped = "" if cap is None else f"_cap{cap}"
    return f"optimal_{pegs}x{colours}{rule}{capped}.txt"


def load_table(
    pegs: int, colours: int, duplicates: bool = True, cap: int | None = None, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """The shipped table for this size (None if there is none)."""
    path = directory / table_file_name(pegs, colours, duplicates, cap)
    if not path.is_file():
        return None
    return parse_table(path.read_bytes())


def load_tables(directory: Path = TABLES_DIR) -> tuple[StrategyTable, ...]:
    """Every shipped uncapped table, in file-name order."""
    if not directory.is_dir():
        return ()
    names = sorted(p.name for p in directory.iterdir() if (m := TABLE_NAME.fullmatch(p.name)) and not m[4])
    return tuple(parse_table((directory / name).read_bytes()) for name in names)


def book_file_name(pegs: int, colours: int, duplicates: bool = True) -> str:
    return f"book_{pegs}x{colours}{'' if duplicates else '_nodup'}.txt"


def load_book(
    pegs: int, colours: int, duplicates: bool = True, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """The shipped opening book for this size (None if there is none)."""
    path = directory / book_file_name(pegs, colours, duplicates)
    if not path.is_file():
        return None
    return parse_table(path.read_bytes())


@functools.lru_cache(maxsize=16)
def cached_stem_table(
    stem: str, duplicates: bool = True, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """optimal_<stem>.txt (uncapped), else book_<stem>.txt, read once per size: tables are immutable
    values."""
    rule = "" if duplicates else "_nodup"
    for name in (f"optimal_{stem}{rule}.txt", f"book_{stem}{rule}.txt"):
        path = directory / name
        if path.is_file():
            return parse_table(path.read_bytes())
    return None


def cached_table(
    pegs: int, colours: int, duplicates: bool = True, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """load_table() (uncapped), else load_book(), read once per size (the classic row's)."""
    return cached_stem_table(f"{pegs}x{colours}", duplicates, directory)


def bind(
    info: StrategyInfo, directory: Path = TABLES_DIR, *, config: GameConfig | None = None
) -> StrategyInfo:
    """`info` itself, or for the `optimal` strategy the same entry playing from the shipped tables.

    A size's table is read the first time a game of that size asks for it (about 20 ms at 4x6).
    Given the game's `config`, an `optimal` with no table for it is labelled as what it plays (the
    strongest heuristic), so the panel and the record do not claim an optimal game it cannot give.
    """
    if info.name != "optimal":
        return info
    bound = dataclasses.replace(info, think=make_think(functools.partial(table_for, directory=directory)))
    if config is not None and not has_table(config, directory):
        return dataclasses.replace(bound, label=f"{strategies.get(FALLBACK).label}, no optimal table")
    return bound


def has_table(config: GameConfig, directory: Path = TABLES_DIR) -> bool:
    """Whether a table (exact, or an opening book) is shipped for `config`'s game; reads no table."""
    rule = "" if config.duplicates else "_nodup"
    stem = config.variant.table_stem(config.colours)
    return any((directory / f"{kind}_{stem}{rule}.txt").is_file() for kind in ("optimal", "book"))


def table_for(config: GameConfig, directory: Path = TABLES_DIR) -> StrategyTable | None:
    """The shipped table (exact, else an opening book) of `config`'s game, whatever its variant; None
    if none."""
    return cached_stem_table(config.variant.table_stem(config.colours), config.duplicates, directory)
