"""The online lobby's input: the pointer and the keys turned into the form's edits and its uses.

The half of game/modes/online/lobby.py that reads events (the other half, connecting, asking the
server, time and drawing, is OnlineLobbyState's). LobbyInput is the base the screen is built on, not
a screen: it edits the form's values (server address, nickname, game, size, invite code) and leaves
each row's meaning to `use`, Esc's to `leave` and H's to `host`.

- the pointer (form_input.py's): a click focuses a row; Game and Size step on, a row not typed in is used;
- the keys: Up/Down (Tab, Shift+Tab) move between rows, Left/Right step Game and Size, Enter (Space
  outside a typed row) uses the row, letters type into the server, nickname and code rows (the code
  takes only invite letters), F1 helps, H hosts, Esc leaves.
"""

from __future__ import annotations

import pygame

from game.modes.online.form_input import FormInput
from game.net.identity import typed_nick
from game.net.protocol import INVITE_CHARS, INVITE_LENGTH, SIZES
from game.screens.base import Push, Transition, go

GAMES = (
    ("race", 2, "Race"),
    ("codemaker", 2, "Codemaker · 2 rounds"),
    ("codemaker", 4, "Codemaker · 4 rounds"),
)
ROWS = ("server", "nick", "game", "size", "quick", "create", "join", "host", "back")
FIELDS = ("server", "nick", "join")  # rows that take typing
MAX_URL_CHARS = 80


class LobbyInput(FormInput):
    """Events in, form edits and uses out (see the module docstring); OnlineLobbyState's base."""

    form_rows = ROWS
    # of OnlineLobbyState: focus, game, size, url, nick, code, mouse; sized_layout(), use(),
    # leave(), host()

    def click(self, row: str) -> Transition | None:
        """A stepper row (Game, Size) steps on; a typed row only takes the focus; any other is used."""
        if row in ("game", "size"):
            self.change(1)
        elif row not in FIELDS:
            return self.use(row)
        return None

    def key(self, event: pygame.event.Event) -> Transition | None:
        row = ROWS[self.focus]
        if event.key == pygame.K_ESCAPE:
            return self.leave()
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(ROWS)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and row in ("game", "size"):
            self.change(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not (
            event.key == pygame.K_SPACE and row in FIELDS
        ):
            if row in ("game", "size"):
                self.change(1)
                return None
            return self.use(row)
        elif event.key == pygame.K_F1:
            return Push(go("help", screen="online"))
        elif row in FIELDS:
            self.type(row, event)
        elif event.key == pygame.K_h:
            self.host()
        return None

    def change(self, step: int) -> None:
        if ROWS[self.focus] == "game":
            self.game = (self.game + step) % len(GAMES)
        else:
            self.size = (self.size + step) % len(SIZES)

    def type(self, row: str, event: pygame.event.Event) -> None:
        back = event.key == pygame.K_BACKSPACE
        typed = event.unicode or ""
        if row == "server":
            self.url = (
                self.url[:-1]
                if back
                else (self.url + typed)[:MAX_URL_CHARS]
                if typed.isprintable()
                else self.url
            )
        elif row == "nick":
            self.nick = self.nick[:-1] if back else typed_nick(self.nick, typed)
        elif back:
            self.code = self.code[:-1]
        elif typed.upper() in INVITE_CHARS and typed and len(self.code) < INVITE_LENGTH:
            self.code += typed.upper()
