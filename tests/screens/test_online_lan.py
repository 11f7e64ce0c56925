"""On this network, through the real app, restricted to 127.0.0.1 with the mDNS port moved (as
python-zeroconf's own tests isolate themselves): a game the app hosts is advertised, found and
joined; the join screen lists a host found and connects the lobby to it."""

from __future__ import annotations

import time

import pygame

from game.modes.lan.screens import LanJoinState
from game.modes.online.flow import Hosted
from game.modes.online.lobby import OnlineLobbyState
from game.net.lan import Finder
from game.screens.base import go
from game.screens.playing import PlayingState
from tests.net.test_lan import FIND_S, isolated_mdns  # noqa: F401  (the fixture, by name)
from tests.screens import driver as d
from tests.screens.test_online import frames_until
from tests.server.netkit import Player


def loopback_host(nick: str) -> Hosted:
    return Hosted(None, nick, port=0, bind="127.0.0.1", address="127.0.0.1", interfaces=["127.0.0.1"])


def test_online_lan__the_game_hosts_is_advertised_found_and_played(isolated_mdns):  # noqa: F811
    hosted = loopback_host("Ann")
    app = d.make_app(start=go("online_lobby", host=True, hosted=hosted))
    finder = Finder(interfaces=["127.0.0.1"]).start()
    try:
        frames_until(app, lambda: app.state.link.view.status == "connected", "the hosted server")
        assert f"Hosting at 127.0.0.1:{hosted.port}" in d.drawn_lines(app)
        d.press_key(app, pygame.K_RETURN)  # Quick match
        deadline = time.monotonic() + FIND_S
        while not finder.hosts() and time.monotonic() < deadline:
            time.sleep(0.05)
        [host] = finder.hosts()
        assert host.name == "Ann" and host.port == hosted.port
        bob = Player(host.port, "Bob")
        bob.send("quick", size="Classic", kind="race", rounds=2)
        frames_until(app, lambda: isinstance(app.state, PlayingState), "the duel on the hosted server")
        assert app.state.hooks.link.host is hosted  # it stops with the duel's connection
        bob.close()
    finally:
        finder.close()
        if isinstance(app.state, PlayingState):
            app.state.hooks.link.close()  # the duel's connection stops the server it plays on
        else:
            hosted.stop()
    deadline = time.monotonic() + FIND_S
    while hosted.advert is not None and time.monotonic() < deadline:  # stopped on a thread of its own
        time.sleep(0.05)
    assert hosted.advert is None


def test_online_lan__join_lists_the_hosts_found_and_connects_to_one(isolated_mdns):  # noqa: F811
    hosted = loopback_host("Cleo")
    try:
        app = d.make_app(start=go("lan_join", finder=Finder(interfaces=["127.0.0.1"]).start()))
        assert isinstance(app.state, LanJoinState)
        frames_until(app, lambda: app.state.hosts() != [], "the host on the list", FIND_S)
        assert f"Cleo · 127.0.0.1:{hosted.port}" in d.drawn_lines(app)
        d.press_key(app, pygame.K_RETURN)
        assert isinstance(app.state, OnlineLobbyState) and app.state.url == f"ws://127.0.0.1:{hosted.port}"
        frames_until(app, lambda: app.state.link.view.status == "connected", "the host's server")
    finally:
        hosted.stop()


def test_online_lan__an_address_typed_by_hand_opens_the_lobby_on_it():
    app = d.make_app(start=go("lan_join", finder=Finder(interfaces=["127.0.0.1"]).start()))
    for char in "127.0.0.1:1":
        d.post(app, d.key(pygame.K_a, unicode=char))
    d.press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, OnlineLobbyState) and app.state.url == "ws://127.0.0.1:1"
    frames_until(app, lambda: app.state.link.view.status == "failed", "the refusal")
    assert any("mastermind-server" in line for line in d.drawn_lines(app))


def test_online_lan__with_no_server_h_hosts_one_here_and_the_lobby_connects_to_it(isolated_mdns):  # noqa: F811
    app = d.make_app(start=go("online_lobby"))  # the default server: nothing listens there
    frames_until(app, lambda: app.state.link.view.status == "failed", "the refusal")
    assert any("press H to host here" in line for line in d.drawn_lines(app))
    d.press_key(app, pygame.K_h)  # the server starts on a thread of its own: every frame stays quick
    assert any("Starting a server here" in line for line in d.drawn_lines(app))
    frames_until(
        app, lambda: app.state.link.host is not None and app.state.link.view.status == "connected", "the host"
    )
    link = app.state.link
    assert link.host is not None and link.url == f"ws://127.0.0.1:{link.host.port}"
    assert f"Hosting at 127.0.0.1:{link.host.port}" in d.drawn_lines(app)
    hosted = link.host
    d.press_key(app, pygame.K_ESCAPE)  # back to the menu: the hosted server stops with the link
    deadline = time.monotonic() + FIND_S
    while hosted.advert is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hosted.advert is None and link.host is None
