"""A strategy table exact cell by cell: tools/optimal.py --book BOOK --exact-up-to N.

Where the whole exact search is out of reach, its first guess's cells (the codes each grade of the
first guess leaves) still are one by one, up to a size: every cell of at most N codes is solved
exactly (tools/optimal_search.Search, with the symmetry that fixes the first guess), and every larger
cell plays BOOK's moves with entropy below them, as the game's `optimal` strategy plays a book
(game.core.strategies.walk over every code of the cell, seed 0). The table holds every position
both reach, so it plays alone; its header says which cells are exact and which the book's.
"""

from __future__ import annotations

import time

import numpy as np

from game.core.codes import code_to_text, encode
from game.core.config import GameConfig
from game.core.optimal import StrategyTable
from game.core.strategies.optimal import make_think
from game.core.strategies.walk import walk
from tools.optimal_search import (
    INFINITE_COST,
    Search,
    build_space,
    child_symmetry,
    first_guess_symmetry,
)

MAX_TURNS = 30  # a book game is played out to this many guesses (none comes near)


def book_moves(config: GameConfig, book: StrategyTable, grade, codes: np.ndarray) -> dict:
    """Every position the book (entropy below it) reaches over `codes`, the cell of `grade`."""
    first = book.moves[()]
    secrets = encode(codes, config.colours)
    order = np.argsort(secrets)
    games = walk(
        config, make_think([book]), secrets[order], 0, MAX_TURNS, root=((first, grade),), complete=True
    )
    moves = {}
    for game in games:
        if not game.solved:
            raise ValueError(f"the book does not find {code_to_text(game.secret)}")
        for turn in range(1, len(game.guesses)):
            moves[tuple(game.feedback[:turn])] = tuple(game.guesses[turn])
    return moves


def cells_table(
    pegs: int, colours: int, duplicates: bool, book: StrategyTable, exact_up_to: int, command: str
) -> tuple[StrategyTable, dict]:
    """The table and a summary: cells of at most `exact_up_to` codes exact, larger ones the book's."""
    started, cpu_started = time.perf_counter(), time.process_time()
    config = GameConfig(pegs, colours, duplicates=duplicates)
    space = build_space(pegs, colours, duplicates)
    search = Search(space)
    first_code = tuple(book.moves[()])
    first = int(np.flatnonzero((space.codes == np.asarray(first_code)).all(axis=1))[0])
    symmetry = child_symmetry(space, first_guess_symmetry(space), first)
    grades = space.table[first]
    moves = {(): first_code}
    cells = []
    for grade_id in np.unique(grades).tolist():
        if grade_id == space.win:
            continue
        cands = np.flatnonzero(grades == grade_id)
        grade = space.grades[grade_id]
        if cands.shape[0] <= exact_up_to:
            search.solve(cands, search.depth_limit, INFINITE_COST, symmetry)
            moves.update(search.strategy_below((grade,), cands, search.depth_limit))
            how = "exact"
        else:
            moves.update(book_moves(config, book, grade, space.codes[cands]))
            how = "book"
        cells.append((grade, int(cands.shape[0]), how, grade_id))
    table = StrategyTable(pegs, colours, duplicates, moves)
    secrets = [tuple(c) for c in space.codes.tolist()]
    lengths = table.guess_counts(secrets)
    after_first = np.asarray(lengths) - 1  # each secret's guesses after the first, by its cell's grade
    cells = [(g, n, how, int(after_first[grades == gid].sum())) for g, n, how, gid in cells]
    total = sum(lengths)
    histogram = np.bincount(np.asarray(lengths)).tolist()[1:]
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    described = ", ".join(f"{g.black}{g.white} ({n}): {cost} {how}" for g, n, how, cost in cells)
    header = {
        "made by": "tools/optimal.py --book (cells exact up to a size, see tools/optimal_cells.py)",
        "objective": "fewest guesses in total over all secrets, the final correct guess included",
        "exact": f"every cell of the first guess of at most {exact_up_to} secrets; larger ones play the book",
        "book": book.header.get("command", "an unnamed book"),
        "cap": "none",
        "secrets": str(len(secrets)),
        "total": str(total),
        "mean": f"{total / len(secrets):.4f}",
        "worst": str(max(lengths)),
        "histogram": ",".join(map(str, histogram)) + " (games won in 1, 2, ... guesses)",
        "cells": described + " (grade (secrets): guesses after the first)",
        "search seconds": f"{seconds:.1f} wall, {cpu:.1f} cpu",
        "search nodes": str(search.nodes),
        "command": command,
    }
    summary = {
        "pegs": pegs,
        "colours": colours,
        "duplicates": duplicates,
        "secrets": len(secrets),
        "first_guess": code_to_text(first_code),
        "total": total,
        "mean": round(total / len(secrets), 4),
        "worst": max(lengths),
        "histogram": histogram,
        "cells": [[f"{g.black}{g.white}", n, how, cost] for g, n, how, cost in cells],
        "nodes": search.nodes,
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu, 2),
    }
    return StrategyTable(pegs, colours, duplicates, moves, header), summary
