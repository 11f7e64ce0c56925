"""Play every secret (or a sample) with one strategy and report how many guesses it took.

    python tools/sweep.py --pegs 4 --colours 6 --strategy knuth --all --json
    python tools/sweep.py --pegs 5 --colours 8 --strategy entropy --games 200 --seed 1 --json
    python tools/sweep.py --pegs 4 --colours 6 --strategy lowest --all --trace games.jsonl
    python tools/sweep.py --grid 2x3 --colours 4 --strategy knuth --all --json
    python tools/sweep.py --variant bulls-and-cows --strategy entropy --all --json
    python tools/sweep.py --variant words --strategy entropy --all --json

    python tools/sweep.py --pegs 5 --colours 8 --strategy entropy --all --jobs 2
    python tools/sweep.py --pegs 5 --colours 8 --strategy entropy --all --scheduler tcp://host:8786

--json prints one JSON object: strategy, pegs, colours, duplicates, games, total_guesses, mean, max,
histogram (number of guesses -> games), failures (games not solved within the Classic turn limit),
seconds (wall time of the sweep), workers, grid ("2x3" for the 2-D puzzle of --grid RxC, whose pegs
are its cells, else null), variant (the game's variant as stored: "row:4", "bulls-and-cows:4";
--variant takes one by name, with its default parameters, or by its stored text). Without --json a
readable summary with a text histogram.
--trace FILE writes one JSON line per game: {"secret": [...], "guesses": [[...], ...], "feedback":
[[b, w], ...]} ([b, g, w] for a grid), codes as 0-based ints; the file is opened before the sweep
starts. A progress bar goes to stderr once a run has taken a second. Bad arguments (an unwritable
--trace included) exit with status 2 and a one-line reason, before any work.

The strategy plays every secret at once through game.core.strategies.walk: it is called once per node
of its decision tree and sees only histories, never a secret. With --jobs N (N > 1) or --scheduler,
the first guess is chosen here and the secrets are split by its grade: the subtrees below it are
independent, so each is walked by a worker (concurrent.futures: a ProcessPoolExecutor, or a Dask
distributed cluster's executor, `pip install -e '.[cluster]'`), largest first. Every worker plays the
same first guess and the same node rngs, so the games are exactly those of one process; it walks from
that first guess (walk's root) and sends its games back as flat arrays (pack_games). With --all the
walk is complete: each node's secrets are its consistent codes, handed to the solver's cache.

--engine: with numba installed (the `engine` extra, `pip install -e '.[engine]'`) a complete walk of
the classic row with repeats decides the nodes where a partition strategy weighs exactly (every code,
nothing sampled) in compiled code (tools/compiled_nodes.py): the same games, faster. "auto" (the
default) uses it when numba imports, "numpy" never, "numba" insists. The JSON says what decided:
"nodes_compiled" (nodes the compiled code decided), "nodes_strategy" (nodes the strategy was asked,
in numpy; the nodes a complete walk plays without asking anyone, the last two codes and a code left
splitting them into singletons, are in neither), and "engine": "numba" only where nodes_compiled is
not 0 (so "numpy" for a strategy no exact rule covers, with numba installed or not).
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import importlib.util
import json
import os
import random
import sys
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Executor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# One thread per process: a sweep's workers are its processes (--jobs), and OpenBLAS's own threads
# (numpy's matrix-vector products) only spin beside them.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from game.cli import SEED, USAGE_ERROR, OneLineParser, error_line, number, path_arg  # noqa: E402
from game.core.codes import Code, code_index, decode, encode  # noqa: E402
from game.core.config import Difficulty, GameConfig, turn_limit  # noqa: E402
from game.core.grid import parse_shape, shape_text  # noqa: E402
from game.core.solver import Progress, run  # noqa: E402
from game.core.space import SMALL_SPACE_CODES, legal_count, small_space, small_space_steps  # noqa: E402
from game.core.strategies import STRATEGIES, UnknownStrategy, get  # noqa: E402
from game.core.strategies.games import Played  # noqa: E402
from game.core.strategies.levels import LevelDecider  # noqa: E402
from game.core.strategies.partition import ExactRule  # noqa: E402
from game.core.strategies.walk import Game, node_rng, walk_played  # noqa: E402
from game.core.variants import GridVariant, variant_from_name  # noqa: E402
from game.options import COLOURS, PEGS  # noqa: E402
from game.tables import bind  # noqa: E402
from game.words import install as install_word_lists  # noqa: E402

BAR_AFTER_S = 1.0
BAR_EVERY_S = 0.1
BAR_WIDTH = 30
# Games are played on past the Classic limit (to measure failures) up to this many guesses.
MAX_TURNS = 40
# More worker processes than this is surely a typing slip.
MAX_JOBS = 256
ENGINES = ("auto", "numba", "numpy")


class UsageError(Exception):
    """A bad argument; main() prints the one-line reason and exits 2."""


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="sweep.py", description="Play all secrets (or a sample) with one strategy.")
    parser.add_argument("--pegs", type=PEGS, default=4)
    parser.add_argument("--colours", type=COLOURS, default=6)
    parser.add_argument("--no-duplicates", action="store_true", help="codes never repeat a colour")
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--grid", metavar="RxC", help="the 2-D puzzle: R rows x C columns (not --pegs)")
    shape.add_argument(
        "--variant", metavar="NAME[:PARAMS]", help="a variant: bulls-and-cows, bulls-and-cows:5, words"
    )
    parser.add_argument("--strategy", default="knuth", help="one of: " + ", ".join(STRATEGIES))
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every secret (the default for small sizes)")
    which.add_argument("--games", type=number(1, 10**10), help="this many random secrets, drawn with --seed")
    parser.add_argument("--seed", type=SEED, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trace", type=path_arg, metavar="FILE", help="write one JSON line per game")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="decide exact nodes in compiled code (numba): auto (if installed), numba, numpy (never)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=number(1, MAX_JOBS), default=1, help="walk subtrees in this many processes"
    )
    where.add_argument("--scheduler", metavar="ADDRESS", help="walk subtrees on this Dask scheduler")
    return parser


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = build_parser()
    return parser.parse_args(argv)


def check_args(args: argparse.Namespace) -> GameConfig:
    install_word_lists()  # the word variants play the shipped lists
    try:
        if args.variant is not None:  # a variant that fixes its colours and repeats plays its own
            variant = variant_from_name(args.variant)
            config = GameConfig(colours=args.colours, duplicates=not args.no_duplicates, variant=variant)
        elif args.grid is None:
            config = GameConfig(args.pegs, args.colours, duplicates=not args.no_duplicates)
        else:
            grid = parse_shape(args.grid)
            variant = GridVariant(*grid)
            config = GameConfig(colours=args.colours, duplicates=not args.no_duplicates, variant=variant)
        get(args.strategy)
    except (ValueError, UnknownStrategy) as exc:
        raise UsageError(str(exc)) from None
    count = legal_count(config)
    if args.games is not None and not 1 <= args.games <= count:
        raise UsageError(f"--games must be from 1 to {count} (the number of codes), not {args.games}")
    if args.games is None and count > SMALL_SPACE_CODES and not args.all:
        raise UsageError(f"{count} codes is a lot: pass --games N (or --all if you mean it)")
    listed = isinstance(config.variant, GridVariant)  # every grid space is listed whole
    if args.games is None and count > SMALL_SPACE_CODES and not config.duplicates and not listed:
        raise UsageError(f"--all without repeats works up to {SMALL_SPACE_CODES} codes; pass --games N")
    if args.scheduler is not None and importlib.util.find_spec("distributed") is None:
        raise UsageError("--scheduler needs Dask distributed: pip install -e '.[cluster]'")
    if args.engine == "numba" and not numba_installed():
        raise UsageError("--engine numba needs numba: pip install -e '.[engine]'")
    return config


def open_trace(path: Path | None) -> TextIO | None:
    """Open the trace file before the sweep, so a bad path costs nothing (UsageError)."""
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write the trace to {path}: {exc.strerror or exc}") from None


def pick_secrets(config: GameConfig, games: int | None, seed: int) -> np.ndarray:
    """Code indices of the secrets: every legal code, or `games` distinct ones drawn with `seed`."""
    count = legal_count(config)
    if config.variant.listed:  # a list's secrets (the words' answers), by rank
        ranks = range(count) if games is None else sorted(random.Random(seed).sample(range(count), games))
        codes = [config.variant.secret_of_rank(config.colours, config.duplicates, rank) for rank in ranks]
        return encode(np.asarray(codes, dtype=np.int64), config.colours)
    if games is None:
        if config.duplicates:
            return np.arange(count, dtype=np.int64)
        if isinstance(config.variant, GridVariant):  # every grid space is listed whole (game.core.gridspace)
            return run(small_space_steps(config.pegs, config.colours, False, limit=count)).indices.copy()
        return small_space(config.pegs, config.colours, False).indices.copy()
    rng = random.Random(seed)
    if config.duplicates:
        return np.array(rng.sample(range(count), games), dtype=np.int64)
    chosen: dict[Code, None] = {}
    while len(chosen) < games:
        chosen[tuple(rng.sample(range(config.colours), config.pegs))] = None
    return np.array([code_index(code, config.colours) for code in chosen], dtype=np.int64)


class Pump:
    """Runs strategy generators, timing every gap between yields and drawing the progress bar."""

    def __init__(self, show_bar: bool) -> None:
        self.show_bar = show_bar
        self.started = time.perf_counter()
        self.longest_gap_s = 0.0
        self.calls = 0
        self.solver_s = 0.0
        self.finished = 0
        self.total = 0
        self.note = ""
        self.last_draw = 0.0
        self.drawn = False

    def __call__(self, gen: Generator[Progress, None, Code]) -> Code:
        self.calls += 1
        before = time.perf_counter()
        try:
            while True:
                start = time.perf_counter()
                try:
                    progress = next(gen)
                except StopIteration as stop:
                    self.longest_gap_s = max(self.longest_gap_s, time.perf_counter() - start)
                    return stop.value
                now = time.perf_counter()
                self.longest_gap_s = max(self.longest_gap_s, now - start)
                self.note = progress.note
                self.draw(now)
        finally:
            self.solver_s += time.perf_counter() - before

    def on_node(self, finished: int, total: int) -> None:
        self.finished, self.total = finished, total
        self.draw(time.perf_counter())

    def draw(self, now: float) -> None:
        if not self.show_bar or now - self.started < BAR_AFTER_S or now - self.last_draw < BAR_EVERY_S:
            return
        self.last_draw = now
        self.drawn = True
        filled = BAR_WIDTH * self.finished // max(1, self.total)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        elapsed = now - self.started
        line = f"\r[{bar}] {self.finished}/{self.total} games {elapsed:6.1f} s  {self.note[:28]:<28}"
        sys.stderr.write(line)
        sys.stderr.flush()

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


def summarise(name: str, config: GameConfig, played: Played, seconds: float) -> dict:
    lengths = played.turns
    limit = turn_limit(config.pegs, config.colours, Difficulty.CLASSIC, config.variant)
    counts = np.bincount(lengths)
    histogram = {str(length): int(counts[length]) for length in np.flatnonzero(counts).tolist()}
    return {
        "strategy": name,
        "pegs": config.pegs,
        "colours": config.colours,
        "duplicates": config.duplicates,
        "games": int(lengths.shape[0]),
        "total_guesses": int(lengths.sum()),
        "mean": round(int(lengths.sum()) / lengths.shape[0], 4),
        "max": int(lengths.max()),
        "histogram": histogram,
        "failures": int(np.count_nonzero(~played.won | (lengths > limit))),
        "seconds": round(seconds, 3),
        "grid": shape_text(config.variant.shape) if isinstance(config.variant, GridVariant) else None,
        "variant": config.variant.text,
    }


def write_trace(out: TextIO, games: list[Game]) -> None:
    with out:
        for game in games:
            record = {
                "secret": list(game.secret),
                "guesses": [list(guess) for guess in game.guesses],
                "feedback": [[int(n) for n in fb] for fb in game.feedback],
            }
            out.write(json.dumps(record) + "\n")


def shape_of(result: dict) -> str:
    return f"{result['grid']} grid" if result.get("grid") else f"{result['pegs']} pegs"


def human_summary(result: dict) -> str:
    lines = [
        f"{result['strategy']} at {shape_of(result)} x {result['colours']} colours"
        f"{'' if result['duplicates'] else ' (no repeats)'}: {result['games']} games, "
        f"{result['total_guesses']} guesses, mean {result['mean']:.4f}, worst {result['max']}, "
        f"failures {result['failures']}, {result['seconds']:.2f} s",
    ]
    most = max(result["histogram"].values())
    for length, games in result["histogram"].items():
        bar = "#" * max(1, round(40 * games / most))
        lines.append(f"{int(length):3d} guesses {games:8d}  {bar}")
    return "\n".join(lines)


def numba_installed() -> bool:
    """Whether numba can be imported, without importing it (workers import it, not this process)."""
    try:
        return importlib.util.find_spec("numba") is not None
    except ValueError:  # sys.modules holds None for it: importing it fails
        return False


@dataclass
class NodeCounts:
    """How many nodes of a walk were decided in compiled code and how many by asking the strategy."""

    compiled: int = 0
    strategy: int = 0

    def add(self, other: NodeCounts) -> None:
        self.compiled += other.compiled
        self.strategy += other.strategy


class CountedDecider:
    """A LevelDecider that counts the nodes it decides into `counts`."""

    def __init__(self, decide: LevelDecider, counts: NodeCounts) -> None:
        self.decide = decide
        self.counts = counts

    def __call__(self, config: GameConfig, rule: ExactRule, *arrays: np.ndarray) -> np.ndarray:
        """arrays: LevelDecider's codes, firsts, sizes, nodes and played."""
        self.counts.compiled += int(arrays[3].shape[0])
        return self.decide(config, rule, *arrays)


