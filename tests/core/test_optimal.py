"""Strategy tables (game.core.optimal), the shipped tables, and the `optimal` strategy."""

import itertools
import random

import pytest

from game.core.codes import Feedback, score
from game.core.config import GameConfig
from game.core.optimal import StrategyTable, TableError, format_table, parse_table
from game.core.solver import StrategyInfo, run
from game.core.strategies import optimal as optimal_strategy
from game.tables import TABLES_DIR, bind, load_table, load_tables

ALL_4X6 = list(itertools.product(range(6), repeat=4))


def play_out(think, config, secret, seed=0, max_guesses=20):
    """Guesses a strategy needs for `secret`; it sees only the history."""
    rng = random.Random(seed)
    history = []
    while len(history) < max_guesses:
        guess = run(think(config, tuple(history), rng))
        history.append((guess, score(guess, secret)))
        if guess == secret:
            return len(history)
    raise AssertionError(f"no win in {max_guesses} guesses for {secret}")


TINY = """# pegs: 2
# colours: 2
# duplicates: yes
# total: 6
: 01
00: 10
"""


def test_parse_table__reads_positions_and_header():
    table = parse_table(TINY.encode())
    assert (table.pegs, table.colours, table.duplicates) == (2, 2, True)
    assert table.moves == {(): (0, 1), (Feedback(0, 0),): (1, 0)}
    assert table.header["total"] == "6"


def test_format_table__round_trips_through_parse():
    table = parse_table(TINY)
    again = parse_table(format_table(table))
    assert again == table
    shipped = load_table(4, 6)
    assert parse_table(format_table(shipped)) == shipped


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("# pegs: 2\n# colours: 2\n00: 10\n", "comes before its parent"),
        ("# pegs: 2\n# colours: 2\n: 01\n0: 10\n", "two digits"),
        ("# pegs: 2\n# colours: 2\n: 01\n\u00b20: 10\n", "two digits"),  # "²" is a digit to isdigit()
        ("# pegs: 2\n# colours: 2\n: 01\n11: 10\n", "not a grade"),
        ("# pegs: 2\n# colours: 2\n: 012\n", "2 pegs"),
        ("# pegs: 2\n# colours: 2\n: 03\n", "colours here are 0-1"),
        ("# pegs: 2\n# colours: 2\n: 01\n: 10\n", "twice"),
        ("# pegs: 2\n# colours: 2\n00: 10\n", "parent"),
        ("# pegs: 2\n# colours: 2\n", "no first guess"),
        ("# colours: 2\n: 01\n", "header"),
        ("# pegs: 2\n# colours: 2\n# duplicates: no\n: 00\n", "repeats a colour"),
        ("# pegs: 2\n# colours: 2\n: 01\n00 10\n", "expected 'grades: guess'"),
    ],
)
def test_parse_table__bad_text_raises_a_table_error_naming_the_problem(text, words):
    with pytest.raises(TableError, match=words):
        parse_table(text)


def test_next_guess__follows_the_table_and_leaves_it_when_the_history_does():
    table = load_table(4, 6)
    first = table.next_guess(())
    assert first == (0, 0, 1, 2)
    grade = Feedback(1, 1)
    assert table.next_guess(((first, grade),)) == table.moves[(grade,)]
    assert table.next_guess((((0, 0, 1, 1), grade),)) is None  # not the table's first guess


def walk(table):
    counts = table.guess_counts(ALL_4X6)
    return sum(counts), max(counts)


def test_shipped_table_4x6__plays_every_secret_in_5625_guesses_worst_6():
    table = load_table(4, 6)
    assert walk(table) == (5625, 6)
    assert (table.header["total"], table.header["worst"], table.header["cap"]) == ("5625", "6", "none")


def test_shipped_table_4x6_cap5__plays_every_secret_in_5626_guesses_worst_5():
    table = load_table(4, 6, cap=5)
    assert walk(table) == (5626, 5)
    assert (table.header["total"], table.header["worst"]) == ("5626", "5")


