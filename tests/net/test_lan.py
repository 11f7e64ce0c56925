"""Finding a hosted game on the network, restricted to 127.0.0.1 with the mDNS port moved (as
python-zeroconf's own tests isolate themselves), then playing through what was found."""

from __future__ import annotations

import time
from unittest.mock import patch

import pytest
from zeroconf import _core, const
from zeroconf._handlers import query_handler

from game.net.lan import Advert, Finder
from game.server.results import SqliteStore
from tests.server.netkit import Player, start_server

ISOLATED_MDNS_PORT = 5454
FIND_S = 15.0


@pytest.fixture
def isolated_mdns():
    with (
        patch.object(query_handler, "_MDNS_PORT", ISOLATED_MDNS_PORT),
        patch.object(_core, "_MDNS_PORT", ISOLATED_MDNS_PORT),
        patch.object(const, "_MDNS_PORT", ISOLATED_MDNS_PORT),
    ):
        yield


def test_lan__a_hosted_server_is_found_and_a_game_joined_through_it(isolated_mdns, tmp_path):
    store = SqliteStore(tmp_path / "hosted.sqlite3")
    server = start_server(store)
    advert = Advert("Ann\x07 the host!", server.port, address="127.0.0.1", interfaces=["127.0.0.1"]).start()
    finder = Finder(interfaces=["127.0.0.1"]).start()
    try:
        deadline = time.monotonic() + FIND_S
        while not finder.hosts() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert advert.ready.wait(FIND_S) and advert.error == ""
        [host] = finder.hosts()
        assert host.address == "127.0.0.1" and host.port == server.port and host.name == "Ann the host"
        bob = Player(int(host.url.rsplit(":", 1)[1]), "Bob")
        bob.send("create", size="Easy", kind="race")
        assert len(bob.event("waiting")["invite"]) == 5
        bob.close()
        advert.close()  # the host stops hosting: it says goodbye and drops off the list
        deadline = time.monotonic() + FIND_S
        while finder.hosts() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert finder.hosts() == []
    finally:
        finder.close()
        advert.close()
        server.stop()
        store.close()
