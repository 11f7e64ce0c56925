"""A time-budgeted pump for solver generators: run a generator a little each frame, never stall drawing.

A Pump wraps a generator in the solver's shape (yields Progress, returns an answer) and advances it
with pump(budget_ms) until that much time has been spent in this call, the generator has returned,
or it has raised a ValueError (the project's domain errors, such as NoCodeLeft, are ValueErrors; any
other exception is a bug and propagates).

Invariants: a call never starts a step once its budget is spent, so one call overshoots its budget by
at most one step (the strategies promise ~2 ms steps); the clock is injectable (time.perf_counter by
default) so tests drive it by hand; the longest single step and the longest call are recorded for
benchmarks and tests. No pygame here: the pump is plain Python, part of game.play.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

from game.core.solver import Progress

Answer = TypeVar("Answer")

# Default share of a 60 Hz frame (16.7 ms) given to thinking; the rest is for drawing and the event loop.
PUMP_BUDGET_MS = 6.0


class Pump(Generic[Answer]):
    """Advance `steps` inside a time budget per call; keep its latest Progress and its answer."""

    def __init__(
        self,
        steps: Generator[Any, None, Answer],
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._steps = steps
        self._clock = clock
        self.done = False
        self.answer: Answer | None = None
        self.error: ValueError | None = None
        self.progress: Progress | None = None
        self.possible: int | None = None  # latest Progress.possible that was not None
        self.steps = 0
        self.calls = 0  # pump() calls that advanced the generator
        self.longest_step_s = 0.0
        self.longest_call_s = 0.0
        self.last_call_s = 0.0
        self.busy_s = 0.0  # total time spent inside the generator

    def pump(self, budget_ms: float = PUMP_BUDGET_MS) -> bool:
        """Advance the generator until `budget_ms` is spent or it finishes; True once it has finished."""
        if self.done:
            return True
        budget_s = budget_ms / 1000.0
        start = now = self._clock()
        while True:
            before = now
            try:
                item = next(self._steps)
            except StopIteration as stop:
                self.done = True
                self.answer = stop.value
            except ValueError as exc:
                self.done = True
                self.error = exc
            else:
                if isinstance(item, Progress):
                    self.progress = item
                    if item.possible is not None:
                        self.possible = item.possible
            now = self._clock()
            self.steps += 1
            self.longest_step_s = max(self.longest_step_s, now - before)
            if self.done or now - start >= budget_s:
                break
        self.calls += 1
        self.last_call_s = now - start
        self.busy_s += self.last_call_s
        self.longest_call_s = max(self.longest_call_s, self.last_call_s)
        return self.done

    def finish(self) -> Answer | None:
        """Run to the end regardless of time (for tools and tests); returns the answer (None on error)."""
        while not self.pump(budget_ms=1000.0):
            pass
        return self.answer

    @property
    def fraction(self) -> float:
        """How far the current guess has got, 0..1, from the latest Progress (0 before any)."""
        if self.done:
            return 1.0
        if self.progress is None or self.progress.total <= 0:
            return 0.0
        return max(0.0, min(1.0, self.progress.done / self.progress.total))

    def close(self) -> None:
        """Stop the generator early (a new game, leaving the state)."""
        self._steps.close()
        self.done = True
