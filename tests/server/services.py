"""A real PostgreSQL and a real Redis for the tests, from the Debian packages, on free ports under a
temporary folder; server processes that use them; and a TCP balancer in front of those.

PostgreSQL: initdb refuses to run as root, so when the tests run as root (a fresh CI machine),
initdb and postgres run as the `postgres` user the Debian package made (subprocess's user= and
group=), in a folder made under /tmp and handed to that user; as anyone else they run as that
user. Both servers are children of the test process with PR_SET_PDEATHSIG, so they stop by
themselves if the tests are killed; the fixtures stop them at the end (postgres in immediate
mode: its data is thrown away).

Without the binaries (or psycopg and redis-py), need() skips with one line saying what to install.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

try:  # the servers extra; without it need() skips
    import psycopg
    import redis
except ImportError:
    psycopg = redis = None  # type: ignore[assignment]

REPO = Path(__file__).resolve().parents[2]
INSTALL = (
    "needs PostgreSQL and Redis: apt-get install postgresql redis-server, "
    "and pip install -e '.[servers]' (psycopg, redis)"
)
START_S = 30.0


def _binary(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def need() -> tuple[str, str, str]:
    """(initdb, postgres, redis-server), or skip the test with what to install."""
    initdb, postgres, redis_server = _binary("initdb"), _binary("postgres"), shutil.which("redis-server")
    if psycopg is None or redis is None or not (initdb and postgres and redis_server):
        pytest.skip(INSTALL)
    return initdb, postgres, redis_server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    """In the child: SIGTERM when the test process goes (set after any change of user, which clears it)."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _as_postgres() -> dict:
    """Run as the postgres user when we are root (initdb refuses root), else as ourselves."""
    if os.geteuid() != 0:
        return {}
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("running as root needs a postgres user to run PostgreSQL as: " + INSTALL)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}


class Postgres:
    def __init__(self, initdb: str, postgres: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="mm-pg-"))
        as_user = _as_postgres()
        if as_user:
            os.chown(self.folder, as_user["user"], as_user["group"])
        self.port = free_port()
        data = self.folder / "data"
        subprocess.run(
            [initdb, "-D", str(data), "-U", "mm", "--auth=trust", "-E", "UTF8", "--no-sync"],
            check=True,
            capture_output=True,
            **as_user,
        )
        self.process = subprocess.Popen(
            [
                postgres,
                "-D",
                str(data),
                "-p",
                str(self.port),
                "-k",
                str(self.folder),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "max_connections=200",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
            **as_user,
        )
        self.url = f"postgresql://mm@127.0.0.1:{self.port}/postgres"
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + START_S
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.1)

    def database(self, name: str) -> str:
        """A new, empty database; its address."""
        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}"')
            db.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://mm@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # immediate shutdown: the data is thrown away
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    def __init__(self, redis_server: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="mm-redis-"))
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                redis_server,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
        self.url = f"redis://127.0.0.1:{self.port}/0"
        deadline = time.monotonic() + START_S
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.05)

    def flush(self) -> None:
        redis.Redis.from_url(self.url).flushall()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(15)
        shutil.rmtree(self.folder, ignore_errors=True)


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
            preexec_fn=_die_with_parent,
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
