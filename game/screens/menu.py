"""The main menu: kept games to resume, then every mode's entries by group, then Help, Statistics,
High scores, Settings and Quit.

Entries come from the modes' registry (game/modes/registry.py): each mode's MenuEntry values, in
GROUPS order (Play, Today, Versus, Computer, Puzzles), after a Resume line for each kept game; an
entry names where it goes (a Route, or a transition for the overlays). An entry whose new game
would replace a kept one asks first (app.start_game, game/screens/kept.py); Delete on a Resume line
asks, then forgets that kept game. Arrow keys, Home/End and Enter work as well as the mouse; in two
columns Left/Right move to the entry beside the focused one. A menu that comes back puts its focus
on the entry it is given (Back from Custom: Custom), else on the first Resume line, else on the
difficulty played last (settings.last_difficulty), so Enter plays it again.

The menu is alive: a demo game (game/screens/attract.py, as a backdrop the menu owns, built through
the app's routes) plays behind a translucent card (game/ui/juice.draw_panel) under a veil that keeps
every text at its contrast; with reduced motion the menu stands on its plain background. Left idle,
the full attract loop (demo, high scores, title) takes over as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.modes.base import GROUPS, MenuEntry
from game.modes.registry import MODES, first_run_offer, kept_games
from game.screens.base import Push, Quit, State, Transition, go
from game.screens.holding import Holding
from game.ui import menu_view
from game.ui import palette as pal
from game.ui.juice import draw_panel
from game.ui.layout_screens import MenuLayout
from game.ui.pad_actions import pad_keys


@dataclass(frozen=True)
class ForgetKept:
    """The player confirmed: the game kept in `slot` is forgotten."""

    slot: str


BACKDROP_SEED = 1864  # the menu's demo games have their own secrets (never the app's generator)
BACKDROP_VEIL_ALPHA = 150  # how much of the background colour dims the demo behind the whole menu
ATTRACT_IDLE_S = 20.0  # menu idle time before the demo starts
UTILITIES = (
    MenuEntry("Help", "how to play, controls", Push(go("help"))),
    MenuEntry("Statistics", "wins, streaks, best scores", Push(go("stats"))),
    MenuEntry("High scores", "top ten of each mode", Push(go("high_scores"))),
    MenuEntry("Settings", "colours, symbols, sound, motion", Push(go("settings"))),
    MenuEntry("Quit", "", Quit()),
)


def mode_entries() -> list[MenuEntry]:
    """Every mode's entries, by group (GROUPS order), each group in registry order."""
    entries = [entry for mode in MODES for entry in mode.entries]
    return sorted(
        entries, key=lambda entry: GROUPS.index(entry.group) if entry.group in GROUPS else len(GROUPS)
    )


def default_entries(app: Any = None) -> list[MenuEntry]:
    """The menu: a Resume line per kept game (with an app to read them), the modes, the utilities."""
    kept = [game.entry for game in kept_games(app)] if app is not None else []
    return kept + mode_entries() + list(UTILITIES)


