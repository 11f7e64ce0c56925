"""An online duel's board: the playing screen with OnlineHooks (a race, or a codemaker round's breaker).

The player's board is a RemoteBreakerRun (game/play/remote.py): a submitted row goes to the server
through the duel's link and lands on the board with the server's grade; nothing here can grade.
Beside the board, the opponent's column (view.py): their rows as grades only, as they land, and
the connection's state ("Reconnecting…" while the client backs off; the opponent away, and the win
to claim once the server's hold has run out: C claims it).

Each frame pumps the link (the client's queue, never blocking) and lands the rows the server graded;
when the server says the round or the duel is over, the board closes and, after a short pause for
the last grade, the screen goes where flow.next_route says. Menu leaves the duel held by the server
(its hold: the other player waits, the menu's Resume takes it up); Give up (R) leaves it for good.
The duel is kept in the slot "online" while played, forgotten once over.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.config import GameConfig
from game.modes.online import view as online_view
from game.modes.online.flow import ONLINE_SAVE, SLOT, config_of, save_of
from game.net.duel import DuelLink, DuelView
from game.play.record import GameRecord
from game.play.remote import RemoteBreakerRun
from game.play.timeline import Motion, Timeline
from game.screens.base import Context, Replace, Route, go, motion, to_menu
from game.screens.holding import Holding, Kept
from game.screens.play_hooks import PlayScreen, StandardHooks, draw_title
from game.ui import breaker_view, coach_view
from game.ui.board import Art
from game.ui.layout import PlayLayout
from game.ui.widgets import draw_button

PANEL_BUTTONS = ("submit", "clear", "undo", "reveal")
PANEL_ITEMS = breaker_view.panel_items(PANEL_BUTTONS)
END_PAUSE_S = 1.2  # the last grade drops in before the next screen
GIVE_UP = "Give up"
WAIT_FOR_CODE = "wait: the other player is making the code"


def next_route(link: DuelLink) -> Route | None:
    """Where the server says the duel is, as a screen (None: still finding a game), so every screen
    of the mode follows the server the same way: a race's board, a codemaker round's board or code
    to make, the end."""
    view = link.view
    if view.phase == "over":
        return go("online_result", link=link)
    if view.phase != "playing":
        return None
    if view.kind == "codemaker" and view.role == "maker":
        return go("online_maker", link=link)
    if view.kind == "codemaker" and not view.role:
        return None  # the first round's roles are on their way
    return go("play", config=config_of(view), hooks=OnlineHooks(link))


class OnlineHooks(StandardHooks):
    """One online board (see the module docstring)."""

    mode = "online"
    help_screen = "online"
    shows_hud = False
    panel_items = PANEL_ITEMS

    def __init__(self, link: DuelLink) -> None:
        super().__init__()
        self.link = link
        self.round = link.view.round
        self.ending = 0.0  # seconds since the server ended this board's round or duel
        self.landed_errors = ""
        # the opponent's grades drop in peg by peg as they land, on the board's timing (and motion)
        self.timeline = Timeline()
        self.opponent_seen = len(link.view.opponent_rows)  # rows already there come in at rest

    def again(self, state: PlayScreen) -> Route:
        """New game on the same link: the server decides what it is (the screen asks it)."""
        return go("play", config=state.config, hooks=OnlineHooks(self.link))

    def start(self, app: Context) -> GameRecord | None:
        return GameRecord.new(self.config, None)

    @property
    def config(self) -> GameConfig:
        return config_of(self.link.view)

    def make_run(self, record: GameRecord, motion: Motion, hard: bool) -> RemoteBreakerRun:
        return RemoteBreakerRun(record, self.link.guess, motion)

    def entered(self, state: PlayScreen) -> None:
        super().entered(state)
        self._land(state)

    # --- the server's word -----------------------------------------------------------------------
    def _land(self, state: PlayScreen) -> None:
        run, view = state.run, self.link.view
        rows = view.rows
        if view.round != self.round:  # the round ended: its rows as they stood then
            ended = [done for done in view.rounds_done if done.get("round") == self.round]
            rows = ended[-1]["rows"] if ended else []
        for code, grade in rows[len(run.game.rows) :]:
            if len(run.game.rows) >= run.config.turns or run.game.over:
                break
            run.land(code, grade)
        if view.error and view.error != self.landed_errors:
            self.landed_errors = view.error
            run.refused(view.error)

    def _board_done(self) -> bool:
        view = self.link.view
        return view.phase != "playing" or view.round != self.round

    def update(self, state: PlayScreen, dt: float) -> Any:
        self.link.pump(dt)
        self._land(state)
        self.timeline.set_motion(motion(state.app))
        self.timeline.update(dt)
        for row in range(self.opponent_seen, len(self.link.view.opponent_rows)):
            online_view.pop_grade(self.timeline, row, state.config.pegs)
        self.opponent_seen = len(self.link.view.opponent_rows)
        run = state.run
        if not self._board_done():
            return None
        run.closed = True
        self.ending += dt
        if self.ending < END_PAUSE_S:
            return None
        route = self.route()
        return Replace(route) if route is not None else None

    def route(self) -> Route | None:
        """Where the board goes once the server closed it."""
        return next_route(self.link)

    def finished(self, state: PlayScreen) -> Any:
        return None  # the server says when the duel ends (update)

    def accepts_input(self, state: PlayScreen) -> bool:
        return not self._board_done()

    def refuse(self, name: str, state: PlayScreen) -> str | None:
        view = self.link.view
        if name == "submit" and view.kind == "codemaker" and not view.secret_set:
            return WAIT_FOR_CODE
        if name == "submit" and view.status != "connected":
            return "wait: reconnecting to the server"
        return None

    def intercept(self, state: PlayScreen, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.link.view.claim_ready:
            self.link.send("claim")
            return True
        return False

    def reveal_question(self, state: PlayScreen) -> tuple[str, str]:
        return "Give up the duel? The other player wins.", "Give up"

    def resign(self, state: PlayScreen) -> None:
        self.link.send("leave")
        state.run.closed = True

    def leave(self, state: PlayScreen) -> Any:
        """Menu: the server holds the duel for a while; Resume in the menu takes it up again."""
        self.link.close()
        return to_menu()

    # --- what the session keeps ----------------------------------------------------------------------
    def slot(self, state: PlayScreen) -> str:
        return SLOT

    def save(self, state: PlayScreen) -> dict[str, Any]:
        return ONLINE_SAVE.envelope(self.mode, save_of(self.link))

    def holding(self, state: PlayScreen) -> Holding:
        if state.run is None:
            return Holding()
        view = self.link.view
        if view.phase == "over":
            return Holding(abandoned=SLOT)
        rows = (len(view.rounds_done), len(view.rows), len(view.opponent_rows))
        draft = tuple(state.run.draft)
        return Holding(kept=Kept(SLOT, sum(rows), (rows, draft), lambda: self.save(state)))

    # --- drawing ----------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int], state: PlayScreen) -> PlayLayout:
        buttons = tuple(name for name in breaker_view.PANEL_BUTTONS if name in dict(self.panel_items))
        return coach_view.aside_layout(size, state.config, self.panel_items, buttons)

    def title(self, state: PlayScreen) -> str:
        view = self.link.view
        size = view.shape.get("size", "")
        if view.kind == "codemaker":
            rounds = view.shape.get("rounds", 2)
            score = online_view.score_line(view)
            return f"Online codemaker · round {view.round} of {rounds} · {size} · {score}"
        return f"Online race vs {view.opponent} · {size}"

    def draw(self, surface: pygame.Surface, layout: PlayLayout, state: PlayScreen, art: Art) -> None:
        draw_title(surface, layout, art, self.title(state))
        give_up = layout.button_rect("reveal")
        if give_up is not None:  # the board's Reveal button, which here gives the duel up
            hot = give_up.collidepoint(state.mouse)
            draw_button(surface, art.text, give_up, GIVE_UP, enabled=not state.run.game.over, hot=hot)
        aside = getattr(layout, "aside", None)
        if aside is None:
            return
        online_view.draw_opponent(
            surface, aside, art, self.link.view, self.lines(state), show_codes=False, timeline=self.timeline
        )

    def lines(self, state: PlayScreen) -> list[str]:
        view, run = self.link.view, state.run
        lines = connection_lines(view)
        if view.opponent_away:
            lines.append("Claim the win: C" if view.claim_ready else f"Away · held {view.hold_s:.0f} s")
        if view.kind == "codemaker":
            lines.append("They made the code" if view.secret_set else "They are making the code…")
        elif run.game.over and view.phase == "playing":
            lines.append("You are out of turns: waiting for their last rows")
        elif run.pending is not None:
            lines.append("Grading…")
        else:
            count = len(view.opponent_rows)
            lines.append(f"{count} row{'' if count == 1 else 's'} · grades only")
        return lines


def connection_lines(view: DuelView) -> list[str]:
    """What the side panel says of the connection while it is not simply up (none when it is)."""
    if view.status == "reconnecting":
        return ["Reconnecting… your rows are kept"]
    if view.status == "failed":
        return [f"Connection lost: {view.reason}"]
    return []
