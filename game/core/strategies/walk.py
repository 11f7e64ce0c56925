"""Play one strategy against many secrets at once by walking its decision tree.

A strategy's guess depends only on the history (and on its rng). Seeding the rng from (seed,
history) makes each guess a function of the history alone, so all secrets that share a history share
the guess: the walk calls the strategy once per tree node, grades the guess against every secret at
that node and splits them by grade. The strategy still sees only histories, never a secret.

node_rng(seed, history) is the rng a node gets; a game played one turn at a time with the same rule
gives the same guesses as the walk. The walk seeds it only when the strategy first draws from it
(most nodes of a whole tree have one or two codes left and never draw).

A walk may start below the root (`root`: guesses every secret has already had, as when a sweep's
subtrees are walked by separate workers). With `complete`, the secrets are every legal code
consistent with `root`, so the secrets left at each node are exactly its consistent codes: the walk
hands them to the space's cache (Variant.remember_consistent) and the strategy does not filter again;
such a walk goes a turn at a time over every secret still playing (levels.py), so the nodes where a
strategy need not be asked (its last two codes, a code left that splits them into singletons) cost
no Python call each.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from ..codes import Feedback, decode
from ..config import GameConfig
from ..headtail import sorted_unique
from ..solver import History, Think, run
from .games import Game, Played, Runner, _Grader, _seed_text, _SeededOnFirstUse, node_rng  # noqa: F401
from .levels import LevelDecider, walk_levels


def walk(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    seed: int = 0,
    max_turns: int = 30,
    runner: Runner = run,
    on_node: Callable[[int, int], None] | None = None,
    *,
    root: History = (),
    complete: bool = False,
    decide: LevelDecider | None = None,
) -> list[Game]:
    """Play `think` against every secret (code indices); games come back in the order of `secrets`.

    runner(generator) -> guess pumps each strategy call (tools pass one that times the yields);
    on_node(finished_games, total_games) is called after every tree node. `root`: the guesses and
    grades every secret has had already (each game starts with them); `complete`: the secrets are
    sorted and every legal code consistent with `root` (see the module docstring); `decide`: a
    complete walk's LevelDecider (levels.py), which plays the same games faster.
    """
    result = _walk(config, think, secrets, seed, max_turns, runner, on_node, root, complete, decide)
    return result if isinstance(result, list) else result.games()


def _walk(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    seed: int,
    max_turns: int,
    runner: Runner,
    on_node: Callable[[int, int], None] | None,
    root: History,
    complete: bool,
    decide: LevelDecider | None = None,
) -> list[Game] | Played:
    """walk()'s games: a complete walk's as levels.Played arrays, any other's as a list."""
    secrets = np.asarray(secrets, dtype=np.int64)
    codes = decode(secrets, config.pegs, config.colours)
    variant = config.variant
    win = variant.win
    grade_of = _Grader(config, secrets, codes)
    if complete and np.any(secrets[1:] <= secrets[:-1]):
        raise ValueError("a complete walk needs its secrets sorted and distinct")
    start = tuple((tuple(int(p) for p in guess), variant.grade(*fb)) for guess, fb in root)
    games: dict[int, Game] = {}
    stack: list[tuple[History, np.ndarray]] = [(start, np.arange(secrets.shape[0]))]
    if start and (variant.pack(start[-1][1]) == win or len(start) >= max_turns):  # over before it starts
        won = variant.pack(start[-1][1]) == win
        guesses, feedbacks = tuple(h[0] for h in start), tuple(h[1] for h in start)
        games = {m: Game(tuple(int(p) for p in codes[m]), guesses, feedbacks, won) for m in range(len(codes))}
        stack.clear()
    if complete and stack:
        return walk_levels(config, think, secrets, grade_of, seed, max_turns, runner, on_node, start, decide)
    unpacked: dict[int, Feedback] = {}  # packed grade -> its feedback, unpacked once
    while stack:
        history, members = stack.pop()
        rng = _SeededOnFirstUse(functools.partial(_seed_text, seed, history))
        guess = tuple(int(p) for p in runner(think(config, history, rng)))
        grades = grade_of(guess, members)
        for grade in sorted_unique(grades)[::-1] if grades.shape[0] > 1 else grades:
            part = members[grades == grade] if grades.shape[0] > 1 else members
            feedback = unpacked.get(int(grade))
            if feedback is None:
                feedback = unpacked[int(grade)] = variant.unpack(int(grade))
            child = (*history, (guess, feedback))
            if grade == win or len(child) >= max_turns:
                guesses, feedbacks = tuple(h[0] for h in child), tuple(h[1] for h in child)
                for member in part.tolist():
                    games[member] = Game(grade_of.secret(member), guesses, feedbacks, grade == win)
            else:
                stack.append((child, part))
        if on_node is not None:
            on_node(len(games), secrets.shape[0])
    return [games[i] for i in range(secrets.shape[0])]


def walk_played(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    seed: int = 0,
    max_turns: int = 30,
    runner: Runner = run,
    on_node: Callable[[int, int], None] | None = None,
    *,
    root: History = (),
    complete: bool = False,
    decide: LevelDecider | None = None,
) -> Played:
    """walk()'s games as arrays (a complete walk makes no Game object)."""
    result = _walk(config, think, secrets, seed, max_turns, runner, on_node, root, complete, decide)
    return Played.of_games(config, result) if isinstance(result, list) else result
