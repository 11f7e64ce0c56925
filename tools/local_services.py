"""A throwaway PostgreSQL and Redis on free ports under a temporary folder, from the Debian
packages (postgresql, redis-server): for the server's tests and for tools/load_server.py.

PostgreSQL: initdb refuses to run as root, so when run as root (a fresh CI machine) initdb and
postgres run as the `postgres` user the Debian package made (subprocess's user= and group=), in
a folder made under /tmp and handed to that user; as anyone else they run as that user. Both
servers are children of the caller with PR_SET_PDEATHSIG, so they stop by themselves if it is
killed; stop() ends them (postgres in immediate mode: the data is thrown away) and removes the
folder. fsync is off: nothing here is meant to outlive the run.
"""

from __future__ import annotations

import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

try:  # the servers extra: pip install -e '.[servers]'
    import psycopg
    import redis
except ImportError:
    psycopg = redis = None  # type: ignore[assignment]

INSTALL = (
    "needs PostgreSQL and Redis: apt-get install postgresql redis-server, "
    "and pip install -e '.[servers]' (psycopg, redis)"
)
START_S = 30.0


class Missing(RuntimeError):
    """A binary or a library is not installed; the text says what to install."""


def _binary(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def binaries() -> tuple[str, str, str]:
    """(initdb, postgres, redis-server); Missing (saying what to install) when any is not there."""
    initdb, postgres, redis_server = _binary("initdb"), _binary("postgres"), shutil.which("redis-server")
    if psycopg is None or redis is None or not (initdb and postgres and redis_server):
        raise Missing(INSTALL)
    return initdb, postgres, redis_server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent() -> None:
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
        raise Missing("running as root needs a postgres user to run PostgreSQL as: " + INSTALL) from None
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
            preexec_fn=die_with_parent,
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
            preexec_fn=die_with_parent,
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
