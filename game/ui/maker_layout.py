"""Geometry of the codemaker screen: the player's secret row, the palette, the choices, the buttons.

Like game/ui/layout.py (whose helpers it uses): every rectangle is derived from the window size and
the config, and drawing and hit-testing call the same functions. The palette part has the same
names as PlayLayout's (palette_panel, palette_rect, palette_peg_rect, palette_key_rect,
palette_pitch, colours), so the board module's draw_palette() draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.layout import (
    PALETTE_MAX_PITCH_PX,
    PALETTE_PEG_FRAC,
    PALETTE_PEG_RATIO,
    PALETTE_WIDTH_PITCHES,
    Button,
    PaletteColumn,
    PaletteItem,
    SecretSlot,
    button_height_px,
    button_row,
    margin_px,
    stepper_rects,
    top_bar_height_px,
)

ROWS = ("pegs", "colours", "duplicates", "strategy")
MAX_SECRET_UNIT_PX = 84  # a secret peg's cell stops growing here
SECRET_PEG_FRAC = 0.8  # a secret peg, of its cell
MAIN_MAX_W_PX = 860  # the column of choices stops widening here
LABEL_FRAC = 0.34  # share of the column taken by a row's label


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class Control:
    """A part of a choice row: `part` is "minus", "plus" (steppers) or "toggle"."""

    name: str
    part: str


class MakerLayout(PaletteColumn):
    """Top bar, palette column (when the secret is set on screen), secret row, choices, message, buttons."""

    def __init__(
        self, size: tuple[int, int], pegs: int, colours: int, with_secret: bool, buttons: tuple[str, ...]
    ) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.pegs, self.colours = pegs, colours
        w, h = self.size
        m = margin_px(self.size)
        bh = button_height_px(self.size)
        top_h = top_bar_height_px(self.size)
        self.top_bar = pygame.Rect(0, 0, w, top_h)
        menu_w = round(_clamp(w * 0.1, 78, 150))
        menu_h = min(bh, top_h - 8)
        self._buttons: dict[str, pygame.Rect] = {
            "menu": pygame.Rect(w - m - menu_w, (top_h - menu_h) // 2, menu_w, menu_h)
        }
        self.title_rect = pygame.Rect(m, 4, max(10, w - menu_w - 3 * m), top_h - 8)
        content = pygame.Rect(m, top_h + m, w - 2 * m, h - top_h - 2 * m)
        # palette column, as on the playing screen; its width is reserved at the largest pitch it
        # may take, then the pitch is matched to the secret's pegs (PALETTE_PEG_RATIO)
        pitch = min(content.h / colours, PALETTE_MAX_PITCH_PX, content.w * 0.09) if with_secret else 0.0
        self.palette_rows = colours
        pal_w = round(pitch * PALETTE_WIDTH_PITCHES)
        self.palette_panel = pygame.Rect(
            content.x, round(content.centery - pitch * colours / 2), pal_w, round(pitch * colours)
        )
        left = self.palette_panel.right + m if with_secret else content.x
        area = pygame.Rect(left, content.y, content.right - left, content.h)
        col_w = min(round(area.w * 0.9), MAIN_MAX_W_PX)
        x0 = area.centerx - col_w // 2
        row_h = round(_clamp(h * 0.07, 30, 58))
        gap = round(row_h * 0.28)
        unit = min(col_w * 0.8 / pegs, row_h * 1.6, MAX_SECRET_UNIT_PX)
        if with_secret:
            # secret pegs no larger than the palette's, the palette's at most PALETTE_PEG_RATIO larger
            unit = min(unit, pitch * PALETTE_PEG_FRAC / SECRET_PEG_FRAC)
            pitch = min(pitch, unit * SECRET_PEG_FRAC * PALETTE_PEG_RATIO / PALETTE_PEG_FRAC)
        self.palette_pitch = pitch
        self.palette_panel = pygame.Rect(
            self.palette_panel.x, round(content.centery - pitch * colours / 2), pal_w, round(pitch * colours)
        )
        # the whole block (label, secret, choices, detail, message, buttons) centred vertically
        block_h = (
            row_h * 0.7
            + gap / 2
            + unit
            + gap
            + len(ROWS) * (row_h + gap)
            + row_h * 0.75
            + row_h * 0.9
            + bh
            + 2 * m
        )
        y = area.y + max(0, round((area.h - block_h) / 2))
        # secret row (or an explanation line in its place)
        self.secret_label = pygame.Rect(x0, y, col_w, round(row_h * 0.7))
        y = self.secret_label.bottom + gap // 2
        self.unit = unit
        self.secret_area = pygame.Rect(
            round(area.centerx - unit * pegs / 2), y, round(unit * pegs), round(unit)
        )
        y = self.secret_area.bottom + gap
        # choice rows
        label_w = round(col_w * LABEL_FRAC)
        self.labels: dict[str, pygame.Rect] = {}
        self.controls: dict[str, pygame.Rect] = {}
        for name in ROWS:
            self.labels[name] = pygame.Rect(x0, y, label_w, row_h)
            self.controls[name] = pygame.Rect(x0 + label_w + m, y, col_w - label_w - m, row_h)
            y += row_h + gap
        self.detail_rect = pygame.Rect(x0, y - gap // 2, col_w, round(row_h * 0.75))
        y = self.detail_rect.bottom + gap // 2
        self.message_rect = pygame.Rect(x0, y, col_w, round(row_h * 0.9))
        y = self.message_rect.bottom
        buttons_area = pygame.Rect(x0, y, col_w, max(bh + 2 * m, area.bottom - y))
        row = button_row(pygame.Rect(x0, buttons_area.y, col_w, bh + 2 * m), buttons, bh, m)
        self._buttons.update(row)

    # --- the secret row ----------------------------------------------------------------------
    def secret_slot_rect(self, col: int) -> pygame.Rect:
        u = self.unit
        left = self.secret_area.x + col * u
        return pygame.Rect(round(left), self.secret_area.y, round(left + u) - round(left), round(u))

    def peg_diameter(self) -> int:
        return max(4, round(self.unit * SECRET_PEG_FRAC))

    # --- choices and buttons ----------------------------------------------------------------------
    def stepper_parts(self, name: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(minus, value, plus) of a stepper row; the strategy's value is wider for its name."""
        rect = self.controls[name]
        return stepper_rects(rect, rect.w if name == "strategy" else rect.h * 2)

    def toggle_rect(self, name: str) -> pygame.Rect:
        rect = self.controls[name]
        return pygame.Rect(rect.x, rect.y, min(rect.w, rect.h * 3), rect.h)

    def button_rect(self, name: str) -> pygame.Rect | None:
        rect = self._buttons.get(name)
        return rect.copy() if rect is not None else None

    @property
    def buttons(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    def hit_test(self, pos: tuple[int, int]) -> Button | PaletteItem | SecretSlot | Control | None:
        for name, rect in self._buttons.items():
            if rect.collidepoint(pos):
                return Button(name)
        if self.palette_pitch and self.palette_panel.collidepoint(pos):
            for colour in range(self.colours):
                if self.palette_rect(colour).collidepoint(pos):
                    return PaletteItem(colour)
        for col in range(self.pegs):
            if self.palette_pitch and self.secret_slot_rect(col).collidepoint(pos):
                return SecretSlot(col)
        for name in ROWS:
            if name == "duplicates":
                if self.toggle_rect(name).collidepoint(pos):
                    return Control(name, "toggle")
                continue
            minus, _, plus = self.stepper_parts(name)
            if minus.collidepoint(pos):
                return Control(name, "minus")
            if plus.collidepoint(pos):
                return Control(name, "plus")
        return None
