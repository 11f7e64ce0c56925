"""What a new user met, each through real events on the real app: the settings' music rows and help
line, the menu's two columns, Custom setup, and "make the code, you grade"."""

from __future__ import annotations

import pygame

from game.app import App
from game.core.codes import score
from game.core.config import GameConfig, legal_codes
from game.core.solver import is_consistent
from game.core.variants import grade_words
from game.modes.classic.setup import SetupState
from game.modes.maker.handgrade import HandGradeState
from game.play.handgrade import Ending
from game.screens.codemaker import CodemakerState
from game.screens.help import PAGES, RULE_EXAMPLES, HelpOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.settings import ROWS, SettingsState
from game.store import Store
from game.ui import palette as pal
from game.ui.layout import PaletteItem, centre
from game.ui.layout_screens import SetupLayout
from game.ui.sound import Sound
from tests.screens.driver import (
    choose_entry,
    click,
    grade_by_keys,
    make_app,
    press_key,
    settle,
    text_rects,
    text_spy,
)


class MusicLog(Sound):
    """A silent player that remembers every set_music() the app makes."""

    def __init__(self) -> None:
        super().__init__(mixer=None)
        self.music_calls: list[tuple[bool | None, float | None]] = []

    def set_music(self, enabled: bool | None = None, volume: float | None = None) -> bool:
        self.music_calls.append((enabled, volume))
        return super().set_music(enabled, volume)


def open_settings(app: App) -> SettingsState:
    menu = app.state
    index = [e.label for e in menu.entries].index("Settings")
    click(app, centre(menu.layout().entries[index]))
    assert isinstance(app.state, SettingsState)
    return app.state


def test_settings__music_rows_change_the_music_at_once_and_at_the_next_start(tmp_path):
    sound = MusicLog()
    app = App(size=(1024, 720), seed=1, store=Store(tmp_path), sound=sound)
    pygame.event.clear()
    assert sound.music_calls[-1] == (True, 0.5)  # the stored (default) choice, applied at start
    screen = open_settings(app)
    layout = screen.layout()
    click(app, centre(layout.toggle_rect("music")))
    assert app.settings.music is False and sound.music_calls[-1] == (False, 0.5)
    minus, _, plus = layout.stepper_parts("music_volume")
    click(app, centre(plus))
    click(app, centre(plus))
    assert app.settings.music_volume == 0.7 and sound.music_calls[-1] == (False, 0.7)
    assert sound.music_volume == 0.7
    app.draw()
    press_key(app, pygame.K_ESCAPE)
    again_sound = MusicLog()
    App(size=(800, 600), seed=2, store=Store(tmp_path), sound=again_sound)
    assert again_sound.music_calls[-1] == (False, 0.7)


