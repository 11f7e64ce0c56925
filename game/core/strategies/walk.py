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
such a walk goes a turn at a time over every secret still playing (_walk_levels), so the nodes where
a strategy need not be asked (its last two codes, a code left that splits them into singletons) cost
no Python call each.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np

from ..codes import Code, Feedback, code_index, code_to_text, colour_counts, decode, index_code
from ..config import GameConfig
from ..headtail import sorted_unique
from ..solver import History, Progress, Think, plays_first_perfect_split, plays_lowest_of_last_two, run
from ..space import has_table, is_small, score_table, small_space
from ..variants.row import RowVariant


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
        self.table = self.positions = self.scorer = self.counts = self.space_ids = None
        self.row_grades = isinstance(config.variant, RowVariant)
        if has_table(config):  # small games: look grades up instead of computing them
            self.space = small_space(config.pegs, config.colours, config.duplicates)
            self.table = score_table(config)
            self.positions = self.space.positions(secrets)
        elif (scorer := config.variant.multiset_scorer(config.colours)) is not None:
            self.scorer = scorer
            self.ids = scorer.multiset_ids(codes)
            if is_small(config):  # every code's multiset id, so a guess's is a look-up
                self.space = small_space(config.pegs, config.colours, config.duplicates)
                self.space_ids = scorer.ids_of_counts(self.space.counts)

    def perfect_split(self, members: np.ndarray) -> tuple[int, np.ndarray] | None:
        """The first member whose grades against every member differ, and those grades; or None.

        The members are graded against each other in one small block (at most grade_count of them).
        """
        config = self.config
        codes = self.codes[members]
        if self.counts is None:
            self.counts = colour_counts(self.codes, config.colours)
        counts = self.counts[members]
        if self.row_grades:  # black * pegs + common, as codes.grades_between packs them
            grades = (codes[:, None, :] == codes[None, :, :]).sum(axis=2, dtype=np.uint8)
            grades *= np.uint8(config.pegs)
            grades += np.minimum(counts[:, None, :], counts[None, :, :]).sum(axis=2, dtype=np.uint8)
        else:
            grades = config.variant.grades_between(codes, counts, codes, counts)
        ordered = np.sort(grades, axis=1)
        distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        if not distinct.any():
            return None
        first = int(np.argmax(distinct))
        return first, grades[first]

    def __call__(self, guess: Code, members: np.ndarray) -> np.ndarray:
        config = self.config
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
) -> list[Game]:
    """Play `think` against every secret (code indices); games come back in the order of `secrets`.

    runner(generator) -> guess pumps each strategy call (tools pass one that times the yields);
    on_node(finished_games, total_games) is called after every tree node. `root`: the guesses and
    grades every secret has had already (each game starts with them); `complete`: the secrets are
    sorted and every legal code consistent with `root` (see the module docstring).
    """
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
        return _walk_levels(config, think, secrets, grade_of, seed, max_turns, runner, on_node, start)
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


