"""Blitz: crack as many Classic codes as you can in three minutes (rules in game/core/blitz.py).

BlitzMode is composed into the playing screen (game/states/modes.py), which stays the one place a
person breaks a code: the mode holds the BlitzSession (a value), gives each code its secret, hides
New game, Solve and Hint (their keys do nothing), draws the clock box at the top of the panel and
the title "Blitz · code N". Each frame it first counts a code that has just ended (cracked: its
points and 15 s; not cracked or revealed: nothing), then lets the clock run, only while a code is
being played (the finish of a code does not cost time). When a code's finish has run, the next
code starts on the same screen; when the clock reaches zero the run ends on BlitzResultState.

Leaving keeps the run like any game left unfinished: the session saves the current code's record
with the mode data {"kind": "blitz", "run": ...} (game/play/modefiles.blitz_mode), and the resume
offer at the next start hands both back (resumed_blitz). A code already counted is never counted
twice: a saved run always holds the next code still to play.

BlitzResultState records the run once when it shows (blitz.json: runs, best score, most codes),
asks for initials when the score makes the Blitz table, and offers Play again, the analysis of the
last code played (A) or Menu. It has no
`record`, so no single code is counted in the per-difficulty statistics.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.blitz import BLITZ_CONFIG, HINTS_ALLOWED, SOLVE_ALLOWED, BlitzSession, new_blitz
from game.play.breaker import BreakerRun
from game.play.modefiles import BlitzBook, blitz_mode, check_blitz_mode
from game.play.record import GameRecord
from game.states.analysis import AnalysisOverlay
from game.states.base import Push, Replace, State, Transition, board_art, motion, to_menu
from game.states.modes import PlayMode, draw_title, panel_without
from game.ui import palette as pal
from game.ui.blitz_view import draw_clock
from game.ui.daily_view import ShareLayout, draw_card_buttons, draw_lines
from game.ui.widgets import draw_card

BLITZ_HIGH_SCORES = "Blitz"
CLOCK_PANEL_WEIGHT = 2.4  # the clock box, in button heights: big enough to read at a glance
# one code after another, so no New game; Solve and Hint as the rules say (both off)
OFF_BUTTONS = ("new",) + (() if SOLVE_ALLOWED else ("solve",)) + (() if HINTS_ALLOWED else ("hint",))
SEED_RANGE = 2**31  # a run's seed is drawn from the app's generator (same --seed, same codes)


def new_run_state(app: Any) -> State:
    """A fresh Blitz run on the playing screen."""
    from game.states.playing import PlayingState

    return PlayingState(BLITZ_CONFIG, mode=BlitzMode(new_blitz(app.rng.randrange(SEED_RANGE))))


def resumed_blitz(saved: Any) -> State:
    """The playing screen holding a saved run and its current code (SavedGame with a blitz mode)."""
    from game.states.playing import PlayingState

    run = check_blitz_mode(saved.mode, saved.record)
    return PlayingState(BLITZ_CONFIG, record=saved.record, mode=BlitzMode(run))


class BlitzMode(PlayMode):
    """One Blitz run on the playing screen (see the module docstring)."""

    help_screen = "blitz"

    panel_items = (("blitz", CLOCK_PANEL_WEIGHT),) + panel_without(OFF_BUTTONS)

    def __init__(self, run: BlitzSession) -> None:
        self.run = run
        self.time_s = 0.0  # drives the urgent pulse only
        self._counted: BreakerRun | None = None  # the code whose end is already in `run`
        self.last_code: GameRecord | None = None  # the last code ended, for the result's analysis

    @property
    def title(self) -> str:
        return f"Blitz · code {self.run.code_number + 1}"

    def start(self, app: Any) -> GameRecord:
        return GameRecord.new(BLITZ_CONFIG, self.run.secret)

    def count(self, state: Any) -> None:
        """Put the current code's end into the run, once (crack: points and bonus time)."""
        game = state.run.game
        if not game.over or self._counted is state.run or self.run.over:
            return
        self._counted = state.run
        self.last_code = state.run.record
        cracked = game.rows and game.rows[-1].feedback.black == BLITZ_CONFIG.pegs
        self.run = self.run.crack(len(game.rows)) if cracked else self.run.miss()

    def update(self, state: Any, dt: float) -> Any:
        self.time_s += dt
        self.count(state)
        if not state.run.game.over:
            self.run = self.run.tick(dt)
        if self.run.over:
            state.keep_on_exit = False
            return Replace(BlitzResultState(self.run, self.played_last(state)))
        return None

    def played_last(self, state: Any) -> GameRecord | None:
        """The code to go through in the analysis: the one on the board when the clock ran out if
        a row of it was played, else the last code that ended."""
        record = state.run.record if state.run is not None else None
        return record if record is not None and record.game.rows else self.last_code

    def finished(self, state: Any) -> Any:
        self.count(state)
        if self.run.over:
            state.keep_on_exit = False
            return Replace(BlitzResultState(self.run, self.played_last(state)))
        state.run = BreakerRun(GameRecord.new(BLITZ_CONFIG, self.run.secret), motion(state.app))
        state.keep_on_exit = True
        return None

    def resume_record(self, state: Any) -> Any:
        from game.store import SavedGame

        if not state.keep_on_exit or state.run is None:
            return None
        self.count(state)
        if self.run.over:
            return None
        record = state.run.snapshot()
        if record.over:  # counted: what is left to play is the next code
            record = GameRecord.new(BLITZ_CONFIG, self.run.secret)
        return SavedGame(record, blitz_mode(self.run))

    def draw(self, surface: pygame.Surface, layout: Any, state: Any, art: Any) -> None:
        draw_title(surface, layout, art, self.title)
        rect = layout.item_rect("blitz")
        if rect is not None:
            draw_clock(surface, rect, art, self.run, self.time_s, state.app.settings.reduced_motion)
        info = layout.item_rect("info")
        if info is not None:  # one clock only: the code's own play time gives way to a reminder
            lower = pygame.Rect(info.x, info.y + info.h // 2, info.w, info.h - info.h // 2)
            pygame.draw.rect(surface, pal.BACKGROUND, lower)
            art.text.draw_in(surface, "Crack it: +15 s", lower.inflate(0, -lower.h // 4), pal.TEXT_DIM, 28)


class BlitzResultState(State):
    """Time is up: codes cracked, missed, the score and the bests; Play again, Analysis of the last
    code played (`last`, when there is one) or Menu."""

    def __init__(self, run: BlitzSession, last: GameRecord | None = None) -> None:
        self.run = run
        self.last = last
        self.book = BlitzBook()
        self.best_before = 0
        self.mouse = (-1, -1)
        self.rank_asked = False

    def enter(self, app) -> None:
        super().enter(app)
        store = app.store
        if store is not None:
            self.best_before = store.load_blitz().stats.best_score
            self.book = store.update_blitz(lambda book: book.finished(self.run))
        else:
            self.book = BlitzBook().finished(self.run)

    def layout(self) -> ShareLayout:
        buttons = ("again", "analysis", "menu") if self.last is not None else ("again", "menu")
        return ShareLayout(self.app.surface.get_size(), buttons)

    def analysis(self) -> Transition | None:
        return Push(AnalysisOverlay(self.last)) if self.last is not None else None

    def lines(self) -> list[tuple[str, pal.RGB]]:
        run, stats = self.run, self.book.stats
        best = " · new best!" if run.score > self.best_before and run.score else ""
        return [
            (f"Codes cracked {run.cracked}", pal.TEXT),
            (f"Codes missed {run.missed}", pal.TEXT_DIM),
            (f"Score {run.score:,}{best}", pal.SELECTION if best else pal.TEXT),
            (f"Played for {int(run.elapsed_s) // 60}:{int(run.elapsed_s) % 60:02d}", pal.TEXT_DIM),
            (f"Best score {stats.best_score:,} · most codes {stats.best_cracked}", pal.TEXT_DIM),
            (f"Runs {stats.runs} · codes cracked in all {stats.total_cracked}", pal.TEXT_DIM),
        ]

    def update(self, dt: float) -> Transition | State | None:
        if not self.rank_asked and self.run.score and self.app.store is not None:
            self.rank_asked = True
            if self.app.store.load_high_scores()[BLITZ_HIGH_SCORES].qualifies(self.run.score):
                from game.states.highscores import InitialsOverlay

                date = self.app.now().date().isoformat()
                return Push(InitialsOverlay(BLITZ_HIGH_SCORES, self.run.score, date))
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "again":
                return new_run_state(self.app)
            if hit == "analysis":
                return self.analysis()
            if hit == "menu":
                return to_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                return new_run_state(self.app)
            if event.key == pygame.K_ESCAPE:
                return to_menu()
            if event.key == pygame.K_a:
                return self.analysis()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, art = self.layout(), board_art(self.app)
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        art.text.draw_in(surface, "Time's up!", layout.verdict, pal.SELECTION, 56)
        body = layout.secret.union(layout.lines).union(layout.share)
        draw_lines(surface, art, body.inflate(-body.w // 6, 0), self.lines(), 40)
        labels = {"again": "Play again", "analysis": "Analysis", "menu": "Menu"}
        draw_card_buttons(surface, art, layout.buttons, labels, self.mouse, primary="again")
