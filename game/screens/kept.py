"""Starting a game where one is kept: the player is asked before a kept game could be replaced.

start_game(app, slot, route) is what every way into a new game calls (a menu entry, Custom's
Start): with no game kept in `slot` it is simply `route`; with one, a question offers Resume (the
default: it loses nothing) or New game. A "new_game" route given no slot is kept where its mode
says (registry.start_slot). Even then the kept game is replaced only once the new one has
something worth keeping (game/lifetime.py), so leaving the new game empty keeps the old one.
"""

from __future__ import annotations

from game.modes.registry import kept_games, start_slot
from game.screens.base import Context, Push, Route, Transition, go


def start_game(app: Context, slot: str | None, route: Route) -> Route | Transition:
    if slot is None:
        slot = start_slot(route)
    if slot is None:
        return route
    for kept in kept_games(app, slot):  # the one slot only: no other mode's files are read
        if kept.slot == slot:
            resume = kept.entry.route
            line = kept.entry.label.removeprefix("Resume: ")
            question = f"You have a game kept here ({line}). Resume it, or start a new one?"
            return Push(
                go(
                    "confirm",
                    question=question,
                    result=resume,
                    no_result=route,
                    yes="Resume",
                    no="New game",
                    focus="yes",
                )
            )
    return route
