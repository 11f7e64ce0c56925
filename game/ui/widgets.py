"""Buttons, cards, toggles and steppers: how interactive pieces look (not where: see layout.py).

Every function draws into a rect it is given; labels are fitted to their rect by the text renderer
so they never clip. The look is the theme's (game/ui/theme.py): buttons and cards are raised
surfaces, a primary button wears the accent, the keyboard focus is an accent ring. Buttons of one
row share one label size (button_label_px): a row of mixed sizes looks broken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import palette as pal
from game.ui import theme
from game.ui.layout import Button, button_height_px
from game.ui.text import TextRenderer

if TYPE_CHECKING:
    from game.ui.layout_screens import StatsLayout

BUTTON_RADIUS_FRAC = 0.22  # corner radius, of the button height
LABEL_HEIGHT_FRAC = 0.62  # the label's box, of the button height (room for the face's line)
LABEL_CAP_OF_BOX = 0.5  # a label's capitals, of its box's height: 0.31 of the button's


@dataclass
class ButtonClicks:
    """A screen's pointer over its buttons (UI state): where the pointer is, and which button a press
    began on. A click is a release over the button the press began on, so sliding off cancels it."""

    mouse: tuple[int, int] = (-1, -1)
    pressed: str | None = None

    def click(self, event: pygame.event.Event, hit_test: Callable[[tuple[int, int]], Any]) -> str | None:
        """The name of the button this event clicks, or None; tracks the pointer on the way."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = hit_test(event.pos)
            self.pressed = hit.name if isinstance(hit, Button) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = hit_test(event.pos)
            pressed, self.pressed = self.pressed, None
            if isinstance(hit, Button) and hit.name == pressed:
                return hit.name
        return None


def draw_button(
    surface: pygame.Surface,
    text: TextRenderer,
    rect: pygame.Rect,
    label: str,
    *,
    enabled: bool = True,
    hot: bool = False,
    primary: bool = False,
    focused: bool = False,
    label_px: int | None = None,
) -> None:
    """A raised button; `hot` when the mouse is over it, `focused` for keyboard selection.
    `label_px` caps the label's size, so a row of buttons can share one (button_label_px)."""
    if not enabled:
        fill, ink = pal.BUTTON_DISABLED, pal.TEXT_DISABLED
    elif primary:
        fill, ink = (pal.BUTTON_PRIMARY_HOT if hot else pal.BUTTON_PRIMARY), pal.TEXT_ON_ACCENT
    else:
        fill, ink = (pal.BUTTON_HOT if hot else pal.BUTTON), pal.TEXT
    radius = max(3, round(rect.h * BUTTON_RADIUS_FRAC))
    face = theme.draw_raised(surface, rect, fill, radius=radius, shadow=enabled, pressed=not enabled)
    if focused:  # the accent ring; on an accent button a light one, or it would not show
        ring = pal.TEXT if primary else pal.SELECTION
        pygame.draw.rect(surface, ring, rect.inflate(4, 4), width=3, border_radius=radius + 2)
    elif not primary and enabled:
        pygame.draw.rect(surface, pal.BOARD_EDGE, rect, width=1, border_radius=radius)
    if label:
        box = _label_box(rect)
        box.center = face.center  # the label sits on the face, above the lip
        largest = height_label_px(text, box.h) if label_px is None else label_px
        text.draw_in(surface, label, box, ink, largest, role="button")


def height_label_px(text: TextRenderer, height: int) -> int:
    """The label size a button of this label height wears, whatever its label: buttons of one height
    share one size (a label too wide for its button is the only one to shrink). Chosen by capital
    height (LABEL_CAP_OF_BOX of the box), never taller than a line of the face fits, never below
    the readable floor."""
    by_cap = text.size_for_cap(height * LABEL_CAP_OF_BOX)
    return max(text.floor(), min(by_cap, text.fit_size("Hg", 10**6, height)))


def standard_label_widths(text: TextRenderer, size: tuple[int, int], labels: list[str]) -> list[int]:
    """The widths of `labels` at the one label size a standard button (layout.button_height_px)
    wears in a window of `size`: what a dialog sizes its buttons by, so all its labels keep it."""
    box = _label_box(pygame.Rect(0, 0, 10**4, button_height_px(size)))
    px = height_label_px(text, box.h)
    return [text.size(label, px)[0] for label in labels]


def _label_box(rect: pygame.Rect) -> pygame.Rect:
    return rect.inflate(-max(8, rect.h // 3), -round(rect.h * (1 - LABEL_HEIGHT_FRAC)))


def button_label_px(text: TextRenderer, rects: list[pygame.Rect], labels: list[str]) -> int:
    """One label size for a row of buttons: the largest at which every label fits its own button
    (tabs of mixed sizes look broken)."""
    pairs = zip(labels, rects, strict=True)
    return min(
        text.fit_size(label, *_label_box(rect).size, height_label_px(text, _label_box(rect).h))
        for label, rect in pairs
    )


def draw_card(surface: pygame.Surface, rect: pygame.Rect, fill=None, edge=None) -> None:
    """A card (the theme's raised surface; None: the theme's card colours)."""
    theme.draw_card(surface, rect, fill, edge)


def shade(surface: pygame.Surface, colour=None) -> None:
    """Darken everything already drawn (under an overlay): the same as a veil of `colour` (None: the
    theme's) at its alpha, done as two blended fills (no window-sized surface made every frame)."""
    *rgb, alpha = pal.OVERLAY_SHADE if colour is None else colour
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    if any(rgb):
        surface.fill(tuple(round(c * alpha / 255) for c in rgb), special_flags=pygame.BLEND_RGB_ADD)


def draw_toggle(
    surface: pygame.Surface, text: TextRenderer, rect: pygame.Rect, on: bool, hot: bool = False
) -> None:
    """An on/off switch with its state written on it."""
    draw_button(surface, text, rect, "On" if on else "Off", primary=on, hot=hot)


def draw_stepper(
    surface: pygame.Surface,
    text: TextRenderer,
    parts: tuple[pygame.Rect, pygame.Rect, pygame.Rect],
    value: str,
    can_down: bool,
    can_up: bool,
    hot: str | None = None,
) -> None:
    """[-] value [+]: `hot` names the part under the mouse ("minus" or "plus")."""
    minus, value_rect, plus = parts
    draw_button(surface, text, minus, "-", enabled=can_down, hot=hot == "minus")
    draw_button(surface, text, plus, "+", enabled=can_up, hot=hot == "plus")
    text.draw_in(surface, value, value_rect.inflate(-8, -round(value_rect.h * 0.35)), pal.TEXT)


def draw_tabbed_card(
    surface: pygame.Surface,
    text: TextRenderer,
    layout: StatsLayout,
    title: str,
    labels: list[str],
    selected: int | None,
    mouse: tuple[int, int],
) -> None:
    """A shaded screen with its card, title and row of tabs, the selected tab highlighted (the
    Statistics and High scores screens)."""
    shade(surface)
    draw_card(surface, layout.card)
    text.draw_in(
        surface, title, layout.title_rect.inflate(0, -layout.title_rect.h // 4), pal.TEXT, text.grown(56)
    )
    px = button_label_px(text, layout.tabs, labels)
    for i, (label, rect) in enumerate(zip(labels, layout.tabs, strict=True)):
        hot = rect.collidepoint(mouse)
        draw_button(surface, text, rect, label, primary=i == selected, hot=hot, label_px=px)
