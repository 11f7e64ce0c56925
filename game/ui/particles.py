"""Particles for the end of a game: confetti that bursts up for a win, dust that settles for a loss.

A win's confetti is sized to the win (CELEBRATION_BURSTS): one cannon for a plain win, three for a
new best, three fuller ones with gold sparks for a score that makes a top ten.

A ParticleField is view state: numpy arrays of positions, velocities, birth times and looks, drawn
as small rects or circles. It can be thrown away at any time. Its time is a flourish on a timeline
(game/play/timeline.py; its own unless one is given, driven by update(dt)): a particle's age is how
far that flourish has run since the particle was born, and each frame moves them by as much time as
it ran. Invariants:
- at most `capacity` particles live at once (a new burst recycles the oldest), so a frame never
  draws more than that;
- randomness comes only from the random.Random passed in (same seed, same confetti);
- reduced motion (which the timeline reads: a flourish does not happen): win_burst and loss_settle
  add nothing (no flashing, nothing flying about); the screens keep their static text, so no
  information is carried by motion alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np
import pygame

from game.play.timeline import Timeline, Track

RGB = tuple[int, int, int]

MAX_PARTICLES = 320
GRAVITY_PX_S2 = 900.0  # at unit scale 1 (about a 720 px tall window); scaled with the burst
AIR_DRAG_PER_S = 1.4  # velocity shrinks by exp(-drag * dt): confetti floats rather than falls
CONFETTI_LIFE_S = (1.6, 2.6)
DUST_LIFE_S = (1.8, 3.0)
WIN_BURSTS = 3  # confetti cannons: both bottom corners of the board and its middle
WIN_PARTICLES_PER_BURST = 90
# (cannons, particles per cannon, gold sparks) by how big the win is
CELEBRATION_BURSTS = {"win": (1, 110, 0), "best": (3, 80, 0), "top": (3, 70, 90)}
SPARK_LIFE_S = (1.8, 2.8)
GOLD = (255, 214, 96)
LOSS_PARTICLES = 45
DUST_FALL_PX_S = 40.0  # slow, so a loss settles instead of crashing down
SHAPE_RECT, SHAPE_CIRCLE = 0, 1
FLOURISH_KEY = "particles"


class ParticleField:
    """A bounded pool of particles; bursts add to it, update() moves and ages them."""

    def __init__(
        self, rng: random.Random, capacity: int = MAX_PARTICLES, timeline: Timeline | None = None
    ) -> None:
        self.rng = rng
        self.capacity = capacity
        # the timeline the particles' time runs on: its own (update(dt) drives it), or its owner's
        self._owns_timeline = timeline is None
        self.timeline = Timeline() if timeline is None else timeline
        self._seen_s = 0.0  # how far the flourish had run when the particles last moved
        self.pos = np.zeros((0, 2))
        self.vel = np.zeros((0, 2))
        self.born = np.zeros(0)  # the flourish's time at each particle's birth
        self.life = np.zeros(0)
        self.size = np.zeros(0)
        self.gravity = np.zeros(0)
        self.shape = np.zeros(0, dtype=np.int8)
        self.colour: list[RGB] = []

    def __len__(self) -> int:
        return len(self.born)

    @property
    def active(self) -> bool:
        return len(self) > 0

    @property
    def _clock(self) -> Track | None:
        return self.timeline.get(FLOURISH_KEY)

    @property
    def age(self) -> np.ndarray:
        """Seconds each particle has lived, as the timeline counts them."""
        clock = self._clock
        return (self._seen_s if clock is None else clock.elapsed_s) - self.born

    def begin(self, longest_s: float) -> bool:
        """Make the particles' time run for at least `longest_s` more: False when the timeline has
        none to give (reduced motion), and then no particle may be added."""
        clock = self._clock
        if clock is None:
            self.clear()  # particles without their time running are stale
            clock = self.timeline.flourish(FLOURISH_KEY, longest_s)
            return clock is not None
        short = clock.elapsed_s + longest_s - (clock.delay_s + clock.duration_s)
        if short > 0:
            clock.extend(short)
        return True

    def add(
        self,
        pos: np.ndarray,
        vel: np.ndarray,
        life: np.ndarray,
        size: np.ndarray,
        gravity: np.ndarray,
        shape: int,
        colours: list[RGB],
    ) -> None:
        """Append particles (arrays of equal length), born now; the oldest go when the pool is full.
        Call begin() first."""
        n = len(life)
        self.pos = np.concatenate([self.pos, pos])[-self.capacity :]
        self.vel = np.concatenate([self.vel, vel])[-self.capacity :]
        clock = self._clock
        now = self._seen_s if clock is None else clock.elapsed_s
        self.born = np.concatenate([self.born, np.full(n, now)])[-self.capacity :]
        self.life = np.concatenate([self.life, life])[-self.capacity :]
        self.size = np.concatenate([self.size, size])[-self.capacity :]
        self.gravity = np.concatenate([self.gravity, gravity])[-self.capacity :]
        self.shape = np.concatenate([self.shape, np.full(n, shape, dtype=np.int8)])[-self.capacity :]
        self.colour = (self.colour + colours)[-self.capacity :]

    def update(self, dt: float) -> None:
        """Drive its own timeline by `dt` (a shared one is its owner's to drive), then move the
        particles by as much time as their flourish ran and let the old ones go."""
        if self._owns_timeline:
            self.timeline.update(dt)
        if not self.active:
            return
        clock = self._clock
        if clock is None:  # the flourish ran out, and every particle has lived its life with it
            self.clear()
            return
        now = clock.elapsed_s
        step = now - self._seen_s
        if step <= 0:
            return
        self._seen_s = now
        self.vel[:, 1] += self.gravity * step
        self.vel *= math.exp(-AIR_DRAG_PER_S * step)
        self.pos += self.vel * step
        keep = self.age < self.life
        if not keep.all():
            self.pos, self.vel, self.born = self.pos[keep], self.vel[keep], self.born[keep]
            self.life, self.size, self.gravity = self.life[keep], self.size[keep], self.gravity[keep]
            self.shape = self.shape[keep]
            self.colour = [c for c, k in zip(self.colour, keep.tolist(), strict=True) if k]

    def clear(self) -> None:
        """No particles, and no time running for them."""
        self.timeline.drop(FLOURISH_KEY)
        self._seen_s = 0.0
        self.pos = np.zeros((0, 2))
        self.vel = np.zeros((0, 2))
        self.born = np.zeros(0)
        self.life = np.zeros(0)
        self.size = np.zeros(0)
        self.gravity = np.zeros(0)
        self.shape = np.zeros(0, dtype=np.int8)
        self.colour = []

    def draw(self, surface: pygame.Surface, keep_clear: pygame.Rect | None = None) -> None:
        """Each particle shrinks over its last third of life instead of fading (no alpha needed).

        No particle is drawn over `keep_clear` (the revealed secret: confetti never hides it).
        """
        if not self.active:
            return
        left = 1.0 - self.age / self.life
        scale = np.clip(left * 3.0, 0.0, 1.0)
        sizes = np.maximum(1, np.round(self.size * scale)).astype(int).tolist()
        xs = np.round(self.pos[:, 0]).astype(int).tolist()
        ys = np.round(self.pos[:, 1]).astype(int).tolist()
        bounds = surface.get_rect()
        for x, y, s, shape, colour in zip(xs, ys, sizes, self.shape.tolist(), self.colour, strict=True):
            if not bounds.collidepoint(x, y):
                continue
            if keep_clear is not None and keep_clear.colliderect((x - s // 2, y - s // 2, s, s)):
                continue
            if shape == SHAPE_CIRCLE:
                pygame.draw.circle(surface, colour, (x, y), max(1, s // 2))
            else:
                pygame.draw.rect(surface, colour, (x - s // 2, y - s // 4, s, max(1, s // 2)))


def win_burst(field: ParticleField, area: pygame.Rect, colours: Sequence[RGB], *, kind: str = "best") -> int:
    """Confetti in `colours` fired up from the middle of `area`'s bottom (and, for a bigger win, from
    both its corners), sized by `kind` ("win", "best" or "top"; see CELEBRATION_BURSTS).

    Returns the number of particles added (0 with reduced motion: the field's timeline has no
    flourish then)."""
    if not colours or not field.begin(max(CONFETTI_LIFE_S)):
        return 0
    bursts, per_burst, sparks = CELEBRATION_BURSTS[kind]
    rng = field.rng
    scale = max(0.4, area.h / 600)
    gravity_px = GRAVITY_PX_S2 * scale
    # Launch speed: lifts the highest pieces to near the top of the area despite the drag.
    lift = math.sqrt(2 * gravity_px * area.h * 0.9) * 1.7  # x1.7: air drag eats the rest
    cannons = (
        (area.centerx, area.bottom, -math.pi * 0.58, -math.pi * 0.42),  # straight up
        (area.left + area.w * 0.08, area.bottom, -math.pi * 0.40, -math.pi * 0.30),  # up and to the right
        (area.right - area.w * 0.08, area.bottom, -math.pi * 0.70, -math.pi * 0.60),  # up and to the left
    )
    added = 0
    for x, y, low, high in cannons[:bursts]:
        n = per_burst
        angles = [rng.uniform(low, high) for _ in range(n)]
        speeds = [rng.uniform(0.65, 1.0) * lift for _ in range(n)]
        vel = np.array([[math.cos(a) * v, math.sin(a) * v] for a, v in zip(angles, speeds, strict=True)])
        pos = np.array([[x + rng.uniform(-10, 10) * scale, y] for _ in range(n)])
        life = np.array([rng.uniform(*CONFETTI_LIFE_S) for _ in range(n)])
        size = np.array([rng.uniform(10, 18) * scale for _ in range(n)])
        gravity = np.full(n, gravity_px)
        field.add(pos, vel, life, size, gravity, SHAPE_RECT, [rng.choice(list(colours)) for _ in range(n)])
        added += n
    if sparks:  # a top-ten score: gold sparks fanning out from the middle, drifting down slowly
        angles = [rng.uniform(0, 2 * math.pi) for _ in range(sparks)]
        speeds = [rng.uniform(0.25, 0.6) * lift for _ in range(sparks)]
        vel = np.array([[math.cos(a) * v, math.sin(a) * v] for a, v in zip(angles, speeds, strict=True)])
        pos = np.array([[area.centerx, area.centery] for _ in range(sparks)])
        life = np.array([rng.uniform(*SPARK_LIFE_S) for _ in range(sparks)])
        size = np.array([rng.uniform(6, 11) * scale for _ in range(sparks)])
        gravity = np.full(sparks, gravity_px * 0.35)
        field.add(pos, vel, life, size, gravity, SHAPE_CIRCLE, [GOLD] * sparks)
        added += sparks
    return min(added, field.capacity)


def loss_settle(field: ParticleField, area: pygame.Rect, colours: Sequence[RGB]) -> int:
    """Dim dust drifting slowly down over `area`: the game ends quietly. Returns particles added
    (0 with reduced motion, as for win_burst)."""
    if not colours or not field.begin(max(DUST_LIFE_S)):
        return 0
    rng = field.rng
    scale = max(0.4, area.h / 600)
    n = LOSS_PARTICLES
    dim = [tuple(int(c * 0.7) for c in colour) for colour in colours]
    pos = np.array(
        [[rng.uniform(area.left, area.right), rng.uniform(area.top, area.centery)] for _ in range(n)]
    )
    vel = np.array(
        [[rng.uniform(-12, 12) * scale, rng.uniform(0.5, 1.0) * DUST_FALL_PX_S * scale] for _ in range(n)]
    )
    life = np.array([rng.uniform(*DUST_LIFE_S) for _ in range(n)])
    size = np.array([rng.uniform(8, 15) * scale for _ in range(n)])
    # Drag would stop the dust; a small gravity balances it so it keeps drifting down.
    gravity = np.full(n, AIR_DRAG_PER_S * DUST_FALL_PX_S * scale * 0.75)
    field.add(pos, vel, life, size, gravity, SHAPE_CIRCLE, [rng.choice(dim) for _ in range(n)])
    return n
