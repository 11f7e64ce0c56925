"""Fullscreen through real events: F11 and Alt+Enter switch desktop fullscreen anywhere, the layouts
reflow to the screen and back, the Settings row does the same, a restart remembers it, and a display
that refuses leaves a working window and a notice.

SDL's dummy driver (the tests' display) reports one 1024x768 desktop and cannot toggle_fullscreen
("That operation is not supported"), but set_mode((0, 0), FULLSCREEN) works there as on a real
display, which is what the game uses: the window surface becomes the desktop's size.
"""

from __future__ import annotations

import pygame

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.options import build_parser, settings_from_args
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.settings import ROWS, SettingsState
from game.store import Store
from game.ui.layout import centre
from game.ui.sound import Sound
from tests.screens.driver import click, drawn_lines, key, make_app, post, press_key, wheel_to_row

WINDOW = (900, 600)  # smaller than the dummy desktop both ways, so a reflow is visible in each


def desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])


def alt_enter() -> pygame.event.Event:
    return key(pygame.K_RETURN, mod=pygame.KMOD_ALT)


def test_fullscreen__f11_fills_the_desktop_and_the_menu_reflows_to_it():
    app = make_app(size=WINDOW)
    press_key(app, pygame.K_F11)
    assert app.fullscreen and pygame.display.is_fullscreen()
    assert app.size == desktop() and app.settings.fullscreen
    assert "Fullscreen (F11 for a window)" in drawn_lines(app)
    menu = app.state
    assert isinstance(menu, MenuState)
    layout = menu.layout()
    assert WINDOW[1] < layout.footer.bottom <= desktop()[1]  # laid out for the screen, not the window
    index = [entry.label for entry in menu.entries].index("Settings")
    click(app, centre(layout.entries[index]))  # clicks land where the reflowed menu drew the entry
    assert isinstance(app.state, SettingsState)
    press_key(app, pygame.K_F11)
    assert not app.fullscreen and not pygame.display.is_fullscreen()
    assert app.size == WINDOW and app.settings.fullscreen is False


def test_fullscreen__alt_enter_switches_and_the_screen_never_sees_the_enter():
    app = make_app(size=WINDOW)
    post(app, alt_enter())
    assert app.fullscreen and app.size == desktop()
    assert isinstance(app.state, MenuState)  # plain Enter would have opened the focused entry
    post(app, key(pygame.K_KP_ENTER, mod=pygame.KMOD_RALT))
    assert not app.fullscreen and app.size == WINDOW
    post(app, key(pygame.K_RETURN))
    assert not isinstance(app.state, MenuState)  # without Alt, Enter is the menu's again


def test_fullscreen__works_during_a_game_and_keeps_the_row_being_built():
    app = make_app(size=WINDOW, start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    for k in (pygame.K_1, pygame.K_2):  # each key places a colour and moves the cursor on
        press_key(app, k)
    built = list(app.state.run.draft)
    assert built[:2] == [0, 1]
    press_key(app, pygame.K_F11)
    post(app, alt_enter())  # Alt+Enter is not the game's Enter: the half-built row is not submitted
    press_key(app, pygame.K_F11)
    assert app.fullscreen and app.size == desktop()
    assert isinstance(app.state, PlayingState) and not app.state.game.rows
    assert app.state.run.draft == built
    app.draw()


def test_fullscreen__a_late_resize_event_does_not_drop_out_of_fullscreen():
    app = make_app(size=WINDOW)
    press_key(app, pygame.K_F11)
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=WINDOW, w=WINDOW[0], h=WINDOW[1]))
    post(app, pygame.event.Event(pygame.WINDOWRESIZED, x=WINDOW[0], y=WINDOW[1]))
    assert app.fullscreen and pygame.display.is_fullscreen() and app.size == desktop()


