"""Exact optimal Mastermind strategy: fewest guesses in total over all secrets, optionally capped.

    python tools/optimal.py --pegs 4 --colours 6 --out assets/strategies/optimal_4x6.txt
    python tools/optimal.py --pegs 4 --colours 6 --max-depth 5 --out assets/strategies/optimal_4x6_cap5.txt

The objective is the one of Koyama and Lai (1993): the sum, over every secret, of the number of
guesses needed to find it, the final correct guess included. Any legal code may be played, even one
already ruled out. With --max-depth D no secret may need more than D guesses.

Method: depth-first branch and bound over guesses, with memoisation of subproblems keyed by the set
of codes still possible (and the guesses still allowed).
- Partitions of a candidate set by every guess at once come from a precomputed score table
  (uint8, codes x codes, dense grade ids) and one numpy.bincount.
- Admissible lower bound: after one guess at most K - 1 non-winning grades remain (K grades in all),
  so at most (K - 1)**(k - 1) codes can be found with exactly k guesses; filling those levels greedily
  gives the least possible total for s codes (tree_bound). A guess's bound is n plus that bound for
  each of its classes; guesses are tried in order of that bound (codes still possible first on ties),
  and the search stops as soon as the next bound cannot beat the best total found. A guess's classes
  are solved smallest first: their exact costs leave a tighter limit for the big ones (about 4x fewer
  nodes at 4x6 than largest first).
- Shortcuts that are provably optimal: 1 code costs 1 guess, 2 codes cost 3; if a possible code splits
  the rest into singletons the node costs 2n - 1 (the least any n codes can cost), else if any code
  splits them into singletons it costs 2n.
- Colour symmetry: only the shape of the first guess matters (5 distinct first guesses at 4x6); below
  it, guesses are reduced modulo the colour-and-position permutations that fix every guess played so
  far (they fix the candidate set, so equivalent guesses cost the same). The group is held as the
  colours not yet played (freely interchangeable) plus at most pegs! position moves, never listed
  element by element (10 colours would be 3.6 million permutations).
A value returned below the limit it was asked for is exact; otherwise it is a proven lower bound.

Output: a compact text table read by game.core.optimal (one line per position: the grades so far and
the guess to play), with a header saying how it was made. The JSON summary goes to stdout.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.codes import Feedback, code_to_text, colour_counts, decode, score_many  # noqa: E402
from game.core.optimal import StrategyTable, format_table, parse_table  # noqa: E402

INFINITE_COST = 10**9  # larger than any total; marks "impossible within the cap"


@dataclass(frozen=True)
class Space:
    """The legal codes of one size, their pairwise grades as dense ids, and the id of the win."""

    pegs: int
    colours: int
    duplicates: bool
    codes: np.ndarray  # (N, pegs) uint8, in code-number order
    table: np.ndarray  # (N, N) uint8: table[g, s] = grade id of guess g against secret s
    grades: tuple[Feedback, ...]  # grade id -> Feedback; the last one is the win
    win: int

    @property
    def size(self) -> int:
        return int(self.codes.shape[0])


def possible_grades(pegs: int) -> tuple[Feedback, ...]:
    """Every grade that can occur, the win (all black) last."""
    grades = [
        Feedback(b, w)
        for b in range(pegs + 1)
        for w in range(pegs + 1 - b)
        if (b, w) != (pegs, 0) and (b, w) != (pegs - 1, 1)
    ]
    return tuple(grades) + (Feedback(pegs, 0),)


def build_space(pegs: int, colours: int, duplicates: bool = True) -> Space:
    codes = decode(np.arange(colours**pegs), pegs, colours)
    if not duplicates:
        distinct = np.array([len(set(row)) == pegs for row in codes.tolist()], dtype=bool)
        codes = codes[distinct]
    grades = possible_grades(pegs)
    packed_to_id = np.full((pegs + 1) ** 2, 255, dtype=np.uint8)
    for grade_id, (b, w) in enumerate(grades):
        packed_to_id[b * (pegs + 1) + w] = grade_id
    counts = colour_counts(codes, colours)
    table = np.empty((codes.shape[0], codes.shape[0]), dtype=np.uint8)
    for row, guess in enumerate(codes.tolist()):
        table[row] = packed_to_id[score_many(tuple(guess), codes, colours, counts)]
    return Space(pegs, colours, duplicates, codes, table, grades, len(grades) - 1)


def tree_bound(size_limit: int, branches: int, max_depth: int | None) -> np.ndarray:
    """bound[s] = least total guesses any strategy needs for s codes (INFINITE_COST if over the cap).

    At most one code is found with the first guess, and every guess leaves at most `branches`
    non-winning classes, so at most branches**(k-1) codes are found with exactly k guesses.
    """
    bound = np.zeros(size_limit + 1, dtype=np.int64)
    filled, cost, depth, level_capacity = 0, 0, 1, 1
    for s in range(1, size_limit + 1):
        while filled >= level_capacity:
            filled -= level_capacity
            depth += 1
            level_capacity *= branches
        if max_depth is not None and depth > max_depth:
            bound[s:] = INFINITE_COST
            break
        cost += depth
        filled += 1
        bound[s] = cost
    return bound


@dataclass(frozen=True)
class Symmetry:
    """The colour-and-position permutations that fix every guess played so far.

    Such a permutation fixes the set of codes still possible, so guesses in one orbit cost the same
    and only one per orbit (the smallest code index) needs trying. The group is kept as:
    - `free`: colours no guess has used yet; any permutation of them belongs to the group;
    - `moves`: the other part, pairs (position permutation, map of the used colours, -1 for free ones),
      at most pegs! of them. A permutation acts on a code x as y[i] = colour_map[x[positions[i]]].
    """

    free: tuple[int, ...]
    moves: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    def is_trivial(self) -> bool:
        return len(self.moves) <= 1 and len(self.free) <= 1

    def canon(self, space: Space) -> np.ndarray:
        """For every code, the smallest index in its orbit (codes equal to it represent the orbit).

        For each move, the free colours are relabelled in order of first appearance to the smallest
        free colours: that is the smallest code among all relabellings of the free colours.
        """
        codes = space.codes.astype(np.int64)
        n = codes.shape[0]
        rows = np.arange(n)
        free_sorted = np.asarray(self.free, dtype=np.int64)
        is_free = np.zeros(space.colours, dtype=bool)
        is_free[free_sorted] = True
        weights = space.colours ** np.arange(space.pegs - 1, -1, -1)
        lookup = np.full(space.colours**space.pegs, -1, dtype=np.int64)
        lookup[codes @ weights] = rows
        best = None
        for positions, colour_map in self.moves:
            moved = codes[:, list(positions)]
            out = np.asarray(colour_map, dtype=np.int64)[moved]
            assigned = np.full((n, space.colours), -1, dtype=np.int64)
            next_free = np.zeros(n, dtype=np.int64)
            for j in range(space.pegs):
                colour = moved[:, j]
                free_here = is_free[colour]
                fresh = free_here & (assigned[rows, colour] == -1)
                assigned[rows[fresh], colour[fresh]] = free_sorted[next_free[fresh]]
                next_free[fresh] += 1
                out[free_here, j] = assigned[rows[free_here], colour[free_here]]
            images = lookup[out @ weights]
            best = images if best is None else np.minimum(best, images)
        return best


def first_guess_symmetry(space: Space) -> Symmetry:
    """Before any guess every colour and position permutation applies (only a guess's shape matters)."""
    no_map = (-1,) * space.colours
    positions = tuple((perm, no_map) for perm in itertools.permutations(range(space.pegs)))
    return Symmetry(tuple(range(space.colours)), positions)


def child_symmetry(space: Space, symmetry: Symmetry | None, guess: int) -> Symmetry | None:
    """The permutations of `symmetry` that also fix `guess` (None once only the identity is left)."""
    if symmetry is None:
        return None
    code = tuple(space.codes[guess].tolist())
    free = set(symmetry.free)
    kept = []
    for positions, colour_map in symmetry.moves:
        new_map = list(colour_map)
        fits = True
        for i in range(space.pegs):
            source, target = code[positions[i]], code[i]
            if new_map[source] == -1:
                # a free colour may only go to a free colour, and no two to the same one
                if target not in free or target in new_map:
                    fits = False
                    break
                new_map[source] = target
            elif new_map[source] != target:
                fits = False
                break
        if fits:
            kept.append((positions, tuple(new_map)))
    child = Symmetry(tuple(sorted(free - set(code))), tuple(kept))
    return None if child.is_trivial() else child


@dataclass
class MemoEntry:
    value: int  # exact cost if exact, else a proven lower bound
    exact: bool
    guess: int = -1


@dataclass
class Search:
    """Branch and bound with memoisation; solve() is the recursion, strategy() reads the result."""

    space: Space
    max_depth: int | None = None
    memo: dict[tuple[bytes, int], MemoEntry] = field(default_factory=dict)
    nodes: int = 0

    def __post_init__(self) -> None:
        n, k = self.space.size, len(self.space.grades)
        # Without a cap the depth never binds: keep it constant so a candidate set has one memo key.
        self.depth_limit = self.max_depth if self.max_depth is not None else n + 1
        self.depth_step = 1 if self.max_depth is not None else 0
        self.bounds = [tree_bound(n, k - 1, d) for d in range(self.depth_limit + 1)]
        self.row_offsets = (np.arange(n, dtype=np.int64) * k)[:, None]
        self.all_guesses = np.arange(n)

    def solve(self, cands: np.ndarray, depth: int, limit: int, symmetry: Symmetry | None = None) -> int:
        """Least total for the codes `cands` (sorted indices) with `depth` guesses allowed.

        The result is exact when below `limit`; otherwise it is a lower bound that is >= limit.
        """
        n = cands.shape[0]
        if n == 1:
            return 1 if depth >= 1 else INFINITE_COST
        if depth <= 1:
            return INFINITE_COST
        if n == 2:
            return 3
        if self.bounds[depth][n] >= limit:
            return int(self.bounds[depth][n])
        key = (cands.tobytes(), depth)
        entry = self.memo.get(key)
        if entry is not None and (entry.exact or entry.value >= limit):
            return entry.value
        self.nodes += 1
        space = self.space
        win = space.win
        k = len(space.grades)
        sub = space.table[:, cands]
        counts = np.bincount((sub + self.row_offsets).ravel(), minlength=space.size * k).reshape(-1, k)
        losing = counts[:, :win]
        biggest = losing.max(axis=1)
        consistent = counts[:, win] > 0
        splitters = biggest <= 1
        if splitters.any():
            hits = np.flatnonzero(splitters & consistent)
            if hits.size:
                value, guess = 2 * n - 1, int(hits[0])
            else:
                value, guess = 2 * n, int(np.flatnonzero(splitters)[0])
            self.memo[key] = MemoEntry(value, True, guess)
            return value
        child_depth = depth - self.depth_step
        child_bound = self.bounds[child_depth]
        lower = n + child_bound[losing].sum(axis=1)
        lower[(biggest == n) & ~consistent] = INFINITE_COST  # a guess that tells nothing
        if symmetry is not None:
            lower[symmetry.canon(space) != self.all_guesses] = INFINITE_COST
        order = np.lexsort((~consistent, lower))
        best, best_guess = limit, -1
        node_bound = INFINITE_COST
        for guess in order.tolist():
            guess_bound = int(lower[guess])
            if guess_bound >= best:
                node_bound = min(node_bound, guess_bound)
                break
            grades = space.table[guess, cands]
            by_grade = np.argsort(grades, kind="stable")
            sorted_grades = grades[by_grade]
            sorted_cands = cands[by_grade]
            cuts = np.flatnonzero(np.diff(sorted_grades)) + 1
            parts = np.split(sorted_cands, cuts)
            if sorted_grades[-1] == win:
                parts.pop()
            parts.sort(key=len)  # small classes first: their exact costs tighten the limit for big ones
            rest_bound = guess_bound - n
            total = n
            child_sym = child_symmetry(space, symmetry, guess) if symmetry is not None else None
            for part in parts:
                rest_bound -= int(child_bound[part.shape[0]])
                child_limit = best - total - rest_bound
                value = self.solve(part, child_depth, child_limit, child_sym)
                if value >= child_limit:
                    node_bound = min(node_bound, total + value + rest_bound)
                    break
                total += value
            else:
                best, best_guess = total, guess
        if best_guess >= 0:
            self.memo[key] = MemoEntry(best, True, best_guess)
            return best
        if entry is not None:
            node_bound = max(node_bound, entry.value)
        node_bound = max(node_bound, limit)
        self.memo[key] = MemoEntry(node_bound, False)
        return node_bound

    def solve_all(self) -> int:
        """Optimal total over the whole space (INFINITE_COST if the cap cannot be met)."""
        return self.solve(
            self.all_guesses.copy(), self.depth_limit, INFINITE_COST, first_guess_symmetry(self.space)
        )

    def choice(self, cands: np.ndarray, depth: int) -> int:
        """The guess the solved search plays for `cands` (after solve_all)."""
        if cands.shape[0] <= 2:
            return int(cands[0])
        entry = self.memo[(cands.tobytes(), depth)]
        assert entry.exact, "choice() asked for a position the search did not solve exactly"
        return entry.guess

    def strategy(self) -> dict[tuple[Feedback, ...], tuple[int, ...]]:
        """The solved strategy as {grades so far: guess}, for every position it reaches (preorder)."""
        moves: dict[tuple[Feedback, ...], tuple[int, ...]] = {}
        stack = [((), self.all_guesses.copy(), self.depth_limit)]
        while stack:
            path, cands, depth = stack.pop()
            guess = self.choice(cands, depth)
            moves[path] = tuple(int(p) for p in self.space.codes[guess])
            grades = self.space.table[guess, cands]
            children = []
            for grade_id in np.unique(grades).tolist():
                if grade_id == self.space.win:
                    continue
                child = cands[grades == grade_id]
                children.append((path + (self.space.grades[grade_id],), child, depth - self.depth_step))
            stack.extend(reversed(children))
        return moves


def optimal_table(
    pegs: int, colours: int, duplicates: bool = True, max_depth: int | None = None, command: str = ""
) -> tuple[StrategyTable, dict]:
    """Run the search and return the table (with its header filled in) and a summary."""
    started, cpu_started = time.perf_counter(), time.process_time()
    space = build_space(pegs, colours, duplicates)
    search = Search(space, max_depth)
    total = search.solve_all()
    if total >= INFINITE_COST:
        raise ValueError(f"no strategy finds every secret within {max_depth} guesses")
    moves = search.strategy()
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    table = StrategyTable(pegs, colours, duplicates, moves, {})
    lengths = table.guess_counts([tuple(c) for c in space.codes.tolist()])
    histogram = np.bincount(np.asarray(lengths)).tolist()[1:]
    assert sum(lengths) == total, (sum(lengths), total)
    summary = {
        "pegs": pegs,
        "colours": colours,
        "duplicates": duplicates,
        "cap": max_depth,
        "secrets": space.size,
        "total": total,
        "mean": round(total / space.size, 4),
        "worst": max(lengths),
        "histogram": histogram,
        "first_guess": code_to_text(moves[()]),
        "positions": len(moves),
        "nodes": search.nodes,
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu_seconds, 2),
    }
    header = {
        "made by": "tools/optimal.py (exact depth-first branch and bound, see its docstring)",
        "objective": "fewest guesses in total over all secrets, the final correct guess included",
        "cap": "none" if max_depth is None else f"{max_depth} guesses",
        "secrets": str(space.size),
        "total": str(total),
        "mean": f"{total / space.size:.4f}",
        "worst": str(max(lengths)),
        "histogram": ",".join(map(str, histogram)) + " (games won in 1, 2, ... guesses)",
        "search seconds": f"{seconds:.1f} wall, {cpu_seconds:.1f} cpu",
        "search nodes": str(search.nodes),
        "command": command,
    }
    return StrategyTable(pegs, colours, duplicates, moves, header), summary


