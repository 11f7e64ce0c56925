"""Juice: the small motions that make the board feel alive, as pure functions of their inputs.

Every helper takes a `progress` (0..1, the raw, un-eased fraction of its animation done) from the
caller's timeline (game/play/timeline.py), which owns time, animation speed, cutting moves short and
reduced motion: a started move reads progress 1.0 under reduced motion, so each helper shows its
resting form at once, carrying the same information without movement. Nothing here keeps state,
reads a clock or a setting; helpers return a value or draw into a surface they are given:

- shake_offset: a damped shake of the whole board (a loss); at rest: no offset.
- lift_scale / draw_lifted_peg: a picked-up peg grows and casts a shadow; at rest: lifted (bigger,
  with its shadow).
- drop_scale / drop_position: a dropped peg snaps in with a small overshoot; at rest: in place.
- count_up: a score counting up to its value; at rest: the value.
- draw_shield: a cover over the secret that slides open in two halves; at rest: gone.
- draw_panel: a translucent card (the menu over the attract demo) that fades and rises in; at rest:
  fully there.
- transition_offset / transition_alpha: a screen change as a short slide or fade; at rest: in place.

Invariants: at progress >= 1 every helper gives its resting value (no offset, scale 1, the full
count, the shield gone), and at progress <= 0 its starting one, so a cut animation lands cleanly.
"""

from __future__ import annotations

import math

import pygame

from game.ui import palette as pal
from game.ui.pegs import PegArt
from game.ui.tween import ease_in_out_sine, ease_out_back, ease_out_cubic

SHAKE_CYCLES = 5.0  # back-and-forth swings over a whole shake
SHAKE_AMPLITUDE_FRAC = 0.012  # a loss's shake, of the window's smaller side (about 9 px at 800 px)
SHAKE_S = 0.45  # suggested length of a loss's shake at speed 1
LIFT_GROWTH = 0.22  # a lifted peg is this much bigger than in its hole
LIFT_SHADOW_OFFSET = 0.22  # shadow drop, of the peg's diameter, when fully lifted
LIFT_S = 0.12
DROP_S = 0.22  # a peg snapping into its hole, overshoot included
COUNT_UP_S = 1.2
SHIELD_S = 0.6
SHIELD_GAP_FRAC = 0.06  # the shield overlaps the secret row's edge by this much of its height
PANEL_ALPHA = 224  # the menu card over the attract demo: the demo shows through, text stays 4.5:1
PANEL_RISE_FRAC = 0.04  # a panel rises this much of its height while fading in
TRANSITION_S = 0.25

ShieldColours = tuple[pal.RGB, pal.RGB, pal.RGB]  # face, light edge, seam (the theme's SHIELD)


def _clamp01(x: float) -> float:
    return 0.0 if x <= 0.0 else 1.0 if x >= 1.0 else x


# --- shake -----------------------------------------------------------------------------------
def shake_offset(progress: float, amplitude_px: float, *, seed: int = 0) -> tuple[int, int]:
    """The (dx, dy) to draw the shaken thing at: swings that die away quadratically.

    `seed` varies the direction (different shakes need not look alike) deterministically.
    """
    p = _clamp01(progress)
    if p >= 1.0 or amplitude_px <= 0:
        return (0, 0)
    decay = (1.0 - p) ** 2
    phase = (seed * 0.618033988749895 % 1.0) * 2 * math.pi
    angle = 2 * math.pi * SHAKE_CYCLES * p
    dx = amplitude_px * decay * math.sin(angle + phase)
    dy = 0.45 * amplitude_px * decay * math.sin(1.7 * angle + 2 * phase)
    return (round(dx), round(dy))


def shake_amplitude_px(size: tuple[int, int]) -> float:
    """A loss's shake amplitude for a window of `size`."""
    return min(size) * SHAKE_AMPLITUDE_FRAC


# --- lifting and dropping a peg --------------------------------------------------------------
def lift_scale(progress: float) -> float:
    """How big a picked-up peg is drawn (1 in its hole, 1 + LIFT_GROWTH fully lifted)."""
    return 1.0 + LIFT_GROWTH * ease_out_cubic(_clamp01(progress))


def draw_lifted_peg(
    surface: pygame.Surface,
    art: PegArt,
    colour: pal.RGB,
    index: int,
    diameter: int,
    centre: tuple[float, float],
    progress: float = 1.0,
    *,
    symbols: bool = True,
) -> pygame.Rect:
    """A peg held by the pointer: grown by lift_scale(progress) with a soft shadow under it that
    drops further as it lifts. `diameter` is the peg's size in its hole. Returns the peg's rect."""
    scale = lift_scale(progress)
    lifted = (scale - 1.0) / LIFT_GROWTH if LIFT_GROWTH else 1.0
    d = max(4, round(diameter * scale))
    drop = diameter * LIFT_SHADOW_OFFSET * lifted
    shadow = art.shadow(round(d * 1.05))
    surface.blit(shadow, shadow.get_rect(center=(round(centre[0] + drop * 0.5), round(centre[1] + drop))))
    peg = art.peg(colour, index, d, symbols)
    rect = peg.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(peg, rect)
    return rect


