"""Several server processes as one, through Redis: shared invites, a shared quick-match queue, and
the events of rooms whose two players are connected to different processes.

A room lives on the process that made it, in that process's memory (the pure Rooms), and the other
processes forward to it, as Lichess's websocket front ends forward to the process that holds a
game. Why not rooms in Redis: a guess is graded where the room is, in microseconds, with one Redis
message only when the other player is connected elsewhere; in Redis every guess would be a
read-modify-write transaction (WATCH or a Lua script) and the rooms' rules would be written twice.
What it costs: a process that dies loses the games it was holding (as one server restarted does);
finished games are in the database already (the server keeps a result before telling anyone it
is over), and the players of lost games are told so (room_lost) and may start again at once.

Redis holds, all under "mm:":
- p:<process>: each process's pub/sub channel (forwarded moves one way, events the other);
- alive:<process>: a heartbeat with a short expiry, so a dead process is noticed within ALIVE_S;
- invite:<code> -> the process of the waiting room; host:<player> -> the process of their room
  (a reconnect to a third process finds it there);
- q:<size>:<kind>:<rounds>: the shared quick-match queue, a sorted set by rating (sharedqueue.py:
  pairs are made on one process first, and through this queue only when nobody fits there).

Nothing on the path of a move in a room whose two players are connected here touches Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from game.net.protocol import ProtocolError, encode
from game.server.rooms import RoomError
from game.server.sharedqueue import LOOK_S, SharedQueue

# the GameServer this serves (typed loosely: server.py imports this module, not the other way)
GameServer = Any

PREFIX = "mm:"
ALIVE_S = 3  # a process silent this long is taken for dead
HEARTBEAT_S = 1.0
KEY_TTL_S = 7200  # invites and room hosts outlive any game, and go by themselves
ROOM_MOVES = ("secret", "guess", "claim", "leave")
REDIS_CONNECTIONS = 32
BATCH_S = 0.05  # how long a Redis write nobody waits for may wait for others to share its round trip

log = logging.getLogger("mastermind.server")


class ClusterError(RuntimeError):
    """Redis is not there (or redis-py is not installed)."""


class ClusterLink:
    """This process's part in the cluster: what it forwards, and for whom it holds rooms."""

    def __init__(self, url: str, process: str | None = None) -> None:
        try:  # here, not at the top: a one-process server never loads redis-py (4 MB)
            import redis.asyncio as aioredis
        except ImportError:
            raise ClusterError("--redis needs redis-py: pip install 'mastermind-arcade[servers]'") from None
        self.aioredis = aioredis
        self.url = url
        self.process = process or secrets.token_hex(4)
        self.forward: dict[str, str] = {}  # player connected here -> the process holding their room
        self.remote: dict[str, str] = {}  # player of a room here -> the process they are connected to
        self.queue = SharedQueue(self, PREFIX)
        self.orphans: set[str] = set()  # connected here; their room was on a process that died
        # Redis commands nobody waits for (publishes, host keys), sent together in one pipeline
        self.outbox: list[tuple[str, tuple]] = []
        self.wake = asyncio.Event()  # the outbox is to be sent now
        self.tasks: list[asyncio.Task[Any]] = []
        self.forwarded = 0  # messages sent to other processes (the load tool reports it)

    # --- life -----------------------------------------------------------------------------------
    async def start(self, server: GameServer) -> None:
        self.server = server
        server.rooms.matching = False  # pairs are made through the shared queue instead
        # a blocking pool: a storm of hellos waits its turn for a connection instead of failing
        pool = self.aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=REDIS_CONNECTIONS, timeout=10, decode_responses=True
        )
        self.redis = self.aioredis.Redis(connection_pool=pool)
        try:
            await self.redis.set(f"{PREFIX}alive:{self.process}", "1", ex=ALIVE_S)
        except Exception as exc:
            raise ClusterError(f"cannot reach Redis at {self.url}: {exc}") from None
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(f"{PREFIX}p:{self.process}")
        jobs = (self._read(), self._send(), self._beat(), self._match())
        self.tasks = [asyncio.create_task(job) for job in jobs]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self._flush()
            await self.redis.delete(f"{PREFIX}alive:{self.process}")
            await self.pubsub.aclose()
            await self.redis.aclose()

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(Exception):  # Redis away for a moment: try again next beat
                await self.redis.set(f"{PREFIX}alive:{self.process}", "1", ex=ALIVE_S)
            await asyncio.sleep(HEARTBEAT_S)

    async def _match(self) -> None:
        while True:
            await asyncio.sleep(LOOK_S)
            try:
                await self.queue.look()
            except Exception:  # Redis away for a moment: the waiting players are looked at again
                log.exception("the shared queue could not be read")
            self.server.settle()

    def send(self, process: str, op: dict[str, Any]) -> None:
        self.forwarded += 1
        self.later("publish", f"{PREFIX}p:{process}", json.dumps(op, separators=(",", ":")))

    def later(self, command: str, *args: Any) -> None:
        """Queue a Redis command whose answer nobody needs. A publish (a move or events another
        process waits for) or a queue entry let go goes at once with whatever waits; room hosts
        (read only by a reconnect elsewhere) wait up to BATCH_S to share a pipeline: one round trip
        for many games."""
        self.outbox.append((command, args))
        if command in ("publish", "zrem"):
            self.wake.set()
        elif len(self.outbox) == 1:
            asyncio.get_running_loop().call_later(BATCH_S, self.wake.set)

    async def _send(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            await self._flush()

    async def _flush(self) -> None:
        """Send everything waiting in one round trip (a pipeline)."""
        batch, self.outbox = self.outbox, []
        if not batch:
            return
        pipe = self.redis.pipeline(transaction=False)
        for command, args in batch:
            if command == "set":
                pipe.set(*args, ex=KEY_TTL_S)
            else:
                getattr(pipe, command)(*args)
        try:
            await pipe.execute()
        except Exception:
            log.exception("could not reach Redis; %d messages lost", len(batch))

    async def _read(self) -> None:
        while True:
            message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is None:
                continue
            try:
                self.on(json.loads(message["data"]))
            except Exception:  # one bad message must not stop the others
                log.exception("a message from another process failed")

    def _spawn(self, player: str, job: Any) -> None:
        self.server._spawn(player, job)

    # --- what the server asks -------------------------------------------------------------------
    def takes(self, player: str, nick: str, message: dict[str, Any], now: float, rating: float) -> bool:
        """Handle a room move that involves another process; False to let the server do it here."""
        kind, rooms = message["type"], self.server.rooms
        if player in self.forward:
            if kind in ROOM_MOVES:
                self.send(self.forward[player], self._move(player, nick, message, rating))
                return True
            if kind in ("create", "join", "quick"):
                raise RoomError("you are already in a game; leave it first")
        if kind == "create":
            self.server.room_move(player, nick, message, now, rating)
            invite = rooms.rooms[rooms.room_of[player]].invite
            self.server.hold(player)  # the invite is shown once any process can find it
            self._spawn(player, self._register(player, invite))
            return True
        if kind == "join":
            if message["invite"].upper() in rooms.invites:
                self.server.room_move(player, nick, message, now, rating)
                self.hosting(player)
            else:
                self._spawn(player, self._join(player, nick, message, rating))
            return True
        if kind == "quick":
            if player in rooms.room_of or rooms.queues.where(player) is not None:
                raise RoomError("you are already in a game; leave it first")
            self.server.desk.games.pop(player, None)  # as room_move does: a duel ends a Daily shown
            self.queue.quick(player, nick, message, rating)
            return True
        if kind == "leave":
            self.queue.leave(player)
        return False

    async def _register(self, player: str, invite: str) -> None:
        try:
            await self.redis.set(f"{PREFIX}invite:{invite}", self.process, ex=KEY_TTL_S)
            await self.redis.set(f"{PREFIX}host:{player}", self.process, ex=KEY_TTL_S)
        finally:
            self.server.release(player)
            self.server.settle()

    def _move(self, player: str, nick: str, message: dict[str, Any], rating: float) -> dict[str, Any]:
        return {
            "op": "move",
            "player": player,
            "nick": nick,
            "message": message,
            "rating": rating,
            "from": self.process,
        }

    async def hello(self, player: str) -> None:
        """A device connected here: find the room it has on another process, if any."""
        if player in self.forward:
            return
        host = await self.redis.get(f"{PREFIX}host:{player}")
        if host is None or host == self.process:
            return
        if await self.redis.exists(f"{PREFIX}alive:{host}"):
            self.forward[player] = host
        else:
            self.orphans.add(player)
            await self.redis.delete(f"{PREFIX}host:{player}")

    def back(self, player: str, resume: bool) -> None:
        """The device's connection here is set up: its room's process is told (or it is told the room
        is lost); a room held here no longer sends its events elsewhere."""
        self.remote.pop(player, None)
        if player in self.orphans:
            self.orphans.discard(player)
            self.forward[player] = "gone"
            self._lost(player)
        elif player in self.forward:
            self.send(
                self.forward[player], {"op": "back", "player": player, "resume": resume, "from": self.process}
            )

    def dropped(self, player: str) -> None:
        if player in self.forward:
            self.send(self.forward[player], {"op": "drop", "player": player, "from": self.process})
        self.queue.leave(player)

    def relay(self, player: str) -> None:
        """Events for a player of a room here who is connected elsewhere: sent there, let go here."""
        process = self.remote.get(player)
        if process is None:
            return  # gone for now: kept in the stream for when they come back
        events = self.server.rooms.events_after(player, 0)
        if not events:
            return
        self.send(process, {"op": "events", "player": player, "events": [event for _, event in events]})
        self.server.rooms.ack(player, events[-1][0])
        if any(event["kind"] == "over" for _, event in events):
            del self.remote[player]
            self.later("delete", f"{PREFIX}host:{player}")

    def tell(self, player: str, text: str) -> None:
        process = self.remote.get(player)
        if process is not None:
            self.send(process, {"op": "tell", "player": player, "text": text})

    # --- joining across processes ---------------------------------------------------------------
    async def _join(self, player: str, nick: str, message: dict[str, Any], rating: float) -> None:
        invite = message["invite"].upper()
        owner = await self.redis.get(f"{PREFIX}invite:{invite}")
        if owner is None or owner == self.process or not await self.redis.exists(f"{PREFIX}alive:{owner}"):
            raise RoomError(f"no game is waiting with the code {invite}")
        self.forward[player] = owner
        self.send(owner, self._move(player, nick, message, rating))

    # --- what other processes say ---------------------------------------------------------------
    def on(self, op: dict[str, Any]) -> None:
        server, rooms, player = self.server, self.server.rooms, op["player"]
        kind = op["op"]
        try:
            if kind == "move":
                self.remote[player] = op["from"]
                server.room_move(player, op["nick"], op["message"], server.clock(), op["rating"])
                self.hosting(player)
            elif kind == "pair":
                self.remote[player] = op["from"]
                self.queue.taken(op["waiting"])
                rooms.start_pair(op["waiting"], player, op["nick"], op["rating"], server.clock())
                self.hosting(player)
            elif kind == "events":
                for event in op["events"]:
                    rooms.emit(player, event)
                    if event["kind"] == "over":  # kept already: its new rating can be read
                        self.forward.pop(player, None)
                        self._spawn(player, server.tell_rating(player))
            elif kind == "tell":
                if op.get("unforward"):
                    self.forward.pop(player, None)
                server.tell(player, op["text"])
            elif kind == "drop":
                if self.remote.get(player) == op["from"]:
                    del self.remote[player]
                    rooms.drop(player, server.clock())
            elif kind == "back":
                self.remote[player] = op["from"]
                rooms.back(player, server.clock())
                if (op["resume"] and not rooms.resume(player)) or player not in rooms.room_of:
                    self.remote.pop(player, None)  # that game is over: the device plays on where it is
                    self.send(op["from"], {"op": "unforward", "player": player})
            elif kind == "unforward":
                self.forward.pop(player, None)
        except (RoomError, ProtocolError) as exc:
            if kind in ("move", "pair") and player not in rooms.room_of:
                self.remote.pop(player, None)
            unforward = kind == "pair" or (kind == "move" and player not in rooms.room_of)
            self.send(
                op["from"],
                {
                    "op": "tell",
                    "player": player,
                    "text": encode("error", reason=str(exc)),
                    "unforward": unforward,
                },
            )
        server.settle()

    def hosting(self, player: str) -> None:
        """Note in Redis that this process holds the room of `player` (and of whoever else sits in
        it): a reconnect to another process looks there."""
        rooms = self.server.rooms
        room = rooms.rooms.get(rooms.room_of.get(player, -1))
        if room is None:
            return
        for seat in room.seats:
            self.later("set", f"{PREFIX}host:{seat.player}", self.process)

    def _lost(self, player: str) -> None:
        if self.forward.pop(player, None) is not None:
            self.server.rooms.emit(
                player,
                {"kind": "room_lost", "reason": "the server holding this game stopped; the game is lost"},
            )

    async def tick(self) -> None:
        """Notice processes that died: their players' rooms are lost, their players here dropped."""
        others = set(self.forward.values()) | set(self.remote.values())
        if others:
            pipe = self.redis.pipeline(transaction=False)
            for process in sorted(others):
                pipe.exists(f"{PREFIX}alive:{process}")
            dead = {p for p, alive in zip(sorted(others), await pipe.execute(), strict=True) if not alive}
            for player, process in list(self.forward.items()):
                if process in dead:
                    self._lost(player)
            for player, process in list(self.remote.items()):
                if process in dead:
                    del self.remote[player]
                    self.server.rooms.drop(player, self.server.clock())
        self.server.settle()

    def rating_of(self, player: str) -> float:
        found = self.server.rooms.queues.where(player)
        conn = self.server.connections.get(player)
        return found[1].rating if found else (conn.rating if conn else 1500.0)