def _walk_levels(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    grade_of: _Grader,
    seed: int,
    max_turns: int,
    runner: Runner,
    on_node: Callable[[int, int], None] | None,
    start: History,
) -> list[Game]:
    """walk() of a complete set of secrets, a turn at a time over every secret still playing.

    Each turn the secrets are grouped by node (their history so far); only the nodes a strategy must
    be asked at cost a Python call. With the secrets of a node exactly its consistent codes, a
    strategy that plays the lower of the last one or two codes (solver.lowest_of_last_two) is not
    asked there: most nodes of a whole tree are such, and their guesses are read off in one numpy
    pass; nor is one that plays the first code left splitting them into singletons
    (solver.first_perfect_split) where a code does. Each secret is graded against its node's guess
    in one pass per turn (the row's grades) or node by node (other variants). A node's history is
    made only where the strategy is asked below it; the games are made from the turns at the end.
    """
    variant = config.variant
    win = variant.win
    count = secrets.shape[0]
    lowest_last = plays_lowest_of_last_two(think)
    perfect_up_to = variant.grade_count if plays_first_perfect_split(think) else 0
    row_grades = isinstance(variant, RowVariant)
    grade_span = variant.grade_count
    if row_grades and grade_of.counts is None:
        grade_of.counts = colour_counts(grade_of.codes, config.colours)
    played = np.full((count, max(1, max_turns - len(start))), -1, dtype=np.int64)  # code numbers
    graded = np.full(played.shape, -1, dtype=np.int64)  # packed grades
    turns = np.zeros(count, dtype=np.int64)
    won = np.zeros(count, dtype=bool)
    members = np.arange(count)  # the secrets still playing, grouped by node, ascending in each
    node_of = np.zeros(count, dtype=np.int64)
    histories: list[History | None] = [start]
    finished = 0
    for turn in range(len(start), max_turns):
        sizes = np.bincount(node_of)
        firsts = np.cumsum(sizes) - sizes
        guesses = np.empty(sizes.shape[0], dtype=np.int64)
        asked = np.ones(sizes.shape[0], dtype=bool)
        if lowest_last and turn:  # members ascend: the first of a node is its lowest code
            asked = sizes > 2
            guesses[~asked] = secrets[members[firsts[~asked]]]
        for node in np.flatnonzero(asked).tolist():
            first, size = int(firsts[node]), int(sizes[node])
            here = members[first : first + size]
            perfect = grade_of.perfect_split(here) if turn and 2 < size <= perfect_up_to else None
            if perfect is not None:
                guesses[node] = secrets[here[perfect[0]]]
                continue
            history = histories[node]
            if turn:
                variant.remember_consistent(config, history, secrets[here])
            rng = _SeededOnFirstUse(functools.partial(_seed_text, seed, history))
            guess = tuple(int(p) for p in runner(think(config, history, rng)))
            guesses[node] = code_index(guess, config.colours)
            if on_node is not None:
                on_node(finished, count)
        guess_of = guesses[node_of]
        if row_grades:  # black * pegs + common, as codes.grades_between packs them
            guess_codes = decode(guess_of, config.pegs, config.colours)
            codes = grade_of.codes[members]
            grades = (guess_codes == codes).sum(axis=1, dtype=np.int64) * config.pegs
            grades += np.minimum(colour_counts(guess_codes, config.colours), grade_of.counts[members]).sum(
                axis=1, dtype=np.int64
            )
        else:
            grades = np.empty(members.shape[0], dtype=np.int64)
            for node, guess in enumerate(guesses.tolist()):
                here = slice(int(firsts[node]), int(firsts[node] + sizes[node]))
                code = index_code(guess, config.pegs, config.colours)
                grades[here] = grade_of(code, members[here])
        column = turn - len(start)
        played[members, column] = guess_of
        graded[members, column] = grades
        over = grades == win
        if turn + 1 < max_turns:
            going = ~over
        else:
            going = np.zeros(members.shape[0], dtype=bool)
        turns[members[~going]] = column + 1
        won[members[over]] = True
        finished += int(members.shape[0] - np.count_nonzero(going))
        if on_node is not None:
            on_node(finished, count)
        if not going.any():
            break
        keys = node_of[going] * grade_span + grades[going]
        ordered = np.argsort(keys, kind="stable")  # members stay ascending within each child
        members, keys = members[going][ordered], keys[ordered]
        new = np.ones(keys.shape[0], dtype=bool)
        new[1:] = keys[1:] != keys[:-1]
        node_of = np.cumsum(new) - 1
        child_keys = keys[new]
        child_sizes = np.bincount(node_of)
        children: list[History | None] = [None] * child_keys.shape[0]
        needed = np.flatnonzero(child_sizes > 2) if lowest_last else np.arange(child_keys.shape[0])
        for child in needed.tolist():
            parent, grade = divmod(int(child_keys[child]), grade_span)
            guess = index_code(int(guesses[parent]), config.pegs, config.colours)
            children[child] = (*histories[parent], (guess, variant.unpack(grade)))
        histories = children
    return _games(config, grade_of, start, played, graded, turns, won)


def _games(
    config: GameConfig,
    grade_of: _Grader,
    start: History,
    played: np.ndarray,
    graded: np.ndarray,
    turns: np.ndarray,
    won: np.ndarray,
) -> list[Game]:
    """Each secret's Game from the walk's turns: code numbers and packed grades, one row a secret."""
    played, graded = played[:, : int(turns.max())], graded[:, : int(turns.max())]
    numbers = sorted_unique(played[played >= 0])
    decoded = map(tuple, decode(numbers, config.pegs, config.colours).tolist())
    code_of = dict(zip(numbers.tolist(), decoded, strict=True))
    grades = sorted_unique(graded[graded >= 0]).tolist()
    feedback_of = dict(zip(grades, map(config.variant.unpack, grades), strict=True))
    head_guesses, head_feedbacks = tuple(h[0] for h in start), tuple(h[1] for h in start)
    return [
        Game(
            grade_of.secret(member),
            head_guesses + tuple(map(code_of.__getitem__, guess_row[:length])),
            head_feedbacks + tuple(map(feedback_of.__getitem__, grade_row[:length])),
            solved,
        )
        for member, (guess_row, grade_row, length, solved) in enumerate(
            zip(played.tolist(), graded.tolist(), turns.tolist(), won.tolist(), strict=True)
        )
    ]
