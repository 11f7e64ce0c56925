"""The presets (Easy, Classic, Super, Expert) and Custom: a person breaks a random code.

The games themselves are the playing screen's plain game (hooks.py: ClassicHooks, kept with
PLAIN_SAVE, one kept game per statistics bucket, slot_of; its aids in aids.py), which a grid's
games are too (the registry's PLAIN_MODE); this mode adds the menu entries, the Custom setup screen,
Play by number (number.py: the route "by_number" to type a number, and "numbered" to play the game a
number names, as the result screen's Same code again does), the statistics tabs and the preset
high-score tables.
"""

from game.core.config import PRESETS
from game.core.records import CUSTOM_KEY
from game.modes.base import MenuEntry, Mode, StatsTab
from game.modes.classic.hooks import PLAIN_SAVE, ClassicHooks, slot_of
from game.modes.classic.number import MENU_LABEL as NUMBER_LABEL
from game.modes.classic.number import NumberState, numbered_game
from game.modes.classic.setup import SetupState
from game.play.aids import EVERY_AID
from game.screens.base import go

HIGH_SCORE_TABLES = ("Classic", "Super", "Expert")  # Easy and Custom games set no high score


def mode() -> Mode:
    """The mode with the presets PRESETS lists (a card each, a statistics tab each), read now."""
    return Mode(
        id="classic",
        title="Break the code",
        entries=tuple(
            MenuEntry(
                p.name,
                f"{p.pegs} × {p.colours} · {p.config().turns} turns",
                go("new_game", mode="classic", config=p.config()),
            )
            for p in PRESETS
        )
        + (
            MenuEntry(SetupState.MENU_LABEL, "choose pegs, colours, turns", go("setup")),
            # one level down: the title screen's top keeps to about eight choices
            MenuEntry(NUMBER_LABEL, "the game a number names", go("by_number"), "Puzzles"),
        ),
        screens={"setup": SetupState, "by_number": NumberState, "numbered": numbered_game},
        save=PLAIN_SAVE,
        stats_tabs=tuple(StatsTab(p.name) for p in PRESETS) + (StatsTab(CUSTOM_KEY),),
        high_scores=HIGH_SCORE_TABLES,
        aids=EVERY_AID,  # the plain game (ClassicHooks): hints, the coach and hard mode
        hooks=lambda config: ClassicHooks(),
        slot=slot_of,
    )


MODE = mode()
