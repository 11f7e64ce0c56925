"""Frame times of the real app, headless: one JSON object (and a human line on stderr).

    python tools/bench_frames.py                         # idle playing state, 8 pegs x 10 colours
    python tools/bench_frames.py --pegs 4 --colours 6 --frames 1200 --size 1920x1080

Each frame is one App.step (events -> handle -> update -> draw -> flip) with the SDL dummy
drivers, timed with perf_counter; dt is the fixed 1/60 s a 60 fps loop would pass, so the game
advances exactly as it would on screen and no time is spent sleeping. The first --warmup frames
(cache filling) are not counted.

A whole computer solve, from a fresh game with a random secret (seeded) to the game's end:

    python tools/bench_frames.py --solve knuth --pegs 4 --colours 6
    python tools/bench_frames.py --solve strongest --pegs 8 --colours 10
    python tools/bench_frames.py --solve optimal --grid 3x3 --colours 4   # the 2-D puzzle
    python tools/bench_frames.py --scenario solve --variant words   # a word game (word-marks, bulls-and-cows)

runs the solving state (the strategy pumped inside --budget-ms per frame, every guess animated at
--speed) until it hands over to the result screen, with no warm-up frames (the solver's caches start
cold; only one draw before the first frame fills the font and peg caches, reported as first_draw_ms), and
adds strategy, budget_ms, guesses, solved (found within the Classic turn limit), longest_pump_ms and
longest_step_ms. `strongest` names the strongest built-in strategy.

On a machine shared with other work, --clock cpu times each frame in this thread's CPU time, which
leaves out the time the system gave to other processes (wall time, the default, includes it).

Other scenarios: `dragging` carries a picked-up peg round the board (one mouse motion a frame),
`menu` is the menu with its demo game playing behind it, `attract` the idle attract loop, `coach` a
coached game given a new row every 1.5 s (the coach's work pumped inside the frames between), `win`
a win landing from the winning row to the initials (flash, shield, count-up, celebration),
`online-duel` a race against another client through a real server on loopback with 100 ms of
latency each way,
`resize` the title screen while its window is drag-resized, a new size every frame, reporting the
process's resident memory as it goes:

    python tools/bench_frames.py --scenario resize --frames 4000 --warmup 0

Extending: a scenario is a function (args, config) -> App in tools/frame_scenarios.py that builds
the app in the state to measure, registered in SCENARIOS with its name (it may set args.feed(frame)
to post each frame's input, and args.report() to add figures of its own); `run()` stops early
when the app stops or `until()` says so and reports `frames` as the number actually measured.
Fields: scenario, frames, p50_ms, p90_ms, p99_ms, max_ms, mean_ms, size, pegs, colours, turns,
seconds (plus any a scenario adds).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cli import SEED, OneLineParser, decimal, number  # noqa: E402
from game.core.config import ConfigError, GameConfig  # noqa: E402
from game.core.grid import parse_shape  # noqa: E402
from game.core.variants import GridVariant, VariantError, variant_from_name  # noqa: E402
from game.options import COLOURS, PEGS, window_size  # noqa: E402
from tools.frame_scenarios import FRAME_DT_S, SCENARIOS, solve_report  # noqa: E402

MAX_FRAMES = 1_000_000  # measured frames, about an hour of the slowest scenario: more is a slip


def percentile(sorted_ms: list[float], fraction: float) -> float:
    index = min(len(sorted_ms) - 1, max(0, round(fraction * (len(sorted_ms) - 1))))
    return sorted_ms[index]


def run(
    app: App,
    frames: int,
    warmup: int,
    until: Callable[[], bool] | None = None,
    feed: Callable[[int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """Step the app `warmup` + `frames` times (or until `until()`); return the measured frame times in ms.
    `feed(frame)`, when given, posts the input of each frame (warm-up ones included) before it runs."""
    for frame in range(warmup):
        if feed is not None:
            feed(frame)
        app.step(pygame.event.get() if feed is not None else [], FRAME_DT_S)
    times = []
    for frame in range(warmup, warmup + frames):
        if not app.running or (until is not None and until()):
            break
        if feed is not None:
            feed(frame)
        pygame.event.pump()
        start = clock()
        app.step(pygame.event.get(), FRAME_DT_S)
        times.append((clock() - start) * 1000)
    return times


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="bench_frames.py", description="Frame times of the real app, headless.")
    parser.add_argument("--scenario", choices=list(SCENARIOS), default="idle-playing")
    parser.add_argument("--pegs", type=PEGS, default=8)
    parser.add_argument("--colours", type=COLOURS, default=10)
    parser.add_argument("--grid", help="a grid game of RxC cells (2x2, 3x3...) instead of a row of pegs")
    parser.add_argument(
        "--variant",
        help="a game of a registered variant by name (words, word-marks, bulls-and-cows) or stored text "
        "(bulls-and-cows:5); its own pegs and colours",
    )
    parser.add_argument(
        "--difficulty",
        choices=["relaxed", "classic", "tight"],
        help="default: relaxed (classic with --solve)",
    )
    parser.add_argument(
        "--frames",
        type=number(1, MAX_FRAMES),
        help="frames to measure (default 600; a solve runs to its end)",
    )
    parser.add_argument(
        "--warmup", type=number(0, MAX_FRAMES), help="frames not measured (default 30; 0 with --solve)"
    )
    parser.add_argument("--solve", metavar="STRATEGY", help="measure a whole computer solve by STRATEGY")
    parser.add_argument("--speed", default="normal", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument(
        "--budget-ms",
        type=decimal(0.1, 1000.0),
        default=None,
        help="solver time per frame (default: the game's)",
    )
    parser.add_argument("--size", type=window_size, default=(1280, 800))
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="wall: elapsed time (default); cpu: this thread's CPU time, which leaves out time the "
        "system gave other processes (a shared, loaded machine)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.scenario == "solve" and args.solve is None:
        args.solve = "strongest"  # the solve scenario without a strategy named: the game's strongest
    solve = args.solve is not None
    if solve:
        from game.core import strategies
        from game.play.pump import PUMP_BUDGET_MS

        if args.solve != "strongest" and args.solve not in strategies.STRATEGIES:
            names = ", ".join(strategies.STRATEGIES)
            parser.error(f"no strategy called {args.solve!r}; choose strongest or one of {names}")
        args.scenario = "solve"
        args.budget_ms = PUMP_BUDGET_MS if args.budget_ms is None else args.budget_ms
    difficulty = args.difficulty or ("classic" if solve else "relaxed")
    frames = args.frames if args.frames is not None else (10_000_000 if solve else 600)
    warmup = args.warmup if args.warmup is not None else (0 if solve else 30)
    try:
        if args.variant is not None:
            config = GameConfig(difficulty=difficulty, variant=variant_from_name(args.variant))
        elif args.grid is not None:
            grid = GridVariant(*parse_shape(args.grid))
            config = GameConfig(colours=args.colours, difficulty=difficulty, variant=grid)
        else:
            config = GameConfig(args.pegs, args.colours, difficulty=difficulty)
    except (ConfigError, VariantError) as exc:
        parser.error(str(exc))
    except ValueError as exc:  # parse_shape: not RxC
        parser.error(f"--grid: {exc}")
    app = SCENARIOS[args.scenario](args, config)
    until = getattr(args, "until", None)
    if solve:
        state = args.solving_state
        until = lambda: app.state is not state  # noqa: E731  (the solve handed over to the result)
    started = time.perf_counter()
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    times = run(app, frames, warmup, until, getattr(args, "feed", None), clock)
    seconds = time.perf_counter() - started
    ordered = sorted(times)
    result = {
        "scenario": args.scenario,
        "frames": len(times),
        "p50_ms": round(percentile(ordered, 0.50), 3),
        "p90_ms": round(percentile(ordered, 0.90), 3),
        "p99_ms": round(percentile(ordered, 0.99), 3),
        "max_ms": round(ordered[-1], 3),
        "mean_ms": round(statistics.fmean(times), 3),
        "size": "{}x{}".format(*app.size),  # the window measured, as the app made it
        "pegs": config.pegs,
        "grid": "{}x{}".format(*config.variant.shape) if config.variant.fixed_pegs else None,
        "colours": config.colours,
        "turns": config.turns,
        "seconds": round(seconds, 3),
        "clock": args.clock,
    }
    if solve:
        result.update(solve_report(args.solving_state))
        result["first_draw_ms"] = args.first_draw_ms
    if getattr(args, "report", None) is not None:  # a scenario's own figures (coach)
        result.update(args.report())
    pygame.quit()
    print(json.dumps(result))
    what = f"solve by {result['strategy']}: {result['guesses']} guesses, " if solve else ""
    grid = result["grid"]
    size = f"grid {grid} x {result['colours']}" if grid else f"{result['pegs']}x{result['colours']}"
    print(
        f"{what}{args.scenario} {size}: p50 {result['p50_ms']} ms, "
        f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms over {result['frames']} frames",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
