"""The route table: which screen each route's name makes (`go("result", ...)` -> ResultState).

The shared screens by name (SCREENS), then each registered mode's own (Mode.screens); a mode may map
a name to a function that returns another route (a fresh Blitz run), and a name is never taken
twice. The app builds its table once, when it is made (App.routes), and resolves every transition
through it, so a screen never imports another: it returns a route.

This stands apart from the loop (game/app.py): it changes when a shared screen is added or renamed,
and it is the one place that names them all.
"""

from __future__ import annotations

from collections.abc import Callable

from game.modes.registry import modes, new_game, resume
from game.screens.analysis import AnalysisOverlay
from game.screens.attract import AttractState
from game.screens.base import State
from game.screens.codemaker import CodemakerState
from game.screens.confirm import ConfirmOverlay
from game.screens.help import HelpOverlay
from game.screens.highscores import HighScoresState, InitialsOverlay
from game.screens.hint import HintOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.screens.settings import SettingsState
from game.screens.solving import SolvingState
from game.screens.stats import StatsState

SCREENS: dict[str, Callable[..., State]] = {
    "menu": MenuState,
    "resume": resume,  # a kept game claimed in the store before its screen is made
    "new_game": new_game,  # a mode's new game on a config, with hooks made for it (Mode.new_game)
    "play": PlayingState,
    "solve": SolvingState,
    "result": ResultState,
    "codemaker": CodemakerState,
    "confirm": ConfirmOverlay,
    "help": HelpOverlay,
    "hint": HintOverlay,
    "analysis": AnalysisOverlay,
    "settings": SettingsState,
    "stats": StatsState,
    "high_scores": HighScoresState,
    "initials": InitialsOverlay,
    "attract": AttractState,
}


def route_table() -> dict[str, Callable[..., State]]:
    """Every screen by route name: the shared screens, then each mode's (a name is never taken twice).
    A mode may map a name to a function that returns another route (a fresh Blitz run)."""
    table = dict(SCREENS)
    for mode in modes():
        for name, make in mode.screens.items():
            if name in table:
                raise ValueError(f"the route {name!r} of mode {mode.id!r} is taken")
            table[name] = make
    return table
