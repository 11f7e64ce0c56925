"""The bots of tools/load_server.py: many clients on one asyncio loop, cheap enough not to take the
cores the servers they measure need.

Each bot is an asyncio.Protocol speaking the few websocket frames a client needs by hand (RFC 6455:
the upgrade, text frames masked with a zero key, pong for the server's pings), not websockets'
client: that costs about as much CPU per message as the server does, so on a machine of two cores
the bots of a saturation run took the core a second server process needed. The servers are the
real ones and see an ordinary websocket client; their figures do not change.

A bot: hello, quick match (a race at the run's size), then random guesses, each sent the run's
think time to twice that after the last grade arrived, until the game is over, then the next game,
while games are wanted. The think time is read from a shared value at each guess, so the parent can
raise the pace step by step (a saturation run).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from game.core.config import PRESETS
from game.net.protocol import encode

OPEN_TIMEOUT_S = 30.0
LATE_GUESS = "you are not in a game that is being played"  # the rooms' words for a guess after the end
ACK_EVERY = 16  # events between acknowledgements (the server lets acknowledged events go)
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA
# how the server's encode() begins an event (its keys in this order), and the other player's row
OTHER_ROW_HEAD = b'{"v":1,"type":"event","seq":'
OTHER_ROW = b'"kind":"opponent_row"'


@dataclass
class Tally:
    guesses: int = 0
    rtts: list[tuple[float, float]] = field(default_factory=list)  # (sent at, round trip)
    errors: int = 0
    connected: int = 0
    most_connected: int = 0
    flagged: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    error_reasons: dict[str, int] = field(default_factory=dict)
    late_guesses: int = 0
    finished: set[str] = field(default_factory=set)
    all_connected_at: float = 0.0
    lost_rooms: int = 0
    cpu_s: float = 0.0  # the bot process's own CPU time

    def error(self, reason: str) -> None:
        self.errors += 1
        self.error_reasons[reason] = self.error_reasons.get(reason, 0) + 1


class Shared:
    """What every bot process sees: games started (by the first seat) and finished, bots connected,
    the think time (ms, set by the parent) and whether to stop."""

    def __init__(self, context: Any, target: int, clients: int, think_ms: int) -> None:
        self.target = target
        self.started = context.Value("i", 0)
        self.finished = context.Value("i", 0)
        self.connected = context.Value("i", 0)
        self.think_ms = context.Value("i", think_ms, lock=False)
        self.stop = context.Value("b", 0, lock=False)
        self.clients = clients

    def bump(self, counter: Any) -> int:
        with counter.get_lock():
            counter.value += 1
            return counter.value


def frame(opcode: int, payload: bytes) -> bytes:
    """A client frame: final, masked (a client must mask; a zero key leaves the payload as it is)."""
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    else:  # up to 65,535 bytes (messages are at most 4,096)
        head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2)
    return head + b"\0\0\0\0" + payload


def text(kind: str, /, **fields: Any) -> bytes:
    return frame(TEXT, encode(kind, **fields).encode())


class Fleet:
    """The bots of one process and what they share."""

    def __init__(self, args: Any, shared: Shared, tally: Tally) -> None:
        self.args, self.shared, self.tally = args, shared, tally
        size = next(p for p in PRESETS if p.name == args.size)
        self.pegs, self.colours = size.pegs, size.colours
        self.quick = text("quick", size=args.size, kind="race")
        self.loop = asyncio.get_running_loop()
        self.bots: list[Bot] = []


class Bot(asyncio.Protocol):
    def __init__(self, fleet: Fleet, index: int, host: str) -> None:
        self.fleet, self.index, self.host = fleet, index, host
        self.rng = random.Random(fleet.args.seed * 100_003 + index)
        self.token = f"{self.rng.getrandbits(128):032x}"
        self.buffer = bytearray()
        self.upgraded = False
        self.room: Any = None  # None: between games; "asked": a quick match requested; else its number
        self.turns = 0
        self.sent_at = 0.0
        self.timer: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None
        self.open = asyncio.get_running_loop().create_future()
        self.closing = False
        self.welcomed = False

    # --- the wire ------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET / HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.transport.write(request.encode())

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.open.done():
            self.open.set_exception(ConnectionError("closed during the upgrade"))
        elif not self.closing and not self.fleet.shared.stop.value:
            self.fleet.tally.error("the server closed the connection")
        if self.welcomed:
            self.fleet.tally.connected -= 1
            self.welcomed = False

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buffer.startswith(b"HTTP/1.1 101"):
                self.open.set_exception(ConnectionError(bytes(buffer[:end]).decode(errors="replace")))
                self.transport.close()  # type: ignore[union-attr]
                return
            del buffer[: end + 4]
            self.upgraded = True
            self.open.set_result(None)
            self.send(text("hello", token=self.token, nick=f"bot{self.index}"))
        while len(buffer) >= 2:
            size, start = buffer[1] & 0x7F, 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size, start = int.from_bytes(buffer[2:4]), 4
            if len(buffer) < start + size:
                return
            opcode, payload = buffer[0] & 0x0F, bytes(buffer[start : start + size])
            del buffer[: start + size]
            if opcode == TEXT:
                if payload.startswith(OTHER_ROW_HEAD) and OTHER_ROW in payload:
                    self.on_other_row(payload)  # half the messages: no JSON parsed for them
                else:
                    self.on_message(json.loads(payload))
            elif opcode == PING:
                self.send(frame(PONG, payload))
            elif opcode == CLOSE:
                self.send(frame(CLOSE, payload[:2]))
                self.transport.close()  # type: ignore[union-attr]
                return

    def send(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        self.closing = True
        if self.transport is not None and not self.transport.is_closing():
            self.send(frame(CLOSE, (1000).to_bytes(2)))
            self.transport.close()

    # --- the game ------------------------------------------------------------------------------
    def on_other_row(self, payload: bytes) -> None:
        """The other player's row: only its number counts (acknowledged every ACK_EVERY)."""
        seq = int(payload[len(OTHER_ROW_HEAD) : payload.index(b",", len(OTHER_ROW_HEAD))])
        if seq % ACK_EVERY == 0:
            self.send(text("ack", seq=seq))

    def on_message(self, message: dict[str, Any]) -> None:
        fleet, tally = self.fleet, self.fleet.tally
        kind = message["type"]
        if kind == "welcome":
            self.welcomed = True
            tally.connected += 1
            tally.most_connected = max(tally.most_connected, tally.connected)
            if fleet.shared.bump(fleet.shared.connected) == fleet.shared.clients:
                tally.all_connected_at = time.perf_counter()
            self.next_game()
            return
        if kind == "error":
            if message["reason"] == LATE_GUESS and self.room in (None, "asked"):
                tally.late_guesses += 1  # sent while the other player's winning row was on its way
            else:
                tally.error(message["reason"])
            return
        if kind != "event":
            return
        seq = message["seq"]
        if seq % ACK_EVERY == 0:
            self.send(text("ack", seq=seq))
        event = message["event"]
        kind = event["kind"]
        if kind == "graded":
            tally.rtts.append((self.sent_at, time.perf_counter() - self.sent_at))
            tally.guesses += 1
            if event["row"] < self.turns and event["grade"][0] != fleet.pegs:
                self.think()
        elif kind == "start":
            self.room, self.turns = event["room"], event["turns"]
            if event["you"] == 0:
                fleet.shared.bump(fleet.shared.started)
            self.think()
        elif kind == "over":
            tally.finished.add(event["game_id"])
            if event["you"] == 0:
                fleet.shared.bump(fleet.shared.finished)
                tally.reasons[event["reason"]] = tally.reasons.get(event["reason"], 0) + 1
                tally.flagged += sum(event["flagged"])
            self.room = None
            self.next_game()
        elif kind == "room_lost":
            tally.lost_rooms += 1
            self.room = None
            self.next_game()

    def next_game(self) -> None:
        if self.timer is not None:  # the game ended while this bot was thinking: no row for it
            self.timer.cancel()
            self.timer = None
        shared = self.fleet.shared
        if shared.started.value < shared.target and not shared.stop.value:
            self.send(self.fleet.quick)
            self.room = "asked"

    def think(self) -> None:
        # people do not think in step: from think_ms to twice that, so the bots do not guess in waves
        delay = self.fleet.shared.think_ms.value / 1000 * self.rng.uniform(1.0, 2.0)
        self.timer = self.fleet.loop.call_later(delay, self.guess)

    def guess(self) -> None:
        self.timer = None
        if self.fleet.shared.stop.value:
            return
        fleet = self.fleet
        code = ",".join([str(int(fleet.colours * self.rng.random())) for _ in range(fleet.pegs)])
        self.sent_at = time.perf_counter()
        self.send(frame(TEXT, b'{"v":1,"type":"guess","code":[%s]}' % code.encode()))


