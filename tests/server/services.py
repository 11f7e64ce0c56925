"""Server processes for the tests, a TCP balancer in front of them, and need(): the real PostgreSQL
and Redis of tools/local_services.py (how they run as root is said there), or a skip with one
line saying what to install."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tools.local_services import Missing, binaries, die_with_parent

REPO = Path(__file__).resolve().parents[2]


def need() -> tuple[str, str, str]:
    """(initdb, postgres, redis-server), or skip the test with what to install."""
    try:
        return binaries()
    except Missing as exc:
        pytest.skip(str(exc))


class ServerProcess:
    """`python -m game.server` on a free port with the given options; its port from its first line."""

    def __init__(self, *options: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", "0", *options],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=die_with_parent,
        )
        first = self.process.stdout.readline()  # type: ignore[union-attr]
        found = re.search(r"ws://127\.0\.0\.1:(\d+)", first)
        if not found:
            rest = self.process.stdout.read() if self.process.poll() is not None else ""  # type: ignore[union-attr]
            raise AssertionError(f"the server did not start: {first}{rest}")
        self.port = int(found.group(1))
        self.lines: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        for line in self.process.stdout:  # type: ignore[union-attr]
            self.lines.append(line)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Balancer:
    """A TCP load balancer on 127.0.0.1 (port 0): each connection goes to the next backend in turn
    that answers, so a client of a backend that died reconnects to one that is alive."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = list(ports)
        self.turn = 0
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _start(self) -> asyncio.Server:
        return await asyncio.start_server(self._serve, "127.0.0.1", 0)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for attempt in range(len(self.ports)):
            port = self.ports[(self.turn + attempt) % len(self.ports)]
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            self.turn = (self.turn + attempt + 1) % len(self.ports)
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
            return
        writer.close()

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, ConnectionError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        with contextlib.suppress(OSError, RuntimeError):
            writer.close()

    def stop(self) -> None:
        async def close() -> None:
            self.server.close()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
