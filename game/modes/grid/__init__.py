"""The 2-D puzzle on the menu: a grid of cells graded black, grey and white (docs/grid.md).

A grid game is the playing screen's plain game with a grid config (kept with PLAIN_SAVE like any
other, in the Grid statistics bucket); Custom offers every grid shape. This mode adds the menu
entries for two grids, the Grid statistics tab and the help's Grid controls.
"""

from game.core.config import GameConfig
from game.core.records import GRID_KEY
from game.core.variants import GridVariant
from game.modes.base import MenuEntry, Mode, StatsTab
from game.play.aids import EVERY_AID
from game.screens.base import go
from game.screens.play_hooks import ClassicHooks, slot_of

GRID_PRESETS = ((2, 2, 6), (3, 3, 4))  # (rows, columns, colours) of the grid games on the menu


def _entry(rows: int, columns: int, colours: int) -> MenuEntry:
    config = GameConfig(colours=colours, variant=GridVariant(rows, columns))
    detail = f"{colours} colours · {config.turns} turns · grey pegs"
    route = go("new_game", mode="grid", config=config)
    return MenuEntry(f"Grid {rows}×{columns}", detail, route, "Puzzles", slot_of(config))


MODE = Mode(
    id="grid",
    title="The 2-D puzzle",
    entries=tuple(_entry(*grid) for grid in GRID_PRESETS),
    stats_tabs=(StatsTab(GRID_KEY),),
    aids=EVERY_AID,  # the plain game (ClassicHooks): hints, the coach and hard mode
    hooks=lambda config: ClassicHooks(),
)
