"""Who this device is to a game server, without an account: a random 128-bit token and a nickname.

The token is made once (secrets, 128 bits) and kept in IDENTITY_FILE in the game's data folder; it
is sent in every hello and never shown. The server keeps only its SHA-256 (game/server/results.py
player_id), so its database cannot be used to act as this device. The nickname is what the other
player sees: the player's initials by default, or up to MAX_NICK_CHARS printable characters
(protocol.clean_nick filters what is typed). Without a folder (tests, a read-only disk) the identity
lives in memory for the run: the game still plays, it is only a new device next time.

The file is one JSON object {"token": hex, "nick": text}; a damaged or foreign file is replaced by a
new identity (the old one is copied aside first: a device token is not something to lose silently).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from game.net.client import new_device_token
from game.net.protocol import MAX_NICK_CHARS, TOKEN_HEX_CHARS, clean_nick

IDENTITY_FILE = "device.json"
_TOKEN = re.compile(f"[0-9a-f]{{{TOKEN_HEX_CHARS}}}")


@dataclass(frozen=True)
class Identity:
    """This device's token and the nickname it plays under; `path`: where it is kept (None: memory)."""

    token: str
    nick: str
    path: Path | None = None

    def with_nick(self, text: str) -> Identity:
        """The identity under a new nickname (filtered), saved when it has a file."""
        changed = replace(self, nick=clean_nick(text))
        changed.save()
        return changed

    def save(self) -> None:
        if self.path is None:
            return
        with contextlib.suppress(OSError):  # a read-only disk: the nickname holds for this run
            _write(self.path, json.dumps({"token": self.token, "nick": self.nick}) + "\n")


def load_identity(folder: Path | None, default_nick: str = "Player") -> Identity:
    """The identity kept in `folder`, made (and kept) when there is none; in memory without a folder."""
    if folder is None:
        return Identity(new_device_token(), clean_nick(default_nick))
    path = Path(folder) / IDENTITY_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        token, nick = data["token"], data["nick"]
        if not isinstance(token, str) or not _TOKEN.fullmatch(token) or not isinstance(nick, str):
            raise ValueError("not a device identity")
        return Identity(token, clean_nick(nick), path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError):
        with contextlib.suppress(OSError):
            path.replace(path.with_suffix(".damaged.json"))
    identity = Identity(new_device_token(), clean_nick(default_nick), path)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
    identity.save()
    return identity


def typed_nick(text: str, typed: str) -> str:
    """`text` with one typed character added, if it is printable and the nickname has room."""
    if typed.isprintable() and typed and len(text) < MAX_NICK_CHARS:
        return text + typed
    return text


def _write(path: Path, text: str) -> None:
    """Write `text` whole or not at all (a crash mid-write never leaves half a token)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
