"""Deduce's share text: how a puzzle went, in the Daily code's style, spoiling nothing.

    Mastermind Arcade Deduce
    2026-11-25 4×6 2/4 · 2 stars
    ●○··
    ●●●●

The header names the puzzle as everyone can find it (the day of a puzzle of the day, or a practice
puzzle's number) and its level, then the tries taken of those allowed ("X" when it was not named),
and the stars. Then one line of marks per try of the player's, blacks first (the variant's
share_marks, as the Daily code's; Word marks keep a mark a letter in place): grades only, never a
guess, a given row or the secret, so the text can be posted the same day. Pure: no pygame, no clock.
"""

from __future__ import annotations

from game.core.codes import Feedback
from game.core.daily import LOSS_MARK
from game.core.deduce import Puzzle, stars, tries_taken
from game.core.state import GameState, Outcome
from game.modes.deduce.levels import title

SHARE_TITLE = "Mastermind Arcade Deduce"


def share_header(puzzle: Puzzle, game: GameState) -> tuple[str, str]:
    """The share text's two header lines for `puzzle` played to `game`'s end."""
    where = puzzle.day.isoformat() if puzzle.day is not None else f"practice {puzzle.number + 1}"
    size = title(puzzle.level)
    tries = tries_taken(puzzle, game)
    if game.outcome is Outcome.WON:
        won = stars(tries)
        result = f"{tries}/{puzzle.tries} · {won} {'star' if won == 1 else 'stars'}"
    else:
        result = f"{LOSS_MARK}/{puzzle.tries}"
    return SHARE_TITLE, f"{where} {size} {result}"


def share_grades(puzzle: Puzzle, game: GameState) -> tuple[Feedback, ...]:
    """The grades of the player's tries, in order (the given rows are the puzzle's, not the player's)."""
    return tuple(row.feedback for row in game.rows[len(puzzle.rows) :])


def share_text(puzzle: Puzzle, game: GameState) -> str:
    """The whole share text (lines joined by "\\n", no trailing newline); see the module docstring."""
    marks = puzzle.config.variant.share_marks  # blacks first; Word marks: a mark a letter, in place
    lines = list(share_header(puzzle, game)) + [marks(g) for g in share_grades(puzzle, game)]
    return "\n".join(lines)
