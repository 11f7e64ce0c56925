"""The solving state: the computer plays on from a given position, animated, never cheating.

The play itself is game/play/computer.py's ComputerRun (it pumps the strategy inside a frame budget and
drives the animation phases); this state turns input into its controls (speed, pause, single step),
draws the board, the guess being placed peg by peg, the grade popping in, the strategy's name, the
codes still possible and a progress bar for slow guesses, what every code still possible holds of
each colour where the player's palette stood (the column keeps its place, so the board stays put),
and hands over to the result screen, which says the computer finished it. The secret (a row or a
whole grid) stays under the player's game's shield until the last grade is on the board; the shield
then slides open (SHIELD_OPEN_S, scaled by the watch speed and the player's motion setting) before
the result screen.

A player's game handed over with Solve comes with its aids (game/play/aids.py): a hard game the
computer finishes is still counted as a hard game (in its bucket, assisted), and the top bar and the
result screen name them.

Invariants: the strategy sees only game.history (ComputerRun hands it nothing else); drawing only
reads the run and the shield's track; the run and the shield advance only in update(dt).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from types import MappingProxyType

import pygame

from game.core import strategies
from game.core.config import legal_codes
from game.core.facts import ColourCount, colour_counts_known
from game.core.state import GameState, Outcome
from game.play.aids import NO_AIDS, Aids
from game.play.coach import Coach
from game.play.computer import SPEED_SCALE, SPEEDS, ComputerRun, Speed
from game.play.grading import SHIELD_OPEN_S
from game.play.pump import PUMP_BUDGET_MS
from game.play.record import GameRecord
from game.play.timeline import Timeline, Track, linear
from game.screens.base import Replace, Route, State, Transition, board_art, go, motion, top_bar_action
from game.screens.holding import Decided, Holding
from game.tables import bind
from game.ui import looks
from game.ui import palette as pal
from game.ui.board import BoardView, config_title
from game.ui.computer_view import draw_computer_board
from game.ui.layout import Button, PlayLayout
from game.ui.pad_actions import pad_keys
from game.ui.thinking import draw_progress_bar, draw_text_lines
from game.ui.widgets import draw_button

SPEED_KEYS = MappingProxyType(
    {
        pygame.K_1: Speed.SLOW,
        pygame.K_2: Speed.NORMAL,
        pygame.K_3: Speed.FAST,
        pygame.K_4: Speed.INSTANT,
    }
)
PANEL_ITEMS = (
    ("strategy", 1.0),
    ("turn", 0.8),
    ("possible", 1.3),
    ("progress", 0.45),
    ("speed", 1.0),
    ("pause", 1.0),
    ("step", 1.0),
    ("keys", 1.2),
)
PANEL_BUTTONS = ("speed", "pause", "step")


class SolvingState(State):
    """The computer plays on from `start`, animated: the player's record (Solve), or a game set up
    without one (watch mode, codemaker mode; any rows in it count as the player's).

    `strategy` defaults to strategies.DEFAULT (optimal tables, else the strongest heuristic); the
    record's clock runs on while the computer plays, so the result shows the whole game's time;
    `title` overrides the top bar; `again` is where the result screen's Play again goes (default: a
    new game to break); `aids` are the player's game's (hard mode, the coach), recorded with it.
    """

    pad_keys = pad_keys(start=pygame.K_SPACE, hint=pygame.K_h)  # a pad's Start pauses, Y opens help

    def __init__(
        self,
        start: GameRecord | GameState,
        *,
        strategy: str | None = None,
        speed: Speed = Speed.NORMAL,
        budget_ms: float = PUMP_BUDGET_MS,
        title: str | None = None,
        clock: Callable[[], float] = time.perf_counter,
        again: Route | None = None,
        aids: Aids = NO_AIDS,
    ) -> None:
        self.start = start if isinstance(start, GameRecord) else GameRecord.of_game(start)
        self.start_game = self.start.game
        self.again = again
        self.aids = aids
        self.strategy = strategy or strategies.DEFAULT
        self.speed = speed
        self.budget_ms = budget_ms
        self.title = title
        self.clock = clock
        self.run: ComputerRun | None = None
        self.view = BoardView()
        self.mouse = (-1, -1)
        self.frames = 0
        self._warm_queue: list[tuple] | None = None  # peg images still to draw ahead of need
        self._timeline = Timeline()
        self._shield: Track | None = None  # the secret's shield opening, once the game is over
        # what every code still possible after the rows on the board holds of each colour, shown on
        # the palette (whose keys pick nothing here: 1-4 set the speed)
        self.known = Coach(par=False, clock=clock)
        self._counts: tuple[ColourCount | None, ...] = (None,) * self.start_game.config.colours
        self._counted: object = None  # the facts _counts were read from (update reads, draw shows)

    def enter(self, app) -> None:
        super().enter(app)
        self._timeline.set_motion(motion(app))
        if self.run is None:
            rng = random.Random(app.rng.random())
            self.run = ComputerRun(
                self.start,
                bind(strategies.get(self.strategy), config=self.start.config),
                rng,
                speed=self.speed,
                motion=motion(app),
                budget_ms=self.budget_ms,
                clock=self.clock,
            )

    # --- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if isinstance(hit, Button):
                return self.press(hit.name)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def _key(self, key: int) -> Transition | State | None:
        run = self.run
        if key == pygame.K_ESCAPE:
            return self.press("menu")
        if key in (pygame.K_h, pygame.K_F1):
            return self.press("help")
        if key in (pygame.K_SPACE, pygame.K_p):
            return self.press("pause")
        if key in (pygame.K_RIGHT, pygame.K_n, pygame.K_PERIOD):
            return self.press("step")
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP):
            run.faster(+1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN):
            run.faster(-1)
        elif key in SPEED_KEYS:
            run.set_speed(SPEED_KEYS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and run.finished:
            return self._to_result()
        return None

    def press(self, name: str) -> Transition | State | None:
        run = self.run
        self.app.sound.play("click")
        if name in ("menu", "help"):
            return top_bar_action(name, "solving")
        if name == "pause":
            run.toggle_pause()
        elif name == "step":
            run.single_step()
        elif name == "speed":
            run.faster(+1 if run.speed is not Speed.INSTANT else -(len(SPEEDS) - 1))
        return None

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        self._warm_next()
        run = self.run
        run.update(dt)
        self._follow_known()
        self.frames += 1
        for cue in run.take_cues():
            self.app.sound.play(cue.value)
        self._timeline.update(dt)
        if self._shield is None and run.game.over and run.shown_rows == len(run.game.rows):
            # opens once the last grade is on the board, while the run rests on the finished board
            self._shield = self._timeline.move("shield", SHIELD_OPEN_S * SPEED_SCALE[run.speed], ease=linear)
        if run.finished and (not run.game.over or self.shield_progress >= 1.0):
            return self._to_result()
        return None

    def _follow_known(self) -> None:
        """What we know about the rows on the board, worked on only in frames the strategy leaves
        idle: the two read the same consistent codes (space.py keeps them per history), so the
        facts wait for the strategy's count rather than doubling the frame's work."""
        run = self.run
        self.known.follow_position(run.game.config, run.game.history[: run.shown_rows])
        if run.pump is None or run.pump.done:
            self.known.update(self.budget_ms)
        if self.known.known is not None and self.known.known is not self._counted:
            self._counted = self.known.known
            self._counts = colour_counts_known(run.game.config, self._counted.facts)

    def known_counts(self) -> tuple[ColourCount | None, ...] | None:
        """Per colour, what every code still possible holds; while a new row's facts are worked out,
        the last position's (still true: a row only takes codes away); None after a failure."""
        return None if self.known.error else self._counts

    def exit(self) -> None:
        self.known.close()
        super().exit()

    @property
    def shield_progress(self) -> float:
        """How far the secret's shield has opened: 0 while the game goes on, 1 once open."""
        if self._shield is None:
            return 0.0
        return 1.0 if self._shield.done else self._shield.progress

    def _warm_next(self) -> None:
        """Draw one peg image the board will need into the art cache, one per frame, so that no later
        frame pays for several new images at once (the first row of a colour, the first grade)."""
        if self._warm_queue is None:
            layout = self.layout()
            d, kd = layout.peg_diameter(), layout.grade_peg_rect(0, 0).w
            jobs: list[tuple] = [("key", True, kd), ("key", False, kd)]
            jobs += [("peg", colour, d) for colour in range(self.start_game.config.colours)]
            self._warm_queue = jobs
        if not self._warm_queue:
            return
        kind, what, size = self._warm_queue.pop()
        if kind == "key":
            self.app.pegs.key(what, size)
        else:  # in this game's look even on the frame that came from a screen of another (codemaker)
            with looks.using(looks.current().for_symbols(self.start_game.config.variant.symbols)):
                art = board_art(self.app)
                art.pegs.peg(art.colours[what], what, size, art.symbols)

    def _to_result(self) -> Transition:
        return Replace(go("result", record=self.run.record, again=self.again, aids=self.aids))

    def holding(self) -> Holding:
        """A game the computer finished is decided once its last guess is graded (a Solve counts as
        the player's assisted game, in its aids' bucket; a computer game from the first row counts
        nothing)."""
        run = self.run
        if run is None or not run.game.over:
            return Holding()
        record = run.record
        result = record.result()
        if result is not None:
            result = self.aids.result(result)
        return Holding(decided=Decided(record.game, record, result), celebrate=self.layout().board)

    # --- drawing -------------------------------------------------------------------------------
    def layout(self) -> PlayLayout:
        c = self.start_game.config
        return self.sized_layout(
            lambda size: PlayLayout(
                size, c.pegs, c.colours, c.turns, PANEL_ITEMS, PANEL_BUTTONS, shape=c.variant.shape
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        run, layout = self.run, self.layout()
        named = " · ".join(filter(None, (config_title(run.game.config), self.aids.label)))
        title = self.title or f"Computer solving · {named}"
        draw_computer_board(
            surface,
            layout,
            self.view,
            run,
            board_art(self.app),
            title=title,
            mouse=self.mouse,
            shield=self.shield_progress,
            known=self.known_counts(),
        )
        self._draw_panel(surface, layout)

    def _draw_panel(self, surface, layout: PlayLayout) -> None:
        text, run = self.app.text, self.run
        config = run.game.config
        draw_text_lines(
            text, surface, layout.item_rect("strategy"), [f"Strategy: {run.info.label}"], pal.TEXT
        )
        turn = min(len(run.game.rows) + (0 if run.game.over else 1), config.turns)
        draw_text_lines(
            text, surface, layout.item_rect("turn"), [f"Turn {turn} of {config.turns}"], pal.TEXT_DIM
        )
        possible, nouns = run.shown_possible, config.variant.nouns  # "words" in a word game
        if possible is None:
            everything = f"{nouns.count(legal_codes(config))} in all"  # a word game's: its answers
            lines = [f"Counting {nouns.codes}..."] if run.shown_rows else [everything]
        elif run.game.outcome is Outcome.WON and run.shown_rows == len(run.game.rows):
            lines = ["Found it!"]
        else:
            lines = [nouns.count(possible), "still possible"]
        draw_text_lines(text, surface, layout.item_rect("possible"), lines, pal.ACTIVE_EDGE)
        bar = layout.item_rect("progress")
        if run.show_progress_bar:
            draw_progress_bar(surface, bar, run.progress_fraction)
        elif run.paused:
            draw_text_lines(text, surface, bar, ["Paused"], pal.TEXT_WARN)
        labels = {
            "speed": f"Speed: {run.speed.value}",
            "pause": "Resume" if run.paused else "Pause",
            "step": "Step",
        }
        for name, label in labels.items():
            rect = layout.button_rect(name)
            draw_button(
                surface,
                text,
                rect,
                label,
                hot=rect.collidepoint(self.mouse),
                primary=name == "pause" and run.paused,
            )
        keys = ["Space pause · N or Right: step", "1-4 or +/- speed · Esc menu"]
        draw_text_lines(text, surface, layout.item_rect("keys"), keys, pal.TEXT_DIM)
