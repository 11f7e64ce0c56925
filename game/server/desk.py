"""The messages that ask the store: the online Daily, challenges, boards and ratings.

Each runs as its own task on the server's loop and awaits the store's thread, so a board being
read never holds up a guess. What a player is told goes into their numbered event stream like a
room's events (caught up after a reconnect). A game's state lives in the store after every row,
so a player whose process went can carry on through another one: the attempt (one per device per
day, one per challenge) is the store's key, not this process's memory.
"""

from __future__ import annotations

from typing import Any

from game.core.config import preset
from game.net.protocol import share_text
from game.server.rooms import RoomError
from game.server.solo import (
    DAILY_SIZE,
    SoloGame,
    derived_code,
    from_attempt,
    label,
    new_challenge_id,
    streak,
    today,
)

# the GameServer this serves (typed loosely: server.py imports this module, not the other way)
GameServer = Any

TYPES = frozenset(
    {"daily", "solo_guess", "challenge_new", "challenge_play", "challenge_show", "board", "rating"}
)


class Desk:
    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.games: dict[str, SoloGame] = {}
        self.key: bytes | None = None

    def tell(self, player: str, event: dict[str, Any]) -> None:
        self.server.rooms.emit(player, event)
        self.server.settle()

    async def secret(self, kind: str, ref: str, size: str) -> tuple[int, ...]:
        if self.key is None:
            self.key = await self.server.db.read("server_key")
        config = preset(size).config()
        return derived_code(self.key, label(kind, ref), config.pegs, config.colours)

    async def handle(self, player: str, nick: str, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "solo_guess":
            await self.guess(player, message["code"])
        elif kind == "daily":
            await self.open(player, nick, "daily", today(self.server.wall()), DAILY_SIZE)
        elif kind == "challenge_new":
            challenge = new_challenge_id()
            await self.server.db.read("make_challenge", challenge, message["size"], player, nick)
            self.tell(
                player,
                {
                    "kind": "challenge_made",
                    "id": challenge,
                    "size": message["size"],
                    "share": share_text(challenge),
                },
            )
        elif kind == "challenge_play":
            found = await self.server.db.read("challenge", message["id"])
            if found is None:
                raise RoomError(f"no challenge is called {message['id']}")
            await self.open(player, nick, "challenge", message["id"], found["size"])
        elif kind == "challenge_show":
            found = await self.server.db.read("challenge", message["id"])
            if found is None:
                raise RoomError(f"no challenge is called {message['id']}")
            self.tell(player, {"kind": "challenge", **found})
        elif kind == "board":
            day = message.get("day") or today(self.server.wall())
            board = await self.server.db.read("board", "daily", day, player)
            days = await self.server.db.read("days")
            self.tell(player, {"kind": "board", "day": day, **board, "days": days})
        elif kind == "rating":
            self.tell(player, rating_event(await self.server.db.read("rating", player)))

    async def open(self, player: str, nick: str, kind: str, ref: str, size: str) -> None:
        """Show the player their attempt at (kind, ref), made now if it is their first."""
        if self.server.rooms.room_of.get(player) is not None:
            raise RoomError("you are in a duel; finish or leave it first")
        attempt = await self.server.db.read("open_attempt", kind, ref, player, nick, size)
        game = from_attempt(kind, ref, attempt, await self.secret(kind, ref, attempt["size"]))
        if game.done:
            self.games.pop(player, None)
            self.tell(player, await self.over_event(player, game))
            return
        self.games[player] = game
        self.tell(player, {"kind": "solo", **game.shape()})

    async def guess(self, player: str, code: list[int]) -> None:
        game = self.games.get(player)
        if game is None:
            raise RoomError("you are not playing a Daily or a challenge")
        now = self.server.wall()
        grade = game.guess(code, now)  # before any await: rows are graded in the order they came
        row = len(game.rows)
        self.server.rooms.emit(
            player, {"kind": "solo_graded", "row": row, "code": list(code), "grade": list(grade)}
        )
        self.server.settle()
        saved = self.server.db.read(
            "save_attempt",
            game.kind,
            game.ref,
            player,
            game.stored_rows(),
            game.done,
            game.cracked,
            game.ms(now),
            game.flagged,
        )
        if not game.done:
            await saved
            return
        self.games.pop(player, None)
        await saved  # ranked only once it is kept
        self.tell(player, await self.over_event(player, game))

    async def over_event(self, player: str, game: SoloGame) -> dict[str, Any]:
        board = await self.server.db.read("board", game.kind, game.ref, player)
        event = {
            "kind": "solo_over",
            "mode": game.kind,
            "ref": game.ref,
            "cracked": game.cracked,
            "guesses": len(game.rows),
            "ms": game.ms(game.ended_at or self.server.wall()),
            "secret": list(game.secret),
            "flagged": game.flagged,
            **board,
        }
        if game.kind == "daily":
            event["streak"] = streak(await self.server.db.read("daily_days", player), game.ref)
        return event


def rating_event(rating: Any) -> dict[str, Any]:
    return {
        "kind": "rating",
        "rating": round(rating.rating),
        "rd": round(rating.rd),
        "games": rating.games,
        "provisional": rating.provisional,
        "shown": rating.shown(),
    }
