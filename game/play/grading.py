"""GradingShow: the timing of a handed-in row's grade and of the game's finish, without pygame.

After a row is handed in its grading pegs drop in one at a time (GRADE_STAGGER_S apart, each
growing in over GRADE_POP_S) with a cue each; once the last one is down and the game is over, the
finish starts: the winning row's flash (WIN_FLASH_S) or a beat on the full board (LOSS_PAUSE_S), the
secret's shield opening (SHIELD_OPEN_S; on a win once the flash has begun, WIN_SHIELD_DELAY_S, so
the row lands first and the secret second) and, on a loss, the board's shake (SHAKE_S).

Invariants: everything runs on the owner's timeline (so animation speed and reduced motion apply);
input cuts the grade short (its remaining cues are skipped) but never the finish flash; a revealed
game finishes at once with no shield; `finished` holds once the flash and the shield are done.
"""

from __future__ import annotations

from game.core.codes import Feedback
from game.core.state import GameState, Outcome
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


class GradingShow:
    """The grade of the last row appearing, then the finish; reads the game, writes cues."""

    def __init__(self, timeline: Timeline, cues: CueQueue) -> None:
        self.timeline = timeline
        self.cues = cues
        self.grading_row: int | None = None  # the row whose grading pegs are appearing
        self._feedback: Feedback | None = None
        self._cued = 0
        self._finish: Track | None = None
        self._shield: Track | None = None

    def start(self, row: int, feedback: Feedback) -> None:
        """Row `row` was just graded `feedback`: its pegs drop in one after another."""
        self.grading_row, self._feedback, self._cued = row, feedback, 0
        for i in range(self._total()):
            self.timeline.move(("grade", i), GRADE_POP_S, GRADE_STAGGER_S * (i + 1), ease_out_back)

    def grade_track(self, i: int) -> Track | None:
        """The i-th grading peg of the row being graded, while it is appearing (None once shown)."""
        return self.timeline.get(("grade", i))

    def cut(self) -> None:
        """Input arrived: the timeline cuts the moves; a cut grade makes no more sounds."""
        if self.grading_row is not None:
            self._cued = self._total()

    def reveal(self) -> None:
        """The game ended by giving up: finished at once, no flash, no shield."""
        self._finish = self.timeline.flash(FINISH_KEY, 0.0)
        self._finish.finish()

    def update(self, game: GameState) -> None:
        """After the timeline's update: cue the pegs that began to show, then start the finish."""
        if self.grading_row is not None:
            total, black = self._total(), self._feedback.black
            while self._cued < total:
                track = self.grade_track(self._cued)
                if track is not None and not track.started:
                    break
                self.cues.add(Cue.PEG_BLACK if self._cued < black else Cue.PEG_WHITE)
                self._cued += 1
            if not any(self.timeline.running(("grade", i)) for i in range(total)):
                self.grading_row = None
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

    def _total(self) -> int:
        fb = self._feedback
        return 0 if fb is None else sum(fb)  # every grading peg, a grid's greys too
