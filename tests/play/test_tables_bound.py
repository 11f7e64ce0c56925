"""The runs play the strategy they are given: bound to the shipped optimal tables by game.tables.bind."""

import random

from game.core import strategies
from game.core.codes import score
from game.core.config import GameConfig
from game.core.solver import run
from game.play.computer import ComputerRun
from game.play.handgrade import HandGradeRun
from game.play.record import GameRecord
from game.tables import bind, load_table


def test_computer_run__optimal_strategy_plays_the_shipped_table():
    config = GameConfig(4, 6)
    secret = (5, 4, 3, 2)
    table = load_table(4, 6)
    computer = ComputerRun(GameRecord.new(config, secret), bind(strategies.get("optimal")), random.Random(1))
    history = []
    while not history or history[-1][0] != secret:
        guess = run(computer.info.think(config, tuple(history), random.Random(1)))
        assert guess == table.next_guess(history)
        history.append((guess, score(guess, secret)))
    assert len(history) == len(table.play(secret))


def test_hand_grade_run__optimal_strategy_plays_the_shipped_table():
    config = GameConfig(4, 6)
    hand = HandGradeRun(config, bind(strategies.get("optimal")), random.Random(2))
    first = run(hand.info.think(config, (), random.Random(2)))
    assert first == load_table(4, 6).moves[()]
