"""Geometry of the codemaker screen: the player's secret (a row, or a small grid of cells), the palette,
the choices, the buttons.

Like game/ui/layout.py (whose helpers it uses): every rectangle is derived from the window size and
the config, and drawing and hit-testing call the same functions. The palette part has the same
names as PlayLayout's (palette_panel, palette_rect, palette_peg_rect, palette_key_rect,
palette_pitch, colours), so the board module's draw_palette() draws it.

The secret sits in a band above the choice rows. When the screen lets the player switch between
shapes (a row and grids of 2 or 3 cell rows), the band is as tall as the tallest of them and the
choice rows' height is chosen for that one: switching shapes then never moves a choice row or a
button under the pointer (clicking the Shape stepper's + again hits the same +); the secret grows
upwards into the band instead. A grid's cells are numbered in reading order (cell r * columns + c),
as the core stores a grid code, so SecretSlot(i) is cell i for either shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.play.maker import Shape
from game.ui.layout import (
    MAX_PALETTE_COLUMNS,
    PALETTE_MAX_PITCH_PX,
    PALETTE_PEG_FRAC,
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

ROWS = ("shape", "pegs", "colours", "duplicates", "strategy")
MAX_SECRET_UNIT_PX = 84  # a secret peg's cell stops growing here
SECRET_PEG_FRAC = 0.8  # a secret peg, of its cell
MAIN_MAX_W_PX = 860  # the column of choices stops widening here
LABEL_FRAC = 0.34  # share of the column taken by a row's label
MIN_ROW_PX, MAX_ROW_PX = 30, 58  # a choice row's height, which follows the window's (ROW_FRAC)
ROW_FRAC = 0.07  # a choice row's height, of the window's height
GRID_CELL_ROWS = 1.2  # a grid cell is kept at least this many choice rows tall: the rows give way first
GRID_FRAME_U = 0.3  # the frame around a grid secret, in cells (both sides together)
STEPPER_VALUE_ROWS = 4.6  # a stepper's value ("Lowest, random start"), in row heights
MAKER_PALETTE_RATIO = 1.05  # palette peg / secret peg at most: the secret is what this screen is about
EMPTY_SLOT_FRAC = 1.0  # an empty secret slot's well, of a secret peg: a peg's place, its size
MIN_PALETTE_PITCH_PX = 30  # below this in one column the palette wraps into more (26 letters)
PALETTE_MAX_W_FRAC = 0.3  # a wrapped palette's width at most, of the content's


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class Control:
    """A part of a choice row: `part` is "minus", "plus" (steppers) or "toggle"."""

    name: str
    part: str


class MakerLayout(PaletteColumn):
    """Top bar, palette column (when the secret is set on screen), secret, choices, message, buttons.

    `shape` is the secret's: None for a row of `pegs`, or (rows, columns) of a grid of `pegs` cells.
    `shapes` are the others the screen can switch to; the secret's band is reserved for the tallest.
    `choices` names the choice rows, top to bottom (a screen that fixes the game shows fewer).
    """

    def __init__(
        self,
        size: tuple[int, int],
        pegs: int,
        colours: int,
        with_secret: bool,
        buttons: tuple[str, ...],
        shape: Shape = None,
        shapes: Sequence[Shape] = (),
        choices: Sequence[str] = ROWS,
    ) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.pegs, self.colours, self.shape = pegs, colours, shape
        self.grid_rows, self.grid_cols = shape if shape is not None else (1, pegs)
        self.choices = tuple(choices)
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
        if with_secret and pitch < MIN_PALETTE_PITCH_PX:  # many symbols (26 letters): more columns
            for columns in range(2, MAX_PALETTE_COLUMNS + 1):
                rows = math.ceil(colours / columns)
                widest = content.w * PALETTE_MAX_W_FRAC / (columns * PALETTE_WIDTH_PITCHES)
                wrapped = min(content.h / rows, PALETTE_MAX_PITCH_PX, widest)
                if wrapped > pitch:
                    pitch, self.palette_rows = wrapped, rows
        pal_w = round(pitch * PALETTE_WIDTH_PITCHES) * math.ceil(colours / self.palette_rows)
        left = content.x + pal_w + m if with_secret else content.x
        area = pygame.Rect(left, content.y, content.right - left, content.h)
        col_w = min(round(area.w * 0.9), MAIN_MAX_W_PX)
        x0 = area.centerx - col_w // 2
        label_w = round(col_w * LABEL_FRAC)
        control_w = col_w - label_w - m
        every = [shape, *shapes]
        tallest = max(s[0] if s is not None else 0 for s in every)

        def rest_h(row_h: float) -> float:
            """Everything but the secret's band: the choices, detail, message and buttons."""
            gap = round(row_h * 0.28)
            return gap + len(self.choices) * (row_h + gap) + row_h * 0.75 + row_h * 0.9 + bh + 2 * m

        # the choice rows follow the window's height, and give way (down to MIN_ROW_PX) so that the
        # tallest grid's cells stay GRID_CELL_ROWS rows tall
        row_h = _clamp(h * ROW_FRAC, MIN_ROW_PX, MAX_ROW_PX)
        while tallest and row_h > MIN_ROW_PX and (area.h - rest_h(row_h)) / tallest < GRID_CELL_ROWS * row_h:
            row_h = max(MIN_ROW_PX, row_h - 1)
        gap = round(row_h * 0.28)
        band_budget = area.h - rest_h(row_h)  # what the secret's band may take

        def cell_unit(s: Shape, cap: float) -> float:
            """The pitch of one secret peg for shape `s`, at most `cap`."""
            if s is None:
                return min(col_w * 0.8 / pegs, row_h * 1.6, MAX_SECRET_UNIT_PX, cap)
            rows, cols = s
            return min(
                control_w / (cols + GRID_FRAME_U),
                row_h * 1.6,
                MAX_SECRET_UNIT_PX,
                cap,
                band_budget / (rows + GRID_FRAME_U),
            )

        def band_h(s: Shape, unit: float) -> float:
            if s is None:  # the label above the row
                return row_h * 0.7 + gap / 2 + unit
            return (s[0] + GRID_FRAME_U) * unit

        # the band is reserved without the palette's limit, so more colours never move a row either
        band = max(band_h(s, cell_unit(s, MAX_SECRET_UNIT_PX)) for s in every)
        unit = cell_unit(shape, MAX_SECRET_UNIT_PX)
        if with_secret:
            # secret pegs no larger than the palette's, the palette's at most PALETTE_PEG_RATIO larger
            unit = min(unit, pitch * PALETTE_PEG_FRAC / SECRET_PEG_FRAC)
            pitch = min(pitch, unit * SECRET_PEG_FRAC * MAKER_PALETTE_RATIO / PALETTE_PEG_FRAC)
        self.palette_pitch = pitch
        self.palette_panel = pygame.Rect(
            content.x,
            round(content.centery - pitch * self.palette_rows / 2),
            pal_w,
            round(pitch * self.palette_rows),
        )
        self.unit = unit
        # the whole block (secret band, choices, detail, message, buttons) centred vertically; the
        # secret at the bottom of its band, right above the choices
        y = area.y + max(0, round((area.h - band - rest_h(row_h)) / 2))
        band_bottom = y + band
        if shape is None:
            top = band_bottom - unit
            self.secret_area = pygame.Rect(
                round(area.centerx - unit * pegs / 2), round(top), round(unit * pegs), round(unit)
            )
            self.secret_label = pygame.Rect(x0, round(top - gap / 2 - row_h * 0.7), col_w, round(row_h * 0.7))
        else:
            # a grid reads as a choice row: the label at the left, the cells where the controls start
            rows, cols = shape
            pad = unit * GRID_FRAME_U / 2
            top = band_bottom - pad - rows * unit
            self.secret_area = pygame.Rect(
                round(x0 + label_w + m + pad), round(top), round(cols * unit), round(rows * unit)
            )
            self.secret_label = pygame.Rect(
                x0, round(top + rows * unit / 2 - row_h / 2), label_w, round(row_h)
            )
        y = round(band_bottom) + gap
        # choice rows
        self.labels: dict[str, pygame.Rect] = {}
        self.controls: dict[str, pygame.Rect] = {}
        for name in self.choices:
            self.labels[name] = pygame.Rect(x0, y, label_w, round(row_h))
            self.controls[name] = pygame.Rect(x0 + label_w + m, y, control_w, round(row_h))
            y += round(row_h) + gap
        self.detail_rect = pygame.Rect(x0, y - gap // 2, col_w, round(row_h * 0.75))
        y = self.detail_rect.bottom + gap // 2
        self.message_rect = pygame.Rect(x0, y, col_w, round(row_h * 0.9))
        # a long message may wrap into the air around its line (above it: the half gap under the
        # detail line; below: the button row's margin)
        self.message_box = self.message_rect.inflate(0, 2 * min(gap // 2, m))
        y = self.message_rect.bottom
        row = button_row(pygame.Rect(x0, y, col_w, bh + 2 * m), buttons, bh, m)
        self._buttons.update(row)

    # --- the secret ---------------------------------------------------------------------------
    def secret_slot_rect(self, col: int) -> pygame.Rect:
        """Secret peg `col`'s cell (a grid's cell `col` in reading order); cells tile without gaps."""
        u = self.unit
        row, column = divmod(col, self.grid_cols)
        left, top = self.secret_area.x + column * u, self.secret_area.y + row * u
        return pygame.Rect(
            round(left), round(top), round(left + u) - round(left), round(top + u) - round(top)
        )

    def secret_frame_rect(self) -> pygame.Rect:
        """The little board the secret's cells sit on."""
        u = self.unit
        if self.shape is None:
            return self.secret_area.inflate(round(u * 0.3), round(u * 0.2))
        return self.secret_area.inflate(round(u * GRID_FRAME_U), round(u * GRID_FRAME_U))

    def peg_diameter(self) -> int:
        return max(4, round(self.unit * SECRET_PEG_FRAC))

    def slot_diameter(self) -> int:
        """An empty secret slot's well: nearly a peg (a slot reads as the place a peg goes)."""
        return max(4, round(self.peg_diameter() * EMPTY_SLOT_FRAC))

    # --- choices and buttons ----------------------------------------------------------------------
    def stepper_parts(self, name: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(minus, value, plus) of a stepper row: every stepper's value is as wide as the longest
        needs (a strategy's name), so every - and every + stand in one column, close together."""
        rect = self.controls[name]
        return stepper_rects(rect, round(rect.h * STEPPER_VALUE_ROWS))

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
        for name in self.choices:
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
