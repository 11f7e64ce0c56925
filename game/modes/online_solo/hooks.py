"""The board of an online Daily or challenge: the online duel's board (OnlineHooks) with no opponent.

Rows go to the server as solo_guess and land with the server's grade (game/play/remote.py: nothing
here can grade). There is no giving up (the server ends the attempt when the code is cracked or the
turns run out), and nothing is kept in a slot: the attempt lives on the server, timed from when it
was first shown, and asking for it again shows it where it stands.
"""

from __future__ import annotations

from typing import Any

from game.modes.online.flow import config_of
from game.modes.online.hooks import OnlineHooks, connection_lines
from game.net.duel import DuelLink
from game.screens.base import Route, go, to_menu
from game.screens.holding import Holding
from game.screens.play_hooks import PlayScreen
from game.ui import breaker_view

PANEL_ITEMS = breaker_view.panel_items(("submit", "clear", "undo"))


def solo_route(link: DuelLink) -> Route | None:
    """The board while the server has the attempt open, its card once it is over (None: not yet)."""
    view = link.view
    if view.phase == "over":
        return go("online_solo_card", link=link)
    if view.phase == "playing":
        return go("play", config=config_of(view), hooks=SoloHooks(link))
    return None


class SoloHooks(OnlineHooks):
    """One online Daily or challenge being played (see the module docstring)."""

    mode = "online_solo"
    panel_items = PANEL_ITEMS

    def again(self, state: PlayScreen) -> Route:
        """New game on the same link: the server decides what it is (the screen asks it)."""
        return go("play", config=state.config, hooks=SoloHooks(self.link))

    def route(self) -> Route | None:
        return solo_route(self.link)

    def leave(self, state: PlayScreen) -> Any:
        """Menu: the attempt stays on the server, its clock running; opening it again resumes it."""
        self.link.close()
        return to_menu()

    def holding(self, state: PlayScreen) -> Holding:
        return Holding()

    def title(self, state: PlayScreen) -> str:
        view = self.link.view
        if view.kind == "daily":
            return f"Daily (online) · {view.shape.get('room', '')} · graded by the server"
        return f"Challenge {view.shape.get('room', '')} · {view.shape.get('size', '')}"

    def lines(self, state: PlayScreen) -> list[str]:
        view, run = self.link.view, state.run
        lines = connection_lines(view)
        lines.append("Grading…" if run.pending is not None else "Timed from when it was first shown")
        lines.append("One attempt per device")
        return lines
