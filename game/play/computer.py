"""ComputerRun: the computer plays a game on from a given record, one frame at a time, without pygame.

It pumps the strategy generator inside a per-frame budget (game/play/pump.py), places each guess
peg by peg, lets the grade pop in (grading.GradePop: the same timing and cues as a person's row),
rests, and plays on until the game is over. All its motion is tracks on its own timeline
(game/play/timeline.py), which alone reads the player's animation speed and reduced motion; the
watch speed scales the time fed to it. The strategy comes already bound to its table
(game.tables.bind, called by the state that starts the run) and is handed only `game.history`;
grading happens in GameRecord.played (apply_move), which alone reads the secret. Its rows are the
computer's in the record, and the time it plays counts in the record's elapsed time. Watch mode,
Solve, codemaker mode, the duel and the attract demo all use it.

Invariants: one pump call per frame at most, so a frame spends at most the budget plus one solver step
thinking; animation time comes only from `dt`; a paused run neither thinks, animates nor counts time;
a frame's time carries on into the next phase when a phase ends within it; the watch speed
(slow..instant) and the player's Motion only scale the animation, never the thinking; the next guess
is thought about while the last grade is still animating, so the computer never waits for its own
animation longer than it must.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from enum import StrEnum
from types import MappingProxyType

from game.core.codes import Code
from game.core.solver import StrategyInfo
from game.core.state import Outcome
from game.play.cues import Cue, CueQueue
from game.play.grading import GradePop
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.play.record import GameRecord, Player
from game.play.run import RecordRun
from game.play.timeline import Motion, Timeline, Track, ease_out_cubic, linear


class Speed(StrEnum):
    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


# Multiplies every animation duration (instant: no animation, one guess a frame at most); the grade's
# are grading.py's, as for a person's row.
SPEED_SCALE = MappingProxyType({Speed.SLOW: 2.2, Speed.NORMAL: 1.0, Speed.FAST: 0.35, Speed.INSTANT: 0.0})
SPEEDS = tuple(Speed)

PEG_PLACE_S = 0.11  # one guess peg dropping into its slot
ROW_REST_S = 0.45  # a breath after the grade, so a person can read it
FINISH_REST_S = 0.9  # the last row stays on screen before the result screen
# A guess that has taken longer than this many frames gets a progress bar.
PROGRESS_BAR_AFTER_FRAMES = 4


class Phase(StrEnum):
    THINKING = "thinking"  # waiting for the strategy's guess
    PLACING = "placing"  # the guess appears peg by peg
    GRADING = "grading"  # the grade (already applied) pops in
    RESTING = "resting"  # a pause before the next guess shows
    FINISHED = "finished"  # game over (or the strategy failed); the state moves on


class ComputerRun(RecordRun):
    """A game played on by a strategy, one frame at a time. Reads the secret only through apply_move."""

    def __init__(
        self,
        record: GameRecord,
        info: StrategyInfo,
        rng: random.Random,
        *,
        speed: Speed = Speed.NORMAL,
        motion: Motion | None = None,
        budget_ms: float = PUMP_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if record.game.secret is None:
            raise ValueError("the computer plays on only a game that knows its secret (hand grading grades)")
        self.info = info
        self.record = record.with_solver(info.label) if not record.over else record
        self.first_row = len(record.game.rows)  # rows before this were played by someone else
        self.timeline = Timeline(motion)
        self.cues = CueQueue()
        self.grading = GradePop(self.timeline, self.cues)
        self.rng = rng
        self.speed = speed
        self.budget_ms = budget_ms
        self.clock = clock
        self.paused = False
        self._stepping = False
        self.phase = Phase.THINKING
        self.guess: Code | None = None  # the guess being placed
        self.think_frames = 0
        self.possible: int | None = None  # codes consistent with every row so far, once known
        # codes still possible after the first n rows, as the strategy reported them (n -> count)
        self.possible_by_rows: dict[int, int] = {}
        self.error: str | None = None
        self.longest_pump_s = 0.0
        self.longest_step_s = 0.0
        self.pump: Pump[Code] | None = None
        if record.over:
            self.phase = Phase.FINISHED
        else:
            self._start_thinking()

    # --- controls ------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._stepping = False

    def single_step(self) -> None:
        """While paused: play on until the next guess's grade has popped in, then pause again."""
        self.paused = True
        self._stepping = True

    def set_speed(self, speed: Speed) -> None:
        self.speed = Speed(speed)

    def faster(self, delta: int) -> None:
        index = SPEEDS.index(self.speed)
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index + delta))]

    def set_motion(self, motion: Motion) -> None:
        """The player's animation speed and reduced motion, for every track, running ones included."""
        self.timeline.set_motion(motion)

    @property
    def motion(self) -> Motion:
        return self.timeline.motion

    # --- what the view reads (game, config, take_cues: RecordRun) ----------------------------
    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    def _place_track(self, col: int) -> Track | None:
        return self.timeline.get(("place", col))

    @property
    def placed_pegs(self) -> int:
        """How many pegs of the guess being placed are visible."""
        if self.phase is not Phase.PLACING or self.guess is None:
            return 0
        return sum(1 for col in range(len(self.guess)) if (t := self._place_track(col)) is None or t.started)

    @property
    def _dropping(self) -> Track | None:
        """The track of the peg dropping in now (the last one showing), if any."""
        shown = self.placed_pegs
        return self._place_track(shown - 1) if shown else None

    @property
    def shown_grade_pegs(self) -> int:
        """Grading pegs of the last row visible so far (all of them once its grading is over)."""
        if not self.game.rows:
            return 0
        if self.phase is Phase.GRADING:
            return self.grading.shown
        return sum(self.game.rows[-1].feedback)  # every grading peg, a grid's greys too

    @property
    def grading_row(self) -> int | None:
        """The row whose grading pegs are appearing (the last), or None."""
        return self.grading.grading_row if self.phase is Phase.GRADING else None

    def grade_track(self, i: int) -> Track | None:
        """Grading peg `i` of the row being graded while it is appearing (None once shown)."""
        return self.grading.grade_track(i) if self.phase is Phase.GRADING else None

    @property
    def drop_fraction(self) -> float:
        """How far above its slot the peg being placed still is, 1..0 (0 once at rest: at once with
        reduced motion, which the timeline reads)."""
        track = self._dropping
        return 0.0 if track is None else 1.0 - track.value

    @property
    def shown_rows(self) -> int:
        """Rows whose grade is fully on the board (the last one is still popping in while grading)."""
        return len(self.game.rows) - (1 if self.phase is Phase.GRADING else 0)

    @property
    def shown_possible(self) -> int | None:
        """Codes still possible after the rows on the board, once the strategy has counted them."""
        return self.possible_by_rows.get(self.shown_rows)

    @property
    def show_progress_bar(self) -> bool:
        return self.phase is Phase.THINKING and self.think_frames > PROGRESS_BAR_AFTER_FRAMES

    @property
    def progress_fraction(self) -> float:
        return self.pump.fraction if self.pump is not None else 0.0

    @property
    def computer_guesses(self) -> int:
        return len(self.game.rows) - self.first_row

    def summary(self) -> str:
        """One line for the result screen: how the computer finished the game."""
        if self.error:
            return f"The computer gave up: {self.error}"
        game = self.game
        mine = self.computer_guesses
        theirs = self.first_row
        if game.outcome is Outcome.WON:
            words = "guess" if mine == 1 else "guesses"
            if theirs:
                total = len(game.rows)
                return f"The computer finished it: {mine} more {words} after your {theirs}, {total} in all"
            return f"The computer finished it: cracked in {mine} {words} ({self.info.label})"
        if game.outcome is Outcome.LOST:
            return f"The computer ran out of turns after {len(game.rows)} guesses"
        return "The computer stopped"

    # --- the frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance by `dt` seconds: think within the budget, then animate."""
        if self.finished or (self.paused and not self._stepping):
            return
        self.record = self.record.timed(dt)
        self._pump_once()
        self._advance(dt)

    def _start_thinking(self) -> None:
        think = self.info.think(self.game.config, self.game.history, self.rng)
        self.pump = Pump(think, clock=self.clock)
        self.think_frames = 0

    def _pump_once(self) -> None:
        pump = self.pump
        if pump is None or pump.done:
            return
        pump.pump(self.budget_ms)
        if self.phase is Phase.THINKING:
            self.think_frames += 1
        if pump.possible is not None:
            self.possible = pump.possible
            self.possible_by_rows[len(self.game.rows)] = pump.possible
        self.longest_pump_s = max(self.longest_pump_s, pump.last_call_s)
        self.longest_step_s = max(self.longest_step_s, pump.longest_step_s)

    def _advance(self, dt: float) -> None:
        """Spend `dt` on the animation, moving through as many phases as it covers."""
        left = dt
        for _ in range(16):  # each pass either finishes a phase or consumes all the time left
            if self.paused and not self._stepping:
                return
            if self.phase is Phase.THINKING:
                pump = self.pump
                if pump is None or not pump.done:
                    return
                if pump.error is not None:
                    self.error = str(pump.error)
                    self._enter(Phase.FINISHED)
                    return
                self.guess = tuple(pump.answer)
                self.pump = None
                self._enter(Phase.PLACING)
                continue
            if self.phase is Phase.FINISHED:
                return
            need = self._phase_left()
            if left < need:
                self._tick(left)
                return
            self._tick(need)
            left -= need
            self._finish_phase()

    def _scale(self) -> float:
        return SPEED_SCALE[self.speed]

    def _phase_keys(self) -> list:
        if self.phase is Phase.PLACING:
            return [("place", col) for col in range(self.game.config.pegs)]
        if self.phase is Phase.RESTING:
            return ["rest"]
        return []

    def _phase_left(self) -> float:
        """Seconds of the frame's time until the phase's tracks are done (at the watch speed)."""
        scale = self._scale()
        if scale <= 0:
            return 0.0
        if self.phase is Phase.GRADING:
            return self.grading.time_left() * scale
        return self.timeline.time_left(self._phase_keys()) * scale

    def _tick(self, seconds: float) -> None:
        """`seconds` of the frame's time on the timeline, at the watch speed."""
        scale = self._scale()
        if scale > 0 and seconds > 0:
            self.timeline.update(seconds / scale)
        if self.phase is Phase.GRADING:
            self.grading.update()

    def _enter(self, phase: Phase) -> None:
        self.phase = phase
        if phase is Phase.PLACING:
            for col in range(self.game.config.pegs):
                self.timeline.move(("place", col), PEG_PLACE_S, PEG_PLACE_S * col, ease_out_cubic)
        elif phase is Phase.GRADING:
            self.grading.start(len(self.game.rows) - 1, self.game.rows[-1].feedback)
        elif phase is Phase.RESTING:
            self.timeline.move("rest", FINISH_REST_S if self.game.over else ROW_REST_S, ease=linear)

    def _finish_phase(self) -> None:
        for key in self._phase_keys():
            self.timeline.drop(key)
        if self.phase is Phase.PLACING:
            assert self.guess is not None
            self.record = self.record.played(self.guess, Player.COMPUTER)
            self.guess = None
            self.cues.add(Cue.SUBMIT)
            if self.game.outcome is Outcome.WON:
                self.possible = self.possible_by_rows[len(self.game.rows)] = 1
            elif not self.game.over:
                self._start_thinking()  # think about the next guess while this grade animates
            self._enter(Phase.GRADING)
        elif self.phase is Phase.GRADING:
            self.grading.finish()
            if self._stepping:
                self._stepping = False  # a single step ends once its grade is on the board
            self._enter(Phase.RESTING)
        elif self.phase is Phase.RESTING:
            self._enter(Phase.FINISHED if self.game.over else Phase.THINKING)

    def finish_instantly(self, max_steps: int = 10_000_000) -> None:
        """Play to the end with no animation and no budget (tools and tests)."""
        self.speed = Speed.INSTANT
        self.paused = False
        for _ in range(max_steps):
            if self.finished:
                return
            if self.pump is not None and not self.pump.done:
                self.pump.finish()
            self._advance(0.0)
