"""Grid games end to end in the core: moves and saves, hand grades, every strategy, analysis."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.core.analysis import check_grade
from game.core.codes import index_code
from game.core.config import GameConfig
from game.core.grid import GridFeedback, score_grid
from game.core.postgame import analyse
from game.core.solver import NoCodeLeft, is_consistent, run
from game.core.space import consistent_indices, count_consistent, legal_count, partition_over_space
from game.core.state import (
    Guess,
    MoveError,
    Outcome,
    Reveal,
    apply_move,
    move_from_text,
    move_to_text,
    new_game,
    replay,
)
from game.core.strategies import STRATEGIES, get
from game.core.strategies.walk import walk
from game.core.variants import GridVariant
from game.tables import bind

GRID_2X2X6 = GameConfig(variant=GridVariant(2, 2), colours=6)


def every_code(config: GameConfig) -> list[tuple[int, ...]]:
    codes = (index_code(i, config.pegs, config.colours) for i in range(config.colours**config.pegs))
    return [c for c in codes if config.is_legal(c)]


def test_grid_moves__text_forms_round_trip_with_three_numbers():
    for move in (Guess((0, 1, 2, 3)), Guess((0, 1, 2, 3), GridFeedback(1, 2, 0)), Reveal()):
        assert move_from_text(move_to_text(move)) == move
    assert move_to_text(Guess((0, 1, 2, 3), GridFeedback(1, 2, 0))) == "g0123=1,2,0"


def test_grid_game__is_graded_by_the_grid_rule_and_replays_from_its_moves():
    config = GameConfig(variant=GridVariant(2, 3), colours=4)
    secret = (0, 1, 2, 3, 0, 1)
    state = new_game(config, secret)
    for guess in [(0, 0, 0, 1, 1, 1), (1, 0, 2, 3, 1, 0), secret]:
        state = apply_move(state, Guess(guess))
        assert state.rows[-1].feedback == score_grid(guess, secret, 2, 3)
    assert state.outcome is Outcome.WON and state.rows[-1].feedback == GridFeedback(6, 0, 0)
    again = replay(config, secret, [move_to_text(Guess(row.guess)) for row in state.rows])
    assert again == state


def test_grid_hand_grades__must_be_grid_grades_a_game_can_give():
    state = new_game(GRID_2X2X6, None)
    state = apply_move(state, Guess((0, 0, 1, 1), GridFeedback(1, 1, 0)))
    assert state.rows[0].feedback == GridFeedback(1, 1, 0)
    with pytest.raises(MoveError, match="3 numbers"):
        apply_move(state, move_from_text("g0011=1,1"))
    with pytest.raises(MoveError, match="last peg would be black"):
        apply_move(state, Guess((0, 1, 2, 3), GridFeedback(3, 1, 0)))
    with pytest.raises(MoveError, match="at most 4 pegs"):
        apply_move(state, Guess((0, 1, 2, 3), GridFeedback(2, 2, 1)))


def test_grid_consistent_codes__equal_the_scalar_reference_after_three_grades():
    config = GameConfig(variant=GridVariant(2, 3), colours=3)
    secret = (2, 0, 1, 1, 2, 0)
    history = [
        (g, score_grid(g, secret, 2, 3)) for g in [(0, 0, 1, 1, 2, 2), (0, 1, 2, 0, 1, 2), (2, 2, 0, 0, 1, 1)]
    ]
    expected = [c for c in every_code(config) if is_consistent(c, history, config.variant)]
    for depth in (1, 2, 3):  # parents first, as a game asks, then the child narrows the parent
        count_consistent(config, history[:depth])
    found = [index_code(int(i), 6, 3) for i in consistent_indices(config, history)]
    assert found == expected and secret in found
    parts = partition_over_space(config, history[0][0])
    assert parts.sum() == legal_count(config) and parts[config.variant.pack(history[0][1])] > 0


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy__solves_every_2x2x6_grid_secret_within_the_limit(name):
    think = bind(get(name)).think
    games = walk(GRID_2X2X6, think, np.arange(legal_count(GRID_2X2X6)), seed=3, max_turns=GRID_2X2X6.turns)
    assert all(game.solved for game in games)
    assert max(len(game.guesses) for game in games) <= GRID_2X2X6.turns
    for game in games[::97]:  # the grades the strategy saw are the grid's
        assert all(
            fb == score_grid(g, game.secret, 2, 2) for g, fb in zip(game.guesses, game.feedback, strict=True)
        )


@pytest.mark.parametrize(
    ("grid", "colours", "duplicates"),
    [
        ((2, 2), 2, True),
        ((2, 2), 4, True),
        ((2, 2), 6, False),
        ((2, 3), 3, True),
        ((3, 3), 2, True),
        ((3, 4), 2, True),
    ],
)
def test_lowest__solves_every_grid_secret_within_the_turn_limit(grid, colours, duplicates):
    config = GameConfig(variant=GridVariant(*grid), colours=colours, duplicates=duplicates)
    secrets = [i for i in range(colours**config.pegs) if config.is_legal(index_code(i, config.pegs, colours))]
    games = walk(config, get("lowest").think, np.array(secrets), max_turns=config.turns)
    assert all(game.solved for game in games)


def test_grid_strategies__raise_no_code_left_on_contradictory_hand_grades():
    history = [((0, 0, 1, 1), GridFeedback(4, 0, 0)), ((0, 1, 2, 3), GridFeedback(4, 0, 0))]
    with pytest.raises(NoCodeLeft):
        run(get("knuth").think(GRID_2X2X6, history, random.Random(1)))
    check = check_grade(GRID_2X2X6, history[:1], *history[1])
    assert check.possible == 0 and check.conflict.rows == (0,)
    assert "graded 4 black, 0 grey, 0 white" in check.conflict.message


def test_grid_analysis__reports_each_row_with_grid_grades():
    config = GameConfig(variant=GridVariant(2, 2), colours=4)
    secret = (3, 1, 2, 0)
    history = []
    for guess in [(0, 0, 1, 1), (1, 2, 3, 0), secret]:
        history.append((guess, score_grid(guess, secret, 2, 2)))
    report = analyse(config, history, secret)
    assert [row.possible_before for row in report.rows][0] == 256
    assert report.rows[-1].possible_before >= 1 and report.rows[-1].could_win
    after = [c for c in every_code(config) if is_consistent(c, history[:1], config.variant)]
    assert report.rows[0].possible_after == len(after)


def test_optimal__plays_the_shipped_grid_table_and_beats_every_heuristic_at_2x2x4():
    config = GameConfig(variant=GridVariant(2, 2), colours=4)
    secrets = np.arange(legal_count(config))
    totals = {}
    for name in ("optimal", "entropy", "most-parts", "knuth"):
        games = walk(config, bind(get(name)).think, secrets, max_turns=config.turns)
        totals[name] = sum(len(game.guesses) for game in games)
    assert totals["optimal"] == 813  # the header of assets/strategies/optimal_grid_2x2x4.txt
    assert all(totals["optimal"] <= total for total in totals.values())
