"""The game server: websockets (asyncio) around the pure rooms, with a store for finished games.

One connection per device: the first message must be a valid hello within HANDSHAKE_S (a socket
that never finishes the websocket upgrade is dropped by websockets' open_timeout, one that never
says hello by ours); a second connection with the same token takes the first one's place (a
reconnect). Every later message is validated (protocol.decode_client, then the rooms' own rules);
a bad one gets an error naming the fault, and a client past the rate limit (RATE_PER_S, BURST) or
past MAX_STRIKES bad messages is disconnected. Messages over MAX_MESSAGE_BYTES close the socket
(websockets' max_size). Nothing a client sends can raise out of its own handler, so the other
games play on.

Each connection has one writer task fed by a queue, so a slow reader never holds up the loop; room
events go out in their numbered order, and a reconnect says which it already has (hello's last_seq
and epoch), so it is sent only the rest.

The store runs on its own thread (storethread.py), batching what waits into one transaction, so no
disk or database call is made on the loop. A finished game is handed to it at once, and the two
players' events from then on (their last grade and "over") are held back until it is kept: a
player told a game is over has its result in the store, whatever happens to this process next.

With a ClusterLink (cluster.py, --redis), several processes share invites, the quick-match queue
and the events of rooms whose players are connected to different processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.protocol import (
    FEATURES,
    MAX_MESSAGE_BYTES,
    ProtocolError,
    clean_nick,
    decode_client,
    encode,
)
from game.server import desk
from game.server.names import board_nick
from game.server.results import ResultStore, player_id
from game.server.rooms import RoomError, Rooms
from game.server.storethread import StoreThread

HANDSHAKE_S = 5.0  # from the websocket upgrade to a valid hello
OPEN_TIMEOUT_S = 5.0  # from the TCP connection to a finished websocket upgrade
RATE_PER_S = 30.0  # a person sends a few messages a second; a client may burst past it briefly
BURST = 60.0
MAX_STRIKES = 50  # bad or over-the-limit messages before the client is disconnected
# a client being disconnected may never answer the close (a flooder's unread messages stop the
# reading of its reply): the socket is cut after this long instead of websockets' 10 s
CLOSE_TIMEOUT_S = 1.0
MAX_STORE_BACKLOG = 5000  # store jobs waiting before the store-asking messages are refused for a moment
TICK_S = 0.5  # how often holds and waiting rooms are looked at
POLICY_VIOLATION = 1008  # the websocket close code for "you broke the rules"
REPLACED = 4001  # ours: "this device connected again" (the older window must not fight it back)

log = logging.getLogger("mastermind.server")


@dataclass
class Connection:
    ws: ServerConnection
    player: str
    sent: int = 0  # the last event number queued for this connection
    out: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tokens: float = BURST
    refilled: float = 0.0
    strikes: int = 0
    replaced: bool = False  # the same device connected again: this one is closed with REPLACED
    rating: float = 1500.0  # read from the store after the hello; quick match pairs on it
    nick: str = "Player"


class GameServer:
    """Rooms served over websockets. start() binds (port 0: any free port), stop() ends it."""

    def __init__(
        self,
        store: ResultStore,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        link: Any = None,
        rooms: Rooms | None = None,
        handshake_s: float = HANDSHAKE_S,
        open_timeout_s: float = OPEN_TIMEOUT_S,
        rate_per_s: float = RATE_PER_S,
        burst: float = BURST,
    ) -> None:
        self.store, self.clock, self.wall = store, clock, wall
        self.db = StoreThread(store)
        self.desk = desk.Desk(self)
        self.link = link  # a ClusterLink when several processes share the rooms
        self.rooms = rooms or Rooms()
        self.handshake_s, self.open_timeout_s = handshake_s, open_timeout_s
        self.rate_per_s, self.burst = rate_per_s, burst
        self.epoch = secrets.token_hex(8)  # a restarted server's event numbers start again
        self.connections: dict[str, Connection] = {}
        self.server: Server | None = None
        self.ticker: asyncio.Task[None] | None = None
        self.errors = 0  # messages refused, for the load tool and the log
        self.unsaved: list[dict[str, Any]] = []  # finished games the store refused; tried again each tick
        self.saving = 0  # finished games handed to the store and not yet kept
        self.held: dict[str, int] = {}  # player -> their games being kept (their events wait for it)
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.server = await serve(
            self._handle,
            host,
            port,
            max_size=MAX_MESSAGE_BYTES,
            open_timeout=self.open_timeout_s,
            compression=None,  # messages are tiny; deflate would cost more than it saves
            close_timeout=CLOSE_TIMEOUT_S,
            ping_interval=20,
            ping_timeout=20,
        )
        self.loop = asyncio.get_running_loop()
        if self.link is not None:
            await self.link.start(self)
        self.ticker = asyncio.create_task(self._tick())
        return self.port

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.ticker
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        self.settle()
        for task in list(self.tasks):
            task.cancel()
        if self.link is not None:
            await self.link.stop()
        await asyncio.to_thread(self.db.stop)  # every finished game handed over is kept first
        for result in self.unsaved:
            with contextlib.suppress(Exception):
                self.store.record(result)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            try:
                self.rooms.tick(self.clock())
                if self.link is not None:
                    await self.link.tick()
                retry, self.unsaved = self.unsaved, []
                for result in retry:
                    self._save(result, hold=False)
                self.settle()
            except Exception:  # a tick that fails must not stop the next ones
                log.exception("tick failed")

    # --- one connection ------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.handshake_s)
        except (TimeoutError, ConnectionClosed):
            await ws.close(POLICY_VIOLATION, "no hello")
            return
        try:
            hello = decode_client(raw)
            if hello["type"] != "hello":
                raise ProtocolError("say hello first")
        except ProtocolError as exc:
            await self._refuse(ws, str(exc))
            return
        player = player_id(hello["token"])
        nick = board_nick(clean_nick(hello["nick"]))
        if self.link is not None:
            try:
                await self.link.hello(player)
            except Exception:  # Redis away: this device plays on here, its room elsewhere is not found
                log.exception("could not look for %s's room", player[:8])
        conn = Connection(ws, player, refilled=self.clock(), tokens=self.burst, nick=nick)
        old = self.connections.get(player)
        self.connections[player] = conn
        if old is not None:
            old.replaced = True
            old.out.put_nowait(None)  # its writer closes it; its reader finds itself replaced
        self.db.call("see_player", player, nick)  # a nicety: a refusal is logged by the store's thread
        self._spawn(player, self._load_rating(conn))
        last = hello.get("last_seq", 0) if hello.get("epoch") == self.epoch else 0
        conn.sent = min(last, self.rooms.last_seq(player))
        kept = self.rooms.events_after(player, conn.sent)
        fresh = conn.sent == 0 or bool(kept and kept[0][0] > conn.sent + 1)
        if fresh:
            # a fresh process, or events it missed were let go: the whole view instead of the pieces
            before = self.rooms.last_seq(player)
            if self.rooms.resume(player):
                conn.sent = before
        if self.link is not None:
            self.link.back(player, resume=fresh)  # a room on another process: it tells the rest
        conn.out.put_nowait(
            encode(
                "welcome",
                player=player[:16],
                nick=nick,
                server_seq=self.rooms.last_seq(player),
                epoch=self.epoch,
                features=list(FEATURES),
            )
        )
        self.rooms.back(player, self.clock())
        self.rooms.dirty.add(player)
        self.settle()
        writer = asyncio.create_task(self._write(conn))
        try:
            async for raw in ws:
                if not self._serve_one(conn, nick, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            if self.connections.get(player) is conn:
                del self.connections[player]
                self.rooms.drop(player, self.clock())
                if self.link is not None:
                    self.link.dropped(player)
                self.settle()
            conn.out.put_nowait(None)
            await writer

    def _serve_one(self, conn: Connection, nick: str, raw: str | bytes) -> bool:
        """Handle one message; False when the client is to be disconnected."""
        now = self.clock()
        conn.tokens = min(self.burst, conn.tokens + (now - conn.refilled) * self.rate_per_s)
        conn.refilled = now
        if self.connections.get(conn.player) is not conn:
            return False
        if conn.tokens < 1:
            if conn.strikes == 0:  # flooding keeps a device off the boards
                self.db.call("flag", conn.player, "flooded the server")
            return self._strike(conn, "too many messages: slow down")
        conn.tokens -= 1
        try:
            message = decode_client(raw)
            self._dispatch(conn, nick, message, now)
        except (ProtocolError, RoomError) as exc:
            return self._strike(conn, str(exc))
        except Exception:  # a fault of ours: this message is lost, never the server or the other games
            log.exception("message from %s failed", conn.player[:8])
            return self._strike(conn, "the server could not do that")
        finally:
            self.settle()
        return True

    def _strike(self, conn: Connection, reason: str) -> bool:
        self.errors += 1
        conn.strikes += 1
        if conn.strikes > MAX_STRIKES:
            conn.out.put_nowait(encode("error", reason=f"{reason}; disconnected", fatal=True))
            conn.out.put_nowait(None)
            return False
        conn.out.put_nowait(encode("error", reason=reason))
        return True

    def _dispatch(self, conn: Connection, nick: str, message: dict[str, Any], now: float) -> None:
        kind, player = message["type"], conn.player
        if kind == "ack":
            self.rooms.ack(player, message["seq"])
        elif kind == "ping":
            conn.out.put_nowait(encode("pong", **({"id": message["id"]} if "id" in message else {})))
        elif kind == "hello":
            raise ProtocolError(f"{kind} is said once, first")
        elif kind in desk.TYPES:
            if self.db.jobs.qsize() > MAX_STORE_BACKLOG:  # boards asked faster than the store answers
                raise RoomError("the server is busy; try again in a moment")
            self._spawn(player, self.desk.handle(player, nick, message))
        elif self.link is None or not self.link.takes(player, nick, message, now, conn.rating):
            self.room_move(player, nick, message, now, conn.rating)

    def room_move(self, player: str, nick: str, message: dict[str, Any], now: float, rating: float) -> None:
        """A move on the rooms (from a connection here, or forwarded by another process)."""
        kind, rooms = message["type"], self.rooms
        if kind in ("create", "join", "quick", "secret", "guess") and player in self.desk.games:
            self.desk.games.pop(player)  # a duel ends the Daily or challenge shown (its rows are kept)
        if kind == "create":
            rooms.create(player, nick, message["size"], message["kind"], message.get("rounds", 2), now)
        elif kind == "join":
            rooms.join(player, nick, message["invite"], now)
        elif kind == "quick":
            rooms.quick(player, nick, message["size"], message["kind"], message.get("rounds", 2), now, rating)
        elif kind == "secret":
            rooms.set_secret(player, message["code"], now)
        elif kind == "guess":
            rooms.guess(player, message["code"], now)
        elif kind == "claim":
            rooms.claim(player, now)
        elif kind == "leave":
            rooms.leave(player, now)
        else:
            raise ProtocolError(f"{kind} is not a move")

    def tell(self, player: str, text: str) -> None:
        """A message outside the event stream (an error) to wherever the player is connected."""
        conn = self.connections.get(player)
        if conn is not None:
            conn.out.put_nowait(text)
        elif self.link is not None:
            self.link.tell(player, text)

    def _spawn(self, player: str, job: Any) -> None:
        """Run `job` as a task; what it refuses goes back to the player as an error."""

        async def run() -> None:
            try:
                await job
            except (ProtocolError, RoomError) as exc:
                self.errors += 1
                self.tell(player, encode("error", reason=str(exc)))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a task for %s failed", player[:8])
                self.tell(player, encode("error", reason="the server could not do that"))

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _load_rating(self, conn: Connection) -> None:
        conn.rating = (await self.db.read("rating", conn.player)).rating

    def settle(self) -> None:
        """Hand new events to their connections (or their process), keep finished games, log."""
        for result in self.rooms.take_finished():  # first: its players' events wait for it
            self._save(result, hold=True)
        waiting = []
        for player in self.rooms.take_dirty():
            if self.held.get(player):
                waiting.append(player)  # its game is being kept: told once it is
                continue
            conn = self.connections.get(player)
            if conn is not None:
                for seq, event in self.rooms.events_after(player, conn.sent):
                    conn.out.put_nowait(encode("event", seq=seq, event=event))
                    conn.sent = seq
            elif self.link is not None:
                self.link.relay(player)
        self.rooms.dirty.update(waiting)
        for note in self.rooms.take_notes():
            log.info("%s", note)

    def _save(self, result: dict[str, Any], hold: bool) -> None:
        players = list(result.get("players", []))
        if hold:
            for player in players:
                self.hold(player)
        self.saving += 1
        # The callback is handed its future rather than closing over it: closing over it made a
        # cycle (future -> callback -> future) of some twenty objects a game for the collector.
        def done(finished: Any) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
                self.loop.call_soon_threadsafe(self._saved, result, finished, players)

        self.db.call("record", result).add_done_callback(done)

    def hold(self, player: str) -> None:
        """Hold back the player's events until release() (something they depend on is being kept)."""
        self.held[player] = self.held.get(player, 0) + 1

    def release(self, player: str) -> None:
        self.held[player] = self.held.get(player, 1) - 1
        if self.held[player] <= 0:
            del self.held[player]
        self.rooms.dirty.add(player)

    def _saved(self, result: dict[str, Any], future: Any, players: list[str]) -> None:
        self.saving -= 1
        if future.exception() is not None:  # a full disk or a locked file: kept here, tried each tick
            log.error("could not keep a result (%s); %d waiting", future.exception(), len(self.unsaved) + 1)
            self.unsaved.append(result)
            return
        result["game_id"] = future.result()
        for player in players:
            self.release(player)
            if player in self.connections:
                self._spawn(player, self.tell_rating(player))
        self.settle()

    async def tell_rating(self, player: str) -> None:
        self.rooms.emit(player, desk.rating_event(await self.db.read("rating", player)))
        self.settle()

    async def _write(self, conn: Connection) -> None:
        try:
            while (text := await conn.out.get()) is not None:
                await conn.ws.send(text)
        except ConnectionClosed:
            return
        if conn.replaced:
            await conn.ws.close(REPLACED, "connected again elsewhere")
        else:
            await conn.ws.close(POLICY_VIOLATION if conn.strikes > MAX_STRIKES else 1000)

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        self.errors += 1
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode("error", reason=reason, fatal=True))
        await ws.close(POLICY_VIOLATION, "bad hello")
