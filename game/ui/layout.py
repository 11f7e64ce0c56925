"""All geometry: every rectangle on every screen, derived from the window size and the config.

Drawing and hit-testing call the same functions, so they cannot disagree (a test checks
hit_test(centre(slot_rect(r, c))) == Slot(r, c) for every slot). Nothing here draws or keeps
state: a layout is a value computed from (window size, config, panel items) and can be thrown
away and rebuilt at any time.

The playing screen, left to right: the palette, the board, a side panel of buttons; a top bar above
them. Where a column of buttons would cost the board much of a narrow window's width (4:3 and small
windows) the panel is a band along the bottom instead, its items flowed into short columns side by
side; whichever gives the larger pegs is used (the band by a margin, BAND_GAIN). The board is the
star: palette and board are sized together from one unit (the pitch of a code slot) so that the
board fills the height under the top bar, and the palette's pegs are a little larger than the
board's (PALETTE_PEG_RATIO). The board holds the secret row on top and the turn rows below it, first
row at the top, in one column (it reads like a real Mastermind board); the rows flow into more
columns when that makes the pegs bigger (the count with the largest pegs wins), so a wide window is
filled sideways instead of leaving bands of nothing. Pegs grow with the window with no fixed cap.
Sizes are in "units": one unit is the pitch of one code slot. A grid game's rows are small grids
(one unit a cell) with a visible gap between turns, and its secret grid takes the first row slot of
the first column, so the columns of turns line up beside it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

# --- board proportions, in units (one unit = the pitch of a code slot) ------------------------
PEG_DIAMETER_U = 0.84  # a code peg inside its slot, leaving a little room around it
HOLE_DIAMETER_U = 0.56  # an empty hole: big enough to read as a hole, small enough to read as empty
ROW_PITCH_U = 1.12  # row height 1.0 plus a little air between rows
MAX_ROW_PITCH_U = 1.6  # rows spread out up to this when the width, not the height, limits the pegs
LABEL_U = 0.95  # the row number left of each row
GRADE_GAP_U = 0.20  # air between the last code slot and the grading area
GRADE_PITCH_U = 0.44  # spacing of grading pegs, which sit in two lines per row
KEY_DIAMETER_U = 0.36  # a grading peg
ROW_TAIL_U = 0.12  # air after the grading area
BOARD_PAD_U = 0.30  # board edge to its contents
COLUMN_GAP_U = 0.55  # between columns of rows when the rows need more than one column
SECRET_GAP_U = 0.45  # between the secret row and the first turn row
# A grid row is a small grid: this much air between one turn's cells and the next turn's (a row
# game's 0.12 would read as one long lattice), and the secret grid takes the first such slot of the
# first column, so every column's rows line up with it and no column has a band empty above it.
GRID_ROW_GAP_U = 0.3
# A grid row is code_rows units tall, so its grading pegs (three kinds, one of them marked with a
# slash) have room to be larger than a row game's: told apart at 640x480 too.
GRID_GRADE_PITCH_U = 0.48
GRID_KEY_DIAMETER_U = 0.40
MAX_COLUMNS = 4
COLUMN_GAIN = 1.0  # the column count with the largest pegs wins (ties: the fewer columns)
# --- palette proportions ----------------------------------------------------------------------
PALETTE_PEG_FRAC = 0.82  # a palette peg, of its cell's pitch
PALETTE_PEG_RATIO = 1.10  # palette peg / board peg: a little larger, easy to grab, never towering
MIN_PALETTE_RATIO = 1.0  # the palette wraps into another column rather than shrink below this
PALETTE_WIDTH_PITCHES = 1.55  # palette column width: the peg plus its key number
PALETTE_PITCH_U = PALETTE_PEG_RATIO * PEG_DIAMETER_U / PALETTE_PEG_FRAC  # palette pitch, in board units
MAX_PALETTE_COLUMNS = 3
# --- screen proportions -----------------------------------------------------------------------
MARGIN_FRAC = 0.018  # outer margin, of the smaller window side
TOP_BAR_FRAC = 0.075  # top bar height, of the window height
TOP_BAR_MIN_PX, TOP_BAR_MAX_PX = 34, 96
PANEL_FRAC = 0.20  # side panel width, of the window width
PANEL_MIN_PX, PANEL_MAX_PX = 170, 400
# The panel as a band along the bottom: this many button heights tall, its items flowed top-down into
# columns side by side; it is chosen when it gives the board pegs BAND_GAIN larger than the column
# does (a wide window keeps its column for a pixel or two: the band would cost the board its width).
BAND_GAIN = 1.08
BAND_HEIGHT_BUTTONS = 2.5  # the band's least height: it grows when its columns would be too narrow
BAND_COLUMN_FRAC, BAND_COLUMN_MIN_PX = 0.18, 110  # a band column's least width: room for a label
# A panel with a paragraph (a text item this many button heights tall: a result's score or details)
# wants its band columns this much wider than labels do.
PARAGRAPH_WEIGHT, PARAGRAPH_COLUMN_GAIN = 2.0, 1.15
BUTTON_FRAC = 0.07  # button height, of the window height
BUTTON_MIN_PX, BUTTON_MAX_PX = 30, 84
PALETTE_MAX_PITCH_PX = 70  # the codemaker's palette (no board beside it to match) stops growing here


@dataclass(frozen=True)
class Slot:
    """A code slot of turn row `row` (0 = first turn) at position `col`."""

    row: int
    col: int


@dataclass(frozen=True)
class SecretSlot:
    col: int


@dataclass(frozen=True)
class PaletteItem:
    colour: int


@dataclass(frozen=True)
class Button:
    name: str


@dataclass(frozen=True)
class Board:
    """The board background: on the board but not on a slot."""


Hit = Slot | SecretSlot | PaletteItem | Button | Board | None


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return rect.center


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def margin_px(size: tuple[int, int]) -> int:
    return max(6, round(min(size) * MARGIN_FRAC))


def button_height_px(size: tuple[int, int]) -> int:
    return round(_clamp(size[1] * BUTTON_FRAC, BUTTON_MIN_PX, BUTTON_MAX_PX))


def stack_rects(area: pygame.Rect, weights: Sequence[float], unit_h: float, gap: float) -> list[pygame.Rect]:
    """Rects stacked top-down in `area`, item i being weights[i] * unit_h tall, shrunk to fit."""
    total = sum(weights) * unit_h + gap * max(0, len(weights) - 1)
    if total > area.h and total > 0:
        scale = area.h / total
        unit_h, gap = unit_h * scale, gap * scale
    rects, y = [], float(area.y)
    for weight in weights:
        h = weight * unit_h
        rects.append(pygame.Rect(area.x, round(y), area.w, round(h)))
        y += h + gap
    return rects


def band_columns(weights: Sequence[float], unit_h: float, gap: float, height: float) -> list[list[float]]:
    """`weights` flowed top-down into columns `height` tall: a new column starts where the next item
    (weights[i] * unit_h, `gap` between items) would not fit; an item taller than `height` stands alone."""
    columns: list[list[float]] = [[]]
    for weight in weights:
        column = columns[-1]
        if column and (sum(column) + weight) * unit_h + gap * len(column) > height:
            columns.append([])
        columns[-1].append(weight)
    return columns


def band_height(
    weights: Sequence[float], unit_h: float, gap: float, width: float, least: float, column_w: float
) -> float:
    """The height of a band `width` wide holding `weights` in columns at least `column_w` wide: `least`,
    or taller, a tenth of `unit_h` at a time, until its columns are few enough to be that wide."""
    most = max(1, int((width + gap) // (column_w + gap)))
    height = least
    while len(band_columns(weights, unit_h, gap, height)) > most:
        height += unit_h / 10
    return height


def band_rects(
    area: pygame.Rect,
    weights: Sequence[float],
    unit_h: float,
    gap: float,
    column_gap: int,
    stretch: Sequence[bool] = (),
) -> list[pygame.Rect]:
    """Rects flowed top-down into columns of `area` (band_columns; a panel laid along the bottom), the
    columns sharing the width equally, `column_gap` between them. Items marked in `stretch` (text, which
    wraps onto more lines in a narrow column) share their column's spare height."""
    columns = band_columns(weights, unit_h, gap, area.h)
    count = len(columns)
    width = (area.w - column_gap * (count - 1)) / count
    rects: list[pygame.Rect] = []
    for i, column in enumerate(columns):
        left = area.x + i * (width + column_gap)
        box = pygame.Rect(round(left), area.y, round(left + width) - round(left), area.h)
        first = len(rects)
        grows = [first + k < len(stretch) and stretch[first + k] for k in range(len(column))]
        spare = (area.h - sum(column) * unit_h - gap * (len(column) - 1)) / unit_h
        if spare > 0 and any(grows):
            share = spare / sum(grows)
            column = [wt + (share if grow else 0.0) for wt, grow in zip(column, grows, strict=True)]
        rects.extend(stack_rects(box, column, unit_h, gap))
    return rects


