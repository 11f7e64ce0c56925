"""The game's side of a connection: a thread with its own asyncio loop, talked to through queues.

The game calls send() (never blocks: the message is handed to the loop) and poll() once a frame
(never blocks: whatever has arrived, validated, in order). Besides the server's messages, poll()
returns {"type": "status", "state": ..., "reason": ...} as the connection changes: "connecting",
"connected", "reconnecting", "failed" (with a reason a person can act on), "closed".

Connecting (the socket, the websocket upgrade, hello and welcome) takes at most CONNECT_TIMEOUT_S;
a first connection that fails is "failed" at once, with the reason. A connection that drops later
is tried again with backoff (BACKOFF_S) for long enough to cover the server's hold; on the way back
hello says the last event seen, so the server sends only the missed ones, and events seen already
are never passed on twice. Events are acknowledged (cumulatively) every ACK_EVERY_S. latency_s
delays every message each way by that much (order kept), to play as over a slow network.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import secrets
import threading
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.uri import parse_uri

from game.net.protocol import (
    MAX_MESSAGE_BYTES,
    TOKEN_HEX_CHARS,
    ProtocolError,
    challenge_in,
    clean_nick,
    decode_server,
    encode,
)

CONNECT_TIMEOUT_S = 3.0
BACKOFF_S = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0)  # about 64 s: the server's hold
ACK_EVERY_S = 0.25
POLICY_VIOLATION = 1008
REPLACED = 4001  # the server's close code when the same device connected again (server.REPLACED)


def new_device_token() -> str:
    """A random 128-bit device token, as the hex the protocol carries (kept by the game, never shown)."""
    return secrets.token_hex(TOKEN_HEX_CHARS // 2)


class Client:
    """One connection to a game server, living in its own thread."""

    def __init__(
        self,
        url: str,
        token: str,
        nick: str,
        *,
        connect_timeout: float = CONNECT_TIMEOUT_S,
        backoff: Sequence[float] = BACKOFF_S,
        latency_s: float = 0.0,
    ) -> None:
        self.url, self.token, self.nick = url, token, clean_nick(nick)
        self.connect_timeout, self.backoff = connect_timeout, tuple(backoff)
        # added each way to every message after the hello (a slow network, for benchmarks and tests)
        self.latency_s = latency_s
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.last_seq = 0  # the last event passed on (thread-owned; read by the game for display only)
        self.epoch: str | None = None
        self.state = "idle"
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._stop = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._unsent: list[str] = []  # taken from the outbox but not sent when a connection dropped
        self._thread = threading.Thread(target=self._run, name="mastermind-net", daemon=True)

    # --- the game's side (any thread) ------------------------------------------------------------
    def start(self) -> Client:
        self._thread.start()
        return self

    def send(self, type_: str, **fields: Any) -> None:
        """Queue a message for the server (sent once connected; never blocks)."""
        text = encode(type_, **fields)
        if self.latency_s:
            self._call(self._loop.call_later, self.latency_s, self._outbox.put_nowait, text)
        else:
            self._call(self._outbox.put_nowait, text)

    # --- results that count: what they send (their answers arrive through poll() as events) --------
    def daily(self) -> None:
        """Today's online Daily: a "solo" event to play it, or "solo_over" when played already."""
        self.send("daily")

    def solo_guess(self, code: Sequence[int]) -> None:
        """A row of the Daily or challenge being played ("solo_graded", then "solo_over" at the end)."""
        self.send("solo_guess", code=list(code))

    def new_challenge(self, size: str) -> None:
        """Make a challenge ("challenge_made": its id and the text to share)."""
        self.send("challenge_new", size=size)

    def play_challenge(self, shared: str) -> str:
        """Play the challenge named in `shared` (a pasted share text or the id); returns the id.
        ValueError when the text names none."""
        challenge = challenge_in(shared)
        if challenge is None:
            raise ValueError("no challenge id (8 letters) in that text")
        self.send("challenge_play", id=challenge)
        return challenge

    def show_challenge(self, challenge: str) -> None:
        """A challenge's page ("challenge": everyone's guesses and times)."""
        self.send("challenge_show", id=challenge)

    def board(self, day: str | None = None) -> None:
        """A Daily's board ("board"), today's unless `day` (YYYY-MM-DD) is given."""
        self.send("board", **({"day": day} if day else {}))

    def rating(self) -> None:
        """This device's duel rating ("rating")."""
        self.send("rating")

    def poll(self) -> list[dict[str, Any]]:
        """Everything that arrived since the last poll, oldest first (never blocks)."""
        found = []
        while True:
            try:
                found.append(self.inbox.get_nowait())
            except queue.Empty:
                return found

    def close(self, timeout: float = 2.0) -> None:
        self._call(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def drop_socket(self) -> None:
        """Cut the socket without a goodbye, as a lost network would (to try reconnecting)."""

        def cut() -> None:
            if self._ws is not None:
                self._ws.transport.abort()

        self._call(cut)

    def _call(self, function: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the client has ended
            self._loop.call_soon_threadsafe(function, *args)

    # --- the thread's side -------------------------------------------------------------------------
    def _status(self, state: str, reason: str = "") -> None:
        self.state = state
        self.inbox.put({"type": "status", "state": state, "reason": reason})

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._status("connecting")
        connected_once = False
        attempt = 0
        while not self._stop.is_set():
            try:
                ws = await asyncio.wait_for(self._open(), self.connect_timeout)
            except (
                OSError,
                TimeoutError,
                InvalidHandshake,
                InvalidURI,
                ConnectionClosed,
                ProtocolError,
            ) as exc:
                reason = _reason(exc, self.url, self.connect_timeout)
                if isinstance(exc, _Refused) or not connected_once or attempt >= len(self.backoff):
                    self._status("failed", reason)
                    return
                self._status("reconnecting", reason)
                await self._pause(self.backoff[attempt])
                attempt += 1
                continue
            connected_once, attempt = True, 0
            self._status("connected")
            ended = await self._session(ws)
            if self._stop.is_set():
                break
            if ended is not None:
                self._status("failed", ended)
                return
            self._status("reconnecting", "the connection dropped")
            await self._pause(self.backoff[0] if self.backoff else 0.0)
            attempt = 1
        self._status("closed")

    async def _pause(self, seconds: float) -> None:
        """Wait before trying again (a server that just went is rarely back at once), unless closed."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), seconds)

    async def _open(self) -> ClientConnection:
        try:
            parse_uri(self.url)
        except ValueError as exc:  # a port that is not a number ("host:8765q") is no InvalidURI there
            raise InvalidURI(self.url, str(exc)) from exc
        ws = await connect(self.url, max_size=MAX_MESSAGE_BYTES, compression=None, open_timeout=None)
        hello: dict[str, Any] = {"token": self.token, "nick": self.nick, "last_seq": self.last_seq}
        if self.epoch is not None:
            hello["epoch"] = self.epoch
        await ws.send(encode("hello", **hello))
        welcome = decode_server(await ws.recv())
        if welcome["type"] == "error":
            await ws.close()
            raise _Refused(welcome["reason"])
        if welcome["type"] != "welcome":
            raise ProtocolError(f"the server answered hello with {welcome['type']}")
        if welcome["epoch"] != self.epoch:  # a new server (restarted): its events are numbered afresh
            self.epoch, self.last_seq = welcome["epoch"], 0
        self.inbox.put(welcome)
        return ws

    async def _session(self, ws: ClientConnection) -> str | None:
        """Serve one connection until it drops (None) or the server ends it for good (the reason)."""
        self._ws = ws
        tasks = [asyncio.create_task(job) for job in (self._read(ws), self._write(ws), self._ack(ws))]
        stop = asyncio.create_task(self._stop.wait())
        done, _ = await asyncio.wait([*tasks, stop], return_when=asyncio.FIRST_COMPLETED)
        for task in [*tasks, stop]:
            task.cancel()
        await asyncio.gather(*tasks, stop, return_exceptions=True)
        self._ws = None
        if self._stop.is_set():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 1.0)
            return None
        if ws.close_code == POLICY_VIOLATION:
            return f"the server ended the connection: {ws.close_reason or 'rules broken'}"
        if ws.close_code == REPLACED:
            return "this device connected to the server again from another window"
        return None

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                try:
                    message = decode_server(raw)
                except ProtocolError as exc:
                    self.inbox.put({"type": "error", "reason": f"the server sent a bad message: {exc}"})
                    continue
                if message["type"] == "event":
                    if message["seq"] <= self.last_seq:
                        continue  # seen before the reconnect
                    self.last_seq = message["seq"]
                if self.latency_s:
                    self._loop.call_later(self.latency_s, self.inbox.put, message)
                else:
                    self.inbox.put(message)

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            if not self._unsent:
                self._unsent.append(await self._outbox.get())
            try:
                await ws.send(self._unsent[0])
            except ConnectionClosed:
                return  # kept for the next connection, ahead of what is queued after it
            self._unsent.pop(0)

    async def _ack(self, ws: ClientConnection) -> None:
        acked = 0
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(ACK_EVERY_S)
                if self.last_seq > acked:
                    acked = self.last_seq
                    await ws.send(encode("ack", seq=acked))


class _Refused(ProtocolError):
    """The server refused the hello: trying again would be refused again."""


def _reason(exc: BaseException, url: str, timeout: float) -> str:
    if isinstance(exc, _Refused):
        return f"the server refused: {exc}"
    if isinstance(exc, TimeoutError):
        return f"no answer from {url} within {timeout:g} s"
    if isinstance(exc, ConnectionRefusedError):
        return f"no server at {url} (connection refused); start one with mastermind-server"
    if isinstance(exc, InvalidURI):
        return f"{url} is not a server address (ws://host:port)"
    if isinstance(exc, OSError):
        return f"cannot reach {url}: {exc.strerror or exc}"
    return f"{url} did not answer as a game server: {exc}"
