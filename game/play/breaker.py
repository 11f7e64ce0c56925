"""BreakerRun: a person breaking a secret, without pygame. The rules half of the playing screen.

The state (game/screens/playing.py) turns pygame events into the intents and draws from what
the run exposes; the run owns the record (game/play/record.py), the row being built, its undo, the
one drag model, submit with its reasons, the grading animation's timing and the finish. Its parts
live beside it: the intents that edit the row being built (pointer, keys, pad) in
breaker_intents.py, its base; the drag model and targets in drag.py, the row being built and its
undo in draft.py, the grade's and the finish's timing in grading.py.

Intents (BreakerIntents): press/motion/release, right_click, rule_out, type_colour, move_cursor,
cycle_colour, backspace, delete, clear_row, undo, choose and use_slot; and here submit, take_hint,
reveal. Targets are play's own values (PaletteColour, BoardSlot, OffSlot): the state maps the
layout's hits onto them.

Hard mode (hard=True, an option of the run): a full row that cannot be the code is refused like an
incomplete one, with the Why-not sentence (game/core/whynot.py) as its reason; a row that fits every
grade so far goes in as usual. `why_not` gives the same reason to a coach in any game.

Aids: colours ruled out are a note kept in the record (they survive resume; toggling one undoes
it; a ruled-out colour can still be played); `nudge` says, before submitting, when the row being
built repeats an earlier row (a repeat is still allowed: it wastes a turn, it breaks no rule).

Motion (all on `timeline`, read by views as 0..1 progress): a picked-up peg lifts (LIFT_S), a
dropped one flies from where it was let go (`drop_from`) and snaps in (DROP_SNAP_S), both timed in
breaker_intents.py; the grade and the finish are timed by grading.py (GradingShow); the result
screen waits for `finished`.

Homes for data: the record is the game (undo never takes back a submitted row); the row being built
(draft.py: draft, cursor, its undo), selected, drag and message are UI state; motion lives on
`timeline`. Invariants: input cuts moves short, never the finish flash; once the game is over no
intent changes anything; time counts only while not over.
"""

from __future__ import annotations

from game.core.codes import Code, CodeError
from game.core.records import GameEnd, GameResult, score_game
from game.core.whynot import WhyNot, why_not
from game.play.breaker_intents import BreakerIntents
from game.play.cues import Cue, CueQueue
from game.play.draft import DraftRow
from game.play.drag import BoardSlot, Drag, OffSlot, PaletteColour  # noqa: F401  (the targets, handed on with the run)
from game.play.grading import GradingShow
from game.play.record import GameRecord, Player
from game.play.run import RecordRun
from game.play.timeline import Motion, Timeline, Track


