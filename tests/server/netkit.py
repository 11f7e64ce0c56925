"""Helpers for the loopback tests: a server in a thread that the test stops, clients that wait for
an event with a deadline (never for ever), and a clock the test moves by hand."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.net.client import Client, new_device_token
from game.server.results import SqliteStore
from game.server.rooms import Rooms
from game.server.serverthread import ServerThread

WAIT_S = 10.0  # the longest any one expected message may take on a busy two-core machine


class FakeClock:
    """Monotonic seconds that move only when the test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def fixed_secret(secret: tuple[int, ...]) -> Rooms:
    return Rooms(make_code=lambda pegs, colours: secret[:pegs])


def start_server(store: SqliteStore, port: int = 0, **options: Any) -> ServerThread:
    return ServerThread(store, "127.0.0.1", port, **options).start()


class Player:
    """A real Client and everything it has been handed, in order."""

    def __init__(self, port: int, nick: str, token: str | None = None, **options: Any) -> None:
        self.token = token or new_device_token()
        self.client = Client(f"ws://127.0.0.1:{port}", self.token, nick, **options).start()
        self.seen: list[dict[str, Any]] = []
        self.read = 0  # how far wait() has looked

    def pump(self) -> None:
        self.seen.extend(self.client.poll())

    def wait(
        self, match: Callable[[dict[str, Any]], bool], what: str, timeout: float = WAIT_S
    ) -> dict[str, Any]:
        """The next message (after the last one waited for) that `match`es; AssertionError after timeout."""
        deadline = time.monotonic() + timeout
        while True:
            self.pump()
            for index in range(self.read, len(self.seen)):
                if match(self.seen[index]):
                    self.read = index + 1
                    return self.seen[index]
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {timeout} s; saw {self.seen[-5:]}")
            time.sleep(0.005)

    def event(self, kind: str, timeout: float = WAIT_S) -> dict[str, Any]:
        message = self.wait(lambda m: m.get("type") == "event" and m["event"]["kind"] == kind, kind, timeout)
        return message["event"]

    def status(self, state: str, timeout: float = WAIT_S) -> dict[str, Any]:
        return self.wait(
            lambda m: m.get("type") == "status" and m["state"] == state, f"status {state}", timeout
        )

    def error(self, timeout: float = WAIT_S) -> dict[str, Any]:
        return self.wait(lambda m: m.get("type") == "error", "error", timeout)

    def events(self) -> list[tuple[int, dict[str, Any]]]:
        self.pump()
        return [(m["seq"], m["event"]) for m in self.seen if m.get("type") == "event"]

    def send(self, type_: str, **fields: Any) -> None:
        self.client.send(type_, **fields)

    def close(self) -> None:
        self.client.close()


def pair(
    port: int, kind: str, size: str = "Classic", rounds: int = 2, **options: Any
) -> tuple[Player, Player]:
    """Two connected players in one room (made by invite), both told it started."""
    ann, bob = Player(port, "Ann", **options), Player(port, "Bob", **options)
    ann.send("create", size=size, kind=kind, rounds=rounds)
    invite = ann.event("waiting")["invite"]
    bob.send("join", invite=invite)
    ann.event("start")
    bob.event("start")
    return ann, bob
