"""Exact optimal Mastermind strategy: fewest guesses in total over all secrets, optionally capped.

    python tools/optimal.py --pegs 4 --colours 6 --out assets/strategies/optimal_4x6.txt
    python tools/optimal.py --pegs 4 --colours 6 --max-depth 5 --out assets/strategies/optimal_4x6_cap5.txt
    python tools/optimal.py --grid 2x2 --colours 5 --out assets/strategies/optimal_grid_2x2x5.txt
    python tools/optimal.py --variant bulls-and-cows:3 \
        --out assets/strategies/optimal_bulls_and_cows_3_nodup.txt
    python tools/optimal.py --pegs 4 --colours 10 --no-duplicates \
        --out assets/strategies/optimal_4x10_nodup.txt     (Bulls and Cows' 4 digits, a few minutes)

--grid RxC searches the 2-D puzzle (game/core/grid.py) of that shape, its cells as pegs; its position
symmetries are only row swaps, column swaps and, for a square, the transpose. --variant NAME[:PARAMS]
searches a variant graded as the row is (Bulls and Cows: its digits are colours, none repeated), with
its own pegs, colours and repeats rule, and names it in the table's header ("# variant: ...").

The objective is the one of Koyama and Lai (1993): the sum, over every secret, of the number of
guesses needed to find it, the final correct guess included. Any legal code may be played, even one
already ruled out. With --max-depth D no secret may need more than D guesses.

Method: depth-first branch and bound over guesses, with memoisation of subproblems keyed by the set
of codes still possible (and the guesses still allowed).
- Partitions of a candidate set by every guess at once come from a precomputed score table
  (uint8, codes x codes, dense grade ids; a node gathers the rows of its codes) and one numpy.bincount.
- Admissible lower bound: after one guess at most K - 1 non-winning grades remain (K grades in all),
  so at most (K - 1)**(k - 1) codes can be found with exactly k guesses; filling those levels greedily
  gives the least possible total for s codes (tree_bound). Below a node, K - 1 is replaced by the
  most classes any guess leaves of the node's codes (a guess never leaves more classes of a subset),
  which is often far fewer. A guess's bound is n plus that bound for
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
import contextlib
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import USAGE_ERROR, OneLineParser, error_line, number, path_arg  # noqa: E402
from game.core.codes import code_to_text  # noqa: E402
from game.core.config import GameConfig  # noqa: E402
from game.core.grid import parse_shape, shape_text  # noqa: E402
from game.core.optimal import StrategyTable, format_table, parse_table  # noqa: E402
from game.core.variants import GridVariant, RowVariant, variant_from_name  # noqa: E402
from game.options import COLOURS, PEGS  # noqa: E402
from tools.optimal_cells import cells_table  # noqa: E402
from tools.optimal_search import (  # noqa: E402
    INFINITE_COST,
    Search,
    build_space,
    possible_grades,
    solve_split,
    tree_bound,
)
from tools.pool import process_pool  # noqa: E402

# The search holds a codes x codes table of grades (one byte each) over every code of the size,
# repeats included: 10,000 codes is 100 MB. Past it the search would not end in a day anyway.
MAX_SEARCH_CODES = 10_000
# Grades are stored as one-byte ids: grids up to 3x3 have at most this many, 3x4 more.
MAX_SEARCH_GRADES = 255


def optimal_table(
    pegs: int,
    colours: int,
    duplicates: bool = True,
    max_depth: int | None = None,
    command: str = "",
    grid: tuple[int, int] | None = None,
    jobs: int = 1,
    variant: str | None = None,
    below: int | None = None,
) -> tuple[StrategyTable, dict]:
    """Run the search and return the table (with its header filled in) and a summary.

    With `grid` (rows, columns) the 2-D puzzle of that shape; pegs must be its cells. With jobs > 1
    the first guesses' subtrees are solved in that many processes (optimal_search.solve_split).
    With `below` (a known strategy's total + 1) every branch is cut against it from the start; a total
    found is still the optimum, and ValueError says so when nothing plays fewer guesses.
    """
    started, cpu_started = time.perf_counter(), time.process_time()
    space = build_space(pegs, colours, duplicates, grid)
    shape = {} if grid is None else {"grid": shape_text(grid)}
    if variant is not None:  # a variant graded as the row (Bulls and Cows): its table names it
        shape = {"variant": variant}
    search = Search(space, max_depth)
    limit = INFINITE_COST if below is None else below
    if jobs > 1:
        with process_pool(jobs) as executor:
            total, moves, search.nodes = solve_split(space, max_depth, executor, limit)
    else:
        total = search.solve_all(limit)
    if total >= INFINITE_COST:
        raise ValueError(f"no strategy finds every secret within {max_depth} guesses")
    if total >= limit:
        raise ValueError(f"no strategy plays fewer than {below} guesses in all: the optimum is at least that")
    moves = moves if jobs > 1 else search.strategy()
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    table = StrategyTable(pegs, colours, duplicates, moves, shape)
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
        "grid": shape.get("grid"),
        "variant": shape.get("variant"),
    }
    header = {
        **shape,
        "made by": "tools/optimal.py (exact depth-first branch and bound, see its docstring)",
        "objective": "fewest guesses in total over all secrets, the final correct guess included",
        "cap": "none" if max_depth is None else f"{max_depth} guesses",
        **({} if below is None else {"searched below": f"{below} guesses in all (a known total + 1)"}),
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


def size_of(table: StrategyTable) -> str:
    """ "4x6" (pegs x colours), or "grid 2x2 x6" for the 2-D puzzle."""
    if "grid" in table.header:  # a grid table names its shape so (variants.EARLIER_FIELDS reads it)
        return f"grid {shape_text(parse_shape(table.header['grid']))} x{table.colours}"
    if "variant" in table.header:  # a variant graded as the row: "Bulls and Cows, 3 digits"
        return table.variant.size_text(table.colours)
    return f"{table.pegs}x{table.colours}"


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
            f"| {name} | {size_of(table)} | {'yes' if table.duplicates else 'no'} | {h['cap']} "
            f"| {h['secrets']} | {h['total']} | {h['mean']} | {h['worst']} | {h['search seconds']} |"
        )
    out = directory / "README.md"
    out.write_text(INDEX_INTRO + "\n".join(lines) + "\n", encoding="utf-8")
    return out


class UsageError(Exception):
    """A bad argument, found before any work; main() prints it on one line and exits 2."""


def check_args(args: argparse.Namespace) -> None:
    """Every argument checked before the search starts (UsageError says what is allowed)."""
    if args.index is not None:
        if not args.index.is_dir():
            raise UsageError(f"--index needs a directory of tables, and {args.index} is not one")
        return
    try:
        if args.variant is not None:
            variant = variant_from_name(args.variant)
            if not isinstance(variant, RowVariant) or variant.listed or not variant.multiset:
                raise UsageError(f"the search grades codes as the row does; {variant.text} does not")
            config = GameConfig(variant=variant)
            args.pegs, args.colours, args.no_duplicates = config.pegs, config.colours, not config.duplicates
            args.variant = variant.text
        elif args.grid is not None:
            grid = parse_shape(args.grid)
            variant = GridVariant(*grid)
            config = GameConfig(colours=args.colours, duplicates=not args.no_duplicates, variant=variant)
            args.pegs, args.grid = config.pegs, config.variant.shape
        else:
            config = GameConfig(args.pegs, args.colours, duplicates=not args.no_duplicates)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.grid is not None and len(possible_grades(args.pegs, args.grid)) > MAX_SEARCH_GRADES:
        raise UsageError(f"a {shape_text(args.grid)} grid has more than {MAX_SEARCH_GRADES} grades to search")
    size = args.colours**args.pegs
    if size > MAX_SEARCH_CODES:
        raise UsageError(
            f"{args.pegs} pegs x {args.colours} colours is {size:,} codes; the exact search holds a "
            f"codes x codes table and stops at {MAX_SEARCH_CODES:,}"
        )
    if args.max_depth is not None:
        codes = size if config.duplicates else math.perm(args.colours, args.pegs)
        branches = len(possible_grades(args.pegs, args.grid)) - 1
        if args.max_depth < 1 or tree_bound(codes, branches, args.max_depth)[codes] >= INFINITE_COST:
            raise UsageError(
                f"--max-depth {args.max_depth} is too few guesses to find all {codes:,} codes "
                f"of {args.pegs} pegs x {args.colours} colours"
            )
    if (args.book is None) != (args.exact_up_to is None):
        raise UsageError("--book and --exact-up-to go together")
    if args.book is not None:
        try:
            args.book_table = parse_table(args.book.read_bytes())
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise UsageError(f"--book {args.book} is not a strategy table: {str(exc)[:80]}") from None
        size = (args.book_table.pegs, args.book_table.colours, args.book_table.duplicates)
        if size != (args.pegs, args.colours, not args.no_duplicates) or args.grid or args.variant:
            raise UsageError(f"--book {args.book} is not a book of the row's {args.pegs}x{args.colours}")
    if args.out is not None:
        check_writable(args.out)


def check_writable(path: Path) -> None:
    """Make sure `path` can be written, in a folder that exists (no folders are made unasked),
    without touching an existing file."""
    if path.is_dir():
        raise UsageError(f"--out {path} is a directory; give a file name such as optimal_4x6.txt")
    if not path.parent.is_dir():
        raise UsageError(f"cannot write --out {path}: its folder {path.parent} does not exist")
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".optimal-", suffix=".tmp"):
            pass
    except OSError as exc:
        raise UsageError(f"cannot write --out {path}: {exc.strerror or exc}") from None


def write_table(path: Path, text: str) -> None:
    """Replace `path` in one step, so an interrupted write never leaves half a table."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".optimal-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="optimal.py", description=__doc__.splitlines()[0])
    parser.add_argument("--pegs", type=PEGS, default=4)
    parser.add_argument("--colours", type=COLOURS, default=6)
    parser.add_argument("--no-duplicates", action="store_true", help="codes may not repeat a colour")
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--grid", metavar="RxC", help="the 2-D puzzle: R rows x C columns (not --pegs)")
    shape.add_argument(
        "--variant", metavar="NAME[:PARAMS]", help="a variant graded as the row: bulls-and-cows:3"
    )
    parser.add_argument(
        "--max-depth", type=number(1, 100), default=None, help="no secret may need more guesses"
    )
    parser.add_argument("--out", type=path_arg, default=None, help="write the strategy table here")
    parser.add_argument(
        "--index", type=path_arg, default=None, help="only rewrite DIR/README.md from the tables"
    )
    parser.add_argument("--jobs", type=number(1, 256), default=1, help="solve first guesses in N processes")
    parser.add_argument(
        "--book", type=path_arg, default=None, help="with --exact-up-to: larger cells play this book"
    )
    parser.add_argument(
        "--exact-up-to",
        type=number(1, MAX_SEARCH_CODES),
        default=None,
        metavar="N",
        help="solve the first guess's cells of at most N codes exactly (tools/optimal_cells.py)",
    )
    parser.add_argument(
        "--below",
        type=number(1, INFINITE_COST - 1),
        default=None,
        metavar="TOTAL",
        help="cut every branch against a known total + 1 (the result is still exact)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        check_args(args)
    except UsageError as exc:
        print(error_line(parser.prog, str(exc)), file=sys.stderr)
        return USAGE_ERROR
    if args.index is not None:
        print(json.dumps({"index": str(write_index(args.index))}))
        return 0
    command = "python tools/optimal.py " + " ".join(argv if argv is not None else sys.argv[1:])
    try:
        duplicates = not args.no_duplicates
        if args.book is not None:
            table, summary = cells_table(
                args.pegs, args.colours, duplicates, args.book_table, args.exact_up_to, command
            )
        else:
            table, summary = optimal_table(
                args.pegs,
                args.colours,
                duplicates,
                args.max_depth,
                command,
                args.grid,
                args.jobs,
                args.variant,
                args.below,
            )
    except ValueError as exc:  # a cap the quick bound allowed but the exact search proved impossible
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 1
    if args.out is not None:
        try:
            write_table(args.out, format_table(table))
        except OSError as exc:  # the folder changed during the search: keep the summary at least
            print(json.dumps(summary))
            print(f"{parser.prog}: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        summary["out"] = str(args.out)
    print(json.dumps(summary))
    size = f"{shape_text(args.grid)} grid x {args.colours}" if args.grid else f"{args.pegs}x{args.colours}"
    print(
        f"{size}: total {summary['total']} (mean {summary['mean']}, "
        f"worst {summary['worst']}, "
        f"first guess {summary['first_guess']}) in {summary['seconds']} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
