"""The way into the server's games for one: today's online Daily, a challenge opened from its share
text, a challenge made for a friend.

The screen connects as it opens (a DuelLink, as the online lobby does: nothing waits on the
network), then asks the server: `daily` (the Daily shown, or its result when this device played it
already: the server allows one attempt a day, and its card says so), `challenge_play` with the id
found in the text typed or pasted (Ctrl+V), or `challenge_new` for the size chosen; the share text
made is copied to the clipboard when there is one, and shown to type otherwise. The server's
refusals ("no challenge is called ...") show in the status strip.
"""

from __future__ import annotations

import pygame

from game.modes.online import view as online_view
from game.modes.online.flow import DEFAULT_URL, identity
from game.modes.online.form_input import FormInput
from game.modes.online_solo.hooks import solo_route
from game.net.duel import DuelLink
from game.net.protocol import SIZES, challenge_in
from game.screens.base import Context, Replace, State, Transition, board_art, to_menu
from game.ui import palette as pal
from game.ui.daily_view import copy_text, paste_text

TITLES = {"daily": "Daily (online)", "open": "Open a challenge", "make": "Challenge a friend"}
MAX_TEXT = 200
COPIED = "Copied to the clipboard: paste it to a friend"
NO_CLIPBOARD = "No clipboard here: send it typed"
HINTS = {
    "daily": "One attempt a day, timed from when the code is first shown.",
    "open": "Type or paste (Ctrl+V) a friend's share text, then Play it.",
    "make": "Choose a size (Left/Right) and make a code for your friends.",
}
ROWS = ("server", "field", "go", "share", "back")


class OnlineSoloState(FormInput, State):
    """Ask the server for a game for one (see the module docstring)."""

    takes_text = True
    form_rows = ROWS

    def __init__(self, job: str = "daily", url: str | None = None, link: DuelLink | None = None) -> None:
        self.job = job
        self.url = url or (link.url if link is not None else DEFAULT_URL)
        self.link = link
        self.text = ""  # the share text typed or pasted (open)
        self.size = SIZES.index("Classic")  # the challenge's size (make)
        self.asked = False
        self.handed_on = False
        self.copied: bool | None = None
        self.mouse = (-1, -1)
        self.focus = ROWS.index("field" if job == "open" else "go")

    def enter(self, app: Context) -> None:
        super().enter(app)
        self.me = identity(app)
        if self.link is None:
            self.link = DuelLink(self.url, self.me.token, self.me.nick).start()
        else:
            view = self.link.view
            view.phase, view.over, view.made = "lobby", None, None
        if self.job == "daily":
            self.ask()

    def exit(self) -> None:
        if not self.handed_on and self.link is not None:
            self.link.close()

    def ask(self) -> None:
        """The request (sent once the link is connected)."""
        self.asked = True
        self.link.view.error = ""

    def request(self) -> None:
        link = self.link
        if self.job == "daily":
            link.send("daily")
        elif self.job == "make":
            link.send("challenge_new", size=SIZES[self.size])
        else:
            challenge = challenge_in(self.text)
            if challenge is None:
                link.view.error = "no challenge id (8 letters) in that text"
            else:
                link.send("challenge_play", id=challenge)

    # --- input ---------------------------------------------------------------------------------------
    def click(self, row: str) -> Transition | None:
        """Any row clicked is used, the field too (in make it steps the size, as no row is typed in)."""
        return self.use(row)

    def use(self, row: str) -> Transition | None:
        if row == "back":
            return to_menu()
        if row == "server":  # a server typed in: connect to it instead
            self.link.close()
            self.link = DuelLink(self.url, self.me.token, self.me.nick).start()
            self.asked = self.job == "daily"
            return None
        if row == "go" or (row == "field" and self.job == "open"):
            self.ask()
        elif row == "field" and self.job == "make":
            self.size = (self.size + 1) % len(SIZES)
        elif row == "share" and self.link.view.made:
            self.copied = copy_text(self.link.view.made["share"])
        return None

    def key(self, event: pygame.event.Event) -> Transition | None:
        if event.key == pygame.K_ESCAPE:
            return to_menu()
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if event.key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(ROWS)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.use(ROWS[self.focus] if ROWS[self.focus] != "field" or self.job == "open" else "go")
        elif ROWS[self.focus] == "share":
            return None
        elif self.job == "make" and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.size = (self.size + (1 if event.key == pygame.K_RIGHT else -1)) % len(SIZES)
        elif ROWS[self.focus] == "server":
            if event.key == pygame.K_BACKSPACE:
                self.url = self.url[:-1]
            elif event.unicode and event.unicode.isprintable():
                self.url = (self.url + event.unicode)[:MAX_TEXT]
        elif self.job == "open":
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                pasted = paste_text()
                self.text = (self.text + (pasted or ""))[:MAX_TEXT]
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.unicode and event.unicode.isprintable():
                self.text = (self.text + event.unicode)[:MAX_TEXT]
        return None

    # --- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        link = self.link
        link.pump(dt)
        if self.asked and link.view.status == "connected":
            self.asked = False
            self.request()
        made = link.view.made
        if self.job == "make" and made is not None and self.copied is None:
            self.copied = copy_text(made["share"])
        route = solo_route(link)
        if route is not None and self.job != "make":
            self.handed_on = True
            return Replace(route)
        return None

    # --- drawing -------------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str, bool]]:
        made = self.link.view.made if self.link is not None else None
        if self.job == "open":
            field = ("Share text or id", (self.text[-40:] or "") + "_", False)
            go_row = ("Play it", "", True)
        elif self.job == "make":
            field = ("Size", f"‹ {SIZES[self.size]} ›", False)
            go_row = ("Make a challenge" if made is None else "Make another", "", True)
        else:
            field = ("Today's code", "made and graded by the server", False)
            go_row = ("Play today's Daily", "", True)
        if self.job == "open":
            found = challenge_in(self.text)
            share = ("Challenge found", found or "none yet", False)
        elif made is None:
            share = ("Share text", "made by the server", False)
        else:
            share = (f"Copy challenge {made['id']} again", "", True)
        caret = "_" if ROWS[self.focus] == "server" else ""
        return [("Server", self.url + caret, False), field, go_row, share, ("Back", "", True)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        layout, art = self.layout(), board_art(self.app)
        online_view.draw_title(surface, layout, art, "Play people: " + TITLES.get(self.job, self.job))
        hot = layout.hit(self.mouse)
        rows = self.rows()
        online_view.draw_rows(surface, layout, art, rows, self.focus, hot)
        link = self.link
        lines = [
            line
            for line in online_view.status_lines(link.view, link.waited_s, link.connect_timeout_s)
            if not line[0].startswith(("Connected.", "Run mastermind-server"))
        ]
        if link.view.status == "failed":
            lines.append(("Run mastermind-server, or type another server above", pal.TEXT_DIM))
        elif link.view.status == "connected" and not link.view.error:
            lines.append((HINTS[self.job], pal.TEXT_DIM))
        made = link.view.made
        if made is not None:
            how = COPIED if self.copied else NO_CLIPBOARD
            lines = [(made["share"], pal.TEXT), (how, pal.TEXT_DIM)]
        progress = link.waited_s / link.connect_timeout_s if link.view.status == "connecting" else None
        online_view.draw_status(surface, layout.status, art, lines, progress)
