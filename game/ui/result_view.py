"""How the result screen's side panel is drawn: the verdict, the score as a big number under its
caption with its badges (New best!, Top ten!), the details, the streak with its +1 popping, and the
buttons; and the cold veil a lost board goes under. A function of (layout, Panel): the screen
(game/screens/result.py) says what to show, this draws it, with the theme's look (one accent for
what was won, the loss's cold tint).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.ui import palette as pal
from game.ui import theme
from game.ui.board import Art
from game.ui.layout import PlayLayout
from game.ui.text import TextRenderer
from game.ui.tween import ease_out_back
from game.ui.widgets import button_label_px, draw_button

COLD_ALPHA = 120  # the lost board's veil over its rows, at its coldest (of 255)
POP_FROM = 0.55  # the streak's +1 grows from this fraction of its size, overshoots, settles
WIDE_SCORE_RATIO = 2.4  # a score box this many times wider than tall puts its badges beside the figure


@dataclass(frozen=True)
class Panel:
    """What the panel shows this frame (see the module docstring). `tone` is "won", "lost" or
    "plain"; `figure` is the big number under `caption` ("" for none); `streak` 0 hides the streak;
    `streak_pop` 0..1 is how far its +1 has popped in."""

    verdict: str
    tone: str
    caption: str
    figure: str
    counting: bool
    badges: tuple[str, ...]
    lines: tuple[str, ...]
    streak: int
    streak_pop: float
    code: tuple[int, ...] | None = None  # drawn as pegs under the caption when there is no figure
    widest: str = ""  # the figure's widest form while it counts (its final value), for one size
    shape: tuple[int, int] | None = None  # the code's lines and places (the variant's), None: one line
    disabled: frozenset[str] = frozenset()  # buttons shown but not pressable (Same code again, no number)


def draw_panel(
    surface: pygame.Surface,
    layout: PlayLayout,
    art: Art,
    panel: Panel,
    labels: dict[str, str],
    mouse: tuple[int, int],
) -> None:
    size, text = layout.size, art.text
    ink = {"won": theme.ACCENT, "lost": theme.LOSS}.get(panel.tone, pal.TEXT)
    verdict = layout.item_rect("verdict")
    text.draw_in(surface, panel.verdict, verdict, ink, theme.type_px(size, "title"))
    _draw_score(surface, layout.item_rect("score"), art, panel, size)
    box = layout.item_rect("details")
    px, placed = text.fit_paragraphs("\n".join(panel.lines), box.w, box.h, theme.type_px(size, "body"), 0.25)
    line_h = text.font(px).get_linesize()
    top = box.y + max(0, (box.h - (placed[-1][1] + line_h if placed else 0)) // 2)
    for line, y in placed:
        text.draw(surface, line, px, pal.TEXT_DIM, (box.centerx, top + y), align="midtop")
    if panel.streak:
        _draw_streak(surface, layout.item_rect("streak"), text, panel, size)
    names = [name for name in labels if layout.button_rect(name) is not None]
    rects = [layout.button_rect(name) for name in names]
    shared = button_label_px(text, rects, [labels[name] for name in names])
    for name, rect in zip(names, rects, strict=True):
        draw_button(
            surface,
            text,
            rect,
            labels[name],
            primary=name == "again",
            hot=rect.collidepoint(mouse),
            enabled=name not in panel.disabled,
            label_px=shared,
        )


def _draw_score(surface: pygame.Surface, box: pygame.Rect, art: Art, panel: Panel, size) -> None:
    text = art.text
    line = text.font(text.floor()).get_height() + 2
    if panel.badges and box.w >= WIDE_SCORE_RATIO * box.h:
        # a short, wide box (a band below the board): the badges stacked at the right, so the figure
        # keeps the box's height rather than what is left under them
        right = round(box.w * 0.45)
        rows = len(panel.badges)
        chip_h = min(round(box.h * 0.42), (box.h - 4 * (rows - 1)) // rows)
        top = box.centery - (rows * chip_h + 4 * (rows - 1)) // 2
        px = min(text.fit_size(b, right - chip_h * 0.5, chip_h * 0.7, text.grown(40)) for b in panel.badges)
        for k, badge in enumerate(panel.badges):
            chip = pygame.Rect(box.right - right, top + k * (chip_h + 4), right, chip_h)
            _draw_badges(surface, chip, text, [badge], px)
        box = pygame.Rect(box.x, box.y, box.w - right - 4, box.h)
        panel = replace(panel, badges=())
    caption = pygame.Rect(box.x, box.y, box.w, max(line, round(box.h * 0.22)))
    text.draw_in(surface, panel.caption.upper(), caption, pal.TEXT_DIM, theme.type_px(size, "label"))
    badge_h = max(line + 6, round(box.h * 0.24)) if panel.badges else 0
    figure = pygame.Rect(box.x, caption.bottom, box.w, box.h - caption.h - badge_h)
    if panel.figure:
        colour = pal.TEXT if panel.counting or panel.tone != "won" else theme.ACCENT
        # sized for its widest form (every digit an 8), so a counting number keeps one size and
        # each frame of the count meets a size already measured
        widest = "".join("8" if c.isdigit() else c for c in (panel.widest or panel.figure))
        px = text.fit_size(widest, figure.w, figure.h, theme.type_px(size, "display"))
        text.draw(surface, panel.figure, px, colour, figure.center)
    elif panel.code is not None:
        art.pegs.draw_code(
            surface, figure.inflate(-box.w // 10, 0), panel.code, art.colours, art.symbols, panel.shape
        )
    if panel.badges:
        row = pygame.Rect(box.x, figure.bottom, box.w, badge_h)
        _draw_badges(surface, row, text, panel.badges)


def _draw_badges(
    surface: pygame.Surface, row: pygame.Rect, text: TextRenderer, badges, px: int | None = None
) -> None:
    """Accent chips side by side (New best!, Top ten!), one size for all (`px`, else the largest that
    fits every one)."""
    gap = max(4, row.h // 5)
    width = (row.w - gap * (len(badges) - 1)) / len(badges)
    if px is None:
        px = min(text.fit_size(b, width - row.h * 0.5, row.h * 0.7, text.grown(40)) for b in badges)
    chips = [text.size(b, px)[0] + round(row.h * 0.6) for b in badges]
    x = row.centerx - (sum(chips) + gap * (len(chips) - 1)) / 2
    for badge, w in zip(badges, chips, strict=True):
        chip = pygame.Rect(round(x), row.y, w, row.h)
        pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=row.h // 2)
        text.draw(surface, badge, px, pal.TEXT_ON_ACCENT, chip.center)
        x += w + gap


def _draw_streak(surface: pygame.Surface, box: pygame.Rect, text: TextRenderer, panel: Panel, size) -> None:
    """ "Streak 4" on a chip, its "+1" popping in beside it."""
    chip = box.inflate(-round(box.w * 0.12), -round(box.h * 0.18))
    face = theme.draw_raised(surface, chip, pal.BOARD, radius=chip.h // 2, edge=theme.ACCENT, edge_w=2)
    words = f"Streak {panel.streak}"
    px = text.fit_size(words + "  +1", face.w * 0.86, face.h * 0.7, theme.type_px(size, "body"))
    total = text.size(words + "  +1", px)[0]
    left = face.centerx - total // 2
    drawn = text.draw(surface, words, px, pal.TEXT, (left, face.centery), align="midleft")
    pop = max(0.0, min(1.0, panel.streak_pop))  # at rest at once with reduced motion (the timeline's)
    if pop <= 0:
        return
    scale = POP_FROM + (1 - POP_FROM) * ease_out_back(pop)
    plus_px = text.at_least(px * scale)
    plus_x = drawn.right + text.size("  ", px)[0] + text.size("+1", px)[0] / 2
    text.draw(surface, "+1", plus_px, theme.ACCENT, (plus_x, face.centery))


def cold_veil(layout: PlayLayout) -> pygame.Surface:
    """The lost board's veil: its turn rows under a cold grey (the secret row, above them, stays lit);
    drawn once per layout and blitted with the screen's alpha."""
    veil = pygame.Surface(layout.board.size, pygame.SRCALPHA)
    for row in range(layout.turns):
        rect = layout.row_rect(row).move(-layout.board.x, -layout.board.y).inflate(6, 4)
        pygame.draw.rect(veil, (*pal.COLD, COLD_ALPHA), rect, border_radius=max(3, rect.h // 5))
    return veil
