"""The online game's wire protocol: versioned JSON messages, validated on both sides.

Every message is one JSON object of at most MAX_MESSAGE_BYTES, with "v" (VERSION) and "type". A
client sends the CLIENT types, the server the SERVER types; each type names its fields and their
kinds, and a field outside its range is refused with a reason a person can act on (ProtocolError).
Checks that need a game (a guess of the wrong length or colours) belong to the rooms, which refuse
with their own reason; here a code is only "a list of 2..10 colours, each 0..9".

Room events reach a player as {"type": "event", "seq": n, "event": {...}}: numbered 1, 2, 3... per
player, acknowledged by the client ({"type": "ack", "seq": n}), and sent again after a reconnect
(hello's "last_seq" says what the client already has), so nothing a player should see is lost.

Additions keep version 1: new message types and new optional fields only (a server without them
answers "unknown message type", which a client shows as "this server does not have that"). The
welcome's "features" names what the server offers (FEATURES): the server-graded Daily and its
boards, challenges, and ratings.

Pure standard library: the game, the server and the tools import it without pygame.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

VERSION = 1
MAX_MESSAGE_BYTES = 4096  # a hello or a guess is under 200 bytes; a catch-up is sent event by event
MAX_NICK_CHARS = 12
TOKEN_HEX_CHARS = 32  # a 128-bit device token, as hex
INVITE_CHARS = "ABCDEFGHJKMNPQRSTVWXYZ23456789"  # no 0/O, 1/I/L, U: read aloud or typed without doubt
INVITE_LENGTH = 5
MAX_PEGS, MAX_COLOURS = 10, 10
MAX_SEQ = 2**53  # JSON numbers stay exact below this
KINDS = ("race", "codemaker")
ROUNDS = (2, 4)
SIZES = ("Easy", "Classic", "Super", "Expert")  # the presets' names (game.core.config.PRESETS)

CHALLENGE_LENGTH = 8  # a challenge's id: 30**8 of them, not found by trying
FEATURES = ("daily", "challenges", "ratings")

_TOKEN = re.compile(f"[0-9a-f]{{{TOKEN_HEX_CHARS}}}")
_INVITE = re.compile(f"[{INVITE_CHARS}]{{{INVITE_LENGTH}}}")
_CHALLENGE = re.compile(f"[{INVITE_CHARS}]{{{CHALLENGE_LENGTH}}}")
_CHALLENGE_IN_TEXT = re.compile(f"(?<![0-9A-Z])[{INVITE_CHARS}]{{{CHALLENGE_LENGTH}}}(?![0-9A-Z])")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says what was wrong."""


def _int(low: int, high: int) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError(f"expected a whole number from {low} to {high}, not {_short(value)}")

    return check


def _choice(options: tuple[Any, ...]) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if value not in options:
            raise ProtocolError(f"expected one of {', '.join(map(str, options))}, not {_short(value)}")

    return check


def _text(max_chars: int) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if not isinstance(value, str) or len(value) > max_chars:
            raise ProtocolError(f"expected text of at most {max_chars} characters")

    return check


def _pattern(pattern: re.Pattern[str], what: str) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise ProtocolError(f"expected {what}, not {_short(value)}")

    return check


def _code(value: Any) -> None:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_PEGS:
        raise ProtocolError(f"a code is a list of 2 to {MAX_PEGS} colours, not {_short(value)}")
    for peg in value:
        if isinstance(peg, bool) or not isinstance(peg, int) or not 0 <= peg < MAX_COLOURS:
            raise ProtocolError(f"a colour is a whole number from 0 to {MAX_COLOURS - 1}, not {_short(peg)}")


def _object(value: Any) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ProtocolError("an event is an object with a kind")


def _features(value: Any) -> None:
    if not isinstance(value, list) or not all(isinstance(item, str) and len(item) <= 32 for item in value):
        raise ProtocolError("features are a list of names")


def _nick(value: Any) -> None:
    _text(MAX_NICK_CHARS)(value)