def test_fullscreen__settings_row_switches_it_by_mouse_and_by_key(tmp_path):
    app = App(size=WINDOW, seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    menu = app.state
    click(app, centre(menu.layout().entries[[e.label for e in menu.entries].index("Settings")]))
    screen = app.state
    assert isinstance(screen, SettingsState)
    wheel_to_row(app, "fullscreen")
    click(app, centre(screen.layout().toggle_rect("fullscreen")))
    assert app.fullscreen and app.size == desktop()
    toggle = screen.layout().toggle_rect("fullscreen")  # the card reflowed with the screen
    assert toggle.bottom <= desktop()[1] and app.settings.fullscreen
    assert ROWS[screen.focus] == "fullscreen"  # the click focused the row: the keys work on it now
    assert "The whole screen at its own resolution" in " ".join(drawn_lines(app))
    press_key(app, pygame.K_SPACE)
    assert not app.fullscreen and app.size == WINDOW
    press_key(app, pygame.K_RIGHT)
    assert app.fullscreen
    press_key(app, pygame.K_ESCAPE)
    assert Store(tmp_path).load_settings().fullscreen is True


def test_fullscreen__remembered_across_a_restart_with_the_window_to_go_back_to(tmp_path):
    app = App(size=WINDOW, seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    press_key(app, pygame.K_F11)
    assert app.fullscreen
    app.close()  # quitting writes the settings
    saved = Store(tmp_path).load_settings()
    assert saved.fullscreen is True and saved.window_size == WINDOW  # the window, not the screen
    again = App(size=saved.window_size, seed=2, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    assert again.fullscreen and pygame.display.is_fullscreen() and again.size == desktop()
    post(again, alt_enter())
    assert not again.fullscreen and again.size == WINDOW
    again.close()
    assert Store(tmp_path).load_settings().fullscreen is False


def test_fullscreen__a_size_on_the_command_line_opens_a_window_over_a_remembered_fullscreen(tmp_path):
    explicit = settings_from_args(build_parser().parse_args(["--size", "800x600"]))
    assert explicit == {"fullscreen": False}
    assert settings_from_args(build_parser().parse_args([])) == {}
    Store(tmp_path).save_settings(Store(tmp_path).load_settings().changed(fullscreen=True))
    app = App(size=(800, 600), seed=1, settings=explicit, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    assert not app.fullscreen and app.size == (800, 600)


def refuse_fullscreen(monkeypatch, close_window: bool) -> list[int]:
    """set_mode that fails for FULLSCREEN as a display without it does (after closing the window, as
    a failed SDL call may); returns the flags of every call."""
    real = pygame.display.set_mode
    calls: list[int] = []

    def set_mode(size=(0, 0), flags=0, *args, **kwargs):
        calls.append(flags)
        if flags & pygame.FULLSCREEN:
            if close_window:
                pygame.display.quit()
                pygame.display.init()
            raise pygame.error("fullscreen not supported by this display")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    return calls


def test_fullscreen__a_display_that_refuses_keeps_the_window_and_says_so(monkeypatch):
    app = make_app(size=WINDOW)
    calls = refuse_fullscreen(monkeypatch, close_window=False)
    press_key(app, pygame.K_F11)
    assert calls and calls[0] & pygame.FULLSCREEN  # it was tried
    assert not app.fullscreen and app.settings.fullscreen is False and app.size == WINDOW
    lines = drawn_lines(app)
    assert any("cannot switch to fullscreen" in line for line in lines), lines
    press_key(app, pygame.K_DOWN)  # the game goes on
    assert app.running


def test_fullscreen__a_refusal_that_closed_the_window_reopens_it(monkeypatch, tmp_path):
    app = App(size=WINDOW, seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    refuse_fullscreen(monkeypatch, close_window=True)
    post(app, alt_enter())
    assert pygame.display.get_surface() is not None and app.size == WINDOW
    assert not app.fullscreen and app.settings.fullscreen is False
    app.step([], 1 / 60)  # draws and flips into the reopened window
    app.close()
    assert Store(tmp_path).load_settings().fullscreen is False


def test_fullscreen__a_remembered_fullscreen_the_display_refuses_starts_in_a_window(monkeypatch, tmp_path):
    Store(tmp_path).save_settings(Store(tmp_path).load_settings().changed(fullscreen=True))
    refuse_fullscreen(monkeypatch, close_window=False)
    app = App(size=WINDOW, seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    assert not app.fullscreen and app.size == WINDOW and app.settings.fullscreen is False
    assert any("cannot switch to fullscreen" in line for line in drawn_lines(app))
