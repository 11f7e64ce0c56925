"""Load on the game server over loopback: many clients playing races at once; one JSON object.

    python tools/load_server.py --clients 100 --games 500
    python tools/load_server.py --clients 1000 --games 5000 --think-ms 1000 --procs 1
    python tools/load_server.py --servers 2 --local-services --clients 1000 --games 5000

The servers are the real ones (python -m game.server --port 0), each in its own process: one on a
temporary SQLite file, or --servers N sharing --database postgresql://... and --redis redis://...
(--local-services starts a throwaway PostgreSQL and Redis for the run: tools/local_services.py).
The clients are bots in --procs processes of their own (so their work is not counted against the
server's CPU on this process's core), each a raw websocket on one asyncio loop, spread over the
servers in turn: hello, quick match (a race at --size), then random guesses, each sent --think-ms
to twice that after the last grade arrived (a person's pace: the server flags rows under 50 ms
apart), until the game is over, then the next game, until --games games have started and finished
or --seconds have passed. Everything is bounded: clients, games, processes and time.

Figures: concurrent_clients (connected at once, at most), games_finished (told "over"),
results_stored (games in the servers' database afterwards) and lost_results (games finished but
not stored), guesses_per_s over the whole run, rtt_ms p50/p99 of a guess (sent to graded, as the
bot sees it), server_cpu_s and server_cpu_ms_per_guess (the servers' CPU time over the run, all
included), server_rss_mb (at the end, summed over the servers, and each), errors (error messages
and sockets that closed unasked), and rtt_ms_p99_after_connect (the same, counting only guesses
sent once every bot had said hello: the connection storm of the first second is its own figure).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
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

from game.cli import SEED, OneLineParser, address, number, path_arg  # noqa: E402
from game.core.config import PRESETS  # noqa: E402
from game.net.protocol import encode  # noqa: E402
from tools import local_services  # noqa: E402

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
    parser.add_argument("--procs", type=number(1, 16), default=1, help="processes the bots run in")
    parser.add_argument("--servers", type=number(1, 8), default=1, help="server processes")
    parser.add_argument(
        "--database", type=address("postgresql", "postgres"), default=None, help="shared by the servers"
    )
    parser.add_argument(
        "--redis", type=address("redis"), default=None, help="shared by the servers (with --servers 2+)"
    )
    parser.add_argument("--server-log", type=path_arg, default=None, help="write the servers' logs here")
    parser.add_argument(
        "--local-services",
        action="store_true",
        help="start a throwaway PostgreSQL and Redis for the run (Debian's postgresql, redis-server)",
    )
    return parser


@dataclass
class Tally:
    guesses: int = 0
    rtts: list[tuple[float, float]] = field(default_factory=list)  # (sent at, round trip)
    errors: int = 0
    connected: int = 0
    most_connected: int = 0
    flagged: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    error_reasons: dict[str, int] = field(default_factory=dict)
    late_guesses: int = 0
    finished: set[str] = field(default_factory=set)
    all_connected_at: float = 0.0
    lost_rooms: int = 0


class Shared:
    """Counters every bot process sees: games started (by the first seat) and finished."""

    def __init__(self, context, target: int, clients: int) -> None:
        self.target = target
        self.started = context.Value("i", 0)
        self.finished = context.Value("i", 0)
        self.connected = context.Value("i", 0)
        self.clients = clients

    def bump(self, counter) -> int:
        with counter.get_lock():
            counter.value += 1
            return counter.value


async def bot(url: str, index: int, args, tally: Tally, shared: Shared, deadline: float, stop) -> None:
    rng = random.Random(args.seed * 100_003 + index)
    size = next(p for p in PRESETS if p.name == args.size)
    token = f"{rng.getrandbits(128):032x}"
    try:
        async with connect(url, open_timeout=START_TIMEOUT_S, compression=None, max_size=4096) as ws:
            await ws.send(encode("hello", token=token, nick=f"bot{index}"))
            await ws.recv()
            tally.connected += 1
            tally.most_connected = max(tally.most_connected, tally.connected)
            if shared.bump(shared.connected) == shared.clients:
                tally.all_connected_at = time.perf_counter()
            try:
                await play(ws, rng, size.pegs, size.colours, args, tally, shared, deadline, stop)
            finally:
                tally.connected -= 1
    except (OSError, TimeoutError, ConnectionClosed):
        if not stop.is_set():
            tally.errors += 1


async def play(ws, rng, pegs, colours, args, tally: Tally, shared: Shared, deadline: float, stop) -> None:
    sent_at = 0.0
    room = None  # None: between games; "asked": a quick match requested; else the room's number
    turns = 0
    while time.monotonic() < deadline and not stop.is_set():
        if room is None:
            if shared.started.value >= shared.target:
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
                shared.bump(shared.started)
            sent_at = await guess(ws, rng, pegs, colours, args.think_ms)
        elif kind == "graded":
            tally.rtts.append((sent_at, time.perf_counter() - sent_at))
            tally.guesses += 1
            if event["row"] < turns and event["grade"][0] != pegs:
                sent_at = await guess(ws, rng, pegs, colours, args.think_ms)
        elif kind == "over":
            tally.finished.add(event["game_id"])
            if event["you"] == 0:
                shared.bump(shared.finished)
                tally.reasons[event["reason"]] = tally.reasons.get(event["reason"], 0) + 1
                tally.flagged += sum(event["flagged"])
            room = None
        elif kind == "room_lost":
            tally.lost_rooms += 1
            room = None


async def guess(ws, rng, pegs: int, colours: int, think_ms: int) -> float:
    # people do not think in step: from think_ms to twice that, so the bots do not guess in waves
    await asyncio.sleep(think_ms / 1000 * rng.uniform(1.0, 2.0))
    code = [rng.randrange(colours) for _ in range(pegs)]
    started = time.perf_counter()
    await ws.send(encode("guess", code=code))
    return started


async def run_bots(urls: list[str], indices: list[int], args, shared: Shared, tally: Tally) -> None:
    deadline = time.monotonic() + args.seconds
    stop = asyncio.Event()
    bots = [
        asyncio.create_task(bot(urls[i % len(urls)], i, args, tally, shared, deadline, stop)) for i in indices
    ]

    async def watch() -> None:
        while shared.finished.value < shared.target and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stop.set()

    watcher = asyncio.create_task(watch())
    await asyncio.wait([watcher, *bots], return_when=asyncio.FIRST_COMPLETED)
    await watcher
    for task in bots:
        task.cancel()
    await asyncio.gather(*bots, return_exceptions=True)


def bot_process(urls: list[str], indices: list[int], args, shared: Shared, out) -> None:
    """One process of bots; its tally goes back through `out` (a multiprocessing queue)."""
    tally = Tally()
    asyncio.run(run_bots(urls, indices, args, shared, tally))
    out.put(tally)


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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time process `pid` has used so far, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def start_servers(
    count: int, options: list[str], log: Path | None = None
) -> tuple[list[subprocess.Popen], list[str], list[int]]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    servers, urls, log_lines = [], [], [0] * count
    for index in range(count):
        server = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", "0", *options],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        servers.append(server)
        first = server.stdout.readline()  # type: ignore[union-attr]
        found = re.search(r"ws://127\.0\.0\.1:(\d+)", first)
        if not found:
            raise RuntimeError(f"the server did not start: {first or server.stdout.read()}")  # type: ignore[union-attr]
        urls.append(f"ws://127.0.0.1:{found.group(1)}")

        def drain(server=server, index=index) -> None:  # the server logs each room event: read it
            out = open(log, "a") if log else None  # noqa: SIM115 - closed when the server's output ends
            for line in server.stdout:  # type: ignore[union-attr]
                log_lines[index] += 1
                if out:
                    out.write(f"{index} {line}")
            if out:
                out.close()

        threading.Thread(target=drain, daemon=True).start()
    return servers, urls, log_lines


def stop_servers(servers: list[subprocess.Popen]) -> None:
    for server in servers:
        server.send_signal(signal.SIGTERM)
    for server in servers:
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def stored_games(database: str | None, sqlite_file: Path) -> set[str]:
    if database is None:
        with sqlite3.connect(sqlite_file) as db:
            rows = db.execute("SELECT data FROM results").fetchall()
    else:
        with local_services.psycopg.connect(database) as db:
            rows = db.execute("SELECT data FROM results").fetchall()
    return {json.loads(text)["game_id"] for (text,) in rows}


def measure(args, urls: list[str], servers: list[subprocess.Popen]) -> tuple[Tally, float, list[float]]:
    """Run the bots in their processes; (the merged tally, seconds, each server's CPU seconds)."""
    context = multiprocessing.get_context("spawn")
    shared = Shared(context, args.games, args.clients)
    out = context.Queue()
    slices = [list(range(p, args.clients, args.procs)) for p in range(args.procs)]
    cpu_before = [cpu_seconds(s.pid) for s in servers]
    args.load_before = os.getloadavg()[0]
    started = time.perf_counter()
    workers = [
        context.Process(target=bot_process, args=(urls, part, args, shared, out), daemon=True)
        for part in slices
    ]
    for worker in workers:
        worker.start()
    tallies = [out.get(timeout=args.seconds + 120) for _ in workers]
    elapsed = time.perf_counter() - started
    cpu = [cpu_seconds(s.pid) - before for s, before in zip(servers, cpu_before, strict=True)]
    for worker in workers:
        worker.join(30)
    merged = Tally()
    for tally in tallies:
        merged.guesses += tally.guesses
        merged.rtts += tally.rtts
        merged.errors += tally.errors
        merged.most_connected += tally.most_connected
        merged.flagged += tally.flagged
        merged.late_guesses += tally.late_guesses
        merged.lost_rooms += tally.lost_rooms
        merged.finished |= tally.finished
        merged.all_connected_at = max(merged.all_connected_at, tally.all_connected_at)
        for name in ("reasons", "error_reasons"):
            for key, value in getattr(tally, name).items():
                getattr(merged, name)[key] = getattr(merged, name).get(key, 0) + value
    return merged, elapsed, cpu


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.servers > 1 and not (args.local_services or (args.database and args.redis)):
        parser.error(
            "--servers 2 or more share a database and Redis: give --database and --redis, or --local-services"
        )
    services = []
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "load.sqlite3"
        try:
            if args.local_services:
                initdb, postgres, redis_server = local_services.binaries()
                services = [local_services.Postgres(initdb, postgres), local_services.Redis(redis_server)]
                args.database, args.redis = services[0].url, services[1].url
            options = ["--data", str(data)] if args.database is None else ["--database", args.database]
            if args.servers > 1:
                options += ["--redis", args.redis]
            servers, urls, log_lines = start_servers(args.servers, options, args.server_log)
            try:
                tally, elapsed, cpu = measure(args, urls, servers)
                rss = [rss_mb(s.pid) for s in servers]
            finally:
                stop_servers(servers)
            stored = stored_games(args.database, data)
        finally:
            for service in services:
                service.stop()
    finished = len(tally.finished)
    guesses = tally.guesses
    after = [rtt for sent, rtt in tally.rtts if tally.all_connected_at and sent >= tally.all_connected_at]
    result = {
        "clients": args.clients,
        "concurrent_clients": tally.most_connected,
        "servers": args.servers,
        "bot_processes": args.procs,
        "database": "postgresql" if args.database else "sqlite",
        "games_target": args.games,
        "games_finished": finished,
        "results_stored": len(stored),
        "lost_results": len(tally.finished - stored),
        "rooms_lost": tally.lost_rooms,
        "guesses": guesses,
        "seconds": round(elapsed, 2),
        "guesses_per_s": round(guesses / elapsed, 1) if elapsed else 0.0,
        "rtt_ms_p50": round(percentile([r for _, r in tally.rtts], 0.50) * 1000, 2),
        "rtt_ms_p99": round(percentile([r for _, r in tally.rtts], 0.99) * 1000, 2),
        "rtt_ms_p99_after_connect": round(percentile(after, 0.99) * 1000, 2),
        "server_cpu_s": round(sum(cpu), 2),
        "server_cpu_each_s": [round(c, 2) for c in cpu],
        "server_cpu_ms_per_guess": round(sum(cpu) / guesses * 1000, 3) if guesses else 0.0,
        "server_rss_mb": round(sum(r for r, _ in rss), 1),
        "server_rss_each_mb": [r for r, _ in rss],
        "server_peak_rss_mb": round(sum(p for _, p in rss), 1),
        "errors": tally.errors,
        "error_reasons": tally.error_reasons,
        "late_guesses": tally.late_guesses,
        "flagged_games": tally.flagged,
        "reasons": tally.reasons,
        "think_ms": args.think_ms,
        "size": args.size,
        "log_lines": sum(log_lines),
        # the machine's 1-minute load average before and after: other work on the cores shows here
        "load_average": [round(args.load_before, 2), round(os.getloadavg()[0], 2)],
        "cores": os.cpu_count(),
    }
    print(json.dumps(result))
    print(
        f"{finished} games by {tally.most_connected} clients on {args.servers} server(s) in {elapsed:.1f} s: "
        f"{result['guesses_per_s']} guesses/s, p50 {result['rtt_ms_p50']} ms, p99 {result['rtt_ms_p99']} ms, "
        f"server {result['server_rss_mb']} MB, {tally.errors} errors, {result['lost_results']} lost",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
