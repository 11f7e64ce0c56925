"""What a finished game's result screen says, from its GameRecord, its aids and what the session recorded.

The half of the result screen (game/screens/result.py) that turns a decided game into words and
figures; the screen draws them and reads events. ResultFacts is that screen's base, not a screen: it
reads `record` (game/play/record.py), `aids` (game/play/aids.py: hard mode and the coach name it
and say why a coached win has no score: the coach, not a hint), `finale` (game/play/finale.py: the
beats of a win landing, None when there is no ceremony) and `outcome`, what recording the game gave
(the session's RecordedOutcome for this very record, so the result screen and the statistics cannot
disagree), which the screen supplies. Pygame-free; nothing here changes the record.

What it answers: the verdict ("You cracked it!"), who solved it ("Knuth, after your 2 rows"), the
score as it counts up (`shown_points`), the streak and the size of the celebration ("top" for a
top-ten score, "best" for a new best, else "win"), the game's number (its size, rules and secret,
game/core/gamenumber.py; None for a game that has none), the panel's caption, figure, badges and
lines, and `details()`: every line the panel says in one list.
"""

from __future__ import annotations

import functools
from typing import Protocol

from game.core.codes import Code
from game.core.gamenumber import GameNumberError, game_number
from game.core.state import GameState, Outcome
from game.play.aids import Aids
from game.play.finale import Beat, Finale
from game.play.record import GameRecord


class Recorded(Protocol):
    """What recording a decided game gave, as far as its result screen reads it (the session's
    RecordedOutcome, game/screens/holding.py)."""

    score_line: str
    streak_line: str
    high_score: tuple[str, int] | None
    points: int
    new_best: bool
    streak: int


