"""Quick match across processes: pairs are made on this process first, through Redis only when no
partner turns up here.

A newcomer is paired at once, in memory, with the player waiting *here* whose rating window reaches
(the rooms' own Queues.find, as one process does), so under load nearly every room has both its
players on one process: no move of the game is forwarded and the pairing itself costs no Redis
call. A player left alone for LOCAL_FIRST_S is looked at against the shared queue (a sorted set
per game, by rating): paired with an entry there if one fits (one on this process first), else put
in it for the other processes to find. Whoever removes an entry (ZREM is atomic: one winner) has
paired with it, and the room is made on the waiting player's process. Entries in the shared queue
are looked at again after 1, 2, 4, 8... s as their windows widen.

An entry's state: "here" (only this process knows of it: a newcomer here may take it), "busy" (a
Redis call about it is under way: nobody touches it), "shared" (in Redis: taken only through ZREM),
"taken" (another process removed it from Redis; its "pair" is on its way).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from game.server.matching import Key, window

LOCAL_FIRST_S = 0.3  # alone this long on this process, a waiting player is offered to the others
CANDIDATES = 8  # shared entries looked at either side of a rating
TAKEN_S = 5.0  # a "pair" that has not come by then never will
LOOK_S = 0.1  # how often waiting players are looked at (no Redis call unless one is due)


@dataclass
class Entry:
    key: str  # the shared queue (a Redis sorted set)
    game: Key
    member: str  # what stands for this player in the sorted set
    nick: str
    since: float  # wall clock: every process reads it
    due: float  # the next look at the shared queue
    state: str = "here"


class SharedQueue:
    """The quick-match queue of one process in the cluster; `link` is its ClusterLink."""

    def __init__(self, link: Any, prefix: str) -> None:
        self.link = link
        self.prefix = prefix
        self.entries: dict[str, Entry] = {}
        self.paired_here = 0  # pairs made without Redis (the load tool reports them)
        self.paired_shared = 0  # pairs made through the shared queue

    def quick(self, player: str, nick: str, message: dict[str, Any], rating: float) -> None:
        """Pair `player` with someone waiting here, or queue them here (told "queued")."""
        server = self.link.server
        rooms, now = server.rooms, server.clock()
        game: Key = (message["size"], message["kind"], message.get("rounds", 2))
        here = {p for p, entry in self.entries.items() if entry.state == "here"}
        partner = rooms.queues.find(game, rating, now, among=here)
        if partner is not None:
            del self.entries[partner.player]
            rooms.start_pair(partner.player, player, nick, rating, now)
            self.paired_here += 1
            self.link.hosting(player)
            return
        rooms.quick(player, nick, *game, now, rating)  # matching is off: this queues and says so
        since = time.time()
        member = json.dumps({"p": player, "n": nick, "proc": self.link.process, "since": since})
        key = f"{self.prefix}q:{game[0]}:{game[1]}:{game[2]}"
        self.entries[player] = Entry(key, game, member, nick, since, since + LOCAL_FIRST_S)

    def leave(self, player: str) -> None:
        """The player stopped waiting (left, dropped, or is being paired elsewhere)."""
        entry = self.entries.pop(player, None)
        if entry is not None and entry.state == "shared":
            self.link.later("zrem", entry.key, entry.member)
        # "busy": the look under way finds the entry gone and takes it out of Redis itself

    def taken(self, player: str) -> None:
        """Another process paired with this waiting player (its "pair" arrived)."""
        self.entries.pop(player, None)

    async def look(self) -> None:
        """Look at the shared queue for every waiting player who is due."""
        now = time.time()
        for player, entry in list(self.entries.items()):
            if entry.state == "taken" and now >= entry.due:
                entry.state = "here"  # the pair never came
            if entry.state in ("here", "shared") and now >= entry.due and self.entries.get(player) is entry:
                try:
                    await self._look(player, entry, now)
                except BaseException:
                    if entry.state == "busy":  # Redis failed mid-look: here again, looked at when due
                        entry.state = "here"
                    raise

    async def _look(self, player: str, entry: Entry, now: float) -> None:
        redis = self.link.redis
        entry.due = now + min(8.0, max(1.0, now - entry.since))
        was_shared, entry.state = entry.state == "shared", "busy"
        rating = self.link.rating_of(player)
        if was_shared and await redis.zrem(entry.key, entry.member) != 1:
            # another process paired with them a moment ago: its "pair" is on its way (if that
            # process died before sending it, the player is looked at again from scratch)
            entry.state, entry.due = "taken", now + TAKEN_S
            return
        partner = await self._claim(entry.key, player, rating)
        if partner is not None and partner["proc"] == self.link.process and partner["p"] not in self.entries:
            partner = None  # one waiting here who left while it was being taken
        if self.entries.get(player) is not entry:  # left meanwhile: what was taken goes back
            if partner is not None:
                await redis.zadd(entry.key, {partner["member"]: partner["score"]})
            return
        if partner is None:
            await redis.zadd(entry.key, {entry.member: rating})
            entry.state = "shared"
            if self.entries.get(player) is not entry:
                self.link.later("zrem", entry.key, entry.member)
            return
        del self.entries[player]
        self.link.server.rooms.queues.remove(player)
        self._pair(partner, player, entry.nick, rating)

    async def _claim(self, key: str, player: str, rating: float) -> dict[str, Any] | None:
        """Take a shared entry within its window, if any (ZREM: only one wins): one on this process
        first, then the nearest in rating, then the longest waiting."""
        redis, process = self.link.redis, self.link.process
        now = time.time()
        pipe = redis.pipeline(transaction=False)  # the nearest few either side, not the whole queue
        pipe.zrevrangebyscore(key, rating, "-inf", start=0, num=CANDIDATES, withscores=True)
        pipe.zrangebyscore(key, rating, "+inf", start=0, num=CANDIDATES, withscores=True)
        below, above = await pipe.execute()
        fits = []
        for member, score in dict(below + above).items():
            entry = json.loads(member)
            if entry["p"] == player or abs(score - rating) > window(now - entry["since"]):
                continue
            if entry["proc"] == process:
                mine = self.entries.get(entry["p"])
                if mine is None or mine.state != "shared" or mine.member != member:
                    continue  # left or being looked at: its own look settles it
            # one waiting on this process first: none of the game's moves need forwarding
            fits.append((entry["proc"] != process, abs(score - rating), entry["since"], member, score, entry))
        for *_, member, score, entry in sorted(fits)[:5]:
            pipe = redis.pipeline(transaction=False)  # one round trip: take it, and is its process alive
            pipe.zrem(key, member)
            pipe.exists(f"{self.prefix}alive:{entry['proc']}")
            taken, alive = await pipe.execute()
            if taken == 1 and (alive or entry["proc"] == process):
                return {**entry, "member": member, "score": score}
            # not taken: another process paired with it first; taken but dead: a stale entry gone
        return None

    def _pair(self, partner: dict[str, Any], player: str, nick: str, rating: float) -> None:
        server = self.link.server
        self.paired_shared += 1
        if partner["proc"] == self.link.process:
            self.entries.pop(partner["p"], None)
            server.rooms.start_pair(partner["p"], player, nick, rating, server.clock())
            self.link.hosting(player)
            server.settle()
            return
        self.link.forward[player] = partner["proc"]
        self.link.send(
            partner["proc"],
            {
                "op": "pair",
                "waiting": partner["p"],
                "player": player,
                "nick": nick,
                "rating": rating,
                "from": self.link.process,
            },
        )
