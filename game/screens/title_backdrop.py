"""The demo game behind the title screen's top page, and the veiled menu image over it.

The half of the title screen's drawing that moves (game/screens/menu.py draws the cards through
game/ui/menu_view.py; this keeps what stands behind them). The demo is a game of the attract screen
(game/screens/attract.py, made through the app's routes as a backdrop), begun only once the menu has
shown for BACKDROP_START_S, so a player who picks at once costs it nothing; under reduced motion it
stands still and the menu is drawn on the plain background. The demo is laid out in the column of
cards, not the window, so nothing of it (its palette, its secret) sticks out beside the cards in a
wide window. The veil and the menu over it change only with what `key` names (the focus, the page,
the look): one image, made again when the key changes, blitted over the moving demo each frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.screens.base import Context, go
from game.ui import palette as pal

BACKDROP_SEED = 1864  # the menu's demo games have their own secrets (never the app's generator)
BACKDROP_VEIL_ALPHA = 165  # how much of the background colour dims the demo behind the menu
DrawMenu = Callable[[pygame.Surface], Any]  # draws the menu on the image given
BACKDROP_START_S = 0.4  # the title shows at once; its demo begins behind it this much later


class TitleBackdrop:
    """The demo behind the menu (`demo`, an AttractState once begun) and the veiled front image."""

    def __init__(self) -> None:
        self.demo: Any = None  # the AttractState behind the menu, once begun (its `live`, `run`)
        self.shown_s = 0.0  # how long the menu has shown (the demo begins at BACKDROP_START_S)
        self._front: pygame.Surface | None = None
        self._front_key: Hashable = None

    @property
    def live(self) -> bool:
        """The demo plays behind the menu (not with reduced motion)."""
        return self.demo is not None and self.demo.live

    def update(self, app: Context, dt: float) -> None:
        self.shown_s += dt
        if self.demo is None and self.shown_s >= BACKDROP_START_S:
            self.demo = app.resolve(go("attract", seed=BACKDROP_SEED, backdrop=True))
            self.demo.enter(app)
        if self.live:
            self.demo.update(dt)

    def forget(self) -> None:
        """The entries changed: the front image is made again."""
        self._front = None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, key: Hashable, draw_menu: DrawMenu) -> None:
        """The demo in `area` (the column of cards), the veil and `draw_menu`'s image over it."""
        surface.fill(pal.BACKGROUND)
        self.demo.draw(surface.subsurface(area))
        if self._front is None or self._front_key != key:
            self._front = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._front.fill((*pal.BACKGROUND, BACKDROP_VEIL_ALPHA))
            draw_menu(self._front)
            self._front_key = key
        surface.blit(self._front, (0, 0))
