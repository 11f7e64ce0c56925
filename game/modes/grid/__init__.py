"""The 2-D puzzle on the menu: a grid of cells graded black, grey and white (docs/grid.md).

A grid game is the playing screen's plain game with a grid config (the classic mode's: its entries
name the route "new_game" with no mode, so the plain game's mode makes its hooks and says where it
is kept, in the Grid statistics bucket); Custom offers every grid shape. This mode adds the menu
entries for two grids, the Grid statistics tab and the help's Grid controls.
"""

from game.core.config import GameConfig
from game.core.records import GRID_KEY
from game.core.variants import GridVariant
from game.modes.base import MenuEntry, Mode, StatsTab
from game.play.aids import EVERY_AID
from game.screens.base import go

GRID_PRESETS = ((2, 2, 6), (3, 3, 4))  # (rows, columns, colours) of the grid games on the menu


def _entry(rows: int, columns: int, colours: int) -> MenuEntry:
    config = GameConfig(colours=colours, variant=GridVariant(rows, columns))
    detail = f"{colours} colours · {config.turns} turns · grey pegs"
    return MenuEntry(f"Grid {rows}×{columns}", detail, go("new_game", config=config), "Puzzles")


MODE = Mode(
    id="grid",
    title="The 2-D puzzle",
    entries=tuple(_entry(*grid) for grid in GRID_PRESETS),
    stats_tabs=(StatsTab(GRID_KEY),),
    aids=EVERY_AID,  # the plain game's: hints, the coach and hard mode
)