def counted_decider(engine: str, complete: bool, counts: NodeCounts) -> LevelDecider | None:
    """level_decider(engine) for a complete walk, counting its nodes into `counts`; else None."""
    decide = level_decider(engine) if complete else None
    return None if decide is None else CountedDecider(decide, counts)


def level_decider(engine: str) -> LevelDecider | None:
    """tools/compiled_nodes.py's decider for `engine` ("numpy": none), or None where numba does not
    import."""
    if engine == "numpy":
        return None
    try:  # imported here: numba is an optional extra, and its import alone costs a quarter second
        return importlib.import_module("tools.compiled_nodes").decide
    except ImportError:
        return None


def sweep(
    config: GameConfig,
    name: str,
    secrets: np.ndarray,
    seed: int,
    pump: Pump,
    complete: bool = False,
    engine: str = "auto",
    counts: NodeCounts | None = None,
) -> tuple[Played, float]:
    """Every game in this process; `complete`: the secrets are every legal code (see walk); `engine`:
    see the module docstring; `counts` gets the nodes decided compiled (the pump counts the asked)."""
    started = time.perf_counter()
    think = bind(get(name)).think  # `optimal` plays the shipped tables
    decide = counted_decider(engine, complete, NodeCounts() if counts is None else counts)
    played = walk_played(
        config,
        think,
        secrets,
        seed,
        MAX_TURNS,
        runner=pump,
        on_node=pump.on_node,
        complete=complete,
        decide=decide,
    )
    return played, time.perf_counter() - started


