"""Attract mode: left idle in the menu, the computer plays demo games, as arcade cabinets do.

The menu pushes it (route "attract") after a while without input (game/screens/menu.py). Like an
arcade cabinet it cycles demo game -> high scores -> title -> next demo:
the high-score phase shows each mode's table that has entries (Classic's, empty, when none has) for
SCORES_PAGE_S each, read from the store when the phase starts; the title shows TITLE_HOLD_S.
Demos run one after another through the cycle (DEMOS: a preset and a strategy each),
with a secret from its own seeded generator, through ComputerRun (game/play/computer.py): the
strategy is pumped within ATTRACT_BUDGET_MS per frame and sees only the grades. Any key, click or
real mouse movement pops back to the menu. The demo is silent and never touches the statistics.

The same demos play behind the menu's top page (MenuState keeps an AttractState(backdrop=True) it
updates and draws, into the column of its cards, under a translucent veil): a backdrop plays one
demo after another, no high scores, no title, no side panel, and is never on the stack (the menu owns it).

Invariants: the app's own random generator is never drawn from (a demo cannot change the secret of
the next real game); one pump call per frame; reduced motion keeps the "press any key" banner still.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

import pygame

from game.core import strategies
from game.core.config import preset
from game.core.highscores import empty_book
from game.modes.registry import high_score_tables
from game.play.computer import ComputerRun, Speed
from game.play.record import GameRecord, random_secret
from game.play.timeline import Timeline, Track
from game.screens.base import Pop, State, Transition, board_art, motion
from game.tables import bind
from game.ui import palette as pal
from game.ui.board import BoardView, config_title
from game.ui.computer_view import draw_computer_board
from game.ui.highscores_view import draw_attract_scores, draw_attract_title
from game.ui.layout import PlayLayout
from game.ui.thinking import draw_text_lines

ATTRACT_BUDGET_MS = 3.0  # thinking per frame: well inside a 16.7 ms frame
RESULT_HOLD_S = 3.0  # a finished demo stays on screen this long before the next one
MOTION_EXIT_PX = 6  # mouse movement smaller than this (jitter) does not end the demo
BANNER_PULSE_S = 1.6  # one slow brightness cycle of the banner (never a flash)
SCORES_PAGE_S = 4.0  # one mode's high-score table stays this long in the loop
TITLE_HOLD_S = 4.0  # the title page between the high scores and the next demo
ATTRACT_SEED = 4242
DEMOS: tuple[tuple[str, str], ...] = (
    ("Classic", "knuth"),
    ("Easy", "most-parts"),
    ("Super", "random"),
    ("Classic", "entropy"),
)
PANEL_ITEMS = (("demo", 1.0), ("strategy", 1.2), ("turn", 1.0), ("possible", 1.6), ("press", 2.2))


class AttractState(State):
    """Demo games played by the computer until the player touches something."""

    def __init__(
        self,
        demo: int = 0,
        budget_ms: float = ATTRACT_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
        seed: int = ATTRACT_SEED,
        backdrop: bool = False,
    ) -> None:
        self.backdrop = backdrop
        self.demo = demo
        self.budget_ms = budget_ms
        self.clock = clock
        self.rng = random.Random(seed)
        self.run: ComputerRun | None = None
        # the loop's own time: the banner's glow, a finished demo's hold, a high-score or title page's
        self.timeline = Timeline()
        self.glow = self.timeline.loop("glow", BANNER_PULSE_S)
        self._hold: Track | None = None  # a finished demo stays on screen this long
        self.phase = "demo"  # demo -> scores -> title -> demo
        self.score_pages: tuple[str, ...] = ()
        self.tables: dict = {}
        self.games_played = 0
        self.view = BoardView()
        self._layout: PlayLayout | None = None

    def enter(self, app) -> None:
        super().enter(app)
        self.timeline.set_motion(self.demo_motion)
        if self.run is None:
            self._start()

    @property
    def live(self) -> bool:
        """Is the demo to be played (behind the menu)? Not with reduced motion: it is decoration."""
        self.timeline.set_motion(self.demo_motion)
        return self.timeline.decorates

    @property
    def demo_motion(self):
        """The player's motion at the demo's own pace (speed 1: the animation speed is theirs)."""
        return dataclasses.replace(motion(self.app), speed=1.0)

    def _start(self) -> None:
        name, strategy = DEMOS[self.demo % len(DEMOS)]
        config = preset(name).config()
        secret = random_secret(config, self.rng)
        self.run = ComputerRun(
            GameRecord.new(config, secret),
            bind(strategies.get(strategy)),
            random.Random(self.rng.random()),
            speed=Speed.NORMAL,
            motion=self.demo_motion,
            budget_ms=self.budget_ms,
            clock=self.clock,
        )
        self._hold = None
        self._layout = None

    def layout(self, size: tuple[int, int] | None = None) -> PlayLayout:
        """The board's layout in `size` (the window's by default; behind the menu, the menu gives the
        column of its cards)."""
        size = size or self.app.surface.get_size()
        config = self.run.game.config
        if self._layout is None or self._layout.size != size:
            items = () if self.backdrop else PANEL_ITEMS  # behind the menu: no side panel
            self._layout = PlayLayout(size, config.pegs, config.colours, config.turns, items, (), ())
        return self._layout

    # --- input and time ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            return Pop()
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            if abs(rel[0]) + abs(rel[1]) >= MOTION_EXIT_PX:
                return Pop()
        return None

    def update(self, dt: float) -> Transition | State | None:
        self.timeline.set_motion(self.demo_motion)
        self.timeline.update(dt)
        if self.phase != "demo":
            if self.timeline.running("page"):
                return None
            if self.phase == "scores":
                self.phase = "title"
                self.timeline.countdown("page", TITLE_HOLD_S)
            else:
                self.phase = "demo"
                self.demo += 1
                self._start()
            return None
        run = self.run
        if run.finished:
            if self._hold is None:  # from this frame on: its dt counts
                self._hold = self.timeline.countdown("hold", RESULT_HOLD_S)
                self._hold.advance(dt)
            if self._hold.done:
                self.games_played += 1
                if self.backdrop:  # behind the menu: straight on to the next demo
                    self.demo += 1
                    self._start()
                else:
                    self._show_scores()
            return None
        run.update(dt)
        return None

    def _show_scores(self) -> None:
        store = self.app.store
        tables = high_score_tables()
        self.tables = store.load_high_scores() if store is not None else empty_book(tables)
        pages = tuple(mode for mode in tables if mode in self.tables and self.tables[mode].entries)
        self.score_pages = pages or tables[:1]
        self.phase = "scores"
        self.timeline.countdown("page", SCORES_PAGE_S * len(self.score_pages))

    @property
    def score_page(self) -> str | None:
        """The mode whose table is on screen (None outside the high-score phase)."""
        page = self.timeline.get("page")
        if self.phase != "scores" or page is None:
            return None
        shown_s = page.duration_s - page.left_s
        return self.score_pages[min(len(self.score_pages) - 1, int(shown_s // SCORES_PAGE_S))]

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.phase == "scores":
            page = self.score_page
            draw_attract_scores(surface, self.app.text, page, self.tables[page], self._banner_colour())
            return
        if self.phase == "title":
            art = board_art(self.app)
            draw_attract_title(surface, art.text, art.pegs, art.colours, art.symbols, self._banner_colour())
            return
        run, layout = self.run, self.layout(surface.get_size())
        title = "" if self.backdrop else f"Demo · {config_title(run.game.config)}"
        art = board_art(self.app)
        draw_computer_board(surface, layout, self.view, run, art, title=title, show_secret=run.finished)
        if not self.backdrop:
            self._draw_panel(surface, layout)

    def _draw_panel(self, surface, layout: PlayLayout) -> None:
        text, run = self.app.text, self.run
        config = run.game.config
        draw_text_lines(text, surface, layout.item_rect("demo"), ["DEMO"], pal.SELECTION)
        draw_text_lines(text, surface, layout.item_rect("strategy"), [run.info.label, "is playing"], pal.TEXT)
        turn = min(len(run.game.rows) + (0 if run.game.over else 1), config.turns)
        draw_text_lines(
            text, surface, layout.item_rect("turn"), [f"Turn {turn} of {config.turns}"], pal.TEXT_DIM
        )
        possible = run.shown_possible
        if run.finished:
            lines = [run.summary().split(": ", 1)[-1]]
        elif possible is None:
            lines = [f"{config.code_count:,} codes", "in all"]
        else:
            lines = [f"{possible:,} {'code' if possible == 1 else 'codes'}", "still possible"]
        draw_text_lines(text, surface, layout.item_rect("possible"), lines, pal.ACTIVE_EDGE)
        press = layout.item_rect("press")
        colour = self._banner_colour()
        pygame.draw.rect(surface, pal.BOARD, press, border_radius=max(4, press.h // 6))
        pygame.draw.rect(surface, pal.SELECTION, press, width=2, border_radius=max(4, press.h // 6))
        draw_text_lines(
            text, surface, press.inflate(-press.w // 10, -press.h // 5), ["Press any key", "to play"], colour
        )

    def _banner_colour(self):
        """The "press any key" colour: a slow glow, or steady with reduced motion."""
        if self.glow.steady:
            return pal.TEXT
        glow = self.glow.wave
        return tuple(round(a + (b - a) * glow) for a, b in zip(pal.TEXT_DIM, pal.SELECTION, strict=True))
