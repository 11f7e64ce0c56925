"""The online lobby: find an opponent (quick match, a room with an invite code, a code typed in), set
the nickname and the server, or host a game on this network; then on to the duel.

The screen connects as it opens (a DuelLink: a client thread and its queues), so the status strip
says at once, and within the client's 3 s, whether a server is there; without one it says how to
start one (`mastermind-server`) and H hosts one here (flow.Hosted: a server in a thread, advertised
on the network). Nothing waits on the network: each frame pumps the link and draws the progress.
Once the server starts the duel the screen goes where hooks.next_route says, handing the link on.

Rows (keys: Up/Down, Left/Right to change, letters to type, Enter to use; the mouse clicks):
server address, nickname, game (race, codemaker 2 or 4 rounds), size (the presets), Quick match,
Create a room, Join by code, Host on this network, Back. A kept duel (`rejoin`, its OnlineSave)
connects and lets the server say where the duel is: its "resume" puts the link back into the game.
The lobby holds the kept duel meanwhile; when the server has no such duel any more (it ended, or
the server restarted) within REJOIN_WAIT_S of connecting, the lobby says so and lets it go.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game.modes.online import view as online_view
from game.modes.online.flow import DEFAULT_URL, ONLINE_SAVE, SLOT, Hosted, OnlineSave, data_folder, identity
from game.modes.online.hooks import next_route
from game.modes.online.lobby_input import FIELDS, GAMES, ROWS, LobbyInput
from game.net.duel import DuelLink, rating_text
from game.net.protocol import INVITE_LENGTH, SIZES
from game.screens.base import Context, Replace, State, Transition, board_art, to_menu
from game.screens.holding import Holding, Kept
from game.ui import palette as pal

REJOIN_WAIT_S = 2.0  # connected this long with no duel resumed: the kept duel is gone from the server
GONE = "That duel is no longer on this server (it ended, or the server restarted)."


class OnlineLobbyState(LobbyInput, State):
    """Find a duel (see the module docstring)."""

    takes_text = True

    def __init__(
        self,
        kind: str = "race",
        url: str | None = None,
        link: DuelLink | None = None,
        host: bool = False,
        rejoin: OnlineSave | None = None,
        hosted: Hosted | None = None,
        latency_s: float = 0.0,
    ) -> None:
        self.url = url or (link.url if link is not None else DEFAULT_URL)
        self.game = next((i for i, (k, _, _) in enumerate(GAMES) if k == kind), 0)
        self.size = SIZES.index("Classic")
        self.link = link
        self.host_first = host
        self.rejoin = rejoin
        self.rejoin_waited_s = 0.0
        self.gone = False  # the kept duel is not on the server: forgotten
        self.hosted = hosted
        self.focus = ROWS.index("quick")
        self.code = ""
        self.nick = ""
        self.handed_on = False  # the link went on to the duel's screens: not closed here
        self.pending: tuple[str, dict[str, Any]] | None = None  # asked before the link was connected
        self.mouse = (-1, -1)
        self.latency_s = latency_s  # added each way to every message (a slow network: benchmarks)
        self.rating_asked = False  # this device's rating asked of the link's server once connected
        self.starting: threading.Thread | None = None  # a server being started here (host())
        self.started_host: Hosted | str | None = None  # what that thread made, or why it could not
        self.closed = False

    # --- life cycle --------------------------------------------------------------------------------
    def enter(self, app: Context) -> None:
        super().enter(app)
        self.me = identity(app)
        self.nick = self.me.nick
        if self.link is not None and self.link.view.phase == "over":
            self.link.view.phase, self.link.view.over = "lobby", None  # the same link, a new duel
        if self.host_first and self.link is None:
            self.host()
        elif self.link is None:
            self.connect()

    def exit(self) -> None:
        self.closed = True
        if not self.handed_on and self.link is not None:
            self.link.close()
            self.link = None

    def connect(self) -> None:
        """A new link to the server in the server row (the old one closed)."""
        if self.link is not None:
            self.link.close()
        self.link = DuelLink(self.url, self.me.token, self.nick, latency_s=self.latency_s).start()
        self.rating_asked = False
        if self.hosted is not None and self.url == self.hosted.url:
            self.link.host, self.hosted = self.hosted, None  # the link stops the server it plays on

    def host(self) -> None:
        """Start a server here, advertised on the network, and connect to it. A new server starts on
        a thread of its own (binding, the store, zeroconf take a while): update() connects once it
        listens, and the frames go on meanwhile."""
        hosted = self.hosted or (self.link.host if self.link is not None else None)
        if hosted is None:
            if self.starting is None:
                folder, nick = data_folder(self.app), self.nick
                self.starting = threading.Thread(
                    target=self._start_host, args=(folder, nick), name="mastermind-host-start", daemon=True
                )
                self.starting.start()
            return
        self._use_host(hosted)

    def _start_host(self, folder: Any, nick: str) -> None:
        """The host thread: the server made, or why not (read by update() once the thread ends)."""
        try:
            self.started_host = Hosted(folder, nick)
        except OSError as exc:
            self.started_host = f"cannot host here: {exc.strerror or exc}"
        if self.closed and isinstance(self.started_host, Hosted):
            self.started_host.stop()  # the screen went while the server started: nobody plays on it

    def _use_host(self, hosted: Hosted) -> None:
        if self.link is not None and self.link.host is hosted:
            self.link.host = None  # kept for the new link
        self.hosted = hosted
        self.url = hosted.url
        self.connect()

    # --- asking the server -------------------------------------------------------------------------
    def ask(self, type_: str, **fields: Any) -> None:
        link = self.link
        if link is None or link.view.status in ("failed", "closed"):
            self.connect()
            link = self.link
        if link.view.status != "connected":
            self.pending = (type_, fields)
            return
        if link.view.phase in ("waiting", "queued"):
            link.send("leave")  # a new request replaces the room or queue this player waits in
        link.send(type_, **fields)

    def use(self, name: str) -> Transition | None:
        kind, rounds, _ = GAMES[self.game]
        game = {"size": SIZES[self.size], "kind": kind, "rounds": rounds}
        if name == "quick":
            self.ask("quick", **game)
        elif name == "create":
            self.ask("create", **game)
        elif name == "join":
            if len(self.code) != INVITE_LENGTH:
                self.link.view.error = f"an invite code has {INVITE_LENGTH} letters"
            else:
                self.ask("join", invite=self.code)
        elif name == "host":
            self.host()
        elif name == "server":
            self.connect()
        elif name == "nick":
            self.me = self.me.with_nick(self.nick)
            self.nick = self.me.nick
            self.connect()
        elif name == "back":
            return self.leave()
        return None

    def leave(self) -> Transition:
        link = self.link
        if link is not None and link.view.phase in ("waiting", "queued") and link.view.status == "connected":
            link.send("leave")
        return to_menu()

    # --- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        if self.starting is not None and not self.starting.is_alive():
            self.starting, started = None, self.started_host
            if isinstance(started, Hosted):
                self._use_host(started)
            elif self.link is not None:
                self.link.view.error = str(started)
        link = self.link
        if link is None:
            return None
        link.pump(dt)
        if link.view.status == "connected" and self.pending is not None:
            type_, fields = self.pending
            self.pending = None
            link.send(type_, **fields)
        if link.view.status == "connected" and not self.rating_asked:
            self.rating_asked = True
            if link.view.rating is None:
                link.client.send("rating")  # not link.send: that would clear a refusal being shown
        if self.rejoin is not None and not self.gone and link.view.status == "connected":
            self.rejoin_waited_s += dt if link.view.phase == "lobby" else 0.0
            if self.rejoin_waited_s >= REJOIN_WAIT_S:
                self.gone = True
                link.view.error = GONE
        route = next_route(link)
        if route is not None:
            self.handed_on = True
            return Replace(route)
        return None

    def holding(self) -> Holding:
        """A kept duel being rejoined stays kept until the server shows it (the board keeps it from
        there), and is let go when the server has no such duel or says it is over."""
        if self.rejoin is None:
            return Holding()
        over = self.link is not None and self.link.view.phase == "over"
        if self.gone or over:
            return Holding(abandoned=SLOT)
        save = self.rejoin
        return Holding(kept=Kept(SLOT, 0, None, lambda: ONLINE_SAVE.envelope("online", save)))

    # --- drawing ---------------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str, bool]]:
        hosting = self.link.host if self.link is not None and self.link.host is not None else self.hosted
        host_label = f"Hosting at {hosting.where}" if hosting is not None else "Host a game on this network"
        if self.starting is not None:
            host_label = "Starting a server here…"
        caret = "_" if ROWS[self.focus] in FIELDS else ""
        return [
            ("Server", self.url + (caret if ROWS[self.focus] == "server" else ""), False),
            ("Nickname", self.nick + (caret if ROWS[self.focus] == "nick" else self.rating_suffix()), False),
            ("Game", f"‹ {GAMES[self.game][2]} ›", False),
            ("Size", f"‹ {SIZES[self.size]} ›", False),
            ("Quick match", "", True),
            ("Create a room", "", True),
            ("Join by code", (self.code + "_" * (INVITE_LENGTH - len(self.code))), False),
            (host_label, "", True),
            ("Back", "", True),
        ]

    def rating_suffix(self) -> str:
        """This device's duel rating beside its nickname (Glicko-2: "?" while provisional)."""
        rating = rating_text(self.link.view.rating) if self.link is not None else ""
        return f" · rating {rating}" if rating else ""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        layout, art = self.layout(), board_art(self.app)
        title = "Play people: " + ("rejoining your duel" if self.rejoin else "online duel")
        online_view.draw_title(surface, layout, art, title)
        hot = layout.hit(self.mouse)
        online_view.draw_rows(surface, layout, art, self.rows(), self.focus, hot)
        link = self.link
        if link is None:
            return
        lines = online_view.status_lines(link.view, link.waited_s, link.connect_timeout_s)
        progress = None
        if link.view.status == "connecting":
            progress = link.waited_s / link.connect_timeout_s
        online_view.draw_status(surface, layout.status, art, lines, progress)
