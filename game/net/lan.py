"""Games on this network: advertise a server the game hosts, and list the ones found (mDNS/DNS-SD
with python-zeroconf, service SERVICE_TYPE).

Neither side ever blocks the caller: Advert registers in its own thread (zeroconf probes the name
for a second or two first), and Finder resolves what it hears in its own thread; hosts() is a
snapshot. Multicast is often blocked (guest Wi-Fi, some routers), so finding nothing is normal and
a screen always offers host:port typed by hand as well.

`interfaces` is zeroconf's: all of them by default, or a list of addresses (the tests use
["127.0.0.1"], with the mDNS port moved, as python-zeroconf's own tests do).
"""

from __future__ import annotations

import queue
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import Any

from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.net.protocol import VERSION, clean_nick

SERVICE_TYPE = "_mastermind._tcp.local."
RESOLVE_TIMEOUT_MS = 3000


@dataclass(frozen=True)
class Host:
    """A game server found on the network: who hosts it and where to connect."""

    name: str
    address: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def local_address() -> str:
    """This machine's address on its network (the one a route to the outside would use), or
    127.0.0.1 without a network. Sends nothing: a UDP socket's connect only picks a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Advert:
    """Tell the network that a game server listens at address:port, under the host's nickname."""

    def __init__(
        self, nick: str, port: int, address: str | None = None, interfaces: Any = InterfaceChoice.All
    ):
        self.address = address or local_address()
        self.interfaces = interfaces
        self.name = f"{clean_nick(nick)} {secrets.token_hex(2)}"  # two hosts called Ann stay apart
        self.info = ServiceInfo(
            SERVICE_TYPE,
            f"{self.name}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(self.address)],
            port=port,
            properties={"v": str(VERSION), "nick": clean_nick(nick)},
        )
        self.zeroconf: Zeroconf | None = None
        self.ready = threading.Event()  # set once registered (or failed: then error says why)
        self.error = ""
        self._thread = threading.Thread(target=self._register, name="mastermind-advert", daemon=True)

    def start(self) -> Advert:
        self._thread.start()
        return self

    def _register(self) -> None:
        try:
            self.zeroconf = Zeroconf(interfaces=self.interfaces)
            self.zeroconf.register_service(self.info)
        except OSError as exc:  # no multicast here: the game can still be joined by address
            self.error = f"cannot advertise on this network: {exc.strerror or exc}"
        finally:
            self.ready.set()

    def close(self) -> None:
        self._thread.join(10)
        if self.zeroconf is not None:
            self.zeroconf.close()  # says goodbye (unregisters) first


class _Heard(ServiceListener):
    def __init__(self, names: queue.Queue[tuple[str, str]]) -> None:
        self.names = names

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.put(("add", name))

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.put(("add", name))

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.put(("remove", name))


class Finder:
    """Listen for game servers on the network; hosts() lists those found so far."""

    def __init__(self, interfaces: Any = InterfaceChoice.All) -> None:
        self.interfaces = interfaces
        self._names: queue.Queue[tuple[str, str]] = queue.Queue()
        self._found: dict[str, Host] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.error = ""
        self.zeroconf: Zeroconf | None = None
        self.browser: ServiceBrowser | None = None
        self._thread = threading.Thread(target=self._run, name="mastermind-finder", daemon=True)

    def start(self) -> Finder:
        self._thread.start()
        return self

    def hosts(self) -> list[Host]:
        with self._lock:
            return sorted(self._found.values(), key=lambda host: (host.name, host.address, host.port))

    def _run(self) -> None:
        try:
            self.zeroconf = Zeroconf(interfaces=self.interfaces)
            self.browser = ServiceBrowser(self.zeroconf, SERVICE_TYPE, _Heard(self._names))
        except OSError as exc:
            self.error = f"cannot look on this network: {exc.strerror or exc}"
            return
        while not self._stop.is_set():
            try:
                what, name = self._names.get(timeout=0.1)
            except queue.Empty:
                continue
            if what == "remove":
                with self._lock:
                    self._found.pop(name, None)
                continue
            info = self.zeroconf.get_service_info(SERVICE_TYPE, name, timeout=RESOLVE_TIMEOUT_MS)
            if info is None or not info.parsed_addresses() or info.port is None:
                continue
            nick = (info.properties or {}).get(b"nick", b"") or name.removesuffix("." + SERVICE_TYPE).encode()
            host = Host(
                clean_nick(nick.decode("utf-8", "replace")), info.parsed_addresses()[0], int(info.port)
            )
            with self._lock:
                self._found[name] = host

    def close(self) -> None:
        self._stop.set()
        self._thread.join(10)
        if self.browser is not None:
            self.browser.cancel()
        if self.zeroconf is not None:
            self.zeroconf.close()
