"""Duel: race the computer to the same code, turn about (rules in game/core/duel.py).

Screens: the setup (level and code, game/modes/duel/setup.py), the playing screen with DuelHooks
(hooks.py: the second board), and the end (result.py); the side-by-side geometry is view.py's. A
duel left half-played is kept (DUEL_SAVE); a decided duel counts once in the Duel tab.
"""

from game.core.duel import DuelRules
from game.core.records import DUEL_KEY
from game.modes.base import HelpPage, MenuEntry, Mode, StatsTab
from game.modes.duel.hooks import DUEL_SAVE, DuelHooks
from game.modes.duel.result import DuelResultState
from game.modes.duel.setup import DuelSetupState
from game.screens.base import go

CONTROLS = (
    "Duel: you and the computer crack the same secret, each on your own board. Each turn you guess "
    "first, then the computer replies. First to crack it wins; both on the same turn is a draw; "
    "nobody within the turns, nobody wins. You see the computer's grades as it plays; its guesses "
    "stay covered until the duel ends. It sees only its own guesses and grades, never the secret.\n"
    "Your board works as in a normal game (mouse, 1-9 and 0, arrows, Backspace, U to undo); Enter "
    "submits when it is your turn. R gives up (the computer wins). Esc leaves: the duel is kept and "
    "Resume in the menu takes it up again. H or F1 shows this help, M turns the sound off or on."
)

MODE = Mode(
    id="duel",
    title="Duel",
    entries=(
        MenuEntry("Duel", "race the computer to the same code", go("duel_setup"), "Versus", slot="duel"),
    ),
    screens={"duel_setup": DuelSetupState, "duel_result": DuelResultState},
    save=DUEL_SAVE,
    stats_tabs=(StatsTab(DUEL_KEY),),
    help=HelpPage("duel", CONTROLS, tab="Duel"),
    hooks=lambda config, level: DuelHooks(DuelRules(config, level)),  # the opponent beside the code
)
