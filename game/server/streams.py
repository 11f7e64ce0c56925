"""Each player's numbered stream of events, kept until acknowledged. Pure.

What a player should see is appended to their own stream (1, 2, 3, ...), so a client that reconnects
says the last number it has and catches up on the rest. Streams are bounded: a client that never
acknowledges keeps only the newest MAX_UNACKED.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.server.room import Event

MAX_UNACKED = 500  # events kept per player for catch-up; older ones are dropped (a client that never acks)


@dataclass
class Stream:
    events: list[tuple[int, Event]] = field(default_factory=list)
    next_seq: int = 1


class Streams:
    """Every player's stream, and which players have events not yet handed to their connection."""

    def __init__(self) -> None:
        self.streams: dict[str, Stream] = {}
        self.dirty: set[str] = set()  # players with events not yet handed to their connection

    def emit(self, player: str, event: Event) -> None:
        stream = self.streams.setdefault(player, Stream())
        stream.events.append((stream.next_seq, event))
        stream.next_seq += 1
        self.dirty.add(player)
        if len(stream.events) > MAX_UNACKED:
            del stream.events[: len(stream.events) - MAX_UNACKED]

    def events_after(self, player: str, seq: int) -> list[tuple[int, Event]]:
        """The player's events numbered above `seq` (what a reconnecting client has not seen)."""
        stream = self.streams.get(player)
        return [] if stream is None else [(n, e) for n, e in stream.events if n > seq]

    def last_seq(self, player: str) -> int:
        stream = self.streams.get(player)
        return 0 if stream is None else stream.next_seq - 1

    def ack(self, player: str, seq: int) -> None:
        stream = self.streams.get(player)
        if stream is not None:
            stream.events = [(n, e) for n, e in stream.events if n > seq]

    def take_dirty(self) -> set[str]:
        dirty, self.dirty = self.dirty, set()
        return dirty

    def forget(self, player: str) -> None:
        """Let a player's unread events go (gone long, and in no game)."""
        self.streams.pop(player, None)