async def run_fleet(urls: list[str], indices: list[int], args: Any, shared: Shared, tally: Tally) -> None:
    """Connect the bots (spread over `urls` in turn), play until told to stop or the games are done."""
    fleet = Fleet(args, shared, tally)
    deadline = time.monotonic() + args.seconds

    async def connect(index: int) -> None:
        where = urlparse(urls[index % len(urls)])
        bot = Bot(fleet, index, where.netloc)
        fleet.bots.append(bot)
        try:
            await asyncio.wait_for(
                fleet.loop.create_connection(lambda: bot, where.hostname, where.port), OPEN_TIMEOUT_S
            )
            await asyncio.wait_for(bot.open, OPEN_TIMEOUT_S)
        except (OSError, TimeoutError, ConnectionError) as exc:
            if not shared.stop.value:
                tally.error(f"could not connect: {type(exc).__name__}")

    await asyncio.gather(*(connect(i) for i in indices))
    while shared.finished.value < shared.target and time.monotonic() < deadline and not shared.stop.value:
        await asyncio.sleep(0.05)
    shared.stop.value = 1
    for bot in fleet.bots:
        bot.close()
    await asyncio.sleep(0.2)  # the closes go out


def bot_process(urls: list[str], indices: list[int], args: Any, shared: Shared, out: Any) -> None:
    """One process of bots; its tally goes back through `out` (a multiprocessing queue)."""
    tally = Tally()
    asyncio.run(run_fleet(urls, indices, args, shared, tally))
    tally.cpu_s = time.process_time()
    out.put(tally)
