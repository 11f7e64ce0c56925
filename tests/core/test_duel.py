"""Duels (game.core.duel): who wins, whose turn it is, and what the computer is allowed to see."""

from __future__ import annotations

import itertools
import random

import pytest

from game.core.codes import Feedback
from game.core.config import GameConfig
from game.core.duel import (
    DEFAULT_LEVEL,
    LEVELS,
    DuelError,
    DuelOutcome,
    DuelRules,
    Side,
    duel_outcome,
    level_named,
    opponent_strategy,
    opponent_think,
    side_to_move,
)
from game.core.solver import Progress, run
from game.core.state import GameState, Guess, apply_move, new_game
from game.core.strategies import STRATEGIES
from game.core.variants import GridVariant

RULES = DuelRules(GameConfig(4, 6))
TURNS = RULES.config.turns
MISS, HIT = Feedback(1, 2), Feedback(4, 0)


def reference(player_crack, computer_crack):
    """Play turn by turn, player first, as the rules are written; returns (outcome, rows each)."""
    for turn in range(1, TURNS + 1):
        p, c = player_crack == turn, computer_crack == turn
        if p and c:
            return DuelOutcome.DRAW, turn, turn
        if p:
            return DuelOutcome.PLAYER_WON, turn, turn
        if c:
            return DuelOutcome.COMPUTER_WON, turn, turn
    return DuelOutcome.NEITHER, TURNS, TURNS


def board(rows, crack):
    return [HIT if crack == i + 1 else MISS for i in range(rows)]


