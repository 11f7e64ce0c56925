"""The post-game analysis overlay: each of the player's rows next to the best play at that point.

Pushed by the result screen (its Analysis button or the A key). It pumps game.core.postgame's
analysis inside a frame budget (so a big game never stalls drawing) and then shows a table:

    row | your guess | codes possible before -> after | best guess | best leaves | on average: you / best

"best leaves" is the number of codes the best guess would have left for THIS secret (comparable with
the player's "after"); "on average" is the expected number left over every code still possible
(sum of squared class sizes / codes possible). The best guess is the optimal table's move while the
player followed it (game/tables.py loads the table), else the strongest heuristic's. The footer says
how many guesses optimal play needs for this secret from the start. Escape, Enter, A or Close pops.

Invariants: the analysis sees only the finished game (history and, once the game is over, the secret);
drawing only reads the pump's answer; all geometry comes from geometry(), used by drawing and clicks.
"""

from __future__ import annotations

import pygame

from game.core.codes import Code
from game.core.postgame import OPTIMAL_SOURCE, PostGame, RowReport, analyse_steps
from game.play.pump import Pump
from game.play.record import GameRecord
from game.states.base import Pop, State, Transition
from game.tables import cached_table
from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_button, draw_card, shade

ANALYSIS_BUDGET_MS = 6.0  # thinking time per frame, as the solving state gives its strategy
# Columns: (key, heading, share of the table width).
COLUMNS = (
    ("row", "Row", 0.07),
    ("guess", "Your guess", 0.22),
    ("left", "Possible", 0.17),
    ("best", "Best guess", 0.22),
    ("best_left", "Best leaves", 0.13),
    ("average", "Avg you / best", 0.19),
)
MAX_ROW_H_PX = 46
MIN_ROW_H_PX = 8  # long games in small windows: tiny rows rather than a table over the footer
TABLE_SHARE = 0.66  # at most this much of the space between title and Close goes to the table
SUMMARY_MAX_PX = 24  # font size caps for the sentences under the table
LEGEND_MAX_PX = 18
PEG_PITCH = 1.12  # peg spacing, in diameters
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_a)


def row_cells(report: RowReport) -> dict[str, str]:
    """The text cells of one row (the guess columns are drawn as pegs, their text is a fallback)."""
    cells = {
        "row": str(report.row + 1),
        "left": f"{report.possible_before} to {report.possible_after}",
        "best_left": "-" if report.best_left is None else str(report.best_left),
        "average": "-",
    }
    if report.guess_expected is not None and report.best_expected is not None:
        cells["average"] = f"{report.guess_expected:.1f} / {report.best_expected:.1f}"
    return cells


def source_label(source: str) -> str:
    return "the optimal table" if source == OPTIMAL_SOURCE else f"the {source} strategy"


LEGEND = (
    "Possible: codes that fit before and after your row. Best leaves: codes the best guess would have "
    "left for this secret. Avg: codes left on average over every code still possible."
)


def summary_lines(result: PostGame) -> list[str]:
    """The sentences under the table."""
    lines = []
    if result.optimal_guesses is not None:
        line = f"Optimal play needs {result.optimal_guesses} guesses for this code from the start"
        if result.optimal_source != OPTIMAL_SOURCE:
            line = f"The strongest strategy ({result.optimal_source}) needs {result.optimal_guesses} guesses"
        if result.won:
            extra = result.extra_guesses or 0
            verdict = "as many" if extra == 0 else f"{abs(extra)} {'more' if extra > 0 else 'fewer'}"
            line += f"; you took {result.player_guesses} ({verdict})."
        else:
            line += "."
        lines.append(line)
    sources = [r.best_source for r in result.rows if r.best_source]
    if sources:
        used = sorted(set(sources), key=sources.index)
        lines.append("Best guess from " + " then ".join(source_label(s) for s in used) + ".")
    if any(r.best_guess is None for r in result.rows):
        lines.append("This size is too large to weigh every guess: counts only.")
    return lines


