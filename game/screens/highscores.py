"""Arcade high scores: three initials after a qualifying game, and the tables screen from the menu.

InitialsOverlay(mode, score, date) is pushed over an end screen when `score` makes `mode`'s top
ten (game/core/highscores.py). The letters start as the initials the table already shows the score
under (the last entered, else Store.last_initials: the latest in any table, else DEFAULT_INITIALS),
so Enter alone signs with what is shown; they are an
InitialsEditor value: Up/Down change the
highlighted letter, Left/Right move the highlight, typing a letter sets it and moves on, Backspace
steps back, and the mouse clicks a letter, its arrows or OK; Enter or OK stores the entry through
the store (app.store.add_high_score: the score, entered the moment its game was decided under the
last initials used, is signed with these) and shows the table with the new line lit and a Continue
button (any key or click continues); Escape leaves it under the initials it was entered with. It
pops HighScoreEntered(mode, rank).

HighScoresState (an overlay over the menu) shows one table per mode, the registry's tables in order:
tabs, Left/Right, Tab or 1-5 pick one; Escape, Enter, Backspace or Back closes it. Both read the
tables from the store when they open and never write anything else.
"""

from __future__ import annotations

import pygame

from game.core.highscores import DEFAULT_INITIALS, HighScore, HighScoreTable, InitialsEditor, empty_book
from game.modes.registry import high_score_tables
from game.screens.base import Pop, State, Transition
from game.screens.outcomes import HighScoreEntered
from game.ui import palette as pal
from game.ui.highscores_view import InitialsLayout, draw_initials, draw_table
from game.ui.layout_screens import StatsLayout
from game.ui.widgets import draw_button, draw_card, draw_tabbed_card, shade

CONTINUE = "Continue"  # the button under the table once the initials are stored


class InitialsOverlay(State):
    """Three initials for a new high score, then the table with it (see the module docstring)."""

    is_overlay = True

    def __init__(self, mode: str, score: int, date: str) -> None:
        self.mode = mode
        self.score = score
        self.date = date
        self.editor = InitialsEditor()
        self.mouse = (-1, -1)
        self.table = HighScoreTable()
        self.rank: int | None = None
        self.place: int | None = None  # the place the headline names (read as the overlay enters)
        self.stored = False  # after OK: the table is shown with the new line

    def enter(self, app) -> None:
        super().enter(app)
        store = app.store
        self.table = store.load_high_scores()[self.mode] if store is not None else HighScoreTable()
        # the score is in the table already (entered the moment its game was decided): its place is
        # that line's, not the place one more equal score would take
        entered = store.entered_rank(self.mode, self.score) if store is not None else None
        self.place = entered if entered is not None else self.table.rank_for(self.score)
        if self.editor == InitialsEditor():  # the initials the table shows the score under already
            start = app.settings.last_initials or (store.last_initials() if store is not None else None)
            self.editor = InitialsEditor(start or DEFAULT_INITIALS)

    def layout(self) -> InitialsLayout:
        return InitialsLayout(self.app.surface.get_size())

    def confirm(self) -> None:
        entry = HighScore(self.editor.initials, self.score, self.date)
        store = self.app.store
        if store is not None:
            self.rank = store.add_high_score(self.mode, entry)
            self.table = store.load_high_scores()[self.mode]
        else:
            self.table, self.rank = self.table.insert(entry)
        self.app.session.change_settings(last_initials=self.editor.initials)
        self.stored = True
        self.app.sound.play("win" if self.rank == 1 else "click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if self.stored:
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
            elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                return Pop(HighScoreEntered(self.mode, self.rank))
            return None
        editor = self.editor
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit is not None:
                name, i = hit
                if name == "ok":
                    self.confirm()
                    return None
                editor = editor.select(i)
                editor = editor.up() if name == "up" else editor.down() if name == "down" else editor
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return None
            if key == pygame.K_ESCAPE:
                return Pop(HighScoreEntered(self.mode, None))
            moves = {
                pygame.K_UP: editor.up,
                pygame.K_DOWN: editor.down,
                pygame.K_LEFT: editor.left,
                pygame.K_RIGHT: editor.right,
                pygame.K_BACKSPACE: editor.backspace,
            }
            change = moves.get(key)
            editor = change() if change is not None else editor.type_letter(getattr(event, "unicode", ""))
        if editor != self.editor:
            self.editor = editor
            self.app.sound.play("place")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        text = self.app.text
        draw_card(surface, layout.card)
        if self.stored:
            title = f"{self.mode} high scores" + (f" · you are number {self.rank}" if self.rank else "")
            text.draw_in(surface, title, layout.title, pal.SELECTION, text.grown(44))
            body = pygame.Rect(
                layout.title.x, layout.score.y, layout.title.w, layout.ok.bottom - layout.score.y
            )
            body.h = layout.help.y - body.y  # the way out stays in sight under the table
            draw_table(surface, text, body, self.table, self.rank)
            words = "Any key or click continues"
            text.draw_in(surface, words, layout.help, pal.TEXT_DIM, text.grown(24))
            draw_button(
                surface, text, layout.ok, CONTINUE, primary=True, hot=layout.ok.collidepoint(self.mouse)
            )
            return
        text.draw_in(
            surface,
            f"New high score! Number {self.place} in {self.mode}",
            layout.title,
            pal.SELECTION,
            text.grown(44),
        )
        text.draw_in(
            surface, f"{self.score:,} points · enter your initials", layout.score, pal.TEXT, text.grown(32)
        )
        draw_initials(surface, text, layout, self.editor.initials, self.editor.position, self.mouse)
        text.draw_in(
            surface,
            "Type letters, or Up/Down and Left/Right, or click · Enter saves · Esc skips",
            layout.help,
            pal.TEXT_DIM,
            text.grown(24),
        )


class HighScoresState(State):
    """The top ten of every mode, one tab each (an overlay over the menu)."""

    is_overlay = True

    def __init__(self, mode: str | None = None) -> None:
        self.tables = high_score_tables()
        self.selected = self.tables.index(mode) if mode in self.tables else 0
        self.book = empty_book(self.tables)
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        if app.store is not None:
            self.book = app.store.load_high_scores()

    @property
    def mode(self) -> str:
        return self.tables[self.selected]

    def layout(self) -> StatsLayout:
        return StatsLayout(self.app.surface.get_size(), len(self.tables))

    def _select(self, index: int) -> None:
        index %= len(self.tables)
        if index != self.selected:
            self.selected = index
            self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            layout = self.layout()
            if layout.buttons["back"].collidepoint(event.pos):
                return Pop()
            for i, rect in enumerate(layout.tabs):
                if rect.collidepoint(event.pos):
                    self._select(i)
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                return Pop()
            if key in (pygame.K_RIGHT, pygame.K_TAB):
                self._select(self.selected + 1)
            elif key == pygame.K_LEFT:
                self._select(self.selected - 1)
            elif pygame.K_1 <= key < pygame.K_1 + len(self.tables):
                self._select(key - pygame.K_1)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        text = self.app.text
        modes = list(self.tables)
        draw_tabbed_card(surface, text, layout, "High scores", modes, self.selected, self.mouse)
        body = layout.figures_rect.union(layout.chart_rect)
        body = body.inflate(-body.w // 8, -body.h // 12)
        draw_table(surface, text, body, self.book[self.mode])
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Back", primary=True, hot=back.collidepoint(self.mouse))
