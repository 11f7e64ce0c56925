"""One timeline for all motion, in seconds, driven by update(dt): the tracks of a game in progress, and
of anything else that moves or counts (particles, notices, a pulse, a countdown).

Five kinds of track:
- a *move* (a peg snapping in, a grading peg popping in) shows a change that has already happened
  in the game; new input cuts it short (`cut()` finishes every move at once);
- a *flash* (the winning row's pulse, the pause on a lost board) is a beat the player should see;
  input never cuts it and it always runs to its end;
- a *loop* (a glow, a swelling clock) repeats every `period_s` and never ends;
- a *countdown* (a game clock, a notice's stay) counts real seconds down to zero; it can be held
  (`paused`) and lengthened (`extend()`);
- a *flourish* (confetti, dust) is decoration that carries no information.

Animation speed and reduced motion are interpreted here and nowhere else:
- moves run `speed` times faster; with reduced motion four times faster again, and a started move
  reads as complete (value 1.0: a peg appears at full size, no growth, no overshoot);
- flashes, loops, countdowns and flourishes run in real time whatever the speed (a beat is a beat, a
  second a second); with reduced motion a flash's or a loop's beat is steady (`steady`), and a
  flourish does not happen at all (flourish() gives None);
- a countdown's seconds are the same under every setting.
Views read tracks (`value`, `progress`, `started`, `pulse`, `wave`, `steady`, `left_s`), never a
setting; `progress` is the raw fraction the drawing helpers in game/ui/juice.py take (a started move
under reduced motion reads 1.0, so they draw its resting form at once).

Invariants: time comes only from update(dt); a track's elapsed time never decreases; a cut move is
done; a loop is never done; keys are any hashable the caller chooses (("snap", col), ("grade", i)).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
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


class Kind(StrEnum):
    """What a track is for, which decides how speed and reduced motion apply (module docstring)."""

    MOVE = "move"
    FLASH = "flash"
    LOOP = "loop"
    COUNTDOWN = "countdown"
    FLOURISH = "flourish"


class Track:
    """Progress 0..1 over duration_s after delay_s (a loop: within each period of duration_s)."""

    def __init__(self, duration_s: float, delay_s: float, ease: Easing, kind: Kind, motion: Motion) -> None:
        self.duration_s = max(1e-6, float(duration_s))
        self.delay_s = max(0.0, float(delay_s))
        self.ease = ease
        self.kind = kind
        self._motion = motion
        self.elapsed_s = 0.0
        self.paused = False  # a held countdown (or any track) does not advance

    @property
    def flash(self) -> bool:
        """Does input leave it alone (everything but a move)?"""
        return self.kind is not Kind.MOVE

    @property
    def _rate(self) -> float:
        """Track seconds per real second."""
        return self._motion.move_factor if self.kind is Kind.MOVE else 1.0

    def advance(self, dt: float) -> None:
        if not self.paused:
            self.elapsed_s += dt * self._rate

    def finish(self) -> None:
        if self.kind is not Kind.LOOP:
            self.elapsed_s = max(self.elapsed_s, self.delay_s + self.duration_s)

    def extend(self, seconds: float) -> None:
        """Lengthen it by `seconds` (a countdown gains time)."""
        self.duration_s = max(1e-6, self.duration_s + float(seconds))

    @property
    def started(self) -> bool:
        return self.elapsed_s >= self.delay_s

    @property
    def raw(self) -> float:
        """Uneased progress 0..1 (a loop's: within its current period)."""
        if self.kind is Kind.LOOP:
            return ((self.elapsed_s - self.delay_s) / self.duration_s) % 1.0 if self.started else 0.0
        return max(0.0, min(1.0, (self.elapsed_s - self.delay_s) / self.duration_s))

    @property
    def steady(self) -> bool:
        """Does reduced motion hold it still: a move at rest once started, a flash's or a loop's beat
        steady? (Views draw their resting look then.)"""
        return self._motion.reduced and self.kind is not Kind.COUNTDOWN

    @property
    def progress(self) -> float:
        """Uneased progress 0..1 as drawing should use it: a started move reads 1.0 with reduced motion."""
        if self.kind is Kind.MOVE and self._motion.reduced:
            return 1.0 if self.started else 0.0
        return self.raw

    @property
    def value(self) -> float:
        """Eased progress; a started move reads 1.0 with reduced motion (no growth, no overshoot)."""
        if self.kind is Kind.MOVE and self._motion.reduced:
            return 1.0 if self.started else 0.0
        return self.ease(self.raw)

    @property
    def pulse(self) -> float:
        """0..1..0 beats while running (a flash PULSES_PER_S, a loop once a period); a steady 1.0
        with reduced motion."""
        if self._motion.reduced:
            return 1.0
        if self.kind is Kind.LOOP:
            return 1 - abs(2 * self.raw - 1)
        return 1 - abs(2 * ((self.raw * self.duration_s * PULSES_PER_S) % 1) - 1)

    @property
    def wave(self) -> float:
        """A loop's smooth swell, 0.5 + 0.5 sin(2 pi phase), from 0.5 rising; a steady 1.0 with
        reduced motion."""
        if self._motion.reduced:
            return 1.0
        return 0.5 + 0.5 * math.sin(2 * math.pi * self.raw)

    @property
    def left_s(self) -> float:
        """Real seconds until it is done (a countdown's time left); inf for a loop or a held track."""
        if self.kind is Kind.LOOP or self.paused:
            return math.inf
        return max(0.0, self.delay_s + self.duration_s - self.elapsed_s) / self._rate

    @property
    def done(self) -> bool:
        return self.kind is not Kind.LOOP and self.elapsed_s >= self.delay_s + self.duration_s


class Timeline:
    """Every running track of one owner (a game in progress, the particles, the notices), by key."""

    def __init__(self, motion: Motion | None = None) -> None:
        self._motion = motion or Motion()
        self._tracks: dict[Hashable, Track] = {}

    @property
    def motion(self) -> Motion:
        return self._motion

    @property
    def instant(self) -> bool:
        """Moves are at rest as they start (reduced motion): a sequence of moves is at rest at once."""
        return self._motion.reduced

    def set_motion(self, motion: Motion) -> None:
        """Apply a new speed or reduced-motion choice to every track, running ones included."""
        self._motion = motion
        for track in self._tracks.values():
            track._motion = motion

    def _start(self, key: Hashable, duration_s: float, delay_s: float, ease: Easing, kind: Kind) -> Track:
        track = Track(duration_s, delay_s, ease, kind, self._motion)
        self._tracks[key] = track
        return track

    def move(
        self, key: Hashable, duration_s: float, delay_s: float = 0.0, ease: Easing = ease_out_cubic
    ) -> Track:
        """Start (or restart) a move under `key`; input cuts it short."""
        return self._start(key, duration_s, delay_s, ease, Kind.MOVE)

    def flash(self, key: Hashable, duration_s: float, delay_s: float = 0.0, ease: Easing = linear) -> Track:
        """Start (or restart) a flash under `key`; it always runs to its end."""
        return self._start(key, duration_s, delay_s, ease, Kind.FLASH)

    def loop(self, key: Hashable, period_s: float) -> Track:
        """Start (or restart) a loop under `key` that beats every `period_s` until dropped."""
        return self._start(key, period_s, 0.0, linear, Kind.LOOP)

    def countdown(self, key: Hashable, seconds: float) -> Track:
        """Start (or restart) a countdown of `seconds` real seconds under `key` (hold it with paused)."""
        return self._start(key, seconds, 0.0, linear, Kind.COUNTDOWN)

    def flourish(self, key: Hashable, duration_s: float) -> Track | None:
        """Start (or restart) a flourish under `key`, or None with reduced motion: there is none."""
        if self._motion.reduced:
            return None
        return self._start(key, duration_s, 0.0, linear, Kind.FLOURISH)

    @property
    def decorates(self) -> bool:
        """Is there room for decoration (a demo behind the menu, confetti)? Not with reduced motion."""
        return not self._motion.reduced

    def get(self, key: Hashable) -> Track | None:
        return self._tracks.get(key)

    def running(self, key: Hashable) -> bool:
        track = self._tracks.get(key)
        return track is not None and not track.done

    def keys(self) -> tuple[Hashable, ...]:
        return tuple(self._tracks)

    def drop(self, key: Hashable) -> None:
        self._tracks.pop(key, None)

    def clear(self) -> None:
        """Drop every track."""
        self._tracks.clear()

    def cut(self) -> None:
        """Input arrived: every move jumps to its end (the other kinds go on)."""
        for track in self._tracks.values():
            if track.kind is Kind.MOVE:
                track.finish()

    def time_left(self, keys: Iterable[Hashable]) -> float:
        """Real seconds until every track under `keys` is done (0 for a key with no track)."""
        return max((t.left_s for key in keys if (t := self._tracks.get(key)) is not None), default=0.0)

    def update(self, dt: float) -> None:
        """Advance every track by `dt` seconds and forget the finished ones."""
        for key, track in list(self._tracks.items()):
            track.advance(dt)
            if track.done:
                del self._tracks[key]

    @property
    def idle(self) -> bool:
        return not self._tracks
