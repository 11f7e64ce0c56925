"""The registry of ways of playing: MODES, the one place that imports a mode (game/modes/<id>/).

The menu, resume, statistics, high scores, help, the store's tables and the app's route table all
iterate MODES, in this order (the menu's order within each group).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.modes import blitz, classic, daily, deduce, duel, grid, learn, maker, match
from game.modes.base import MenuEntry, Mode

MODES: tuple[Mode, ...] = (
    classic.MODE,
    grid.MODE,
    learn.MODE,
    daily.MODE,
    blitz.MODE,
    deduce.MODE,
    maker.MODE,
    duel.MODE,
    match.MODE,
)


def mode_named(mode_id: str) -> Mode:
    for mode in MODES:
        if mode.id == mode_id:
            return mode
    raise KeyError(f"no mode is called {mode_id!r}")


def high_score_tables() -> tuple[str, ...]:
    """Every high-score table, in menu order (the store keeps exactly these)."""
    return tuple(table for mode in MODES for table in mode.high_scores)


def mode_files() -> tuple[str, ...]:
    """Every file a mode keeps of its own (the store keeps exactly these besides its own)."""
    return tuple(name for mode in MODES for name in mode.files)


def help_pages() -> dict[str, str]:
    """Each mode's Controls text by the screen name its screens ask for."""
    return {mode.help.screen: mode.help.controls for mode in MODES if mode.help is not None}


def help_tabs() -> dict[str, str]:
    """Each mode's help page's tab name by the screen name its screens ask for."""
    return {mode.help.screen: mode.help.tab for mode in MODES if mode.help is not None}


def first_run_offer(app: Any) -> Any:
    """What the title screen offers as it first shows (a mode's first_run hook: Learn to play's
    offer on a first run), or None: the first mode with something to offer decides."""
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


def kept_games(app: Any) -> Iterator[KeptGame]:
    """Every kept game, read back through its mode's codec; a save its codec refuses is dropped
    from the store with a notice naming why (as a damaged file is moved aside)."""
    store = app.store
    saves = store.load_kept() if store is not None else {}
    for slot, save in saves.items():
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
        entry = MenuEntry(f"Resume: {codec.describe(value)}", detail, codec.resume(value), "Resume", slot)
        yield KeptGame(slot, mode, entry)
    for mode in MODES:
        if mode.kept_entries is not None:
            for entry in mode.kept_entries(app):
                yield KeptGame(f"{mode.id}:own", mode, entry)
