"""Tests of game.play.pump.Pump with a hand-driven clock: budgets, answers, errors, step records."""

from __future__ import annotations

from collections.abc import Generator

from game.core.solver import NoCodeLeft, Progress
from game.play.pump import Pump


class FakeClock:
    """A clock the test advances by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def timed_steps(clock: FakeClock, step_ms: list[float], answer: int) -> Generator[Progress, None, int]:
    for done, ms in enumerate(step_ms):
        clock.now += ms / 1000
        yield Progress(done + 1, len(step_ms), "thinking", possible=100 - done)
    return answer


def test_pump__stops_once_budget_is_spent() -> None:
    clock = FakeClock()
    pump = Pump(timed_steps(clock, [1.0] * 20, answer=42), clock=clock)
    assert pump.pump(budget_ms=4.5) is False
    assert pump.steps == 5  # 1+1+1+1 = 4 ms < 4.5, the fifth step crosses the budget
    assert abs(pump.last_call_s - 0.005) < 1e-9
    assert pump.progress == Progress(5, 20, "thinking", possible=96)
    assert pump.possible == 96


def test_pump__returns_answer_when_generator_ends() -> None:
    clock = FakeClock()
    pump = Pump(timed_steps(clock, [1.0] * 7, answer=42), clock=clock)
    calls = 0
    while not pump.pump(budget_ms=3.0):
        calls += 1
    assert pump.done and pump.answer == 42 and pump.error is None
    assert calls == 2  # steps 1-3, 4-6, then step 7 and the return
    assert pump.fraction == 1.0


def test_pump__records_longest_step_and_call() -> None:
    clock = FakeClock()
    pump = Pump(timed_steps(clock, [0.5, 0.5, 7.0, 0.5, 0.5], answer=1), clock=clock)
    pump.pump(budget_ms=2.0)
    assert abs(pump.longest_step_s - 0.007) < 1e-9
    assert abs(pump.longest_call_s - 0.008) < 1e-9  # overshoots by at most the step in flight


def test_pump__never_exceeds_budget_by_more_than_one_step() -> None:
    clock = FakeClock()
    steps = [0.3 * (i % 7) + 0.1 for i in range(400)]
    pump = Pump(timed_steps(clock, steps, answer=0), clock=clock)
    while not pump.pump(budget_ms=5.0):
        assert pump.last_call_s <= 0.005 + pump.longest_step_s + 1e-12


def test_pump__domain_error_ends_pump_with_error() -> None:
    def failing() -> Generator[Progress, None, int]:
        yield Progress(0, 1)
        raise NoCodeLeft("no code fits")

    pump = Pump(failing(), clock=FakeClock())
    assert pump.pump(budget_ms=1.0) is True
    assert isinstance(pump.error, NoCodeLeft) and pump.answer is None


def test_pump__finish_runs_to_the_end_and_fraction_tracks_progress() -> None:
    clock = FakeClock()
    pump = Pump(timed_steps(clock, [1.0] * 10, answer=9), clock=clock)
    assert pump.fraction == 0.0
    pump.pump(budget_ms=2.5)
    assert pump.fraction == 0.3
    assert pump.finish() == 9


def test_pump__close_stops_a_running_generator() -> None:
    clock = FakeClock()
    pump = Pump(timed_steps(clock, [1.0] * 10, answer=9), clock=clock)
    pump.pump(budget_ms=1.0)
    pump.close()
    assert pump.done and pump.pump() is True and pump.answer is None
