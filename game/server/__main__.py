"""`mastermind-server` (or `python -m game.server`): serve online games until interrupted.

Defaults: 127.0.0.1 (this machine only; --host 0.0.0.0 for a network), port DEFAULT_PORT, the
results in server.sqlite3 in the game's data folder. It prints where it listens, then one log line
per room event (handed to a thread that writes them out, flushed at least every half second, so
neither a write per event nor a slow reader of the log costs the games anything: serverlog.py).

Many processes: give each the same --database postgresql://... and --redis redis://... and put
any TCP load balancer in front of their ports (docs/server.md).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import platformdirs

from game.cli import OneLineParser, address, number, path_arg
from game.server import cluster
from game.server.results import open_store
from game.server.server import GameServer
from game.server.serverlog import ServerLog

DEFAULT_PORT = 8765
APP_NAME = "mastermind-arcade"  # the data folder the game itself uses


def default_data() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "server.sqlite3"


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="mastermind-server",
        description="Serve online Mastermind duels, the online Daily's leaderboard and challenges.",
        epilog=(
            "One process: mastermind-server (SQLite in the data folder). "
            "Many: start each with the same --database postgresql://USER@HOST/DB and "
            "--redis redis://HOST:6379/0, each on its own --port, behind any TCP load balancer."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--port",
        type=number(0, 65535),
        default=DEFAULT_PORT,
        help=f"port (default {DEFAULT_PORT}; 0: any free)",
    )
    parser.add_argument(
        "--data", type=path_arg, default=None, help="SQLite file of results (default: data folder)"
    )
    parser.add_argument(
        "--database",
        type=address("postgresql", "postgres"),
        default=None,
        metavar="URL",
        help="postgresql://... to share one database between processes (default: the SQLite file of --data)",
    )
    parser.add_argument(
        "--redis",
        type=address("redis", "rediss", "unix"),
        default=None,
        metavar="URL",
        help="redis://host:port/db to share rooms, queues and events with the other processes",
    )
    parser.add_argument(
        "--rate",
        type=number(1, 100_000),
        default=None,
        help="messages a second a client may send (default 30)",
    )
    return parser


async def serve(host: str, port: int, where: str, rate: int | None, redis_url: str | None) -> None:
    store = open_store(where)
    options = {"rate_per_s": rate, "burst": 2.0 * rate} if rate else {}
    link = cluster.ClusterLink(redis_url) if redis_url else None
    server = GameServer(store, link=link, **options)
    bound = await server.start(host, port)
    shown = where if not str(where).startswith("postgres") else "PostgreSQL"
    also = f", sharing rooms through Redis as process {link.process}" if link else ""
    print(f"mastermind-server listening on ws://{host}:{bound} (results in {shown}{also})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
            pass
    try:
        await stop.wait()
    finally:
        await server.stop()
        store.close()
        forwarded = ""
        if link:
            pairs = f"{link.queue.paired_here} pairs made here, {link.queue.paired_shared} through Redis"
            forwarded = f" ({link.forwarded} messages to other processes, {pairs})"
        print(f"mastermind-server stopped{forwarded}", flush=True)
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    data = args.data or default_data()
    if data.is_dir():
        parser.error(f"--data {data} is a folder; give a file name")
    if not data.parent.is_dir() and args.data is not None:
        parser.error(f"--data {data}: its folder {data.parent} does not exist")
    if args.redis and not args.database:
        parser.error("--redis shares rooms between processes: give them one --database postgresql://... too")
    server_log = ServerLog().start()
    logging.basicConfig(level=logging.INFO, handlers=[server_log.handler])
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per room event, not per socket
    try:
        asyncio.run(serve(args.host, args.port, args.database or str(data), args.rate, args.redis))
    except (RuntimeError, cluster.ClusterError) as exc:  # a database or Redis that is not there
        print(f"mastermind-server: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"mastermind-server: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        server_log.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
