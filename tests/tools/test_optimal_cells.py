"""tools/optimal.py --book --exact-up-to (tools/optimal_cells.py): the first guess's small cells are
solved exactly, the large ones open with the book's move and never play more guesses than the game's
own play of the book there, and the table plays every secret alone."""

import itertools

import numpy as np

from game.core.codes import Feedback, encode
from game.core.config import GameConfig
from game.core.optimal import parse_table
from game.core.strategies.optimal import make_think
from game.core.strategies.walk import walk
from tests.tools.test_book import run_book
from tools.optimal import main
from tools.optimal_search import INFINITE_COST, Search, build_space, child_symmetry, first_guess_symmetry


def test_cells__small_cells_exact_large_ones_the_books_and_the_table_plays_alone(tmp_path, capsys):
    size = ["--pegs", "4", "--colours", "6", "--no-duplicates"]
    book_path, out = tmp_path / "book.txt", tmp_path / "cells.txt"
    run_book(["tools/book.py", *size, "--candidates", "1", "--out", str(book_path)])
    book = parse_table(book_path.read_bytes())
    assert main([*size, "--book", str(book_path), "--exact-up-to", "30", "--out", str(out)]) == 0
    table = parse_table(out.read_bytes())
    secrets = list(itertools.permutations(range(6), 4))
    config = GameConfig(4, 6, duplicates=False)
    by_book = walk(config, make_think([book]), encode(np.asarray(secrets), 6), 0, 30)
    space = build_space(4, 6, False)
    search = Search(space)
    first = int(np.flatnonzero((space.codes == np.asarray(book.moves[()])).all(axis=1))[0])
    symmetry = child_symmetry(space, first_guess_symmetry(space), first)
    lengths = table.guess_counts(secrets)  # every secret from the table alone
    exact_cells = book_cells = 0
    for grade_id in range(space.win):
        members = np.flatnonzero(space.table[first] == grade_id)
        if not members.size:
            continue
        played = sum(lengths[m] - 1 for m in members.tolist())
        if members.size <= 30:
            assert played == search.solve(members, search.depth_limit, INFINITE_COST, symmetry)
            exact_cells += 1
        else:  # the book's move, then exact wherever 30 codes or fewer are left: never worse
            assert played <= sum(len(by_book[m].guesses) - 1 for m in members.tolist())
            grade = by_book[members[0]].feedback[0]
            assert grade == Feedback(*space.grades[grade_id])
            assert table.moves[(grade,)] == book.moves[(grade,)]
            book_cells += 1
    assert exact_cells and book_cells
    assert table.header["total"] == str(sum(lengths))
