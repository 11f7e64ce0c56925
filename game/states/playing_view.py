"""How the playing screen is drawn: the drawing half of PlayingState, kept apart to keep files small.

PlayingDrawing is a mixin that PlayingState inherits; its methods only read the state's fields
(game, draft, cursor, selected, drag, grading, snaps, finish_timer, message, elapsed_s) and write
nothing but view caches (`view`, a BoardView, and `frame`, a FrameCache). Idle frames cost one
blit: everything still is drawn into the frame cache only when `_frame_key()` changes; the clock,
snapping pegs, grading pegs popping in, the win pulse and the dragged peg (last) go on top live.
"""

from __future__ import annotations

import pygame

from game.core.state import Outcome
from game.ui import palette as pal
from game.ui.board import config_title, draw_grade_pegs, draw_palette, draw_top_bar
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
    "help": "Help",
    "menu": "Menu",
}


class PlayingDrawing:
    """Drawing methods of PlayingState (see the module docstring)."""

    def colours(self) -> tuple[pal.RGB, ...]:
        return pal.palette(self.app.settings.get("palette", "safe"))

    def _frame_key(self, layout: PlayLayout, hit) -> tuple:
        """Everything the still image of the screen depends on."""
        settings = self.app.settings
        dragging = self.drag.col if (self.drag is not None and self.drag.moved) else None
        return (
            id(layout),
            self.game.rows,
            self.game.outcome,
            tuple(self.draft),
            self.cursor,
            self.selected,
            hit,
            self.message,
            self.grading is None,
            tuple(sorted(self.snaps)),
            dragging,
            settings.get("palette"),
            settings.get("symbols"),
            self.can_solve,
            self.can_hint,
            bool(self.draft_undo),
        )

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        hit = layout.hit_test(self.mouse)
        if isinstance(hit, PaletteItem | Button):
            hot = hit
        else:
            hot = None
        self.frame.blit(
            surface, self._frame_key(layout, hot), lambda image: self._draw_still(image, layout, hot)
        )
        self._draw_clock(surface, layout)
        self._draw_snaps(surface, layout)
        if self.grading is not None:
            self._draw_grading(surface, layout)
        if self.finish_timer is not None and self.game.outcome is Outcome.WON:
            self._draw_win_flash(surface, layout)
        if self.drag is not None and self.drag.moved:
            target = layout.hit_test(self.drag.pos)
            if isinstance(target, Slot) and target.row == self.active_row:  # where the peg will land
                cell = layout.slot_rect(target.row, target.col)
                pygame.draw.circle(surface, pal.SELECTION, cell.center, layout.peg_diameter() / 2 + 3, 2)
            d = layout.peg_diameter()
            colours = self.colours()
            symbols = bool(self.app.settings.get("symbols", True))
            peg = self.app.pegs.peg(colours[self.drag.colour], self.drag.colour, round(d * 1.1), symbols)
            surface.blit(peg, peg.get_rect(center=self.drag.pos))

    def _draw_still(self, surface: pygame.Surface, layout: PlayLayout, hit) -> None:
        """Everything but the moving parts (grading pegs popping in, the win pulse, the dragged peg)."""
        app = self.app
        colours = self.colours()
        symbols = bool(app.settings.get("symbols", True))
        surface.fill(pal.BACKGROUND)
        draw_top_bar(surface, layout, app.text, config_title(self.config))
        hot_colour = hit.colour if isinstance(hit, PaletteItem) else None
        draw_palette(surface, layout, app.pegs, app.text, colours, symbols, self.selected, hot_colour)
        graded = len(self.game.rows) - (1 if self.grading is not None else 0)
        self.view.draw(
            surface,
            layout,
            self.game,
            app.pegs,
            app.text,
            colours,
            symbols,
            graded_rows=graded,
            active_row=self.active_row,
        )
        self._draw_draft(surface, layout, colours, symbols)
        self._draw_panel(surface, layout, hit)

    def _draw_grading(self, surface, layout: PlayLayout) -> None:
        row = self.grading.row
        draw_grade_pegs(surface, layout, row, None, self.app.pegs)
        fb = self.grading.feedback
        kd = layout.grade_peg_rect(row, 0).w
        for i, tween in enumerate(self.grading.tweens):
            if not tween.started:
                break
            size = max(2, round(kd * tween.value))
            image = self.app.pegs.key(i < fb.black, size)
            surface.blit(image, image.get_rect(center=layout.grade_peg_rect(row, i).center))

    def _draw_win_flash(self, surface, layout: PlayLayout) -> None:
        # a gentle pulse of the winning row's outline (never a full-screen flash)
        t = self.finish_timer.raw
        row_rect = layout.row_rect(len(self.game.rows) - 1).inflate(8, 6)
        width = 2 + round(3 * (1 - abs(2 * ((t * 3) % 1) - 1)))
        if self.app.settings.get("reduced_motion"):
            width = 4  # reduced motion: a steady outline, no pulsing (issue 5)
        pygame.draw.rect(surface, pal.ACTIVE_EDGE, row_rect, width=width, border_radius=6)

    def _draw_draft(self, surface, layout: PlayLayout, colours, symbols: bool) -> None:
        row = self.active_row
        if row is None:
            return
        d = layout.peg_diameter()
        art = self.app.pegs
        hole = art.hole(round(d * 0.5))
        dragging_from = (
            self.drag.col
            if (self.drag is not None and self.drag.moved and self.drag.source == "draft")
            else None
        )
        for col, colour in enumerate(self.draft):
            cell = layout.slot_rect(row, col)
            if colour is None or col == dragging_from or col in self.snaps:
                surface.blit(hole, hole.get_rect(center=cell.center))
            else:
                peg = art.peg(colours[colour], colour, d, symbols)
                surface.blit(peg, peg.get_rect(center=cell.center))
            if col == self.cursor:
                pygame.draw.rect(
                    surface, pal.SELECTION, cell.inflate(-2, -2), width=2, border_radius=max(3, cell.w // 6)
                )

    def _draw_snaps(self, surface, layout: PlayLayout) -> None:
        """Pegs still snapping into the row being built, drawn live over their empty holes."""
        row = self.active_row
        if row is None or not self.snaps:
            return
        colours = self.colours()
        symbols = bool(self.app.settings.get("symbols", True))
        d = layout.peg_diameter()
        for col, tween in self.snaps.items():
            colour = self.draft[col]
            if colour is None:
                continue
            size = max(4, round(d * (0.6 + 0.4 * tween.value)))
            peg = self.app.pegs.peg(colours[colour], colour, size, symbols)
            surface.blit(peg, peg.get_rect(center=layout.slot_rect(row, col).center))

    def _draw_clock(self, surface, layout: PlayLayout) -> None:
        """The game time, drawn live over the still frame (so the frame is not redrawn every second)."""
        info = layout.item_rect("info")
        half = info.h // 2
        box = pygame.Rect(info.x, info.y + half, info.w, info.h - half)
        size = self.app.text.fit_size("Time 00:00", box.w, box.h, 28)
        minutes, seconds = divmod(int(self.elapsed_s), 60)
        self.app.text.draw(surface, f"Time {minutes}:{seconds:02d}", size, pal.TEXT_DIM, box.center)

    def _draw_panel(self, surface, layout: PlayLayout, hit) -> None:
        text = self.app.text
        info = layout.item_rect("info")
        turn = min(self.game.turn + 1, self.config.turns)
        half = info.h // 2
        text.draw_in(
            surface,
            f"Turn {turn} of {self.config.turns}",
            pygame.Rect(info.x, info.y, info.w, half),
            pal.TEXT,
            34,
        )
        problem = self.submit_problem()
        for name in layout.buttons:
            rect = layout.button_rect(name)
            enabled = (
                problem is None
                if name == "submit"
                else bool(self.draft_undo) and not self.game.over
                if name == "undo"
                else not (self.game.over and name in ("clear", "reveal", "solve", "hint"))
            )
            hot = hit == Button(name)
            draw_button(
                surface,
                text,
                rect,
                BUTTON_LABELS.get(name, name),
                enabled=enabled,
                hot=hot,
                primary=name == "submit",
            )
        message = (
            self.message if self.message and problem is not None else (problem or "ready: Submit or Enter")
        )
        colour = (
            pal.TEXT_WARN if (problem and not problem.startswith("place")) or self.message else pal.TEXT_DIM
        )
        if self.game.over:
            message, colour = "", pal.TEXT_DIM
        box = layout.item_rect("message")
        size, lines = text.fit_wrapped(message[:1].upper() + message[1:], box.w, box.h, 24)
        line_h = text.font(size).get_linesize()
        for i, line in enumerate(lines):
            text.draw(surface, line, size, colour, (box.centerx, box.y + i * line_h), align="midtop")
