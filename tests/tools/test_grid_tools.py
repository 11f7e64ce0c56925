"""tools/sweep.py and tools/optimal.py on the 2-D puzzle (--grid RxC)."""

from __future__ import annotations

import functools
import itertools
import json

from game.core.config import GameConfig
from game.core.grid import score_grid
from game.core.optimal import parse_table
from game.core.state import Guess, Outcome, apply_move, new_game
from game.core.variants import GridVariant
from tools import optimal, sweep


def test_sweep_grid__games_of_the_trace_replay_move_by_move_to_the_totals(tmp_path, capsys):
    trace = tmp_path / "games.jsonl"
    argv = ["--grid", "2x2", "--colours", "4", "--strategy", "knuth", "--all", "--json", "--quiet"]
    assert sweep.main([*argv, "--trace", str(trace)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["grid"], result["games"], result["failures"]) == ("2x2", 256, 0)
    config = GameConfig(variant=GridVariant(2, 2), colours=4)
    lengths = []
    for line in trace.read_text().splitlines():
        game = json.loads(line)
        state = new_game(config, tuple(game["secret"]))
        for guess, feedback in zip(game["guesses"], game["feedback"], strict=True):
            state = apply_move(state, Guess(tuple(guess)))
            assert list(state.rows[-1].feedback) == feedback and len(feedback) == 3
        assert state.outcome is Outcome.WON
        lengths.append(len(game["guesses"]))
    assert sum(lengths) == result["total_guesses"] and max(lengths) == result["max"]


def test_sweep_grid__refuses_a_grid_it_does_not_offer_in_one_line(capsys):
    assert sweep.main(["--grid", "4x4", "--colours", "3"]) == 2
    assert "at most 12 cells" in capsys.readouterr().err


def brute_force_total(rows: int, cols: int, colours: int) -> int:
    """The least total guesses over all secrets, by trying every guess at every position (no symmetry)."""
    codes = list(itertools.product(range(colours), repeat=rows * cols))

    @functools.cache
    def cost(possible: frozenset) -> int:
        if len(possible) == 1:
            return 1
        best = None
        for guess in codes:
            parts: dict = {}
            for secret in possible:
                parts.setdefault(score_grid(guess, secret, rows, cols), []).append(secret)
            if len(parts) == 1 and guess not in possible:
                continue  # learns nothing
            total = len(possible) + sum(
                cost(frozenset(part)) for grade, part in parts.items() if grade.black != rows * cols
            )
            best = total if best is None else min(best, total)
        return best

    return cost(frozenset(codes))


def test_optimal_grid__total_equals_a_brute_force_search_without_symmetry_at_2x2x2(tmp_path, capsys):
    out = tmp_path / "table.txt"
    assert optimal.main(["--grid", "2x2", "--colours", "2", "--out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[0])
    assert summary["total"] == brute_force_total(2, 2, 2)
    table = parse_table(out.read_text())
    assert table.variant.shape == (2, 2)
    secrets = list(itertools.product(range(2), repeat=4))
    assert sum(table.guess_counts(secrets)) == summary["total"]


def test_optimal_grid__refuses_grids_with_too_many_grades(capsys):
    assert optimal.main(["--grid", "3x4", "--colours", "2"]) == 2
    assert "grades" in capsys.readouterr().err
