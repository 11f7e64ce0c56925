"""The post-game analysis overlay: each of the player's rows next to the best play at that point.

Pushed by the result screen (its Analysis button or the A key). It pumps game.core.postgame's
analysis inside a frame budget (so a big game never stalls drawing) and then shows a table:

    row | your guess | codes possible before -> after | best guess | guesses to finish: you / best

"Guesses to finish" (game/core/tofinish.py) is how many guesses, on average over the codes still
possible, the guess and good play after it need, the guess counted: exact where few codes are left
(every way to play weighed) or the optimal table covers the position, else an estimate marked "~"
and only then (both guesses by the same measure), so the best
guess never looks worse than the player's; when the player's own guess was as good, it is the best.
The footer says how many guesses optimal play needs for this secret from the start, where the best
guesses came from, and what the figures mean. Escape, Enter, A or Close pops. A long game in a small
window shows the rows that fit (at ANALYSIS_MIN_ROW_H_PX) under a title that says which ones, with a
scroll bar; the mouse wheel, Up/Down and Page Up/Page Down move through them.

Invariants: the analysis sees only the finished game (history and, once the game is over, the secret);
drawing only reads the pump's answer; all geometry comes from layout() (AnalysisLayout in
game/ui/layout_dialogs.py), used by drawing and clicks; the card is as tall as its table and
footer need (at most the window), the footer at a readable size.
"""

from __future__ import annotations

import pygame

from game.core.codes import Code
from game.core.postgame import OPTIMAL_SOURCE, YOURS_SOURCE, PostGame, RowReport, analyse_steps
from game.core.tofinish import EXACT_CODES, FULL_TREE_CODES
from game.core.variants.base import Nouns
from game.play.pump import Pump
from game.play.record import GameRecord
from game.screens.base import Pop, State, Transition
from game.tables import table_for
from game.ui import palette as pal
from game.ui.layout_dialogs import AnalysisLayout
from game.ui.widgets import draw_button, draw_card, shade

ANALYSIS_BUDGET_MS = 8.0  # thinking time per frame (drawing this overlay takes little of a frame)
# Columns: (key, heading, share of the table width).
COLUMNS = (
    ("row", "Row", 0.06),
    ("guess", "Your guess", 0.24),
    ("left", "Possible", 0.17),
    ("best", "Best guess", 0.24),
    ("finish", "To finish: you / best", 0.29),
)
# A size too large to weigh guesses has no best guesses and no figures to finish: its counts get the room.
COUNTS_ONLY_COLUMNS = (("row", "Row", 0.1), ("guess", "Your guess", 0.45), ("left", "Possible", 0.45))
SUMMARY_PX = (0.036, 18, 34)  # the sentences under the table: share of the window height, min, max
LEGEND_PX = (0.032, 17, 30)  # the footnote, a little smaller, still readable
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_a)
# rows scrolled by a key when the table shows only some of the rows (None: a page)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: None, pygame.K_PAGEDOWN: None}


def finish_text(value: float | None, exact: bool) -> str:
    """A guesses-to-finish figure: "4.34" when exact, "~4.43" when estimated, "-" when unknown."""
    if value is None:
        return "-"
    return f"{value:.2f}" if exact else f"~{value:.2f}"


def row_cells(report: RowReport) -> dict[str, str]:
    """The text cells of one row (the guess columns are drawn as pegs, their text is a fallback)."""
    cells = {
        "row": str(report.row + 1),
        "left": f"{report.possible_before:,} to {report.possible_after:,}",
        "finish": "-",
    }
    if report.guess_to_finish is not None and report.best_to_finish is not None:
        you = finish_text(report.guess_to_finish, report.guess_exact)
        best = finish_text(report.best_to_finish, report.best_exact)
        cells["finish"] = f"{you} / {best}"
    return cells


def source_label(source: str) -> str:
    if source == YOURS_SOURCE:
        return "your own guess"
    return "the optimal table" if source == OPTIMAL_SOURCE else f"the {source} strategy"

COLOUR_NOUNS = Nouns()  # a game of colours' words for its codes

def legend(nouns: Nouns = COLOUR_NOUNS) -> str:
    """The table's footnote in the game's words ("words that fit" in a word game)."""
    codes = nouns.codes
    return (
        f"Possible: {codes} that fit before and after your row. To finish: guesses needed on average over "
        f"the {codes} still possible, the guess itself included, with the best play after it: exact with "
        f"up to {EXACT_CODES} {codes} left or from the optimal table; ~ marks an estimate by the same "
        f"measure for both (the guess, then each time the guess leaving fewest {codes} on average; on a "
        f"sample above {FULL_TREE_CODES:,} {codes})."
    )


