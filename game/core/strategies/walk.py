"""Play one strategy against many secrets at once by walking its decision tree.

A strategy's guess depends only on the history (and on its rng). Seeding the rng from (seed,
history) makes each guess a function of the history alone, so all secrets that share a history share
the guess: the walk calls the strategy once per tree node, grades the guess against every secret at
that node and splits them by grade. The strategy still sees only histories, never a secret.

node_rng(seed, history) is the rng a node gets; a game played one turn at a time with the same rule
gives the same guesses as the walk.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np

from ..codes import Code, Feedback, code_index, code_to_text, colour_counts, decode
from ..config import GameConfig
from ..headtail import sorted_unique
from ..solver import History, Progress, Think, run
from ..space import grades_between, has_table, score_table, small_space


@dataclass(frozen=True)
class Game:
    """One secret's game: the guesses and their grades; solved if the last grade is all black."""

    secret: Code
    guesses: tuple[Code, ...]
    feedback: tuple[Feedback, ...]
    solved: bool


def node_rng(seed: int, history: History) -> random.Random:
    """The rng a strategy gets at this history: a function of the seed and the history only."""
    text = ";".join(f"{code_to_text(guess)}={','.join(map(str, fb))}" for guess, fb in history)
    return random.Random(f"{seed}|{text}")


Runner = Callable[[Generator[Progress, None, Code]], Code]


def walk(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    seed: int = 0,
    max_turns: int = 30,
    runner: Runner = run,
    on_node: Callable[[int, int], None] | None = None,
) -> list[Game]:
    """Play `think` against every secret (code indices); games come back in the order of `secrets`.

    runner(generator) -> guess pumps each strategy call (tools pass one that times the yields);
    on_node(finished_games, total_games) is called after every tree node.
    """
    secrets = np.asarray(secrets, dtype=np.int64)
    codes = decode(secrets, config.pegs, config.colours)
    counts = colour_counts(codes, config.colours)
    variant = config.variant
    win = variant.win
    table = space = positions = None
    if has_table(config):  # small games: look grades up instead of computing them
        space = small_space(config.pegs, config.colours, config.duplicates)
        table = score_table(config.pegs, config.colours, config.duplicates, config.grid)
        positions = space.positions(secrets)
    games: dict[int, Game] = {}
    stack: list[tuple[tuple[tuple[Code, Feedback], ...], np.ndarray]] = [((), np.arange(secrets.shape[0]))]
    while stack:
        history, members = stack.pop()
        guess = tuple(int(p) for p in runner(think(config, history, node_rng(seed, history))))
        if table is not None and config.is_legal(guess):
            row = space.positions(np.array([code_index(guess, config.colours)]))[0]
            grades = table[row, positions[members]]
        else:
            g = np.asarray([guess], dtype=np.uint8)
            g_counts = colour_counts(g, config.colours)
            grades = grades_between(g, g_counts, codes[members], counts[members], config.grid)[0]
        for grade in sorted_unique(grades)[::-1]:
            part = members[grades == grade]
            child = history + ((guess, variant.unpack(int(grade))),)
            if grade == win or len(child) >= max_turns:
                for member in part:
                    secret = tuple(int(p) for p in codes[member])
                    games[int(member)] = Game(
                        secret, tuple(h[0] for h in child), tuple(h[1] for h in child), grade == win
                    )
            else:
                stack.append((child, part))
        if on_node is not None:
            on_node(len(games), secrets.shape[0])
    return [games[i] for i in range(secrets.shape[0])]
