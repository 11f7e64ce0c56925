"""Load on the game server over loopback: many clients playing races at once; one JSON object.

    python tools/load_server.py --clients 100 --games 500
    python tools/load_server.py --clients 1000 --games 5000 --think-ms 1000
    python tools/load_server.py --servers 2 --local-services --clients 1000 --games 5000
    python tools/load_server.py --servers 2 --local-services --clients 1500 --steps 400 200 100 60 40

The servers are the real ones (python -m game.server --port 0), each in its own process: one on a
temporary SQLite file, or --servers N sharing --database postgresql://... and --redis redis://...
(--local-services starts a throwaway PostgreSQL and Redis for the run: tools/local_services.py).
The clients are bots (tools/load_bots.py: raw websocket frames on asyncio, far cheaper than the
servers they load) in --procs processes of their own, spread over the servers in turn: hello,
quick match (a race at --size), then random guesses, each sent --think-ms to twice that after the
last grade arrived (a person's pace: the server flags rows under 50 ms apart), until the game is
over, then the next game, until --games games have started and finished or --seconds have passed.
Everything is bounded: clients, games, processes and time.

--steps MS MS ...: a saturation run instead. Once every bot is connected, the think time is each
of the steps in turn for --step-seconds (after a second to settle), the games go on throughout, and
each step reports its guesses/s, round trips and CPU; the servers are saturated where guesses/s
stops rising and the p99 climbs. saturated_guesses_per_s is the most guesses/s of a step whose p99
stayed within --p99-ms.

Figures: concurrent_clients (connected at once, at most), games_finished (told "over"),
results_stored (games in the servers' database afterwards) and lost_results (games finished but
not stored), guesses_per_s over the whole run, rtt_ms p50/p99 of a guess (sent to graded, as the
bot sees it), server_cpu_s and server_cpu_ms_per_guess (the servers' CPU time over the run from
/proc, every thread included), server_cores (that CPU over the run's seconds), bots_cpu_s and
services_cpu_s (PostgreSQL's processes and Redis: what shares the cores with the servers),
server_rss_mb (at the end, summed over the servers, and each), errors (error messages and sockets
that closed unasked), rtt_ms_p99_after_connect (the same, counting only guesses sent once every bot
had said hello: the connection storm of the first second is its own figure), and with several
servers forwarded_messages, pairs_here and pairs_through_redis (from each server's last line).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import SEED, OneLineParser, address, number, path_arg  # noqa: E402
from game.core.config import PRESETS  # noqa: E402
from tools import local_services  # noqa: E402
from tools.load_bots import Shared, Tally, bot_process  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SETTLE_S = 1.0  # of each step, before it is measured: the pace changes over a round trip or two
UNBOUNDED = 10**9  # the games of a saturation run: it ends when its steps do


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
        "--steps",
        type=number(0, 10_000),
        nargs="+",
        default=None,
        help="a saturation run: these think times (ms) in turn (a client may send 30 messages a second)",
    )
    parser.add_argument(
        "--step-seconds", type=number(2, 600), default=10, help="how long each step is measured"
    )
    parser.add_argument(
        "--p99-ms", type=number(1, 60_000), default=100, help="the p99 a saturated step may reach"
    )
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


def cpu_of_tree(pid: int) -> float:
    """CPU seconds of process `pid` and its children (PostgreSQL's backends are its children)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:  # its parent
                total += cpu_seconds(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return total


class Servers:
    """The server processes: started on free ports, their output drained (the log of each room
    event, and the last line's counts of forwarded messages and pairs)."""

    def __init__(self, count: int, options: list[str], log: Path | None = None) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.processes: list[subprocess.Popen] = []
        self.urls: list[str] = []
        self.log_lines = [0] * count
        self.last: list[str] = [""] * count
        self.drains: list[threading.Thread] = []
        for index in range(count):
            server = subprocess.Popen(
                [sys.executable, "-m", "game.server", "--port", "0", *options],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            self.processes.append(server)
            first = server.stdout.readline()  # type: ignore[union-attr]
            found = re.search(r"ws://127\.0\.0\.1:(\d+)", first)
            if not found:
                raise RuntimeError(f"the server did not start: {first or server.stdout.read()}")  # type: ignore[union-attr]
            self.urls.append(f"ws://127.0.0.1:{found.group(1)}")
            drain = threading.Thread(target=self._drain, args=(server, index, log), daemon=True)
            drain.start()
            self.drains.append(drain)

    def _drain(self, server: subprocess.Popen, index: int, log: Path | None) -> None:
        out = open(log, "a") if log else None  # noqa: SIM115 - closed when the server's output ends
        for line in server.stdout:  # type: ignore[union-attr]
            self.log_lines[index] += 1
            self.last[index] = line
            if out:
                out.write(f"{index} {line}")
        if out:
            out.close()

    def cpu(self) -> list[float]:
        return [cpu_seconds(s.pid) for s in self.processes]

    def stop(self) -> None:
        for server in self.processes:
            server.send_signal(signal.SIGTERM)
        for server in self.processes:
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        for drain in self.drains:
            drain.join(10)

    def counts(self) -> dict[str, int]:
        """What the servers' last lines say: messages forwarded, pairs made here and through Redis."""
        found = {"forwarded_messages": 0, "pairs_here": 0, "pairs_through_redis": 0}
        for line in self.last:
            numbers = re.search(r"\((\d+) messages .*?, (\d+) pairs made here, (\d+) through Redis\)", line)
            if numbers:
                for name, value in zip(found, numbers.groups(), strict=True):
                    found[name] += int(value)
        return found


def stored_games(database: str | None, sqlite_file: Path) -> set[str]:
    if database is None:
        with sqlite3.connect(sqlite_file) as db:
            rows = db.execute("SELECT data FROM results").fetchall()
    else:
        with local_services.psycopg.connect(database) as db:
            rows = db.execute("SELECT data FROM results").fetchall()
    return {json.loads(text)["game_id"] for (text,) in rows}


class Meter:
    """CPU seconds so far of the servers (each), the bot processes and the services."""

    def __init__(self, servers: Servers, bots: list[int], services: list[int]) -> None:
        self.servers, self.bots, self.services = servers, bots, services

    def read(self) -> tuple[float, list[float], float, float, float]:
        return (
            time.perf_counter(),
            self.servers.cpu(),
            sum(cpu_seconds(pid) for pid in self.bots),
            sum(cpu_of_tree(pid) for pid in self.services),
            os.getloadavg()[0],
        )


def merge(tallies: list[Tally]) -> Tally:
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
        merged.cpu_s += tally.cpu_s
        merged.all_connected_at = max(merged.all_connected_at, tally.all_connected_at)
        for name in ("reasons", "error_reasons"):
            for key, value in getattr(tally, name).items():
                getattr(merged, name)[key] = getattr(merged, name).get(key, 0) + value
    return merged


def figures(rtts: list[tuple[float, float]], before: tuple, after: tuple) -> dict:
    """Guesses/s, round trips and CPU between two Meter readings, for the guesses graded between."""
    seconds = after[0] - before[0]
    graded = [rtt for sent, rtt in rtts if before[0] <= sent + rtt < after[0]]
    server = [a - b for a, b in zip(after[1], before[1], strict=True)]
    count = len(graded)
    return {
        "guesses": count,
        "guesses_per_s": round(count / seconds, 1),
        "rtt_ms_p50": round(percentile(graded, 0.50) * 1000, 2),
        "rtt_ms_p99": round(percentile(graded, 0.99) * 1000, 2),
        "server_cpu_ms_per_guess": round(sum(server) / count * 1000, 3) if count else 0.0,
        "server_cores": round(sum(server) / seconds, 2),
        "server_cores_each": [round(c / seconds, 2) for c in server],
        "bots_cores": round((after[2] - before[2]) / seconds, 2),
        "services_cores": round((after[3] - before[3]) / seconds, 2),
        "load_average": round(after[4], 2),  # at the step's end
    }


def measure(args, servers: Servers, services: list[int]) -> tuple[Tally, tuple, tuple, list[dict]]:
    """Run the bots in their processes; (the merged tally, Meter readings at the start and the end,
    and each step's figures for a saturation run)."""
    context = multiprocessing.get_context("spawn")
    shared = Shared(context, UNBOUNDED if args.steps else args.games, args.clients, args.think_ms)
    if args.steps:
        shared.think_ms.value = args.steps[0]
    out = context.Queue()
    slices = [list(range(p, args.clients, args.procs)) for p in range(args.procs)]
    workers = [
        context.Process(target=bot_process, args=(servers.urls, part, args, shared, out), daemon=True)
        for part in slices
    ]
    meter = Meter(servers, [], services)
    args.load_before = os.getloadavg()[0]
    start = meter.read()
    for worker in workers:
        worker.start()
    meter.bots = [worker.pid for worker in workers]  # type: ignore[misc]
    steps = []
    if args.steps:
        deadline = time.monotonic() + 60
        while shared.connected.value < args.clients and time.monotonic() < deadline:
            time.sleep(0.1)
        for think in args.steps:
            shared.think_ms.value = think
            time.sleep(SETTLE_S)
            before = meter.read()
            time.sleep(args.step_seconds)
            steps.append({"think_ms": think, "_span": (before, meter.read())})
        shared.stop.value = 1
    end = None
    tallies = []
    for _ in workers:
        tallies.append(out.get(timeout=args.seconds + 120))
        if end is None:  # the first process done: the others are stopping too
            end = meter.read()
    for worker in workers:
        worker.join(30)
    tally = merge(tallies)
    for step in steps:
        before, after = step.pop("_span")
        step.update(figures(tally.rtts, before, after))
    return tally, start, end, steps


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.servers > 1 and not (args.local_services or (args.database and args.redis)):
        parser.error(
            "--servers 2 or more share a database and Redis: give --database and --redis, or --local-services"
        )
    if args.steps:
        args.seconds = max(args.seconds, len(args.steps) * (args.step_seconds + SETTLE_S) + 90)
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
            servers = Servers(args.servers, options, args.server_log)
            try:
                tally, start, end, steps = measure(args, servers, [s.process.pid for s in services])
                rss = [rss_mb(s.pid) for s in servers.processes]
            finally:
                servers.stop()
            stored = stored_games(args.database, data)
        finally:
            for service in services:
                service.stop()
    print(json.dumps(report(args, tally, start, end, steps, rss, stored, servers)))
    return 0


def report(args, tally: Tally, start: tuple, end: tuple, steps: list[dict], rss, stored, servers) -> dict:
    finished = len(tally.finished)
    guesses, elapsed = tally.guesses, end[0] - start[0]
    cpu = [a - b for a, b in zip(end[1], start[1], strict=True)]
    after = [rtt for sent, rtt in tally.rtts if tally.all_connected_at and sent >= tally.all_connected_at]
    result = {
        "clients": args.clients,
        "concurrent_clients": tally.most_connected,
        "servers": args.servers,
        "bot_processes": args.procs,
        "database": "postgresql" if args.database else "sqlite",
        "games_target": None if args.steps else args.games,
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
        "server_cores": round(sum(cpu) / elapsed, 2) if elapsed else 0.0,
        "bots_cpu_s": round(tally.cpu_s, 2),
        "bots_cpu_ms_per_guess": round(tally.cpu_s / guesses * 1000, 3) if guesses else 0.0,
        "services_cpu_s": round(end[3] - start[3], 2),
        "server_rss_mb": round(sum(r for r, _ in rss), 1),
        "server_rss_each_mb": [r for r, _ in rss],
        "server_peak_rss_mb": round(sum(p for _, p in rss), 1),
        **(servers.counts() if args.servers > 1 else {}),
        "errors": tally.errors,
        "error_reasons": tally.error_reasons,
        "late_guesses": tally.late_guesses,
        "flagged_games": tally.flagged,
        "reasons": tally.reasons,
        "think_ms": args.steps or args.think_ms,
        "size": args.size,
        "log_lines": sum(servers.log_lines),
        # the machine's 1-minute load average before and after: other work on the cores shows here
        "load_average": [round(args.load_before, 2), round(os.getloadavg()[0], 2)],
        "cores": os.cpu_count(),
    }
    if steps:
        within = [s["guesses_per_s"] for s in steps if s["rtt_ms_p99"] <= args.p99_ms]
        result["steps"] = steps
        result["peak_guesses_per_s"] = max(s["guesses_per_s"] for s in steps)
        result["saturated_guesses_per_s"] = max(within, default=0.0)
        result["p99_ms_limit"] = args.p99_ms
    print(
        f"{finished} games by {tally.most_connected} clients on {args.servers} server(s) in {elapsed:.1f} s: "
        f"{result['guesses_per_s']} guesses/s, p50 {result['rtt_ms_p50']} ms, p99 {result['rtt_ms_p99']} ms, "
        f"server {result['server_cpu_ms_per_guess']} ms CPU a guess, {tally.errors} errors, "
        f"{result['lost_results']} lost",
        file=sys.stderr,
    )
    return result


if __name__ == "__main__":
    sys.exit(main())
