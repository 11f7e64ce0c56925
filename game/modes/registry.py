"""The registry of ways of playing: MODES, the one place that imports a mode (game/modes/<id>/).

A mode is its folder and one line of FOLDERS: the registry imports each folder by name and takes its
MODE, in FOLDERS' order. The menu, resume, statistics, high scores, help, the store's tables and the
app's route table all iterate MODES, in this order (the menu's order within each group), and always
through modes() or the functions here, read when they are called: so a mode registered after import
(a test's mode, `monkeypatch.setattr(registry, "MODES", (*registry.MODES, MODE))`, or with_mode())
is seen by every one of them, the title screen and an App made afterwards included.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.core.config import GameConfig
from game.modes.base import MenuEntry, Mode
from game.screens.base import Context, Route, go

# One line a mode: its folder under game/modes/, in the menu's order.
FOLDERS = (
    "classic",
    "grid",
    "learn",
    "daily",
    "blitz",
    "deduce",
    "maker",
    "duel",
    "match",
    "codes",
    "online",
    "online_solo",
    "lan",
)
MODES: tuple[Mode, ...] = tuple(importlib.import_module(f"game.modes.{name}").MODE for name in FOLDERS)
PLAIN_MODE = "classic"  # the mode of a game a route names only by its config (the command line's)


def modes() -> tuple[Mode, ...]:
    """Every registered mode, in order (MODES as it is now)."""
    return MODES


def with_mode(mode: Mode) -> tuple[Mode, ...]:
    """The registry with `mode` in place of the mode of its id, or added at the end: what MODES
    becomes when a mode is plugged in from outside the folder of modes (a test's fixture)."""
    if any(m.id == mode.id for m in MODES):
        return tuple(mode if m.id == mode.id else m for m in MODES)
    return (*MODES, mode)


def mode_named(mode_id: str) -> Mode:
    for mode in MODES:
        if mode.id == mode_id:
            return mode
    raise KeyError(f"no mode is called {mode_id!r}")


def new_game(config: GameConfig, mode: str = PLAIN_MODE, **choices: Any) -> Route:
    """The route "new_game": a new game of the mode `mode` on `config` with the mode's own `choices`
    (Mode.new_game: its own hooks); naming no mode, a plain game of `config`."""
    return mode_named(mode).new_game(config, **choices)


def start_slot(route: Route) -> str | None:
    """Where the game a "new_game" route starts is kept (its mode's Mode.slot), so starting it asks
    first when a game is kept there; None for any other route, or a mode that keeps none that way."""
    if route.name != "new_game":
        return None
    mode = mode_named(route.args.get("mode", PLAIN_MODE))
    return mode.slot(route.args["config"]) if mode.slot is not None else None


def high_score_tables() -> tuple[str, ...]:
    """Every high-score table, in menu order (the store keeps exactly these)."""
    return tuple(table for mode in MODES for table in mode.high_scores)


def record_books() -> tuple[Any, ...]:
    """Every RecordBook a mode keeps of its own (the store reads earlier versions' files of these)."""
    return tuple(book for mode in MODES for book in mode.records)


def histograms() -> dict[str, str]:
    """Each statistics bucket's declared meaning of its histogram (StatsTab.histogram), by bucket."""
    return {tab.key: tab.histogram for mode in MODES for tab in mode.stats_tabs}


def help_pages() -> dict[str, str]:
    """Each mode's Controls text by the screen name its screens ask for."""
    return {mode.help.screen: mode.help.controls for mode in MODES if mode.help is not None}


def help_tabs() -> dict[str, str]:
    """Each mode's help page's tab name by the screen name its screens ask for."""
    return {mode.help.screen: mode.help.tab for mode in MODES if mode.help is not None}


def first_run_offer(app: Context) -> Any:
    """What the title screen offers as it first shows (a mode's first_run hook: Learn to play's
    offer on a first run), or None: the first mode with something to offer decides. The hooks are
    asked only on a first run (the store's data folder new this run): any other start offers nothing."""
    if app.store is None or not app.store.first_run:
        return None
    for mode in MODES:
        if mode.first_run is not None:
            offer = mode.first_run(app)
            if offer is not None:
                return offer
    return None


def lesson_entry() -> MenuEntry | None:
    """The guided game Help offers to replay, if a mode has one."""
    return next((mode.lesson for mode in MODES if mode.lesson is not None), None)


@dataclass(frozen=True)
class KeptGame:
    """A kept game as the menu offers it: where it is kept, its Resume line, the route that plays it."""

    slot: str
    mode: Mode
    entry: MenuEntry


def kept_games(app: Context, only: str | None = None) -> Iterator[KeptGame]:
    """Every kept game (the one kept in the slot `only`, if given), read back through its mode's codec;
    a save its codec refuses is set aside in the store with a notice naming why. Its Resume route
    claims it first (go("resume")), so two windows cannot both take it up."""
    store = app.store
    kept = store.kept_games() if store is not None else {}
    for slot, row in kept.items():
        if only is not None and slot != only:
            continue
        save = row["save"]
        try:
            mode = mode_named(save["mode"])
            codec = mode.save
            if codec is None or save["version"] != codec.version:
                raise ValueError(f"{mode.title} keeps no game of version {save['version']}")
            value = codec.decode(save["data"])
        except (KeyError, ValueError, TypeError) as exc:
            store.drop_kept(slot, str(exc) or type(exc).__name__)
            continue
        detail = "kept where you left it · Del forgets it"
        route = go(
            "resume",
            store=store,
            slot=slot,
            game_id=row["game_id"],
            holder=row["holder"],
            route=codec.resume(value),
        )
        entry = MenuEntry(f"Resume: {codec.describe(value)}", detail, route, "Resume", slot)
        yield KeptGame(slot, mode, entry)
    for mode in MODES:  # a mode's own kept games are listed in its slot "<id>:own"
        if mode.kept_entries is not None and only in (None, f"{mode.id}:own"):
            for entry in mode.kept_entries(app):
                yield KeptGame(f"{mode.id}:own", mode, entry)


def resume(store: Any, slot: str, game_id: str, holder: str | None, route: Route) -> Route:
    """The kept game's own route once this window has claimed it; the menu when another window took
    it first (the store's notice says so)."""
    return route if store.claim_kept(slot, game_id, holder) else go("menu")