def test_settings__help_line_describes_symbols_as_they_are(tmp_path):
    app = App(size=(1024, 720), seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    open_settings(app)
    shown = text_spy(app)
    for _ in range(ROWS.index("symbols")):
        press_key(app, pygame.K_DOWN)
    app.draw()
    on_text = " ".join(shown)
    assert "shape on every peg" in on_text and "colour alone" not in on_text
    press_key(app, pygame.K_SPACE)
    assert app.settings.symbols is False
    shown.clear()
    app.draw()
    off_text = " ".join(shown)
    assert "Off" in off_text and "colour alone" in off_text
    press_key(app, pygame.K_UP)  # the palette's line mentions symbols too
    shown.clear()
    app.draw()
    assert "symbols are off" in " ".join(shown)


def open_menu_entry(app: App, label: str) -> None:
    choose_entry(app, label)


# --- make the code, you grade -------------------------------------------------------------------


def wait_ready(app: App, state: HandGradeState, frames: int = 600) -> None:
    for _ in range(frames):
        if not state.run.busy:
            return
        app.step([], 1 / 60)
    raise AssertionError("the computer did not answer")


def grade_honestly(app: App, state: HandGradeState, secret: tuple[int, ...]) -> None:
    """Grade the computer's guess as `secret` would, by the B and W keys, and confirm."""
    wait_ready(app, state)
    true = score(state.run.guess, secret)
    grade_by_keys(app, true)
    wait_ready(app, state)


def fitting(config: GameConfig, history) -> int:
    """Brute force: legal codes that fit every (guess, grade) of `history`."""
    from itertools import product

    codes = product(range(config.colours), repeat=config.pegs)
    return sum(1 for c in codes if config.is_legal(c) and is_consistent(c, history))


def test_handgrade__undo_shows_the_codes_that_fit_the_grades_left() -> None:
    config, secret = GameConfig(4, 6), (0, 1, 2, 3)
    state = HandGradeState(config, "lowest")
    app = make_app(start=state)
    shown = text_spy(app)
    grade_honestly(app, state, secret)
    after_one = fitting(config, state.run.game.history)
    grade_honestly(app, state, secret)
    assert state.run.possible == fitting(config, state.run.game.history) != after_one
    press_key(app, pygame.K_u)
    assert len(state.run.game.rows) == 1
    shown.clear()
    app.draw()
    assert f"{after_one:,} codes fit" in shown and not any("in all" in line for line in shown)
    press_key(app, pygame.K_u)  # no grade left: every code fits again
    shown.clear()
    app.draw()
    assert f"{legal_codes(config):,} codes in all" in shown


def test_handgrade__a_win_shows_the_code_in_the_secret_row() -> None:
    secret = (4, 0, 0, 2)
    state = HandGradeState(GameConfig(4, 6), "knuth")
    app = make_app(start=state)
    drawn = []
    real_draw = state.view.draw

    def spy(surface, layout, game, *args, **kwargs):
        drawn.append((game.secret, kwargs.get("show_secret")))
        return real_draw(surface, layout, game, *args, **kwargs)

    state.view.draw = spy
    app.draw()
    assert drawn[-1] == (None, False)  # while grading nobody here knows the code
    while not state.run.over:
        grade_honestly(app, state, secret)
    assert state.run.ending is Ending.SOLVED
    app.draw()
    assert drawn[-1] == (secret, True)
    layout = state.layout()
    cover = app.surface.get_at(layout.secret_slot_rect(0).center)[:3]
    assert cover != pal.BOARD_EDGE  # a peg, not the grey cover


def test_handgrade_setup__shows_the_palette_to_pick_a_code_from() -> None:
    app = make_app(size=(1280, 800))
    open_menu_entry(app, "Make the code, you grade")
    state = app.state
    assert isinstance(state, CodemakerState)
    layout = state.layout()
    assert layout.palette_pitch > 0
    for colour in range(state.colours):
        assert layout.hit_test(layout.palette_rect(colour).center) == PaletteItem(colour)
    click(app, layout.palette_rect(2).center)  # looking at the palette sets no secret
    assert state.secret == [None] * state.pegs and state.problem() is None
    shown = text_spy(app)
    app.draw()
    assert [str(k) for k in range(1, 7)] == [line for line in shown if line.isdigit()][:6]
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, HandGradeState)


# --- Custom setup -----------------------------------------------------------------------------------


def test_custom_setup__code_count_leaves_out_repeats_when_they_are_off() -> None:
    app = make_app(size=(1280, 800))
    open_menu_entry(app, "Custom game")
    state = app.state
    assert isinstance(state, SetupState) and (state.pegs, state.colours) == (4, 6)
    shown = text_spy(app)
    app.draw()
    assert any(line.endswith("1,296 possible codes") for line in shown)
    layout = SetupLayout(app.surface.get_size())
    click(app, centre(layout.controls["duplicates"]))
    assert state.duplicates is False
    shown.clear()
    app.draw()
    assert any(line.endswith(" 360 possible codes") for line in shown)  # 6 * 5 * 4 * 3
    click(app, centre(layout.stepper_parts("pegs")[2]))
    shown.clear()
    app.draw()
    assert any(line.endswith(" 720 possible codes") for line in shown)  # 6 * 5 * 4 * 3 * 2


def test_custom_setup__remembers_the_last_custom_game(tmp_path) -> None:
    app = App(size=(1280, 800), seed=1, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    open_menu_entry(app, "Custom game")
    layout = SetupLayout(app.surface.get_size())
    click(app, centre(layout.stepper_parts("pegs")[2]))
    for _ in range(2):
        click(app, centre(layout.stepper_parts("colours")[2]))
    click(app, centre(layout.controls["duplicates"]))
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState)
    assert (app.state.config.pegs, app.state.config.colours, app.state.config.duplicates) == (5, 8, False)
    press_key(app, pygame.K_ESCAPE)  # nothing played yet: straight back to the menu
    assert isinstance(app.state, MenuState)
    open_menu_entry(app, "Custom game")
    state = app.state
    assert (state.pegs, state.colours, state.duplicates) == (5, 8, False)
    press_key(app, pygame.K_ESCAPE)
    app.close()
    again = App(size=(1280, 800), seed=2, store=Store(tmp_path), sound=Sound(mixer=None))
    pygame.event.clear()
    open_menu_entry(again, "Custom game")
    assert (again.state.pegs, again.state.colours, again.state.duplicates) == (5, 8, False)