_SEQ = _int(0, MAX_SEQ)
# type -> {field: (check, required)}
CLIENT: dict[str, dict[str, tuple[Callable[[Any], None], bool]]] = {
    "hello": {
        "token": (_pattern(_TOKEN, f"a device token of {TOKEN_HEX_CHARS} hex digits"), True),
        "nick": (_nick, True),
        "last_seq": (_SEQ, False),
        "epoch": (_text(32), False),
    },
    "create": {
        "size": (_choice(SIZES), True),
        "kind": (_choice(KINDS), True),
        "rounds": (_choice(ROUNDS), False),
    },
    "join": {"invite": (_pattern(_INVITE, f"an invite code of {INVITE_LENGTH} letters"), True)},
    "quick": {
        "size": (_choice(SIZES), True),
        "kind": (_choice(KINDS), True),
        "rounds": (_choice(ROUNDS), False),
    },
    "secret": {"code": (_code, True)},
    "guess": {"code": (_code, True)},
    "ack": {"seq": (_SEQ, True)},
    "claim": {},
    "leave": {},
    "ping": {"id": (_int(0, MAX_SEQ), False)},
    # server-graded games for one: today's Daily, a challenge; their rows go as solo_guess
    "daily": {},
    "solo_guess": {"code": (_code, True)},
    "challenge_new": {"size": (_choice(SIZES), True)},
    "challenge_play": {"id": (_pattern(_CHALLENGE, f"a challenge id of {CHALLENGE_LENGTH} letters"), True)},
    "challenge_show": {"id": (_pattern(_CHALLENGE, f"a challenge id of {CHALLENGE_LENGTH} letters"), True)},
    "board": {"day": (_pattern(_DAY, "a day as YYYY-MM-DD"), False)},
    "rating": {},
}
SERVER: dict[str, dict[str, tuple[Callable[[Any], None], bool]]] = {
    "welcome": {
        "player": (_text(64), True),
        "nick": (_nick, True),
        "server_seq": (_SEQ, True),
        "epoch": (_text(32), True),
        "features": (_features, False),
    },
    "event": {"seq": (_int(1, MAX_SEQ), True), "event": (_object, True)},
    "error": {"reason": (_text(300), True), "fatal": (_choice((True, False)), False)},
    "pong": {"id": (_int(0, MAX_SEQ), False)},
}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# one encoder made once: json.dumps with any option builds a new JSONEncoder on every call
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode


def encode(type_: str, **fields: Any) -> str:
    """One message as its JSON text (compact, version stamped)."""
    return _ENCODE({"v": VERSION, "type": type_, **fields})


def _decode(raw: str | bytes, table: Mapping[str, Mapping[str, tuple[Callable[[Any], None], bool]]]) -> dict:
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes, not {len(raw):,}")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is one JSON object; this is not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is one JSON object")
    if message.get("v") != VERSION:
        raise ProtocolError(
            f"this server speaks version {VERSION} of the protocol, not {_short(message.get('v'))}"
        )
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise ProtocolError(f"unknown message type {_short(kind)}")
    fields = table[kind]
    extra = set(message) - set(fields) - {"v", "type"}
    if extra:
        raise ProtocolError(f"{kind} has no field {sorted(extra)[0]!r}")
    for name, (check, required) in fields.items():
        if name not in message:
            if required:
                raise ProtocolError(f"{kind} needs {name!r}")
            continue
        try:
            check(message[name])
        except ProtocolError as exc:
            raise ProtocolError(f"{kind} {name}: {exc}") from None
    return message


def decode_client(raw: str | bytes) -> dict:
    """A client's message, validated (the server's side); ProtocolError says what was wrong."""
    return _decode(raw, CLIENT)


def decode_server(raw: str | bytes) -> dict:
    """A server's message, validated (the client's side); ProtocolError says what was wrong."""
    return _decode(raw, SERVER)


def clean_nick(text: str) -> str:
    """A nickname as shown to others: printable characters only, spaces squeezed, at most
    MAX_NICK_CHARS; "Player" when nothing is left."""
    kept = "".join(ch for ch in text if ch.isprintable())
    kept = " ".join(kept.split())[:MAX_NICK_CHARS].strip()
    return kept or "Player"


def share_text(challenge: str) -> str:
    """What a player shares for a challenge: its id and nothing else about the code."""
    where = "Play people > Open a challenge"  # the page and the entry's label on the title screen
    return f"Crack my Mastermind code! Challenge {challenge} ({where}, type {challenge})"


def challenge_in(text: str) -> str | None:
    """The challenge id in a pasted share text (or the id typed alone), else None."""
    upper = text.upper()
    named = re.search(f"CHALLENGE\\s+({_CHALLENGE.pattern})(?![0-9A-Z])", upper)
    if named:
        return named.group(1)
    found = _CHALLENGE_IN_TEXT.search(upper)
    return found.group(0) if found else None