def test_duel_outcome__every_pair_of_crack_turns_against_the_written_rules():
    cracks = [None, *range(1, TURNS + 1)]
    for player_crack, computer_crack in itertools.product(cracks, cracks):
        expected, p_rows, c_rows = reference(player_crack, computer_crack)
        # Replay the duel move by move: undecided until the last move, then the expected outcome.
        moves = [Side.PLAYER, Side.COMPUTER] * p_rows
        for done in range(len(moves) + 1):
            p = board((done + 1) // 2, player_crack)
            c = board(done // 2, computer_crack)
            outcome = duel_outcome(RULES, p, c)
            if done < len(moves):
                assert outcome is DuelOutcome.PLAYING, (player_crack, computer_crack, done)
                assert side_to_move(RULES, p, c) is moves[done]
            else:
                assert outcome is expected, (player_crack, computer_crack)
                assert side_to_move(RULES, p, c) is None
        assert c_rows == p_rows


def test_duel_outcome__resigning_hands_an_undecided_duel_to_the_computer():
    assert duel_outcome(RULES, [MISS], [MISS], player_resigned=True) is DuelOutcome.COMPUTER_WON
    assert duel_outcome(RULES, [MISS, MISS], [MISS], player_resigned=True) is DuelOutcome.COMPUTER_WON
    # Once decided, resigning changes nothing.
    assert duel_outcome(RULES, [HIT], [MISS], player_resigned=True) is DuelOutcome.PLAYER_WON
    assert duel_outcome(RULES, [MISS], [HIT], player_resigned=True) is DuelOutcome.COMPUTER_WON


def test_duel_outcome__refuses_positions_that_cannot_happen():
    impossible = [
        ([], [MISS]),  # the computer moved first
        ([MISS], [MISS, MISS]),
        ([MISS, MISS, MISS], [MISS]),  # the player two moves ahead
        ([HIT, MISS], [MISS, MISS]),  # a row after a crack
        ([MISS, MISS], [HIT]),  # the player moved after the computer won
        ([MISS] * (TURNS + 1), [MISS] * TURNS),
        ([Feedback(3, 2)], []),
        ([Feedback(-1, 0)], []),
    ]
    for player, computer in impossible:
        with pytest.raises(DuelError):
            duel_outcome(RULES, player, computer)


def recording_strategy(calls, guess):
    def think(config, history, rng):
        calls.append((config, history, rng))
        yield Progress(0, 1, "thinking")
        return guess

    return think


def contains(value, target):
    if value == target and type(value) is type(target):
        return True
    if isinstance(value, tuple | list):
        return any(contains(v, target) for v in value)
    return False


def test_opponent_think__hands_the_strategy_only_its_own_rows():
    secret = (5, 5, 4, 4)
    config = RULES.config
    player = new_game(config, secret)
    computer = new_game(config, secret)
    for code in [(5, 5, 0, 0), (5, 5, 4, 1)]:  # the player is close
        player = apply_move(player, Guess(code))
    for code in [(0, 1, 2, 3), (1, 1, 2, 2)]:
        computer = apply_move(computer, Guess(code))
    calls = []
    rng = random.Random(9)
    gen = opponent_think(recording_strategy(calls, (3, 3, 3, 3)), computer, rng)
    assert run(gen) == (3, 3, 3, 3)
    assert len(calls) == 1
    config_seen, history_seen, rng_seen = calls[0]
    assert config_seen == config and rng_seen is rng
    assert history_seen == (((0, 1, 2, 3), Feedback(0, 0)), ((1, 1, 2, 2), Feedback(0, 0)))
    assert isinstance(history_seen, tuple) and all(type(g) is tuple for g, _ in history_seen)
    assert all(type(fb) is Feedback for _, fb in history_seen)
    seen = (config_seen, history_seen)
    assert not contains(seen, secret), "the secret reached the strategy"
    assert not any(contains(seen, row.guess) for row in player.rows), "the player's rows reached it"
    assert not any(isinstance(x, GameState) for x in (config_seen, history_seen, rng_seen))


def test_opponent_think__refuses_a_finished_board():
    board = apply_move(new_game(RULES.config, (1, 2, 3, 4)), Guess((1, 2, 3, 4)))
    with pytest.raises(DuelError):
        opponent_think(recording_strategy([], (0, 0, 0, 0)), board, random.Random(1))


def play_duel(rules, secret, player_guesses, seed):
    """A whole duel: scripted player guesses, the computer through opponent_think, outcome each move."""
    info = opponent_strategy(rules.level)
    player, computer = new_game(rules.config, secret), new_game(rules.config, secret)
    rng = random.Random(seed)
    guesses = iter(player_guesses)
    while (side := side_to_move(rules, grades_of(player), grades_of(computer))) is not None:
        if side is Side.PLAYER:
            player = apply_move(player, Guess(next(guesses)))
        else:
            computer = apply_move(computer, Guess(run(opponent_think(info.think, computer, rng))))
    return duel_outcome(rules, grades_of(player), grades_of(computer)), player, computer


def grades_of(state):
    return [row.feedback for row in state.rows]


def test_duel__real_opponents_win_lose_and_draw_by_crack_turns():
    rng = random.Random(4)
    config = RULES.config
    for level in LEVELS:
        rules = DuelRules(config, level)
        for _ in range(8):
            secret = tuple(rng.randrange(6) for _ in range(4))
            wrong = (0, 0, 0, 0) if secret != (0, 0, 0, 0) else (1, 1, 1, 1)
            # Against a player who never cracks it: how many guesses does the computer need?
            _, _, solo = play_duel(rules, secret, [wrong] * TURNS, 3)
            assert solo.outcome.value == "won", level.name
            needed = len(solo.rows)
            for crack_at, expected in [
                (needed - 1, DuelOutcome.PLAYER_WON),
                (needed, DuelOutcome.DRAW),
                (needed + 1, DuelOutcome.COMPUTER_WON),
            ]:
                if crack_at < 1:
                    continue
                script = [wrong] * (crack_at - 1) + [secret]
                outcome, player, computer = play_duel(rules, secret, script, 3)
                assert outcome is expected, (level.name, secret, crack_at)
                assert len(computer.rows) == min(needed, len(player.rows))


def test_levels__name_registered_strategies_from_weak_to_strong():
    assert [level.name for level in LEVELS] == ["Rookie", "Player", "Expert", "Master"]
    assert [level.strategy for level in LEVELS] == ["lowest", "random", "knuth", "optimal"]
    for level in LEVELS:
        assert level.strategy in STRATEGIES
        assert opponent_strategy(level).name == level.strategy
        assert level_named(level.name.upper()) is level
    assert DuelRules().level.name == DEFAULT_LEVEL
    with pytest.raises(DuelError):
        level_named("Grandmaster")
    # Rookie really is weaker than Master: mean guesses over the same 40 secrets and seeds.
    config = RULES.config
    rng = random.Random(11)
    secrets = [tuple(rng.randrange(6) for _ in range(4)) for _ in range(40)]

    def mean_guesses(level):
        info = opponent_strategy(level)
        total = 0
        for i, secret in enumerate(secrets):
            state = new_game(config, secret)
            while not state.over:
                state = apply_move(state, Guess(run(opponent_think(info.think, state, random.Random(i)))))
            assert state.outcome.value == "won"
            total += len(state.rows)
        return total / len(secrets)

    assert mean_guesses(LEVELS[0]) > mean_guesses(LEVELS[-1])


def test_duel_rules__a_duel_is_a_row_of_pegs_with_a_known_level():
    with pytest.raises(DuelError):
        DuelRules(GameConfig(variant=GridVariant(2, 2), colours=4))
    with pytest.raises(DuelError):
        DuelRules(RULES.config, "Expert")
    assert DuelRules(GameConfig(5, 8), level_named("Rookie")).config.turns == 13
