"""Tweens and named easings, driven by dt in seconds (never by a clock).

A Tween runs from 0 to 1 over `duration_s` after `delay_s`; `value` is the eased progress.
`finish()` jumps to the end (new input finishes a move animation). A speed factor (the
animation-speed setting; reduced motion uses a large one) scales dt, so every tween obeys it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import MappingProxyType

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: a peg that pops into place."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


EASINGS = MappingProxyType(
    {
        "linear": linear,
        "out_cubic": ease_out_cubic,
        "in_out_sine": ease_in_out_sine,
        "out_back": ease_out_back,
    }
)


class Tween:
    """Progress 0..1 over duration_s seconds after delay_s seconds, eased."""

    def __init__(self, duration_s: float, delay_s: float = 0.0, ease: Easing = ease_out_cubic) -> None:
        self.duration_s = max(1e-6, duration_s)
        self.delay_s = delay_s
        self.ease = ease
        self.elapsed_s = 0.0

    def update(self, dt: float, speed: float = 1.0) -> None:
        self.elapsed_s += dt * speed

    @property
    def started(self) -> bool:
        return self.elapsed_s >= self.delay_s

    @property
    def raw(self) -> float:
        return max(0.0, min(1.0, (self.elapsed_s - self.delay_s) / self.duration_s))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed_s >= self.delay_s + self.duration_s

    def finish(self) -> None:
        self.elapsed_s = max(self.elapsed_s, self.delay_s + self.duration_s)
