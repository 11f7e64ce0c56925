"""What a contributor adds, added from this file alone and then used through the real app: a mode
registered into the registry (on the title screen, on a further page when its page is full; kept,
resumed after a restart, counted in its own statistics tab and high-score table), a preset (its
card, its game and its statistics), and a setting (scrolled into view at 640x480 and saved).

Nothing here is special-cased by the game: the registry is read through registry.modes(), the
presets through the one list PRESETS, the settings screen through the Settings type's declarations.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys

import pygame
import pytest

from game.app import App
from game.core.config import PRESETS, GameConfig, Preset
from game.core.records import score_game
from game.core.state import Outcome
from game.core.turns import Difficulty
from game.modes import classic, registry
from game.modes.base import MenuEntry, Mode, StatsTab
from game.play.record import GameRecord
from game.screens.base import go
from game.screens.highscores import HighScoresState, InitialsOverlay
from game.screens.holding import Decided, HighScoreChance, SaveCodec
from game.screens.menu import MenuState
from game.screens.play_hooks import StandardHooks, keep_in_slot, kept_record
from game.screens.playing import PlayingState
from game.screens.settings import SettingsState
from game.screens.stats import StatsState
from game.settings import Settings, setting
from game.store import Store
from tests.screens.driver import choose_entry, click, drawn_lines, kept_lines, key, post, press_key
from tests.screens.test_daily import play_to_the_end, release_apps, type_row  # noqa: F401  (an autouse fixture)
from tests.screens.test_settings_screen import row_is_clean
from tests.screens.test_title import every_page

NOW = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)
KEY = "Palindrome"  # the mode's statistics bucket and high-score table
PALINDROME = GameConfig(4, 6)


def rebind(monkeypatch: pytest.MonkeyPatch, name: str, old: object, new: object) -> None:
    """Every module of the game that took `old` by `name` (from x import name) gets `new` instead,
    for this test."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("game") and getattr(module, name, None) is old:
            monkeypatch.setattr(module, name, new)


def new_app(tmp_path, size=(1024, 720)) -> App:
    app = App(size=size, seed=11, store=Store(tmp_path), now=lambda: NOW)
    pygame.event.clear()
    return app


# --- a mode -----------------------------------------------------------------------------------------
class PalindromeHooks(StandardHooks):
    """Classic 4x6 whose secret reads the same both ways: kept, counted and scored on its own."""

    mode = "palindrome"

    def start(self, app) -> GameRecord:
        a, b = app.rng.randrange(6), app.rng.randrange(6)
        return GameRecord.new(PALINDROME, (a, b, b, a))

    def title(self, state) -> str:
        return "Palindrome"

    def save(self, state):
        return SAVE.envelope(self.mode, state.run.snapshot())

    def decided(self, state) -> Decided:
        record = state.run.record
        result = record.result()
        if result is not None:
            result = dataclasses.replace(result, bucket=KEY)
        points = score_game(result) if result is not None and result.clean_win else 0
        chance = HighScoreChance(KEY, points) if points else None
        return Decided(record.game, record, result, chance, slot="palindrome")

    def holding(self, state):
        return keep_in_slot(state, "palindrome", self.save, self.decided)


SAVE = SaveCodec(
    version=1,
    encode=lambda record: record.to_dict(),
    decode=kept_record,
    describe=lambda record: f"Palindrome · turn {record.turn} of {record.config.turns}",
    resume=lambda record: go("play", record=record, hooks=PalindromeHooks()),
)
MODE = Mode(
    id="palindrome",
    title="Palindromes",
    entries=(
        MenuEntry(
            KEY,
            "a code that reads the same both ways",
            go("new_game", mode="palindrome", config=PALINDROME),
            "Puzzles",
        ),
    ),
    save=SAVE,
    stats_tabs=(StatsTab(KEY),),
    high_scores=(KEY,),
    hooks=lambda config: PalindromeHooks(),
    slot=lambda config: "palindrome",
)


@pytest.fixture
def palindrome_mode(monkeypatch):
    monkeypatch.setattr(registry, "MODES", registry.with_mode(MODE))
    return MODE