class AnalysisOverlay(State):
    is_overlay = True

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game = game = record.game
        config = game.config
        table = cached_table(config.pegs, config.colours, config.duplicates)
        self.pump: Pump[PostGame] = Pump(analyse_steps(config, game.history, game.secret, table))
        self.mouse = (-1, -1)

    @property
    def result(self) -> PostGame | None:
        return self.pump.answer if self.pump.done else None

    def geometry(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """card, title, table, footer, close button."""
        size = self.app.surface.get_size()
        card = dialog_rect(size, 0.9, 0.9, 560, 380)
        m = margin_px(size)
        bh = button_height_px(size)
        close = button_row(card, ("close",), bh, m)["close"]
        inner = card.inflate(-4 * m, 0)
        title = pygame.Rect(inner.x, card.y + m, inner.w, round(bh * 0.9))
        body_top, body_bottom = title.bottom + m // 2, close.y - m // 2
        lines = len(self.game.rows) + 1  # the heading, then one line per row
        row_h = max(MIN_ROW_H_PX, min(MAX_ROW_H_PX, int((body_bottom - body_top) * TABLE_SHARE) // lines))
        table = pygame.Rect(inner.x, body_top, inner.w, row_h * lines)
        footer = pygame.Rect(inner.x, table.bottom + m // 2, inner.w, body_bottom - table.bottom - m // 2)
        return card, title, table, footer, close

    def column_rects(self, table: pygame.Rect, row_h: int, line: int) -> dict[str, pygame.Rect]:
        """The cell rects of table line `line` (0 is the heading)."""
        rects, x = {}, float(table.x)
        for key, _, share in COLUMNS:
            width = table.w * share
            rects[key] = pygame.Rect(round(x), table.y + line * row_h, round(width), row_h)
            x += width
        return rects

    def update(self, dt: float) -> Transition | State | None:
        self.pump.pump(ANALYSIS_BUDGET_MS)
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.geometry()[4].collidepoint(event.pos):
                return Pop(("analysis", True))
        elif event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            return Pop(("analysis", True))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        card, title, table, footer, close = self.geometry()
        draw_card(surface, card)
        text = self.app.text
        text.draw_in(surface, "Your game next to the best play", title, pal.TEXT, 34)
        result = self.result
        if result is None:
            progress = self.pump.progress
            note = f"Weighing row {progress.done + 1}..." if progress and progress.total else "Weighing..."
            text.draw_in(surface, note, table.inflate(0, -table.h // 2), pal.TEXT_DIM, 28)
        elif self.pump.error is not None:
            text.draw_in(surface, str(self.pump.error), table, pal.TEXT_WARN, 24)
        else:
            self._draw_table(surface, table, result)
            self._draw_footer(surface, footer, summary_lines(result))
        draw_button(surface, text, close, "Close", primary=True, hot=close.collidepoint(self.mouse))

    def _draw_footer(self, surface: pygame.Surface, footer: pygame.Rect, lines: list[str]) -> None:
        """The summary sentences, then the legend in what is left; a legend line that would not fit
        whole is left out rather than drawn over the Close button."""
        text = self.app.text
        line_h = max(MIN_ROW_H_PX, min(round(SUMMARY_MAX_PX * 1.3), footer.h // (len(lines) + 2)))
        for i, line in enumerate(lines):
            box = pygame.Rect(footer.x, footer.y + i * line_h, footer.w, round(line_h * 0.85))
            text.draw_in(surface, line, box, pal.TEXT if i == 0 else pal.TEXT_DIM, SUMMARY_MAX_PX)
        legend_top = footer.y + len(lines) * line_h
        size, legend_lines = text.fit_wrapped(LEGEND, footer.w, footer.bottom - legend_top, LEGEND_MAX_PX)
        legend_line_h = text.font(size).get_linesize()
        for i, line in enumerate(legend_lines):
            if legend_top + (i + 1) * legend_line_h > footer.bottom:
                break
            text.draw(
                surface, line, size, pal.TEXT_DIM, (footer.centerx, legend_top + i * legend_line_h), "midtop"
            )

    def _draw_table(self, surface: pygame.Surface, table: pygame.Rect, result: PostGame) -> None:
        text = self.app.text
        row_h = table.h // (len(result.rows) + 1)
        heading = self.column_rects(table, row_h, 0)
        heading_size = min(
            text.fit_size(label, heading[key].w * 0.95, row_h * 0.6) for key, label, _ in COLUMNS
        )
        for key, label, _ in COLUMNS:
            text.draw_in(surface, label, heading[key], pal.TEXT_DIM, heading_size)
        for report in result.rows:
            cells = self.column_rects(table, row_h, report.row + 1)
            if report.row % 2 == 0:
                band = pygame.Rect(table.x, cells["row"].y, table.w, row_h)
                pygame.draw.rect(surface, pal.BUTTON_DISABLED, band, border_radius=4)
            values = row_cells(report)
            for key in ("row", "left", "best_left", "average"):
                box = cells[key].inflate(-4, -round(row_h * 0.35))
                text.draw_in(surface, values[key], box, pal.TEXT, 26)
            self._draw_code(surface, cells["guess"], report.guess)
            if report.best_guess is not None:
                self._draw_code(surface, cells["best"], report.best_guess)

    def _draw_code(self, surface: pygame.Surface, cell: pygame.Rect, code: Code) -> None:
        colours = pal.palette(self.app.settings.palette)
        symbols = self.app.settings.symbols
        diameter = max(4, min(round(cell.h * 0.8), int(cell.w / (len(code) * PEG_PITCH + 0.2))))
        width = diameter * (PEG_PITCH * (len(code) - 1) + 1)
        x0 = cell.centerx - width / 2
        y = cell.centery - diameter / 2
        for i, colour in enumerate(code):
            peg = self.app.pegs.peg(colours[colour % len(colours)], colour, diameter, symbols)
            surface.blit(peg, (round(x0 + i * diameter * PEG_PITCH), round(y)))
