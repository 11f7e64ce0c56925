"""The shipped strategy tables: the one place that reads assets/strategies/ (core never reads files).

Files are named optimal_<pegs>x<colours>[_nodup][_cap<guesses>].txt and written by tools/optimal.py.
The game's `optimal` strategy plays the uncapped table (fewest guesses in total); the capped ones are
shipped for reference (at 4x6 the cap of 5 costs one guess in total over all 1296 secrets). Where no
exact table exists, an opening book book_<pegs>x<colours>[_nodup].txt (tools/book.py: the first two
or three guesses, chosen by looking ahead, and kept only where they beat entropy over the secrets
below them) is played instead, in the same format; entropy plays below it and wherever it has no move.
Grid games (the 2-D puzzle) read optimal_grid_<rows>x<columns>x<colours>[_nodup].txt.

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
from game.core.config import GameConfig
from game.core.optimal import StrategyTable, parse_table
from game.core.solver import StrategyInfo
from game.core.strategies.optimal import make_think

TABLES_DIR = assets.directory(assets.STRATEGIES)
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


def grid_table_file_name(grid: tuple[int, int], colours: int, duplicates: bool = True) -> str:
    return f"optimal_grid_{grid[0]}x{grid[1]}x{colours}{'' if duplicates else '_nodup'}.txt"


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
def cached_grid_table(
    grid: tuple[int, int], colours: int, duplicates: bool = True, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """The shipped exact table of a grid game (None if there is none), read once per size."""
    path = directory / grid_table_file_name(grid, colours, duplicates)
    return parse_table(path.read_bytes()) if path.is_file() else None


@functools.lru_cache(maxsize=16)
def cached_table(
    pegs: int, colours: int, duplicates: bool = True, directory: Path = TABLES_DIR
) -> StrategyTable | None:
    """load_table() (uncapped), else load_book(), read once per size: tables are immutable values."""
    table = load_table(pegs, colours, duplicates, None, directory)
    return table if table is not None else load_book(pegs, colours, duplicates, directory)


def bind(info: StrategyInfo, directory: Path = TABLES_DIR) -> StrategyInfo:
    """`info` itself, or for the `optimal` strategy the same entry playing from the shipped tables.

    A size's table is read the first time a game of that size asks for it (about 20 ms at 4x6).
    """
    if info.name != "optimal":
        return info

    return dataclasses.replace(info, think=make_think(functools.partial(table_for, directory=directory)))


def table_for(config: GameConfig, directory: Path = TABLES_DIR) -> StrategyTable | None:
    """The shipped table (exact, else an opening book) of `config`'s game, grid or row; None if none."""
    if config.grid is not None:
        return cached_grid_table(config.grid, config.colours, config.duplicates, directory)
    return cached_table(config.pegs, config.colours, config.duplicates, directory)
