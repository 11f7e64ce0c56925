"""Play by number: every game has a number (game/core/gamenumber.py), and a number starts that game.

The result screen shows a finished game's number and offers "Same code again"; this screen takes a
number typed in (a friend's, or one's own) and plays the very game it names: same size, rules and
secret. A game played from its number is played for fun: its code may be known, so it scores
nothing, sets no record and is not kept (NumberedHooks: a decided game with no statistics result).

The screen: type the number (digits and letters, forgiving as parse_game_number is: lower case,
spaces and dashes are fine); what the number names (size, turns: never the code) shows as soon as
it reads; Enter or Play starts it, a number that does not read says why; Backspace deletes, Esc or
Back returns to the menu. Ctrl+V (or Shift+Insert) pastes a number copied elsewhere: what a number
may hold is kept, anything else (a trailing newline, quotes) dropped; an empty or missing clipboard
says so. The route "numbered" (number=...) starts a numbered game directly.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.gamenumber import GAME_NUMBER_CHARS, GameNumberError, game_number, parse_game_number
from game.screens.base import Route, State, Transition, go, to_menu
from game.screens.play_hooks import ForFunHooks, PlayScreen
from game.ui import palette as pal
from game.ui.breaker_view import hud_name
from game.ui.daily_view import paste_text
from game.ui.entry_view import EntryLayout, EntryView, draw_entry

MENU_LABEL = "Play by number"
INTRO = (
    "Every game has a number: its result screen shows it. Type one to play that very game again, "
    "same size, rules and code. A game played by number is for fun: no score, not counted."
)
TYPED_MARKS = " -#"  # typed freely (parsing ignores them), besides letters and digits


def describe_config(config: Any) -> str:
    """ "Classic · 4 pegs × 6 colours · 10 turns" (never the code)."""
    repeats = "" if config.duplicates else " · no repeats"
    size = config.variant.size_text(config.colours)
    return f"{hud_name(config)} · {size} · {config.turns} turns{repeats}"


class NumberedHooks(ForFunHooks):
    """The game a number names, played for fun: not scored, not counted, not kept."""

    def __init__(self, number: str) -> None:
        super().__init__()
        self.number = number

    def title(self, state: PlayScreen) -> str:
        return f"Game {self.number} · {hud_name(state.config)}"


def numbered_game(number: str) -> Route:
    """The route "numbered": the game `number` names (GameNumberError when it names none)."""
    config, secret = parse_game_number(number)
    canonical = game_number(config, secret)  # as the result screen writes it, however it was typed
    return go("play", config=config, secret=secret, hooks=NumberedHooks(canonical))


class NumberState(State):
    """Type a game number and play that game (see the module docstring)."""

    takes_text = True

    def __init__(self, number: str = "") -> None:
        self.typed = number
        self.error = ""
        self.mouse = (-1, -1)

    def layout(self) -> EntryLayout:
        return self.sized_layout(lambda size: EntryLayout(size, ("back", "play")))

    def reading(self) -> tuple[Any, str]:
        """(config, "") when the typed number reads, else (None, why not)."""
        try:
            config, _ = parse_game_number(self.typed)
        except GameNumberError as exc:
            return None, str(exc)
        return config, ""

    def play(self) -> Transition | Route | None:
        config, why = self.reading()
        if config is None:
            self.error = why[:1].upper() + why[1:]
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        return numbered_game(self.typed)

    def handle(self, event: pygame.event.Event) -> Transition | Route | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "play":
                return self.play()
            if hit == "back":
                return to_menu(focus=MENU_LABEL)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return to_menu(focus=MENU_LABEL)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.play()
            if self._is_paste(event):
                self.paste()
            elif event.key == pygame.K_BACKSPACE:
                self.typed, self.error = self.typed[:-1], ""
            elif self._typable(event.unicode) and len(self.typed) < 2 * GAME_NUMBER_CHARS:
                self.typed, self.error = self.typed + event.unicode.upper(), ""
        return None

    @staticmethod
    def _is_paste(event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)  # Cmd+V on a Mac
        return bool(
            ctrl and event.key == pygame.K_v or event.mod & pygame.KMOD_SHIFT and event.key == pygame.K_INSERT
        )

    def paste(self) -> None:
        """Append the clipboard's number: its typable characters, up to the length typing allows."""
        text = paste_text()
        kept = "".join(char.upper() for char in (text or "").strip() if self._typable(char))
        if not kept:
            self.error = "Nothing to paste: no clipboard here" if text is None else "Nothing to paste"
            self.app.sound.play("error")
            return
        self.typed, self.error = (self.typed + kept)[: 2 * GAME_NUMBER_CHARS], ""

    @staticmethod
    def _typable(char: str) -> bool:
        """A letter, digit or mark a number may hold (parsing says which letters do not belong)."""
        return len(char) == 1 and (char.isascii() and char.isalnum() or char in TYPED_MARKS)

    def view(self) -> EntryView:
        config, _ = self.reading()
        if self.error:
            status, warn = self.error, True
        elif config is not None:
            status, warn = describe_config(config), False
        else:
            status, warn = "Letters and digits; the last one checks the others.", False
        return EntryView(
            title=MENU_LABEL,
            intro=INTRO,
            value=self.typed,
            placeholder="type a game number",
            status=status,
            warn=warn,
            buttons={"back": "Back", "play": "Play"},
            primary="play",
            enabled=frozenset({"back", "play"} if config is not None else {"back"}),
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        draw_entry(surface, self.app.text, self.layout(), self.view(), self.mouse)
