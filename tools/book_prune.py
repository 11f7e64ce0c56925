"""Keep an opening book's moves only where they play better than entropy (tools/book.py --prune).

A book position is a path of grades; the secrets below it are those the book's guesses lead there.
They can be played two ways: the book's guess there and, below, the better way at every position the
book has; or entropy from there on (the book's guesses above, none from there down). Over every
secret, seed given (node rngs as tools/sweep.py seeds them), the totals of both ways are known
exactly, bottom up:

    entropy(p) = guesses of the secrets below p with the book cut to its first depth(p) guesses
    book(p)    = guesses of the secrets p's guess wins, plus for each grade g of p's guess:
                 best(p + g) if the book goes on there, else entropy(p + g)
    best(p)    = book(p) if book(p) < entropy(p), else entropy(p), and p is dropped with all below it

The cuts are played as whole walks (game.core.strategies.walk, complete: every secret), one task per
grade of the book's first guess and cut, so the book kept plays exactly the totals computed here: the
`optimal` strategy then plays a book move only where it plays fewer guesses than entropy over the
secrets below it, and never more in all than entropy with the same seed. Pure functions of the
arguments: the same book and seed give the same kept book.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from game.core.codes import code_index, decode, encode, score_many, unpack
from game.core.config import GameConfig
from game.core.optimal import StrategyTable
from game.core.solver import run
from game.core.space import legal_count
from game.core.strategies import STRONGEST, get
from game.core.strategies.optimal import make_think
from game.core.strategies.walk import node_rng, walk

# Games are played out to this many guesses (as tools/book.py scores them).
MAX_TURNS = 30

Path = tuple  # a book position: the grades so far


@dataclass(frozen=True)
class Cut:
    """Play the book cut to its first `depth` guesses (entropy from there) below one grade of its first
    guess (a process-pool task); the secrets are every code that grade leaves, sorted."""

    config: GameConfig
    moves: dict
    depth: int
    root: tuple
    secrets: np.ndarray
    seed: int


def play_cut(task: Cut) -> tuple[np.ndarray, np.ndarray]:
    """Guesses of each of task.secrets (in their order) with the book cut to task.depth guesses, and
    entropy's guess at that depth in each game (its code number; -1 if the game was over)."""
    config = task.config
    moves = {path: guess for path, guess in task.moves.items() if len(path) < task.depth}
    think = make_think([StrategyTable(config.pegs, config.colours, config.duplicates, moves)])
    games = walk(config, think, task.secrets, task.seed, MAX_TURNS, root=task.root, complete=True)
    lengths = [len(g.guesses) if g.solved else 2 * MAX_TURNS for g in games]
    own = [
        code_index(g.guesses[task.depth], config.colours) if len(g.guesses) > task.depth else -1
        for g in games
    ]
    return np.array(lengths, dtype=np.int32), np.array(own, dtype=np.int64)


def book_paths(config: GameConfig, moves: dict, secrets: np.ndarray) -> list[list]:
    """Each secret's grades from the book's guesses while the book has a move (a win ends it)."""
    codes = decode(secrets, config.pegs, config.colours)
    win = config.variant.win
    paths: list[list] = [[] for _ in range(secrets.shape[0])]
    live = np.arange(secrets.shape[0])
    while live.shape[0]:
        groups: dict[Path, list[int]] = {}
        for member in live.tolist():
            groups.setdefault(tuple(paths[member]), []).append(member)
        still = []
        for path, members in groups.items():
            guess = moves.get(path)
            if guess is None:
                continue
            grades = score_many(guess, codes[members], config.colours)
            for member, grade in zip(members, grades.tolist(), strict=True):
                paths[member].append(unpack(int(grade), config.pegs))
                if int(grade) != win:
                    still.append(member)
        live = np.array(still, dtype=np.int64)
    return paths


def entropy_lengths(config: GameConfig, secrets: np.ndarray, seed: int) -> np.ndarray:
    """Guesses of every secret with entropy alone (the book cut to nothing), in one walk."""
    think = get(STRONGEST).think
    games = walk(config, think, secrets, seed, MAX_TURNS, complete=True)
    return np.array([len(g.guesses) if g.solved else 2 * MAX_TURNS for g in games], dtype=np.int32)


def every_secret(config: GameConfig) -> np.ndarray:
    """The code number of every legal code, ascending. Without repeats they are not 0 .. count - 1
    (5,040 codes of 4 digits spread over numbers up to 9,876): numbering them so would play codes
    that repeat a digit, which no game holds and no strategy ever finds."""
    if config.duplicates:
        return np.arange(legal_count(config), dtype=np.int64)
    # permutations() of sorted colours come in lexicographic order, which is code-number order
    rows = np.array(list(itertools.permutations(range(config.colours), config.pegs)), dtype=np.int64)
    return encode(rows.reshape(-1, config.pegs), config.colours)


