"""Drawing for the grid puzzle: its three grading pegs and the grade order.

A grid grade is (black, grey, white). The three pegs are told apart without colour: black is a solid
dark disc, grey a mid disc crossed by a dark slash, white a light disc in a dark rim with nothing on
it. Pegs are shown blacks first, then greys, then whites, as for the row game. Images come from the
PegArt cache (keyed by kind and diameter), so a frame never draws a peg from scratch twice.
"""

from __future__ import annotations

import pygame

from game.ui import palette as pal
from game.ui.pegs import SUPERSAMPLE, PegArt

# Between KEY_BLACK and KEY_WHITE: at least MIN_GRADE_CONTRAST against GRADE_AREA and against a black
# peg, so it reads as a peg on its panel before the slash says which kind.
KEY_GREY: pal.RGB = (92, 94, 104)
KEY_RIM: pal.RGB = (40, 40, 46)
GREY_SLASH_FRAC = 0.16  # the slash's width, of the peg's diameter


def grade_kind(feedback, index: int) -> str:
    """The kind of grading peg `index` of `feedback` ("black", "grey", "white" or "" past its end)."""
    black = int(feedback.black)
    grey = int(getattr(feedback, "grey", 0))
    white = int(feedback.white)
    if index < black:
        return "black"
    if index < black + grey:
        return "grey"
    if index < black + grey + white:
        return "white"
    return ""


def grade_total(feedback) -> int:
    """How many grading pegs a grade shows (black + grey + white)."""
    return int(feedback.black) + int(getattr(feedback, "grey", 0)) + int(feedback.white)


def key_image(art: PegArt, kind: str, diameter: int) -> pygame.Surface:
    """The grading peg of `kind` at `diameter`: black and white are the row game's, grey is drawn here."""
    if kind != "grey":
        return art.key(kind == "black", diameter)
    diameter = max(3, int(diameter))
    return art._get(("grey-key", diameter), lambda: _make_grey_key(diameter))  # the shared image cache


def _make_grey_key(diameter: int) -> pygame.Surface:
    big = diameter * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big / 2
    pygame.draw.circle(canvas, KEY_RIM, (r, r), r * 0.96)
    pygame.draw.circle(canvas, KEY_GREY, (r, r), r * 0.80)
    # the slash: the mark that says grey to a reader who cannot tell the shades apart
    offset = r * 0.55
    width = max(1, round(big * GREY_SLASH_FRAC))
    pygame.draw.line(canvas, KEY_RIM, (r - offset, r + offset), (r + offset, r - offset), width)
    return pygame.transform.smoothscale(canvas, (diameter, diameter))


# --- the help page's worked example -------------------------------------------------------------
HELP_SHAPE = (2, 2)
HELP_SECRET = (0, 1, 2, 3)  # cells row by row: top left, top right, bottom left, bottom right
HELP_GUESS = (0, 2, 3, 4)
HELP_RULES = (
    "The grid puzzle (Grid 2×2, Grid 3×3 on the menu, or --grid RxC): the secret is a small grid of "
    "colours and every guess is a whole grid. Three kinds of grading pegs, never saying which cell:\n"
    "Black (solid): a cell with the right colour. Grey (with a slash): among the other cells, a guess "
    "cell and a secret cell of the same colour in the same row or column, each cell in one pair at "
    "most. White (plain): a colour in common anywhere else. Pegs show blacks, then greys, then whites."
)
KIND_LEGEND = (("black", "right cell"), ("grey", "right row or column"), ("white", "elsewhere"))


def help_caption(names: tuple[str, ...], feedback) -> str:
    """The worked example in words; `names` are the colour names of colours 0..4, `feedback` its grade."""
    a, _, c, d, e = names
    return (
        f"Grade {feedback.black} black, {feedback.grey} grey, {feedback.white} white. Top left {a}: the "
        f"right cell, black. Bottom left {d}: the secret's {d} is in the same row, grey. Top right {c}: "
        f"the secret's {c} is across the diagonal, in neither its row nor its column, white. "
        f"Bottom right {e}: not in the secret."
    )


def draw_grid_example(
    surface: pygame.Surface, box: pygame.Rect, art: PegArt, text, colours, symbols: bool, feedback
) -> None:
    """HELP_SECRET and HELP_GUESS drawn as 2x2 grids side by side, the guess's grade as key pegs beside
    it, and the three pegs' legend below."""
    rows, cols = HELP_SHAPE
    label_h = max(14, round(box.h * 0.14))
    legend_h = max(14, round(box.h * 0.16))
    grid_h = box.h - label_h - legend_h
    d = max(8, min(round(grid_h / rows * 0.86), round(box.w / 9.5 / 1.1)))
    pitch = round(d * 1.1)
    grid_w = cols * pitch
    kd = max(6, round(d * 0.42))
    grade_w = round(kd * 2.8)
    total_w = 2 * grid_w + grade_w + 3 * pitch
    x = box.centerx - total_w // 2
    top = box.y + label_h
    label_px = text.fit_size("Secret", grid_w * 1.4, label_h * 0.8, text.grown(24))
    for label, code, left in (("Secret", HELP_SECRET, x), ("Guess", HELP_GUESS, x + grid_w + 2 * pitch)):
        text.draw(surface, label, label_px, pal.TEXT_DIM, (left + grid_w // 2, box.y + label_h // 2))
        for cell, colour in enumerate(code):
            r, c = divmod(cell, cols)
            peg = art.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, (left + c * pitch, top + r * pitch))
    area = pygame.Rect(x + 2 * grid_w + 2 * pitch + pitch // 3, top, grade_w, rows * pitch - (pitch - d))
    pygame.draw.rect(surface, pal.GRADE_AREA, area, border_radius=4)
    for k in range(rows * cols):
        centre = (area.x + kd * 0.8 + (k % 2) * kd * 1.2, area.y + area.h * (0.3 + (k // 2) * 0.4))
        kind = grade_kind(feedback, k)
        image = key_image(art, kind, kd) if kind else art.hole(max(2, round(kd * 0.55)), pal.GRADE_HOLE)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
    legend_y = box.bottom - legend_h // 2
    part_w = box.w // len(KIND_LEGEND)
    # the legend's pegs are sized by its line, not by the example's (a tall box's big key pegs would
    # leave the words no room in a third of the width)
    lk = max(6, min(kd, round(legend_h * 0.5)))
    legend_px = min(
        text.fit_size(f"{k}: {w}", part_w - lk * 2 - 4, legend_h * 0.8, text.grown(22))
        for k, w in KIND_LEGEND
    )
    for i, (kind, words) in enumerate(KIND_LEGEND):
        left = box.x + i * part_w + lk
        image = key_image(art, kind, lk)
        surface.blit(image, image.get_rect(center=(left, legend_y)))
        text.draw(surface, f"{kind}: {words}", legend_px, pal.TEXT, (left + lk, legend_y), align="midleft")
