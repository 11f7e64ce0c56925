"""Window: the window the app draws in, a base of App (game/app.py).

Its size stays within MIN_SIZE..MAX_SIZE (game/options.py) when the player or the window manager
resizes it; desktop fullscreen is the screen's own resolution with no mode change, and leaving it
goes back to the window it left; when a window manager forces the window below MIN_SIZE anyway, the
frame is drawn on a canvas of at least MIN_SIZE whose top-left part the window shows, so layouts
and clicks still agree. The icon is set before the window opens (some systems take it only then).

This stands apart from the loop and the state stack (App): it changes with how a window is opened,
sized and shown, not with what is drawn in it. Window is the base App is built on, not a window of
its own: App opens it in its __init__ (_open_window) and draws on `surface`.
"""

from __future__ import annotations

import logging

import pygame

from game import assets
from game.options import MAX_SIZE, MIN_SIZE
from game.ui.heap import bound_heap

DEFAULT_SIZE = (1024, 720)
TITLE = "Mastermind Arcade"

log = logging.getLogger(__name__)


def _set_window_icon() -> None:
    """The game's icon on its window; without the file the system's own (assets.missing() names it)."""
    try:
        pygame.display.set_icon(pygame.image.load(assets.icon_path()))
    except (OSError, pygame.error):
        pass


class Window:
    """The window's surface, size, fullscreen and small-window canvas (see the module docstring)."""

    surface: pygame.Surface
    fullscreen: bool

    def _open_window(self, size: tuple[int, int]) -> None:
        """Open the window at `size` (clamped), with the game's icon and title."""
        _set_window_icon()  # before the window opens: some systems take an icon only then
        self.surface = pygame.display.set_mode(self._clamp_size(size), pygame.RESIZABLE)
        self.fullscreen = False  # desktop fullscreen: set_fullscreen() switches it
        self._windowed_size = self.surface.get_size()  # the window to go back to from fullscreen
        self._canvas: pygame.Surface | None = None  # drawn on when the window is forced below MIN_SIZE
        pygame.display.set_caption(TITLE)

    @staticmethod
    def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
        w, h = (min(high, max(low, int(v))) for v, low, high in zip(size, MIN_SIZE, MAX_SIZE, strict=True))
        return (w, h)

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window `size` (clamped to MIN_SIZE..MAX_SIZE); the layouts reflow on the next draw.
        In fullscreen the screen decides the size: the display surface is taken as it is."""
        if self.fullscreen:
            self.surface = pygame.display.get_surface() or self.surface
            return
        size = self._clamp_size(size)
        if self.surface.get_size() != size:
            bound_heap()  # resizing churns window-sized surfaces: keep freed ones from staying resident
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> bool:
        """Desktop fullscreen (the screen's own resolution, no mode change) or back to the window it
        left; the layouts reflow on the next draw as for any window size. False when the display
        refuses (some drivers cannot): the window is kept, or reopened if the attempt closed it."""
        if on == self.fullscreen:
            return True
        if on:
            self._windowed_size = self.window_size
        try:
            if on:  # (0, 0) with FULLSCREEN is SDL's FULLSCREEN_DESKTOP at the desktop's size
                display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                display = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error as exc:
            log.warning("fullscreen %s failed: %s", "on" if on else "off", exc)
            if pygame.display.get_surface() is None:  # a failed set_mode may have closed the window
                self.fullscreen = False
                self.surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            return False
        self.surface = display
        self.fullscreen = on
        return True

    @property
    def window_size(self) -> tuple[int, int]:
        """The size of the window: in fullscreen, the one to go back to (what the settings keep)."""
        return self._windowed_size if self.fullscreen else self.surface.get_size()

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _drawing_surface(self, display: pygame.Surface) -> pygame.Surface:
        """The window itself, or, when the window manager forced it below MIN_SIZE, a canvas of at least
        MIN_SIZE whose top-left part the window shows (app.size is the canvas, so clicks still match)."""
        w, h = display.get_size()
        size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
        if size == (w, h):
            return display
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size)
        return self._canvas
