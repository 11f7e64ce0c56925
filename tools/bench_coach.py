"""Benchmark the coach's generators: how long one step of What-we-know and of Par takes, so a screen
pumping them keeps its frames short (a frame is 16.7 ms at 60 Hz; the pump overshoots its budget by
at most one step).

    python tools/bench_coach.py                           # 5x8 and 8x10, 4 positions each, seed 1
    python tools/bench_coach.py --size 8x10 --positions 8 --seed 2

Positions: for each size, seeded secrets and 0 to 3 random rows graded against them (what a player
meets early in a game, where the sets are largest). On each position three generators run to the end,
each step timed: facts (game.core.facts.facts_steps, with one colour marked ruled out), par
(game.core.par.par_steps, the shipped table or book passed in as the game would) and par_move
(par_move_steps, the position's last row weighed). Caches are those of one process, as in a game.
Then a game.play.Coach follows the same positions (another seed, so its sampling is fresh), one
update(PUMP_BUDGET_MS) per frame, as a screen would call it.

Prints one JSON object per size, then a human line per size on stderr:
  size, positions, seed, peak_rss_mb, and per generator {steps, total_s, max_ms, p99_ms, p50_ms,
  max_cpu_ms, worst_step}: wall time of one next(); max_cpu_ms is this thread's CPU time for the
  longest step (wall time includes other processes on a shared machine); worst_step names the
  Progress notes around the step with the most CPU time; coach_update {frames, budget_ms, max_ms,
  p99_ms, p50_ms, max_cpu_ms, p99_cpu_ms}: each Coach.update() call, the coach's share of a frame.
Run it with nice, one at a time: the machine is shared.
"""

from __future__ import annotations

import json
import random
import resource
import sys
import time
from collections.abc import Generator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from game.cli import SEED, OneLineParser  # noqa: E402
from game.cli import number as bounded  # noqa: E402  (a loop below counts with "number")
from game.core.config import ConfigError, GameConfig  # noqa: E402
from game.core.facts import facts_steps, ruled_out_facts  # noqa: E402
from game.core.par import par_move_steps, par_steps  # noqa: E402
from game.play.coach import Coach  # noqa: E402
from game.play.pump import PUMP_BUDGET_MS  # noqa: E402
from game.play.record import GameRecord, Player  # noqa: E402
from game.tables import table_for  # noqa: E402

DEFAULT_SIZES = ("5x8", "8x10")


class StepTimes:
    """Wall and CPU time of every step of the generators it runs."""

    def __init__(self) -> None:
        self.wall_s: list[float] = []
        self.cpu_s: list[float] = []
        self.worst: tuple[float, str] = (0.0, "")
        self.total_s = 0.0

    def run(self, gen: Generator) -> object:
        note = "start"
        while True:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                progress = next(gen)
            except StopIteration as stop:
                self._record(wall, cpu, f"{note} -> return")
                return stop.value
            self._record(wall, cpu, f"{note} -> {progress.note}")
            note = progress.note

    def _record(self, wall: float, cpu: float, label: str) -> None:
        self.wall_s.append(time.perf_counter() - wall)
        self.cpu_s.append(time.thread_time() - cpu)
        self.total_s += self.wall_s[-1]
        if self.cpu_s[-1] > self.worst[0]:
            self.worst = (self.cpu_s[-1], label)

    def summary(self) -> dict:
        wall_ms = np.array(self.wall_s) * 1000
        return {
            "steps": int(wall_ms.shape[0]),
            "total_s": round(self.total_s, 3),
            "max_ms": round(float(wall_ms.max()), 2),
            "p99_ms": round(float(np.percentile(wall_ms, 99)), 2),
            "p50_ms": round(float(np.percentile(wall_ms, 50)), 3),
            "max_cpu_ms": round(self.worst[0] * 1000, 2),
            "worst_step": self.worst[1],
        }


def parse_size(text: str) -> GameConfig:
    pegs, sep, colours = text.lower().partition("x")
    if not sep or not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (pegs, colours)):
        raise ConfigError(f"a size is PEGSxCOLOURS such as 5x8, not {text!r}")
    return GameConfig(int(pegs), int(colours))


def positions(config: GameConfig, count: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    found = []
    for number in range(count):
        secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        history = []
        for _ in range(number % 4):
            guess = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
            history.append((guess, config.variant.score(guess, secret)))
        found.append(history)
    return found


def coach_frames(config: GameConfig, histories: list[list], table, seed: int) -> dict:
    """A Coach following each position as a game would, one update(PUMP_BUDGET_MS) per frame: how
    long the coach's share of a frame is."""
    calls_ms, cpu_ms = [], []
    for history in histories:
        record = GameRecord.new(config, None)
        for guess, grade in history:
            record = record.played(guess, Player.COMPUTER, grade)
        coach = Coach(table, seed)
        coach.follow(record)
        while coach.busy:
            start, cpu = time.perf_counter(), time.thread_time()
            coach.update(PUMP_BUDGET_MS)
            calls_ms.append((time.perf_counter() - start) * 1000)
            cpu_ms.append((time.thread_time() - cpu) * 1000)
    calls = np.array(calls_ms)
    return {
        "frames": int(calls.shape[0]),
        "budget_ms": PUMP_BUDGET_MS,
        "max_ms": round(float(calls.max()), 2),
        "p99_ms": round(float(np.percentile(calls, 99)), 2),
        "p50_ms": round(float(np.percentile(calls, 50)), 2),
        "max_cpu_ms": round(max(cpu_ms), 2),
        "p99_cpu_ms": round(float(np.percentile(cpu_ms, 99)), 2),
    }


def bench(config: GameConfig, count: int, seed: int) -> dict:
    table = table_for(config)
    times = {"facts": StepTimes(), "par": StepTimes(), "par_move": StepTimes()}
    histories = positions(config, count, seed)
    for history in histories:
        marked = ruled_out_facts([history[0][0][0]] if history else [])
        times["facts"].run(facts_steps(config, history, marked))
        times["par"].run(par_steps(config, history, table, seed))
        if history:
            times["par_move"].run(par_move_steps(config, history, table, seed))
    result = {"size": f"{config.pegs}x{config.colours}", "positions": count, "seed": seed}
    result.update({name: t.summary() for name, t in times.items() if t.wall_s})
    result["coach_update"] = coach_frames(config, histories, table, seed + 1)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="bench_coach.py", description=__doc__.splitlines()[0])
    parser.add_argument("--size", action="append", help="PEGSxCOLOURS, repeatable (default 5x8 and 8x10)")
    parser.add_argument(
        "--positions", type=bounded(1, 10_000), default=4, help="positions per size (default 4)"
    )
    parser.add_argument("--seed", type=SEED, default=1)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        configs = [parse_size(size) for size in args.size or DEFAULT_SIZES]
    except ValueError as exc:
        print(f"bench_coach.py: error: {exc}", file=sys.stderr)
        return 2
    for config in configs:
        result = bench(config, args.positions, args.seed)
        print(json.dumps(result), flush=True)
        parts = [(name, result[name]) for name in ("facts", "par", "par_move") if name in result]
        line = ", ".join(
            f"{name} max {t['max_ms']} ms (cpu {t['max_cpu_ms']}) p99 {t['p99_ms']}" for name, t in parts
        )
        frames = result["coach_update"]
        line += (
            f"; Coach.update per frame max {frames['max_ms']} ms (cpu {frames['max_cpu_ms']}), "
            f"p99 {frames['p99_ms']} (cpu {frames['p99_cpu_ms']})"
        )
        print(f"{result['size']}: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