@dataclass(frozen=True)
class Subtree:
    """One worker's share: the secrets one grade of the first guess sends below it (`root`)."""

    config: GameConfig
    strategy: str
    seed: int
    root: tuple[tuple[Code, tuple[int, ...]], ...]
    secrets: np.ndarray
    complete: bool  # the secrets are every legal code consistent with root
    engine: str = "auto"  # sweep.py's --engine


def play_subtree(task: Subtree) -> tuple[PackedGames, NodeCounts]:
    """Walk one subtree (run in a worker): the strategy's games below `root`, root included, packed,
    and how its nodes were decided."""
    think = bind(get(task.strategy)).think
    counts = NodeCounts()
    decide = counted_decider(task.engine, task.complete, counts)

    def asked(gen: Generator[Progress, None, Code]) -> Code:
        counts.strategy += 1
        return run(gen)

    with numpy_friendly_malloc():
        played = walk_played(
            task.config,
            think,
            task.secrets,
            task.seed,
            MAX_TURNS,
            runner=asked,
            root=task.root,
            complete=task.complete,
            decide=decide,
        )
    return pack_games(played), counts


# A subtree's games as four flat arrays: guesses per game (n,), every guess's code number and packed
# grade (sum of turns,), solved (n,). Dask serialises a list element by element (4 MB and a second
# for the 7,051 games below one grade at 5x8, then as long again to read them back); arrays go whole.
PackedGames = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def pack_games(played: Played) -> PackedGames:
    taken = np.arange(played.guesses.shape[1])[None, :] < played.turns[:, None]  # row by row
    guesses, grades = played.guesses[taken], played.grades[taken].astype(np.int32)
    return played.turns.astype(np.int32), guesses, grades, played.won.copy()


