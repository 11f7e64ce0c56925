"""One timeline for all motion of a game in progress, in seconds, driven by update(dt).

Two kinds of track:
- a *move* (a peg snapping in, a grading peg popping in) shows a change that has already happened
  in the game; new input cuts it short (`cut()` finishes every move at once);
- a *flash* (the winning row's pulse, the pause on a lost board) is a beat the player should see;
  input never cuts it and it always runs to its end.

Animation speed and reduced motion are interpreted here and nowhere else:
- moves run `speed` times faster; with reduced motion four times faster again, and a started move
  reads as complete (value 1.0: a peg appears at full size, no growth, no overshoot);
- flashes run in real time whatever the speed (a beat is a beat); with reduced motion their pulse
  is steady.
Views read tracks (`value`, `progress`, `started`, `pulse`), never a setting; `progress` is the
raw fraction the drawing helpers in game/ui/juice.py take (a started move under reduced motion
reads 1.0, so they draw its resting form at once).

Invariants: time comes only from update(dt); a track's elapsed time never decreases; a cut move is
done; keys are any hashable the caller chooses (("snap", col), ("grade", i)).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import MappingProxyType

Easing = Callable[[float], float]

REDUCED_MOTION_SPEEDUP = 4.0  # moves run this much faster again with reduced motion
PULSES_PER_S = 3.0  # a flash's pulse (the winning row's outline) beats this often


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


@dataclass(frozen=True)
class Motion:
    """How the player wants motion: the animation-speed setting (1 = normal) and reduced motion."""

    speed: float = 1.0
    reduced: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.speed, bool) or not isinstance(self.speed, int | float):
            raise ValueError(f"animation speed is a number, not {self.speed!r}")
        if not math.isfinite(self.speed) or self.speed <= 0:
            raise ValueError(f"animation speed must be a positive number, not {self.speed!r}")
        if not isinstance(self.reduced, bool):
            raise ValueError(f"reduced motion is true or false, not {self.reduced!r}")

    @property
    def move_factor(self) -> float:
        """How much faster than written a move runs."""
        return self.speed * (REDUCED_MOTION_SPEEDUP if self.reduced else 1.0)


class Track:
    """Progress 0..1 over duration_s after delay_s; a move or a flash (see the module docstring)."""

    def __init__(self, duration_s: float, delay_s: float, ease: Easing, flash: bool, motion: Motion) -> None:
        self.duration_s = max(1e-6, float(duration_s))
        self.delay_s = max(0.0, float(delay_s))
        self.ease = ease
        self.flash = flash
        self._motion = motion
        self.elapsed_s = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed_s += dt if self.flash else dt * self._motion.move_factor

    def finish(self) -> None:
        self.elapsed_s = max(self.elapsed_s, self.delay_s + self.duration_s)

    @property
    def started(self) -> bool:
        return self.elapsed_s >= self.delay_s

    @property
    def raw(self) -> float:
        """Uneased progress 0..1."""
        return max(0.0, min(1.0, (self.elapsed_s - self.delay_s) / self.duration_s))

    @property
    def progress(self) -> float:
        """Uneased progress 0..1 as drawing should use it: a started move reads 1.0 with reduced motion."""
        if self._motion.reduced and not self.flash:
            return 1.0 if self.started else 0.0
        return self.raw

    @property
    def value(self) -> float:
        """Eased progress; a started move reads 1.0 with reduced motion (no growth, no overshoot)."""
        if self._motion.reduced and not self.flash:
            return 1.0 if self.started else 0.0
        return self.ease(self.raw)

    @property
    def pulse(self) -> float:
        """0..1..0 beats while running (PULSES_PER_S); a steady 1.0 with reduced motion."""
        if self._motion.reduced:
            return 1.0
        return 1 - abs(2 * ((self.raw * self.duration_s * PULSES_PER_S) % 1) - 1)

    @property
    def done(self) -> bool:
        return self.elapsed_s >= self.delay_s + self.duration_s


class Timeline:
    """Every running track of one game in progress, by key."""

    def __init__(self, motion: Motion | None = None) -> None:
        self._motion = motion or Motion()
        self._tracks: dict[Hashable, Track] = {}

    @property
    def motion(self) -> Motion:
        return self._motion

    def set_motion(self, motion: Motion) -> None:
        """Apply a new speed or reduced-motion choice to every track, running ones included."""
        self._motion = motion
        for track in self._tracks.values():
            track._motion = motion

    def move(
        self, key: Hashable, duration_s: float, delay_s: float = 0.0, ease: Easing = ease_out_cubic
    ) -> Track:
        """Start (or restart) a move under `key`; input cuts it short."""
        track = Track(duration_s, delay_s, ease, False, self._motion)
        self._tracks[key] = track
        return track

    def flash(self, key: Hashable, duration_s: float, delay_s: float = 0.0, ease: Easing = linear) -> Track:
        """Start (or restart) a flash under `key`; it always runs to its end."""
        track = Track(duration_s, delay_s, ease, True, self._motion)
        self._tracks[key] = track
        return track

    def get(self, key: Hashable) -> Track | None:
        return self._tracks.get(key)

    def running(self, key: Hashable) -> bool:
        track = self._tracks.get(key)
        return track is not None and not track.done

    def keys(self) -> tuple[Hashable, ...]:
        return tuple(self._tracks)

    def drop(self, key: Hashable) -> None:
        self._tracks.pop(key, None)

    def cut(self) -> None:
        """Input arrived: every move jumps to its end (flashes go on)."""
        for track in self._tracks.values():
            if not track.flash:
                track.finish()

    def update(self, dt: float) -> None:
        """Advance every track by `dt` seconds and forget the finished ones."""
        for key, track in list(self._tracks.items()):
            track.advance(dt)
            if track.done:
                del self._tracks[key]

    @property
    def idle(self) -> bool:
        return not self._tracks
