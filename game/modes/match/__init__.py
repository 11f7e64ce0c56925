"""Two players at one screen, the board game's own rules (game/core/match.py): alternate codemaker
and codebreaker, the codemaker scoring one point per guess.

Screens: setup (names, rounds), the look-away screens (screens.py), the codemaker's secret entry and
the breaker's round through hooks on the shared screens (hooks.py), the scoreboard (scores.py). A
match is kept wherever it is left (MATCH_SAVE); a finished match counts once in the Two players tab.
"""

from __future__ import annotations

from game.core.records import DifficultyStats
from game.modes.base import HelpPage, MenuEntry, Mode, StatsTab
from game.modes.match.hooks import MATCH_KEY, MATCH_SAVE
from game.modes.match.scores import ScoreboardState
from game.modes.match.screens import HandOverState
from game.modes.match.setup import MatchSetupState
from game.screens.base import Context, go

CONTROLS = (
    "Two players, one screen, the board game's rules: each round one player makes the code and the "
    "other breaks it; the roles swap every round. The codemaker scores one point per guess the "
    "breaker makes, and one extra (turns + 1 in all) if the breaker fails or gives up. After the "
    "last round the higher total wins; equal totals are a tie.\n"
    "Before each round the screen asks the breaker to look away; the codemaker sets the secret by "
    "dragging colours onto the row (or keys 1-9 and 0, R for a random code) and hands over. The "
    "breaker plays with the usual controls; Enter submits, R gives up, Esc leaves (kept for resume)."
)


def figures(app: Context) -> tuple[list[tuple[str, str]], str]:
    """The Two players tab: its bucket (MATCH_KEY, hooks.py) read as matches, not games."""
    book = app.store.load_stats() if app.store is not None else {}
    stats = book.get(MATCH_KEY, DifficultyStats())
    longest = max(stats.guesses_needed, default=0)
    rows = [
        ("Matches", f"{stats.games:,}"),
        ("Decided", f"{stats.wins:,}"),
        ("Ties", f"{stats.losses:,}"),
        ("Highest total", f"{stats.best_score:,}" if stats.games else "-"),
        ("Longest match", f"{longest} rounds" if longest else "-"),
    ]
    return rows, "A match counts once, at its final score; the highest total is either player's"


MODE = Mode(
    id="match",
    title="Two players",
    entries=(
        MenuEntry("Two players", "one screen, swap the roles", go("match_setup"), "Versus", slot="match"),
    ),
    screens={
        "match_setup": MatchSetupState,
        "match_handover": HandOverState,
        "match_scores": ScoreboardState,
    },
    save=MATCH_SAVE,
    # "Two players" is too wide for a tab; the histogram counts every match by its rounds (count_match)
    stats_tabs=(StatsTab(MATCH_KEY, figures, label="Matches", histogram="games"),),
    help=HelpPage("match", CONTROLS, tab="Two players"),
)
