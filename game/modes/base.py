"""What a way of playing declares to plug in: one Mode value, found by the registry.

A mode folder (game/modes/<id>/) holds its screens, views and rules glue and exports one `MODE`;
game/modes/registry.py lists them in MODES, and only the registry imports a mode. Everything that
iterates ways of playing reads the Mode values: the menu (entries, grouped), resume (the save
codec: a kept game's menu line and the route that takes it up again), the statistics screen (its
tabs), the high-score screen and the store (the tables), help (its page), and the app's route
table (the screens the mode adds). Adding a mode is a folder and one registry line.

A kept game is stored as {"mode": id, "version": n, "data": ...} through the mode's SaveCodec
(game/screens/holding.py), the one place that knows its typed form. A menu entry that starts a new
game on a config names the route go("new_game", mode=id, config=...): the registry hands it to the
mode's Mode.new_game, which makes that game's own hooks (a route naming no mode is a plain game, the
registry's PLAIN_MODE), and asks first when a game is kept in the mode's Mode.slot for that config.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.core.config import GameConfig
from game.play.aids import NO_AID_ALLOWED, AidsAllowed
from game.screens.base import Route, State, go
from game.screens.holding import RecordBook, SaveCodec
from game.screens.play_protocol import PlayHooks

GROUPS = ("Play", "Today", "Versus", "Computer", "Puzzles")  # how the menu sorts entries, in order


@dataclass(frozen=True)
class MenuEntry:
    """One menu line: what it says, which group it sits in, where it goes.

    `slot` names the kept game a new game from this entry would replace: the menu then offers to
    resume the kept game before starting another (None: a "new_game" route's mode says where its
    game is kept, Mode.slot; any other entry starts nothing kept).
    `status(app)`, when given, is the entry's state today for the title screen's card (the Daily
    code's "cracked in 4", Blitz's best), read through the store as the mode's own screens read it;
    lines split on newlines."""

    label: str
    detail: str
    route: Route
    group: str = "Play"
    slot: str | None = None
    status: Callable[[Any], str] | None = None


@dataclass(frozen=True)
class StatsTab:
    """A tab of the statistics screen: `key` is the statistics bucket (game/core/records.py) and
    the tab's title; `figures(app)` gives its own (label, value) lines and a note instead of the
    bucket's games and chart (Daily, Blitz: figures their own files keep)."""

    key: str
    figures: Callable[[Any], tuple[list[tuple[str, str]], str]] | None = None
    label: str | None = None  # the tab's title when the key is too wide for it
    # What the bucket's guesses_needed counts, which the store checks stored statistics against:
    # "wins" (each unassisted win by its guesses, as record_game counts) or "games" (every game,
    # a match by its rounds, as the mode's own tally counts).
    histogram: str = "wins"


@dataclass(frozen=True)
class HelpPage:
    """The help overlay's page for screens of this mode (`screen` is what they ask for): its text,
    and its tab's name (a page that explains the mode itself is named after it, not "Controls")."""

    screen: str
    controls: str
    tab: str = "Controls"


@dataclass(frozen=True)
class Mode:
    id: str
    title: str
    entries: tuple[MenuEntry, ...] = ()
    screens: Mapping[str, Callable[..., State]] = field(default_factory=lambda: MappingProxyType({}))
    save: SaveCodec | None = None
    stats_tabs: tuple[StatsTab, ...] = ()
    high_scores: tuple[str, ...] = ()
    records: tuple[RecordBook, ...] = ()  # what it keeps of its own in the store's records, by name
    help: HelpPage | None = None
    # Resume lines for games the mode keeps elsewhere (the Daily code's in the day's attempt);
    # games kept through `save` are listed from the store's kept games instead.
    kept_entries: Callable[[Any], tuple[MenuEntry, ...]] | None = None
    # Asked by the title screen when it first shows on a first run (the store's data folder new this
    # run): what to offer a new player (a transition, such as Learn to play's offer of its guided
    # game), or None.
    first_run: Callable[[Any], Any] | None = None
    # A guided game that Help offers to replay (Learn to play's), as its menu entry.
    lesson: MenuEntry | None = None
    # The aids its games allow (hints, the coach, hard mode; game/play/aids.py): none unless
    # declared. Its hooks' class names the same value (StandardHooks.aids_allowed), which a test checks.
    aids: AidsAllowed = NO_AID_ALLOWED
    # Makes the hooks of one new game on a config (game/screens/play_protocol.py), with the mode's own
    # choices beside it as keywords (the Daily code's preset and day, a duel's opponent): new_game
    # calls it for every game, so no two games share hooks. None: the mode starts no game on a config
    # (a Deduce puzzle, a two-player round start from their own screens' records).
    hooks: Callable[..., PlayHooks] | None = None
    # Where a new game of this mode on a config is kept, so starting one asks first when a game is
    # kept there (game/screens/kept.py); None: its new games replace nothing kept.
    slot: Callable[[GameConfig], str] | None = None

    def new_game(self, config: GameConfig, **choices: Any) -> Route:
        """The route to a new game of this mode on `config` (and the mode's own `choices`), with hooks
        made for that game alone."""
        if self.hooks is None:
            raise ValueError(f"the mode {self.id!r} starts its games from its own screens")
        return go("play", config=config, hooks=self.hooks(config, **choices))


__all__ = ["GROUPS", "HelpPage", "MenuEntry", "Mode", "RecordBook", "SaveCodec", "StatsTab"]
