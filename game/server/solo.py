"""Games one player plays against the server, pure: the online Daily and challenges.

Both codes come from the server's secret key and never from anything a player can compute: the
Daily's is HMAC(key, "daily:" + the day), a challenge's HMAC(key, "challenge:" + its id), so every
server process sharing the database makes the same code, and a share text carrying only the id
gives nothing away. The server grades every row (game.core's score) and times the attempt from
its first showing; rows under FLAG_S apart are flagged (faster than a person), and a flagged
attempt is kept off the boards.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from game.core.codes import Code, score
from game.core.config import GameConfig, preset
from game.core.dailycode import code_of_digest
from game.net.protocol import INVITE_CHARS
from game.server.rooms import FLAG_S, RoomError

DAILY_SIZE = "Classic"  # the online Daily is one board for everyone: the classic size
CHALLENGE_LENGTH = 8  # 30**8 ids: not guessable by trying


def derived_code(key: bytes, label: str, pegs: int, colours: int) -> Code:
    """The code HMAC-SHA256(key, label) names: its digest read as a number, peg by peg (the bias
    of 256 bits over at most 10**10 codes is nil)."""
    number = int.from_bytes(hmac.new(key, label.encode("utf-8"), hashlib.sha256).digest(), "big")
    return code_of_digest(number, pegs, colours)


def today(now: float) -> str:
    """The Daily's day for wall-clock `now`: the UTC date, so every process agrees."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat()


def new_challenge_id() -> str:
    return "".join(secrets.choice(INVITE_CHARS) for _ in range(CHALLENGE_LENGTH))


def label(kind: str, ref: str) -> str:
    return f"{kind}:{ref}"


def streak(days: list[str], day: str) -> int:
    """Online Dailies finished on consecutive days up to `day` (or up to the day before, when
    today's is not played yet)."""
    played = set(days)
    cursor = dt.date.fromisoformat(day)
    if day not in played:
        cursor -= dt.timedelta(days=1)
    count = 0
    while cursor.isoformat() in played:
        count += 1
        cursor -= dt.timedelta(days=1)
    return count


@dataclass
class SoloGame:
    """One attempt: the server's code, the rows so far, and when it began (wall-clock seconds)."""

    kind: str  # "daily" or "challenge"
    ref: str  # the day or the challenge's id
    size: str
    secret: Code
    started: float
    rows: list[tuple[Code, tuple[int, int]]] = field(default_factory=list)
    flagged: bool = False
    last_at: float | None = None
    ended_at: float | None = None

    @property
    def config(self) -> GameConfig:
        return preset(self.size).config()

    @property
    def cracked(self) -> bool:
        return bool(self.rows) and self.rows[-1][1][0] == self.config.pegs

    @property
    def done(self) -> bool:
        return self.cracked or len(self.rows) >= self.config.turns

    def ms(self, now: float) -> int:
        return max(0, round(((self.ended_at or now) - self.started) * 1000))

    def guess(self, code: list[int] | Code, now: float) -> tuple[int, int]:
        if self.done:
            raise RoomError("this game is over")
        config = self.config
        if len(code) != config.pegs:
            raise RoomError(f"a code in this game has {config.pegs} pegs, not {len(code)}")
        if any(not 0 <= peg < config.colours for peg in code):
            raise RoomError(f"this game has {config.colours} colours (0 to {config.colours - 1})")
        if self.last_at is not None and now - self.last_at < FLAG_S:
            self.flagged = True
        self.last_at = now
        grade = tuple(score(tuple(code), self.secret))
        self.rows.append((tuple(code), grade))  # type: ignore[arg-type]
        if self.done:
            self.ended_at = now
        return grade  # type: ignore[return-value]

    def stored_rows(self) -> list:
        return [[list(code), list(grade)] for code, grade in self.rows]

    def shape(self) -> dict:
        """What the player is told when the attempt is shown (again): its size and the rows so far."""
        config = self.config
        return {
            "mode": self.kind,
            "ref": self.ref,
            "size": self.size,
            "pegs": config.pegs,
            "colours": config.colours,
            "turns": config.turns,
            "rows": [{"code": list(code), "grade": list(grade)} for code, grade in self.rows],
        }


def from_attempt(kind: str, ref: str, attempt: dict, secret: Code) -> SoloGame:
    """A SoloGame again from the store's row (another process, or after a reconnect)."""
    game = SoloGame(kind, ref, attempt["size"], secret, attempt["started"], flagged=attempt["flagged"])
    game.rows = [(tuple(code), tuple(grade)) for code, grade in attempt["rows"]]  # type: ignore[misc]
    if attempt["done"]:
        game.ended_at = game.started + attempt["ms"] / 1000
    return game
