"""Computer players pick up the shipped optimal tables (game.tables.bind in ComputerRun, HandGradeRun)."""

import random

from game.core.codes import score
from game.core.config import GameConfig
from game.core.solver import run
from game.core.state import new_game
from game.tables import load_table
from game.ui.computer import ComputerRun


def test_computer_run__optimal_strategy_plays_the_shipped_table():
    config = GameConfig(4, 6)
    secret = (5, 4, 3, 2)
    table = load_table(4, 6)
    computer = ComputerRun(new_game(config, secret), "optimal", random.Random(1))
    history = []
    while not history or history[-1][0] != secret:
        guess = run(computer.info.think(config, tuple(history), random.Random(1)))
        assert guess == table.next_guess(history)
        history.append((guess, score(guess, secret)))
    assert len(history) == len(table.play(secret))


def test_hand_grade_run__optimal_strategy_plays_the_shipped_table():
    from game.ui.handgrading import HandGradeRun

    config = GameConfig(4, 6)
    hand = HandGradeRun(config, "optimal", random.Random(2))
    first = run(hand.info.think(config, (), random.Random(2)))
    assert first == load_table(4, 6).moves[()]
