"""`mastermind-server` (or `python -m game.server`): serve online games until interrupted.

Defaults: 127.0.0.1 (this machine only; --host 0.0.0.0 for a network), port DEFAULT_PORT, the
results in server.sqlite3 in the game's data folder. It prints where it listens, then one log line
per room event.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import platformdirs

from game.cli import OneLineParser, number, path_arg
from game.server.results import SqliteStore
from game.server.server import GameServer

DEFAULT_PORT = 8765
APP_NAME = "mastermind-arcade"  # the data folder the game itself uses


def default_data() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "server.sqlite3"


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog="mastermind-server", description="Serve online Mastermind duels.")
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
        "--rate",
        type=number(1, 100_000),
        default=None,
        help="messages a second a client may send (default 30)",
    )
    return parser


async def serve(host: str, port: int, data: Path, rate: int | None) -> None:
    store = SqliteStore(data)
    server = GameServer(store, **({"rate_per_s": rate, "burst": 2.0 * rate} if rate else {}))
    bound = await server.start(host, port)
    print(f"mastermind-server listening on ws://{host}:{bound} (results in {data})", flush=True)
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
        print("mastermind-server stopped", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    data = args.data or default_data()
    if data.is_dir():
        parser.error(f"--data {data} is a folder; give a file name")
    if not data.parent.is_dir() and args.data is not None:
        parser.error(f"--data {data}: its folder {data.parent} does not exist")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stdout)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per room event, not per socket
    try:
        asyncio.run(serve(args.host, args.port, data, args.rate))
    except OSError as exc:
        print(
            f"mastermind-server: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
