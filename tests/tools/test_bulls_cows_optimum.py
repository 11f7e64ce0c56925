"""The shipped exact table of 4-digit Bulls and Cows (optimal_4x10_nodup.txt, made by tools/optimal.py):
every secret played from it and graded by tools/regrade.py's own few lines, and the game's `optimal`
strategy sweeping every secret through it, its trace regraded with no error. Its total is the
published least total, 26,274 guesses over the 5,040 secrets, below the opening book's it replaces."""

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

from game.core.config import GameConfig
from game.core.optimal import parse_table
from game.core.variants.bullscows import BullsAndCowsVariant
from game.tables import TABLES_DIR, table_for

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.regrade import grade  # noqa: E402  (a grader that shares no code with game/)

TABLE = TABLES_DIR / "optimal_4x10_nodup.txt"
BOOK = TABLES_DIR / "book_4x10_nodup.txt"
# Koyama and Lai's objective for Bulls and Cows, as published (Tanaka; Slovesnov): the least total.
PUBLISHED_LEAST_TOTAL = 26_274


def book_total() -> int:
    return int(parse_table(BOOK.read_bytes()).header["total"].split()[0])


def test_bulls_and_cows_4__the_table_solves_every_secret_in_the_published_least_total():
    table = parse_table(TABLE.read_bytes())
    lengths = []
    for secret in itertools.permutations(range(10), 4):
        path, guesses = (), 0
        while True:
            guess = table.moves[path]  # a position the table does not hold fails here
            assert len(set(guess)) == 4, guess  # every guess a legal code: four different digits
            guesses += 1
            black, white = grade(list(guess), list(secret))
            if black == 4:
                break
            path += ((black, white),)
            assert guesses < 10, secret  # within Classic's 10 turns
        lengths.append(guesses)
    assert len(lengths) == 5040 and sum(lengths) == PUBLISHED_LEAST_TOTAL < book_total()
    histogram = [lengths.count(n) for n in range(1, max(lengths) + 1)]
    assert table.header["histogram"].split()[0] == ",".join(map(str, histogram))
    assert (table.header["total"], table.header["worst"]) == (str(sum(lengths)), str(max(lengths)))


def test_bulls_and_cows_4__the_game_plays_the_table_and_its_sweep_regrades_with_no_error(tmp_path):
    config = GameConfig(variant=BullsAndCowsVariant(4))
    total = PUBLISHED_LEAST_TOTAL
    assert table_for(config) is not None and table_for(config).header["total"] == str(total)
    trace = tmp_path / "bc4.jsonl"

    def tool(*args):
        done = subprocess.run(
            [sys.executable, *args], capture_output=True, text=True, timeout=300, cwd=ROOT, check=False
        )
        return done.returncode, done.stdout, done.stderr

    sweep = ("--variant", "bulls-and-cows", "--strategy", "optimal", "--all", "--json", "--quiet")
    status, out, err = tool("tools/sweep.py", *sweep, "--trace", str(trace))
    assert status == 0, err
    assert json.loads(out)["total_guesses"] == total
    size = ("--pegs", "4", "--colours", "10", "--no-repeats")
    status, out, err = tool("tools/regrade.py", str(trace), *size, "--all")
    result = json.loads(out)
    assert status == 0 and result["errors"] == 0, (result, err)
    assert (result["games"], result["total_guesses"]) == (5040, total)


def test_bulls_and_cows_4__the_table_is_read_when_optimal_first_plays_a_4_digit_game_and_once(monkeypatch):
    import game.tables as tables
    from game.core.solver import run
    from game.core.strategies import STRATEGIES

    read = []
    real = tables.parse_table

    def spy(text):
        table = real(text)
        read.append((table.pegs, table.colours, table.duplicates))
        return table

    monkeypatch.setattr(tables, "parse_table", spy)
    tables.cached_stem_table.cache_clear()
    think = tables.bind(STRATEGIES["optimal"]).think
    rng = random.Random(0)
    run(think(GameConfig(4, 6), (), rng))  # another size reads its own table only
    assert (4, 10, False) not in read
    config = GameConfig(variant=BullsAndCowsVariant(4))
    first = run(think(config, (), rng))
    second = run(think(config, ((first, config.variant.score(first, (3, 2, 1, 0))),), rng))
    assert read.count((4, 10, False)) == 1 and len(set(second)) == 4
    tables.cached_stem_table.cache_clear()
