"""Mode.new_game and the PlayHooks protocol: every game gets hooks of its own, and every mode's hooks
answer everything the playing screen asks (the three groups of game/screens/play_protocol.py)."""

from __future__ import annotations

import datetime as dt
import inspect

import pygame

from game.core.config import preset
from game.core.duel import level_named
from game.modes.classic.hooks import ClassicHooks
from game.modes.registry import modes
from game.screens import play_hooks, play_protocol
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from tests.screens.driver import choose_entry, make_app, press_key

CLASSIC = preset("Classic").config()
GROUPS = (play_protocol.GameRules, play_protocol.SidePanel, play_protocol.Presentation)


def protocol_names() -> set[str]:
    """Every method and attribute the three groups declare."""
    names: set[str] = set()
    for group in GROUPS:
        names |= {name for name in vars(group) if not name.startswith("_")}
        names |= set(inspect.get_annotations(group))
    return names


def hooks_classes() -> list[type]:
    found, todo = [], [play_hooks.StandardHooks]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("game."):
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_play_protocol__its_groups_name_what_the_playing_screen_asks():
    names = protocol_names()
    assert {"start", "holding", "again"} <= names  # rules and keeping
    assert {"panel_items", "allows", "leave"} <= names  # the side panel
    assert {"make_layout", "title", "draw"} <= names  # presentation
    assert not names & {"slot", "save", "decided"}  # how a mode keeps its game is its own affair


def test_play_protocol__every_modes_hooks_answer_all_of_it():
    classes = hooks_classes()
    assert {"ClassicHooks", "ForFunHooks", "DailyHooks", "DuelHooks", "LessonHooks"} <= {
        cls.__name__ for cls in classes
    }
    for cls in classes:
        missing = sorted(name for name in protocol_names() if not hasattr(cls, name))
        assert missing == [], f"{cls.__name__} lacks {missing}"


# the modes' own choices beside the config (the Daily code's preset and day, a duel's opponent)
CHOICES = {
    "daily": {"preset": "Classic", "day": dt.date(2026, 11, 23)},
    "duel": {"level": level_named("Rookie")},
}


def test_mode__new_game_makes_hooks_for_each_game_alone():
    starting = [mode for mode in modes() if mode.hooks is not None]
    assert {"classic", "learn", "blitz", "daily", "duel"} <= {mode.id for mode in starting}
    for mode in starting:
        choices = CHOICES.get(mode.id, {})
        first, second = mode.new_game(CLASSIC, **choices), mode.new_game(CLASSIC, **choices)
        assert first.name == second.name == "play" and first.args["config"] == CLASSIC
        assert first.args["hooks"] is not second.args["hooks"], mode.id
        assert type(first.args["hooks"]) is type(second.args["hooks"])


def test_mode__two_games_from_one_title_entry_never_share_their_hooks():
    app = make_app()
    choose_entry(app, "Classic")
    first = app.state
    assert isinstance(first, PlayingState) and isinstance(first.hooks, ClassicHooks)
    press_key(app, pygame.K_ESCAPE)  # nothing played: straight back to the title screen
    assert isinstance(app.state, MenuState)
    choose_entry(app, "Classic")
    second = app.state
    assert isinstance(second, PlayingState) and second is not first
    assert isinstance(second.hooks, ClassicHooks) and second.hooks is not first.hooks
    app.close()
