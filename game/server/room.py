"""One online room, as data: its seats, its rows, what it tells a player of itself, the result it
leaves for the store. Pure.

Rooms (rooms.py) decides what happens to a room; these types only hold it and describe it, so the
rules read apart from the bookkeeping.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from game.core.codes import Code
from game.core.config import GameConfig
from game.core.match import Match
from game.net.protocol import INVITE_CHARS, INVITE_LENGTH

Event = dict[str, Any]


class RoomError(ValueError):
    """A move the rooms refuse; the text says why (sent to the player as an error)."""


def random_code(pegs: int, colours: int) -> Code:
    """A secret nobody can predict (the operating system's randomness)."""
    return tuple(secrets.randbelow(colours) for _ in range(pegs))


def random_invite() -> str:
    return "".join(secrets.choice(INVITE_CHARS) for _ in range(INVITE_LENGTH))


@dataclass
class Seat:
    player: str
    nick: str
    away: bool = False
    away_used: float = 0.0  # seconds of their own turn spent away
    rows: list[tuple[Code, tuple[int, int]]] = field(default_factory=list)
    last_guess_at: float | None = None
    flagged: bool = False
    rating: float = 1500.0  # what quick match paired on; the opponent is told it at the start


@dataclass
class Room:
    id: int
    invite: str | None
    kind: str
    size: str
    rounds: int
    config: GameConfig
    seats: list[Seat]
    opened_at: float
    state: str = "waiting"  # waiting -> playing -> over
    secret: Code | None = None
    match: Match | None = None
    clock_at: float = 0.0
    claim_told: bool = False

    def seat_of(self, player: str) -> int:
        return next(i for i, seat in enumerate(self.seats) if seat.player == player)

    def shape(self, index: int) -> dict:
        """What a start and a resume both tell seat `index` of its game: room, kind, size, rounds."""
        return {
            "room": self.id,
            "game": self.kind,
            "size": self.size,
            "pegs": self.config.pegs,
            "colours": self.config.colours,
            "turns": self.config.turns,
            "rounds": self.rounds,
            "you": index,
        }

    def on_turn(self, index: int) -> bool:
        """Whether it is seat `index`'s turn (a dropped player's hold runs only then)."""
        if self.state != "playing":
            return False
        if self.kind == "race":
            seat = self.seats[index]
            return len(seat.rows) < self.config.turns and not cracked(seat, self.config.pegs)
        assert self.match is not None
        return index == (self.match.maker if self.secret is None else self.match.breaker)

    def rated(self, reason: str) -> bool:
        """Whether the duel ending now for `reason` moves ratings. One given up or claimed before
        anybody played a row is aborted instead (kept, not rated), as Lichess aborts a game before
        its first moves: a quick match left at once, or an opponent who never came, costs nothing.
        A player flagged for guessing faster than a person is never rated either."""
        if any(seat.flagged for seat in self.seats):
            return False
        played = any(seat.rows for seat in self.seats) or bool(self.match and self.match.results)
        return played or reason not in ("left", "claimed")

    def resume_view(self, index: int) -> Event:
        """The whole of where seat `index` is, as one "resume" event: its rows; the other's rows as
        grades only, unless this seat made the code they break; a maker's own secret."""
        view: Event = {"kind": "resume", "state": self.state, **self.shape(index)}
        if self.state == "waiting":
            view["invite"] = self.invite
            return view
        seat, other = self.seats[index], self.seats[1 - index]
        view["opponent"] = other.nick
        view["opponent_away"] = other.away
        view["rows"] = [{"code": list(code), "grade": list(grade)} for code, grade in seat.rows]
        maker = self.match is not None and index == self.match.maker
        view["opponent_rows"] = [
            {"code": list(code), "grade": list(grade)} if maker else {"grade": list(grade)}
            for code, grade in other.rows
        ]
        if self.match is not None:
            view["round"] = self.match.round_number
            view["role"] = "maker" if maker else "breaker"
            view["totals"] = list(self.match.totals)
            view["secret_set"] = self.secret is not None
            if maker and self.secret is not None:
                view["secret"] = list(self.secret)  # the maker's own code
        return view

    def result(self, winner: int | None, reason: str, game_id: str) -> dict[str, Any]:
        """The finished game as the store keeps it (Rooms.take_finished hands it over), keyed by
        `game_id`; `winner` is a seat's index, None for a draw."""
        return {
            "game_id": game_id,
            "room": self.id,
            "game": self.kind,
            "size": self.size,
            "rounds": self.rounds if self.kind == "codemaker" else 0,
            "players": [seat.player for seat in self.seats],
            "nicks": [seat.nick for seat in self.seats],
            "winner": winner,
            "reason": reason,
            "flagged": [seat.flagged for seat in self.seats],
            "rated": self.rated(reason),
            "rows": [len(seat.rows) for seat in self.seats],
            "totals": list(self.match.totals) if self.match else [],
        }

    def over_view(self, index: int, winner: int | None, reason: str, game_id: str) -> Event:
        """What seat `index` is told when the game is over (one "over" event): who won and why, the
        flags and totals, the result's key; in a race the secret too, never before this."""
        event: Event = {
            "kind": "over",
            "winner": winner,
            "you": index,
            "reason": reason,
            "flagged": [seat.flagged for seat in self.seats],
            "rated": self.rated(reason),
            "totals": list(self.match.totals) if self.match else [],
            "game_id": game_id,
        }
        if self.kind == "race" and self.secret is not None:
            event["secret"] = list(self.secret)
        return event


def cracked(seat: Seat, pegs: int) -> bool:
    """Whether the seat's last row is all black."""
    return bool(seat.rows) and seat.rows[-1][1][0] == pegs