class BreakerRun(BreakerIntents, RecordRun):
    """Break the code: build a row, submit, read the grade (see the module docstring)."""

    def __init__(self, record: GameRecord, motion: Motion | None = None, hard: bool = False) -> None:
        if record.game.secret is None:
            raise ValueError("a breaker run needs a game that knows its secret")
        self.record = record
        self.hard = hard
        self.row = DraftRow(record.config.pegs, record.draft)
        if record.config.variant.symbols and None in self.row.cells:  # typing goes on where it stopped
            self.row.cursor = self.row.cells.index(None)
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.message = ""
        self.timeline = Timeline(motion)
        self.drop_from: dict[int, tuple[int, int]] = {}  # draft slot -> where its dropped peg was let go
        self.cues = CueQueue()
        self.show = GradingShow(self.timeline, self.cues)

    # --- what views read (game, config, take_cues: RecordRun) ------------------------------------
    @property
    def active_row(self) -> int | None:
        return None if self.game.over else self.game.turn

    @property
    def turn(self) -> int:
        return self.record.turn

    @property
    def ruled_out(self) -> frozenset[int]:
        """Colours the player has marked as not in the code (drawn dimmed on the palette)."""
        return frozenset(self.record.ruled_out)

    @property
    def repeat_of(self) -> int | None:
        """The earlier row (0-based) whose guess the full row being built repeats, or None."""
        if None in self.draft or self.game.over:
            return None
        draft = tuple(self.draft)
        for row, played in enumerate(self.game.rows):
            if tuple(played.guess) == draft:
                return row
        return None

    @property
    def why_not(self) -> WhyNot | None:
        """Why the full row being built cannot be the code (the first earlier row ruling it out), or
        None: the row is not full, fits every grade so far, or the game is over."""
        if None in self.draft or self.game.over:
            return None
        return why_not(self.config, self.game.history, tuple(self.draft))

    @property
    def nudge(self) -> str | None:
        """A gentle word before submitting a row that repeats an earlier one (it can still go in)."""
        row = self.repeat_of
        return None if row is None else f"row {row + 1} already tried this"

    @property
    def can_undo(self) -> bool:
        return bool(self.draft_undo) and not self.game.over

    @property
    def finishing(self) -> bool:
        """The game is over and the finish (grading, then the flash) is under way: input waits."""
        return self.game.over

    @property
    def finished(self) -> bool:
        """The finish flash and the shield's opening have run to their end: the result screen may show."""
        return self.show.finished

    @property
    def win_worth(self) -> int:
        """What a win with the row being built would score now (game.core.records.score_game with
        this turn and the time so far); 0 once a hint was taken or the game is over."""
        if self.game.over:
            return 0
        record = self.record
        result = GameResult(self.config, GameEnd.WON, record.turn, record.elapsed_s, record.assisted)
        return score_game(result)

    @property
    def lift_progress(self) -> float:
        """How far the held peg has lifted (0..1; 1 once lifted)."""
        track = self.timeline.get("lift")
        return 1.0 if track is None else track.progress

    @property
    def shield_progress(self) -> float:
        """How far the secret's shield has opened: 0 until the finish, 1 once open."""
        return self.show.shield_progress

    @property
    def shake_progress(self) -> float:
        """How far a loss's shake has run (1: still)."""
        return self.show.shake_progress

    @property
    def finish_track(self) -> Track | None:
        return self.show.finish_track

    @property
    def grading_row(self) -> int | None:
        """The row whose grading pegs are appearing, or None."""
        return self.show.grading_row

    @property
    def graded_rows(self) -> int:
        """Rows whose grade is fully on the board."""
        return len(self.game.rows) - (1 if self.grading_row is not None else 0)

    def grade_track(self, i: int) -> Track | None:
        """The i-th grading peg of the row being graded, while it is appearing (None once shown)."""
        return self.show.grade_track(i)

    def snap_track(self, col: int) -> Track | None:
        return self.timeline.get(("snap", col))

    def submit_problem(self) -> str | None:
        """Why the row cannot be submitted now, or None when it can."""
        if self.game.over:
            return "the game is over"
        missing = self.draft.count(None)
        variant = self.config.variant
        if missing and variant.symbols:  # digits or letters: typed, not placed
            word = variant.places_word if missing > 1 else variant.places_word.rstrip("s")
            return f"type {missing} more {word}"
        if missing:
            return f"place {missing} more peg{'s' if missing > 1 else ''}"
        if variant.symbols and not self.config.duplicates:
            seen = [v for i, v in enumerate(self.draft) if v in self.draft[:i]]
            if seen:
                each = variant.places_word.rstrip("s")
                return f"{variant.symbol_name(seen[0])} is in twice: each {each} is different"
        try:
            self.config.check_code(tuple(self.draft))
        except CodeError as exc:
            return str(exc)
        if self.hard and (reason := self.why_not) is not None:
            return f"hard mode: {reason.text()}"
        return None

    def snapshot(self) -> GameRecord:
        """The record with the row being built, for resume."""
        return self.record.with_draft(tuple(self.draft) if self.row.started else ())

    @property
    def resumable(self) -> bool:
        """snapshot().resumable without making the snapshot (asked every frame)."""
        game = self.game
        started = bool(game.rows) or self.row.started
        return game.secret is not None and not game.over and started and not self.record.computer_rows

    def submit(self) -> str | None:
        """Hand in the row; returns why it cannot be handed in (None when it was)."""
        if self._blocked():
            return self.submit_problem()
        problem = self.submit_problem()
        if problem is not None:
            self.message = problem
            self.cues.add(Cue.ERROR)
            return problem
        self.cues.add(Cue.SUBMIT)
        self.hand_in(tuple(self.draft))
        self.message = ""
        return None

    def hand_in(self, code: Code) -> None:
        """The checked row goes on the board, graded from the record's secret (a run whose grades
        come from elsewhere sends it instead)."""
        self.record = self.record.played(code, Player.PLAYER)
        row = len(self.game.rows) - 1
        self.show.start(row, self.game.rows[row].feedback)
        self.row.reset()  # a submitted row is never undone
        for col in range(self.config.pegs):
            self.timeline.drop(("snap", col))
        self.drop_from.clear()

    def take_hint(self, code: Code | None) -> None:
        """The player asked the hint for something: the game is assisted; a code fills the row."""
        if self.game.over:
            return
        self.record = self.record.with_assist()
        if code is not None and len(code) == self.config.pegs and list(code) != self.draft:
            self.row.remember(tuple(self.draft), self.cursor)
            self.draft = list(code)

    def reveal(self) -> None:
        """Give up: the secret shows and the game ends at once (no finish flash)."""
        if not self.game.over:
            self.record = self.record.revealed()
            self.cues.add(Cue.REVEAL)
            self.show.reveal()

    def input_arrived(self) -> None:
        """A press or a key: moves are cut short (the finish flash is not)."""
        self.timeline.cut()
        self.show.cut()

    # --- time -------------------------------------------------------------------------------------
    def set_motion(self, motion: Motion) -> None:
        self.timeline.set_motion(motion)

    def update(self, dt: float) -> None:
        self.record = self.record.timed(dt)
        self.timeline.update(dt)
        self.show.update(self.game)
