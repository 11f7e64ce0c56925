"""One online duel as the game's screens see it: a Client (its thread and queues) folded into a view.

DuelLink owns the connection for the whole of a duel, from the lobby through the rounds to the end
(the screens hand it on in their routes). pump() is called once a frame: it takes what the client's
queue holds (never blocking) and folds every message into `view`, a plain DuelView the screens read
to draw and decide. Sending (create, join, quick, secret, guess, claim, leave) goes through the
client's outbox and never waits either.

A game the server resumes (a process started again, or a catch-up that needs the whole picture)
arrives as one "resume" event, and replaces the view's game wholesale, so the view is always where
the server is. Time on the screens' side comes only from the dt they pass to pump (a connection that
has not answered within CONNECT_TIMEOUT_S of the first attempt is "failed" by the client itself).

Pure (no pygame): tools/bench_frames.py and the tests drive it as the screens do.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from game.net.client import CONNECT_TIMEOUT_S, Client

Row = tuple[tuple[int, ...] | None, tuple[int, int]]  # a guess (None: not shown) and its grade

SOLO_KINDS = ("daily", "challenge")  # games for one the server makes and grades (view.kind)

REASONS = {
    "cracked": "cracked the code first",
    "best row": "the better best row once both ran out of turns",
    "draw": "a draw",
    "points": "more points over the match",
    "claimed": "the other player stayed away past the hold",
    "left": "the other player gave up",
}


@dataclass
class DuelView:
    """Where the duel is, as far as this client has heard (updated by DuelLink.pump only)."""

    status: str = "idle"  # the connection: connecting, connected, reconnecting, failed, closed
    reason: str = ""  # why the connection is failed or reconnecting
    phase: str = "lobby"  # lobby -> waiting (an invite) | queued -> playing -> over
    invite: str = ""
    shape: dict[str, Any] = field(default_factory=dict)  # room, game, size, pegs, colours, turns, rounds, you
    opponent: str = ""
    rows: list[Row] = field(default_factory=list)  # my rows this round (guess, grade)
    opponent_rows: list[Row] = field(default_factory=list)  # theirs (guesses only when I made the code)
    round: int = 0
    role: str = ""  # codemaker: "maker" or "breaker" this round
    secret_set: bool = False
    my_secret: tuple[int, ...] | None = None  # the code I made this round (codemaker)
    totals: list[int] = field(default_factory=list)
    rounds_done: list[dict[str, Any]] = field(default_factory=list)  # round_over events, in order
    over: dict[str, Any] | None = None
    opponent_away: bool = False
    hold_s: float = 0.0
    claim_ready: bool = False
    error: str = ""  # the server's last refusal, to show
    # games for one (the online Daily, a challenge) and the server's pages: the last of each heard
    board: dict[str, Any] | None = None  # a Daily's board (rank, top ten, the days with a board)
    made: dict[str, Any] | None = None  # a challenge just made: its id and share text
    page: dict[str, Any] | None = None  # a challenge's page: everyone's guesses and times
    rating: dict[str, Any] | None = None  # this device's duel rating, the latest heard
    rating_before: dict[str, Any] | None = None  # the one before it (a duel's end: before -> after)
    changes: int = 0  # bumped on every change (a screen redraws or re-reads when it moves)

    @property
    def kind(self) -> str:
        return str(self.shape.get("game", ""))

    @property
    def seat(self) -> int:
        return int(self.shape.get("you", 0))


def rating_text(rating: dict[str, Any] | None) -> str:
    """A duel rating as a person reads it: "1523? ±290" ("?" while provisional), "" when unknown."""
    if not rating:
        return ""
    return f"{rating['shown']} ±{rating['rd']}"


def rating_change(view: DuelView) -> str:
    """The rating a duel's end shows: before -> after when both were heard, else the latest."""
    after = rating_text(view.rating)
    if not after:
        return ""
    before = rating_text(view.rating_before)
    return f"rating {before} → {after}" if before else f"rating {after}"


