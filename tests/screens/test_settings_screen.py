"""The settings screen through real events: every control changes app.settings and the sound at once,
closing it writes the store, and a new app starts with them."""

from __future__ import annotations

import itertools

import pygame

from game.app import App
from game.screens.base import Push
from game.screens.menu import MenuState
from game.screens.settings import ROWS, SettingsState
from game.store import Settings, Store
from game.ui.layout import centre
from game.ui.sound import Sound
from tests.screens.driver import click, key, post, press_key


def open_settings(directory, size=(1024, 720)) -> App:
    app = App(size=size, seed=1, store=Store(directory), sound=Sound(mixer=None))
    pygame.event.clear()
    menu = app.state
    index = [e.label for e in menu.entries].index("Settings")
    click(app, centre(menu.layout().entries[index]))
    assert isinstance(app.state, SettingsState)
    return app


def test_settings__mouse_changes_every_setting_and_closing_saves_them(tmp_path):
    app = open_settings(tmp_path)
    screen = app.state
    layout = screen.layout()
    click(app, centre(layout.controls["palette"]))  # the palette's one button switches to the next
    assert app.settings.palette == "classic"
    for name in ("symbols", "sound", "reduced_motion"):
        before = getattr(app.settings, name)
        click(app, centre(layout.toggle_rect(name)))
        assert getattr(app.settings, name) is (not before)
    assert app.sound.enabled is False  # sound was toggled off
    minus, _, plus = layout.stepper_parts("volume")
    for _ in range(3):
        click(app, centre(minus))
    assert app.settings.volume == 0.5 and app.sound.volume == 0.5
    _, _, faster = layout.stepper_parts("animation_speed")
    for _ in range(3):  # Normal, then Fast, Fastest, and no further
        click(app, centre(faster))
    assert app.settings.animation_speed == 2.0
    app.draw()
    click(app, centre(layout.buttons["back"]))
    assert isinstance(app.state, MenuState)
    saved = Store(tmp_path).load_settings()
    assert saved == Settings(
        palette="classic",
        symbols=False,
        sound=False,
        volume=0.5,
        animation_speed=2.0,
        reduced_motion=True,
        window_size=(1024, 720),
    )
    again = App(size=(800, 600), seed=2, store=Store(tmp_path), sound=Sound(mixer=None))
    assert again.settings.palette == "classic" and again.settings.reduced_motion is True
    assert again.sound.enabled is False and again.sound.volume == 0.5


def test_settings__keyboard_reaches_every_row_and_stops_at_the_ends(tmp_path):
    app = open_settings(tmp_path)
    screen = app.state
    assert ROWS[screen.focus] == "palette"
    press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RIGHT)  # already the last palette: stays
    assert app.settings.palette == "classic"
    for _ in range(ROWS.index("volume")):
        press_key(app, pygame.K_DOWN)
    for _ in range(15):
        press_key(app, pygame.K_RIGHT)
    assert app.settings.volume == 1.0
    for _ in range(15):
        press_key(app, pygame.K_LEFT)
    assert app.settings.volume == 0.0
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_SPACE)
    assert app.settings.music is False
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_LEFT)
    assert app.settings.music_volume == 0.4
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_LEFT)
    assert app.settings.animation_speed == 0.5
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_SPACE)
    assert app.settings.reduced_motion is True
    press_key(app, pygame.K_DOWN)
    assert ROWS[screen.focus] == "fullscreen"  # switched by tests/states/test_fullscreen.py
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_SPACE)
    assert app.settings.coach is True
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_RIGHT)
    assert app.settings.hard_mode is True
    press_key(app, pygame.K_DOWN)  # wraps to the top
    assert ROWS[screen.focus] == "palette"
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    assert Store(tmp_path).load_settings().volume == 0.0
    assert Store(tmp_path).load_settings().hard_mode is True


def test_settings__draws_without_overlap_at_small_and_large_windows(tmp_path):
    for size in ((640, 480), (1024, 720), (1920, 1080)):
        app = open_settings(tmp_path, size)
        layout = app.state.layout()
        rows = [layout.row_rect(name).inflate(-8, -6) for name in ROWS]  # focus frames may touch
        for a, b in itertools.combinations(rows, 2):
            assert not a.colliderect(b), size
        controls = [layout.controls[name] for name in ROWS]
        shown = controls + list(layout.previews.values()) + [rect for _, rect in layout.headings]
        for a, b in itertools.combinations(shown, 2):
            assert not a.colliderect(b), size
        assert all(layout.card.contains(rect) for rect in shown), size
        assert max(rect.bottom for rect in shown) <= layout.hint_rect.top, size
        assert layout.hint_rect.bottom <= layout.buttons["back"].top, size
        assert layout.card.contains(layout.buttons["back"]), size
        app.draw()
        post(app, key(pygame.K_ESCAPE))


def test_settings__works_without_a_store_or_a_real_sound(tmp_path):
    app = App(size=(800, 600), seed=1)
    pygame.event.clear()
    app.apply(Push(SettingsState()))
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_SPACE)
    assert app.settings.symbols is False
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
