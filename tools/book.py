"""Opening books: the first two or three guesses chosen by looking ahead, shipped as strategy tables.

    python tools/book.py --pegs 5 --colours 8 --first 00123 --candidates 12 --jobs 2 \
        --out assets/strategies/book_5x8.txt
    python tools/book.py --pegs 4 --colours 5 --candidates 4 --out /tmp/book_4x5.txt

A greedy heuristic (entropy, the strongest built in) picks each guess by how it splits the codes
still possible, looking no further. A book looks one ply deeper where it matters most, at the second
guess: for every grade the first guess can get, each of the best few second guesses (by entropy,
by most parts and by expected size, over every code, consistent or not, one per colour-symmetry
orbit) is scored by actually playing entropy below it against every secret of that grade, and the
one with the fewest guesses in total wins (a worst case within --max-guesses first; then the tie
rule: a code that could be the secret, then the lowest-numbered). The first guess is given with
--first or, by default, every first-guess shape is scored the same way with entropy's own second
guesses and the best is kept (the lookahead is then run below it). --seconds-from BOOK takes the first
two guesses of an earlier book (entropy's own second guess where it has none, as after --prune) and
goes one ply deeper the same way: every cell of at least --deepen
secrets gets the third guess that plays best with entropy below it (entropy's own choice and the
earlier book's third guess among the candidates; smaller cells keep the earlier third guess), and the
header's totals come from playing the finished book over the secrets (--secrets: large spaces draw
that many, all of them when it is the size of the space).

The book is written in the format of the optimal tables (game.core.optimal): the first guess, one
second guess per grade and, deepened or --lookahead, third guesses. The `optimal` strategy plays
it where no exact table is shipped and entropy below it, which is exactly what was scored here. The
file header gives the command that remakes it and the totals over every secret; the file holds no
timings, so the same command writes the same bytes. Work is split over processes with --jobs (one
task per grade and candidate; tools/book_scoring.py nominates the candidates and scores them).

Large spaces (6x9) use --lookahead instead (tools/book_lookahead.py): every second-guess candidate is
scored by the best third guess below it for every cell and an estimate of the guesses after that,
over every secret without sampling, and the third guesses found are shipped too.

    python tools/book.py --pegs 6 --colours 9 --first 001123 --lookahead --candidates 6 --pool 4000 \
        --third-pool 16000 --jobs 2 --out assets/strategies/book_6x9.txt

--prune BOOK keeps an earlier book's moves only where they play fewer guesses than entropy over every
secret below them (tools/book_prune.py: both ways played out over every secret, bottom up), so the
`optimal` strategy playing it is never worse in all than entropy with the same seed:

    python tools/book.py --prune assets/strategies/book_6x9.txt --jobs 2 --out assets/strategies/book_6x9.txt

Spaces too large to play every secret (6x9 has 531,441) use --sample N: each grade's secrets are
sampled down to N (seeded) to score the candidates, and the totals in the header are then estimates
over those samples, said so in the header.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import Executor
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import SEED, OneLineParser, number, path_arg  # noqa: E402
from game.core.codes import (  # noqa: E402
    Code,
    CodeError,
    Feedback,
    code_from_text,
    code_to_text,
    decode,
)
from game.core.config import ConfigError, GameConfig  # noqa: E402
from game.core.optimal import StrategyTable, format_table, parse_table  # noqa: E402
from game.core.rowspace import shapes  # noqa: E402
from game.core.solver import run  # noqa: E402
from game.core.space import legal_count  # noqa: E402
from game.core.strategies import STRONGEST, get  # noqa: E402
from game.core.strategies.walk import node_rng  # noqa: E402
from game.options import COLOURS, PEGS  # noqa: E402
from tools import book_lookahead, book_prune  # noqa: E402
from tools.book_scoring import (  # noqa: E402
    MAX_TURNS,
    Task,
    all_secrets,
    candidate_pool,
    choose,
    nominate,
    play_book,
    play_opening,
    sample,
    split,
)
from tools.pool import process_pool  # noqa: E402

MAX_JOBS = 256  # worker processes: more is surely a typing slip
MAX_BOOK_BYTES = 1 << 30  # the largest shipped book is a few megabytes
MAX_CODES = 10**10  # 10 colours ** 10 pegs: no count of codes, secrets or cells is larger
MAX_POOL = 1_000_000  # candidate guesses drawn: each is scored against every secret of a grade


def build_book(args: argparse.Namespace, executor: Executor | None) -> tuple[StrategyTable, dict]:
    config = GameConfig(args.pegs, args.colours, duplicates=not args.no_duplicates)
    mapper = executor.map if executor is not None else map
    if args.prune is not None:  # an earlier book, its moves kept only where they beat entropy
        earlier = args.prune_table
        config = GameConfig(earlier.pegs, earlier.colours, duplicates=earlier.duplicates)
        kept, summary = book_prune.prune(config, dict(earlier.moves), args.seed, mapper)
        table = book_prune.pruned_table(earlier, kept, summary, args.command, args.seed)
        return table, {"pegs": config.pegs, "colours": config.colours, **summary}
    entropy = get(STRONGEST).think
    if args.lookahead:  # every secret, none played: the first guess is given or entropy's own
        first = args.first or run(entropy(config, (), random.Random(0)))
        moves, estimated, differ, scored, gain = book_lookahead.build(
            config, first, args.candidates, args.pool, args.third_pool, args.seed, mapper
        )
        every = book_prune.every_secret(config)
        table, summary = finish(args, config, every, moves, None, None, scored, [], estimated)
        summary.update(differ_from_entropy=differ, estimated_gain_over_entropy=round(gain, 1))
        return table, summary
    secrets = all_secrets(config, args.secrets, args.seed)
    if args.seconds_from is not None:  # the first two guesses of an earlier book, deepened here
        earlier = args.earlier_table  # read and checked with the arguments
        # A deepened book names where its first two guesses came from, so deepening it again is a no-op.
        made = earlier.header.get("first two guesses", f"as made by {earlier.header.get('command')}")
        args.earlier = made
        moves, played, args.kept = deepen(args, config, secrets, earlier.moves, mapper)
        total, worst = play_book(config, moves, secrets, args.seed, mapper)
        return finish(args, config, secrets, moves, total, worst, played, [])
    if args.first is not None:
        firsts = [args.first]
    else:
        firsts = shapes(config.pegs, config.colours, config.duplicates)
    # First guess: each shape scored with the heuristic's own second guesses (one task per grade).
    first_scores = []
    if len(firsts) > 1:
        tasks, owners = [], []
        for first in firsts:
            for grade, part in split(config, first, secrets):
                second = run(entropy(config, ((first, grade),), random.Random(0)))
                tasks.append(Task(config, (first, second), sample(part, args.sample, args.seed), args.seed))
                owners.append(first)
        totals: dict[Code, int] = {first: 0 for first in firsts}
        for owner, (total, _) in zip(owners, mapper(play_opening, tasks), strict=True):
            totals[owner] += total
        first_scores = [{"first": code_to_text(f), "total": totals[f]} for f in firsts]
        first = min(firsts, key=lambda f: (totals[f], f))
    else:
        first = firsts[0]
    # Second guesses: the nominated candidates of each grade, each played out below.
    tasks, owners, parts = [], [], []
    for grade, part in split(config, first, secrets):
        scored = sample(part, args.sample, args.seed)
        pool = candidate_pool(config, first, grade, part, args.pool)
        for code in nominate(config, pool, scored, args.candidates):
            tasks.append(Task(config, (first, code), scored, args.seed))
            owners.append(len(parts))
        parts.append((grade, part, scored))
    results: list[list[tuple[tuple[int, int], Code]]] = [[] for _ in parts]
    for owner, task, outcome in zip(owners, tasks, mapper(play_opening, tasks), strict=True):
        results[owner].append((outcome, task.opening[1]))
    moves: dict[tuple[Feedback, ...], Code] = {(): first}
    total, worst = 1 if secrets.shape[0] else 0, 1
    for (grade, part, _scored), scored_results in zip(parts, results, strict=True):
        consistent = {tuple(int(p) for p in row) for row in decode(part, config.pegs, config.colours)}
        best = choose(scored_results, consistent, args.max_guesses)
        (part_total, part_worst), code = scored_results[best]
        moves[(grade,)] = code
        total += part_total
        worst = max(worst, part_worst)
    return finish(args, config, secrets, moves, total, worst, len(tasks), first_scores)


def deepen(args, config: GameConfig, secrets: np.ndarray, earlier: dict, mapper) -> tuple[dict, int, int]:
    """The earlier book's first two guesses (entropy's own second guess where it has none, as a pruned
    book may), and a third guess chosen by playing out for every cell of at least --deepen secrets
    (the nominated codes, entropy's own choice and the earlier book's third guess each played with
    entropy below); smaller cells keep the earlier book's third guess. Returns the moves, the number
    of openings played and of earlier third guesses kept."""
    first = earlier[()]
    entropy = get(STRONGEST).think
    complete = secrets.shape[0] == legal_count(config)  # every code: each cell is all that fit it
    moves = {path: guess for path, guess in earlier.items() if len(path) <= 2}
    tasks, owners, cells = [], [], []
    for grade, part in split(config, first, secrets):
        second = earlier.get((grade,))
        if second is None:
            history = ((first, grade),)
            second = moves[(grade,)] = run(entropy(config, history, node_rng(args.seed, history)))
        for grade2, cell in split(config, second, part):
            if cell.shape[0] < args.deepen:
                continue
            history = ((first, grade), (second, grade2))
            own = run(entropy(config, history, node_rng(args.seed, history)))
            pool = candidate_pool(config, first, grade, cell, args.pool, history[1:])
            kept = [earlier[(grade, grade2)]] if (grade, grade2) in earlier else []
            for code in dict.fromkeys([own, *nominate(config, pool, cell, args.candidates), *kept]):
                tasks.append(Task(config, (first, second, code), cell, args.seed, history, complete))
                owners.append(len(cells))
            cells.append(((grade, grade2), cell))
    # Largest cells first, so the last tasks to finish are short ones.
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i].secrets.shape[0])
    outcomes: list = [None] * len(tasks)
    for done, (i, outcome) in enumerate(
        zip(order, mapper(play_opening, [tasks[i] for i in order]), strict=True), 1
    ):
        outcomes[i] = outcome
        if done % max(1, len(tasks) // 50) == 0:
            print(f"deepen: {done} of {len(tasks)} openings played", file=sys.stderr, flush=True)
    results: list[list[tuple[tuple[int, int], Code]]] = [[] for _ in cells]
    for owner, task, outcome in zip(owners, tasks, outcomes, strict=True):
        results[owner].append((outcome, task.opening[2]))
    for (path, cell), scored in zip(cells, results, strict=True):
        consistent = {tuple(int(p) for p in row) for row in decode(cell, config.pegs, config.colours)}
        moves[path] = scored[choose(scored, consistent, args.max_guesses)][1]
    kept = sum(1 for path in moves if len(path) == 2) - len(cells)
    return moves, len(tasks), kept


def finish(
    args, config, secrets, moves, total, worst, tasks, first_scores, estimated: float | None = None
) -> tuple[StrategyTable, dict]:
    sampled = estimated is None and (args.sample is not None or secrets.shape[0] < legal_count(config))
    what = "estimated over sampled secrets" if sampled else "over every secret"
    header = {
        "made by": "tools/book.py (one-ply lookahead over the second guess, see its docstring)",
        "below the book": f"{STRONGEST} (the optimal strategy's fallback)",
        "objective": "fewest guesses in total, worst case within the cap first",
        "secrets": str(int(secrets.shape[0])),
        "total": f"{total} ({what})",
        "mean": f"{(total or 0) / max(1, secrets.shape[0]):.4f}",
        "worst": str(worst),
        "command": args.command,
    }
    if args.seconds_from is not None:
        header["made by"] = "tools/book.py --seconds-from (third guesses played out, see its docstring)"
        header["first two guesses"] = args.earlier
        if args.kept:  # an earlier book's third guesses stay where no cell was deepened
            header["third guesses kept"] = (
                f"{args.kept}, in cells under --deepen {args.deepen}, from that book"
            )
    if estimated is not None:  # --lookahead: nothing played, the objective's own estimate instead
        header["made by"] = "tools/book.py --lookahead (two-step lookahead, see tools/book_lookahead.py)"
        header["objective"] = "fewest guesses, estimated from the best third guess's split (see ESTIMATE)"
        header["total"] = f"{estimated:.1f} (estimated below the third guesses, over every secret)"
        header["mean"] = f"{estimated / max(1, secrets.shape[0]):.4f}"
        header.pop("worst")
        total, worst = round(estimated, 1), None
    table = StrategyTable(config.pegs, config.colours, config.duplicates, moves, header)
    summary = {
        "pegs": config.pegs,
        "colours": config.colours,
        "first_guess": code_to_text(moves[()]),
        "secrets": int(secrets.shape[0]),
        "total": total,
        "mean": round(total / max(1, secrets.shape[0]), 4),  # an estimate with --lookahead
        "worst": worst,
        "sampled": sampled,
        "positions": len(moves),
        "openings_played": tasks,
        "first_guesses": first_scores,
    }
    return table, summary


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="book.py", description=__doc__.splitlines()[0])
    parser.add_argument("--pegs", type=PEGS, default=5)
    parser.add_argument("--colours", type=COLOURS, default=8)
    parser.add_argument("--no-duplicates", action="store_true")
    parser.add_argument("--first", help="the first guess as digits, e.g. 00123 (default: best shape)")
    parser.add_argument(
        "--candidates", type=number(1, 1_000), default=8, help="second guesses per criterion and grade"
    )
    parser.add_argument(
        "--max-guesses", type=number(1, MAX_TURNS), default=7, help="prefer books with no game longer"
    )
    parser.add_argument(
        "--secrets", type=number(1, MAX_CODES), default=None, help="large spaces: secrets drawn in all"
    )
    parser.add_argument(
        "--sample", type=number(1, MAX_CODES), default=None, help="score on at most N secrets per grade"
    )
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument(
        "--pool", type=number(1, MAX_POOL), default=60_000, help="large spaces: candidate guesses drawn"
    )
    parser.add_argument("--lookahead", action="store_true", help="two-step lookahead, no games played")
    parser.add_argument("--seconds-from", type=path_arg, help="take the first two guesses from this book")
    parser.add_argument(
        "--deepen", type=number(1, MAX_CODES), default=40, help="--seconds-from: cells this big get a third"
    )
    parser.add_argument(
        "--third-pool", type=number(1, MAX_POOL), default=16_000, help="--lookahead: third guesses drawn"
    )
    parser.add_argument("--prune", type=path_arg, help="keep this book's moves only where they beat entropy")
    parser.add_argument("--jobs", type=number(1, MAX_JOBS), default=1)
    parser.add_argument("--out", type=path_arg, default=None)
    return parser


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.command = "python tools/book.py " + " ".join(argv if argv is not None else sys.argv[1:])
    try:
        config = GameConfig(args.pegs, args.colours, duplicates=not args.no_duplicates)
        if args.first is not None:
            args.first = config.check_code(code_from_text(args.first, args.pegs, args.colours))
    except (ConfigError, CodeError) as exc:
        parser.error(str(exc))
    codes = legal_count(config)
    if args.secrets is not None and not 1 <= args.secrets <= codes:
        parser.error(f"--secrets must be from 1 to {codes:,} (the number of codes), not {args.secrets}")
    if args.prune is not None:
        args.prune_table = read_book(args.prune, "--prune", parser)
        try:
            GameConfig(args.prune_table.pegs, args.prune_table.colours, args.prune_table.duplicates)
        except ConfigError as exc:
            parser.error(f"--prune {args.prune} is not a book of a game: {exc}")
    if args.out is not None and (args.out.is_dir() or not args.out.parent.is_dir()):
        parser.error(f"--out {args.out} must be a file in an existing folder")
    if args.seconds_from is not None:
        args.earlier_table = read_earlier(args.seconds_from, config, parser)
    return args


def read_book(path: Path, option: str, parser: argparse.ArgumentParser) -> StrategyTable:
    """The book `option` names, read before any work: a file that parses as a strategy table, else one
    line (a folder, binary junk or a file far too big for a book are named, not a traceback)."""
    try:
        if not path.is_file():
            parser.error(f"{option} {path} must be a book file")
        if path.stat().st_size > MAX_BOOK_BYTES:
            parser.error(f"{option} {path} is over {MAX_BOOK_BYTES:,} bytes: not a book")
        table = parse_table(path.read_bytes())
    except OSError as exc:
        parser.error(f"{option} {path}: {exc.strerror or exc}")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # TableError is a ValueError
        parser.error(f"{option} {path} is not a strategy table: {str(exc)[:80]}")
    return table


def read_earlier(path: Path, config: GameConfig, parser: argparse.ArgumentParser) -> StrategyTable:
    """The book --seconds-from names, read before any work: it must exist, parse and fit `config`."""
    table = read_book(path, "--seconds-from", parser)
    if not table.fits(config) or () not in table.moves:
        parser.error(f"--seconds-from {path} is not a book of {config.pegs} pegs x {config.colours} colours")
    return table


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    executor = process_pool(args.jobs) if args.jobs > 1 else None
    try:
        table, summary = build_book(args, executor)
    finally:
        if executor is not None:
            executor.shutdown()
    summary["seconds"] = round(time.perf_counter() - started, 1)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(format_table(table), encoding="utf-8")
        summary["out"] = str(args.out)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
