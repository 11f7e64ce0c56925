"""How Blitz's clock and its end screen look: functions of a rect, the run and the art.

The clock box sits at the top of the playing screen's side panel, always visible: time left, then
codes cracked and the score. In the last URGENT_S seconds it turns urgent: a red box and red
figures with tenths of a second (the look's urgent colours, game/ui/looks.py: a dark red box in the
dark themes, a pale red one with deep red figures in the light one), and, unless reduced motion is
on, a gentle pulse in size (never a flash); with reduced motion the colour alone says it.
"""

from __future__ import annotations

import math

import pygame

from game.core.blitz import BlitzSession
from game.play.timeline import Track
from game.ui import palette as pal
from game.ui import theme
from game.ui.board import Art

URGENT_PULSE_HZ = 2.0  # the urgent clock swells this many times a second
URGENT_PULSE_SCALE = 0.12  # and grows by at most this fraction


def clock_text(seconds: float, urgent: bool) -> str:
    """Time left as M:SS, or S.t (tenths, rounded down so 0.0 means time is up) when urgent."""
    if urgent:
        return f"{math.floor(max(0.0, seconds) * 10) / 10:.1f}"
    whole = math.ceil(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def draw_clock(surface: pygame.Surface, rect: pygame.Rect, art: Art, run: BlitzSession, pulse: Track) -> None:
    """The Blitz box: the clock (urgent in the last seconds, swelling with `pulse`, a loop of
    URGENT_PULSE_HZ that reduced motion holds steady) over codes cracked and the score."""
    urgent = run.is_urgent or run.over
    pygame.draw.rect(surface, pal.URGENT_FILL if urgent else pal.BOARD, rect, border_radius=8)
    pygame.draw.rect(surface, pal.URGENT_INK if urgent else pal.BOARD_EDGE, rect, 3 if urgent else 1, 8)
    clock_box = pygame.Rect(rect.x, rect.y, rect.w, round(rect.h * 0.62))
    window = art.text.window or surface.get_size()
    size = art.text.fit_size("0:00", clock_box.w * 0.8, clock_box.h * 0.8, theme.type_px(window, "display"))
    if urgent and not pulse.steady:
        size = round(size * (1 + URGENT_PULSE_SCALE * pulse.wave))
    ink = pal.URGENT_INK if urgent else pal.TEXT
    art.text.draw(surface, clock_text(run.time_left_s, urgent), size, ink, clock_box.center)
    line = pygame.Rect(rect.x, clock_box.bottom, rect.w, rect.bottom - clock_box.bottom)
    art.text.draw_in(
        surface,
        f"Cracked {run.cracked} · {run.score:,} pts",
        line.inflate(-rect.w // 10, -line.h // 4),
        pal.URGENT_INK if urgent else pal.TEXT_DIM,
        theme.type_px(window, "body"),
    )
