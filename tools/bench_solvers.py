"""Benchmark solver strategies: guesses, solver time, the longest gap between yields, peak memory.

    python tools/bench_solvers.py --size 4x6 --strategy knuth --all
    python tools/bench_solvers.py --size 8x10 --strategy entropy --games 20 --seed 1
    python tools/bench_solvers.py --plan            # the standard plan, one child process per job
    python tools/bench_solvers.py --variant words --strategy entropy --games 200 --seed 1

Each job prints one JSON object (the plan prints one per line, each from its own process so that peak
memory is per job):
  strategy, pegs, colours, duplicates, games, total_guesses, mean, max, histogram, failures,
  seconds            wall time of the whole run,
  calls              strategy calls (one per node of the decision tree, see strategies/walk.py),
  per_guess_s        {mean, max} solver seconds of one call (one guess),
  per_guess_cpu_s    {mean, max} the same in this thread's CPU time (what a shared machine does not inflate),
  per_game_solver_s  {mean, max} solver seconds a single game needs (its calls summed),
  yield_gap_ms       {max, p99, p50, max_cpu, steps, worst_cpu_step}: time inside one next() of a
                     strategy generator; wall time can include other processes on a shared machine,
                     max_cpu is this thread's CPU time for the step, worst_cpu_step names it,
  peak_rss_mb        resource.getrusage(RUSAGE_SELF).ru_maxrss of the process.
Run it with nice and one job at a time: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Generator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from sweep import MAX_TURNS, pick_secrets, summarise  # noqa: E402

from game.cli import SEED, OneLineParser, number  # noqa: E402
from game.core.codes import Code  # noqa: E402
from game.core.config import MAX_PEGS, MIN_PEGS, ConfigError, GameConfig  # noqa: E402
from game.core.solver import History, Progress, Think  # noqa: E402
from game.core.space import SMALL_SPACE_CODES, legal_count  # noqa: E402
from game.core.strategies import STRATEGIES, STRONGEST, UnknownStrategy, get  # noqa: E402
from game.core.strategies.games import Played  # noqa: E402
from game.core.strategies.walk import walk  # noqa: E402
from game.core.variants import VariantError, variant_from_name  # noqa: E402
from game.tables import bind  # noqa: E402
from game.words import install as install_word_lists  # noqa: E402

MAX_GAMES = 10**10  # no size has more codes (10 colours ** 10 pegs); checked against the size's own later
# The standard plan: (size, strategies, games or None for all secrets).
PLAN: tuple[tuple[str, tuple[str, ...], int | None], ...] = (
    ("4x6", tuple(STRATEGIES), None),
    ("5x8", (STRONGEST,), 200),
    ("6x9", (STRONGEST,), 200),
    ("8x10", (STRONGEST,), 20),
    ("5x8", ("lowest", "random", "knuth", "irving", "most-parts"), 200),
    ("6x9", ("lowest", "random", "knuth", "irving", "most-parts"), 20),
    ("8x10", ("lowest", "random", "knuth", "irving", "most-parts"), 2),
)


class Timer:
    """Wraps a strategy to time each call and every step between two yields."""

    def __init__(self, think: Think) -> None:
        self.inner = think
        self.current: tuple = ()
        self.durations: dict[tuple, float] = {}
        self.cpu_durations: dict[tuple, float] = {}  # this thread's CPU time per call
        self.gaps_s: list[float] = []
        self.cpu_gaps_s: list[float] = []
        self.note = ""
        self.worst_cpu: tuple[float, str] = (0.0, "")

    def think(self, config: GameConfig, history: History, rng) -> Generator[Progress, None, Code]:
        self.current = tuple(history)
        return self.inner(config, history, rng)

    def run(self, gen: Generator[Progress, None, Code]) -> Code:
        total = 0.0
        cpu_started = time.thread_time()
        self.note = "start"
        while True:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                progress = next(gen)
            except StopIteration as stop:
                result = stop.value
                self.record(wall, cpu, "return")
                total += self.gaps_s[-1]
                self.durations[self.current] = total
                self.cpu_durations[self.current] = time.thread_time() - cpu_started
                return result
            self.record(wall, cpu, progress.note)
            total += self.gaps_s[-1]

    def record(self, wall: float, cpu: float, note: str) -> None:
        self.gaps_s.append(time.perf_counter() - wall)
        self.cpu_gaps_s.append(time.thread_time() - cpu)
        if self.cpu_gaps_s[-1] > self.worst_cpu[0]:
            self.worst_cpu = (self.cpu_gaps_s[-1], f"{self.note} -> {note}, turn {len(self.current) + 1}")
        self.note = note


def parse_size(text: str) -> tuple[int, int]:
    """ "5x8" -> (5, 8); ValueError unless it is two whole numbers in ASCII digits."""
    pegs, _, colours = text.lower().partition("x")
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (pegs, colours)):
        raise ValueError(f"size is PEGSxCOLOURS, not {text!r}")
    return int(pegs), int(colours)


def bench(
    size: str, name: str, games: int | None, seed: int, duplicates: bool = True, variant: str | None = None
) -> dict:
    pegs, colours = parse_size(size)
    config = GameConfig(pegs, colours, duplicates)
    if variant is not None:  # a variant by name plays its own size (its symbols, its list)
        config = GameConfig(variant=variant_from_name(variant))
    timer = Timer(bind(get(name)).think)  # `optimal` plays the shipped tables, as in sweep.py
    secrets = pick_secrets(config, games, seed)
    started = time.perf_counter()
    played = walk(config, timer.think, secrets, seed, MAX_TURNS, runner=timer.run)
    seconds = time.perf_counter() - started
    result = summarise(name, config, Played.of_games(config, played), seconds)
    per_game = [
        sum(
            timer.durations[tuple(zip(g.guesses[:k], g.feedback[:k], strict=True))]
            for k in range(len(g.guesses))
        )
        for g in played
    ]
    calls = np.array(list(timer.durations.values()))
    cpu = np.array(list(timer.cpu_durations.values()))
    gaps_ms = np.array(timer.gaps_s) * 1000
    result.update(
        seconds=round(seconds, 3),
        calls=int(calls.shape[0]),
        per_guess_s={"mean": round(float(calls.mean()), 4), "max": round(float(calls.max()), 4)},
        per_guess_cpu_s={"mean": round(float(np.mean(cpu)), 4), "max": round(float(np.max(cpu)), 4)},
        per_game_solver_s={
            "mean": round(float(np.mean(per_game)), 3),
            "max": round(float(np.max(per_game)), 3),
        },
        yield_gap_ms={
            "max": round(float(gaps_ms.max()), 2),
            "p99": round(float(np.percentile(gaps_ms, 99)), 2),
            "p50": round(float(np.percentile(gaps_ms, 50)), 3),
            "max_cpu": round(float(np.max(timer.cpu_gaps_s)) * 1000, 2),
            "steps": int(gaps_ms.shape[0]),
            "worst_cpu_step": timer.worst_cpu[1],
        },
        peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    )
    return result


def run_plan(seed: int) -> int:
    for size, names, games in PLAN:
        for name in names:
            args = [sys.executable, __file__, "--size", size, "--strategy", name, "--seed", str(seed)]
            args += ["--all"] if games is None else ["--games", str(games)]
            done = subprocess.run(args, capture_output=True, text=True)
            print(
                done.stdout.strip()
                if done.returncode == 0
                else json.dumps({"job": args[2:], "error": done.stderr})
            )
            sys.stdout.flush()
    return 0


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="bench_solvers.py", description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="4x6", help="PEGSxCOLOURS, e.g. 5x8")
    parser.add_argument("--strategy", default=STRONGEST, help="one of: " + ", ".join(STRATEGIES))
    parser.add_argument("--no-duplicates", action="store_true")
    parser.add_argument("--variant", metavar="NAME[:PARAMS]", help="a variant instead of --size: words")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true")
    which.add_argument("--games", type=number(1, MAX_GAMES), default=None)
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--plan", action="store_true", help="run the standard plan, one process per job")
    return parser


def main(argv: list[str] | None = None) -> int:
    install_word_lists()  # the word variants play the shipped lists
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.plan:
        return run_plan(args.seed)
    check_args(args, parser)
    games = None if args.all else args.games
    result = bench(args.size, args.strategy, games, args.seed, not args.no_duplicates, args.variant)
    print(json.dumps(result))
    return 0


def check_args(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Every argument checked before the benchmark starts (one line and exit 2 otherwise)."""
    try:
        pegs, colours = parse_size(args.size)
    except ValueError:
        parser.error(f"--size is PEGSxCOLOURS such as 5x8, not {args.size[:40]!r}")
    if not MIN_PEGS <= pegs <= MAX_PEGS:  # GameConfig would read pegs 0 as its default, 4
        parser.error(f"pegs must be a whole number from {MIN_PEGS} to {MAX_PEGS}, not {pegs}")
    try:
        config = GameConfig(pegs, colours, not args.no_duplicates)
        if args.variant is not None:
            config = GameConfig(variant=variant_from_name(args.variant))
        get(args.strategy)
    except (ConfigError, UnknownStrategy, VariantError) as exc:
        parser.error(str(exc))
    count = legal_count(config)
    if args.games is not None and not 1 <= args.games <= count:
        parser.error(f"--games must be from 1 to {count:,} (the number of codes), not {args.games}")
    if args.games is None and not args.all and count > SMALL_SPACE_CODES:
        parser.error(f"{count:,} codes: pass --games N")
    if args.all and not config.duplicates and count > SMALL_SPACE_CODES:
        parser.error(f"--all without repeats works up to {SMALL_SPACE_CODES:,} codes; pass --games N")


if __name__ == "__main__":
    sys.exit(main())
