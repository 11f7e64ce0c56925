"""Immutable game state, moves with a text form, and the outcome of a game.

GameState is a value: apply_move(state, move) returns a new state and never changes the old one.
A move's text form round-trips (move_from_text(move_to_text(m)) == m); bad text raises MoveError,
a ValueError whose message a person can act on. A saved game or a replay is a list of move texts.

Two kinds of game share this state:
- the computer (or the game) knows the secret: a Guess move is graded against it;
- nobody here knows the secret (the player grades a physical board): a Guess carries its feedback.

Grades are the variant's (config.variant): (black, white) for the classic row, (black, grey, white)
for a grid; a hand grade of the wrong kind is refused with MoveError.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from .codes import Code, CodeError, code_from_text, code_to_text
from .config import GameConfig
from .variants import Grade, GradeError, Variant, grade_from_numbers


class Outcome(StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    REVEALED = "revealed"


class MoveError(ValueError):
    """A move that cannot be made (or read) in this state; the message says why."""


@dataclass(frozen=True)
class Row:
    """One submitted guess and its grade."""

    guess: Code
    feedback: Grade


@dataclass(frozen=True)
class Guess:
    """Submit a guess. `feedback` is given only when the state holds no secret (hand grading)."""

    code: Code
    feedback: Grade | None = None


@dataclass(frozen=True)
class Reveal:
    """Give up: show the secret and end the game."""


Move = Guess | Reveal


def move_to_text(move: Move) -> str:
    """Guess((0,0,1,1)) -> "g0011"; with feedback "g0011=2,1" (a grid's "g0011=2,1,0": black, grey,
    white); Reveal() -> "reveal"."""
    if isinstance(move, Reveal):
        return "reveal"
    text = "g" + code_to_text(move.code)
    if move.feedback is not None:
        text += "=" + ",".join(str(int(n)) for n in move.feedback)
    return text


def move_from_text(text: str) -> Move:
    text = text.strip()
    if text == "reveal":
        return Reveal()
    if not text.startswith("g"):
        raise MoveError(f"a move is 'reveal' or 'g' followed by a code such as g0011, not {text!r}")
    body, _, grade = text[1:].partition("=")
    try:
        code = code_from_text(body, letters=True)
    except CodeError as exc:
        raise MoveError(str(exc)) from None
    if not grade:
        return Guess(code)
    try:
        return Guess(code, grade_from_numbers(tuple(int(part) for part in grade.split(","))))
    except ValueError:
        raise MoveError(
            f"a hand grade is written black,white as in g0011=2,1 (black,grey,white for a grid), not {text!r}"
        ) from None


@dataclass(frozen=True)
class GameState:
    """Everything undo would restore: config, secret (None if unknown), rows, outcome."""

    config: GameConfig
    secret: Code | None
    rows: tuple[Row, ...] = ()
    outcome: Outcome = Outcome.PLAYING

    @property
    def turn(self) -> int:
        """Index of the row to play next (0-based)."""
        return len(self.rows)

    @property
    def over(self) -> bool:
        return self.outcome is not Outcome.PLAYING

    @property
    def history(self) -> tuple[tuple[Code, Grade], ...]:
        """The (guess, feedback) pairs a solver may see: never the secret."""
        return tuple((row.guess, row.feedback) for row in self.rows)


def new_game(config: GameConfig, secret: Code | None) -> GameState:
    """A fresh game. `secret` is None when the player grades by hand."""
    if secret is not None:
        secret = config.check_code(secret)
    return GameState(config, secret)


def check_feedback(feedback: Grade, variant: Variant) -> Grade:
    """`feedback` if a game of this variant and size could give it, else MoveError saying why."""
    try:
        return variant.check_grade(feedback)
    except GradeError as exc:
        raise MoveError(str(exc)) from None


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after `move`; raises MoveError if the move is not allowed here."""
    if state.over:
        raise MoveError(f"the game is over ({state.outcome.value}); start a new one")
    if isinstance(move, Reveal):
        return replace(state, outcome=Outcome.REVEALED)
    try:
        code = state.config.check_code(move.code)
    except CodeError as exc:
        raise MoveError(str(exc)) from None
    variant = state.config.variant
    if state.secret is not None:
        feedback = variant.score(code, state.secret)
        if move.feedback is not None and tuple(move.feedback) != tuple(feedback):
            raise MoveError("this game grades guesses itself; a hand grade does not match")
    elif move.feedback is None:
        raise MoveError("nobody here knows the secret: a guess needs its grade")
    else:
        feedback = check_feedback(move.feedback, variant)
    rows = state.rows + (Row(code, feedback),)
    if feedback.black == state.config.pegs:
        outcome = Outcome.WON
    elif len(rows) >= state.config.turns:
        outcome = Outcome.LOST
    else:
        outcome = Outcome.PLAYING
    return replace(state, rows=rows, outcome=outcome)


def replay(config: GameConfig, secret: Code | None, moves: list[str]) -> GameState:
    """Rebuild a state from move texts (a save or a replay)."""
    state = new_game(config, secret)
    for text in moves:
        state = apply_move(state, move_from_text(text))
    return state
