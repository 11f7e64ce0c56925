"""A strategy table exact up to a size: tools/optimal.py --book BOOK --exact-up-to N.

Where the whole exact search is out of reach, the positions below a few guesses still are: every
position of at most N codes still possible is solved exactly (tools/optimal_search.Search, with the
symmetry that fixes the guesses played so far), and every larger one plays BOOK's move there, or
entropy's where the book has none, as the game's `optimal` strategy plays a book (node rngs of seed
0, as tools/sweep.py seeds them). The table holds every position it reaches, so it plays alone; its
header gives each cell of the first guess (the codes one grade of it leaves) and its guesses.
"""

from __future__ import annotations

import time

import numpy as np

from game.core.codes import code_to_text
from game.core.config import GameConfig
from game.core.optimal import StrategyTable
from game.core.solver import run
from game.core.strategies.optimal import make_think
from game.core.strategies.walk import node_rng
from tools.optimal_search import (
    INFINITE_COST,
    Search,
    build_space,
    child_symmetry,
    first_guess_symmetry,
)


def cells_table(
    pegs: int, colours: int, duplicates: bool, book: StrategyTable, exact_up_to: int, command: str
) -> tuple[StrategyTable, dict]:
    """The table and a summary: every position of at most `exact_up_to` codes solved exactly, every
    larger one playing the book's move (entropy's where the book has none)."""
    started, cpu_started = time.perf_counter(), time.process_time()
    config = GameConfig(pegs, colours, duplicates=duplicates)
    space = build_space(pegs, colours, duplicates)
    search = Search(space)
    think = make_think([book])
    index_of = {tuple(code): i for i, code in enumerate(space.codes.tolist())}
    moves: dict = {}

    def fill(path: tuple, history: tuple, cands: np.ndarray, symmetry) -> None:
        if cands.shape[0] <= exact_up_to:
            search.solve(cands, search.depth_limit, INFINITE_COST, symmetry)
            moves.update(search.strategy_below(path, cands, search.depth_limit))
            return
        played = tuple(run(think(config, history, node_rng(0, history))))  # as the game plays it
        moves[path] = played
        guess = index_of[played]
        below = child_symmetry(space, symmetry, guess)
        grades = space.table[guess, cands]
        for grade_id in np.unique(grades).tolist():
            if grade_id != space.win:
                grade = space.grades[grade_id]
                fill(path + (grade,), history + ((played, grade),), cands[grades == grade_id], below)

    fill((), (), search.all_guesses.copy(), first_guess_symmetry(space))
    first_code = moves[()]
    grades = space.table[index_of[first_code]]
    cells = [
        (space.grades[gid], int((grades == gid).sum()), gid)
        for gid in np.unique(grades).tolist()
        if gid != space.win
    ]
    cells = [(g, n, "exact" if n <= exact_up_to else "book above", gid) for g, n, gid in cells]
    table = StrategyTable(pegs, colours, duplicates, moves)
    secrets = [tuple(c) for c in space.codes.tolist()]
    lengths = table.guess_counts(secrets)
    after_first = np.asarray(lengths) - 1  # each secret's guesses after the first, by its cell's grade
    cells = [(g, n, how, int(after_first[grades == gid].sum())) for g, n, how, gid in cells]
    total = sum(lengths)
    histogram = np.bincount(np.asarray(lengths)).tolist()[1:]
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    described = ", ".join(f"{g.black}{g.white} ({n}): {cost} {how}" for g, n, how, cost in cells)
    described += f" (grade (secrets): guesses after the first; book: its moves above {exact_up_to} codes)"
    header = {
        "made by": "tools/optimal.py --book (cells exact up to a size, see tools/optimal_cells.py)",
        "objective": "fewest guesses in total over all secrets, the final correct guess included",
        "exact": f"every position of at most {exact_up_to} secrets; larger ones play the book's move",
        "book": book.header.get("command", "an unnamed book"),
        "cap": "none",
        "secrets": str(len(secrets)),
        "total": str(total),
        "mean": f"{total / len(secrets):.4f}",
        "worst": str(max(lengths)),
        "histogram": ",".join(map(str, histogram)) + " (games won in 1, 2, ... guesses)",
        "cells": described,
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
