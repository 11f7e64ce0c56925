"""Duel: the player and the computer crack the same secret, taking turns, each on their own board.

Rules:
- Each turn the player guesses first, then the computer replies; both boards have the config's turns.
- The first to crack the secret wins. If the player cracks it, the computer still plays its reply on
  that turn: cracking it too makes the turn a draw.
- If neither cracks it within the turns, nobody wins (NEITHER).
- A player who gives up (resigns) while the duel is undecided hands the win to the computer.
- The computer never sees the secret nor the player's rows: opponent_think() hands its strategy the
  computer board's config and that board's own (guess, grade) pairs, copied into plain tuples.

Opponent levels map names shown in setup to registered strategies (game.core.strategies):
Rookie -> lowest, Player -> random, Expert -> knuth, Master -> optimal. The registry's `optimal` has no
table (core reads no file); the game binds the shipped tables with game.tables.bind(info).

API for a screen:
    LEVELS, level_named(name) -> OpponentLevel; OpponentLevel.name/.strategy/.blurb
    DuelRules(config=Classic, level=Expert)
    opponent_strategy(level) -> StrategyInfo      (bind with game.tables.bind before use)
    opponent_think(think, computer_board, rng) -> generator   pump it like Solve; returns the guess
    duel_outcome(rules, player_grades, computer_grades, player_resigned=False) -> DuelOutcome
    side_to_move(rules, player_grades, computer_grades) -> Side | None   (None once decided)
Grades are the Feedback of each board's rows in order (GameState.rows[i].feedback). Impossible
sequences (the computer ahead of the player, rows after a crack or past the turns) raise DuelError.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .codes import Code, Feedback
from .config import GameConfig, preset
from .solver import Progress, StrategyInfo, Think
from .state import GameState
from .strategies import STRATEGIES, get
from .variants import RowVariant


class DuelError(ValueError):
    """A duel position that cannot happen, or an unknown opponent level."""


class Side(StrEnum):
    PLAYER = "player"
    COMPUTER = "computer"


class DuelOutcome(StrEnum):
    PLAYING = "playing"
    PLAYER_WON = "player"
    COMPUTER_WON = "computer"
    DRAW = "draw"  # both cracked it on the same turn
    NEITHER = "neither"  # the turns ran out on both boards


@dataclass(frozen=True)
class OpponentLevel:
    """A strength offered in setup: the name shown, the strategy it plays, a one-line blurb."""

    name: str
    strategy: str
    blurb: str


LEVELS: tuple[OpponentLevel, ...] = (
    OpponentLevel("Rookie", "lowest", "plays the lowest code that fits: steady, never clever"),
    OpponentLevel("Player", "random", "plays any code that fits, like a careful person"),
    OpponentLevel("Expert", "knuth", "Knuth's minimax: guesses to make the worst case smallest"),
    OpponentLevel("Master", "optimal", "the fewest guesses on average: hard to beat"),
)
DEFAULT_LEVEL = "Expert"


def level_named(name: str) -> OpponentLevel:
    for level in LEVELS:
        if level.name.lower() == str(name).lower():
            return level
    names = ", ".join(level.name for level in LEVELS)
    raise DuelError(f"no opponent level called {name!r}; choose one of {names}")


def opponent_strategy(level: OpponentLevel) -> StrategyInfo:
    """The registered strategy a level plays (unbound: the game binds `optimal` to its tables)."""
    if level.strategy not in STRATEGIES:
        raise DuelError(f"level {level.name} names no registered strategy ({level.strategy!r})")
    return get(level.strategy)


@dataclass(frozen=True)
class DuelRules:
    """What is chosen in setup: the code's size and the opponent's level."""

    config: GameConfig = field(default_factory=lambda: preset("Classic").config())
    level: OpponentLevel = field(default_factory=lambda: level_named(DEFAULT_LEVEL))

    def __post_init__(self) -> None:
        # Both boards are graded (black, white) and shown side by side: a duel is a classic row.
        if not isinstance(self.config, GameConfig) or not isinstance(self.config.variant, RowVariant):
            raise DuelError(f"a duel is played on a row of pegs, not {self.config!r}")
        if not isinstance(self.level, OpponentLevel):
            raise DuelError(f"an opponent level is one of LEVELS, not {self.level!r}")


def own_history(board: GameState) -> tuple[tuple[Code, Feedback], ...]:
    """The (guess, grade) pairs of `board`, copied into plain tuples of ints: nothing else of the board."""
    return tuple(
        (tuple(int(p) for p in row.guess), type(row.feedback)(*(int(n) for n in row.feedback)))
        for row in board.rows
    )


def opponent_think(
    think: Think, computer_board: GameState, rng: random.Random
) -> Generator[Progress, None, Code]:
    """Start the computer's next guess: `think(config, own history, rng)`, never the secret.

    `computer_board` is the computer's own board (which holds the secret, for grading); only its
    config and its rows' (guess, grade) pairs reach the strategy. Pump the generator like Solve.
    """
    if computer_board.over:
        raise DuelError("the computer's board is finished: it has no guess left to make")
    return think(computer_board.config, own_history(computer_board), rng)


def _check_grades(
    grades: Sequence[Feedback | tuple[int, int]], config: GameConfig, side: Side
) -> list[Feedback]:
    out = [Feedback(*grade) for grade in grades]
    if len(out) > config.turns:
        raise DuelError(f"the {side.value}'s board has {len(out)} rows, more than its {config.turns} turns")
    for fb in out:
        if fb.black < 0 or fb.white < 0 or fb.black + fb.white > config.pegs:
            raise DuelError(f"a grade has at most {config.pegs} pegs, not {fb}")
    if any(fb.black == config.pegs for fb in out[:-1]):
        raise DuelError(f"the {side.value}'s board goes on after cracking the code")
    return out


def _cracked(grades: Sequence[Feedback], pegs: int) -> bool:
    return bool(grades) and grades[-1].black == pegs


def duel_outcome(
    rules: DuelRules,
    player_grades: Sequence[Feedback | tuple[int, int]],
    computer_grades: Sequence[Feedback | tuple[int, int]],
    player_resigned: bool = False,
) -> DuelOutcome:
    """Who has won, given both boards' grades in order (the player moves first each turn)."""
    config = rules.config
    player = _check_grades(player_grades, config, Side.PLAYER)
    computer = _check_grades(computer_grades, config, Side.COMPUTER)
    if not len(player) - 1 <= len(computer) <= len(player):
        raise DuelError(
            f"the player moves first each turn: {len(player)} player rows cannot face {len(computer)}"
        )
    player_cracked = _cracked(player, config.pegs)
    if _cracked(computer, config.pegs):
        if len(player) > len(computer):
            raise DuelError("the player moved after the computer had already won")
        return DuelOutcome.DRAW if player_cracked else DuelOutcome.COMPUTER_WON
    if player_cracked:
        # The computer's reply on the same turn decides between a win and a draw.
        return DuelOutcome.PLAYER_WON if len(computer) == len(player) else DuelOutcome.PLAYING
    if len(computer) == config.turns:
        return DuelOutcome.NEITHER
    return DuelOutcome.COMPUTER_WON if player_resigned else DuelOutcome.PLAYING


def side_to_move(
    rules: DuelRules,
    player_grades: Sequence[Feedback | tuple[int, int]],
    computer_grades: Sequence[Feedback | tuple[int, int]],
) -> Side | None:
    """Whose guess comes next, or None once the duel is decided."""
    if duel_outcome(rules, player_grades, computer_grades) is not DuelOutcome.PLAYING:
        return None
    return Side.PLAYER if len(player_grades) == len(computer_grades) else Side.COMPUTER
