"""The timing of a graded row appearing and of the game's finish, without pygame.

GradePop: after a row is graded its grading pegs drop in one at a time (GRADE_STAGGER_S apart,
each growing in over GRADE_POP_S) with a cue each. Every run shows a grade this way, a person's
(GradingShow, for BreakerRun) and the computer's (ComputerRun), so a grade looks and sounds alike
whoever played the row.

GradingShow: a GradePop, then, once the last peg is down and the game is over, the finish: the
winning row's flash (WIN_FLASH_S) or a beat on the full board (LOSS_PAUSE_S), the secret's shield
opening (SHIELD_OPEN_S; on a win once the flash has begun, WIN_SHIELD_DELAY_S, so the row lands
first and the secret second) and, on a loss, the board's shake (SHAKE_S).

Invariants: everything runs on the owner's timeline (so animation speed and reduced motion apply);
input cuts the grade short (its remaining cues are skipped) but never the finish flash; a revealed
game finishes at once with no shield; `finished` holds once the flash and the shield are done.
"""

from __future__ import annotations

from game.core.state import GameState, Outcome
from game.core.variants import Grade
from game.play.cues import Cue, CueQueue
from game.play.timeline import Timeline, Track, ease_out_back, linear

GRADE_STAGGER_S = 0.16  # between one grading peg and the next
GRADE_POP_S = 0.18  # one grading peg growing into place
WIN_FLASH_S = 1.1  # the winning row pulses this long before the result screen; always completes
LOSS_PAUSE_S = 0.8  # a beat on the full board before the result screen after the last turn
SHIELD_OPEN_S = 0.6  # the secret's shield slides open once the last grade is on the board
SHAKE_S = 0.45  # the board's shake on a loss
WIN_SHIELD_DELAY_S = 0.45  # a win's shield starts sliding this long into the winning row's flash
FINISH_KEY = "finish"


class GradePop:
    """The grading pegs of one row dropping in on the owner's timeline, a cue as each begins to show."""

    def __init__(self, timeline: Timeline, cues: CueQueue) -> None:
        self.timeline = timeline
        self.cues = cues
        self.grading_row: int | None = None  # the row whose grading pegs are appearing
        self._feedback: Grade | None = None
        self._cued = 0

    def start(self, row: int, feedback: Grade) -> None:
        """Row `row` was just graded `feedback`: its pegs drop in one after another."""
        self.grading_row, self._feedback, self._cued = row, feedback, 0
        for i in range(self.total):
            self.timeline.move(self._key(i), GRADE_POP_S, GRADE_STAGGER_S * (i + 1), ease_out_back)

    def grade_track(self, i: int) -> Track | None:
        """The i-th grading peg of the row being graded, while it is appearing (None once shown)."""
        return self.timeline.get(self._key(i))

    @property
    def shown(self) -> int:
        """How many of the row's grading pegs have begun to show."""
        return sum(1 for i in range(self.total) if (t := self.grade_track(i)) is None or t.started)

    def time_left(self) -> float:
        """Real seconds until the last peg is in place."""
        return self.timeline.time_left([self._key(i) for i in range(self.total)])

    def cut(self) -> None:
        """Input arrived: the timeline cuts the moves; a cut grade makes no more sounds."""
        if self.grading_row is not None:
            self._cued = self.total

    def finish(self) -> None:
        """Every peg in place at once, without the cues of those not yet shown."""
        self.cut()
        for i in range(self.total):
            self.timeline.drop(self._key(i))
        self.grading_row = None

    def update(self) -> None:
        """After the timeline's update: cue the pegs that began to show; done once all are in."""
        if self.grading_row is None:
            return
        total, black = self.total, self._feedback.black
        while self._cued < total:
            track = self.grade_track(self._cued)
            if track is not None and not track.started:
                break
            self.cues.add(Cue.PEG_BLACK if self._cued < black else Cue.PEG_WHITE)
            self._cued += 1
        if not any(self.timeline.running(self._key(i)) for i in range(total)):
            self.grading_row = None

    @property
    def total(self) -> int:
        fb = self._feedback
        return 0 if fb is None else sum(fb)  # every grading peg, a grid's greys too

    @staticmethod
    def _key(i: int) -> tuple[str, int]:
        return ("grade", i)


class GradingShow:
    """The grade of the last row appearing (a GradePop), then the finish; reads the game, writes cues."""

    def __init__(self, timeline: Timeline, cues: CueQueue) -> None:
        self.timeline = timeline
        self.cues = cues
        self.pop = GradePop(timeline, cues)
        self._finish: Track | None = None
        self._shield: Track | None = None

    @property
    def grading_row(self) -> int | None:
        """The row whose grading pegs are appearing."""
        return self.pop.grading_row

    def start(self, row: int, feedback: Grade) -> None:
        """Row `row` was just graded `feedback`: its pegs drop in one after another."""
        self.pop.start(row, feedback)

    def grade_track(self, i: int) -> Track | None:
        """The i-th grading peg of the row being graded, while it is appearing (None once shown)."""
        return self.pop.grade_track(i)

    def cut(self) -> None:
        """Input arrived: the timeline cuts the moves; a cut grade makes no more sounds."""
        self.pop.cut()

    def reveal(self) -> None:
        """The game ended by giving up: finished at once, no flash, no shield."""
        self._finish = self.timeline.flash(FINISH_KEY, 0.0)
        self._finish.finish()

    def update(self, game: GameState) -> None:
        """After the timeline's update: cue the pegs that began to show, then start the finish."""
        self.pop.update()
        if game.over and self.grading_row is None and self._finish is None:
            won = game.outcome is Outcome.WON
            self.cues.add(Cue.WIN if won else Cue.LOSE)
            self._finish = self.timeline.flash(FINISH_KEY, WIN_FLASH_S if won else LOSS_PAUSE_S)
            # a move, so animation speed scales it; it is kept here, so it is never dropped unseen
            delay = WIN_SHIELD_DELAY_S if won else 0.0
            self._shield = self.timeline.move("shield", SHIELD_OPEN_S, delay, ease=linear)
            if not won:
                self.timeline.move("shake", SHAKE_S, ease=linear)

    @property
    def finished(self) -> bool:
        """The finish flash and the shield's opening have run to their end."""
        shield_open = self._shield is None or self._shield.done
        return self._finish is not None and self._finish.done and shield_open

    @property
    def finish_track(self) -> Track | None:
        return self._finish if self._finish is not None and not self._finish.done else None

    @property
    def shield_progress(self) -> float:
        """How far the secret's shield has opened: 0 until the finish, 1 once open."""
        if self._shield is None:
            return 1.0 if self._finish is not None else 0.0  # a revealed game has no shield
        return 1.0 if self._shield.done else self._shield.progress

    @property
    def shake_progress(self) -> float:
        """How far a loss's shake has run (1: still)."""
        track = self.timeline.get("shake")
        return 1.0 if track is None else track.progress