INDEX_INTRO = """# Shipped strategy tables

Every file here was written by `tools/optimal.py` (exact depth-first branch and bound; see its
docstring); each file's header gives the command that remakes it, the totals and the search time.
Totals count every secret's final, correct guess; any legal code may be played. The game's `optimal`
strategy plays the uncapped tables (game/tables.py loads them; game/core/optimal.py parses them).
Search times were measured on the shared 2-core development machine (cpu = one core's time).
This index is written by `python tools/optimal.py --index assets/strategies`.

| file | size | duplicates | cap | secrets | total | mean | worst | search |
|---|---|---|---|---|---|---|---|---|
"""


def write_index(directory: Path) -> Path:
    """Rewrite directory/README.md: one line per table, from the tables' own headers."""
    tables = []
    for path in directory.glob("optimal_*.txt"):
        table = parse_table(path.read_bytes())
        tables.append(((table.pegs, table.colours, not table.duplicates, path.name), path.name, table))
    lines = []
    for _, name, table in sorted(tables):
        h = table.header
        lines.append(
            f"| {name} | {table.pegs}x{table.colours} | {'yes' if table.duplicates else 'no'} | {h['cap']} "
            f"| {h['secrets']} | {h['total']} | {h['mean']} | {h['worst']} | {h['search seconds']} |"
        )
    out = directory / "README.md"
    out.write_text(INDEX_INTRO + "\n".join(lines) + "\n", encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pegs", type=int, default=4)
    parser.add_argument("--colours", type=int, default=6)
    parser.add_argument("--no-duplicates", action="store_true", help="codes may not repeat a colour")
    parser.add_argument("--max-depth", type=int, default=None, help="no secret may need more guesses")
    parser.add_argument("--out", type=Path, default=None, help="write the strategy table here")
    parser.add_argument("--index", type=Path, default=None, help="only rewrite DIR/README.md from the tables")
    args = parser.parse_args(argv)
    if args.index is not None:
        print(json.dumps({"index": str(write_index(args.index))}))
        return 0
    command = "python tools/optimal.py " + " ".join(argv if argv is not None else sys.argv[1:])
    table, summary = optimal_table(args.pegs, args.colours, not args.no_duplicates, args.max_depth, command)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(format_table(table), encoding="utf-8")
        summary["out"] = str(args.out)
    print(json.dumps(summary))
    print(
        f"{args.pegs}x{args.colours}: total {summary['total']} (mean {summary['mean']}, "
        f"worst {summary['worst']}, "
        f"first guess {summary['first_guess']}) in {summary['seconds']} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
