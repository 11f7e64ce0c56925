"""RemoteBreakerRun: a person breaking a code that only a server knows (an online duel's board).

The same run as BreakerRun (the row being built, its undo, the one drag model, the grade's
animation), on a record with no secret: a submitted row is not graded here. submit() hands the row
to `send` (the game's outbox to the server) and keeps it on the board as `pending` while input
waits; land(code, grade) plays it with the server's grade when that arrives, and the grade drops in
as any grade does. So nothing on this side can grade a row, and nothing the server did not grade is
ever on the board. A row that lands without a pending one (the server's catch-up after a restart)
is played the same way.

The game ends here only as far as the board goes (cracked, or out of turns); who won a duel is the
server's word, which the hooks read.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.codes import Code, Feedback
from game.play.breaker import BreakerRun
from game.play.cues import Cue, CueQueue
from game.play.draft import DraftRow
from game.play.grading import GradingShow
from game.play.record import GameRecord, Player
from game.play.timeline import Motion, Timeline

WAITING = "waiting for the server's grade"


class RemoteBreakerRun(BreakerRun):
    """A breaker run whose grades come from elsewhere (see the module docstring)."""

    def __init__(
        self, record: GameRecord, send: Callable[[Code], None], motion: Motion | None = None
    ) -> None:
        # BreakerRun's own __init__ insists on a secret: the same parts are made here without one
        self.record = record
        self.hard = False
        self.row = DraftRow(record.config.pegs, record.draft)
        self.selected = None
        self.drag = None
        self.message = ""
        self.timeline = Timeline(motion)
        self.drop_from = {}
        self.cues = CueQueue()
        self.show = GradingShow(self.timeline, self.cues)
        self.send = send
        self.pending: Code | None = None
        self.closed = False  # the duel is decided (or this board is not playing now): no more input

    def submit_problem(self) -> str | None:
        if self.pending is not None:
            return WAITING
        if self.closed:
            return "the duel is over"
        return super().submit_problem()

    def hand_in(self, code: Code) -> None:
        """The row goes to the server, which grades it; it lands when the grade comes back."""
        self.pending = code
        self.send(code)

    def land(self, code: Code, grade: tuple[int, int]) -> None:
        """The server graded `code`: it goes on the board with that grade."""
        self.record = self.record.played(tuple(code), Player.PLAYER, Feedback(*grade))
        row = len(self.game.rows) - 1
        self.show.start(row, self.game.rows[row].feedback)
        if self.pending is not None:
            self.pending = None
            self.row.reset()
            for col in range(self.config.pegs):
                self.timeline.drop(("snap", col))
            self.drop_from.clear()

    def refused(self, reason: str) -> None:
        """The server refused the pending row: it stays on the row being built, with the reason."""
        if self.pending is not None:
            self.pending = None
            self.message = reason
            self.cues.add(Cue.ERROR)

    def _blocked(self) -> bool:
        return self.game.over or self.closed or self.pending is not None
