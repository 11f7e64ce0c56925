"""Fixtures for the server tests: a real PostgreSQL and Redis started once for the session (see
services.py: run as the postgres user when the tests run as root), and `deployment`, the same
tests run two ways: one process on SQLite (what a new user gets) and two processes sharing
PostgreSQL and Redis."""

from __future__ import annotations

import itertools

import pytest

from tools.local_services import Postgres, Redis

from .services import ServerProcess, need

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def services():
    """(Postgres, Redis), started for the first test that needs them and stopped at the end."""
    initdb, postgres, redis_server = need()
    pg = Postgres(initdb, postgres)
    try:
        rd = Redis(redis_server)
    except BaseException:
        pg.stop()
        raise
    yield pg, rd
    rd.stop()
    pg.stop()


class Deployment:
    """Server processes for one test; `ports[i]` is where the i-th player connects (a player on
    ports[0] and one on ports[1] are on different processes when there are two)."""

    def __init__(self, processes: list[ServerProcess], url: str, two: bool, redis: str = "") -> None:
        self.processes, self.url, self.two, self.redis = processes, url, two, redis

    @property
    def ports(self) -> list[int]:
        return [p.port for p in self.processes] * (1 if self.two else 2)

    def stop(self) -> None:
        for process in self.processes:
            process.stop()


@pytest.fixture(params=["sqlite", "cluster"])
def deployment(request, tmp_path):
    if request.param == "sqlite":
        data = tmp_path / "server.sqlite3"
        made = Deployment([ServerProcess("--data", str(data))], str(data), two=False)
    else:
        pg, rd = request.getfixturevalue("services")
        rd.flush()
        url = pg.database(f"t{next(_databases)}")
        options = ("--database", url, "--redis", rd.url)
        made = Deployment([ServerProcess(*options), ServerProcess(*options)], url, two=True, redis=rd.url)
    yield made
    made.stop()
