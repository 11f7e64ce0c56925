"""Load on the game server over loopback: many clients playing races at once; one JSON object.

    python tools/load_server.py --clients 100 --games 500
    python tools/load_server.py --clients 1000 --games 5000 --seconds 600

The server is the real one (python -m game.server --port 0, its results in a temporary SQLite
file), in its own process so its memory is its own. The clients are bots in this process, each a
raw websocket on one asyncio loop: hello, quick match (a race at --size), then random guesses, each
sent --think-ms to twice that after the last grade arrived (a fast person, above the server's 50 ms
flag), until
the game is over, then the next game, until --games games have started and finished or --seconds
have passed. Everything is bounded: the number of clients and games, and the time.

Figures: concurrent_clients (connected at once, at most), games_finished (told "over" to both
players), results_stored (rows in the server's database after it stopped) and lost_results (games
finished but not stored), guesses_per_s over the whole run, rtt_ms p50/p99 of a guess (sent to
graded, as the bot sees it: on a machine of few cores the bots' own loop is part of it),
server_cpu_s and server_cpu_ms_per_guess (the server process's CPU time over the run: what a guess
costs it, everything included), server_rss_mb (at the end, and the peak), errors (error messages
and sockets that closed unasked).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from game.cli import SEED, OneLineParser, number  # noqa: E402
from game.core.config import PRESETS  # noqa: E402
from game.net.protocol import encode  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 30.0
LATE_GUESS = "you are not in a game that is being played"  # the rooms' words for a guess after the end
ACK_EVERY = 16  # events between acknowledgements (the server lets acknowledged events go)


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="load_server.py", description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=number(2, 5000), default=100, help="bots connected at once")
    parser.add_argument("--games", type=number(1, 100_000), default=500, help="races to play in all")
    parser.add_argument("--size", choices=[p.name for p in PRESETS], default="Classic")
    parser.add_argument(
        "--think-ms", type=number(0, 10_000), default=60, help="least pause before each guess"
    )
    parser.add_argument("--seconds", type=number(1, 3600), default=300, help="stop after this long")
    parser.add_argument("--seed", type=SEED, default=1)
    return parser


@dataclass
class Tally:
    target: int
    started: int = 0
    finished_rooms: set[int] = field(default_factory=set)
    guesses: int = 0
    rtts: list[float] = field(default_factory=list)
    errors: int = 0
    connected: int = 0
    most_connected: int = 0
    flagged: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    error_reasons: dict[str, int] = field(default_factory=dict)
    late_guesses: int = 0


async def bot(url: str, index: int, args, tally: Tally, deadline: float, stop: asyncio.Event) -> None:
    rng = random.Random(args.seed * 100_003 + index)
    size = next(p for p in PRESETS if p.name == args.size)
    token = f"{rng.getrandbits(128):032x}"
    try:
        async with connect(url, open_timeout=START_TIMEOUT_S, compression=None, max_size=4096) as ws:
            await ws.send(encode("hello", token=token, nick=f"bot{index}"))
            await ws.recv()
            tally.connected += 1
            tally.most_connected = max(tally.most_connected, tally.connected)
            try:
                await play(ws, rng, size.pegs, size.colours, args, tally, deadline, stop)
            finally:
                tally.connected -= 1
    except (OSError, TimeoutError, ConnectionClosed):
        if not stop.is_set():
            tally.errors += 1


async def play(ws, rng, pegs, colours, args, tally: Tally, deadline: float, stop: asyncio.Event) -> None:
    seen = 0
    sent_at = 0.0
    room = None  # None: between games; "asked": a quick match requested; else the room's number
    turns = 0
    while time.monotonic() < deadline and not stop.is_set():
        if room is None:
            if tally.started >= tally.target:
                return
            await ws.send(encode("quick", size=args.size, kind="race"))
            room = "asked"
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            return
        message = json.loads(raw)
        if message["type"] == "error":
            if message["reason"] == LATE_GUESS and room in (None, "asked"):
                tally.late_guesses += 1  # sent while the other player's winning row was on its way
            else:
                tally.errors += 1
                tally.error_reasons[message["reason"]] = tally.error_reasons.get(message["reason"], 0) + 1
            continue
        if message["type"] != "event":
            continue
        seen = message["seq"]
        if seen % ACK_EVERY == 0:
            await ws.send(encode("ack", seq=seen))
        event = message["event"]
        kind = event["kind"]
        if kind == "start":
            room, turns = event["room"], event["turns"]
            if event["you"] == 0:
                tally.started += 1
            sent_at = await guess(ws, rng, pegs, colours, args.think_ms)
        elif kind == "graded":
            tally.rtts.append(time.perf_counter() - sent_at)
            tally.guesses += 1
            if event["row"] < turns and event["grade"][0] != pegs:
                sent_at = await guess(ws, rng, pegs, colours, args.think_ms)
        elif kind == "over":
            tally.finished_rooms.add(room)  # type: ignore[arg-type]
            if event["you"] == 0:
                tally.reasons[event["reason"]] = tally.reasons.get(event["reason"], 0) + 1
                tally.flagged += sum(event["flagged"])
            room = None


async def guess(ws, rng, pegs: int, colours: int, think_ms: int) -> float:
    # people do not think in step: from think_ms to twice that, so the bots do not guess in waves
    await asyncio.sleep(think_ms / 1000 * rng.uniform(1.0, 2.0))
    code = [rng.randrange(colours) for _ in range(pegs)]
    started = time.perf_counter()
    await ws.send(encode("guess", code=code))
    return started


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def rss_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) of process `pid`, in MB, from /proc (0 where there is none)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0, 0.0
    values = {k: int(v.split()[0]) / 1024 for k, v in re.findall(r"(VmRSS|VmHWM):\s+(\d+ kB)", text)}
    return round(values.get("VmRSS", 0.0), 1), round(values.get("VmHWM", 0.0), 1)


async def run_bots(url: str, args, tally: Tally) -> float:
    deadline = time.monotonic() + args.seconds
    stop = asyncio.Event()
    started = time.perf_counter()
    bots = [asyncio.create_task(bot(url, i, args, tally, deadline, stop)) for i in range(args.clients)]

    async def watch() -> None:
        while len(tally.finished_rooms) < tally.target and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stop.set()

    watcher = asyncio.create_task(watch())
    await asyncio.wait([watcher, *bots], return_when=asyncio.FIRST_COMPLETED)
    await watcher
    elapsed = time.perf_counter() - started
    for task in bots:
        task.cancel()
    await asyncio.gather(*bots, return_exceptions=True)
    return elapsed


def cpu_seconds(pid: int) -> float:
    """User + system CPU time process `pid` has used so far, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "load.sqlite3"
        env = dict(os.environ, PYTHONPATH=str(REPO))
        server = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", "0", "--data", str(data)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            first = server.stdout.readline()  # type: ignore[union-attr]
            found = re.search(r"ws://127\.0\.0\.1:(\d+)", first)
            if not found:
                print(json.dumps({"error": f"the server did not start: {first or server.stderr.read()}"}))
                return 1
            log_lines = [0]

            def drain() -> None:  # the server logs each room event: read it so it never blocks
                for _ in server.stdout:  # type: ignore[union-attr]
                    log_lines[0] += 1

            threading.Thread(target=drain, daemon=True).start()
            tally = Tally(args.games)
            cpu_before = cpu_seconds(server.pid)
            elapsed = asyncio.run(run_bots(f"ws://127.0.0.1:{found.group(1)}", args, tally))
            server_cpu = cpu_seconds(server.pid) - cpu_before
            rss, peak = rss_mb(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        with sqlite3.connect(data) as db:
            stored_rooms = {json.loads(text)["room"] for (text,) in db.execute("SELECT data FROM results")}
    finished = len(tally.finished_rooms)
    stored = len(stored_rooms)
    result = {
        "clients": args.clients,
        "concurrent_clients": tally.most_connected,
        "games_target": args.games,
        "games_finished": finished,
        "results_stored": stored,
        "lost_results": len(tally.finished_rooms - stored_rooms),
        "guesses": tally.guesses,
        "seconds": round(elapsed, 2),
        "guesses_per_s": round(tally.guesses / elapsed, 1) if elapsed else 0.0,
        "rtt_ms_p50": round(percentile(tally.rtts, 0.50) * 1000, 2),
        "rtt_ms_p99": round(percentile(tally.rtts, 0.99) * 1000, 2),
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_guess": round(server_cpu / tally.guesses * 1000, 3) if tally.guesses else 0.0,
        "server_rss_mb": rss,
        "server_peak_rss_mb": peak,
        "errors": tally.errors,
        "error_reasons": tally.error_reasons,
        "late_guesses": tally.late_guesses,
        "flagged_games": tally.flagged,
        "reasons": tally.reasons,
        "think_ms": args.think_ms,
        "size": args.size,
        "log_lines": log_lines[0],
    }
    print(json.dumps(result))
    print(
        f"{finished} games by {tally.most_connected} clients in {elapsed:.1f} s: "
        f"{result['guesses_per_s']} guesses/s, p50 {result['rtt_ms_p50']} ms, p99 {result['rtt_ms_p99']} ms, "
        f"server {rss} MB, {tally.errors} errors, {result['lost_results']} lost",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
