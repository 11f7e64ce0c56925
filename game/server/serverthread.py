"""A GameServer (server.py) run on its own asyncio loop in a daemon thread, for a caller that has no
loop of its own: the game hosting a duel on this machine, a tool, the tests.

Everything the caller asks of the server goes through the loop (run(), call()), so the rooms are
only ever touched from the loop's thread.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from game.server.results import ResultStore
from game.server.server import GameServer


class ServerThread:
    """A GameServer on its own loop in a daemon thread (the game hosting a duel, and the tests).

    start() returns once it listens (port: the bound one); stop() ends it and waits for the thread.
    """

    def __init__(self, store: ResultStore, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        self.store, self.host, self.requested = store, host, port
        self.options = options
        self.loop = asyncio.new_event_loop()
        self.server: GameServer | None = None
        self.port = 0
        self._thread = threading.Thread(target=self.loop.run_forever, name="mastermind-server", daemon=True)

    def start(self) -> ServerThread:
        self._thread.start()
        self.server = self.run(self._make())
        self.port = self.server.port
        return self

    async def _make(self) -> GameServer:
        server = GameServer(self.store, **self.options)
        await server.start(self.host, self.requested)
        return server

    def run(self, coroutine: Any, timeout: float = 10.0) -> Any:
        """Run `coroutine` on the server's loop and return its value (from another thread)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Call `function` on the server's loop (to look at or poke its rooms safely)."""

        async def inside() -> Any:
            return function()

        return self.run(inside(), timeout)

    def stop(self) -> None:
        if self.server is not None:
            self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()
