"""Particles: bounded, deterministic, gone after their life, none at all with reduced motion."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play.timeline import Motion, Timeline
from game.ui.particles import DUST_LIFE_S, MAX_PARTICLES, ParticleField, loss_settle, win_burst

AREA = pygame.Rect(100, 50, 600, 500)
COLOURS = [(213, 94, 0), (86, 180, 233), (240, 228, 66)]


def run(field: ParticleField, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(round(seconds / dt)):
        field.update(dt)


def test_win_burst__never_holds_more_than_capacity():
    field = ParticleField(random.Random(1))
    for _ in range(5):
        win_burst(field, AREA, COLOURS)
    assert len(field) == MAX_PARTICLES and len(field.colour) == MAX_PARTICLES


def test_win_burst__same_seed_same_confetti():
    a, b = ParticleField(random.Random(7)), ParticleField(random.Random(7))
    for field in (a, b):
        win_burst(field, AREA, COLOURS)
        run(field, 0.5)
    assert (a.pos == b.pos).all() and a.colour == b.colour


def test_win_burst__confetti_rises_first_then_falls_and_is_gone_after_its_life():
    field = ParticleField(random.Random(3))
    win_burst(field, AREA, COLOURS)
    start_y = field.pos[:, 1].mean()
    run(field, 0.2)
    assert field.pos[:, 1].mean() < start_y  # bursting up
    run(field, 1.2)
    mid_y = field.pos[:, 1].mean()
    run(field, 0.2)
    assert field.pos[:, 1].mean() > mid_y  # coming down
    run(field, 2.0)
    assert not field.active


def test_loss_settle__dust_only_drifts_down_slowly():
    field = ParticleField(random.Random(4))
    assert loss_settle(field, AREA, COLOURS) > 0
    before = field.pos[:, 1].copy()
    run(field, 0.5)
    fall = field.pos[:, 1] - before
    assert (fall > 0).all() and fall.max() < 0.3 * AREA.h


def test_particles__draw_paints_inside_the_surface_and_survives_offscreen_particles():
    surface = pygame.Surface((800, 600))
    field = ParticleField(random.Random(6))
    win_burst(field, AREA, COLOURS)
    loss_settle(field, AREA, COLOURS)
    field.pos[:5] = [[-50, -50], [5000, 10], [10, 5000], [-1, 300], [799, 599]]
    field.draw(surface)
    assert pygame.surfarray.array3d(surface).any(axis=2).sum() > 1000  # pixels painted
    field.clear()
    assert not field.active


def test_particles__a_field_on_a_reduced_motion_timeline_adds_nothing():
    field = ParticleField(random.Random(5), timeline=Timeline(Motion(reduced=True)))
    assert win_burst(field, AREA, COLOURS) == 0 and loss_settle(field, AREA, COLOURS) == 0
    assert not field.active


def test_particles__their_time_is_the_timeline_a_shared_one_driven_by_its_owner():
    line = Timeline(Motion(speed=3.0))  # decoration runs in real time whatever the speed
    field = ParticleField(random.Random(8), timeline=line)
    loss_settle(field, AREA, COLOURS)
    before = field.pos[:, 1].copy()
    field.update(0.5)  # the owner has not moved its timeline: no time passed for the dust
    assert (field.pos[:, 1] == before).all() and (field.age == 0).all()
    line.update(0.5)
    field.update(0.5)
    assert (field.pos[:, 1] > before).all() and field.age == pytest.approx(0.5)
    line.update(max(DUST_LIFE_S))
    field.update(max(DUST_LIFE_S))
    assert not field.active
