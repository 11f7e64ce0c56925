"""The beats of a won game landing on its result screen, in order, on the screen's Timeline.

A win lands before anything asks: the score counts up (COUNT), the streak's +1 pops (STREAK), the
celebration plays, sized to the win (CELEBRATE: longer for a new best, longer again for a top-ten
score), then a short beat at rest (HOLD) and only then may the screen ask for initials (`ready`).
The playing screen's finish came before all of this (the winning row's flash, the shield sliding:
game/play/grading.py). A beat with nothing to show is left out (no score to count, no streak).

Each beat is a move started when the one before it ends, so animation speed scales the whole
sequence; the hold is a flash (real time: a pause to read is a pause at any speed). With reduced
motion every beat is at rest from the start and only the hold remains, so the initials still come
last. `skip()` (a key or a click) puts every beat at rest at once. Pygame-free; the screen reads
`progress(beat)` and the beats that `update()` says started this frame (to fire the celebration
and its sound once).
"""

from __future__ import annotations

from enum import StrEnum

from game.play.timeline import Timeline, Track, linear

COUNT_S = 1.0  # the score counting up from 0 (at animation speed 1)
STREAK_S = 0.4  # the streak's +1 popping in
CELEBRATE_S = {"win": 0.9, "best": 1.4, "top": 1.9}  # the celebration, by how big the win is
HOLD_S = 0.45  # everything at rest before anything is asked


class Beat(StrEnum):
    COUNT = "count"
    STREAK = "streak"
    CELEBRATE = "celebrate"
    HOLD = "hold"


CELEBRATIONS = tuple(CELEBRATE_S)


class Finale:
    """The beats of one win (see the module docstring); `size` is "win", "best" or "top"."""

    def __init__(
        self, timeline: Timeline, *, counts: bool, streak: bool, size: str = "win"
    ) -> None:
        if size not in CELEBRATE_S:
            raise ValueError(f"a celebration is one of {CELEBRATIONS}, not {size!r}")
        self.timeline = timeline
        self.size = size
        beats = [(Beat.COUNT, COUNT_S)] if counts else []
        beats += [(Beat.STREAK, STREAK_S)] if streak else []
        beats += [(Beat.CELEBRATE, CELEBRATE_S[size]), (Beat.HOLD, HOLD_S)]
        self.beats = tuple(beat for beat, _ in beats)
        self._durations = dict(beats)
        self._tracks: dict[Beat, Track] = {}
        self._announced: set[Beat] = set()
        self._next = 0
        self._start_next()
        if timeline.instant:  # reduced motion: everything at rest at once; only the pause to read is left
            while self.beats[self._next - 1] is not Beat.HOLD:
                self._tracks[self.beats[self._next - 1]].finish()
                self._start_next()

    def _start_next(self) -> None:
        beat = self.beats[self._next]
        duration = self._durations[beat]
        if beat is Beat.HOLD:
            self._tracks[beat] = self.timeline.flash(("finale", beat), duration)
        else:
            self._tracks[beat] = self.timeline.move(("finale", beat), duration, ease=linear)
        self._next += 1

    def update(self) -> tuple[Beat, ...]:
        """After the timeline's update: start each beat whose turn has come; the beats that began
        since the last call, in order (each is reported once)."""
        while self._next < len(self.beats) and self._tracks[self.beats[self._next - 1]].done:
            self._start_next()
        started = tuple(beat for beat in self.beats if beat in self._tracks and beat not in self._announced)
        self._announced.update(started)
        return started

    def skip(self) -> None:
        """Every beat at rest now (the hold too): the player asked to move on."""
        while True:
            self._tracks[self.beats[self._next - 1]].finish()
            if self._next >= len(self.beats):
                return
            self._start_next()

    def started(self, beat: Beat) -> bool:
        return beat in self._tracks

    def progress(self, beat: Beat) -> float:
        """0 before `beat` starts, its raw progress while it runs, 1 once done (or left out)."""
        if beat not in self.beats:
            return 1.0
        track = self._tracks.get(beat)
        if track is None:
            return 0.0
        return 1.0 if track.done else track.progress

    @property
    def ready(self) -> bool:
        """Every beat has run: the screen may ask (initials) and take its keys."""
        last = self._tracks.get(Beat.HOLD)
        return last is not None and last.done
