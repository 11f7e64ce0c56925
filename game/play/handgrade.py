"""HandGradeRun: make the code, you grade; the game without pygame behind the hand-grading screen
(game/modes/maker/handgrade.py). This is how a solver is used on a physical board:
- the strategy thinks (pumped inside a frame budget) and shows its guess;
- the player sets the grade's counts (black and white; a grid's black, grey and white; bulls and cows:
  the variant's kinds, in their order) and confirms; the counts never add up to more than the code's
  cells. A variant graded a mark a place (word marks: Variant.marks_by_place) is graded place by
  place instead: `counts` then holds each letter's mark (0 absent, 1 elsewhere, 2 right place);
- the grade is checked at once against every earlier row (game/core/analysis.py); a grade that
  leaves no code possible is refused with a message naming the earlier rows it contradicts;
- undo takes back the last accepted grade (its guess comes back to be graded again, and the count
  of codes that fit goes back to the one for the grades that remain);
- all black ends it; running out of turns, or giving up, ends with the computer asking the player to
  check the grades, because some grade must have been wrong.

Invariants: `counts` is in `variant.kinds` order and sums to at most the cells (by place: each mark
below len(variant.mark_words)); the record holds no
secret (nobody here knows it); a refused grade never reaches the record; the strategy (already bound
to its table by the caller) sees only game.history; one pump call per frame (thinking or checking);
the run's sound cues are data (game/play/cues.py).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from enum import StrEnum

from game.core.analysis import GradeCheck, check_grade_steps
from game.core.codes import Code
from game.core.config import GameConfig
from game.core.solver import StrategyInfo
from game.core.state import Outcome
from game.core.variants import Grade, GradeError
from game.play.cues import Cue, CueQueue
from game.play.maker import COLOUR_KEYS
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.play.record import GameRecord, Player
from game.play.run import RecordRun

CHECK_GRADES = "please check your grades"


class Ending(StrEnum):
    SOLVED = "solved"  # all black
    OUT_OF_TURNS = "out of turns"
    GAVE_UP = "gave up"


class HandGradeRun(RecordRun):
    """A game where the player grades the computer's guesses. Driven by update(dt) and the controls."""

    def __init__(
        self,
        config: GameConfig,
        info: StrategyInfo,
        rng: random.Random,
        *,
        budget_ms: float = PUMP_BUDGET_MS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.info = info
        self.record = GameRecord.new(config, None).with_solver(info.label)
        self.cues = CueQueue()
        self.rng = rng
        self.budget_ms = budget_ms
        self.clock = clock
        self.variant = config.variant
        self.guess: Code | None = None  # the computer's guess waiting for a grade
        self.counts: tuple[int, ...] = (0,) * len(self.variant.kinds)  # the grade being set, kinds order
        self.possible: int | None = None  # codes fitting every accepted grade, once known
        self._possible_after: list[int] = []  # codes fitting the grades up to each accepted row
        self.refusal: str | None = None  # why the last grade was refused
        self.conflict_rows: tuple[int, ...] = ()  # earlier rows (0-based) the refused grade contradicts
        self.ending: Ending | None = None
        self.think: Pump[Code] | None = None
        self.check: Pump[GradeCheck] | None = None
        self._checking: Grade | None = None
        self._start_thinking()

    # --- what the view reads (game, config, take_cues: RecordRun) ------------------------------
    @property
    def busy(self) -> bool:
        """Thinking about a guess or checking a grade: grading controls wait."""
        return (self.guess is None and self.ending is None) or self.check is not None

    @property
    def over(self) -> bool:
        return self.ending is not None

    @property
    def kinds(self) -> tuple[str, ...]:
        """The grade's kinds in the order counts, steppers and grading pegs show them."""
        return self.variant.kinds

    @property
    def pending(self) -> Grade:
        return self.variant.grade(*self.counts)

    @property
    def black(self) -> int:
        return self.count("black")

    @property
    def white(self) -> int:
        return self.count("white")

    def count(self, kind: str) -> int:
        return self.counts[self.kinds.index(kind)]

    @property
    def by_place(self) -> bool:
        """Graded a mark a place (word marks): set_mark and step_mark, not counts of each kind."""
        return self.variant.marks_by_place

    def can_add(self, kind: str) -> bool:
        """Would one more `kind` fit (grading open and fewer pegs set than cells)? By place: can the
        mark of place `kind` (a kind names a place there) go one higher?"""
        if not (self.grading and kind in self.kinds):
            return False
        if self.by_place:
            return self.count(kind) < len(self.variant.mark_words) - 1
        return sum(self.counts) < self.config.pegs

    @property
    def grading(self) -> bool:
        """The player can set a grade now: a guess waits and nothing is being thought or checked."""
        return not self.busy and not self.over

    @property
    def found_code(self) -> Code | None:
        """The player's code once the computer has it (its all-black guess), else None."""
        return self.game.rows[-1].guess if self.ending is Ending.SOLVED else None

    @property
    def progress_fraction(self) -> float:
        pump = self.check or self.think
        return pump.fraction if pump is not None else 0.0

    def message(self) -> str:
        """The line under the board: what is going on, or why a grade was refused."""
        noun = self.variant.nouns.code
        if self.ending is Ending.SOLVED:
            rows = len(self.game.rows)
            guesses = "guess" if rows == 1 else "guesses"
            return f"Your {noun} is {self._code_text(self.game.rows[-1].guess)}: found in {rows} {guesses}"
        if self.ending is Ending.OUT_OF_TURNS:
            best = "every letter in place" if self.by_place else f"all {self.kinds[0]}"  # "all bulls"
            return f"I'm out of turns and no guess got {best}: {CHECK_GRADES}"
        if self.ending is Ending.GAVE_UP:
            if self.refusal:
                return f"I can't go on: {self.refusal}; {CHECK_GRADES}"
            return f"Stopped before the {noun} was found: {CHECK_GRADES}"
        if self.refusal and self.conflict_rows:
            return f"Refused: {self.refusal}. Check those grades, or undo one."
        if self.refusal:
            return f"Refused: {self.refusal}"
        if self.check is not None:
            return "Checking your grade against the earlier rows..."
        if self.guess is None:
            return "Thinking..."
        return f"Grade my guess: {self.variant.grade_rules}"

    def _code_text(self, code: Code) -> str:
        """A code as the keys that place its colours (1..9, 0), as the palette labels them; a grid's
        rows of cells separated by "/" (1234 as a 2x2 grid is 12/34); a variant's own symbols as they
        are written ("4071", "CRANE")."""
        if self.variant.symbols:
            return self.variant.code_symbols(code).upper()
        return self.variant.code_text("".join(COLOUR_KEYS[peg] for peg in code))

    # --- controls ----------------------------------------------------------------------------------
    def set_count(self, kind: str, count: int) -> None:
        """Set how many pegs of `kind` the grade has, at most the cells the earlier kinds leave; the
        later kinds give way so the total stays within the cells (more blacks take from the whites).
        By place: set_mark of that place."""
        if not self.grading:
            return
        index = self.kinds.index(kind)
        if self.by_place:
            self.set_mark(index, count)
            return
        room = self.config.pegs - sum(self.counts[:index])
        counts = list(self.counts)
        counts[index] = max(0, min(room, count))
        for later in range(index + 1, len(counts)):
            room -= counts[later - 1]
            counts[later] = min(counts[later], room)
        self.counts = tuple(counts)
        self.refusal = None

    def step_count(self, kind: str, delta: int) -> None:
        """One more (delta +1) or one fewer (-1) of `kind`, as its stepper or key does: at the cap, with
        every cell graded, one more does nothing (its [+] is disabled)."""
        if delta > 0 and not self.can_add(kind):
            return
        self.set_count(kind, self.count(kind) + delta)

    def set_black(self, count: int) -> None:
        """set_count("black", ...), in the row game's words (as tools/screenshots.py grades)."""
        self.set_count("black", count)

    def set_white(self, count: int) -> None:
        self.set_count("white", count)

    def clear_grade(self) -> None:
        if self.grading:
            self.counts = (0,) * len(self.kinds)
            self.refusal = None

    def set_mark(self, place: int, mark: int) -> None:
        """By place: letter `place`'s mark (0 absent, 1 elsewhere, 2 right place), within those."""
        if not (self.grading and self.by_place and 0 <= place < self.config.pegs):
            return
        counts = list(self.counts)
        counts[place] = max(0, min(len(self.variant.mark_words) - 1, mark))
        self.counts = tuple(counts)
        self.refusal = None

    def cycle_mark(self, place: int, step: int = 1) -> None:
        """By place: letter `place`'s mark turns to the next (absent -> elsewhere -> right place ->
        absent), or the one before (step -1), as a click on its mark does."""
        if self.grading and self.by_place and 0 <= place < self.config.pegs:
            self.set_mark(place, (self.counts[place] + step) % len(self.variant.mark_words))

    def cycle_peg(self, index: int) -> None:
        """Click grading peg `index` (pegs are shown by kind in kinds order, then empty holes): it turns
        into the next kind, and the last kind back to empty (empty -> black -> white, or on a grid
        empty -> black -> grey -> white). By place: the mark of place `index` turns."""
        if not self.grading or not 0 <= index < self.config.pegs:
            return
        if self.by_place:
            self.cycle_mark(index)
            return
        shown = [k for k, n in enumerate(self.counts) for _ in range(n)]
        shown += [len(self.kinds)] * (self.config.pegs - len(shown))  # len(kinds) stands for empty
        shown[index] = (shown[index] + 1) % (len(self.kinds) + 1)
        self.counts = tuple(shown.count(k) for k in range(len(self.kinds)))
        self.refusal = None

    def confirm(self) -> bool:
        """Submit the pending grade for checking; False (with a refusal message) if it cannot be a grade."""
        if self.busy or self.over or self.guess is None:
            return False
        try:
            feedback = self.variant.check_grade(self.counts)
        except GradeError as exc:
            self.refusal = str(exc)
            self.conflict_rows = ()
            self.cues.add(Cue.ERROR)
            return False
        self.refusal = None
        self.conflict_rows = ()
        self._checking = feedback
        steps = check_grade_steps(self.config, self.game.history, self.guess, feedback)
        self.check = Pump(steps, clock=self.clock)
        return True

    def undo(self) -> bool:
        """Take back the last accepted grade; its guess comes back with that grade preselected."""
        if not self.game.rows:
            return False
        self._cancel()
        last = self.game.rows[-1]
        self.record = self.record.without_last_row()
        del self._possible_after[len(self.game.rows) :]
        self.guess = last.guess
        self.counts = tuple(int(n) for n in last.feedback)
        self.ending = None
        self.refusal = None
        self.conflict_rows = ()
        # the count for the grades that remain (None before any grade: every code fits)
        self.possible = self._possible_after[-1] if self._possible_after else None
        return True

    def give_up(self) -> None:
        """End here: the computer asks the player to check the grades."""
        if self.ending is None:
            self._cancel()
            self.ending = Ending.GAVE_UP
            self.cues.add(Cue.LOSE)

    # --- the frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.ending is None:
            self.record = self.record.timed(dt)
        if self.check is not None:
            if self.check.pump(self.budget_ms):
                self._checked()
        elif self.think is not None:
            if self.think.pump(self.budget_ms):
                self._thought()

    def _cancel(self) -> None:
        for pump in (self.check, self.think):
            if pump is not None:
                pump.close()
        self.check = self.think = None
        self._checking = None

    def _start_thinking(self) -> None:
        self.guess = None
        think = self.info.think(self.config, self.game.history, self.rng)
        self.think = Pump(think, clock=self.clock)

    def _thought(self) -> None:
        pump = self.think
        assert pump is not None
        self.think = None
        if pump.possible is not None:
            self.possible = pump.possible
        if pump.error is not None:
            # Only reachable if the accepted rows admit no code, which the checks prevent.
            self.refusal = str(pump.error)
            self.ending = Ending.GAVE_UP
            self.cues.add(Cue.LOSE)
            return
        self.guess = tuple(pump.answer)
        self.counts = (0,) * len(self.kinds)

    def _checked(self) -> None:
        pump, feedback = self.check, self._checking
        assert pump is not None and feedback is not None and self.guess is not None
        self.check = None
        self._checking = None
        result = pump.answer
        if pump.error is not None or result is None:
            self.refusal = str(pump.error)
            self.cues.add(Cue.ERROR)
            return
        if result.conflict is not None:
            self.refusal = result.conflict.message
            self.conflict_rows = result.conflict.rows
            self.cues.add(Cue.ERROR)
            return
        self.record = self.record.played(self.guess, Player.COMPUTER, feedback)
        self.cues.add(Cue.SUBMIT)
        self.possible = result.possible
        self._possible_after.append(result.possible)
        if self.game.outcome is Outcome.WON:
            self.ending = Ending.SOLVED
            self.cues.add(Cue.WIN)
        elif self.game.outcome is Outcome.LOST:
            self.ending = Ending.OUT_OF_TURNS
            self.cues.add(Cue.LOSE)
        else:
            self._start_thinking()

    def finish_pending(self) -> None:
        """Run any thinking or checking to the end (tests and tools)."""
        while (pump := self.check or self.think) is not None:
            pump.finish()
            self.update(0.0)