def unpack_played(config: GameConfig, secrets: np.ndarray, packed: PackedGames) -> Played:
    """The games pack_games() packed, as arrays again (the secrets' codes from their numbers)."""
    turns, guesses, grades, solved = packed
    width = max(1, int(turns.max(initial=0)))
    taken = np.arange(width)[None, :] < turns[:, None]
    guess_rows = np.full(taken.shape, -1, dtype=np.int64)
    grade_rows = np.full(taken.shape, -1, dtype=np.int64)
    guess_rows[taken], grade_rows[taken] = guesses, grades
    codes = decode(secrets, config.pegs, config.colours)
    won = np.asarray(solved, dtype=bool)
    return Played(config, codes, guess_rows, grade_rows, turns.astype(np.int64), won)


def unpack_games(config: GameConfig, secrets: np.ndarray, packed: PackedGames) -> list[Game]:
    """The Game of each secret from pack_games()'s arrays (equal to the games that were packed)."""
    return unpack_played(config, secrets, packed).games()


def merge_played(config: GameConfig, secrets: np.ndarray, parts: list[tuple[np.ndarray, Played]]) -> Played:
    """One Played of every secret, in the order of `secrets`, from the played games of parts of them."""
    order = np.argsort(secrets, kind="stable")
    width = max(part.guesses.shape[1] for _, part in parts)
    guesses = np.full((secrets.shape[0], width), -1, dtype=np.int64)
    grades = np.full(guesses.shape, -1, dtype=np.int64)
    turns = np.zeros(secrets.shape[0], dtype=np.int64)
    won = np.zeros(secrets.shape[0], dtype=bool)
    for part_secrets, part in parts:
        rows = order[np.searchsorted(secrets, part_secrets, sorter=order)]
        guesses[rows, : part.guesses.shape[1]] = part.guesses
        grades[rows, : part.grades.shape[1]] = part.grades
        turns[rows], won[rows] = part.turns, part.won
    return Played(config, decode(secrets, config.pegs, config.colours), guesses, grades, turns, won)