def test_shipped_tables__every_file_walks_to_the_total_its_header_claims():
    names = sorted(p.name for p in TABLES_DIR.glob("optimal_*.txt"))
    assert "optimal_4x6.txt" in names and "optimal_4x6_cap5.txt" in names
    for name in names:
        table = parse_table((TABLES_DIR / name).read_bytes())
        secrets = [
            c
            for c in itertools.product(range(table.colours), repeat=table.pegs)
            if table.duplicates or len(set(c)) == table.pegs
        ]
        counts = table.guess_counts(secrets)
        assert (sum(counts), max(counts)) == (int(table.header["total"]), int(table.header["worst"])), name
        assert int(table.header["secrets"]) == len(secrets)


def test_optimal_strategy__played_through_run_over_every_4x6_secret_totals_5625():
    think = optimal_strategy.make_think(load_tables())
    config = GameConfig(4, 6)
    counts = [play_out(think, config, secret) for secret in ALL_4X6]
    assert (sum(counts), max(counts)) == (5625, 6)


def test_optimal_strategy__reports_codes_still_possible():
    table = load_table(4, 6)
    config = GameConfig(4, 6)
    history = (((0, 0, 1, 2), Feedback(0, 0)),)
    gen = optimal_strategy.think(config, history, random.Random(1), table)
    notes = []
    while True:
        try:
            notes.append(next(gen))
        except StopIteration as stop:
            guess = stop.value
            break
    assert guess == table.moves[(Feedback(0, 0),)]
    brute = sum(all(score(g, c) == f for g, f in history) for c in ALL_4X6)
    assert notes[-1].possible == brute == 81


def test_optimal_strategy__without_a_fitting_table_plays_the_strongest_heuristic():
    from game.core.strategies import STRONGEST, get

    config = GameConfig(3, 4)
    history = (((0, 0, 1), Feedback(1, 0)),)
    expected = run(get(STRONGEST).think(config, history, random.Random(5)))
    assert run(optimal_strategy.think(config, history, random.Random(5), load_table(4, 6))) == expected
    assert run(optimal_strategy.think(config, history, random.Random(5))) == expected


def test_optimal_strategy__fallback_is_the_registrys_strongest_on_every_first_grade_at_4x5():
    from game.core.strategies import STRATEGIES, STRONGEST

    assert optimal_strategy.FALLBACK == STRONGEST
    config = GameConfig(4, 5)
    first = (0, 0, 1, 2)
    for secret in itertools.islice(itertools.product(range(5), repeat=4), 0, 625, 37):
        history = ((first, score(first, secret)),)
        expected = run(STRATEGIES[STRONGEST].think(config, history, random.Random(1)))
        assert run(optimal_strategy.FALLBACK_THINK(config, history, random.Random(1))) == expected


def test_optimal_strategy__off_the_table_mid_game_still_wins():
    think = optimal_strategy.make_think(load_tables())
    config = GameConfig(4, 6)
    rng = random.Random(3)
    for secret in rng.sample(ALL_4X6, 20):
        history = [((5, 5, 4, 4), score((5, 5, 4, 4), secret))]  # the player's own opening
        while history[-1][0] != secret:
            guess = run(think(config, tuple(history), rng))
            history.append((guess, score(guess, secret)))
            assert len(history) <= 10


def test_bind__gives_the_optimal_entry_the_shipped_tables_and_leaves_others_alone():
    plain = StrategyInfo("optimal", "Optimal", "x", optimal_strategy.think)
    bound = bind(plain)
    assert bound.name == "optimal" and bound.think is not plain.think
    assert play_out(bound.think, GameConfig(4, 6), (5, 4, 3, 2)) == len(load_table(4, 6).play((5, 4, 3, 2)))
    other = StrategyInfo("lowest", "Lowest", "y", optimal_strategy.think)
    assert bind(other) is other


def test_strategy_table__is_immutable():
    table = parse_table(TINY)
    with pytest.raises(TypeError):
        table.moves[()] = (1, 1)
    assert isinstance(table, StrategyTable)
