"""Blitz: crack as many Classic codes as you can in three minutes (rules in game/core/blitz.py).

BlitzHooks are composed into the playing screen (game/screens/play_protocol.py), which stays the one
place a person breaks a code: they hold the BlitzSession (a value), give each code its secret, hide
New game, Solve and Hint (their keys do nothing), draw the clock box at the top of the panel and
the title "Blitz · code N". Each frame they first count a code that has just ended (cracked: its
points and 15 s; not cracked or revealed: nothing), then let the clock run, only while a code is
being played (the finish of a code does not cost time). When a code's finish has run, the next
code starts on the same screen; when the clock reaches zero the run ends on BlitzResultState.
P (or a pad's Start, which submits elsewhere) pauses: a card over the whole screen, the board hidden
so a pause is no time to think, and the clock stopped while it is up (the playing screen is not
updated under an overlay); Go on comes back, Leave keeps the run for later.

The run is kept in the slot "blitz" as the session journals it (BLITZ_SAVE: the run and the code
being played, its clock stopped while nobody plays): every row and every counted code at once. A
code already counted is never counted twice: a kept run always holds the next code still to play.

BlitzResultState holds the finished run as decided: the lifetime records it once as the screen
enters (its record "blitz": runs, best score, most codes; the kept run spent in the same
transaction); it shows the run as a card of big numbers (game/
ui/end_cards.py), asks for initials when the score makes the Blitz table, and offers Play again, the
analysis of the last code played (A) or Menu. No single code is counted in the per-difficulty
statistics.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.blitz import (
    BLITZ_CONFIG,
    HINTS_ALLOWED,
    SOLVE_ALLOWED,
    BlitzSession,
    blitz_from_dict,
    blitz_to_dict,
    new_blitz,
)
from game.modes.blitz.book import BLITZ_BOOK, BlitzBook, load_blitz
from game.modes.blitz.view import URGENT_PULSE_HZ, clock_text, draw_clock
from game.play.breaker import BreakerRun
from game.play.record import GameRecord
from game.play.timeline import Timeline
from game.screens.base import Context, Push, Replace, Route, State, Transition, go, motion, to_menu
from game.screens.holding import Decided, HighScoreChance, Holding, Kept, SaveCodec
from game.screens.outcomes import LeaveChosen
from game.screens.play_hooks import PlayScreen, StandardHooks, confirm, panel_without, progress_of
from game.ui import end_cards, theme
from game.ui import palette as pal
from game.ui.end_cards import EndCardLayout, Tile
from game.ui.pad_actions import PAD_ACTION, PadAction
from game.ui.widgets import draw_card

BLITZ_HIGH_SCORES = "Blitz"
CLOCK_PANEL_WEIGHT = 2.4  # the clock box, in button heights: big enough to read at a glance
# one code after another, so no New game; Solve and Hint as the rules say (both off)
OFF_BUTTONS = ("new",) + (() if SOLVE_ALLOWED else ("solve",)) + (() if HINTS_ALLOWED else ("hint",))
SEED_RANGE = 2**31  # a run's seed is drawn from the app's generator (same --seed, same codes)
ASK_AFTER_S = 0.8  # the end card is seen this long before a top-ten score asks for initials


def new_run() -> Route:
    """A fresh Blitz run on the playing screen (its seed is drawn when the screen starts it): the
    mode's new game."""
    return go("new_game", mode="blitz", config=BLITZ_CONFIG)


@dataclass(frozen=True)
class BlitzSave:
    """A kept Blitz run: the run so far and the code being played (the next one once counted)."""

    run: BlitzSession
    code: GameRecord


def _decode(data: Any) -> BlitzSave:
    if not isinstance(data, dict) or set(data) != {"run", "code"}:
        raise ValueError("a kept Blitz run holds run and code")
    run = blitz_from_dict(data["run"])
    code = GameRecord.from_dict(data["code"])
    if run.over:
        raise ValueError("the kept Blitz run had already ended")
    if code.config != BLITZ_CONFIG or code.game.secret != run.secret or code.over:
        raise ValueError("the kept Blitz game is not the run's current code")
    return BlitzSave(run, code)


BLITZ_SAVE = SaveCodec(
    version=1,
    encode=lambda save: {"run": blitz_to_dict(save.run), "code": save.code.to_dict()},
    decode=_decode,
    describe=lambda save: f"Blitz · {save.run.cracked} cracked, clock stopped",
    resume=lambda save: go("play", record=save.code, hooks=BlitzHooks(save.run)),
)