# glibc mallopt() parameters, and the values its dynamic thresholds reach on 64-bit systems.
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
DYNAMIC_MMAP_THRESHOLD_MAX = 32 * 1024 * 1024
DEFAULT_MMAP_THRESHOLD = 128 * 1024


def _mallopt() -> Callable[[int, int], int] | None:
    try:
        return getattr(ctypes.CDLL(None), "mallopt", None)
    except (OSError, TypeError):  # no C library to open this way (Windows)
        return None


@contextmanager
def numpy_friendly_malloc() -> Iterator[None]:
    """Let glibc keep freed memory for reuse while a subtree is walked, where a worker forbids it.

    Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_ set (65536), which also turns off
    glibc's dynamic mmap threshold: then every numpy temporary above 128 KB is a fresh mmap, paid for
    in page faults on first touch and unmapped when freed. The walk makes hundreds of thousands of
    them (blocks of grades and part counts): measured 20 -> 36 s CPU for a 5x7 sweep, a third of it
    in the kernel. Inside this block the thresholds are those glibc's dynamic rule reaches (32 MB
    mmap, 64 MB trim); on leaving, the worker's own settings come back. Elsewhere (no such variable,
    or not glibc) it does nothing.
    """
    trim = os.environ.get("MALLOC_TRIM_THRESHOLD_", "")
    mallopt = _mallopt() if trim.isdigit() else None
    if mallopt is None:
        yield
        return
    mmap = os.environ.get("MALLOC_MMAP_THRESHOLD_", str(DEFAULT_MMAP_THRESHOLD))
    mallopt(M_MMAP_THRESHOLD, DYNAMIC_MMAP_THRESHOLD_MAX)
    mallopt(M_TRIM_THRESHOLD, 2 * DYNAMIC_MMAP_THRESHOLD_MAX)
    try:
        yield
    finally:
        mallopt(M_MMAP_THRESHOLD, int(mmap) if mmap.isdigit() else DEFAULT_MMAP_THRESHOLD)
        mallopt(M_TRIM_THRESHOLD, int(trim))


