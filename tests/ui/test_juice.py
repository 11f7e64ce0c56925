"""Juice primitives: each lands on its resting value, moves in between, and shows its resting form at
once under reduced motion (the progress a reduced-motion timeline gives a started move); the shield
slides open, the panel keeps text readable, confetti keeps clear."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play.timeline import Motion, Timeline
from game.ui import juice
from game.ui import palette as pal
from game.ui.particles import ParticleField, win_burst
from game.ui.pegs import PegArt

STEPS = [i / 50 for i in range(51)]


def reduced_progress() -> float:
    """What juice's callers pass for a move just started under reduced motion: the timeline's word."""
    line = Timeline(Motion(reduced=True))
    track = line.move("m", 0.5)
    line.update(0.001)
    return track.progress


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def test_juice__shake_swings_within_its_amplitude_dies_away_and_is_off_with_reduced_motion():
    offsets = [juice.shake_offset(p, 10.0, seed=3) for p in STEPS]
    assert offsets[0] == (0, 0) or max(abs(dx) for dx, _ in offsets) > 0
    assert offsets[-1] == (0, 0)
    assert max(abs(dx) for dx, _ in offsets) >= 5 and all(
        abs(dx) <= 10 and abs(dy) <= 10 for dx, dy in offsets
    )
    first = max(abs(dx) + abs(dy) for dx, dy in offsets[:25])
    second = max(abs(dx) + abs(dy) for dx, dy in offsets[25:])
    assert second < first
    assert offsets == [juice.shake_offset(p, 10.0, seed=3) for p in STEPS]  # deterministic
    assert offsets != [juice.shake_offset(p, 10.0, seed=4) for p in STEPS]
    assert juice.shake_offset(reduced_progress(), 10.0, seed=3) == (0, 0)


def test_juice__lift_grows_to_its_lifted_size_or_is_there_at_once_with_reduced_motion():
    scales = [juice.lift_scale(p) for p in STEPS]
    assert scales[0] == 1.0 and scales[-1] == pytest.approx(1 + juice.LIFT_GROWTH)
    assert scales == sorted(scales)
    assert juice.lift_scale(reduced_progress()) == pytest.approx(1 + juice.LIFT_GROWTH)


def test_juice__lifted_peg_is_bigger_than_in_its_hole_with_a_shadow_below():
    surface = pygame.Surface((200, 200))
    surface.fill(pal.BOARD)
    rect = juice.draw_lifted_peg(surface, PegArt(), (240, 200, 90), 0, 60, (100, 90), 1.0)
    assert rect.w > 60 and rect.center == (100, 90)
    below = surface.get_at((104, rect.bottom + 3))[:3]  # the shadow drops down and a little right
    assert sum(below) < sum(pal.BOARD) - 20


def test_juice__drop_overshoots_then_settles_and_is_instant_with_reduced_motion():
    scales = [juice.drop_scale(p) for p in STEPS]
    assert scales[0] == pytest.approx(1 + juice.LIFT_GROWTH) and scales[-1] == pytest.approx(1.0)
    assert min(scales) < 0.99  # squashes a little past its size before settling
    positions = [juice.drop_position((0, 0), (100, 40), p) for p in STEPS]
    assert positions[0] == (0, 0) and positions[-1] == (100, 40)
    assert max(x for x, _ in positions) > 100  # overshoots the hole
    assert juice.drop_scale(reduced_progress()) == 1.0
    assert juice.drop_position((0, 0), (100, 40), reduced_progress()) == (100, 40)


def test_juice__count_up_climbs_to_the_target_or_shows_it_at_once():
    values = [juice.count_up(p, 1234, 100) for p in STEPS]
    assert values[0] == 100 and values[-1] == 1234 and values == sorted(values)
    assert len(set(values)) > 20
    assert juice.count_up(reduced_progress(), 1234) == 1234


def shield_scene(progress: float) -> tuple[pygame.Surface, pygame.Rect]:
    surface = pygame.Surface((300, 100))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(50, 30, 200, 40)
    juice.draw_shield(surface, rect, progress)
    return surface, rect


def test_juice__shield_covers_the_secret_then_slides_open_without_spilling_over():
    closed, rect = shield_scene(0.0)
    assert closed.get_at(rect.center)[:3] != (0, 0, 0)
    half, _ = shield_scene(0.5)
    assert half.get_at(rect.center)[:3] == (0, 0, 0)  # the halves have parted in the middle
    assert half.get_at((rect.x + 8, rect.centery))[:3] != (0, 0, 0)  # still covering the ends
    opened, _ = shield_scene(1.0)
    assert pygame.mask.from_threshold(opened, (0, 0, 0), (1, 1, 1, 255)).count() == 300 * 100
    cover = rect.inflate(rect.h // 8, rect.h // 8)
    for surface in (closed, half):
        for x, y in (
            (cover.x - 2, rect.centery),
            (cover.right + 2, rect.centery),
            (rect.centerx, cover.y - 2),
        ):
            assert surface.get_at((x, y))[:3] == (0, 0, 0)


def test_juice__shield_with_reduced_motion_is_simply_open_as_soon_as_it_starts_opening():
    opened, _ = shield_scene(reduced_progress())
    assert pygame.mask.from_threshold(opened, (0, 0, 0), (1, 1, 1, 255)).count() == 300 * 100


def test_juice__panel_dims_what_is_behind_and_keeps_text_readable_over_the_brightest_peg():
    surface = pygame.Surface((200, 200))
    surface.fill(pal.KEY_WHITE)
    shown = juice.draw_panel(surface, pygame.Rect(20, 20, 160, 160), 1.0)
    assert shown == pygame.Rect(20, 20, 160, 160)
    behind = surface.get_at(shown.center)[:3]
    assert behind != pal.KEY_WHITE and behind != pal.BACKGROUND
    for ink in (pal.TEXT, pal.TEXT_DIM):
        assert pal.contrast_ratio(ink, behind) >= pal.MIN_TEXT_CONTRAST
    rising = juice.draw_panel(pygame.Surface((200, 200)), pygame.Rect(20, 20, 160, 160), 0.2)
    assert rising.y > 20
    still = juice.draw_panel(pygame.Surface((200, 200)), pygame.Rect(20, 20, 160, 160), reduced_progress())
    assert still.y == 20


def test_juice__screen_transition_slides_in_or_stands_in_place_with_reduced_motion():
    assert juice.transition_offset(0.0, 800) == 800 and juice.transition_offset(1.0, 800) == 0
    assert juice.transition_offset(0.0, 800, -1) == -800
    assert juice.transition_offset(reduced_progress(), 800) == 0
    alphas = [juice.transition_alpha(p) for p in STEPS]
    assert alphas[0] == 0 and alphas[-1] == 255 and alphas == sorted(alphas)


def test_particles__confetti_never_draws_over_the_rect_kept_clear():
    field = ParticleField(random.Random(5))
    area = pygame.Rect(0, 0, 400, 300)
    assert win_burst(field, area, [(255, 0, 0), (0, 255, 0)]) > 0
    secret = pygame.Rect(100, 40, 200, 60)
    drew_elsewhere = False
    for _ in range(30):
        field.update(1 / 30)
        surface = pygame.Surface(area.size)
        field.draw(surface, keep_clear=secret)
        assert pygame.mask.from_threshold(surface.subsurface(secret), (0, 0, 0), (1, 1, 1, 255)).count() == (
            secret.w * secret.h
        )
        drew_elsewhere |= pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count() < 400 * 300
    assert drew_elsewhere
