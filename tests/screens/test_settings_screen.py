"""The settings screen through real events: every control changes app.settings and the sound at once,
closing it writes the store, and a new app starts with them."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.app import App
from game.screens.base import Push
from game.screens.menu import MenuState
from game.screens.settings import ROWS, SettingsState
from game.store import Settings, Store
from game.ui.layout import centre
from game.ui.looks import THEME_NAMES, THEMES
from game.ui.sound import Sound
from tests.screens.driver import click, drag, font_spy, post, press_key, wheel_to_row


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
    wheel_to_row(app, "palette")
    click(app, centre(screen.layout().controls["palette"]))  # its one button switches to the next
    assert app.settings.palette == "classic"
    for name in ("symbols", "sound", "reduced_motion"):
        before = getattr(app.settings, name)
        wheel_to_row(app, name)
        click(app, centre(screen.layout().toggle_rect(name)))
        assert getattr(app.settings, name) is (not before)
    assert app.sound.enabled is False  # sound was toggled off
    wheel_to_row(app, "volume")
    minus, _, plus = screen.layout().stepper_parts("volume")
    for _ in range(3):
        click(app, centre(minus))
    assert app.settings.volume == 0.5 and app.sound.volume == 0.5
    wheel_to_row(app, "animation_speed")
    _, _, faster = screen.layout().stepper_parts("animation_speed")
    for _ in range(3):  # Normal, then Fast, Fastest, and no further
        click(app, centre(faster))
    assert app.settings.animation_speed == 2.0
    app.draw()
    click(app, centre(screen.layout().buttons["back"]))
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


def down_to(app: App, name: str) -> None:
    """Down until row `name` has the focus (the rows' order is the declarations')."""
    screen = app.state
    for _ in range(len(ROWS)):
        if ROWS[screen.focus] == name:
            return
        press_key(app, pygame.K_DOWN)
    assert ROWS[screen.focus] == name


def test_settings__keyboard_reaches_every_row_and_stops_at_the_ends(tmp_path):
    app = open_settings(tmp_path)
    screen = app.state
    assert screen.focus == 0
    down_to(app, "palette")
    press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RIGHT)  # already the last palette: stays
    assert app.settings.palette == "classic"
    down_to(app, "volume")
    for _ in range(15):
        press_key(app, pygame.K_RIGHT)
    assert app.settings.volume == 1.0
    for _ in range(15):
        press_key(app, pygame.K_LEFT)
    assert app.settings.volume == 0.0
    down_to(app, "music")
    press_key(app, pygame.K_SPACE)
    assert app.settings.music is False
    down_to(app, "music_volume")
    press_key(app, pygame.K_LEFT)
    assert app.settings.music_volume == 0.4
    down_to(app, "animation_speed")
    press_key(app, pygame.K_LEFT)
    assert app.settings.animation_speed == 0.5
    down_to(app, "reduced_motion")
    press_key(app, pygame.K_SPACE)
    assert app.settings.reduced_motion is True
    down_to(app, "coach")
    press_key(app, pygame.K_SPACE)
    assert app.settings.coach is True
    down_to(app, "hard_mode")
    press_key(app, pygame.K_RIGHT)
    assert app.settings.hard_mode is True
    for _ in range(len(ROWS) - screen.focus):  # past the last row: the first again
        press_key(app, pygame.K_DOWN)
    assert screen.focus == 0
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)
    assert Store(tmp_path).load_settings().volume == 0.0
    assert Store(tmp_path).load_settings().hard_mode is True


def row_is_clean(app: App, name: str) -> None:
    """Row `name` is wholly in the list's viewport, its label drawn inside its own rect, and nothing
    shown (rows, previews, headings) overlaps another or leaves the card; the line under the list
    and Done stay clear of the list."""
    screen = app.state
    layout = screen.layout()
    assert layout.visible(name), (name, layout.row_rect(name), layout.viewport)
    label = screen.row(name).label
    drawn = [d.rect for d in font_spy(app) if d.text == label]
    assert any(layout.labels[name].contains(rect) for rect in drawn), (name, drawn)
    shown = [n for n in ROWS if layout.visible(n)]
    frames = [layout.row_rect(n).inflate(-8, -6) for n in shown]  # focus frames may touch
    for a, b in itertools.combinations(frames, 2):
        assert not a.colliderect(b)
    parts = [layout.controls[n] for n in shown] + [layout.labels[n] for n in shown]
    parts += [rect for rect in layout.previews.values() if layout.viewport.contains(rect)]
    for a, b in itertools.combinations([layout.controls[n] for n in shown], 2):
        assert not a.colliderect(b)
    assert all(layout.card.contains(rect) for rect in parts)
    assert (
        layout.viewport.bottom
        <= layout.hint_rect.top
        <= layout.hint_rect.bottom
        <= layout.buttons["back"].top
    )
    assert layout.card.contains(layout.buttons["back"])


@pytest.mark.parametrize("size", ((640, 480), (800, 600), (1280, 800), (1920, 1080)), ids=str)
def test_settings__every_row_is_reached_by_the_keys_in_view_and_nothing_is_clipped(tmp_path, size):
    app = open_settings(tmp_path, size)
    screen = app.state
    for k in range(len(ROWS)):
        assert ROWS[screen.focus] == ROWS[k]
        row_is_clean(app, ROWS[k])
        press_key(app, pygame.K_DOWN)
    assert ROWS[screen.focus] == ROWS[0]  # wrapped to the top, and scrolled back to it
    row_is_clean(app, ROWS[0])
    press_key(app, pygame.K_UP)  # and up from the top to the last
    row_is_clean(app, ROWS[-1])


def test_settings__the_list_scrolls_by_wheel_and_by_dragging_its_bar(tmp_path):
    app = open_settings(tmp_path, (640, 480))
    layout = app.state.layout()
    assert layout.thumb is not None  # at 640x480 the list is taller than its viewport
    hidden = [name for name in ROWS if not layout.visible(name)]
    assert hidden
    before = app.settings
    for _ in range(len(ROWS)):
        post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    layout = app.state.layout()
    assert layout.visible(ROWS[-1]) and not layout.visible(ROWS[0])
    for _ in range(len(ROWS)):
        post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    layout = app.state.layout()
    assert layout.visible(ROWS[0]) and layout.scroll == 0
    thumb = layout.thumb.center
    drag(app, thumb, (thumb[0], layout.track.bottom + 40))  # past the end: it stops at the last row
    layout = app.state.layout()
    assert layout.visible(ROWS[-1]) and layout.scroll == layout.max_scroll
    last = ROWS[-1]
    click(app, centre(layout.toggle_rect(last)))  # what shows can be clicked
    assert getattr(app.settings, last) is not getattr(before, last)
    press_key(app, pygame.K_PAGEUP)  # the first row of the section before: in view again
    assert app.state.layout().visible(ROWS[app.state.focus])


def test_settings__works_without_a_store_or_a_real_sound(tmp_path):
    app = App(size=(800, 600), seed=1)
    pygame.event.clear()
    app.apply(Push(SettingsState()))
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_SPACE)
    assert app.settings.symbols is False
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.state, MenuState)


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_settings__the_look_preview_shows_its_grade_on_the_grading_panel(tmp_path, theme):
    """The preview row's grade stands on the light panel the board grades on, so its black pegs show
    in a dark theme as on the board."""
    app = App(
        size=(1024, 720), seed=1, store=Store(tmp_path), sound=Sound(mixer=None), settings={"theme": theme}
    )
    pygame.event.clear()
    menu = app.state
    click(app, centre(menu.layout().entries[[e.label for e in menu.entries].index("Settings")]))
    app.draw()
    box = app.state.layout().previews["look"]
    grade_end = pygame.Rect(box.right - box.h * 2, box.y, box.h * 2, box.h).clip(box)
    panel = THEMES[theme].grade_area
    seen = {
        tuple(app.surface.get_at((x, y)))[:3]
        for x in range(grade_end.left, grade_end.right)
        for y in range(grade_end.top, grade_end.bottom)
    }
    assert panel in seen
