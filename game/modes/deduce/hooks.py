"""A Deduce puzzle on the playing screen: the dealt rows already on the board, then the player's tries.

DeduceHooks (game/screens/play_protocol.py) start the playing screen from the puzzle's position (the
given rows, marked as the computer's, graded as any row), leave out New game, Solve and Hint, and
make Reveal give up. Each try is graded like any guess; naming the secret ends it with 3 stars at
the first try, 2 at the second, 1 later (game/core/deduce.py). The puzzle in progress is kept in the
slot "deduce" (DEDUCE_SAVE: the puzzle and the record) as it is played; a puzzle of the day is kept
instead in the day's attempt (kind "deduce:<level>"), made as the puzzle is first shown, so one
attempt a day holds through New game, Abandon, a practice puzzle or a second window. Read back, a
kept puzzle is checked at once only as cheaply as a menu line allows (its rows graded by its secret,
the record its puzzle's); taking it up again proves it again over the whole space, on the dealing
card (screens.DealState with `kept`), and a puzzle that no longer has exactly one answer is set
aside with a notice instead of being played. The moment it is decided it counts in the Deduce
statistics bucket (tries as its guesses, the Deduce score as its points), may enter the Deduce high
scores, and a puzzle of the day decides its attempt (stars). practice_route deals the next practice
puzzle at a level (the level choice's and the end card's way to it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.deduce import Puzzle, deduce_score, stars, tries_taken
from game.core.records import GameEnd, GameResult
from game.core.state import Outcome
from game.modes.deduce.book import DEDUCE_BOOK, DeduceBook
from game.play.record import GameRecord, Player
from game.screens.base import Context, Replace, Route, go
from game.screens.holding import Decided, HighScoreChance, Holding, Kept, SaveCodec
from game.screens.play_hooks import (
    NO_ASSIST_BUTTONS,
    PlayScreen,
    StandardHooks,
    keep_in_slot,
    panel_without,
    progress_of,
)

DEDUCE_KEY = "Deduce"  # its statistics bucket and high-score table
SLOT = "deduce"  # where the puzzle in progress is kept


def load_book(store: Any) -> DeduceBook:
    return store.load_record(DEDUCE_BOOK) if store is not None else DeduceBook()


def update_book(store: Any, change: Any) -> DeduceBook:
    return store.update_record(DEDUCE_BOOK, change)


def attempt_kind(level: str) -> str:
    return f"deduce:{level}"


def start_record(puzzle: Puzzle) -> GameRecord:
    """The record a puzzle starts from: its given rows, dealt (the computer's), and nothing else."""
    return GameRecord.of_game(puzzle.start_state(), Player.COMPUTER)


def puzzle_name(puzzle: Puzzle) -> str:
    """ "Deduce 5×8 · puzzle of 2026-11-25" or "Deduce 5×8 · practice 12"."""
    where = f"puzzle of {puzzle.day.isoformat()}" if puzzle.is_daily else f"practice {puzzle.number + 1}"
    return f"Deduce {puzzle.level.replace('x', '×')} · {where}"


@dataclass(frozen=True)
class DeduceSave:
    puzzle: Puzzle
    record: GameRecord


def _decode(data: Any) -> DeduceSave:
    if not isinstance(data, dict) or set(data) != {"puzzle", "record"}:
        raise ValueError("a kept Deduce puzzle holds puzzle and record")
    # as cheaply as a menu line can: the whole-space proof runs, over frames, when it is taken up again
    puzzle = Puzzle.from_dict(data["puzzle"], whole_space=False)
    record = GameRecord.from_dict(data["record"])
    given = start_record(puzzle)
    if record.config != puzzle.config or record.game.rows[: len(puzzle.rows)] != given.game.rows:
        raise ValueError("the kept Deduce game is not its puzzle's")
    if record.over:
        raise ValueError("the kept Deduce puzzle had already ended")
    return DeduceSave(puzzle, record)


DEDUCE_SAVE = SaveCodec(
    version=1,
    encode=lambda save: {"puzzle": save.puzzle.to_dict(), "record": save.record.to_dict()},
    decode=_decode,
    describe=lambda save: (
        f"{puzzle_name(save.puzzle)} · try {tries_taken(save.puzzle, save.record.game) + 1}"
    ),
    resume=lambda save: go("deduce_deal", level=save.puzzle.level, kept=save),  # proved again first
)


class DeduceHooks(StandardHooks):
    help_screen = "deduce"
    mode = "deduce"
    shows_hud = False
    panel_items = panel_without(NO_ASSIST_BUTTONS)

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle

    def start(self, app: Context) -> GameRecord:
        return start_record(self.puzzle)

    def title(self, state: PlayScreen) -> str:
        return puzzle_name(self.puzzle)

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        return "Give up this puzzle? The code is shown and it counts as not solved.", "Give up"

    def finished(self, state: PlayScreen) -> Any:
        return Replace(go("deduce_result", puzzle=self.puzzle, record=state.run.record))

    def save(self, state: PlayScreen) -> dict[str, Any]:
        return DEDUCE_SAVE.envelope(self.mode, DeduceSave(self.puzzle, state.run.snapshot()))

    def decided(self, state: PlayScreen) -> Decided:
        return puzzle_decided(self.puzzle, state.run.record)

    def holding(self, state: PlayScreen) -> Holding:
        """A puzzle of the day is kept in its attempt from the moment it shows (never in a slot a new
        game or Abandon could empty)."""
        # a dealt puzzle is worth keeping from the start (its deal is the work)
        holding = keep_in_slot(state, SLOT, self.save, self.decided, from_the_start=True)
        puzzle = self.puzzle
        if not puzzle.is_daily or holding.decided is not None or state.run is None:
            return holding
        rows, draft = progress_of(state.run)

        def write(store: Any) -> None:
            data = DEDUCE_SAVE.encode(DeduceSave(puzzle, state.run.snapshot()))
            if not store.play_attempt(puzzle.day.isoformat(), attempt_kind(puzzle.level), data):
                store.notice(
                    f"Today's Deduce {puzzle.level} puzzle was finished in another window; its result stands."
                )

        return Holding(
            kept=Kept(f"deduce-daily:{puzzle.level}", rows, draft, write=write), celebrate=holding.celebrate
        )


def puzzle_decided(puzzle: Puzzle, record: GameRecord) -> Decided:
    """A puzzle played to its end, recorded once (the same decision wherever it is seen)."""
    tries = tries_taken(puzzle, record.game)
    solved = record.game.outcome is Outcome.WON
    points = deduce_score(puzzle.level, tries, record.elapsed_s) if solved else 0
    end = (
        GameEnd.WON
        if solved
        else GameEnd.REVEALED
        if record.game.outcome is Outcome.REVEALED
        else GameEnd.LOST
    )
    result = GameResult(puzzle.config, end, max(tries, 1), record.elapsed_s, bucket=DEDUCE_KEY, points=points)
    chance = HighScoreChance(DEDUCE_KEY, points) if points else None
    won_stars = stars(tries) if solved else 0

    def write(store: Any) -> None:
        if puzzle.is_daily:  # AlreadyDecided (another window first) undoes the whole decision
            store.decide_attempt(puzzle.day.isoformat(), attempt_kind(puzzle.level), {"stars": won_stars})

    return Decided(record.game, record, result, chance, write, slot=None if puzzle.is_daily else SLOT)


def practice_route(app: Context, level: str) -> Route:
    """The next practice puzzle at `level` (its number is taken now, so each one is new)."""
    store = app.store
    if store is None:
        return go("deduce_deal", level=level, number=app.rng.randrange(1_000_000))
    number = 0

    def take(book: DeduceBook) -> DeduceBook:
        nonlocal number
        book, number = book.practice_dealt(level)
        return book

    update_book(store, take)
    return go("deduce_deal", level=level, number=number)