LEGEND = legend()


NO_ROWS_NOTE = "No row was played, so there is nothing to compare."


def summary_lines(result: PostGame, computer_rows: int = 0, nouns: Nouns = COLOUR_NOUNS) -> list[str]:
    """The sentences under the table; `computer_rows` of the game's rows were the computer's (Solve,
    watching it, hand grading), so the game's length is not the player's alone; `nouns` what the
    game's codes are called."""
    lines = []
    if result.optimal_guesses is not None:
        line = f"Optimal play needs {result.optimal_guesses} guesses for this {nouns.code} from the start"
        if result.optimal_source != OPTIMAL_SOURCE:
            line = f"The strongest strategy ({result.optimal_source}) needs {result.optimal_guesses} guesses"
        if result.won:
            extra = result.extra_guesses or 0
            verdict = "as many" if extra == 0 else f"{abs(extra)} {'more' if extra > 0 else 'fewer'}"
            who = "you took" if not computer_rows else "the game took"
            line += f"; {who} {result.player_guesses} ({verdict})."
        else:
            line += "."
        lines.append(line)
    dead = next((r.row for r in result.rows if r.possible_before == 0), None)
    if dead is not None:  # only grades given by hand can contradict each other
        none = nouns.none_fit()
        lines.append(f"From row {dead + 1} {none} fits the grades given: those rows have nothing to weigh.")
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
        table = table_for(config)
        self.pump: Pump[PostGame] = Pump(analyse_steps(config, game.history, game.secret, table))
        self.mouse = (-1, -1)
        self.first = 0  # the first row shown, when the window shows only some of them

    @property
    def result(self) -> PostGame | None:
        return self.pump.answer if self.pump.done else None

    def layout(self) -> AnalysisLayout:
        """Card, title, table, footer and Close (game/ui/layout_dialogs.py), as tall as the content."""
        lines = self.game.config.variant.shape[0]
        return AnalysisLayout(self.app.surface.get_size(), len(self.game.rows), self._footer_height, lines)

    def _footer_lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
        """(line, size px, colour) of the footer: the summary sentences, then the legend, wrapped."""
        text = self.app.text
        result = self.result
        summary = []
        if result is not None and self.pump.error is None:
            summary = summary_lines(result, self.record.computer_rows, self.game.config.variant.nouns)
        height = self.app.surface.get_height()
        summary_px, legend_px = (
            round(max(low, min(high, height * frac))) for frac, low, high in (SUMMARY_PX, LEGEND_PX)
        )
        out = []
        for i, sentence in enumerate(summary):
            for line in text.wrap(sentence, summary_px, width):
                out.append((line, summary_px, pal.TEXT if i == 0 else pal.TEXT_DIM))
        counts_only = result is not None and all(r.best_guess is None for r in result.rows)
        full = legend(self.game.config.variant.nouns)
        legend_text = full.split(". ")[0] + "." if counts_only else full  # no "To finish" column to explain
        if result is not None and not result.rows:
            legend_text = ""  # no table, nothing to explain
        for line in text.wrap(legend_text, legend_px, width) if legend_text else ():
            out.append((line, legend_px, pal.TEXT_DIM))
        return out

    def _footer_height(self, width: int) -> int:
        text = self.app.text
        return sum(text.font(px).get_linesize() for _, px, _ in self._footer_lines(width))

    def update(self, dt: float) -> Transition | State | None:
        self.pump.pump(ANALYSIS_BUDGET_MS)
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.layout().close.collidepoint(event.pos):
                return Pop(("analysis", True))
        elif event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            return Pop(("analysis", True))
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            step = SCROLL_KEYS[event.key]
            page = self.layout().visible
            self.scroll(step if step is not None else page * (-1 if event.key == pygame.K_PAGEUP else 1))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        return None

    def scroll(self, rows: int) -> None:
        """Move the shown rows by `rows` (down is positive), within the game's rows."""
        last_first = max(0, len(self.game.rows) - self.layout().visible)
        self.first = max(0, min(last_first, self.first + rows))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        title, table, footer, close = layout.title, layout.table, layout.footer, layout.close
        draw_card(surface, layout.card)
        text = self.app.text
        heading = "Your game next to the best play"
        if layout.visible < len(self.game.rows):
            last = min(len(self.game.rows), self.first + layout.visible)
            heading += f" (rows {self.first + 1}-{last} of {len(self.game.rows)}: scroll)"
        text.draw_in(surface, heading, title, pal.TEXT, text.grown(34))
        result = self.result
        if result is None:
            progress = self.pump.progress
            rows = len(self.game.rows)  # the analysis counts in the game's rows (postgame.analyse_steps)
            note = f"Weighing row {progress.done + 1} of {rows}..." if progress else "Weighing..."
            text.draw_in(surface, note, table.inflate(0, -table.h // 2), pal.TEXT_DIM, text.grown(28))
        elif self.pump.error is not None:
            text.draw_in(surface, str(self.pump.error), table, pal.TEXT_WARN, text.grown(24))
        elif not result.rows:  # revealed before any row: what optimal play needs is still worth saying
            text.draw_in(surface, NO_ROWS_NOTE, table, pal.TEXT, text.grown(28))
            self._draw_footer(surface, footer)
        else:
            self._draw_table(surface, layout, result)
            self._draw_footer(surface, footer)
        draw_button(surface, text, close, "Close", primary=True, hot=close.collidepoint(self.mouse))

    def _draw_footer(self, surface: pygame.Surface, footer: pygame.Rect) -> None:
        """The summary sentences, then the legend; a line that would not fit whole is left out
        rather than drawn over the Close button (only when the window is too small for the card)."""
        text = self.app.text
        y = footer.y
        for line, px, colour in self._footer_lines(footer.w):
            line_h = text.font(px).get_linesize()
            if y + line_h > footer.bottom + 2:
                break
            text.draw(surface, line, px, colour, (footer.x, y), "topleft")
            y += line_h

    def _draw_table(self, surface: pygame.Surface, layout: AnalysisLayout, result: PostGame) -> None:
        text = self.app.text
        table = layout.table
        row_h = layout.row_h
        columns = COLUMNS if any(r.best_guess is not None for r in result.rows) else COUNTS_ONLY_COLUMNS
        shares = [(key, share) for key, _, share in columns]
        heading = layout.cells(shares, 0, row_h)
        heading_size = min(
            text.fit_size(label, heading[key].w * 0.95, row_h * 0.6) for key, label, _ in columns
        )
        for key, label, _ in columns:
            text.draw_in(surface, label, heading[key], pal.TEXT_DIM, heading_size)
        numbers = tuple(key for key in ("row", "left", "finish") if key in heading)
        values = [row_cells(report) for report in result.rows]
        box_h = row_h - round(row_h * 0.35)
        # one size for every figure of the table, the largest at which each fits its column
        cell_px = min(
            text.fit_size(v[key], heading[key].w - 4, box_h, text.grown(26))
            for v in values
            for key in numbers
        )
        shown = range(self.first, min(len(result.rows), self.first + layout.visible))
        for line, index in enumerate(shown, start=1):
            report, value = result.rows[index], values[index]
            cells = layout.cells(shares, line, row_h)
            if report.row % 2 == 0:
                band = pygame.Rect(table.x, cells["row"].y, table.w, row_h)
                pygame.draw.rect(surface, pal.BUTTON_DISABLED, band, border_radius=4)
            for key in numbers:
                text.draw(surface, value[key], cell_px, pal.TEXT, cells[key].center)
            self._draw_code(surface, cells["guess"], report.guess)
            if report.best_guess is not None and "best" in cells:
                self._draw_code(surface, cells["best"], report.best_guess)
        if layout.visible < len(result.rows):
            self._draw_scroll_bar(surface, layout.scroll_track, len(result.rows), layout.visible)

    def _draw_scroll_bar(self, surface: pygame.Surface, track: pygame.Rect, rows: int, visible: int) -> None:
        """Where the shown rows sit among all of them (the wheel and the arrow keys move them)."""
        pygame.draw.rect(surface, pal.BUTTON_DISABLED, track, border_radius=track.w // 2)
        top = track.y + round(track.h * self.first / rows)
        thumb = pygame.Rect(track.x, top, track.w, max(track.w, round(track.h * visible / rows)))
        pygame.draw.rect(surface, pal.TEXT_DIM, thumb, border_radius=track.w // 2)

    def _draw_code(self, surface: pygame.Surface, cell: pygame.Rect, code: Code) -> None:
        settings = self.app.settings
        colours = pal.palette(settings.palette)
        self.app.pegs.draw_code(
            surface, cell, code, colours, settings.symbols, self.game.config.variant.shape
        )
