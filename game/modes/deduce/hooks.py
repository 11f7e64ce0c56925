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

A wrong try is explained (wrong_try): the first given row it contradicts (game/core/whynot.py),
outlined on the board, and in the panel's message line while the next row is empty, said as short
as the smallest window's line allows: "Not ABORT: row 2 would get 1 black 1 white; it got 0 black 2
white"; for Word marks the first letter of that row marked otherwise: "Not ABHOR: letter 1 of row 1
(E) would be absent; it is elsewhere". A word that fits every row but is not one of the answers
(the board has one answer among the answer list's common words; the allowed list holds rarer ones
too) is refused before it is handed in (no_answer), so it costs no try: "DOUGH fits every row but
is no answer word: no try spent".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.codes import Code, CodeError
from game.core.deduce import Puzzle, deduce_score, stars, tries_taken
from game.core.records import GameEnd, GameResult
from game.core.state import Outcome
from game.core.variants.wordmarks import MARK_WORDS
from game.core.whynot import why_not
from game.modes.deduce.book import DEDUCE_BOOK, DeduceBook
from game.modes.deduce.levels import title
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
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.layout import PlayLayout

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
    """ "Deduce 5×8 · puzzle of 2026-11-25", "Deduce Words · practice 12"."""
    where = f"puzzle of {puzzle.day.isoformat()}" if puzzle.is_daily else f"practice {puzzle.number + 1}"
    return f"Deduce {title(puzzle.level)} · {where}"


@dataclass(frozen=True)
class WrongTry:
    """Why a try is not the code: the given row it contradicts (0-based) and the sentence that says so."""

    row: int
    sentence: str


def wrong_try(puzzle: Puzzle, guess: Code) -> WrongTry | None:
    """Why `guess` (not the secret) is not the code: the first given row it contradicts (None when it
    fits every row, which only a word that is no answer can: no_answer refuses it first)."""
    config = puzzle.config
    reason = why_not(config, puzzle.rows, guess)
    if reason is None:
        return None
    variant = config.variant
    names = [variant.symbol_name(peg) for peg in guess]
    code = "".join(names) if variant.symbols else " ".join(names)  # a word whole, colours by their keys
    row = reason.row + 1
    if len(reason.got) != 2:  # a mark a letter: the first letter of the row marked otherwise
        place = next(i for i, (a, b) in enumerate(zip(reason.would_get, reason.got, strict=True)) if a != b)
        letter = variant.symbol_name(reason.guess[place])
        would, got = MARK_WORDS[int(reason.would_get[place])], MARK_WORDS[int(reason.got[place])]
        return WrongTry(
            reason.row,
            f"Not {code}: letter {place + 1} of row {row} ({letter}) would be {would}; it is {got}",
        )
    would, got = variant.grade_phrase(reason.would_get), variant.grade_phrase(reason.got)
    return WrongTry(reason.row, f"Not {code}: row {row} would get {would}; it got {got}")


def no_answer(puzzle: Puzzle, draft: Sequence[int | None]) -> str | None:
    """Why a full row that fits every given row cannot be handed in: it is a playable word but none
    of the answers (None for anything else: an incomplete or unplayable row is the run's to refuse)."""
    config = puzzle.config
    if any(peg is None for peg in draft):
        return None
    try:
        code = config.check_code(tuple(int(peg) for peg in draft))
        config.variant.secret_rank(config.colours, config.duplicates, code)
    except CodeError:
        return None
    except ValueError:  # an allowed word, but not on the answer list
        if why_not(config, puzzle.rows, code) is None:
            word = config.variant.code_symbols(code).upper()
            return f"{word} fits every row but is no answer word: no try spent"
    return None


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
        self.rows_seen = len(puzzle.rows)  # rows on the board when the last try was explained
        self.wrong: WrongTry | None = None  # why the last try was not the code

    def start(self, app: Context) -> GameRecord:
        return start_record(self.puzzle)

    def update(self, state: PlayScreen, dt: float) -> Any:
        """A new wrong try explained; the explanation in the message line while the next row is empty."""
        run = state.run
        if run is None:
            return None
        rows = run.game.rows
        if len(rows) != self.rows_seen:
            self.rows_seen = len(rows)
            tried = len(rows) > len(self.puzzle.rows) and run.game.outcome is not Outcome.WON
            self.wrong = wrong_try(self.puzzle, rows[-1].guess) if tried else None
        if self.wrong is not None and not run.game.over and all(peg is None for peg in run.draft):
            run.message = self.wrong.sentence
        return None

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        """A word that fits every row but is no answer is not handed in (it costs no try)."""
        if name == "submit" and state.run is not None and not state.run.game.over:
            return no_answer(self.puzzle, state.run.draft)
        return None

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        """The given row the last wrong try contradicts, outlined while the puzzle goes on."""
        wrong = self.wrong
        if wrong is not None and state.run is not None and not state.run.game.over:
            rect = layout.row_rect(wrong.row).inflate(8, 6)
            pygame.draw.rect(surface, pal.TEXT_WARN, rect, width=3, border_radius=6)

    def title(self, state: PlayScreen) -> str:
        return puzzle_name(self.puzzle)

    def turn_text(self, state: PlayScreen) -> str:
        """Tries, not turns: the given rows fill most of the board, and the puzzle allows a few."""
        taken = tries_taken(self.puzzle, state.run.game)
        return f"Try {min(taken + 1, self.puzzle.tries)} of {self.puzzle.tries}"

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
