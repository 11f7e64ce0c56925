"""Blitz: crack as many Classic codes as you can against the clock (game/core/blitz.py).

Screens: the playing screen with BlitzHooks, and the run's end (game/modes/blitz/screens.py); the
clock's look is view.py's. A run left is kept (BLITZ_SAVE, its clock stopped); its statistics tab
reads its record; its high-score table is Blitz.
"""

from __future__ import annotations

from game.modes.base import HelpPage, MenuEntry, Mode, StatsTab
from game.modes.blitz.book import BLITZ_BOOK, load_blitz
from game.modes.blitz.screens import BLITZ_HIGH_SCORES, BLITZ_SAVE, BlitzHooks, BlitzResultState, new_run
from game.screens.base import Context, go

CONTROLS = (
    "Blitz: crack as many Classic codes as you can before the clock runs out. It starts at 3:00; "
    "each code cracked in g guesses scores 100 x (11 - g) and adds 15 seconds. A code not cracked "
    "in its 10 turns (or given up with Reveal) scores nothing, adds no time, and the next one "
    "starts. The clock turns red in the last 10 seconds. No New game, Solve or Hint.\n"
    "The board plays as always: mouse or 1-9 and 0, arrows, Backspace, U to undo, Enter submits, "
    "R gives up this code. P (a pad's Start) pauses: the board is hidden and the clock stopped until "
    "you go on. Esc leaves: the run is kept with its clock stopped and Resume in the menu takes it "
    "up again. This help stops the clock too. A score in the top ten asks for initials."
)


def figures(app: Context) -> tuple[list[tuple[str, str]], str]:
    """The Blitz statistics tab: runs, bests and totals from its record."""
    stats = load_blitz(app.store).stats
    per_run = f"{stats.total_cracked / stats.runs:.1f}" if stats.runs else "-"
    rows = [
        ("Runs", f"{stats.runs:,}"),
        ("Best score", f"{stats.best_score:,}" if stats.best_score else "-"),
        ("Most codes in a run", f"{stats.best_cracked:,}"),
        ("Codes cracked", f"{stats.total_cracked:,}"),
        ("Codes per run", per_run),
        ("Clock, per code", "3:00, +15 s"),
    ]
    return rows, "Each code cracked scores 100 per turn left plus 100, and adds 15 seconds"


def status(app: Context) -> str:
    """The Blitz card's lines on the title screen: your best run, and the rule in a line."""
    stats = load_blitz(app.store).stats
    codes = "code" if stats.best_cracked == 1 else "codes"
    best = f"Best {stats.best_score:,} · {stats.best_cracked} {codes}" if stats.best_score else "No run yet"
    return f"{best}\n3 minutes, +15 s a code"


MODE = Mode(
    id="blitz",
    title="Blitz",
    entries=(
        MenuEntry("Blitz", "codes against the clock", go("blitz"), "Today", slot="blitz", status=status),
    ),
    screens={"blitz": new_run, "blitz_result": BlitzResultState},
    save=BLITZ_SAVE,
    stats_tabs=(StatsTab("Blitz", figures),),
    high_scores=(BLITZ_HIGH_SCORES,),
    records=(BLITZ_BOOK,),
    help=HelpPage("blitz", CONTROLS, tab="Blitz"),
    hooks=lambda config: BlitzHooks(),  # a fresh run (Blitz's config is its own)
    slot=lambda config: "blitz",
)
