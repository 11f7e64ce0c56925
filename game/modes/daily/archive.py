"""The Daily archive: any past day's Daily code, by date or by number, played for fun.

The archive holds Daily #1 (game/core/daily.py DAILY_EPOCH) to yesterday: today's code is the daily
itself (one attempt, in the Daily code screen) and a future one would spoil it. A code played here
never reaches the day's attempts: it cannot touch the streak, the day's one attempt or the Daily high
scores, and it is not counted in the statistics (ArchiveHooks are ForFunHooks). Its end is the
shared result screen, whose Play again comes back here.

The screen: the day shown as "Daily #12 · 2026-12-04"; Left/Right (or - and +) step a day back or
on within the archive; or type a number ("12") or a date ("2026-12-04") and press Enter to go
there, a day outside the archive being refused with its reason (core's DailyError), as a step
past either end (#1, yesterday's) is; Up/Down, Tab or
the buttons choose Classic or Super; Enter (nothing typed) or Play plays it; Esc goes to the menu.
The calendar is app.now() (injectable), so tests choose the day.
"""

from __future__ import annotations

import datetime as dt
from types import MappingProxyType
from typing import Any

import pygame

from game.core.daily import (
    DAILIES,
    DailyError,
    archive_day,
    archive_numbers,
    archive_secret,
    daily_config,
    daily_day,
    daily_number,
    daily_number_day,
)
from game.screens.base import Replace, Route, State, Transition, go
from game.screens.play_hooks import ForFunHooks, PlayScreen
from game.ui import palette as pal
from game.ui.entry_view import EntryLayout, EntryView, draw_entry

MENU_LABEL = "Daily archive"
INTRO = (
    "Every past Daily code, by date or by number. Played for fun: the streak, today's one attempt "
    "and the scores are never touched. Left/Right step a day; or type a number or a date (YYYY-MM-DD)."
)
TYPED = "0123456789-"
MAX_TYPED = 10  # a date, YYYY-MM-DD


# The dailies' names on the archive's choice buttons: the games' short names where the full one
# would not fit (the variants' own, as Custom's Board row shows them); each button as wide as its name
SHORT_NAMES = MappingProxyType({"Bulls and Cows": "Bulls & Cows", "Word marks": "Marks"})
CHOICES = tuple(SHORT_NAMES.get(preset, preset) for preset in DAILIES)
CHOICE_WEIGHTS = tuple(len(name) + 4.0 for name in CHOICES)


class ArchiveHooks(ForFunHooks):
    """A past Daily code on the playing screen, for fun: never recorded, never kept."""

    help_screen = "daily"

    def __init__(self, preset: str, day: dt.date) -> None:
        super().__init__()
        self.preset = preset
        self.day = day

    def title(self, state: PlayScreen) -> str:
        return f"Daily #{daily_number(self.day)} {self.preset} · {self.day.isoformat()} · archive"

    def finished(self, state: PlayScreen) -> Any:
        again = go("daily_archive", day=self.day, preset=self.preset)
        return Replace(go("result", record=state.record, again=again))


def archive_game(today: dt.date, day: dt.date, preset: str) -> Route:
    """The route that plays `day`'s `preset` code from the archive (DailyError outside it)."""
    secret = archive_secret(today, day, preset)
    return go("play", config=daily_config(preset), secret=secret, hooks=ArchiveHooks(preset, day))


