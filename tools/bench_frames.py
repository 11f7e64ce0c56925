"""Frame times of the real app, headless: one JSON object (and a human line on stderr).

    python tools/bench_frames.py                         # idle playing state, 8 pegs x 10 colours
    python tools/bench_frames.py --pegs 4 --colours 6 --frames 1200 --size 1920x1080

Each frame is one App.step (events -> handle -> update -> draw -> flip) with the SDL dummy
drivers, timed with perf_counter; dt is the fixed 1/60 s a 60 fps loop would pass, so the game
advances exactly as it would on screen and no time is spent sleeping. The first --warmup frames
(cache filling) are not counted.

Extending: a scenario is a function (args) -> App that builds the app in the state to measure,
registered in SCENARIOS with its name. A computer solve (`--solve STRATEGY`) is one more scenario
that starts a solving state and runs until the game is over; `run()` already stops early when the
app stops and reports `frames` as the number actually measured. Fields: scenario, frames, p50_ms,
p90_ms, p99_ms, max_ms, mean_ms, size, pegs, colours, turns, seconds (plus any a scenario adds).
"""

from __future__ import annotations

import argparse
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
from game.core.config import ConfigError, GameConfig  # noqa: E402
from game.states.playing import PlayingState  # noqa: E402

FRAME_DT_S = 1 / 60


def idle_playing(args: argparse.Namespace, config: GameConfig) -> App:
    """The playing state with a few rows played and a half-built row, mouse resting: nothing moves."""
    from game.core.state import Guess, apply_move

    state = PlayingState(
        config, secret=tuple((config.colours - 1 - i) % config.colours for i in range(config.pegs))
    )
    app = App(size=args.size, seed=args.seed, start=state)
    for k in range(min(3, config.turns - 1)):
        code = tuple((k + i) % config.colours for i in range(config.pegs))
        if code != state.game.secret:
            state.game = apply_move(state.game, Guess(code))
    state.draft[0] = 0
    return app


SCENARIOS: dict[str, Callable[[argparse.Namespace, GameConfig], App]] = {"idle-playing": idle_playing}


def percentile(sorted_ms: list[float], fraction: float) -> float:
    index = min(len(sorted_ms) - 1, max(0, round(fraction * (len(sorted_ms) - 1))))
    return sorted_ms[index]


def run(app: App, frames: int, warmup: int) -> list[float]:
    """Step the app `warmup` + `frames` times; return the measured frame times in ms."""
    for _ in range(warmup):
        app.step([], FRAME_DT_S)
    times = []
    for _ in range(frames):
        if not app.running:
            break
        pygame.event.pump()
        start = time.perf_counter()
        app.step(pygame.event.get(), FRAME_DT_S)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size is WIDTHxHEIGHT, not {text!r}") from None
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Frame times of the real app, headless (JSON).")
    parser.add_argument("--scenario", choices=list(SCENARIOS), default="idle-playing")
    parser.add_argument("--pegs", type=int, default=8)
    parser.add_argument("--colours", type=int, default=10)
    parser.add_argument("--difficulty", default="relaxed", choices=["relaxed", "classic", "tight"])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--size", type=_size, default=(1280, 800))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        config = GameConfig(args.pegs, args.colours, difficulty=args.difficulty)
    except ConfigError as exc:
        parser.error(str(exc))
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    app = SCENARIOS[args.scenario](args, config)
    started = time.perf_counter()
    times = run(app, args.frames, args.warmup)
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
        "size": f"{args.size[0]}x{args.size[1]}",
        "pegs": config.pegs,
        "colours": config.colours,
        "turns": config.turns,
        "seconds": round(seconds, 3),
    }
    pygame.quit()
    print(json.dumps(result))
    print(
        f"{args.scenario} {config.pegs}x{config.colours}: p50 {result['p50_ms']} ms, "
        f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms over {result['frames']} frames",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