class ResultFacts:
    """The result screen's words and figures (see the module docstring); ResultState's base."""

    record: GameRecord
    aids: Aids
    finale: Finale | None

    @property
    def outcome(self) -> Recorded | None:
        """What the session recorded for this game (None: nothing yet); the screen supplies it."""
        raise NotImplementedError

    @property
    def shown_points(self) -> int:
        """The score as it is shown this frame, counting up to `points`; the screen supplies it (the
        count's easing is a drawing matter, game/ui/juice.py)."""
        raise NotImplementedError

    @property
    def game(self) -> GameState:
        return self.record.game

    def solved_by(self) -> str | None:
        """How the computer is named when it finished the game: its strategy, and the rows it took over."""
        record = self.record
        if not record.computer_rows or record.solved_by is None:
            return None
        mine = record.player_rows
        if mine:
            return f"{record.solved_by}, after your {mine} {'row' if mine == 1 else 'rows'}"
        return record.solved_by

    def verdict(self) -> str:
        if self.game.outcome is Outcome.WON:
            return "Solved by the computer" if self.record.computer_rows else "You cracked it!"
        if self.game.outcome is Outcome.LOST:
            return "Out of turns"
        return "Secret revealed"

    @property
    def points(self) -> int:
        """The score this game earned (0: none)."""
        outcome = self.outcome
        return outcome.points if outcome is not None else 0

    @property
    def counted(self) -> bool:
        """The score has finished counting up (or there is none to count)."""
        return self.finale is None or self.finale.progress(Beat.COUNT) >= 1.0

    @property
    def new_best(self) -> bool:
        """ "New best!" shows once the score has counted up and beat this difficulty's best."""
        outcome = self.outcome
        return outcome is not None and outcome.new_best and self.counted

    @property
    def streak(self) -> int:
        """The difficulty's streak after this game, shown on a win by the player (0: none)."""
        outcome = self.outcome
        won = self.game.outcome is Outcome.WON and not self.record.computer_rows
        return outcome.streak if outcome is not None and won and outcome.score_line else 0

    @property
    def celebration(self) -> str:
        """How big the win is: "top" (a top-ten score), "best" (a new best) or "win"."""
        outcome = self.outcome
        if outcome is not None and outcome.high_score is not None:
            return "top"
        return "best" if outcome is not None and outcome.new_best else "win"

    @functools.cached_property
    def number(self) -> str | None:
        """The game's number (its size, rules and secret), or None for a game that has none."""
        secret = self.game.secret
        if secret is None:
            return None
        try:
            return game_number(self.game.config, secret)
        except GameNumberError:
            return None

    def details(self) -> list[str]:
        """Every line the panel says: guesses, score, time, streak, who solved it, a hint."""
        record = self.record
        lines = [f"{record.guesses} of {record.config.turns} guesses", f"Time {record.time_text}"]
        outcome = self.outcome
        if outcome is not None and outcome.points and not self.counted:
            lines.insert(1, f"Score {self.shown_points:,}")
        elif outcome is not None and outcome.score_line:  # counted: "Score 1,310 · new best!"
            lines.insert(1, self.score_line(outcome.score_line))
        if outcome is not None and outcome.streak_line:
            lines.append(outcome.streak_line)
        help_line = self.help_line()
        if help_line:
            lines.append(help_line)
        if self.number is not None:
            lines.append(f"Game number {self.number}")
        return lines

    def score_line(self, line: str) -> str:
        """The recorded score line as this game is: a coached win has no score for the coach, not a
        hint (the coach makes every game of it assisted)."""
        if self.aids.coached and not self.points and self.game.outcome is Outcome.WON:
            return "No score: a coached game"
        return line

    def help_line(self) -> str | None:
        """Who or what helped: the computer that finished it, the coach, or a hint (None: nobody)."""
        solved_by = self.solved_by()
        if solved_by:
            return f"Computer: {solved_by}"
        if self.aids.coached:
            return None  # the title and the score line say it was coached
        return "With a hint (assisted)" if self.record.assisted else None

    # --- the panel, this frame ------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        """The panel's caption and big figure: the score counting up, a win's guesses, or the
        code's noun over the secret ("The word was" and no figure: the code is drawn instead)."""
        if self.points:
            return "Score", f"{self.shown_points:,}"
        if self.game.outcome is Outcome.WON:
            return "Guesses", f"{self.record.guesses}/{self.record.config.turns}"
        return f"The {self.record.config.variant.nouns.code} was", ""

    def badges(self) -> tuple[str, ...]:
        """ "Top ten!" and "New best!", once the celebration has begun."""
        outcome, finale = self.outcome, self.finale
        if outcome is None or finale is None or not finale.started(Beat.CELEBRATE):
            return ()
        earned = (("Top ten!", outcome.high_score is not None), ("New best!", outcome.new_best))
        return tuple(badge for badge, won in earned if won)

    def panel_lines(self, caption: str) -> tuple[str, ...]:
        """The panel's small lines under its figure (`caption`: the headline's): time (with the
        guesses where the figure is not them), a win's score line when it earned no points, who
        helped, the game's number."""
        record, outcome = self.record, self.outcome
        won = self.game.outcome is Outcome.WON
        if caption == "Guesses":
            lines = [f"Time {record.time_text}"]
        else:
            lines = [f"{record.guesses} of {record.config.turns} guesses · {record.time_text}"]
        if won and not self.points and outcome is not None and outcome.score_line:
            lines.append(self.score_line(outcome.score_line))  # "No score: a hint was used"
        help_line = self.help_line()
        if help_line:
            lines.append(help_line)
        if self.number is not None:
            lines.append(f"Game number {self.number}")
        return tuple(lines)

    def shown_streak(self) -> tuple[int, float]:
        """The streak as the panel shows it this frame (0 until its beat) and its pop's progress."""
        finale = self.finale
        if finale is None or not self.streak:
            return 0, 0.0
        return (self.streak if finale.started(Beat.STREAK) else 0), finale.progress(Beat.STREAK)

    def shown_code(self, figure: str) -> Code | None:
        """The secret drawn in the panel where there is no figure (a game lost or revealed)."""
        return None if figure else self.game.secret