def drop_scale(progress: float) -> float:
    """A dropped peg's size: from lifted (1 + LIFT_GROWTH) down past 1 and back, settling at 1."""
    return 1.0 + LIFT_GROWTH * (1.0 - ease_out_back(_clamp01(progress)))


def drop_position(start: tuple[float, float], end: tuple[float, float], progress: float) -> tuple[int, int]:
    """Where a dropped peg is drawn on its way from `start` (where it was let go) to its hole
    `end`: it overshoots the hole a little and settles back."""
    t = ease_out_back(_clamp01(progress))
    return (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))


# --- score -----------------------------------------------------------------------------------
def count_up(progress: float, target: int, start: int = 0) -> int:
    """The number shown while a score counts from `start` up to `target` (fast, then slowing)."""
    p = _clamp01(progress)
    if p >= 1.0:
        return target
    return start + math.floor((target - start) * ease_out_cubic(p))


# --- the secret's shield ---------------------------------------------------------------------
def draw_shield(
    surface: pygame.Surface,
    rect: pygame.Rect,
    progress: float,
    *,
    colours: ShieldColours | None = None,
) -> None:
    """A cover over the secret row `rect`, closed at progress 0, gone at 1.

    It opens as two halves sliding apart into the row's ends (clipped to `rect`, so nothing
    spills over the board).
    """
    p = _clamp01(progress)
    if p >= 1.0 or rect.w <= 0 or rect.h <= 0:
        return
    face, light, seam = pal.SHIELD if colours is None else colours
    cover = rect.inflate(round(rect.h * SHIELD_GAP_FRAC), round(rect.h * SHIELD_GAP_FRAC))
    layer = pygame.Surface(cover.size, pygame.SRCALPHA)
    half = cover.w / 2
    # rounded like a row's shield, but never so round that a square grid's halves turn into capsules
    radius = max(3, min(cover.h // 5, round(half) // 5))
    slide = ease_in_out_sine(p) * half
    for side in (-1, 1):
        left = (0.0 if side < 0 else half) + side * slide
        part = pygame.Rect(round(left), 0, math.ceil(half), cover.h)
        pygame.draw.rect(layer, face, part, border_radius=radius)
        pygame.draw.rect(layer, light, part.inflate(-4, -4).move(0, -1), width=2, border_radius=radius)
        edge_x = part.right - 2 if side < 0 else part.x + 1
        pygame.draw.line(layer, seam, (edge_x, 3), (edge_x, cover.h - 4), 2)
        rivet = max(2, min(cover.h, round(half)) // 12)
        for fy in (0.28, 0.72):
            cx = part.x + part.w * (0.18 if side < 0 else 0.82)
            pygame.draw.circle(layer, light, (round(cx), round(cover.h * fy)), rivet)
    clip = surface.get_clip()
    surface.set_clip(cover.clip(clip) if clip else cover)
    surface.blit(layer, cover)
    surface.set_clip(clip)


# --- panels and screen changes ---------------------------------------------------------------
def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    progress: float = 1.0,
    *,
    alpha: int = PANEL_ALPHA,
    fill: pal.RGB | None = None,
    edge: pal.RGB | None = None,
) -> pygame.Rect:
    """A translucent rounded card (what is behind shows through, dimmed) fading and rising in.

    Returns where the card is drawn this frame (draw its contents relative to it).
    """
    fill = pal.BACKGROUND if fill is None else fill
    edge = pal.BOARD_EDGE if edge is None else edge
    p = ease_out_cubic(_clamp01(progress))
    shown = rect.move(0, round((1.0 - p) * rect.h * PANEL_RISE_FRAC))
    radius = max(6, min(rect.w, rect.h) // 24)
    card = pygame.Surface(shown.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (*fill, round(alpha * p)), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, (*edge, round(255 * p)), card.get_rect(), width=2, border_radius=radius)
    surface.blit(card, shown)
    return shown


def transition_offset(progress: float, width: int, direction: int = 1) -> int:
    """The x offset of the incoming screen in a slide: `width` * direction at 0, 0 at 1."""
    return round(direction * width * (1.0 - ease_out_cubic(_clamp01(progress))))


def transition_alpha(progress: float) -> int:
    """The incoming screen's opacity (0..255) in a fade."""
    return round(255 * ease_in_out_sine(_clamp01(progress)))
