"""Coach: the engine behind a coached game, pumped a little each frame. Pygame-free.

A screen owns one Coach per game. Each frame it calls follow(record) (cheap: it only looks at the
rows and the ruled-out colours) and update(budget_ms); it draws from what the coach exposes:
- known: What we know (game.core.facts) at the current position, without the colours the player
  ruled out; None while it is being worked out;
- par: Par (game.core.par) at the current position; None while being worked out;
- moves: row -> ParMove, how each played row moved par (kept once found, rows numbered from 0);
- busy, error: work still pending; the reason the last job failed (a contradictory hand grade).
Why-not needs no pumping: BreakerRun.why_not (or game.core.whynot.why_not) answers at once.

Jobs run one at a time, in the order a player reads them (facts, par, then the moves not yet
weighed; a Coach made with par=False does the facts only), each a Pump over a core generator; a
change of position drops the jobs and answers it made stale, so nothing shown ever belongs to another
position. A change of the ruled-out marks only redoes the facts. Invariants: update() starts no step
once its budget is spent (each job's Pump overshoots by one step at most); answers shown always match
the position last followed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator

from game.core.config import GameConfig
from game.core.facts import WhatWeKnow, facts_steps, ruled_out_facts
from game.core.optimal import StrategyTable
from game.core.par import Par, ParMove, par_move_steps, par_steps
from game.core.solver import History
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.play.record import GameRecord


class Coach:
    """What we know, Par and each row's par move for the game followed (see the module docstring)."""

    def __init__(
        self,
        table: StrategyTable | None = None,
        seed: int = 0,
        clock: Callable[[], float] = time.perf_counter,
        par: bool = True,
    ) -> None:
        self.table = table
        self.with_par = par  # False: What we know only (the computer's screen: no par to weigh)
        self.seed = seed
        self._clock = clock
        self._history: tuple | None = None
        self._ruled_out: frozenset[int] = frozenset()
        self._config: GameConfig | None = None
        self.known: WhatWeKnow | None = None
        self.par: Par | None = None
        self.moves: dict[int, ParMove] = {}
        self.error: str | None = None
        self._jobs: list[tuple[str, Pump]] = []

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def follow(self, record: GameRecord) -> None:
        """Look at the game as it stands; start over what a new row or new marks made stale."""
        self.follow_position(record.config, record.game.history, frozenset(record.ruled_out))

    def follow_position(
        self, config: GameConfig, history: History, ruled_out: frozenset[int] = frozenset()
    ) -> None:
        """follow() for a position given by its rows (the computer's screen: the rows on the board)."""
        history = tuple(history)
        if config == self._config and history == self._history:
            if ruled_out != self._ruled_out:  # only the facts depend on the marks
                self._ruled_out, self.known = ruled_out, None
                self._drop(lambda name: name == "facts")
                self._jobs.insert(0, ("facts", self._facts(config, history)))
            return
        earlier = self._history or ()
        extended = config == self._config and history[: len(earlier)] == earlier
        if not extended:  # another game, or rows taken back (hand grading's undo)
            self.moves = {}
        # a move's job weighs rows that are still there when the game only went on: it stays
        self._drop(lambda name: not (extended and name.startswith("move")))
        self._config, self._history, self._ruled_out = config, history, ruled_out
        self.known, self.par, self.error = None, None, None
        queued = {name for name, _ in self._jobs}
        fresh = [("facts", self._facts(config, history))]
        if not self.with_par:
            self._jobs[:0] = fresh
            return
        fresh.append(("par", self._pump(par_steps(config, history, self.table, self.seed))))
        for row in range(len(history)):
            if row not in self.moves and f"move {row}" not in queued:
                steps = par_move_steps(config, history[: row + 1], self.table, self.seed)
                self._jobs.append((f"move {row}", self._pump(steps)))
        self._jobs[:0] = fresh

    def update(self, budget_ms: float = PUMP_BUDGET_MS) -> None:
        """Work on the pending jobs, in order, for about `budget_ms` in all."""
        deadline = self._clock() + budget_ms / 1000.0
        while self._jobs:
            left_ms = (deadline - self._clock()) * 1000.0
            if left_ms <= 0:
                return
            name, pump = self._jobs[0]
            if not pump.pump(left_ms):
                continue
            self._jobs.pop(0)
            if pump.error is not None:
                self.error = str(pump.error)
            elif name == "facts":
                self.known = pump.answer
            elif name == "par":
                self.par = pump.answer
            else:
                self.moves[int(name.split()[1])] = pump.answer

    def close(self) -> None:
        """Stop every job (the game left the screen)."""
        for _, pump in self._jobs:
            pump.close()
        self._jobs = []

    def _pump(self, steps: Generator) -> Pump:
        return Pump(steps, clock=self._clock)

    def _facts(self, config: GameConfig, history: History) -> Pump:
        return self._pump(facts_steps(config, history, ruled_out_facts(self._ruled_out)))

    def _drop(self, stale: Callable[[str], bool]) -> None:
        for name, pump in self._jobs:
            if stale(name):
                pump.close()
        self._jobs = [(name, pump) for name, pump in self._jobs if not stale(name)]
