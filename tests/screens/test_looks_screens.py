"""Themes and piece sets through the real app: chosen on the settings screen with real keys and
clicks, they change what is drawn at once (the window's background, a played peg, the board under
the settings overlay: its cached image is redrawn), are kept across a restart, and every screen
draws in every theme and piece set without an exception and without a pixel of another theme's
chrome."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.screens.base import Push
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.settings import SettingsState
from game.store import Store
from game.ui import looks
from game.ui import palette as pal
from game.ui.layout import centre
from game.ui.sound import Sound
from tests.screens.driver import click, press_key, submit_code
from tests.screens.test_settings_screen import down_to, open_settings
from tests.ui.test_looks import ink_pixels
from tools import scenes


def corner(app: App) -> tuple[int, int, int]:
    return tuple(app.surface.get_at((1, app.size[1] // 2)))[:3]


def test_looks__theme_chosen_with_keys_shows_at_once_and_is_kept_across_a_restart(tmp_path):
    app = open_settings(tmp_path)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    assert corner(app) == looks.DARK.background
    click(app, centre(app.state.layout().entries[[e.label for e in app.state.entries].index("Settings")]))
    down_to(app, "theme")
    press_key(app, pygame.K_RIGHT)
    assert app.settings.theme == "night"
    press_key(app, pygame.K_RIGHT)
    assert app.settings.theme == "light"
    card = app.state.layout().card
    assert tuple(app.surface.get_at((card.centerx, card.y + 6)))[:3] == looks.LIGHT.board  # this frame
    press_key(app, pygame.K_ESCAPE)  # closing writes the settings
    assert corner(app) == looks.LIGHT.background
    app.close()
    again = App(size=(800, 600), seed=2, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    again.step([], 1 / 60)
    assert again.settings.theme == "light"
    assert corner(again) == looks.LIGHT.background
    again.close()


def test_looks__pieces_chosen_with_the_mouse_redraw_the_board_under_the_overlay_and_persist(tmp_path):
    config = GameConfig(4, 6)
    app = App(
        size=(1024, 720),
        seed=3,
        store=Store(tmp_path),
        sound=Sound(mixer=None),
        start=PlayingState(config, secret=(5, 5, 5, 5), hooks=ClassicHooks()),
        settings={"symbols": False},
    )
    pygame.event.clear()
    submit_code(app, (0, 1, 2, 3))
    for _ in range(120):
        app.step([], 1 / 60)
    playing = app.state
    whole = playing.layout().slot_rect(0, 2)  # colour 2 (yellow): dark ink on it
    slot = whole.inflate(-whole.w * 0.55, -whole.h * 0.55)  # the peg's face, not the hole around it
    ink = pal.ink_for(pal.safe_palette()[2])
    plain = app.surface.subsurface(slot).copy()
    assert ink_pixels(plain, ink) < 10  # a plain peg: no mark on it
    app.apply(Push(SettingsState()))
    for _ in range(2):
        app.step([], 1 / 60)
    shaded = app.surface.subsurface(slot).copy()  # the board under the overlay, shaded
    settings = app.state
    control = settings.layout().controls["pieces"]
    click(app, centre(control))  # Pegs -> Digits
    assert app.settings.pieces == "digits"
    # the same frame: the board's cached image under the overlay was redrawn with digits
    under = app.surface.subsurface(slot).copy()
    assert pygame.image.tobytes(under, "RGB") != pygame.image.tobytes(shaded, "RGB")
    press_key(app, pygame.K_ESCAPE)
    assert app.state is playing
    digit = app.surface.subsurface(slot).copy()
    assert ink_pixels(digit, ink) > 40  # the digit 3 is on the peg
    assert pygame.image.tobytes(digit, "RGB") != pygame.image.tobytes(plain, "RGB")
    centre_pixel = tuple(digit.get_at((slot.w // 2, slot.h // 2)))[:3]
    assert centre_pixel != tuple(plain.get_at((slot.w // 2, slot.h // 2)))[:3]
    app.apply(Push(SettingsState()))
    app.step([], 1 / 60)
    for _ in range(2):  # Digits -> Letters -> High contrast
        click(app, centre(app.state.layout().controls["pieces"]))
    press_key(app, pygame.K_ESCAPE)
    high = tuple(app.surface.get_at(slot.center))[:3]
    mine = looks.HIGH_CONTRAST_COLOURS[2]  # its own colours: the middle of a plain peg (smoothed)
    assert all(abs(a - b) <= 6 for a, b in zip(high, mine, strict=True)), high
    app.close()
    assert Store(tmp_path).load_settings().pieces == "high-contrast"


# Every screen the screenshot tool reaches, at 640x480, in each theme, each with another piece set
SHEET = [(name, config) for name, config in scenes.SHEET if config in (None, scenes.DEFAULT_CONFIG)]
LOOKS = (("night", "digits"), ("light", "letters"), ("dark", "high-contrast"))
# scenes whose board shows code pegs (the piece set must change them)
BOARD_SCENES = ("playing-mid", "result-lost", "solving-mid", "hint", "deduce-playing", "duel-mid", "coach")


def other_themes_chrome(theme: looks.Theme) -> set[tuple[int, int, int]]:
    """Window and card colours of the other themes that no drawing in `theme` should show."""
    mine = {theme.background, theme.board, theme.button}
    return {c for t in looks.THEMES.values() if t is not theme for c in (t.background, t.board)} - mine


@pytest.mark.parametrize(("theme", "pieces"), LOOKS)
def test_looks__every_screen_draws_in_every_theme_with_its_own_chrome(theme, pieces):
    foreign = other_themes_chrome(looks.THEMES[theme])
    for name, config in SHEET:
        app = scenes.build((640, 480), name, config, {"theme": theme, "pieces": pieces})
        app.draw()
        leaked = _patches(app.surface, foreign)
        assert not leaked, (name, leaked[:3])
        app.close()


@pytest.mark.parametrize("pieces", ["digits", "letters", "high-contrast"])
def test_looks__board_screens_draw_in_every_piece_set(pieces):
    for name in BOARD_SCENES:
        plain = scenes.build((640, 480), name)
        plain.draw()
        pegs = pygame.image.tobytes(plain.surface, "RGB")  # the one window: read before the next app
        plain.close()
        app = scenes.build((640, 480), name, None, {"pieces": pieces})
        app.draw()
        assert pygame.image.tobytes(app.surface, "RGB") != pegs, name
        app.close()


def _patches(surface: pygame.Surface, colours: set) -> list[tuple[tuple[int, int], tuple]]:
    """Where a 4x4 patch is all one of `colours` (a fill, not the edge of anti-aliased text), looked
    for every 3 px."""
    w, h = surface.get_size()
    found = []
    for y in range(0, h - 4, 3):
        for x in range(0, w - 4, 3):
            colour = tuple(surface.get_at((x, y)))[:3]
            if colour in colours and all(
                tuple(surface.get_at((x + dx, y + dy)))[:3] == colour for dx in range(4) for dy in range(4)
            ):
                found.append(((x, y), colour))
    return found