def prune(
    config: GameConfig, moves: dict, seed: int, mapper: Callable[..., Iterable] = map
) -> tuple[dict, dict]:
    """(the moves kept, a summary: totals of entropy alone, of the whole book and of the kept book,
    worst games, positions kept), over every secret of the size."""
    secrets = every_secret(config)
    depth = 1 + max(len(path) for path in moves)
    first = moves[()]
    grades = score_many(first, decode(secrets, config.pegs, config.colours), config.colours)
    win = config.variant.win
    # Each cell as the positions of its secrets in `secrets` (the rows of lengths and own below);
    # with repeats a position is the code number, without it is not.
    cells = [(int(g), np.flatnonzero(grades == g)) for g in np.unique(grades) if int(g) != win]
    # lengths[d][s]: the guesses of the secret at position s with the book cut to its first d guesses;
    # own[d][s]: the guess entropy plays then, at depth d.
    lengths = np.zeros((depth + 1, secrets.shape[0]), dtype=np.int32)
    lengths[1:, grades == win] = 1
    own = np.full((depth + 1, secrets.shape[0]), -1, dtype=np.int64)
    tasks = [
        Cut(config, dict(moves), d, ((first, unpack(g, config.pegs)),), secrets[cell], seed)
        for d in range(1, depth + 1)
        for g, cell in cells
    ]
    where = [cell for _ in range(1, depth + 1) for _, cell in cells]  # each task's positions
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i].secrets.shape[0])
    for i, (played, guesses) in zip(order, mapper(play_cut, [tasks[i] for i in order]), strict=True):
        lengths[tasks[i].depth, where[i]] = played
        own[tasks[i].depth, where[i]] = guesses
    own_first = run(get(STRONGEST).think(config, (), node_rng(seed, ())))
    own[0] = code_index(own_first, config.colours)
    if tuple(own_first) == tuple(first):  # entropy opens as the book does: its games are the cut to 1
        lengths[0] = lengths[1]
    else:
        lengths[0] = entropy_lengths(config, secrets, seed)
    paths = book_paths(config, moves, secrets)
    numbered = {path: code_index(guess, config.colours) for path, guess in moves.items()}
    kept, final = choose(numbered, paths, lengths, own, unpack(win, config.pegs))
    kept = {path: moves[path] for path in kept}
    summary = {
        "entropy_total": int(lengths[0].sum()),
        "book_total": int(lengths[depth].sum()),
        "total": int(final.sum()),
        "entropy_worst": int(lengths[0].max()),
        "book_worst": int(lengths[depth].max()),
        "worst": int(final.max()),
        "positions": len(moves),
        "kept": len(kept),
    }
    return kept, summary


def choose(
    moves: dict, paths: list[list], lengths: np.ndarray, own: np.ndarray, won: tuple
) -> tuple[dict, np.ndarray]:
    """(the moves kept, each secret's guesses with them) from the moves as code numbers, each secret's
    book path, its guesses under every cut (lengths[d]: the book cut to its first d guesses), the
    guesses entropy plays under them (own[d]: at depth d) and the winning grade.

    A move is kept where it plays fewer guesses than entropy below it, or as many when it is the
    guess entropy plays there (the book then only saves entropy the weighing)."""
    below: dict[Path, list[int]] = {}  # position -> the secrets that reach it
    for member, path in enumerate(paths):
        for d in range(len(path) + 1):
            below.setdefault(tuple(path[:d]), []).append(member)
    best: dict[Path, int] = {}
    keep: dict[Path, bool] = {}
    for path in sorted(moves, key=len, reverse=True):  # children before parents
        d = len(path)
        members = below.get(path, [])
        entropy = int(lengths[d, members].sum())
        book = 0
        for child in sorted({tuple(paths[m][: d + 1]) for m in members}):
            if child[-1] == won:
                book += (d + 1) * len(below[child])
            elif child in moves:
                book += best[child]
            else:
                book += int(lengths[d + 1, below[child]].sum())
        same = bool(members) and moves[path] == own[d, members[0]]
        keep[path] = book < entropy or (book == entropy and same)
        best[path] = book if keep[path] else entropy
    kept = {p: g for p, g in moves.items() if all(keep[p[:d]] for d in range(len(p) + 1))}
    final = np.empty(len(paths), dtype=np.int32)
    for member, path in enumerate(paths):
        d = 0
        while tuple(path[:d]) in kept and path[d] != won:
            d += 1
        final[member] = d + 1 if tuple(path[:d]) in kept else lengths[d, member]
    if moves and int(final.sum()) != best[()]:
        raise AssertionError("the kept book's games do not add up to the best total")
    return kept, final


def pruned_table(earlier: StrategyTable, kept: dict, summary: dict, command: str, seed: int) -> StrategyTable:
    """The kept moves as a table whose header gives its totals against entropy and the whole book, and
    where the book came from (a pruned book pruned again, in place, keeps its lines: the same bytes)."""
    secrets = legal_count(GameConfig(earlier.pegs, earlier.colours, earlier.duplicates))

    def line(total: int, worst: int) -> str:
        return f"{total} guesses, mean {total / secrets:.4f}, worst {worst}"

    if "book pruned" in earlier.header:
        whole = earlier.header.get("the whole book", line(summary["book_total"], summary["book_worst"]))
        out_of = earlier.header.get("positions kept", "").partition(" of ")[2] or str(summary["positions"])
        source = {key: value for key, value in earlier.header.items() if key.startswith("book pruned")}
    else:
        whole, out_of = line(summary["book_total"], summary["book_worst"]), str(summary["positions"])
        source = {"book pruned": f"as made by {earlier.header.get('command', 'an unnamed command')}"}
        for key in ("first two guesses", "third guesses kept"):  # where the pruned book's moves came from
            if key in earlier.header:
                source[f"book pruned, {key}"] = earlier.header[key]
    header = {
        "made by": "tools/book.py --prune (moves kept where they beat entropy, see tools/book_prune.py)",
        "below the book": f"{STRONGEST} (the optimal strategy's fallback)",
        "objective": f"fewer guesses than {STRONGEST} over the secrets below each move kept (seed {seed})",
        "secrets": str(secrets),
        "total": f"{summary['total']} (over every secret)",
        "mean": f"{summary['total'] / secrets:.4f}",
        "worst": str(summary["worst"]),
        f"{STRONGEST} alone": line(summary["entropy_total"], summary["entropy_worst"]),
        "the whole book": whole,
        "positions kept": f"{summary['kept']} of {out_of}",
        "command": command,
        **source,
    }
    return StrategyTable(earlier.pegs, earlier.colours, earlier.duplicates, kept, header)