def test_plugins__a_registered_mode_is_on_the_title_kept_resumed_counted_and_scored(
    tmp_path, palindrome_mode
):
    small = new_app(tmp_path, size=(640, 480))
    seen = every_page(small)  # every page clean, and the mode's entry on one of them
    labels = [entry.label for entry in small.state.entries]
    assert seen[labels.index(KEY)] != "top"  # Puzzles is one level down, past a full page at this size
    small.close()
    app = new_app(tmp_path)
    choose_entry(app, KEY)
    state = app.state
    assert isinstance(state, PlayingState) and isinstance(state.hooks, PalindromeHooks)
    secret = state.game.secret
    assert secret == secret[::-1]
    type_row(app, (0, 1, 2, 3) if secret != (0, 1, 2, 3) else (1, 1, 2, 2))
    app.close()  # the window closes with the game on: it is kept
    again = new_app(tmp_path)
    lines = kept_lines(again)
    assert lines == ["Resume: Palindrome · turn 2 of 10"]
    choose_entry(again, lines[0])
    resumed = again.state
    assert isinstance(resumed, PlayingState) and isinstance(resumed.hooks, PalindromeHooks)
    assert resumed.game.secret == secret and len(resumed.game.rows) == 1
    play_to_the_end(again)
    assert resumed.game.outcome is Outcome.WON
    assert isinstance(again.state, InitialsOverlay) and again.state.mode == KEY
    post(again, key(pygame.K_RETURN))
    post(again, key(pygame.K_RETURN))
    store = Store(tmp_path)
    stats = store.load_stats()[KEY]
    assert stats.wins == 1
    assert [entry.score for entry in store.load_high_scores()[KEY].entries] == [stats.best_score]
    later = new_app(tmp_path)
    assert kept_lines(later) == []  # a decided game is never offered again
    choose_entry(later, "Statistics")
    screen = later.state
    assert isinstance(screen, StatsState) and KEY in screen.keys
    click(later, screen.layout().tabs[screen.keys.index(KEY)].center)
    assert screen.keys[screen.selected] == KEY
    shown = drawn_lines(later)
    assert any(line.startswith(KEY) for line in shown) and "1 (100%)" in shown  # its one game, won
    press_key(later, pygame.K_ESCAPE)
    choose_entry(later, "High scores")
    table = later.state
    assert isinstance(table, HighScoresState) and KEY in table.tables
    click(later, table.layout().tabs[table.tables.index(KEY)].center)
    assert table.mode == KEY and f"{stats.best_score:,}" in " ".join(drawn_lines(later))


# --- a preset ---------------------------------------------------------------------------------------
TRIO = Preset("Trio", 3, 5, Difficulty.TIGHT, blurb="3 pegs, 5 colours, few turns")


@pytest.fixture
def trio_preset(monkeypatch):
    rebind(monkeypatch, "PRESETS", PRESETS, (*PRESETS, TRIO))
    monkeypatch.setattr(registry, "MODES", registry.with_mode(classic.mode()))
    return TRIO


@pytest.mark.parametrize("size", ((640, 480), (1920, 1080)), ids=str)
def test_plugins__a_preset_added_to_the_list_is_a_card_a_game_and_a_statistics_tab(
    tmp_path, trio_preset, size
):
    app = new_app(tmp_path, size=size)
    seen = every_page(app)  # every page clean, the new preset among the entries
    labels = [entry.label for entry in app.state.entries]
    assert labels.index(TRIO.name) in seen
    choose_entry(app, TRIO.name)
    state = app.state
    assert isinstance(state, PlayingState) and state.config == TRIO.config()
    play_to_the_end(app)
    while not isinstance(app.state, MenuState):  # initials, the result: back to the menu
        post(app, key(pygame.K_ESCAPE))
    assert Store(tmp_path).load_stats()[TRIO.name].games == 1
    choose_entry(app, "Statistics")
    assert TRIO.name in app.state.keys


# --- a setting --------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class WithStars(Settings):
    """The game's settings and one more, declared as every setting is."""

    starry_sky: bool = setting(
        False,
        "Starry sky",
        "Stars twinkle behind the title screen.",
        "Off: the title screen's plain background.",
        section="Extras",
    )


def test_plugins__a_setting_declared_once_scrolls_into_view_at_640x480_and_is_saved(tmp_path, monkeypatch):
    rebind(monkeypatch, "Settings", Settings, WithStars)
    Store(tmp_path).save_settings(WithStars())
    app = new_app(tmp_path, size=(640, 480))
    assert isinstance(app.settings, WithStars)
    choose_entry(app, "Settings")
    screen = app.state
    assert isinstance(screen, SettingsState)
    assert not screen.layout().visible("starry_sky")  # the list's last row, out of view at first
    press_key(app, pygame.K_UP)  # from the first row up to the last: scrolled into view
    assert screen.rows[screen.focus].key == "starry_sky"
    row_is_clean(app, "starry_sky")
    assert "Off: the title screen's plain background." in drawn_lines(app)
    press_key(app, pygame.K_SPACE)
    assert app.settings.starry_sky is True
    assert "Stars twinkle behind the title screen." in drawn_lines(app)
    press_key(app, pygame.K_ESCAPE)  # closing the screen saves
    again = new_app(tmp_path, size=(640, 480))
    assert again.settings.starry_sky is True and again.settings.palette == Settings().palette
