"""Join a game on this network: the hosts found (mDNS, `_mastermind._tcp`, game/net/lan.py's Finder),
and always a host:port typed by hand (multicast is often blocked, so finding nothing is normal).

The finder listens in its own thread; the list is a snapshot read each frame. Choosing a host (or
Enter on the typed address) opens the online lobby connected to it (go("online_lobby", url=...)),
where the connection's status says within 3 s whether a server answers there.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pygame
from zeroconf import InterfaceChoice

from game.net.lan import Finder, Host
from game.screens.base import Replace, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui import theme
from game.ui.widgets import draw_button

LAN_INTERFACES: Any = InterfaceChoice.All  # where Join listens (the tests: 127.0.0.1 only)
MAX_SHOWN = 6  # hosts listed at once (a home network has one or two)
MAX_TYPED = 60
TYPED_HINT = "host:port, e.g. 192.168.1.20:8765"


def url_of(typed: str) -> str | None:
    """ws://host:port from what was typed ("host:port", "host" for the default port, or a ws:// URL)."""
    text = typed.strip()
    if not text:
        return None
    if text.startswith(("ws://", "wss://")):
        return text
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "8765")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return f"ws://{host}:{int(port)}"


def _close(finder: Finder) -> None:
    with contextlib.suppress(Exception):  # the network went away: nothing left to close
        finder.close()


class LanJoinState(State):
    """The hosts found, then a typed host:port (see the module docstring)."""

    takes_text = True

    def __init__(self, finder: Finder | None = None) -> None:
        self.finder = finder
        self.typed = ""
        self.focus = 0
        self.message = ""

    def enter(self, app) -> None:
        super().enter(app)
        if self.finder is None:
            self.finder = Finder(interfaces=LAN_INTERFACES).start()

    def exit(self) -> None:
        if self.finder is not None:  # closed on a thread of its own: zeroconf's goodbye takes a moment
            threading.Thread(
                target=_close, args=(self.finder,), name="mastermind-finder-stop", daemon=True
            ).start()

    def hosts(self) -> list[Host]:
        return self.finder.hosts()[:MAX_SHOWN] if self.finder is not None else []

    def rects(self) -> list[pygame.Rect]:
        w, h = self.app.surface.get_size()
        row_h = max(30, min(56, round(h * 0.075)))
        width = min(760, round(w * 0.7))
        top = round(h * 0.22)
        return [
            pygame.Rect((w - width) // 2, top + i * round(row_h * 1.25), width, row_h)
            for i in range(len(self.hosts()) + 2)
        ]

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        hosts = self.hosts()
        count = len(hosts) + 2  # the hosts, the typed address, Back
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in enumerate(self.rects()):
                if rect.collidepoint(event.pos):
                    self.focus = index
                    return self.choose(index, hosts)
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return to_menu()
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % count
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.choose(self.focus, hosts)
        elif event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.typed) < MAX_TYPED:
            self.typed += event.unicode
            self.focus = len(hosts)
        return None

    def choose(self, index: int, hosts: list[Host]) -> Transition | None:
        if index < len(hosts):
            return Replace(go("online_lobby", url=hosts[index].url))
        if index == len(hosts):
            url = url_of(self.typed)
            if url is None:
                self.message = f"type where the game is: {TYPED_HINT}"
                return None
            return Replace(go("online_lobby", url=url))
        return to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        art = board_art(self.app)
        size = surface.get_size()
        title = pygame.Rect(0, round(size[1] * 0.06), size[0], round(size[1] * 0.1))
        art.text.draw_in(
            surface, "Join a game on this network", title, pal.TEXT, theme.type_px(size, "title")
        )
        hosts = self.hosts()
        found = f"{len(hosts)} found" if hosts else "looking… (none found yet: type the address instead)"
        if self.finder is not None and self.finder.error:
            found = self.finder.error
        note = pygame.Rect(0, title.bottom, size[0], round(size[1] * 0.05))
        art.text.draw_in(surface, found, note, pal.TEXT_DIM, theme.type_px(size, "label"))
        rects = self.rects()
        for index, host in enumerate(hosts):
            label = f"{host.name} · {host.address}:{host.port}"
            draw_button(
                surface,
                art.text,
                rects[index],
                label,
                focused=index == self.focus,
                primary=index == self.focus,
            )
        typed_rect = rects[len(hosts)]
        theme.draw_card(surface, typed_rect)
        if self.focus == len(hosts):
            pygame.draw.rect(surface, pal.SELECTION, typed_rect.inflate(4, 4), width=3, border_radius=8)
        words = (self.typed + "_") if self.typed else TYPED_HINT
        colour = pal.TEXT if self.typed else pal.TEXT_DIM
        art.text.draw_in(
            surface, words, typed_rect.inflate(-24, -typed_rect.h // 3), colour, theme.type_px(size, "label")
        )
        draw_button(surface, art.text, rects[-1], "Back", focused=self.focus == len(hosts) + 1)
        if self.message:
            below = pygame.Rect(0, rects[-1].bottom + 10, size[0], rects[-1].h)
            art.text.draw_in(surface, self.message, below, pal.TEXT_WARN, theme.type_px(size, "label"))
