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
- q:<size>:<kind>:<rounds>: the quick-match queue, a sorted set by rating; whoever removes an entry
  (ZREM is atomic) has paired with it, and the room is made on the waiting player's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

from game.net.protocol import ProtocolError, encode
from game.server.matching import window
from game.server.rooms import RoomError

# the GameServer this serves (typed loosely: server.py imports this module, not the other way)
GameServer = Any

PREFIX = "mm:"
ALIVE_S = 3  # a process silent this long is taken for dead
HEARTBEAT_S = 1.0
KEY_TTL_S = 7200  # invites and room hosts outlive any game, and go by themselves
ROOM_MOVES = ("secret", "guess", "claim", "leave")
REDIS_CONNECTIONS = 32
CANDIDATES = 8  # waiting players looked at either side of a newcomer's rating

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
        self.queued: dict[str, tuple[str, str]] = {}  # player waiting here -> (queue key, their entry)
        self.rescan_at: dict[str, float] = {}  # a waiting player's next look at the shared queue
        self.orphans: set[str] = set()  # connected here; their room was on a process that died
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
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
        self.tasks = [asyncio.create_task(job) for job in (self._read(), self._send(), self._beat())]

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

    def send(self, process: str, op: dict[str, Any]) -> None:
        self.forwarded += 1
        self.outbox.put_nowait((process, json.dumps(op, separators=(",", ":"))))

    async def _send(self) -> None:
        while True:
            first = await self.outbox.get()
            await self._flush(first)

    async def _flush(self, first: tuple[str, str] | None = None) -> None:
        """Publish everything waiting in one round trip (a pipeline)."""
        batch = [first] if first is not None else []
        while not self.outbox.empty():
            batch.append(self.outbox.get_nowait())
        if not batch:
            return
        pipe = self.redis.pipeline(transaction=False)
        for process, text in batch:
            pipe.publish(f"{PREFIX}p:{process}", text)
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
                self._hosting(player)
            else:
                self._spawn(player, self._join(player, nick, message, rating))
            return True
        if kind == "quick":
            if player in rooms.room_of or rooms.queues.where(player) is not None:
                raise RoomError("you are already in a game; leave it first")
            self._spawn(player, self._quick(player, nick, message, rating))
            return True
        if kind == "leave" and player in self.queued:
            self._unqueue(player)
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
        if player in self.queued:
            self._unqueue(player)

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
            self._spawn(player, self.redis.delete(f"{PREFIX}host:{player}"))

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

    async def _quick(self, player: str, nick: str, message: dict[str, Any], rating: float) -> None:
        key = f"{PREFIX}q:{message['size']}:{message['kind']}:{message.get('rounds', 2)}"
        partner = await self._claim(key, player, rating)
        if partner is not None:
            self._pair(partner, player, nick, rating)
            return
        rooms, now = self.server.rooms, self.server.clock()
        rooms.quick(player, nick, message["size"], message["kind"], message.get("rounds", 2), now, rating)
        member = json.dumps({"p": player, "n": nick, "proc": self.process, "since": time.time()})
        self.queued[player] = (key, member)
        await self.redis.zadd(key, {member: rating})
        self.server.settle()

    async def _claim(self, key: str, player: str, rating: float) -> dict[str, Any] | None:
        """Take a waiting entry within its window, if any (ZREM: only one wins): one on this process
        first, then the nearest in rating, then the longest waiting."""
        now = time.time()
        pipe = self.redis.pipeline(transaction=False)  # the nearest few either side, not the whole queue
        pipe.zrevrangebyscore(key, rating, "-inf", start=0, num=CANDIDATES, withscores=True)
        pipe.zrangebyscore(key, rating, "+inf", start=0, num=CANDIDATES, withscores=True)
        below, above = await pipe.execute()
        entries = dict(below + above).items()
        fits = []
        for member, score in entries:
            entry = json.loads(member)
            if entry["p"] != player and abs(score - rating) <= window(now - entry["since"]):
                # within the window, one waiting on this process first: their moves need no forwarding
                fits.append(
                    (entry["proc"] != self.process, abs(score - rating), entry["since"], member, entry)
                )
        for *_, member, entry in sorted(fits)[:5]:
            if entry["proc"] != self.process and not await self.redis.exists(
                f"{PREFIX}alive:{entry['proc']}"
            ):
                await self.redis.zrem(key, member)  # a waiting player of a process that died
                continue
            if await self.redis.zrem(key, member) == 1:
                return {**entry, "rating": rating}
        return None

    def _pair(self, partner: dict[str, Any], player: str, nick: str, rating: float) -> None:
        if partner["proc"] == self.process:
            self.queued.pop(partner["p"], None)
            self.server.rooms.start_pair(partner["p"], player, nick, rating, self.server.clock())
            self._hosting(player)
            self.server.settle()
            return
        self.forward[player] = partner["proc"]
        self.send(
            partner["proc"],
            {
                "op": "pair",
                "waiting": partner["p"],
                "player": player,
                "nick": nick,
                "rating": rating,
                "from": self.process,
            },
        )

    def _unqueue(self, player: str) -> None:
        key, member = self.queued.pop(player)
        self.rescan_at.pop(player, None)
        self._spawn(player, self.redis.zrem(key, member))

    # --- what other processes say ---------------------------------------------------------------
    def on(self, op: dict[str, Any]) -> None:
        server, rooms, player = self.server, self.server.rooms, op["player"]
        kind = op["op"]
        try:
            if kind == "move":
                self.remote[player] = op["from"]
                server.room_move(player, op["nick"], op["message"], server.clock(), op["rating"])
                self._hosting(player)
            elif kind == "pair":
                self.remote[player] = op["from"]
                self.queued.pop(op["waiting"], None)
                rooms.start_pair(op["waiting"], player, op["nick"], op["rating"], server.clock())
                self._hosting(player)
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

    def _hosting(self, player: str) -> None:
        """Note in Redis that this process holds the room of `player` (and of whoever else sits in
        it): a reconnect to another process looks there."""
        rooms = self.server.rooms
        room = rooms.rooms.get(rooms.room_of.get(player, -1))
        if room is None:
            return
        pipe = self.redis.pipeline(transaction=False)
        for seat in room.seats:
            pipe.set(f"{PREFIX}host:{seat.player}", self.process, ex=KEY_TTL_S)
        self._spawn(player, pipe.execute())

    def _lost(self, player: str) -> None:
        if self.forward.pop(player, None) is not None:
            self.server.rooms.emit(
                player,
                {"kind": "room_lost", "reason": "the server holding this game stopped; the game is lost"},
            )

    async def tick(self) -> None:
        """Notice processes that died (their players' rooms are lost, their players here dropped),
        and try again to pair players who wait here as their rating windows widen."""
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
        now = time.time()
        for player, (key, member) in list(self.queued.items()):
            entry = json.loads(member)
            waited = now - entry["since"]
            # looked at again after 1, 2, 4, 8... s (windows widen slowly; Redis is not polled each tick)
            due = self.rescan_at.get(player, entry["since"] + 1.0)
            if now < due or player not in self.queued:
                continue
            self.rescan_at[player] = now + min(8.0, max(1.0, waited))
            rating = self._rating_of(player)
            if await self.redis.zrem(key, member) != 1:
                continue  # taken by another process a moment ago: its "pair" is on its way
            partner = await self._claim(key, player, rating)
            if partner is None:
                await self.redis.zadd(key, {member: rating})
                continue
            self.queued.pop(player, None)
            self.server.rooms.queues.remove(player)
            self._pair(partner, player, entry["n"], rating)
        for player in list(self.rescan_at):
            if player not in self.queued:
                del self.rescan_at[player]
        self.server.settle()

    def _rating_of(self, player: str) -> float:
        found = self.server.rooms.queues.where(player)
        conn = self.server.connections.get(player)
        return found[1].rating if found else (conn.rating if conn else 1500.0)