def stepper_rects(control: pygame.Rect, value_w: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(minus, value, plus) of a stepper at the left of `control`: square buttons as tall as it, the
    value `value_w` wide between them (at most what the control leaves). Every stepper on every
    screen (setup, settings, codemaker, hand grading) takes its rects from here."""
    side = control.h
    value_w = max(0, min(value_w, control.w - 2 * side))
    minus = pygame.Rect(control.x, control.y, side, side)
    value = pygame.Rect(minus.right, control.y, value_w, side)
    plus = pygame.Rect(value.right, control.y, side, side)
    return minus, value, plus


def top_bar_height_px(size: tuple[int, int]) -> int:
    return round(_clamp(size[1] * TOP_BAR_FRAC, TOP_BAR_MIN_PX, TOP_BAR_MAX_PX))


class PaletteColumn:
    """The palette's geometry, shared by every layout that shows one (play, codemaker).

    A class using it sets `palette_panel` (the palette's Rect), `palette_pitch` (px per colour)
    and `palette_rows` (colours per column: the palette wraps into more columns, top to bottom
    then left to right, when one column would not fit the height at the wanted peg size).
    """

    palette_panel: pygame.Rect
    palette_pitch: float
    palette_rows: int
    has_palette = True  # PlayLayout(palette=False) leaves it out: an empty panel, drawn as nothing

    def palette_rect(self, colour: int) -> pygame.Rect:
        """The cell of palette colour `colour` (the whole width of its palette column)."""
        p = self.palette_pitch
        column, index = divmod(colour, max(1, self.palette_rows))
        top = self.palette_panel.y + index * p
        left = self.palette_panel.x + column * p * PALETTE_WIDTH_PITCHES
        right = left + p * PALETTE_WIDTH_PITCHES
        return pygame.Rect(round(left), round(top), round(right) - round(left), round(top + p) - round(top))

    def palette_peg_rect(self, colour: int) -> pygame.Rect:
        cell = self.palette_rect(colour)
        d = round(self.palette_pitch * PALETTE_PEG_FRAC)
        return pygame.Rect(cell.x + round(self.palette_pitch * 0.09), cell.centery - d // 2, d, d)

    def palette_key_rect(self, colour: int) -> pygame.Rect:
        cell = self.palette_rect(colour)
        peg = self.palette_peg_rect(colour)
        return pygame.Rect(peg.right + 2, cell.y, max(4, cell.right - peg.right - 2), cell.h)


def palette_size(pitch: float, colours: int, rows: int) -> tuple[int, int]:
    """The (width, height) in px of a palette of `colours` at `pitch`, `rows` colours per column."""
    columns = math.ceil(colours / max(1, rows))
    return round(pitch * PALETTE_WIDTH_PITCHES * columns), round(pitch * min(rows, colours))


class PlayLayout(PaletteColumn):
    """Geometry of the playing screen (also used by the result screen and the solving state).

    `panel_items` is a sequence of (name, weight) stacked in the side panel: weight 1.0 is one
    button height. Items named in `buttons` are clickable; the others are text areas. In a band (see
    the module docstring) the buttons are one height and the text areas share their column's spare
    height; `band=False` keeps the panel a column whatever the window. `palette=False` leaves the
    palette out (a screen where picking a colour means nothing: hand grading) and gives its room to
    the board; its panel is then an empty rect that nothing hits.
    """

    def __init__(
        self,
        size: tuple[int, int],
        pegs: int,
        colours: int,
        turns: int,
        panel_items: Sequence[tuple[str, float]] = (),
        buttons: Sequence[str] = (),
        top_buttons: Sequence[str] = ("help", "menu"),
        shape: tuple[int, int] | None = None,
        band: bool = True,
        band_weights: Mapping[str, float] | None = None,
        palette: bool = True,
    ) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.has_palette = palette
        # weights to use instead in a band (a screen whose items pack into the least band's height, so
        # the board stands where the screen before it left it)
        self._band_weights = band_weights or {}
        self.pegs, self.colours, self.turns = pegs, colours, turns
        # A code is laid out in the variant's shape (Variant.shape; None: one line of pegs). A code of
        # several lines (a grid's) is a small grid: slot i is cell divmod(i, columns), one unit a cell,
        # and its board is a grid board (the geometry below that differs says so).
        self.code_rows, self.code_cols = shape or (1, pegs)
        self.grid_board = self.code_rows > 1
        w, h = self.size
        m = margin_px(self.size)
        self.margin = m
        top_h = top_bar_height_px(self.size)
        self.top_bar = pygame.Rect(0, 0, w, top_h)
        bh = button_height_px(self.size)
        self.button_h = bh
        # top bar buttons at the right, title on the left
        top_w = round(_clamp(w * 0.1, 78, 150))
        self._top_buttons: dict[str, pygame.Rect] = {}
        x = w - m
        for name in reversed(top_buttons):
            rect = pygame.Rect(x - top_w, (top_h - min(bh, top_h - 8)) // 2, top_w, min(bh, top_h - 8))
            self._top_buttons[name] = rect
            x -= top_w + m
        self.title_rect = pygame.Rect(m, 4, max(10, x - 2 * m), top_h - 8)
        content = pygame.Rect(m, top_h + m, w - 2 * m, h - top_h - 2 * m)
        self.content = content
        # The panel goes where the board gets the larger pegs: a column at the right (a wide window's
        # natural place), or a band along the bottom, its items flowed into short columns side by
        # side (a 4:3 or small window, where a column would cost the board a third of its width).
        # A panel whose items are sized by their height (a stepper's squares) passes band=False.
        side = self._place_panel(content, panel_items, buttons, band=False)
        below = self._place_panel(content, panel_items, buttons, band=True) if band else 0
        self.panel_side = "bottom" if below > side and below >= side * BAND_GAIN else "right"
        if self.panel_side == "right":
            self._place_panel(content, panel_items, buttons, band=False)

    def _place_panel(
        self,
        content: pygame.Rect,
        panel_items: Sequence[tuple[str, float]],
        buttons: Sequence[str],
        band: bool,
    ) -> float:
        """Place the panel (at the right, or as a band at the bottom) and fit the board beside it;
        returns the board's peg diameter, so the caller can keep the arrangement with the larger pegs."""
        m, bh = self.margin, self.button_h
        self._buttons = dict(self._top_buttons)
        self._items: dict[str, pygame.Rect] = {}
        weights = [wt for _, wt in panel_items]
        if band:  # side by side, buttons are one height (a taller Submit would wear a larger label)
            weights = [
                1.0 if name in buttons else self._band_weights.get(name, wt) for name, wt in panel_items
            ]
            column_w = _clamp(content.w * BAND_COLUMN_FRAC, BAND_COLUMN_MIN_PX, content.w)
            if any(wt >= PARAGRAPH_WEIGHT for name, wt in panel_items if name not in buttons):
                column_w *= PARAGRAPH_COLUMN_GAIN
            least = BAND_HEIGHT_BUTTONS * bh + m * 0.8
            height = math.ceil(band_height(weights, bh, m * 0.8, content.w, least, column_w))
            self.panel = pygame.Rect(content.x, content.bottom - height, content.w, height)
            text = [name not in buttons for name, _ in panel_items]
            rects = band_rects(self.panel, weights, bh, m * 0.8, round(m * 0.8), text)
            self.board_area = pygame.Rect(content.x, content.y, content.w, self.panel.y - m - content.y)
        else:
            panel_w = round(_clamp(self.size[0] * PANEL_FRAC, PANEL_MIN_PX, PANEL_MAX_PX))
            self.panel = pygame.Rect(content.right - panel_w, content.y, panel_w, content.h)
            rects = stack_rects(self.panel, weights, bh, m * 0.8)
            # palette and board share the area left of the panel; they are sized together
            self.board_area = pygame.Rect(content.x, content.y, self.panel.x - m - content.x, content.h)
        for (name, _), rect in zip(panel_items, rects, strict=True):
            self._items[name] = rect
            if name in buttons:
                self._buttons[name] = rect
        self._fit_board(self.board_area)
        return self.peg_diameter()

    # --- board fitting ------------------------------------------------------------------------
    @property
    def grade_lines(self) -> int:
        """Lines of grading pegs in a row: two, or one per cell row of a taller grid."""
        return max(2, self.code_rows)

    @property
    def grade_cols(self) -> int:
        return math.ceil(self.pegs / self.grade_lines)

    def _column_width_u(self) -> float:
        return LABEL_U + self.code_cols + GRADE_GAP_U + self.grade_cols * self._grade_pitch_u + ROW_TAIL_U

    @property
    def _grade_pitch_u(self) -> float:
        return GRID_GRADE_PITCH_U if self.grid_board else GRADE_PITCH_U

    def _fit_board(self, area: pygame.Rect) -> None:
        """Choose the columns of rows and of palette that give the biggest pegs, then place both.

        The palette's pitch is tied to the board's unit (PALETTE_PITCH_U), so the palette is a
        fixed number of units wide and the whole group scales as one: the board fills the height,
        or, when more columns of rows give clearly bigger pegs, the width.
        """
        cw = self._column_width_u()
        gap = self.margin if self.has_palette else 0
        best = None
        slots = self.turns + (1 if self.grid_board else 0)  # a grid's secret takes a row's slot
        fixed_u = self._fixed_height_u
        for columns in range(1, MAX_COLUMNS + 1):
            per_column = math.ceil(slots / columns)
            if columns > 1 and math.ceil(slots / (columns - 1)) == per_column:
                continue
            width_u = 2 * BOARD_PAD_U + columns * cw + (columns - 1) * COLUMN_GAP_U
            height_u = fixed_u + per_column * self._min_pitch_u
            for pal_columns in range(1, MAX_PALETTE_COLUMNS + 1 if self.has_palette else 2):
                pal_rows = math.ceil(self.colours / pal_columns)
                if pal_columns > 1 and math.ceil(self.colours / (pal_columns - 1)) == pal_rows:
                    continue
                pal_w_u = pal_columns * PALETTE_PITCH_U * PALETTE_WIDTH_PITCHES if self.has_palette else 0.0
                unit = min((area.w - gap) / (width_u + pal_w_u), area.h / height_u)
                # the palette at its smallest allowed size must still fit the height
                pal_unit = area.h / (pal_rows * PALETTE_PITCH_U * MIN_PALETTE_RATIO / PALETTE_PEG_RATIO)
                if not self.has_palette:
                    pal_unit = math.inf
                score = min(unit, pal_unit) / COLUMN_GAIN ** (columns - 1)
                if best is None or score > best[0] * (1 + 1e-9):
                    best = (score, unit, columns, per_column, width_u, height_u, pal_rows)
        _, unit, columns, per_column, width_u, height_u, pal_rows = best
        # when the width limits the pegs, spread the rows to use the height too
        extra_u = self._min_pitch_u - ROW_PITCH_U  # a taller row keeps the row game's room to spread
        self.row_pitch_u = _clamp(
            (area.h / unit - fixed_u) / per_column, self._min_pitch_u, MAX_ROW_PITCH_U + extra_u
        )
        height_u = fixed_u + per_column * self.row_pitch_u
        self.unit = unit
        self.columns = columns
        self.rows_per_column = per_column
        self.palette_rows = pal_rows
        self.palette_pitch = min(unit * PALETTE_PITCH_U, area.h / pal_rows)
        pal_w, pal_h = (
            palette_size(self.palette_pitch, self.colours, pal_rows) if self.has_palette else (0, 0)
        )
        bw, bh = width_u * unit, height_u * unit
        left = area.centerx - (pal_w + gap + bw) / 2
        board = pygame.Rect(round(left + pal_w + gap), round(area.centery - bh / 2), round(bw), round(bh))
        self.board = board.clamp(area)  # rounding must never push it a pixel out of its area
        palette = pygame.Rect(round(left), round(self.board.centery - pal_h / 2), pal_w, pal_h)
        self.palette_panel = palette.clamp(area)
        self._origin = (self.board.x + BOARD_PAD_U * unit, self.board.y + BOARD_PAD_U * unit)
        lead_u = 0.0 if self.grid_board else self.code_rows + SECRET_GAP_U  # the secret above rows
        self._rows_top = self._origin[1] + lead_u * unit

    @property
    def _min_pitch_u(self) -> float:
        if self.grid_board:
            return self.code_rows + GRID_ROW_GAP_U
        return ROW_PITCH_U

    @property
    def _fixed_height_u(self) -> float:
        """The board's height besides its rows' pitches: padding, and the secret row above the first
        column (a grid's secret is in a row slot instead, and its last row needs no air below it)."""
        if self.grid_board:
            return 2 * BOARD_PAD_U - GRID_ROW_GAP_U
        return 2 * BOARD_PAD_U + self.code_rows + SECRET_GAP_U

    # --- board geometry -----------------------------------------------------------------------
    def _row_origin(self, row: int) -> tuple[float, float]:
        slot = row + (1 if self.grid_board else 0)  # slot 0 of a grid board is its secret
        column, index = divmod(slot, self.rows_per_column)
        u = self.unit
        x = self._origin[0] + column * (self._column_width_u() + COLUMN_GAP_U) * u
        y = self._rows_top + index * self.row_pitch_u * u
        return x, y

    def row_rect(self, row: int) -> pygame.Rect:
        """The whole turn row: label, slots and grading area."""
        x, y = self._row_origin(row)
        u = self.unit
        height = round(y + self.code_rows * u) - round(y) if self.grid_board else round(u)
        return pygame.Rect(round(x), round(y), round(self._column_width_u() * u), height)

    def label_rect(self, row: int) -> pygame.Rect:
        x, y = self._row_origin(row)
        return pygame.Rect(round(x), round(y), round(LABEL_U * self.unit), round(self.code_rows * self.unit))

    def _slot_at(self, x: float, y: float, col: int) -> pygame.Rect:
        u = self.unit
        cell_row, cell_col = divmod(col, self.code_cols)
        left = x + (LABEL_U + cell_col) * u
        top = y + cell_row * u
        height = round(top + u) - round(top) if self.grid_board else round(u)  # grid cells tile exactly
        return pygame.Rect(round(left), round(top), round(left + u) - round(left), height)

    def slot_rect(self, row: int, col: int) -> pygame.Rect:
        """The cell of code slot (row, col); the peg is drawn centred in it; clicks anywhere in it hit it."""
        x, y = self._row_origin(row)
        return self._slot_at(x, y, col)

    def peg_diameter(self) -> int:
        return max(4, round(self.unit * PEG_DIAMETER_U))

    def hole_diameter(self) -> int:
        """An empty code hole's diameter (pegs.PegArt.hole draws it)."""
        return max(3, round(self.unit * HOLE_DIAMETER_U))

    def grade_rect(self, row: int) -> pygame.Rect:
        x, y = self._row_origin(row)
        u = self.unit
        left = x + (LABEL_U + self.code_cols + GRADE_GAP_U) * u
        return pygame.Rect(
            round(left),
            round(y + u * 0.06),
            round(self.grade_cols * self._grade_pitch_u * u),
            round(u * (self.code_rows - 0.12)),
        )

    def grade_peg_rect(self, row: int, index: int) -> pygame.Rect:
        """Grading peg `index` (blacks first, then greys, then whites) of `row`: in grade_lines lines,
        left to right, centred on the row's height."""
        x, y = self._row_origin(row)
        u = self.unit
        line, col = divmod(index, self.grade_cols)
        cx = x + (LABEL_U + self.code_cols + GRADE_GAP_U + (col + 0.5) * self._grade_pitch_u) * u
        pitch = GRADE_PITCH_U
        if self.grid_board:  # a taller row spreads its grading lines over its height
            pitch = max(GRID_GRADE_PITCH_U, 0.8 * self.code_rows / self.grade_lines)
        cy = y + (self.code_rows / 2 + (line - (self.grade_lines - 1) / 2) * pitch) * u
        d = max(3, round((GRID_KEY_DIAMETER_U if self.grid_board else KEY_DIAMETER_U) * u))
        return pygame.Rect(round(cx - d / 2), round(cy - d / 2), d, d)

    def secret_rect(self) -> pygame.Rect:
        """The hidden secret row (over the first column, aligned with its slots)."""
        x, y = self._origin
        u = self.unit
        width = round((LABEL_U + self.code_cols) * u)
        return pygame.Rect(round(x), round(y), width, round(self.code_rows * u))

    def secret_slot_rect(self, col: int) -> pygame.Rect:
        x, y = self._origin
        return self._slot_at(x, y, col)

    def secret_cover_rect(self) -> pygame.Rect:
        """What the secret's shield covers: the secret's slots, not its label."""
        return self.secret_slot_rect(0).union(self.secret_slot_rect(self.pegs - 1))

    def secret_label_rect(self) -> pygame.Rect:
        x, y = self._origin
        return pygame.Rect(round(x), round(y), round(LABEL_U * self.unit), round(self.code_rows * self.unit))

    # --- palette and panel --------------------------------------------------------------------
    def button_rect(self, name: str) -> pygame.Rect | None:
        rect = self._buttons.get(name)
        return rect.copy() if rect is not None else None

    def item_rect(self, name: str) -> pygame.Rect | None:
        rect = self._items.get(name)
        return rect.copy() if rect is not None else None

    @property
    def buttons(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    # --- hit testing --------------------------------------------------------------------------
    def hit_test(self, pos: tuple[int, int]) -> Hit:
        """What is under `pos`: a button, palette colour, code slot, secret slot, the board, or None."""
        for name, rect in self._buttons.items():
            if rect.collidepoint(pos):
                return Button(name)
        if self.palette_panel.collidepoint(pos):
            for colour in range(self.colours):
                if self.palette_rect(colour).collidepoint(pos):
                    return PaletteItem(colour)
        if not self.board.collidepoint(pos):
            return None
        for row in range(self.turns):
            if self.row_rect(row).collidepoint(pos):
                for col in range(self.pegs):
                    if self.slot_rect(row, col).collidepoint(pos):
                        return Slot(row, col)
                return Board()
        for col in range(self.pegs):
            if self.secret_slot_rect(col).collidepoint(pos):
                return SecretSlot(col)
        return Board()


# --- menus and dialogs ------------------------------------------------------------------------
def dialog_rect(
    size: tuple[int, int], width_frac: float, height_frac: float, min_w: int = 360, min_h: int = 200
) -> pygame.Rect:
    """A centred card for an overlay."""
    w, h = size
    m = margin_px(size)
    cw = min(w - 2 * m, max(min_w, round(w * width_frac)))
    ch = min(h - 2 * m, max(min_h, round(h * height_frac)))
    return pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)


def button_row(area: pygame.Rect, names: Sequence[str], height: int, gap: int) -> dict[str, pygame.Rect]:
    """Buttons side by side, centred along the bottom of `area`."""
    count = max(1, len(names))
    width = min(240, (area.w - gap * (count + 1)) // count)
    total = count * width + (count - 1) * gap
    x = area.centerx - total // 2
    y = area.bottom - gap - height
    return {name: pygame.Rect(x + i * (width + gap), y, width, height) for i, name in enumerate(names)}
