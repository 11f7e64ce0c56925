"""The end of an online Daily or challenge, as the server ranks it.

The Daily: cracked in how many and how long, the rank and the share of players beaten (by guesses,
then time), the streak of online Dailies, the top ten by nickname; Left/Right browse the earlier
days' boards (the server's `board` for a day; the days come with the first board). A second
attempt the same day is refused by the server, which shows the first one's result: the card says
so. A challenge: the page of everyone who played it (guesses and time). "Challenge a friend" makes a
challenge of the same size (the way into it is the gate's, through a route); Esc goes to the menu.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.modes.online import view as online_view
from game.modes.online.flow import identity
from game.net.duel import DuelLink
from game.screens.base import Context, Replace, State, Transition, board_art, go, to_menu
from game.ui import palette as pal
from game.ui import theme
from game.ui.widgets import draw_button

ROWS = 9  # headline, your result, rank, the board (the room of 5 rows), the buttons
BOARD_ROWS = range(3, 8)
BOARD_MOST = 10  # entries shown: one column, one line each, as tight as ten need
BUTTONS = ("challenge", "menu")


def seconds(ms: Any) -> str:
    return f"{int(ms) / 1000:.1f} s"


def entry_cells(index: int, entry: dict[str, Any]) -> tuple[str, str, str]:
    """An entry's (place, nickname, result) as the board's three columns show them."""
    if not entry.get("done", True):
        return "", str(entry["nick"]), "playing"
    did = f"{entry['guesses']} in {seconds(entry['ms'])}" if entry.get("cracked") else "not cracked"
    return f"{index + 1}.", str(entry["nick"]), did


class OnlineSoloCardState(State):
    """An online Daily's or challenge's end (see the module docstring)."""

    def __init__(self, link: DuelLink, again: bool | None = None) -> None:
        self.link = link
        over = link.view.over or {}
        # the board was never shown this time: the server showed a finished attempt instead
        self.again = again if again is not None else not link.view.rows
        self.mode = str(over.get("mode", link.view.kind))
        self.ref = str(over.get("ref", ""))
        self.day = self.ref  # the day whose board shows (Daily)
        self.handed_on = False
        self.mouse = (-1, -1)

    def enter(self, app: Context) -> None:
        super().enter(app)
        self.nick = identity(app).nick  # this device's entry is lit on the board
        if self.mode == "challenge":
            self.link.send("challenge_show", id=self.ref)
        else:
            self.link.send("board", day=self.ref)

    def exit(self) -> None:
        if not self.handed_on:
            self.link.close()

    def layout(self) -> online_view.FormLayout:
        return self.sized_layout(lambda size: online_view.FormLayout(size, ROWS))

    def button_rects(self) -> list[pygame.Rect]:
        row = self.layout().rows[-1]
        half = (row.w - row.h // 3) // 2
        return [pygame.Rect(row.x, row.y, half, row.h), pygame.Rect(row.right - half, row.y, half, row.h)]

    # --- the Daily's days ----------------------------------------------------------------------------
    def days(self) -> list[str]:
        board = self.link.view.board or {}
        found = sorted({str(d["day"]) for d in board.get("days", [])} | {self.ref})
        return found

    def browse(self, step: int) -> None:
        days = self.days()
        at = days.index(self.day) if self.day in days else len(days) - 1
        at = max(0, min(len(days) - 1, at + step))
        if days[at] != self.day:
            self.day = days[at]
            self.link.send("board", day=self.day)

    # --- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        choice = None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            choice = next(
                (n for n, r in zip(BUTTONS, self.button_rects(), strict=False) if r.collidepoint(event.pos)),
                None,
            )
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                choice = "menu"
            elif event.key == pygame.K_c or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                choice = "challenge"
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.mode == "daily":
                self.browse(-1 if event.key == pygame.K_LEFT else 1)
        if choice == "menu":
            return to_menu()
        if choice == "challenge":
            self.handed_on = True
            return Replace(go("online_solo", job="make", link=self.link))
        return None

    def update(self, dt: float) -> Transition | State | None:
        self.link.pump(dt)
        return None

    # --- drawing -------------------------------------------------------------------------------------
    def lines(self) -> tuple[str, str, str]:
        """(headline, your result, where you stand)."""
        over = self.link.view.over or {}
        did = (
            f"Cracked in {over.get('guesses')} · {seconds(over.get('ms', 0))}"
            if over.get("cracked")
            else f"Not cracked in {over.get('guesses')}"
        )
        if self.mode == "daily":
            headline = f"Daily (online) {self.ref}"
            if self.again:
                headline = "Played already today: one attempt a day"
        else:
            headline = f"Challenge {self.ref}"
            if self.again:
                headline = f"Challenge {self.ref}: played already"
        stand = ""
        if "rank" in over:
            stand = f"Rank {over['rank']} of {over.get('total')}"
            if int(over.get("total") or 0) > 1:  # alone on the board there is no one to be better than
                stand += f" · better than {over.get('better_than')}%"
        elif over.get("flagged"):
            stand = "Not ranked: rows faster than a person"
        if "streak" in over:
            streak = int(over["streak"])
            stand += f" · streak {streak} day{'' if streak == 1 else 's'}"
        return headline, did, stand

    def entries(self) -> tuple[str, list[dict[str, Any]]]:
        """The board's heading and its entries: the day's top ten, or the challenge's page."""
        view = self.link.view
        if self.mode == "challenge":
            page = view.page or {}
            return f"Made by {page.get('maker', '…')} · {page.get('size', '')}", list(page.get("entries", []))
        board = view.board or {}
        if board.get("day") != self.day:
            return f"{self.day} · loading…", []
        arrows = "‹ " if self.day != self.days()[0] else ""
        arrows_r = " ›" if self.day != self.days()[-1] else ""
        return f"{arrows}Top ten · {self.day} · {board.get('total', 0)} ranked{arrows_r}", list(board["top"])

    def board_lines(self, count: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The board's card and the line of each of `count` entries: one column across the card, a
        row's height each while five fit, closer for more (ten fill the room of five), the card
        hugging the lines under the heading, so one player and ten both look laid out."""
        layout = self.layout()
        room = layout.rows[BOARD_ROWS[0]].union(layout.rows[BOARD_ROWS[-1]])
        room.h -= theme.lip_px(room)  # the card's raised edge stays clear of the buttons under it
        shown = max(1, min(count, BOARD_MOST))
        pad = layout.row_h // 4
        pitch = min(layout.row_h, (room.h - 2 * pad) // shown)
        card = pygame.Rect(room.x, room.y, room.w, min(room.h, shown * pitch + 2 * pad))
        lines = [pygame.Rect(card.x, card.y + pad + i * pitch, card.w, pitch) for i in range(shown)]
        return card, lines[: max(0, min(count, BOARD_MOST))]

    def draw_board(self, surface: pygame.Surface, entries: list[dict[str, Any]], loaded: bool) -> None:
        """The top ten (or a challenge's page) as a table: place, nickname, result; this device's line
        lit; once the board has come, "No one ... yet" on an empty one."""
        layout, text = self.layout(), board_art(self.app).text
        card, lines = self.board_lines(len(entries))
        theme.draw_card(surface, card)
        px = theme.type_px(layout.size, "label")
        if not entries:
            if loaded:
                nobody = "No one has played it yet" if self.mode == "challenge" else "No one ranked yet"
                text.draw_in(surface, nobody, card, pal.TEXT_DIM, px)
            return
        inset = max(8, card.w // 24)
        # one size for every line (the longest nickname fits half the line): the columns stay aligned
        size = min(px, text.fit_size("10. " + "W" * 12, card.w // 2, lines[0].h * 0.8, px))
        place_w = text.size("10.", size)[0]
        for index, (entry, line) in enumerate(zip(entries, lines, strict=False)):
            mine = entry.get("nick") == self.nick
            colour = pal.SELECTION if mine else pal.TEXT
            place, nick, did = entry_cells(index, entry)
            row = line.inflate(-2 * inset, 0)
            text.draw(surface, place, size, colour, (row.x + place_w, row.centery), "midright")
            name = pygame.Rect(row.x + place_w + inset // 2, row.y, row.w // 2, row.h)
            text.draw_in(surface, nick, name, colour, size, "midleft")
            text.draw(surface, did, size, colour if mine else pal.TEXT_DIM, row.midright, "midright")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        layout, art = self.layout(), board_art(self.app)
        headline, did, stand = self.lines()
        online_view.draw_title(surface, layout, art, headline)
        art.text.draw_in(surface, did, layout.rows[0], pal.SELECTION, layout.row_h * 3 // 4)
        art.text.draw_in(surface, stand, layout.rows[1], pal.TEXT, layout.row_h // 2)
        heading, entries = self.entries()
        art.text.draw_in(surface, heading, layout.rows[2], pal.TEXT_DIM, layout.row_h // 2)
        view = self.link.view
        board_day = (view.board or {}).get("day")
        loaded = view.page is not None if self.mode == "challenge" else board_day == self.day
        self.draw_board(surface, entries, loaded)
        px = theme.type_px(layout.size, "label")
        hot = next((i for i, r in enumerate(self.button_rects()) if r.collidepoint(self.mouse)), None)
        for index, (rect, label) in enumerate(
            zip(self.button_rects(), ("Challenge a friend", "Menu"), strict=False)
        ):
            draw_button(surface, art.text, rect, label, primary=index == 0, hot=hot == index)
        note = self.link.view.error
        colour = pal.TEXT_WARN
        if not note and self.mode == "daily":
            note, colour = "Left/Right: the days before · C: challenge a friend · Esc: menu", pal.TEXT_DIM
        status = pygame.Rect(layout.status.x, layout.status.y, layout.status.w, layout.row_h)
        art.text.draw_in(surface, note, status, colour, px)
