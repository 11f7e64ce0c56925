"""Deduce: the engine deals a board of graded guesses that exactly one code fits; the player names it.

Screens: the level choice and the dealing card (screens.py; the levels' pages and names in levels.py:
the colour sizes, then Bulls and Cows, Words and Word marks), the end card (result.py); the playing
screen with DeduceHooks (hooks.py). A puzzle of the day per level (once a day, a streak of days solved) and
endless practice puzzles; kept while unsolved (DEDUCE_SAVE); counted in its own statistics bucket
and high-score table; its record "deduce" (book.py) holds the practice numbers, and each puzzle of
the day is one attempt a day in the store (kind "deduce:<level>").
The engine is game/core/deduce.py.
"""

from __future__ import annotations

from game.core.records import DifficultyStats
from game.modes.base import HelpPage, MenuEntry, Mode, StatsTab
from game.modes.deduce.book import DEDUCE_BOOK
from game.modes.deduce.hooks import DEDUCE_KEY, DEDUCE_SAVE
from game.modes.deduce.result import DeduceResultState
from game.modes.deduce.screens import DealState, DeduceState
from game.screens.base import Context, go

# A dealt 4x6 puzzle (practice number 0), its rows as the keys 1-6 name the colours; a test
# checks it against the engine and a brute force.
EXAMPLE_ROWS = (("4446", "0 black, 0 white"), ("6252", "0 black, 1 white"), ("4432", "0 black, 1 white"))
EXAMPLE_LAST = ("6316", "0 black, 1 white")
EXAMPLE_COUNTS = (1296, 256, 54, 14, 1)
EXAMPLE_CODE = "1121"

CONTROLS = (
    "Deduce: the engine deals a board of guesses, each graded as usual, and exactly one code fits them "
    "all. Name it: type or drag it into the next row and submit. A wrong try is graded like any guess, "
    "and the given row it contradicts is outlined and explained; you have 4 tries. Named at the first "
    "try: 3 stars; the second: 2; later: 1. Levels 4×6, 5×8 and 6×9, and on the second page (Page "
    "Down, a pad's right shoulder) Bulls and Cows, Words and Word marks (typed, or on the tile "
    "keyboard; the answer is one of the common words, and a rarer word that fits is refused without "
    "costing a try), each with a puzzle of the day (the same for everyone, once a day; the streak "
    "counts days solved in a row) and endless practice puzzles. R gives up; Esc leaves (the puzzle is "
    "kept).\n"
    "A worked example at 4×6, colours by their keys 1-6. "
    + " ".join(f"{guess}: {grade}." for guess, grade in EXAMPLE_ROWS)
    + f" {EXAMPLE_LAST[0]}: {EXAMPLE_LAST[1]}. "
    "The first row rules out 4 and 6. Then 6252 says one 2 or one 5 is in the code, not where it stands; "
    "4432 says one 3 or one 2, not there; 6316 one 3 or one 1, not there. Codes that fit: "
    + " → ".join(f"{n:,}" for n in EXAMPLE_COUNTS)
    + f" as the rows come. The only one left: {EXAMPLE_CODE}."
)


def figures(app: Context) -> tuple[list[tuple[str, str]], str]:
    """The Deduce tab: puzzles played and solved, stars earned, the streak of puzzles solved."""
    book = app.store.load_stats() if app.store is not None else {}
    stats = book.get(DEDUCE_KEY, DifficultyStats())
    tries = stats.guesses_needed  # a solved puzzle's tries (unassisted: every one)
    three, two = tries.get(1, 0), tries.get(2, 0)
    one = sum(count for n, count in tries.items() if n >= 3)
    rows = [
        ("Puzzles", f"{stats.games:,}"),
        ("Solved", f"{stats.wins:,}" + (f" ({round(100 * stats.win_rate)}%)" if stats.games else "")),
        ("3 / 2 / 1 stars", f"{three:,} / {two:,} / {one:,}"),
        ("Current streak", f"{stats.current_streak:,}"),
        ("Best streak", f"{stats.best_streak:,}"),
        ("Best score", f"{stats.best_score:,}" if stats.best_score else "-"),
    ]
    return rows, "Fewer tries, more stars: the score weighs the stars, the level and the time"


MODE = Mode(
    id="deduce",
    title="Deduce",
    entries=(MenuEntry("Deduce", "name the one code that fits", go("deduce"), "Puzzles"),),
    screens={"deduce": DeduceState, "deduce_deal": DealState, "deduce_result": DeduceResultState},
    save=DEDUCE_SAVE,
    stats_tabs=(StatsTab(DEDUCE_KEY, figures),),
    high_scores=(DEDUCE_KEY,),
    records=(DEDUCE_BOOK,),
    help=HelpPage("deduce", CONTROLS, tab="Deduce"),  # its rules and a worked example
)
