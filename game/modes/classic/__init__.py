"""The presets (Easy, Classic, Super, Expert) and Custom: a person breaks a random code.

The games themselves are the playing screen's plain game (game/screens/play_hooks.py: kept with
PLAIN_SAVE, one kept game per statistics bucket); this mode adds the menu entries, the Custom
setup screen, the statistics tabs and the preset high-score tables.
"""

from game.core.config import PRESETS
from game.core.records import CUSTOM_KEY
from game.modes.base import MenuEntry, Mode, StatsTab
from game.modes.classic.setup import SetupState
from game.screens.base import go
from game.screens.play_hooks import PLAIN_SAVE, slot_of

HIGH_SCORE_TABLES = ("Classic", "Super", "Expert")  # Easy and Custom games set no high score

MODE = Mode(
    id="classic",
    title="Break the code",
    entries=tuple(
        MenuEntry(
            p.name,
            f"{p.pegs} × {p.colours} · {p.config().turns} turns",
            go("play", config=p.config()),
            slot=slot_of(p.config()),
        )
        for p in PRESETS
    )
    + (MenuEntry(SetupState.MENU_LABEL, "choose pegs, colours, turns", go("setup")),),
    screens={"setup": SetupState},
    save=PLAIN_SAVE,
    stats_tabs=tuple(StatsTab(p.name) for p in PRESETS) + (StatsTab(CUSTOM_KEY),),
    high_scores=HIGH_SCORE_TABLES,
)
