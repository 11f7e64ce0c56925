"""The statistics screen: per difficulty, games, wins, streaks, best score and time, and a bar chart
of guesses needed.

An overlay (drawn over the menu) that reads the statistics once when it opens, from the store
(app.store.load_stats(); an app without a store shows empty statistics). It never writes: a
record can only change by playing. Tabs: each mode's (game/modes/registry.py, StatsTab), in the
registry's order: the presets, Custom, Grid, Daily, Blitz, Duel, Matches (two players); a tab
with figures of its own (Daily, Blitz, Matches) shows them instead of the games and the chart.
Left/Right, Tab, the digit keys or the mouse pick one; Esc, Backspace, Enter or Back closes it.
"""

from __future__ import annotations

import pygame

from game.core.config import PRESETS
from game.core.records import CUSTOM_KEY, DifficultyStats
from game.modes.registry import modes
from game.screens.base import Pop, State, Transition
from game.ui import palette as pal
from game.ui.layout_screens import StatsLayout
from game.ui.widgets import draw_button, draw_tabbed_card

CUSTOM_CHART_GUESSES = 10  # bars shown for Custom until a longer game has been won


def format_time(seconds: float | None) -> str:
    """72.4 -> "1:12"; None -> "-"."""
    if seconds is None:
        return "-"
    whole = int(round(seconds))
    minutes, secs = divmod(whole, 60)
    if minutes >= 60:
        hours, minutes = divmod(minutes, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def chart_length(key: str, stats: DifficultyStats) -> int:
    """How many bars: the bucket's turn limit, or more if the histogram needs it."""
    longest = max(stats.guesses_needed, default=0)
    for p in PRESETS:
        if p.name == key:
            return max(p.config().turns, longest)
    return max(CUSTOM_CHART_GUESSES, longest)


def figures(stats: DifficultyStats) -> list[tuple[str, str]]:
    """The (label, value) lines shown left of the chart."""
    rate = f" ({round(100 * stats.win_rate)}%)" if stats.games else ""
    return [
        ("Games", f"{stats.games:,}"),
        ("Wins", f"{stats.wins:,}{rate}"),
        ("Current streak", f"{stats.current_streak:,}"),
        ("Best streak", f"{stats.best_streak:,}"),
        ("Best score", f"{stats.best_score:,}" if stats.best_score else "-"),
        ("Best time", format_time(stats.best_time_s)),
    ]


class StatsState(State):
    """Statistics per difficulty (an overlay over the menu)."""

    is_overlay = True

    def __init__(self, selected: str | None = None) -> None:
        self.tabs = tuple(tab for mode in modes() for tab in mode.stats_tabs)
        self.keys = tuple(tab.key for tab in self.tabs)
        self.labels = {tab.key: tab.label for tab in self.tabs if tab.label is not None}
        self.selected = self.keys.index(selected) if selected in self.keys else None
        self.book: dict[str, DifficultyStats] = {}
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        store = getattr(app, "store", None)
        self.book = store.load_stats() if store is not None else {}
        self.mode_figures = {tab.key: tab.figures(app) for tab in self.tabs if tab.figures is not None}
        if self.selected is None:
            last = app.settings.last_difficulty
            self.selected = self.keys.index(last) if last in self.keys else self.keys.index("Classic")

    @property
    def key(self) -> str:
        return self.keys[self.selected or 0]

    def stats(self, key: str | None = None) -> DifficultyStats:
        return self.book.get(key or self.key, DifficultyStats())

    def layout(self) -> StatsLayout:
        return StatsLayout(self.app.surface.get_size(), len(self.keys))

    def _select(self, index: int) -> None:
        if index != self.selected:
            self.selected = index % len(self.keys)
            self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "back":
                return Pop()
            if isinstance(hit, int):
                self._select(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                return Pop()
            if event.key in (pygame.K_RIGHT, pygame.K_TAB):
                self._select((self.selected or 0) + 1)
            elif event.key == pygame.K_LEFT:
                self._select((self.selected or 0) - 1)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.keys):
                self._select(event.key - pygame.K_1)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        text = self.app.text
        labels = []
        for key in self.keys:
            played = self.stats(key).games
            label = {CUSTOM_KEY: "Custom", **self.labels}.get(key, key)
            labels.append(f"{label} ({played})" if played else label)
        draw_tabbed_card(surface, text, layout, "Statistics", labels, self.selected, self.mouse)
        stats = self.stats()
        rows, note = self.mode_figures.get(self.key, (figures(stats), ""))
        for (label_rect, value_rect), (label, value) in zip(layout.figure_rows(len(rows)), rows, strict=True):
            text.draw_in(
                surface,
                label,
                label_rect.inflate(0, -label_rect.h // 3),
                pal.TEXT_DIM,
                text.grown(30),
                align="midleft",
            )
            text.draw_in(
                surface,
                value,
                value_rect.inflate(0, -value_rect.h // 3),
                pal.TEXT,
                text.grown(34),
                align="midright",
            )
        if note:
            chart = layout.chart_rect
            size, lines = text.fit_wrapped(note, chart.w * 0.9, chart.h * 0.4, text.grown(30))
            for i, line in enumerate(lines):
                y = chart.y + chart.h * 0.3 + i * text.font(size).get_linesize()
                text.draw(surface, line, size, pal.TEXT_DIM, (chart.centerx, y), align="midtop")
        else:
            self._draw_chart(surface, layout, stats)
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Back", primary=True, hot=back.collidepoint(self.mouse))

    def _draw_chart(self, surface: pygame.Surface, layout: StatsLayout, stats: DifficultyStats) -> None:
        text = self.app.text
        title = layout.chart_title_rect
        text.draw_in(
            surface,
            "Guesses needed (wins without help)",
            title.inflate(0, -title.h // 3),
            pal.TEXT_DIM,
            text.grown(28),
        )
        count = chart_length(self.key, stats)
        slots, labels, plot = layout.bars(count)
        tallest = max(stats.guesses_needed.values(), default=0)
        pygame.draw.line(surface, pal.BOARD_EDGE, plot.bottomleft, plot.bottomright, 2)
        label_px = text.at_least(min(28, labels[0].h - 4)) if labels else text.floor()
        for guesses, (slot, label) in enumerate(zip(slots, labels, strict=True), start=1):
            wins = stats.guesses_needed.get(guesses, 0)
            if wins and tallest:
                h = max(3, round(slot.h * wins / tallest))
                bar = pygame.Rect(slot.x, slot.bottom - h, slot.w, h)
                pygame.draw.rect(surface, pal.BAR, bar, border_radius=max(2, slot.w // 8))
                text.draw(
                    surface, f"{wins:,}", label_px, pal.TEXT, (bar.centerx, bar.top - 2), align="midbottom"
                )
            else:
                pygame.draw.rect(surface, pal.BAR_EMPTY, pygame.Rect(slot.x, slot.bottom - 3, slot.w, 3))
            text.draw(surface, str(guesses), label_px, pal.TEXT_DIM, label.center)
        if not tallest:
            text.draw_in(
                surface,
                "No wins yet: play one!",
                plot.inflate(-plot.w // 5, -plot.h // 2),
                pal.TEXT_DIM,
                text.grown(30),
            )