class BlitzHooks(StandardHooks):
    """One Blitz run on the playing screen (see the module docstring)."""

    help_screen = "blitz"
    mode = "blitz"
    shows_hud = False
    panel_items = (("blitz", CLOCK_PANEL_WEIGHT),) + panel_without(OFF_BUTTONS)

    def __init__(self, run: BlitzSession | None = None) -> None:
        self.run = run if run is not None else new_blitz(0)  # a fresh run is seeded in start()
        self.fresh = run is None
        self.timeline = Timeline()
        self.pulse = self.timeline.loop("urgent", 1 / URGENT_PULSE_HZ)  # the urgent clock's swell
        self._counted: BreakerRun | None = None  # the code whose end is already in `run`
        self.last_code: GameRecord | None = None  # the last code ended, for the result's analysis
        self.pause_asked = False  # P or Start: the pause comes up with the next update

    def title(self, state: PlayScreen) -> str:
        return f"Blitz · code {self.run.code_number + 1}"

    def start(self, app: Context) -> GameRecord:
        if self.fresh:  # the app's generator: the same --seed plays the same codes
            self.run, self.fresh = new_blitz(app.rng.randrange(SEED_RANGE)), False
        return GameRecord.new(BLITZ_CONFIG, self.run.secret)

    def count(self, state: PlayScreen) -> None:
        """Put the current code's end into the run, once (crack: points and bonus time)."""
        game = state.run.game
        if not game.over or self._counted is state.run or self.run.over:
            return
        self._counted = state.run
        self.last_code = state.run.record
        cracked = game.rows and game.rows[-1].feedback.black == BLITZ_CONFIG.pegs
        self.run = self.run.crack(len(game.rows)) if cracked else self.run.miss()

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        """P, or a pad's Start, asks for the pause (the screen's handle has no way to push it)."""
        asked = (event.type == pygame.KEYDOWN and event.key == pygame.K_p) or (
            event.type == PAD_ACTION and event.action is PadAction.START
        )
        if asked and not self.run.over:
            self.pause_asked = True
        return asked

    def pause(self) -> Push:
        left = clock_text(self.run.time_left_s, self.run.is_urgent)
        return confirm(
            f"Paused. The clock is stopped at {left}.",
            None,  # Go on: nothing to do, the clock runs again as the board comes back
            yes="Go on",
            no="Leave (the run is kept)",
            no_result=LeaveChosen(keep=True),
            focus="yes",
            hides_below=True,
        )

    def update(self, state: PlayScreen, dt: float) -> Any:
        if self.pause_asked:
            self.pause_asked = False
            return self.pause()
        self.timeline.set_motion(motion(state.app))
        self.timeline.update(dt)
        self.count(state)
        if not state.run.game.over:
            self.run = self.run.tick(dt)
        if self.run.over:
            state.keep_on_exit = False
            return Replace(go("blitz_result", run=self.run, last=self.played_last(state)))
        return None

    def played_last(self, state: PlayScreen) -> GameRecord | None:
        """The code to go through in the analysis: the one on the board when the clock ran out if
        a row of it was played, else the last code that ended."""
        record = state.run.record if state.run is not None else None
        return record if record is not None and record.game.rows else self.last_code

    def finished(self, state: PlayScreen) -> Any:
        self.count(state)
        if self.run.over:
            state.keep_on_exit = False
            return Replace(go("blitz_result", run=self.run, last=self.played_last(state)))
        state.run = BreakerRun(GameRecord.new(BLITZ_CONFIG, self.run.secret), motion(state.app))
        state.keep_on_exit = True
        return None

    def save(self, state: PlayScreen) -> dict[str, Any]:
        record = state.run.snapshot()
        if record.over:  # counted: what is left to play is the next code
            record = GameRecord.new(BLITZ_CONFIG, self.run.secret)
        return BLITZ_SAVE.envelope(self.mode, BlitzSave(self.run, record))

    def progress(self, state: PlayScreen) -> tuple[Any, Any]:
        rows, draft = progress_of(state.run)
        return (self.run.code_number, rows), draft

    def holding(self, state: PlayScreen) -> Holding:
        """A run keeps even a fresh code: the codes counted so far are worth keeping."""
        if state.run is None:
            return Holding()
        if not state.keep_on_exit:  # the run's end screen decides a run that is over, and spends it
            return Holding() if self.run.over else Holding(abandoned="blitz")
        self.count(state)
        if self.run.over:
            return Holding()
        rows, draft = self.progress(state)
        if rows == (0, 0) and not state.run.row.started:
            return Holding()  # a run not yet begun: a kept one stays until this one has something
        return Holding(kept=Kept("blitz", rows, draft, lambda: self.save(state)))

    def draw(self, surface: pygame.Surface, layout: Any, state: PlayScreen, art: Any) -> None:
        rect = layout.item_rect("blitz")
        if rect is not None:
            draw_clock(surface, rect, art, self.run, self.pulse)
        info = layout.item_rect("info")
        if info is not None:  # one clock only: the code's own play time gives way to a reminder
            lower = pygame.Rect(info.x, info.y + info.h // 2, info.w, info.h - info.h // 2)
            pygame.draw.rect(surface, pal.BACKGROUND, lower)
            px = theme.type_px(layout.size, "body")
            art.text.draw_in(surface, "Crack it: +15 s", lower.inflate(0, -lower.h // 4), pal.TEXT_DIM, px)


class BlitzResultState(State):
    """Time is up: the run as one card of big numbers (codes cracked, points, best, rank in the
    Blitz table), the misses and totals under them; Play again or Menu. A score that makes the
    table asks for initials once the card has been seen a moment (ASK_AFTER_S)."""

    def __init__(self, run: BlitzSession, last: GameRecord | None = None) -> None:
        self.run = run
        self.last = last  # the code the analysis goes through (None: no code was played)
        self.book = BlitzBook()
        self.best_before = 0
        self.rank: int | None = None  # the place the score takes in the Blitz table (None: none)
        self.mouse = (-1, -1)
        self.rank_asked = False
        self.shown_s = 0.0

    def enter(self, app) -> None:
        super().enter(app)
        self.best_before = load_blitz(app.store).stats.best_score
        self.book = BlitzBook().finished(self.run)  # until the run is recorded as the screen enters

    def holding(self) -> Holding:
        """The finished run, decided: recorded once (and its high-score entry)."""
        chance = HighScoreChance(BLITZ_HIGH_SCORES, self.run.score) if self.run.score else None
        return Holding(decided=Decided(self.run, None, None, chance, self._record, "blitz", celebrate=False))

    def _record(self, store: Any) -> None:
        self.book = store.update_record(BLITZ_BOOK, lambda book: book.finished(self.run))
        self.rank = store.entered_rank(BLITZ_HIGH_SCORES, self.run.score) if self.run.score else None

    def layout(self) -> EndCardLayout:
        buttons = ("again", "analysis", "menu") if self.last is not None else ("again", "menu")
        return EndCardLayout(self.app.surface.get_size(), 4, buttons, lines=2)

    def analysis(self) -> Transition | None:
        return Push(go("analysis", record=self.last)) if self.last is not None else None

    @property
    def new_best(self) -> bool:
        return bool(self.run.score) and self.run.score > self.best_before

    def tiles(self) -> list[Tile]:
        run, stats = self.run, self.book.stats
        best = max(stats.best_score, run.score)
        return [
            Tile("Codes cracked", str(run.cracked)),
            Tile("Points", f"{run.score:,}", highlight=self.new_best),
            Tile("Best", f"{best:,}" if best else "-", highlight=self.new_best),
            Tile("Rank", f"#{self.rank}" if self.rank else "-", highlight=self.rank is not None),
        ]

    def lines(self) -> list[tuple[str, pal.RGB]]:
        run, stats = self.run, self.book.stats
        played = f"{int(run.elapsed_s) // 60}:{int(run.elapsed_s) % 60:02d}"
        # the codes given up or out of turns, said only when there were some
        missed = f"{run.missed} code{'' if run.missed == 1 else 's'} not cracked" if run.missed else ""
        said = " · ".join(part for part in (missed, f"played for {played}") if part)
        lines = [(f"New best score! {said}" if self.new_best else said, pal.TEXT)]
        lines.append(
            (
                f"Runs {stats.runs} · most codes in a run {stats.best_cracked} · "
                f"codes cracked in all {stats.total_cracked}",
                pal.TEXT_DIM,
            )
        )
        return lines

    def update(self, dt: float) -> Transition | State | None:
        self.shown_s += dt
        if self.rank_asked or self.shown_s < ASK_AFTER_S:
            return None
        self.rank_asked = True
        if self.run.score and self.app.store is not None:
            if self.app.store.entered_rank(BLITZ_HIGH_SCORES, self.run.score) is not None:
                date = self.app.now().date().isoformat()
                return Push(go("initials", mode=BLITZ_HIGH_SCORES, score=self.run.score, date=date))
        return None

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "again":
                return new_run()
            if hit == "analysis":
                return self.analysis()
            if hit == "menu":
                return to_menu()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                return new_run()
            if event.key == pygame.K_ESCAPE:
                return to_menu()
            if event.key == pygame.K_a:
                return self.analysis()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.layout(), self.app.text
        surface.fill(pal.BACKGROUND)
        draw_card(surface, layout.card)
        end_cards.draw_title(surface, text, layout.title, "Time's up!", pal.SELECTION)
        end_cards.draw_tiles(surface, text, layout.tiles, self.tiles())
        end_cards.draw_lines(surface, text, layout.lines, self.lines())
        labels = {"again": "Play again", "analysis": "Analysis", "menu": "Menu"}
        end_cards.draw_buttons(surface, text, layout.buttons, labels, self.mouse, primary="again")