class ArchiveState(State):
    """Choose a past Daily code and play it (see the module docstring)."""

    takes_text = True

    def __init__(self, day: dt.date | None = None, preset: str = DAILIES[0]) -> None:
        self.day = day
        self.preset = preset
        self.typed = ""
        self.error = ""
        self.mouse = (-1, -1)

    def enter(self, app) -> None:
        super().enter(app)
        numbers = archive_numbers(self.today)
        if self.day is None and numbers:
            self.day = daily_number_day(numbers[-1])  # yesterday's, the one most likely missed

    @property
    def today(self) -> dt.date:
        return daily_day(self.app.now())

    def layout(self) -> EntryLayout:
        return self.sized_layout(
            lambda size: EntryLayout(size, ("back", "play"), len(DAILIES), True, CHOICE_WEIGHTS)
        )

    def step_day(self, days: int) -> None:
        """A day back (-1) or on (+1), within the archive."""
        numbers = archive_numbers(self.today)
        if self.day is None or not numbers:
            self.app.sound.play("error")
            return
        wanted = daily_number(self.day) + days
        if wanted not in numbers:  # at an end: it stays, and says why
            self.app.sound.play("error")
            self.typed = ""
            if wanted > numbers[-1]:
                self.error = (
                    f"Daily #{numbers[-1]} is yesterday's, the newest here: "
                    "today's code is the Daily code itself."
                )
            else:
                self.error = (
                    f"Daily #1 ({daily_number_day(1).isoformat()}) is the first: there is none before it."
                )
            return
        self.app.sound.play("click")
        self.day, self.typed, self.error = daily_number_day(wanted), "", ""

    def go_to_typed(self) -> bool:
        """The day the typed number or date names, if the archive holds it; else why not."""
        text = self.typed
        try:
            if "-" in text:
                try:
                    wanted: dt.date | int = dt.date.fromisoformat(text)
                except ValueError:
                    raise DailyError(f"{text!r} is not a date: write it as YYYY-MM-DD") from None
            else:
                wanted = int(text)
            day = archive_day(self.today, wanted)
        except DailyError as exc:
            self.error = str(exc)[:1].upper() + str(exc)[1:]
            self.app.sound.play("error")
            return False
        self.day, self.typed, self.error = day, "", ""
        return True

    def play(self) -> Transition | Route | None:
        if self.typed and not self.go_to_typed():
            return None
        if self.day is None:
            self.app.sound.play("error")
            return None
        self.app.sound.play("click")
        return archive_game(self.today, self.day, self.preset)

    def choose(self, index: int) -> None:
        self.preset = DAILIES[index % len(DAILIES)]
        self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | Route | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            if hit == "play":
                return self.play()
            if hit == "back":
                return go("daily")  # back to the Daily code, where the past codes are reached
            if hit in ("minus", "plus"):
                self.step_day(-1 if hit == "minus" else 1)
            elif isinstance(hit, int):
                self.choose(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return go("daily")  # back to the Daily code, where the past codes are reached
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.typed:
                    self.go_to_typed()  # first go there: Enter again plays it
                    return None
                return self.play()
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_day(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.choose(DAILIES.index(self.preset) + 1)
            elif event.key == pygame.K_BACKSPACE:
                self.typed, self.error = self.typed[:-1], ""
            elif len(event.unicode) == 1 and event.unicode in TYPED and len(self.typed) < MAX_TYPED:
                self.typed, self.error = self.typed + event.unicode, ""
        return None

    def view(self) -> EntryView:
        config = daily_config(self.preset)
        if self.error:
            status, warn = self.error, True
        elif self.day is None:
            first = daily_number_day(1)
            status, warn = (
                f"The archive opens the day after the first Daily code ({first.isoformat()}).",
                True,
            )
        elif self.typed:
            status, warn = "Enter goes to that day.", False
        else:
            size = f"{config.variant.size_text(config.colours)} · {config.turns} turns"
            status, warn = f"{self.day:%a %d %b %Y} · {size}", False
        chosen = "" if self.day is None else f"Daily #{daily_number(self.day)} · {self.day.isoformat()}"
        return EntryView(
            title=MENU_LABEL,
            intro=INTRO,
            value=self.typed or chosen,
            placeholder="no past codes yet",
            status=status,
            warn=warn,
            buttons={"back": "Back", "play": "Play"},
            primary="play",
            enabled=frozenset({"back", "play"} if self.day is not None else {"back"}),
            choices=CHOICES,
            chosen=DAILIES.index(self.preset),
            caret=bool(self.typed),
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.BACKGROUND)
        draw_entry(surface, self.app.text, self.layout(), self.view(), self.mouse)
