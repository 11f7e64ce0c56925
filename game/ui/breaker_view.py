"""How the break-the-code screen is drawn: functions of (layout, run, art), like computer_view.py.

Drawing only reads the BreakerRun (game/play/breaker.py) and writes nothing but view caches (a
BoardView and a FrameCache the state keeps). Idle frames cost one blit: everything still is drawn
into the frame cache only when still_key() changes; the clock, snapping pegs, grading pegs popping
in, the win pulse and the dragged peg (last) go on top live. How big a snapping or popping peg is,
and whether the win outline pulses, comes from the run's timeline (reduced motion is read there).
Colours the player ruled out are dimmed and struck through on the palette, key number included;
the panel's line nudges when the row being built repeats an earlier one.

Motion comes from the run as 0..1 progress (game/play/breaker.py; reduced motion already read
there) and is drawn with game/ui/juice.py: the held peg lifted with its shadow, a dropped peg flying
into its slot with an overshoot, grading pegs dropping in, the secret's shield (closed in the still
frame, opening live at the end) and a loss's shake. The arcade heads-up display (Hud: the
difficulty's name in the top bar; streak, best and what a win now is worth beside it) is drawn live.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.config import PRESETS, GameConfig
from game.core.records import stats_key
from game.core.state import Outcome
from game.play.breaker import BreakerRun
from game.play.drag import DragSource
from game.ui import breaker_input, theme
from game.ui import palette as pal
from game.ui.board import (
    Art,
    BoardView,
    FrameCache,
    draw_board_screen,
    draw_grade_pop,
    draw_ruled_out,
    track_pop,
)
from game.ui.juice import (
    draw_lifted_peg,
    draw_shield,
    drop_position,
    drop_scale,
    shake_amplitude_px,
    shake_offset,
)
from game.ui.layout import Button, PaletteItem, PlayLayout, Slot
from game.ui.widgets import draw_button

BUTTON_LABELS = {
    "submit": "Submit",
    "clear": "Clear row",
    "undo": "Undo",
    "reveal": "Reveal",
    "new": "New game",
    "solve": "Solve",
    "hint": "Hint",
}
PANEL_ITEMS = (
    ("info", 1.3),
    ("submit", 1.15),
    ("message", 1.3),
    ("clear", 1.0),
    ("undo", 1.0),
    ("reveal", 1.0),
    ("new", 1.0),
    ("solve", 1.0),
    ("hint", 1.0),
)
PANEL_BUTTONS = tuple(name for name, _ in PANEL_ITEMS if name in BUTTON_LABELS)

SNAP_START_SIZE = 0.6  # a snapping peg starts at this fraction of its size
WIN_OUTLINE_PX = (2, 5)  # the winning row's outline pulses between these widths
HUD_TEMPLATE = "Streak 000   Best 00,000   Win now 00,000"  # sizes the HUD's text (its widest form)
FOCUS_RING_PAD_PX = 6  # the focus ring stands this far (in total) outside its palette cell or button


def panel_items(buttons: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    """The side panel of a board with only `buttons` (a duel or match round): the turn line and the
    message stay, the other buttons go, the rest keep PANEL_ITEMS' order and weights."""
    return tuple((name, w) for name, w in PANEL_ITEMS if name not in BUTTON_LABELS or name in buttons)


def play_layout(
    size: tuple[int, int], config: GameConfig, items: tuple[tuple[str, float], ...]
) -> PlayLayout:
    """The screen's layout for `config` with the side panel `items`; its buttons are the panel's."""
    buttons = tuple(name for name in PANEL_BUTTONS if name in dict(items))
    return PlayLayout(
        size, config.pegs, config.colours, config.turns, items, buttons, shape=config.variant.shape
    )


@dataclass(frozen=True)
class Hud:
    """What the heads-up display shows: the difficulty's name, turn and time (from the record),
    the current streak and best score of this difficulty (None: no statistics), and the points a
    win with the row being built would score now (None once the game is over)."""

    name: str
    turn: int
    turns: int
    time_text: str
    streak: int | None
    best: int | None
    worth: int | None

    @property
    def fields(self) -> tuple[tuple[str, str], ...]:
        """(label, value) pairs beside the name, in the order drawn."""
        fields = []
        if self.streak is not None:
            fields.append(("Streak", str(self.streak)))
        if self.best is not None:
            fields.append(("Best", f"{self.best:,}" if self.best else "-"))
        if self.worth is not None:
            fields.append(("Win now", f"{self.worth:,}" if self.worth else "no score"))
        return tuple(fields)


