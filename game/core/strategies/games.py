"""What walk.py and levels.py share: a walk's games (one Game per secret, or all of them as arrays:
Played), the rng a strategy gets at a node (a function of the seed and the history only), and the
grader of a guess against a node's secrets."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np

from ..codes import Code, Feedback, code_index, code_to_text, colour_counts, decode
from ..config import GameConfig
from ..headtail import sorted_unique
from ..progress import History, Progress
from ..space import has_table, is_small, score_table, small_space


@dataclass(frozen=True)
class Game:
    """One secret's game: the guesses and their grades; solved if the last grade is all black."""

    secret: Code
    guesses: tuple[Code, ...]
    feedback: tuple[Feedback, ...]
    solved: bool


def _entry_text(guess: Code, feedback: tuple[int, ...]) -> str:
    return f"{code_to_text(guess)}={','.join(map(str, feedback))}"


def _seed_text(seed: int, history: History) -> str:
    return f"{seed}|{';'.join(_entry_text(guess, fb) for guess, fb in history)}"


def node_rng(seed: int, history: History) -> random.Random:
    """The rng a strategy gets at this history: a function of the seed and the history only."""
    return random.Random(_seed_text(seed, history))


class _SeededOnFirstUse(random.Random):
    """random.Random(seed_text), seeded (about 15 us) only when first drawn from; `seed_text` may be
    a function that makes the text then (a whole tree has tens of thousands of nodes, most never draw).

    The first call of any primitive (every other method draws through random() or getrandbits())
    seeds it exactly as Random(seed_text) would and turns it into a plain random.Random. Methods
    bound before that (random._randbelow keeps one) still work: they seed at most once.
    """

    def __new__(cls, seed_text: str | Callable[[], str]) -> _SeededOnFirstUse:
        return super().__new__(cls, 0)  # a cheap seed: replaced on first use

    def __init__(self, seed_text: str | Callable[[], str]) -> None:  # no super().__init__: it seeds now
        self._seed_text = seed_text
        self.gauss_next = None  # as Random.__init__ leaves it

    def _seed_now(self) -> None:
        text = self.__dict__.pop("_seed_text", None)
        if text is not None:
            self.__class__ = random.Random
            random.Random.seed(self, text if isinstance(text, str) else text())

    def random(self) -> float:
        _SeededOnFirstUse._seed_now(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        _SeededOnFirstUse._seed_now(self)
        return random.Random.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        _SeededOnFirstUse._seed_now(self)
        return random.Random.randbytes(self, n)

    def getstate(self) -> tuple:
        _SeededOnFirstUse._seed_now(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple) -> None:
        _SeededOnFirstUse._seed_now(self)
        random.Random.setstate(self, state)

    def seed(self, *args, **kwargs) -> None:
        _SeededOnFirstUse._seed_now(self)
        random.Random.seed(self, *args, **kwargs)


@dataclass(frozen=True)
class Played:
    """Every secret's game as arrays, one row a secret in the walk's order: the code numbers guessed
    and their packed grades (the root's first; -1 after the last turn), the number of guesses, and
    whether the last grade won."""

    config: GameConfig
    secrets: np.ndarray  # (n, pegs) uint8 codes
    guesses: np.ndarray  # (n, turns) int64
    grades: np.ndarray  # (n, turns) int64
    turns: np.ndarray  # (n,) int64
    won: np.ndarray  # (n,) bool

    @classmethod
    def of_games(cls, config: GameConfig, games: list[Game]) -> Played:
        """The arrays of a list of games (a walk that is not complete plays one node at a time)."""
        width = max(1, max((len(game.guesses) for game in games), default=0))
        guesses = np.full((len(games), width), -1, dtype=np.int64)
        grades = np.full(guesses.shape, -1, dtype=np.int64)
        for row, game in enumerate(games):
            guesses[row, : len(game.guesses)] = [code_index(guess, config.colours) for guess in game.guesses]
            grades[row, : len(game.feedback)] = [config.variant.pack(feedback) for feedback in game.feedback]
        secrets = np.array([game.secret for game in games], dtype=np.uint8).reshape(len(games), config.pegs)
        turns = np.array([len(game.guesses) for game in games], dtype=np.int64)
        won = np.array([game.solved for game in games], dtype=bool)
        return cls(config, secrets, guesses, grades, turns, won)

    def games(self) -> list[Game]:
        """The Game of each secret."""
        config, width = self.config, int(self.turns.max(initial=0))
        guesses, grades = self.guesses[:, :width], self.grades[:, :width]
        numbers = sorted_unique(guesses[guesses >= 0])
        decoded = map(tuple, decode(numbers, config.pegs, config.colours).tolist())
        code_of = dict(zip(numbers.tolist(), decoded, strict=True))
        packed = sorted_unique(grades[grades >= 0]).tolist()
        feedback_of = dict(zip(packed, map(config.variant.unpack, packed), strict=True))
        return [
            Game(
                tuple(secret),
                tuple(map(code_of.__getitem__, guess_row[:length])),
                tuple(map(feedback_of.__getitem__, grade_row[:length])),
                solved,
            )
            for secret, guess_row, grade_row, length, solved in zip(
                self.secrets.tolist(),
                guesses.tolist(),
                grades.tolist(),
                self.turns.tolist(),
                self.won.tolist(),
                strict=True,
            )
        ]


Runner = Callable[[Generator[Progress, None, Code]], Code]


class _Grader:
    """Packed grades of one guess against the walk's secrets at a node, by the fastest means the size has."""

    def secret(self, member: int) -> Code:
        """The member's secret as a tuple of ints (all made at once, on first use)."""
        if self.secret_tuples is None:
            self.secret_tuples = [tuple(row) for row in self.codes.tolist()]
        return self.secret_tuples[member]

    def __init__(self, config: GameConfig, secrets: np.ndarray, codes: np.ndarray) -> None:
        self.config = config
        self.codes = codes
        self.secret_tuples: list | None = None
        self.won = np.array([config.variant.win], dtype=config.variant.grade_dtype)
        self.won.setflags(write=False)
        self.secrets = secrets
        self.table = self.positions = self.scorer = self.counts = self.space_ids = None
        self.ready = False  # its tables are made on the first grading (a complete row walk never asks)

    def _make_tables(self) -> None:
        config, secrets = self.config, self.secrets
        self.ready = True
        if has_table(config):  # small games: look grades up instead of computing them
            self.space = small_space(config.pegs, config.colours, config.duplicates)
            self.table = score_table(config)
            self.positions = self.space.positions(secrets)
        elif (scorer := config.variant.multiset_scorer(config.colours)) is not None:
            self.scorer = scorer
            self.ids = scorer.multiset_ids(self.codes)
            if is_small(config):  # every code's multiset id, so a guess's is a look-up
                self.space = small_space(config.pegs, config.colours, config.duplicates)
                self.space_ids = scorer.ids_of_counts(self.space.counts)

    def __call__(self, guess: Code, members: np.ndarray) -> np.ndarray:
        config = self.config
        if not self.ready:
            self._make_tables()
        # Most nodes of a whole tree hold one secret and guess it: that is the win, no grading needed.
        if members.shape[0] == 1 and guess == self.secret(int(members[0])):
            return self.won
        if self.table is not None and config.is_legal(guess):
            row = self.space.positions(np.array([code_index(guess, config.colours)]))[0]
            return self.table[row, self.positions[members]]
        g = np.asarray([guess], dtype=np.uint8)
        if self.scorer is not None:  # black * pegs + common colours, as grades_between packs them
            if self.space_ids is not None and config.is_legal(guess):
                g_id = self.space_ids[self.space.positions(np.array([code_index(guess, config.colours)]))[0]]
            else:
                g_id = self.scorer.ids_of_counts(np.bincount(g[0], minlength=config.colours)[None, :])[0]
            grades = (self.codes[members] == g).sum(axis=1, dtype=np.uint8)
            grades *= np.uint8(config.pegs)
            grades += self.scorer.common[g_id].take(self.ids[members])
            return grades
        if self.counts is None:
            self.counts = colour_counts(self.codes, config.colours)
        g_counts = colour_counts(g, config.colours)
        return config.variant.grades_between(g, g_counts, self.codes[members], self.counts[members])[0]