class MenuState(State):
    """Pick what to play."""

    # a pad's B or Back never quits from here (Quit is an entry); X forgets a kept game, as Delete does
    pad_keys = pad_keys(back=None, menu=None, rule_out=pygame.K_DELETE)

    def __init__(self, entries: list[MenuEntry] | None = None, focus: str | None = None) -> None:
        self._given = entries
        self.entries = entries if entries is not None else default_entries()
        self.focus = 0
        self._focus_label = focus  # the entry to focus on entering, by label
        self.mouse = (-1, -1)
        self.idle_s = 0.0
        self.pressed: int | None = None
        self.backdrop: State | None = None  # the demo game behind the menu (an AttractState)
        self._front: pygame.Surface | None = None  # veil, card and menu over the demo (view cache)
        self._front_key: tuple | None = None
        self.first_run_asked = False

    def enter(self, app) -> None:
        super().enter(app)
        if self._given is None:
            self.entries = default_entries(app)
        if self.backdrop is None:
            self.backdrop = app.resolve(go("attract", seed=BACKDROP_SEED, backdrop=True))
            self.backdrop.enter(app)
        labels = [entry.label for entry in self.entries]
        if self._focus_label in labels:
            self.focus = labels.index(self._focus_label)
            self._focus_label = None
        elif self.focus == 0 and self.kept(0) is None and app.settings.last_difficulty in labels:
            self.focus = labels.index(app.settings.last_difficulty)

    def kept(self, index: int) -> MenuEntry | None:
        """Entry `index` if it resumes a kept game (they come first, and have the focus first)."""
        entry = self.entries[index] if 0 <= index < len(self.entries) else None
        return entry if entry is not None and entry.group == "Resume" else None

    def forget(self, index: int) -> Transition | None:
        """Delete on a Resume line: ask, then forget that kept game."""
        entry = self.kept(index)
        if entry is None:
            return None
        line = entry.label.removeprefix("Resume: ")
        question = f"Forget your kept game ({line})? It cannot be resumed afterwards."
        return Push(
            go("confirm", question=question, result=ForgetKept(entry.slot), yes="Forget", no="Keep it")
        )

    def resume(self, result: Any) -> Transition | None:
        if isinstance(result, ForgetKept) and self.app.store is not None:
            self.app.store.drop_kept(result.slot)
            self.entries = default_entries(self.app)
            self.focus = min(self.focus, len(self.entries) - 1)
            self._front = None
        return None

    def layout(self) -> MenuLayout:
        return MenuLayout(self.app.surface.get_size(), len(self.entries))

    def activate(self, index: int) -> Any:
        self.app.sound.play("click")
        entry = self.entries[index]
        if entry.slot is not None and self.kept(index) is None:
            return self.app.start_game(entry.slot, entry.route)
        return entry.route

    def update(self, dt: float) -> Transition | State | None:
        if not self.first_run_asked:  # once, as the menu first shows (a new player's offer)
            self.first_run_asked = True
            offer = first_run_offer(self.app) if self._given is None else None
            if offer is not None:
                return offer
        if self.live_backdrop:
            self.backdrop.update(dt)
        self.idle_s += dt
        if self.idle_s >= ATTRACT_IDLE_S:  # left alone: the full demo loop, as arcade cabinets do
            self.idle_s = 0.0
            return Push(go("attract"))
        return None

    @property
    def live_backdrop(self) -> bool:
        """The demo plays behind the menu (not with reduced motion)."""
        return self.backdrop is not None and self.backdrop.live

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        self.idle_s = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hit = self.layout().hit_test(event.pos)
            if hit is not None:
                self.focus = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.layout().hit_test(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout().hit_test(event.pos)
            pressed, self.pressed = self.pressed, None
            if hit is not None and hit == pressed:
                self.focus = hit
                return self.activate(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.entries)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.entries)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = self.beside(self.focus, 1 if event.key == pygame.K_RIGHT else -1)
            elif event.key == pygame.K_HOME:
                self.focus = 0
            elif event.key == pygame.K_END:
                self.focus = len(self.entries) - 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(self.focus)
            elif event.key in (pygame.K_h, pygame.K_F1):
                return Push(go("help"))
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                return self.forget(self.focus)
            elif event.key == pygame.K_ESCAPE:
                return Quit()
        return None

    def holding(self) -> Holding:
        """Notices (such as "Sound off") stack above the footer line, never over it."""
        return Holding(notice_floor=self.layout().footer_rect.y)

    def beside(self, index: int, direction: int) -> int:
        """The entry in the next column left (-1) or right (+1) of entry `index`, level with it (the
        nearest row when that column is shorter); `index` itself when there is no such column."""
        rects = self.layout().entries
        here = rects[index]
        side = [i for i, r in enumerate(rects) if (r.x - here.x) * direction > 0]
        if not side:
            return index
        column_x = min((rects[i].x for i in side), key=lambda x: abs(x - here.x))
        column = [i for i in side if rects[i].x == column_x]
        return min(column, key=lambda i: abs(rects[i].centery - here.centery))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        if not self.live_backdrop:
            surface.fill(pal.BACKGROUND)
            menu_view.draw_front(surface, self.app, layout, self.entries, self.focus)
            return
        self.backdrop.draw(surface)
        # the veil, the card and the menu on them change only with the focus or the look: one image,
        # blitted over the moving demo each frame
        settings = self.app.settings
        labels = tuple(entry.label for entry in self.entries)
        key = (surface.get_size(), self.focus, labels, settings.palette, settings.symbols)
        if self._front is None or self._front_key != key:
            self._front = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._front.fill((*pal.BACKGROUND, BACKDROP_VEIL_ALPHA))
            draw_panel(self._front, menu_view.card_rect(self.app.text, layout))
            menu_view.draw_front(self._front, self.app, layout, self.entries, self.focus)
            self._front_key = key
        surface.blit(self._front, (0, 0))
