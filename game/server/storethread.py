"""The store's own thread: the server's loop hands it work and never waits on a disk or a database.

Jobs run in the order given. Whatever is waiting when the thread comes round runs as one batch in
one transaction (one commit for many finished games under load); if a batch fails, its jobs run
again one by one, each in its own transaction, so one bad job fails alone and the rest are kept.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from game.server.results import ResultStore

MAX_BATCH = 500

log = logging.getLogger("mastermind.server")

Job = tuple[Callable[..., Any], tuple, concurrent.futures.Future]


class StoreThread:
    """Runs `store`'s methods on one thread. call() from any thread; read() awaits on a loop."""

    def __init__(self, store: ResultStore) -> None:
        self.store = store
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.batches = 0
        self._thread = threading.Thread(target=self._run, name="mastermind-store", daemon=True)
        self._thread.start()

    def call(self, method: str, *args: Any) -> concurrent.futures.Future:
        """Queue store.method(*args); the future holds its value (or its exception)."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.put((getattr(self.store, method), args, future))
        return future

    async def read(self, method: str, *args: Any) -> Any:
        return await asyncio.wrap_future(self.call(method, *args))

    def stop(self, timeout: float = 30.0) -> None:
        """Finish every queued job and end the thread (the store stays open: its owner closes it)."""
        if self._thread.is_alive():
            self.jobs.put(None)
            self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job]
            ending = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    ending = True
                    break
                batch.append(more)
            self._run_batch(batch)
            if ending:
                return

    def _run_batch(self, batch: list[Job]) -> None:
        values: list[Any] = []
        try:
            with self.store.transaction():  # type: ignore[attr-defined]
                for method, args, _ in batch:
                    values.append(method(*args))
        except Exception:
            if len(batch) == 1:
                self._settle_alone(batch[0])
                return
            for job in batch:
                self._settle_alone(job)
            return
        self.batches += 1
        for (_, _, future), value in zip(batch, values, strict=True):
            future.set_result(value)

    def _settle_alone(self, job: Job) -> None:
        method, args, future = job
        try:
            with self.store.transaction():  # type: ignore[attr-defined]
                value = method(*args)
        except Exception as exc:
            log.warning("the store refused %s: %s", method.__name__, exc)
            future.set_exception(exc)
        else:
            future.set_result(value)