def hud_name(config: GameConfig) -> str:
    """The difficulty as a player names it: the preset's name ("Super"), or a bucket that holds many
    sizes with the size ("Custom 4×6", "Grid 2×3 × 4 colours"); its turns are in the panel."""
    key = stats_key(config)
    if any(key == p.name for p in PRESETS):
        return key
    variant = config.variant
    if variant.symbols:  # Bulls and Cows and the word games: "Words · 5-letter word"
        return variant.describe(variant.label)
    return f"{key} {variant.short_size(config.colours)}"


def make_hud(run: BreakerRun, stats) -> Hud:
    """The HUD's values from the run and this difficulty's statistics (a DifficultyStats or None)."""
    record = run.record
    return Hud(
        hud_name(run.config),
        record.turn,
        run.config.turns,
        record.time_text,
        stats.current_streak if stats is not None else None,
        stats.best_score if stats is not None else None,
        None if run.game.over else run.win_worth,
    )


def draw_hud(surface, layout: PlayLayout, hud: Hud, art: Art) -> pygame.Rect:
    """The fields beside the name in the top bar (the name itself is the bar's title, drawn still);
    right-aligned before the bar's buttons. Returns the rectangle the fields' text covers."""
    text = art.text
    title = layout.title_rect.inflate(0, -round(layout.title_rect.h * 0.3))
    name_px = text.fit_size(hud.name, title.w, title.h, theme.type_px(layout.size, "heading"))
    name_w = text.size(hud.name, name_px)[0]
    gap = max(12, title.h // 2)
    area = pygame.Rect(title.x + name_w + gap, title.y, title.right - title.x - name_w - gap, title.h)
    if area.w <= 0:
        return pygame.Rect(area.right, area.centery, 0, 0)
    size = min(name_px, text.fit_size(HUD_TEMPLATE, area.w, area.h, theme.type_px(layout.size, "body")))
    fields = list(hud.fields)

    def width(pairs) -> int:
        return sum(text.size(f"{label} {value}", size)[0] + gap for label, value in pairs) - gap

    while len(fields) > 1 and width(fields) > area.w:
        fields.pop(0)  # a narrow window keeps what a win now is worth, then the best
    if width(fields) > area.w:
        return pygame.Rect(area.right, area.centery, 0, 0)
    x, drawn = area.right, pygame.Rect(area.right, area.centery, 0, 0)
    for label, value in reversed(fields):
        for part, colour in ((value, pal.SELECTION), (label + " ", pal.TEXT_DIM)):
            rect = text.draw(surface, part, size, colour, (x, area.centery), align="midright")
            drawn, x = drawn.union(rect), rect.x
        x -= gap
    return drawn


def still_key(layout: PlayLayout, run: BreakerRun, hot, art: Art) -> tuple:
    """Everything the still image of the screen depends on."""
    drag = run.drag
    dragging = drag.col if (drag is not None and drag.moved) else None
    snapping = tuple(col for col in range(run.config.pegs) if run.snap_track(col) is not None)
    return (
        id(layout),
        run.game.rows,
        run.game.outcome,
        tuple(run.draft),
        run.cursor,
        run.selected,
        hot,
        run.message,
        run.grading_row,
        snapping,
        dragging,
        art.key,
        run.can_undo,
        run.ruled_out,
    )


def draw_still(
    surface,
    layout: PlayLayout,
    run: BreakerRun,
    art: Art,
    board: BoardView,
    hot,
    title: str | None = None,
    turn: str | None = None,
) -> None:
    """Everything but the moving parts (the clock, pegs snapping or popping, the pulse, the drag);
    `title` for the top bar (None: the config's). The secret is under its closed shield while the
    game goes on; once it is over the secret is drawn and the shield opens live over it."""
    hot_colour = hot.colour if isinstance(hot, PaletteItem) else None
    hot_rect = layout.button_rect(hot.name) if isinstance(hot, Button) else None
    draw_board_screen(
        surface,
        layout,
        art,
        board,
        run.game,
        title=title,
        mouse=hot_rect.center if hot_rect is not None else None,
        selected=run.selected,
        hot_colour=hot_colour,
        graded_rows=run.graded_rows,
        active_row=run.active_row,
        show_secret=run.game.over,
    )
    if not run.game.over:
        draw_shield(surface, layout.secret_cover_rect(), 0.0)
    draw_ruled_out(surface, layout, run.ruled_out)
    _draw_draft(surface, layout, run, art)
    _draw_panel(surface, layout, run, art, hot, turn)


def blit_still(
    surface,
    frame: FrameCache,
    board: BoardView,
    layout: PlayLayout,
    run: BreakerRun,
    art: Art,
    mouse,
    title,
    turn: str | None = None,
) -> None:
    """The still image through `frame`: drawn (draw_still) only when still_key() changes, with what
    is under `mouse` lit, else one blit."""
    hot = breaker_input.hot_item(layout, mouse)
    key = still_key(layout, run, hot, art) + (title, turn)
    frame.blit(surface, key, lambda image: draw_still(image, layout, run, art, board, hot, title, turn))


def draw_live(surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
    """The moving parts, over the still image; the dragged peg last."""
    _draw_clock(surface, layout, run, art)
    _draw_snaps(surface, layout, run, art)
    if run.grading_row is not None:
        row = run.grading_row
        draw_grade_pop(
            surface, layout, row, run.game.rows[row].feedback, track_pop(run.grade_track), art.pegs
        )
    flash = run.finish_track
    if flash is not None and run.game.outcome is Outcome.WON:
        # a gentle pulse of the winning row's outline (never a full-screen flash)
        low, high = WIN_OUTLINE_PX
        width = round(low + (high - low) * flash.pulse)
        row_rect = layout.row_rect(len(run.game.rows) - 1).inflate(8, 6)
        pygame.draw.rect(surface, pal.ACTIVE_EDGE, row_rect, width=width, border_radius=6)
    if run.game.over and run.shield_progress < 1.0:
        draw_shield(surface, layout.secret_cover_rect(), run.shield_progress)
    drag = run.drag
    if drag is not None and drag.moved:
        target = layout.hit_test(drag.pos)
        if isinstance(target, Slot) and target.row == run.active_row:  # where the peg will land
            cell = layout.slot_rect(target.row, target.col)
            pygame.draw.circle(surface, pal.SELECTION, cell.center, layout.peg_diameter() / 2 + 3, 2)
        colour = art.colours[drag.colour]
        draw_lifted_peg(
            surface,
            art.pegs,
            colour,
            drag.colour,
            layout.peg_diameter(),
            drag.pos,
            run.lift_progress,
            symbols=art.symbols,
        )


def shake(surface, run: BreakerRun) -> tuple[int, int]:
    """Shake the whole frame by a loss's offset (none once still or with reduced motion, which the
    run's progress already reads as done); the strip uncovered is filled with the background."""
    progress = run.shake_progress
    if progress >= 1.0:
        return (0, 0)
    dx, dy = shake_offset(progress, shake_amplitude_px(surface.get_size()), seed=len(run.game.rows))
    if dx or dy:
        surface.scroll(dx, dy)
        w, h = surface.get_size()
        if dx:
            surface.fill(pal.BACKGROUND, pygame.Rect(0 if dx > 0 else w + dx, 0, abs(dx), h))
        if dy:
            surface.fill(pal.BACKGROUND, pygame.Rect(0, 0 if dy > 0 else h + dy, w, abs(dy)))
    return (dx, dy)


def _draw_draft(surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
    row = run.active_row
    if row is None:
        return
    d = layout.peg_diameter()
    hole = art.pegs.hole(layout.hole_diameter())
    drag = run.drag
    dragging_from = (
        drag.col if (drag is not None and drag.moved and drag.source is DragSource.DRAFT) else None
    )
    for col, colour in enumerate(run.draft):
        cell = layout.slot_rect(row, col)
        if colour is None or col == dragging_from or run.snap_track(col) is not None:
            surface.blit(hole, hole.get_rect(center=cell.center))
        else:
            peg = art.pegs.peg(art.colours[colour], colour, d, art.symbols)
            surface.blit(peg, peg.get_rect(center=cell.center))
        if col == run.cursor:
            pygame.draw.rect(
                surface, pal.SELECTION, cell.inflate(-2, -2), width=2, border_radius=max(3, cell.w // 6)
            )


def _draw_snaps(surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
    """Pegs still snapping into the row being built, drawn live over their empty holes."""
    row = run.active_row
    if row is None:
        return
    d = layout.peg_diameter()
    for col, colour in enumerate(run.draft):
        track = run.snap_track(col)
        if track is None or colour is None:
            continue
        centre = layout.slot_rect(row, col).center
        start = run.drop_from.get(col)
        if start is not None:  # let go of a drag: it flies the rest of the way, overshoots and settles
            progress = track.progress
            centre = drop_position(start, centre, progress)
            size = max(4, round(d * drop_scale(progress)))
        else:  # placed by a click or a key: it grows into its slot
            size = max(4, round(d * (SNAP_START_SIZE + (1 - SNAP_START_SIZE) * track.value)))
        peg = art.pegs.peg(art.colours[colour], colour, size, art.symbols)
        surface.blit(peg, peg.get_rect(center=centre))


def _draw_clock(surface, layout: PlayLayout, run: BreakerRun, art: Art) -> None:
    """The game time from the record, drawn live over the still frame."""
    info = layout.item_rect("info")
    half = info.h // 2
    box = pygame.Rect(info.x, info.y + half, info.w, info.h - half)
    size = art.text.fit_size("Time 00:00", box.w, box.h, theme.type_px(layout.size, "body"))
    art.text.draw(surface, f"Time {run.record.time_text}", size, pal.TEXT_DIM, box.center)


def _draw_panel(surface, layout: PlayLayout, run: BreakerRun, art: Art, hot, turn: str | None = None) -> None:
    text = art.text
    info = layout.item_rect("info")
    half = info.h // 2
    text.draw_in(
        surface,
        turn if turn is not None else f"Turn {run.turn} of {run.config.turns}",
        pygame.Rect(info.x, info.y, info.w, half),
        pal.TEXT,
        theme.type_px(layout.size, "heading"),
    )
    problem = run.submit_problem()
    over = run.game.over
    for name in PANEL_BUTTONS:
        if layout.button_rect(name) is None:
            continue  # a mode without this button (a duel has no Solve, a match round no Hint)
        if name == "submit":
            enabled = problem is None
        elif name == "undo":
            enabled = run.can_undo
        else:
            enabled = not (over and name in ("clear", "reveal", "solve", "hint"))
        draw_button(
            surface,
            text,
            layout.button_rect(name),
            BUTTON_LABELS.get(name, name),
            enabled=enabled,
            hot=hot == Button(name),
            primary=name == "submit",
        )
    if over:
        return
    # The run's message is why the row as it stands was refused (the run forgets it once the row
    # changes): a mode's refusal of a row the rules accept (a lesson's, a duel's) included.
    nudge = run.nudge if problem is None and not run.message else None
    message = run.message or problem or "ready: Submit or Enter"
    if nudge is not None:
        variant = run.config.variant
        piece = variant.nouns.symbol if variant.symbols else "peg"  # "change a letter"
        message = f"{nudge}: change a {piece}, or Submit anyway"
    warn = run.message or (problem and not problem.startswith(("place", "type"))) or nudge
    box = layout.item_rect("message")
    size, lines = text.fit_wrapped(
        message[:1].upper() + message[1:], box.w, box.h, theme.type_px(layout.size, "label")
    )
    line_h = text.font(size).get_linesize()
    colour = pal.TEXT_WARN if warn else pal.TEXT_DIM
    for i, line in enumerate(lines):
        text.draw(surface, line, size, colour, (box.centerx, box.y + i * line_h), align="midtop")


def draw_focus(surface, rect: pygame.Rect | None) -> None:
    """The keys' and pads' focus on a palette colour or a button (None: it is on the row, where the
    cursor shows it)."""
    if rect is not None:
        ring = rect.inflate(FOCUS_RING_PAD_PX, FOCUS_RING_PAD_PX)
        pygame.draw.rect(surface, pal.SELECTION, ring, width=3, border_radius=max(4, ring.h // 5))
