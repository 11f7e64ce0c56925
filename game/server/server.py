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
and epoch), so it is sent only the rest. Finished games are written to the store as they end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.protocol import MAX_MESSAGE_BYTES, ProtocolError, clean_nick, decode_client, encode
from game.server.results import ResultStore, player_id
from game.server.rooms import RoomError, Rooms

HANDSHAKE_S = 5.0  # from the websocket upgrade to a valid hello
OPEN_TIMEOUT_S = 5.0  # from the TCP connection to a finished websocket upgrade
RATE_PER_S = 30.0  # a person sends a few messages a second; a client may burst past it briefly
BURST = 60.0
MAX_STRIKES = 50  # bad or over-the-limit messages before the client is disconnected
# a client being disconnected may never answer the close (a flooder's unread messages stop the
# reading of its reply): the socket is cut after this long instead of websockets' 10 s
CLOSE_TIMEOUT_S = 1.0
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


class GameServer:
    """Rooms served over websockets. start() binds (port 0: any free port), stop() ends it."""

    def __init__(
        self,
        store: ResultStore,
        *,
        clock: Callable[[], float] = time.monotonic,
        rooms: Rooms | None = None,
        handshake_s: float = HANDSHAKE_S,
        open_timeout_s: float = OPEN_TIMEOUT_S,
        rate_per_s: float = RATE_PER_S,
        burst: float = BURST,
    ) -> None:
        self.store, self.clock = store, clock
        self.rooms = rooms or Rooms()
        self.handshake_s, self.open_timeout_s = handshake_s, open_timeout_s
        self.rate_per_s, self.burst = rate_per_s, burst
        self.epoch = secrets.token_hex(8)  # a restarted server's event numbers start again
        self.connections: dict[str, Connection] = {}
        self.server: Server | None = None
        self.ticker: asyncio.Task[None] | None = None
        self.errors = 0  # messages refused, for the load tool and the log
        self.unsaved: list[dict[str, Any]] = []  # finished games the store has not taken yet

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
        self._settle()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            self.rooms.tick(self.clock())
            self._settle()

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
        nick = clean_nick(hello["nick"])
        conn = Connection(ws, player, refilled=self.clock(), tokens=self.burst)
        old = self.connections.get(player)
        self.connections[player] = conn
        if old is not None:
            old.replaced = True
            old.out.put_nowait(None)  # its writer closes it; its reader finds itself replaced
        try:
            self.store.see_player(player, nick)
        except Exception:  # who was seen when is a nicety; the game goes on without it
            log.exception("could not note a player")
        last = hello.get("last_seq", 0) if hello.get("epoch") == self.epoch else 0
        conn.sent = min(last, self.rooms.last_seq(player))
        kept = self.rooms.events_after(player, conn.sent)
        if conn.sent == 0 or (kept and kept[0][0] > conn.sent + 1):
            # a fresh process, or events it missed were let go: the whole view instead of the pieces
            before = self.rooms.last_seq(player)
            if self.rooms.resume(player):
                conn.sent = before
        conn.out.put_nowait(
            encode(
                "welcome",
                player=player[:16],
                nick=nick,
                server_seq=self.rooms.last_seq(player),
                epoch=self.epoch,
            )
        )
        self.rooms.back(player, self.clock())
        self.rooms.dirty.add(player)
        self._settle()
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
                self._settle()
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
            self._settle()
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
        kind, player, rooms = message["type"], conn.player, self.rooms
        if kind == "ack":
            rooms.ack(player, message["seq"])
        elif kind == "ping":
            conn.out.put_nowait(encode("pong", **({"id": message["id"]} if "id" in message else {})))
        elif kind == "create":
            rooms.create(player, nick, message["size"], message["kind"], message.get("rounds", 2), now)
        elif kind == "join":
            rooms.join(player, nick, message["invite"], now)
        elif kind == "quick":
            rooms.quick(player, nick, message["size"], message["kind"], message.get("rounds", 2), now)
        elif kind == "secret":
            rooms.set_secret(player, message["code"], now)
        elif kind == "guess":
            rooms.guess(player, message["code"], now)
        elif kind == "claim":
            rooms.claim(player, now)
        elif kind == "leave":
            rooms.leave(player, now)
        else:  # a hello after the hello
            raise ProtocolError(f"{kind} is said once, first")

    def _settle(self) -> None:
        """Hand new events to their connections, keep finished games, log room events."""
        for player in self.rooms.take_dirty():
            conn = self.connections.get(player)
            if conn is None:
                continue
            for seq, event in self.rooms.events_after(player, conn.sent):
                conn.out.put_nowait(encode("event", seq=seq, event=event))
                conn.sent = seq
        self.unsaved.extend(self.rooms.take_finished())
        while self.unsaved:
            try:
                self.unsaved[0]["game_id"] = self.store.record(self.unsaved[0])
            except Exception:  # a full disk or a locked file: keep it and try again next tick
                log.exception("could not keep a result; %d waiting", len(self.unsaved))
                break
            self.unsaved.pop(0)
        for note in self.rooms.take_notes():
            log.info("%s", note)

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


class ServerThread:
    """A GameServer on its own loop in a daemon thread (the game hosting a duel, and the tests).

    start() returns once it listens (port: the bound one); stop() ends it and waits for the thread.
    """

    def __init__(self, store: ResultStore, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        self.store, self.host, self.requested = store, host, port
        self.options = options
        self.loop = asyncio.new_event_loop()
        self.server: GameServer | None = None
        self.port = 0
        self._thread = threading.Thread(target=self.loop.run_forever, name="mastermind-server", daemon=True)

    def start(self) -> ServerThread:
        self._thread.start()
        self.server = self.run(self._make())
        self.port = self.server.port
        return self

    async def _make(self) -> GameServer:
        server = GameServer(self.store, **self.options)
        await server.start(self.host, self.requested)
        return server

    def run(self, coroutine: Any, timeout: float = 10.0) -> Any:
        """Run `coroutine` on the server's loop and return its value (from another thread)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Call `function` on the server's loop (to look at or poke its rooms safely)."""

        async def inside() -> Any:
            return function()

        return self.run(inside(), timeout)

    def stop(self) -> None:
        if self.server is not None:
            self.run(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()
