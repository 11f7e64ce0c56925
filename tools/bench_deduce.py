"""How long dealing a Deduce puzzle takes, and how it would pump per frame: one JSON line per level.

    python tools/bench_deduce.py                                  # every level, 20 puzzles each
    python tools/bench_deduce.py --level 6x9 --puzzles 20 --seed 1
    python tools/bench_deduce.py --level digits --level words --level marks   # the variants' boards

Deals practice puzzles --seed, --seed + 1, ... (game.core.deduce.practice_puzzle_steps) by stepping
the generator to the end, and prints per level:
  level, puzzles, seed,
  total_s            {mean, max} wall seconds to deal one puzzle (every step, nothing else),
  cpu_s              {mean, max} this thread's CPU seconds for the same (other processes excluded),
  step_ms            {max, p99, max_cpu}: the longest single step (one next() of the generator),
  rows               {mean, min, max, histogram} given rows per puzzle,
  attempts           {mean, max} boards dealt per puzzle (those outside the level's row range are
                     dealt again),
  frames             {mean, max} frames the game would need at the pump's budget (PUMP_BUDGET_MS of
                     game/play/pump.py each, the steps packed as Pump.pump packs them),
  from_dict_ms       {mean, max} Puzzle.from_dict of the puzzle's own to_dict (whole-space check),
  load               os.getloadavg() before the level: the machine is shared, so read wall figures with it.
A human line per level goes to stderr. Run it with nice, one at a time.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import words  # noqa: E402
from game.cli import OneLineParser, number  # noqa: E402
from game.core.deduce import LEVELS, MAX_NUMBER, VARIANT_LEVELS, Puzzle, practice_puzzle_steps  # noqa: E402
from game.play.pump import PUMP_BUDGET_MS  # noqa: E402


def frames_for(step_s: list[float], budget_s: float) -> int:
    """Pump calls needed: each call runs steps until `budget_s` is spent (the step that crosses it is
    the call's last), as game/play/pump.py does."""
    frames, spent = 0, None
    for step in step_s:
        if spent is None:
            frames, spent = frames + 1, 0.0
        spent += step
        if spent >= budget_s:
            spent = None
    return frames


def deal(level: str, number: int) -> dict:
    steps = practice_puzzle_steps(level, number)
    walls: list[float] = []
    cpus: list[float] = []
    attempts = 0
    while True:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            progress = next(steps)
        except StopIteration as stop:
            puzzle = stop.value
            done = True
        else:
            done = False
            # an attempt ends with its trimming pass, whose last Progress has done == total
            attempts += progress.note == "trimming rows" and progress.done == progress.total
        walls.append(time.perf_counter() - wall)
        cpus.append(time.thread_time() - cpu)
        if done:
            break
    started = time.perf_counter()
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle
    from_dict_s = time.perf_counter() - started
    return {
        "wall": walls,
        "cpu": cpus,
        "rows": len(puzzle.rows),
        "attempts": max(1, attempts),
        "from_dict_s": from_dict_s,
    }


def bench(level: str, puzzles: int, seed: int) -> dict:
    load = [round(x, 2) for x in os.getloadavg()]
    runs = [deal(level, seed + k) for k in range(puzzles)]
    totals = [sum(r["wall"]) for r in runs]
    cpu_totals = [sum(r["cpu"]) for r in runs]
    steps_ms = sorted(s * 1000 for r in runs for s in r["wall"])
    rows = [r["rows"] for r in runs]
    frames = [frames_for(r["wall"], PUMP_BUDGET_MS / 1000) for r in runs]
    loads = [r["from_dict_s"] * 1000 for r in runs]
    return {
        "level": level,
        "puzzles": puzzles,
        "seed": seed,
        "total_s": {"mean": round(statistics.fmean(totals), 4), "max": round(max(totals), 4)},
        "cpu_s": {"mean": round(statistics.fmean(cpu_totals), 4), "max": round(max(cpu_totals), 4)},
        "step_ms": {
            "max": round(steps_ms[-1], 3),
            "p99": round(steps_ms[min(len(steps_ms) - 1, int(0.99 * len(steps_ms)))], 3),
            "max_cpu": round(max(s for r in runs for s in r["cpu"]) * 1000, 3),
            "steps": len(steps_ms),
        },
        "rows": {
            "mean": round(statistics.fmean(rows), 3),
            "min": min(rows),
            "max": max(rows),
            "histogram": {str(k): v for k, v in sorted(Counter(rows).items())},
        },
        "attempts": {
            "mean": round(statistics.fmean(r["attempts"] for r in runs), 3),
            "max": max(r["attempts"] for r in runs),
        },
        "frames": {
            "mean": round(statistics.fmean(frames), 1),
            "max": max(frames),
            "budget_ms": PUMP_BUDGET_MS,
        },
        "from_dict_ms": {"mean": round(statistics.fmean(loads), 2), "max": round(max(loads), 2)},
        "load": load,
    }


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="bench_deduce.py", description=__doc__.splitlines()[0])
    names = [lv.name for lv in (*LEVELS, *VARIANT_LEVELS)]
    parser.add_argument(
        "--level", action="append", help=f"one of {', '.join(names)} (repeatable; default all)"
    )
    parser.add_argument(
        "--puzzles", type=number(1, 10_000), default=20, help="practice puzzles dealt per level"
    )
    parser.add_argument("--seed", type=number(0, MAX_NUMBER), default=1, help="the first practice number")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    names = [lv.name for lv in (*LEVELS, *VARIANT_LEVELS)]
    levels = args.level or names
    for name in levels:
        if name.lower() not in names:
            parser.error(f"--level must be one of {', '.join(names)}, not {name!r}")
    if not 0 <= args.seed <= MAX_NUMBER - args.puzzles + 1:
        parser.error(f"--seed must be from 0 to {MAX_NUMBER - args.puzzles + 1}, not {args.seed}")
    words.install()  # the word levels' lists (the shipped ones)
    for name in levels:
        result = bench(name.lower(), args.puzzles, args.seed)
        print(json.dumps(result), flush=True)
        print(
            f"{result['level']}: {result['puzzles']} puzzles, mean {result['total_s']['mean']} s, "
            f"max {result['total_s']['max']} s, longest step {result['step_ms']['max']} ms, "
            f"{result['rows']['mean']} rows on average (load {result['load'][0]})",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