def split_tasks(
    config: GameConfig,
    name: str,
    secrets: np.ndarray,
    seed: int,
    pump: Pump,
    complete: bool,
    engine: str = "auto",
) -> list[Subtree]:
    """Choose the first guess here and split the secrets by its grade, largest part first."""
    think = bind(get(name)).think
    guess = tuple(int(p) for p in pump(think(config, (), node_rng(seed, ()))))
    grades = config.variant.score_many(guess, decode(secrets, config.pegs, config.colours), config.colours)
    tasks = []
    for grade in np.unique(grades):
        root = ((guess, tuple(config.variant.unpack(int(grade)))),)
        tasks.append(Subtree(config, name, seed, root, secrets[grades == grade], complete, engine))
    tasks.sort(key=lambda task: -task.secrets.shape[0])
    return tasks


def executor_for(jobs: int, scheduler: str | None) -> tuple[Executor, Callable[[], None], int]:
    """A concurrent.futures executor (processes or a Dask cluster), how to close it, and its workers."""
    if scheduler is not None:
        from distributed import Client

        client = Client(scheduler)
        return client.get_executor(), client.close, len(client.scheduler_info()["workers"])
    from tools.pool import process_pool  # its multiprocessing imports only where workers are made

    pool = process_pool(jobs)
    return pool, pool.shutdown, jobs


def sweep_split(
    config: GameConfig,
    name: str,
    secrets: np.ndarray,
    seed: int,
    pump: Pump,
    executor: Executor,
    complete: bool = False,
    engine: str = "auto",
    counts: NodeCounts | None = None,
) -> tuple[Played, float]:
    """The same games as sweep(), with the subtrees below the first guess walked by `executor`;
    `counts` gets the workers' node counts (the pump counts the first guess)."""
    started = time.perf_counter()
    tasks = split_tasks(config, name, secrets, seed, pump, complete, engine)
    futures = {executor.submit(play_subtree, task): task for task in tasks}
    parts = []
    finished = 0
    for future in as_completed(futures):
        task = futures[future]
        packed, decided = future.result()
        if counts is not None:
            counts.add(decided)
        parts.append((task.secrets, unpack_played(config, task.secrets, packed)))
        finished += task.secrets.shape[0]
        pump.on_node(finished, secrets.shape[0])
    return merge_played(config, secrets, parts), time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
        config = check_args(args)
        trace = open_trace(args.trace)
    except UsageError as exc:
        print(error_line("sweep.py", str(exc)), file=sys.stderr)
        return USAGE_ERROR
    secrets = pick_secrets(config, None if args.all or args.games is None else args.games, args.seed)
    pump = Pump(show_bar=not args.quiet)
    workers = 1
    complete = args.games is None  # every legal code, sorted (pick_secrets)
    counts = NodeCounts()
    try:
        if args.jobs > 1 or args.scheduler is not None:
            executor, close, workers = executor_for(args.jobs, args.scheduler)
            try:
                played, seconds = sweep_split(
                    config, args.strategy, secrets, args.seed, pump, executor, complete, args.engine, counts
                )
            finally:
                close()
        else:
            played, seconds = sweep(
                config, args.strategy, secrets, args.seed, pump, complete, args.engine, counts
            )
    finally:
        pump.close()
    result = summarise(args.strategy, config, played, seconds)
    result["workers"] = workers
    counts.strategy += pump.calls  # the strategy asked in this process (the first guess of a split)
    result["engine"] = "numba" if counts.compiled else "numpy"
    result["nodes_compiled"] = counts.compiled
    result["nodes_strategy"] = counts.strategy
    if trace is not None:
        write_trace(trace, played.games())
    print(json.dumps(result) if args.json else human_summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
