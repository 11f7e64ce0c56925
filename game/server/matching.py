"""Quick-match queues, pure: who waits for which game, and who should play whom by rating.

A queue per game (size, kind, rounds). A newcomer is paired with the waiting player whose rating is
closest, as long as the gap is within the waiting player's window, which widens the longer they
wait (WINDOW, then WIDEN a second, up to anyone after (MAX_GAP - WINDOW) / WIDEN seconds), as
Lichess's pool does: close games first, and nobody waits for ever. pairs() is called as time
passes, so two players who wait for each other meet once their windows reach.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

WINDOW = 200.0  # rating points either side, at once
WIDEN = 50.0  # more points a second of waiting
MAX_GAP = 2000.0  # by then anyone will do

Key = tuple[str, str, int]  # size, kind, rounds


@dataclass
class Waiting:
    player: str
    nick: str
    rating: float
    since: float


def window(waited_s: float) -> float:
    return min(MAX_GAP, WINDOW + WIDEN * max(0.0, waited_s))


class Queues:
    def __init__(self) -> None:
        self.waiting: dict[Key, list[Waiting]] = {}

    def where(self, player: str) -> tuple[Key, Waiting] | None:
        for key, line in self.waiting.items():
            for entry in line:
                if entry.player == player:
                    return key, entry
        return None

    def players(self) -> list[str]:
        return [entry.player for line in self.waiting.values() for entry in line]

    def add(self, key: Key, entry: Waiting) -> None:
        self.waiting.setdefault(key, []).append(entry)

    def remove(self, player: str) -> Key | None:
        found = self.where(player)
        if found is None:
            return None
        key, entry = found
        self.waiting[key].remove(entry)
        if not self.waiting[key]:
            del self.waiting[key]
        return key

    def find(
        self, key: Key, rating: float, now: float, among: Container[str] | None = None
    ) -> Waiting | None:
        """The waiting player a newcomer rated `rating` should play, if any is close enough (and,
        given `among`, one of those players)."""
        fits = [
            e
            for e in self.waiting.get(key, [])
            if abs(e.rating - rating) <= window(now - e.since) and (among is None or e.player in among)
        ]
        return min(fits, key=lambda e: (abs(e.rating - rating), e.since), default=None)

    def pairs(self, now: float) -> list[tuple[Key, Waiting, Waiting]]:
        """Take out every pair whose windows now reach (nearest ratings first, longest waiting first)."""
        made = []
        for key in list(self.waiting):
            line = sorted(self.waiting[key], key=lambda e: e.since)
            kept = []
            while line:
                first = line.pop(0)
                near = min(line, key=lambda e: abs(e.rating - first.rating), default=None)
                reach = 0.0 if near is None else max(window(now - first.since), window(now - near.since))
                if near is not None and abs(near.rating - first.rating) <= reach:
                    line.remove(near)
                    made.append((key, first, near))
                else:
                    kept.append(first)
            if kept:
                self.waiting[key] = kept
            else:
                del self.waiting[key]
        return made