def outcome_line(view: DuelView) -> tuple[str, str]:
    """(headline, why) of a finished duel, from this player's side."""
    over = view.over or {}
    winner, reason = over.get("winner"), str(over.get("reason", ""))
    why = REASONS.get(reason, reason)
    if winner is None:
        return "A draw", "both boards ended level" if reason == "draw" else why
    if winner == over.get("you", view.seat):
        if reason == "cracked":
            return "You won", "you cracked the code first"
        if reason == "best row":
            return "You won", "your best row beat theirs once both ran out of turns"
        return "You won", why
    if reason == "cracked":
        return f"{view.opponent or 'Your opponent'} won", "they cracked the code first"
    if reason == "best row":
        return f"{view.opponent or 'Your opponent'} won", "their best row beat yours"
    if reason in ("left", "claimed"):
        return "You lost", "you gave up" if reason == "left" else "you were away past the hold"
    return f"{view.opponent or 'Your opponent'} won", why


class DuelLink:
    """A duel's connection and what it has heard (see the module docstring)."""

    def __init__(
        self, url: str, token: str, nick: str, *, latency_s: float = 0.0, client: Client | None = None
    ):
        self.url = url
        self.client = client or Client(url, token, nick, latency_s=latency_s)
        self.view = DuelView(status="connecting")
        self.waited_s = 0.0  # since the link started, while not yet connected (for the progress bar)
        self.started = False
        self.host: Any = None  # a server this game hosts for the duel (stopped with the link)

    @property
    def connect_timeout_s(self) -> float:
        return self.client.connect_timeout or CONNECT_TIMEOUT_S

    def start(self) -> DuelLink:
        if not self.started:
            self.started = True
            self.client.start()
        return self

    def close(self) -> None:
        """End the connection (and a hosted server) without waiting for either: the client's thread
        says goodbye on its own, a hosted server is stopped on a thread of its own (a screen leaving
        never holds up a frame)."""
        self.client.close(timeout=0.0)
        host, self.host = self.host, None
        if host is not None:
            threading.Thread(target=host.stop, name="mastermind-host-stop", daemon=True).start()

    # --- sending (never blocks) ---------------------------------------------------------------------
    def send(self, type_: str, **fields: Any) -> None:
        self.view.error = ""
        self.client.send(type_, **fields)

    def guess(self, code: tuple[int, ...]) -> None:
        self.send("solo_guess" if self.view.kind in SOLO_KINDS else "guess", code=list(code))

    def set_secret(self, code: tuple[int, ...]) -> None:
        self.send("secret", code=list(code))

    # --- each frame --------------------------------------------------------------------------------
    def pump(self, dt: float = 0.0) -> bool:
        """Fold in whatever arrived; True when the view changed."""
        view = self.view
        if view.status in ("connecting", "idle"):
            self.waited_s += dt
        if view.opponent_away and view.hold_s > 0:  # shown counting down (the server's clock decides)
            view.hold_s = max(0.0, view.hold_s - dt)
        before = view.changes
        for message in self.client.poll():
            self._fold(message)
        return view.changes != before

    def _fold(self, message: dict[str, Any]) -> None:
        view = self.view
        view.changes += 1
        kind = message["type"]
        if kind == "status":
            view.status, view.reason = message["state"], message.get("reason", "")
        elif kind == "error":
            view.error = message["reason"]
        elif kind == "event":
            self._event(message["event"])

    def _event(self, event: dict[str, Any]) -> None:
        view, kind = self.view, event["kind"]
        if kind == "waiting":
            view.phase, view.invite = "waiting", str(event.get("invite", ""))
        elif kind == "queued":
            view.phase = "queued"
        elif kind == "left":
            view.phase, view.invite = "lobby", ""
        elif kind == "start":
            self._new_game(event)
        elif kind == "resume":
            self._resume(event)
        elif kind == "round":
            view.round, view.role = int(event["round"]), str(event["role"])
            view.rows, view.opponent_rows, view.secret_set, view.my_secret = [], [], False, None
        elif kind == "secret_ok":
            view.my_secret, view.secret_set = tuple(event["secret"]), True
        elif kind == "secret_set":
            view.secret_set = True
        elif kind == "graded":
            view.rows.append((tuple(event["code"]), _grade(event["grade"])))
        elif kind == "opponent_row":
            code = tuple(event["code"]) if "code" in event else None
            view.opponent_rows.append((code, _grade(event["grade"])))
        elif kind == "round_over":
            # the round's rows kept with it: its board may still be showing the last grade land
            view.rounds_done.append(
                {**event, "rows": list(view.rows), "opponent_rows": list(view.opponent_rows)}
            )
            view.totals = list(event.get("totals", view.totals))
        elif kind == "over":
            view.phase, view.over = "over", dict(event)
            view.totals = list(event.get("totals") or view.totals)
        elif kind == "opponent_away":
            view.opponent_away, view.hold_s = True, float(event.get("hold_s", 0.0))
        elif kind == "opponent_back":
            view.opponent_away, view.claim_ready = False, False
        elif kind == "claim_ready":
            view.claim_ready = True
        elif kind == "solo":
            self._new_game(
                {
                    **event,
                    "game": event["mode"],
                    "room": event["ref"],
                    "rounds": 1,
                    "you": 0,
                    "opponent": "Server",
                }
            )
            view.rows = [(tuple(r["code"]), _grade(r["grade"])) for r in event.get("rows", [])]
            view.opponent = "Server"  # the column beside the board: nobody else plays this code
        elif kind == "solo_graded":
            view.rows.append((tuple(event["code"]), _grade(event["grade"])))
        elif kind == "solo_over":
            view.phase, view.over = "over", dict(event)
            view.shape.setdefault("game", event.get("mode"))
            view.shape.setdefault("room", event.get("ref"))
        elif kind == "board":
            view.board = dict(event)
        elif kind == "challenge_made":
            view.made = dict(event)
        elif kind == "challenge":
            view.page = dict(event)
        elif kind == "rating":
            if view.rating is not None and view.rating != event:
                view.rating_before = view.rating
            view.rating = dict(event)

    def _new_game(self, event: dict[str, Any]) -> None:
        view = self.view
        view.phase, view.invite, view.over = "playing", "", None
        view.shape = {
            k: event[k] for k in ("room", "game", "size", "pegs", "colours", "turns", "rounds", "you")
        }
        view.opponent = str(event.get("opponent", ""))
        view.rows, view.opponent_rows, view.rounds_done, view.totals = [], [], [], []
        view.round, view.role, view.secret_set, view.my_secret = 0, "", False, None
        view.opponent_away, view.claim_ready = False, False
        view.rating_before = None  # a new duel's end shows its own change, not the last duel's

    def _resume(self, event: dict[str, Any]) -> None:
        view = self.view
        state = event.get("state")
        if state == "queued":
            view.phase = "queued"
            return
        if state == "waiting":
            view.phase, view.invite = "waiting", str(event.get("invite", ""))
            return
        self._new_game(event)
        view.rows = [(tuple(r["code"]), _grade(r["grade"])) for r in event.get("rows", [])]
        view.opponent_rows = [
            (tuple(r["code"]) if "code" in r else None, _grade(r["grade"]))
            for r in event.get("opponent_rows", [])
        ]
        view.opponent_away = bool(event.get("opponent_away", False))
        if "round" in event:
            view.round, view.role = int(event["round"]), str(event["role"])
            view.totals = list(event.get("totals", []))
            view.secret_set = bool(event.get("secret_set", False))
            view.my_secret = tuple(event["secret"]) if "secret" in event else None


def _grade(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])
