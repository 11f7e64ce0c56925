"""The online rooms, pure: no sockets, no clock of its own (every call is given `now`, in seconds).

The server (server.py) and the tests drive one Rooms value: create (an invite code), join, quick
match (a queue per size, kind and rounds that pairs whoever waits), set a secret, guess, drop, come
back, claim, leave, tick. What each player should see is appended to their own numbered stream of
events (streams.py), kept until acknowledged, so a reconnecting client catches up; finished games
are handed over once through take_finished() for the store. A room's own data, what it tells a
seat of itself and its finished result, is room.py.

Games:
- race: both players break the same code, made here with `secrets` and never put in an event
  before the game is over; each sees the other's rows as grades only. The first to crack it wins;
  when both are out of turns the better best row (blacks, then whites) wins, else a draw.
- codemaker: a match of 2 or 4 rounds (game.core.match's scoring): the round's maker sets a secret,
  the breaker guesses, and the grade is worked out here from the maker's secret, so it cannot lie.

Invariants: a player is in at most one room (waiting, queued or playing); a room has at most two
seats; a player's rows never exceed the turn limit; every grade is game.core's score(guess, secret);
a secret reaches a breaker only in "round_over" or "over"; a result is decided once.

Drops: a dropped player's room is held for HOLD_S seconds of *their* turn (in a race every moment
is both players' turn; in codemaker the maker's while the secret is missing, the breaker's while
guessing); after that the other may claim the win. Guesses under FLAG_S apart are flagged on the
result (faster than a person places pegs).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from game.core.codes import Code, score
from game.core.config import preset
from game.core.match import new_match
from game.net.protocol import KINDS, ROUNDS, SIZES
from game.server.matching import Queues, Waiting
from game.server.room import Room, RoomError, Seat, cracked, random_code, random_invite
from game.server.streams import Streams

HOLD_S = 60.0  # how long (of their own turn) a dropped player's room is held
FLAG_S = 0.05  # guesses closer together than this are flagged as not a person's
FORGET_S = 600.0  # a player gone this long and in no game: their unread events are let go


class Rooms(Streams):
    """Every room, queue and event stream of one server."""

    def __init__(
        self,
        make_code: Callable[[int, int], Code] = random_code,
        make_invite: Callable[[], str] = random_invite,
        hold_s: float = HOLD_S,
        flag_s: float = FLAG_S,
    ) -> None:
        self.make_code, self.make_invite = make_code, make_invite
        self.hold_s, self.flag_s = hold_s, flag_s
        self.rooms: dict[int, Room] = {}
        self.room_of: dict[str, int] = {}
        self.invites: dict[str, int] = {}
        self.queues = Queues()
        # False when several processes share one queue (the server pairs through Redis instead)
        self.matching = True
        super().__init__()
        self.finished: list[dict[str, Any]] = []
        self.gone: dict[str, float] = {}  # player -> when their connection went
        self.notes: list[str] = []  # one line per room event, for the server's log
        self._next_room = 1

    # --- hand-overs ------------------------------------------------------------------------
    def take_finished(self) -> list[dict[str, Any]]:
        done, self.finished = self.finished, []
        return done

    def take_notes(self) -> list[str]:
        notes, self.notes = self.notes, []
        return notes

    # --- joining ----------------------------------------------------------------------------
    def _free(self, player: str) -> None:
        if player in self.room_of or self.queues.where(player) is not None:
            raise RoomError("you are already in a game; leave it first")

    def _open(
        self, player: str, nick: str, size: str, kind: str, rounds: int, now: float, invite: bool
    ) -> Room:
        if size not in SIZES or kind not in KINDS or rounds not in ROUNDS:
            raise RoomError(f"a game is one of {', '.join(SIZES)}, {' or '.join(KINDS)}")
        code = None
        if invite:
            code = self.make_invite()
            while code in self.invites:
                code = self.make_invite()
        room = Room(
            self._next_room, code, kind, size, rounds, preset(size).config(), [Seat(player, nick)], now
        )
        self._next_room += 1
        self.rooms[room.id] = room
        self.room_of[player] = room.id
        if code is not None:
            self.invites[code] = room.id
        return room

    def create(self, player: str, nick: str, size: str, kind: str, rounds: int, now: float) -> str:
        """A room waiting for a second player; returns its invite code."""
        self._free(player)
        room = self._open(player, nick, size, kind, rounds, now, invite=True)
        assert room.invite is not None
        self.notes.append(f"room {room.id} opened by {player[:8]}: {kind} {size}, invite {room.invite}")
        self.emit(
            player, {"kind": "waiting", "invite": room.invite, "size": size, "game": kind, "rounds": rounds}
        )
        return room.invite

    def join(self, player: str, nick: str, invite: str, now: float) -> None:
        self._free(player)
        room = self.rooms.get(self.invites.get(invite.upper(), -1))
        if room is None or room.state != "waiting":
            raise RoomError(f"no game is waiting with the code {invite}")
        del self.invites[room.invite]  # type: ignore[arg-type]
        room.seats.append(Seat(player, nick))
        self.room_of[player] = room.id
        self._start(room, now)

    def quick(
        self, player: str, nick: str, size: str, kind: str, rounds: int, now: float, rating: float = 1500.0
    ) -> None:
        """Pair with the waiting player nearest in rating (within their window), or wait."""
        self._free(player)
        key = (size, kind, rounds)
        if size not in SIZES or kind not in KINDS or rounds not in ROUNDS:
            raise RoomError(f"a game is one of {', '.join(SIZES)}, {' or '.join(KINDS)}")
        waiting = self.queues.find(key, rating, now) if self.matching else None
        if waiting is None:
            self.queues.add(key, Waiting(player, nick, rating, now))
            self.emit(player, {"kind": "queued", "size": size, "game": kind, "rounds": rounds})
            return
        self.queues.remove(waiting.player)
        self._pair(key, waiting, Waiting(player, nick, rating, now), now)

    def start_pair(self, waiting: str, player: str, nick: str, rating: float, now: float) -> None:
        """Seat `player` (from another process's queue scan) with `waiting`, who queued here."""
        found = self.queues.where(waiting)
        if found is None:
            raise RoomError("the player you were paired with has gone; try again")
        self._free(player)
        self.queues.remove(waiting)
        self._pair(found[0], found[1], Waiting(player, nick, rating, now), now)

    def _pair(self, key: tuple[str, str, int], first: Waiting, second: Waiting, now: float) -> None:
        size, kind, rounds = key
        room = self._open(first.player, first.nick, size, kind, rounds, now, invite=False)
        room.seats[0].rating = first.rating
        room.seats.append(Seat(second.player, second.nick, rating=second.rating))
        self.room_of[second.player] = room.id
        self._start(room, now)

    def _start(self, room: Room, now: float) -> None:
        room.state, room.clock_at = "playing", now
        players = " vs ".join(seat.player[:8] for seat in room.seats)
        self.notes.append(f"room {room.id} started: {room.kind} {room.size}, {players}")
        if room.kind == "race":
            room.secret = self.make_code(room.config.pegs, room.config.colours)
        else:
            room.match = new_match(("P1", "P2"), room.rounds, room.config)
        for index, seat in enumerate(room.seats):
            self.emit(
                seat.player,
                {
                    "kind": "start",
                    **room.shape(index),
                    "opponent": room.seats[1 - index].nick,
                    "opponent_rating": round(room.seats[1 - index].rating),
                },
            )
        if room.kind == "codemaker":
            self._announce_round(room)

    def _announce_round(self, room: Room) -> None:
        assert room.match is not None
        for index, seat in enumerate(room.seats):
            role = "maker" if index == room.match.maker else "breaker"
            self.emit(seat.player, {"kind": "round", "round": room.match.round_number, "role": role})

    # --- playing ----------------------------------------------------------------------------
    def _playing(self, player: str, now: float) -> tuple[Room, int]:
        room = self.rooms.get(self.room_of.get(player, -1))
        if room is None or room.state != "playing":
            raise RoomError("you are not in a game that is being played")
        self._advance(room, now)
        return room, room.seat_of(player)

    def _check_code(self, room: Room, code: list[int] | Code) -> Code:
        pegs, colours = room.config.pegs, room.config.colours
        if len(code) != pegs:
            raise RoomError(f"a code in this game has {pegs} pegs, not {len(code)}")
        if any(not 0 <= peg < colours for peg in code):
            raise RoomError(f"this game has {colours} colours (0 to {colours - 1}); {list(code)} has others")
        return tuple(code)

    def set_secret(self, player: str, code: list[int] | Code, now: float) -> None:
        room, index = self._playing(player, now)
        if (
            room.kind != "codemaker"
            or room.match is None
            or index != room.match.maker
            or room.secret is not None
        ):
            raise RoomError("it is not your turn to make a code")
        room.secret = self._check_code(room, code)
        self.emit(
            player, {"kind": "secret_ok", "round": room.match.round_number, "secret": list(room.secret)}
        )
        other = room.seats[1 - index].player
        self.emit(other, {"kind": "secret_set", "round": room.match.round_number})

    def guess(self, player: str, code: list[int] | Code, now: float) -> tuple[int, int]:
        """Grade `code` against the room's secret; returns (black, white)."""
        room, index = self._playing(player, now)
        seat = room.seats[index]
        if not room.on_turn(index) or room.secret is None or (room.match and index != room.match.breaker):
            raise RoomError("it is not your turn to guess")
        guess = self._check_code(room, code)
        if seat.last_guess_at is not None and now - seat.last_guess_at < self.flag_s:
            seat.flagged = True
        seat.last_guess_at = now
        grade = tuple(score(guess, room.secret))
        seat.rows.append((guess, grade))  # type: ignore[arg-type]
        row = len(seat.rows)
        self.emit(player, {"kind": "graded", "row": row, "code": list(guess), "grade": list(grade)})
        other = room.seats[1 - index].player
        if room.kind == "race":
            self.emit(other, {"kind": "opponent_row", "row": row, "grade": list(grade)})
            self._race_settle(room, now)
        else:
            self.emit(other, {"kind": "opponent_row", "row": row, "code": list(guess), "grade": list(grade)})
            self._round_settle(room, index, now)
        return grade  # type: ignore[return-value]

    def _race_settle(self, room: Room, now: float) -> None:
        pegs, turns = room.config.pegs, room.config.turns
        for index, seat in enumerate(room.seats):
            if cracked(seat, pegs):
                self._finish(room, index, "cracked", now)
                return
        if all(len(seat.rows) >= turns for seat in room.seats):
            best = [max(grade for _, grade in seat.rows) for seat in room.seats]
            winner = None if best[0] == best[1] else (0 if best[0] > best[1] else 1)
            self._finish(room, winner, "best row" if winner is not None else "draw", now)

    def _round_settle(self, room: Room, breaker: int, now: float) -> None:
        seat = room.seats[breaker]
        broken = cracked(seat, room.config.pegs)
        if not broken and len(seat.rows) < room.config.turns:
            return
        assert room.match is not None and room.secret is not None
        room.match = room.match.record(len(seat.rows), broken)
        for each in room.seats:
            self.emit(
                each.player,
                {
                    "kind": "round_over",
                    "round": room.match.round_number - 1,
                    "secret": list(room.secret),
                    "guesses": len(seat.rows),
                    "cracked": broken,
                    "totals": list(room.match.totals),
                },
            )
        room.secret = None
        seat.rows = []
        if room.match.over:
            winner = room.match.winner()
            self._finish(room, winner, "points" if winner is not None else "draw", now)
        else:
            self._announce_round(room)

    def _finish(self, room: Room, winner: int | None, reason: str, now: float) -> None:
        room.state = "over"
        game_id = uuid.uuid4().hex  # the result's key in the store, told to both players
        won = "draw" if winner is None else f"{room.seats[winner].player[:8]} won"
        self.notes.append(f"room {room.id} over: {won} ({reason})")
        for index, seat in enumerate(room.seats):
            self.emit(seat.player, room.over_view(index, winner, reason, game_id))
            self.room_of.pop(seat.player, None)
        del self.rooms[room.id]
        self.finished.append(room.result(winner, reason, game_id))

    # --- people coming and going --------------------------------------------------------------
    def resume(self, player: str) -> bool:
        """Tell the player the whole of where they are (one "resume" event), for a client that
        cannot catch up from the stream (a game process started again, or events let go); False
        when they are in no room and no queue."""
        queued = self.queues.where(player)
        if queued is not None:
            size, kind, rounds = queued[0]
            self.emit(
                player, {"kind": "resume", "state": "queued", "size": size, "game": kind, "rounds": rounds}
            )
            return True
        room = self.rooms.get(self.room_of.get(player, -1))
        if room is None:
            return False
        self.emit(player, room.resume_view(room.seat_of(player)))
        return True

    def _advance(self, room: Room, now: float) -> None:
        """Charge each away player's hold with the time of their own turn since the last look."""
        elapsed = max(0.0, now - room.clock_at)
        room.clock_at = max(room.clock_at, now)
        if room.state != "playing":
            return
        for index, seat in enumerate(room.seats):
            if seat.away and room.on_turn(index):
                seat.away_used += elapsed
                if seat.away_used >= self.hold_s and not room.claim_told:
                    room.claim_told = True
                    self.emit(room.seats[1 - index].player, {"kind": "claim_ready"})

    def drop(self, player: str, now: float) -> None:
        """The player's connection is gone: hold their game, forget their place in a queue."""
        self.gone[player] = now
        self.queues.remove(player)
        room = self.rooms.get(self.room_of.get(player, -1))
        if room is None:
            return
        self._advance(room, now)
        seat = room.seats[room.seat_of(player)]
        if seat.away:
            return
        seat.away = True
        self.notes.append(f"room {room.id}: {player[:8]} dropped")
        if room.state == "playing":
            other = room.seats[1 - room.seat_of(player)].player
            left = max(0.0, self.hold_s - seat.away_used)
            self.emit(other, {"kind": "opponent_away", "hold_s": round(left, 1)})

    def back(self, player: str, now: float) -> None:
        self.gone.pop(player, None)
        room = self.rooms.get(self.room_of.get(player, -1))
        if room is None:
            return
        self._advance(room, now)
        seat = room.seats[room.seat_of(player)]
        if not seat.away:
            return
        seat.away = False
        room.claim_told = False
        self.notes.append(f"room {room.id}: {player[:8]} back")
        if room.state == "playing":
            self.emit(room.seats[1 - room.seat_of(player)].player, {"kind": "opponent_back"})

    def claim(self, player: str, now: float) -> None:
        """Win the game of an opponent who has been away longer than the hold."""
        room, index = self._playing(player, now)
        other = room.seats[1 - index]
        if not other.away:
            raise RoomError("the other player is here")
        if other.away_used < self.hold_s:
            raise RoomError(f"the other player has {self.hold_s - other.away_used:.0f} s left to come back")
        self._finish(room, index, "claimed", now)

    def leave(self, player: str, now: float) -> None:
        """Stop waiting, or give the game up (the other player wins)."""
        if self.queues.remove(player) is not None:
            self.emit(player, {"kind": "left"})
            return
        room = self.rooms.get(self.room_of.get(player, -1))
        if room is None:
            raise RoomError("you are not in a game")
        if room.state == "waiting":
            self._close_waiting(room)
            self.emit(player, {"kind": "left"})
            return
        self._advance(room, now)
        self._finish(room, 1 - room.seat_of(player), "left", now)

    def _close_waiting(self, room: Room) -> None:
        self.notes.append(f"room {room.id} closed before it started")
        if room.invite is not None:
            self.invites.pop(room.invite, None)
        for seat in room.seats:
            self.room_of.pop(seat.player, None)
        del self.rooms[room.id]

    def tick(self, now: float) -> None:
        """Let time pass: holds run out (the other may claim), abandoned waiting rooms close, and the
        events of players gone for FORGET_S with no game are let go (memory stays bounded), and
        waiting players whose rating windows now reach each other are paired."""
        if self.matching:
            for key, first, second in self.queues.pairs(now):
                self._pair(key, first, second, now)
        for player, since in list(self.gone.items()):
            if now - since >= FORGET_S and player not in self.room_of:
                del self.gone[player]
                self.forget(player)
        for room in list(self.rooms.values()):
            if room.state == "waiting":
                if room.seats[0].away and now - room.clock_at >= self.hold_s:
                    self._close_waiting(room)
                elif not room.seats[0].away:
                    room.clock_at = now
            else:
                self._advance(room, now)