def test_custom_setup__top_bar_and_steppers_like_the_other_setup_screens() -> None:
    for size in ((640, 480), (1280, 800), (1920, 1080)):
        app = make_app(size=size)
        open_menu_entry(app, "Custom game")
        layout = SetupLayout(size)
        settle(app, 1.0)  # the screen's fade-in is over
        shown = text_spy(app)
        app.draw()
        assert "Custom game" in shown and "Menu" in shown
        assert layout.top_bar.contains(layout.title_rect) and layout.top_bar.contains(layout.menu_rect)
        assert app.surface.get_at((layout.top_bar.x + 2, layout.top_bar.y + 2))[:3] == pal.BOARD
        for name in ("pegs", "colours"):
            minus, value, plus = layout.stepper_parts(name)
            assert minus.right <= value.x and value.right <= plus.x
            assert plus.x - minus.right <= 1.5 * minus.w, size  # the value sits close to both
        last = max(r.bottom for r in layout.controls.values())
        assert last < layout.turns_rect.y <= layout.message_rect.y < layout.buttons["start"].y
        assert layout.buttons["start"].bottom <= size[1]
        click(app, centre(layout.menu_rect))
        assert isinstance(app.state, MenuState)
        assert app.state.entries[app.state.focus].label == "Custom game"


# --- the menu ---------------------------------------------------------------------------------------


def test_menu__back_from_custom_focuses_custom() -> None:
    app = make_app(size=(1280, 800))
    open_menu_entry(app, "Custom game")
    layout = SetupLayout(app.surface.get_size())
    click(app, centre(layout.buttons["back"]))
    assert isinstance(app.state, MenuState)
    assert app.state.entries[app.state.focus].label == "Custom game"
    open_menu_entry(app, "Custom game")
    press_key(app, pygame.K_ESCAPE)
    assert app.state.entries[app.state.focus].label == "Custom game"


def test_menu__sound_off_notice_covers_no_entry() -> None:
    for size in ((640, 480), (1280, 800), (1920, 1080)):
        app = make_app(size=size)
        drawn = text_rects(app)
        press_key(app, pygame.K_m)
        assert app.settings.sound is False
        app.draw()
        notice = [
            rect for line, rects in drawn.items() if "turns it back on" in line or "Sound off" in line
            for rect in rects[-1:]
        ]
        assert notice, "the notice was not drawn"
        entries = [rect for rect in app.state.layout().entries if rect is not None]
        assert not any(rect.colliderect(entry) for rect in notice for entry in entries), size


# --- help -------------------------------------------------------------------------------------------


def test_help__controls_page_shows_every_key_as_caps_with_the_watch_and_grading_keys() -> None:
    for size in ((640, 480), (1280, 800)):
        app = make_app(size=size)
        press_key(app, pygame.K_h)
        assert isinstance(app.state, HelpOverlay)
        press_key(app, pygame.K_RIGHT)
        assert PAGES[app.state.page] == "Controls"
        drawn = text_rects(app)
        app.state.draw(app.surface)  # the overlay alone (the menu under it has its own lines)
        for cap in ("Space", "N", "1-4", "B", "W", "U", "G", "Enter", "X", "Esc", "M"):
            assert cap in drawn, (cap, size)
        for heading in ("Your game", "Watching the computer", "You grade", "Mouse", "Anywhere"):
            assert heading in drawn
        card = app.state.layout().card
        for line, rects in drawn.items():  # nothing spills out of the card
            for rect in rects:
                assert card.contains(rect), (line, size)
        # show, don't tell: short lines beside key caps, no paragraph of prose
        assert max(len(line) for line in drawn) <= 40


def test_help__rules_page_shows_graded_examples_as_pegs() -> None:
    app = make_app(size=(1280, 800))
    press_key(app, pygame.K_h)
    pegs_drawn = []
    real_peg = app.pegs.peg

    def spy(colour, index, diameter, symbols=True):
        pegs_drawn.append(index)
        return real_peg(colour, index, diameter, symbols)

    app.pegs.peg = spy
    shown = text_spy(app)
    app.state.draw(app.surface)  # the overlay alone
    assert len(pegs_drawn) >= 3 * 2 * 4  # three examples, each a secret and a guess of four pegs
    for _, secret, guess in RULE_EXAMPLES:
        assert grade_words(score(guess, secret)) in " ".join(shown)
    assert sum(len(line.split()) for line in shown) < 140  # a few captions, not a wall of prose
