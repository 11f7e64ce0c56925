"""Speed of the solvers' hot kernels against the straightforward numpy they replace: one JSON object.

    python tools/bench_kernels.py                      # 5x8, blocks like a whole-tree sweep's
    python tools/bench_kernels.py --pegs 6 --colours 9 --codes 3000 --rows 256

Each pair is timed on the same random block (--rows candidate guesses x --codes codes, seeded) and
checked to give identical results:
- grades: space.grades_between (a pass per peg and per colour) vs kernels.MultisetScorer (a pass per
  peg, common colours from one table indexed by colour multiset);
- part counts: numpy.bincount over grades + row offsets (a copy to intp) vs kernels.part_counts;
- entropy: n log2 n computed per part vs looked up in kernels.n_log2_n (as partition.py sums it);
- weighing (what a partition strategy does with a block of candidates at one tree node): grades by
  MultisetScorer, part counts over the 36 packed grades and entropy, vs part counts straight from a
  kernels.NodeScorer (three row gathers, 21 dense grades) and entropy; node_build_us is the one-off
  cost of that node's tables, not in the per-cell figure.
Figures are ns per cell (per part for entropy), the best of --repeat runs, and the speed-up.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import SEED, OneLineParser, number  # noqa: E402
from game.core.codes import colour_counts, decode, encode, grade_count  # noqa: E402
from game.core.kernels import n_log2_n, part_counts, scorer_for  # noqa: E402
from game.core.solver import run  # noqa: E402
from game.core.space import grades_between  # noqa: E402
from game.core.strategies.partition import negative_information  # noqa: E402

MAX_CELLS = 20_000_000  # a block is held several times over (grades, counts, copies): more is a slip


def best_ns(function: Callable[[], object], repeat: int, per: int) -> float:
    function()
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - started)
    return round(best / per * 1e9, 3)


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="bench_kernels.py", description=__doc__.splitlines()[0])
    parser.add_argument("--pegs", type=number(2, 10), default=5)
    parser.add_argument("--colours", type=number(2, 10), default=8)
    parser.add_argument("--rows", type=number(1, MAX_CELLS), default=128, help="candidate guesses per block")
    parser.add_argument(
        "--codes", type=number(1, MAX_CELLS), default=3000, help="codes each guess is graded against"
    )
    parser.add_argument("--repeat", type=number(1, 10_000), default=30)
    parser.add_argument("--seed", type=SEED, default=1)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    scorer = scorer_for(args.pegs, args.colours)
    if scorer is None:
        parser.error(f"{args.pegs} pegs x {args.colours} colours has no multiset table to compare")
    if args.rows * args.codes > MAX_CELLS:
        parser.error(f"--rows x --codes is at most {MAX_CELLS:,} cells (each block is held a few times over)")
    generator = np.random.default_rng(args.seed)
    size = args.colours**args.pegs
    guesses = decode(generator.integers(0, size, args.rows), args.pegs, args.colours)
    codes = decode(generator.integers(0, size, args.codes), args.pegs, args.colours)
    guess_counts, counts = colour_counts(guesses, args.colours), colour_counts(codes, args.colours)
    columns, guess_ids, code_ids = (
        np.ascontiguousarray(codes.T),
        scorer.multiset_ids(guesses),
        scorer.multiset_ids(codes),
    )
    cells = args.rows * args.codes
    grades_size = grade_count(args.pegs)

    def per_colour() -> np.ndarray:
        return grades_between(guesses, guess_counts, codes, counts)

    def by_table() -> np.ndarray:
        return scorer.grades(guesses, guess_ids, columns, code_ids)

    reference = per_colour()
    assert np.array_equal(reference, by_table())

    def bincount_copy() -> np.ndarray:
        offsets = (np.arange(args.rows) * grades_size)[:, None]
        return np.bincount((reference + offsets).ravel(), minlength=args.rows * grades_size)

    assert np.array_equal(
        bincount_copy().reshape(args.rows, grades_size), part_counts(reference, grades_size)
    )
    parts = part_counts(reference, grades_size)

    def entropy_computed() -> np.ndarray:
        sizes = parts.astype(np.float64)
        return (sizes * np.log2(np.maximum(sizes, 1.0))).sum(axis=1)

    table = n_log2_n(1 << int(parts.max()).bit_length())

    def entropy_table() -> np.ndarray:
        return table[parts] @ np.ones(parts.shape[1])

    assert np.allclose(entropy_computed(), entropy_table(), rtol=1e-12)
    node = run(scorer.node_steps(columns, code_ids))
    guess_indices = encode(guesses, args.colours)

    def weigh_packed() -> np.ndarray:
        return negative_information(part_counts(by_table(), grades_size))

    def weigh_node() -> np.ndarray:
        return negative_information(node.part_counts(guess_indices, guess_ids))

    b, w = np.divmod(reference.astype(np.int64), args.pegs + 1)
    dense = (b + w) * (b + w + 1) // 2 + b
    assert np.array_equal(node.part_counts(guess_indices, guess_ids), part_counts(dense, node.size))
    assert np.allclose(weigh_packed(), weigh_node(), rtol=1e-12)
    result: dict = {"pegs": args.pegs, "colours": args.colours, "rows": args.rows, "codes": args.codes}
    build_ns = best_ns(lambda: run(scorer.node_steps(columns, code_ids)), args.repeat, 1)
    result["node_build_us"] = round(build_ns / 1000, 1)
    for name, old, new, per in (
        ("grades_ns_per_cell", per_colour, by_table, cells),
        ("part_counts_ns_per_cell", bincount_copy, lambda: part_counts(reference, grades_size), cells),
        ("entropy_ns_per_part", entropy_computed, entropy_table, parts.size),
        ("weighing_ns_per_cell", weigh_packed, weigh_node, cells),
    ):
        before, after = best_ns(old, args.repeat, per), best_ns(new, args.repeat, per)
        result[name] = {"before": before, "after": after, "speedup": round(before / max(after, 1e-9), 2)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
