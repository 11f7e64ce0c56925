"""The online duel's glue (no screen): who this device is, where a duel's link goes next, the game
this game hosts, and the kept duel.

- identity(app): the device token and nickname kept in the data folder (game/net/identity.py).
- Hosted: a game server started inside the game, on its own thread (game/server/server.py's
  ServerThread), listening on every interface and advertised on the network (game/net/lan.py's
  Advert, `_mastermind._tcp`); it stops with the link that plays on it.
- ONLINE_SAVE: a duel in progress is kept in the slot "online" (the server's address, the game and
  its size, the opponent): a game process that was killed offers it back from the menu, and the
  screen it resumes asks the server where the duel is (the server keeps the truth, never this file).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.config import GameConfig, preset
from game.net.duel import DuelLink, DuelView
from game.net.identity import Identity, load_identity
from game.net.lan import Advert, local_address
from game.net.protocol import KINDS, SIZES
from game.screens.base import Context, go
from game.screens.holding import SaveCodec
from game.server.results import SqliteStore
from game.server.serverthread import ServerThread

SLOT = "online"
DEFAULT_PORT = 8765  # mastermind-server's (game/server/__main__.py)
DEFAULT_URL = f"ws://127.0.0.1:{DEFAULT_PORT}"
HOSTED_DATA = "server.sqlite3"  # the hosted server's results, beside the game's own files
# Where a game hosted from the lobby listens and is advertised: every interface, mastermind-server's
# port (or any free one), zeroconf on every interface. The tests keep all three on 127.0.0.1.
HOST_BIND = "0.0.0.0"
HOST_PORT = DEFAULT_PORT
HOST_INTERFACES: Any = None  # None: zeroconf's default, every interface


def data_folder(app: Context) -> Path | None:
    return getattr(app.store, "directory", None) if app.store is not None else None


def identity(app: Context) -> Identity:
    """This device's identity; a new one plays under the initials last entered for a high score."""
    return load_identity(data_folder(app), app.settings.last_initials or "Player")


def config_of(view: DuelView) -> GameConfig:
    """The board of the duel's size: the preset's, as the server makes it."""
    return preset(str(view.shape.get("size", "Classic"))).config()


class Hosted:
    """A server this game runs for a duel on this network (see the module docstring)."""

    def __init__(
        self,
        folder: Path | None,
        nick: str,
        port: int | None = None,
        bind: str | None = None,
        address: str | None = None,
        interfaces: Any = None,
    ) -> None:
        """Listen on `bind` at `port` (HOST_BIND, HOST_PORT) and advertise `address` (this machine's
        on its network) on zeroconf's `interfaces` (HOST_INTERFACES)."""
        self.store = SqliteStore(folder / HOSTED_DATA if folder is not None else ":memory:")
        bind = bind or HOST_BIND
        self.thread = _listen(self.store, bind, HOST_PORT if port is None else port)
        self.port = self.thread.port
        self.address = address or (bind if bind != "0.0.0.0" else local_address())
        interfaces = HOST_INTERFACES if interfaces is None else interfaces
        options = {} if interfaces is None else {"interfaces": interfaces}
        self.advert: Advert | None = Advert(nick, self.port, self.address, **options).start()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"

    def stop(self) -> None:
        if self.advert is not None:
            with contextlib.suppress(Exception):  # the network went: nothing left to unregister
                self.advert.close()
            self.advert = None
        self.thread.stop()
        self.store.close()


def _listen(store: SqliteStore, bind: str, port: int) -> ServerThread:
    """The server on `port`, or on any free port when that one is taken (a server already runs)."""
    try:
        return ServerThread(store, host=bind, port=port).start()
    except OSError:
        return ServerThread(store, host=bind, port=0).start()


@dataclass(frozen=True)
class OnlineSave:
    """A duel in progress: where its server is, its game and size, and who the opponent is."""

    url: str
    kind: str
    size: str
    opponent: str


def _decode(data: Any) -> OnlineSave:
    if not isinstance(data, dict) or set(data) != {"url", "kind", "size", "opponent"}:
        raise ValueError("a kept online duel holds url, kind, size and opponent")
    if not isinstance(data["url"], str) or not data["url"].startswith(("ws://", "wss://")):
        raise ValueError("a kept online duel's server is a ws:// address")
    if data["kind"] not in KINDS or data["size"] not in SIZES or not isinstance(data["opponent"], str):
        raise ValueError("a kept online duel names its game, its size and its opponent")
    return OnlineSave(data["url"], data["kind"], data["size"], data["opponent"][:40])


ONLINE_SAVE = SaveCodec(
    version=1,
    encode=lambda save: {"url": save.url, "kind": save.kind, "size": save.size, "opponent": save.opponent},
    decode=_decode,
    describe=lambda save: f"Online {save.kind} vs {save.opponent} · {save.size}",
    resume=lambda save: go("online_lobby", url=save.url, kind=save.kind, rejoin=save),
)


def save_of(link: DuelLink) -> OnlineSave:
    view = link.view
    return OnlineSave(link.url, view.kind or "race", str(view.shape.get("size", "Classic")), view.opponent)
