"""The title screen: one obvious Play, then the day's reasons to come back, the rest one level down.

Built from the modes' registry (game/modes/registry.py), never from a hand-kept list; every entry
the registry brings finds its place by its group:
- "Resume" (a kept game, registry.kept_games): a strip at the top, first and focused; more than
  TOP_RESUME kept games show the first and a tile to a page of all of them (the plan of where each
  entry goes is game/screens/title_plan.py's);
- "Play": an entry that starts a game of a fixed config (the presets) is a big card with a tiny
  board and your best; any other (Custom) a slim bar under the cards;
- "Today": a card each (the Daily code, Blitz) with the state its MenuEntry.status reads;
- every other group (Versus, Computer, Puzzles, and any a new mode brings) is a section of the
  page "More ways to play", opened from a tile beside TODAY;
- Help, Statistics, High scores, Settings and Quit (UTILITIES) are a row of icon buttons.
A band shows what fits across it and a page what fits on it; the rest flows onto the next page
(game/ui/layout_title.py plans the pages from the window), reached by the page control under the
cards, PageUp/PageDown (a pad's shoulders), the mouse wheel, or an arrow pressed past the last
entry that way. An entry whose new game would replace a kept one asks first (app.start_game,
game/screens/kept.py); Delete on a Resume line asks, then forgets that kept game.

One focus for keys and mouse (and whatever drives them): the arrows move it to the nearest entry in
their direction (`step`), Tab and Shift+Tab in reading order, Home/End to the first and last (the
pages and the focus moves are TitleNavigation's, game/screens/title_nav.py, this screen's base);
Enter or Space activates it (`activate`), Esc goes back to the top page, and on the top page asks
before quitting (`back`); the mouse focuses what it is over and clicks it. A menu that comes back
puts its focus on the entry it is given by label (Back from Custom: Custom; from Deduce: Deduce, on
its page), else on the first Resume line, else on the difficulty played last
(settings.last_difficulty), else Classic.

The menu is alive: a demo game (game/screens/attract.py, as a backdrop the menu owns,
game/screens/title_backdrop.py, begun once the menu has shown for BACKDROP_START_S, so a player who
picks at once costs it nothing) plays behind the top page's cards under a light veil, fitted to the
column of cards so none of it sticks out beside them; every other page, and the menu under reduced
motion, stands on the plain background. Left idle, the full attract loop (demo, high scores, title)
takes over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.records import stats_key
from game.modes.base import MenuEntry
from game.modes.registry import first_run_offer
from game.screens.base import Push, Quit, Route, State, Transition, board_art, go
from game.screens.holding import Holding
from game.screens.title_backdrop import TitleBackdrop
from game.screens.title_nav import TitleNavigation
from game.screens.title_plan import NAV_MORE, NAV_OF_FAMILY, arrange, default_entries
from game.ui import menu_view
from game.ui import palette as pal
from game.ui.layout_title import TOP, TitleLayout
from game.ui.pad_actions import PAD_ACTION, PadAction, pad_keys


@dataclass(frozen=True)
class ForgetKept:
    """The player confirmed: the game kept in `slot` is forgotten."""

    slot: str


@dataclass(frozen=True)
class QuitAsked:
    """The player confirmed leaving the game from the title screen."""


ATTRACT_IDLE_S = 20.0  # menu idle time before the demo starts
STATUS_REFRESH_S = 15.0  # the cards' state lines (a countdown in minutes) are read again this often
DEFAULT_FOCUS = "Classic"


class MenuState(TitleNavigation, State):
    """Pick what to play (see the module docstring)."""

    # a pad's B or Back never quits from here (Quit is an entry; B goes back a page, see handle); X
    # forgets a kept game, as Delete does
    pad_keys = pad_keys(back=None, menu=None, rule_out=pygame.K_DELETE)

    def __init__(
        self, entries: list[MenuEntry] | None = None, focus: str | None = None, page: str = TOP
    ) -> None:
        self._given = entries
        self.entries, self.plan = arrange(entries if entries is not None else default_entries())
        self.page = page
        self.focus = 0
        self._focus_label = focus  # the entry to focus on entering, by label
        self.idle_s = 0.0
        self.status_s = 0.0
        self.pressed: int | None = None
        self.bests: dict[int, str] = {}
        self.status: dict[int, tuple[str, ...]] = {}
        self.behind = TitleBackdrop()  # the demo game behind the top page, and the veil over it
        self._layout: TitleLayout | None = None
        self.first_run_asked = False

    def enter(self, app) -> None:
        super().enter(app)
        self._arrange(default_entries(app) if self._given is None else self._given)
        labels = [entry.label for entry in self.entries]
        if self._focus_label in labels:
            self.focus = labels.index(self._focus_label)
            self.page = self.layout().page_of(self.focus)
            self._focus_label = None
        elif self.plan.resume:
            self.focus = self.plan.resume[0]
        else:
            preferred = [app.settings.last_difficulty, DEFAULT_FOCUS]
            on_top = [i for i in self.plan.presets + self.plan.bars if labels[i] in preferred]
            on_top.sort(key=lambda i: preferred.index(labels[i]))
            self.focus = on_top[0] if on_top else (self.plan.presets or (0,))[0]
        self.read_store()

    def _arrange(self, entries: list[MenuEntry]) -> None:
        self.entries, self.plan = arrange(entries)
        self._layout = None
        self.behind.forget()

    def read_store(self) -> None:
        """Each preset's best and each card's state, read through the store (never per frame)."""
        app = self.app
        book = app.store.load_stats() if app.store is not None else {}
        self.bests = {}
        for i in self.plan.presets:
            stats = book.get(stats_key(self.entries[i].route.args["config"]))
            best = stats.best_score if stats is not None else 0
            self.bests[i] = f"Best {best:,}" if best else "No best yet"
        self.status = {
            i: tuple(self.entries[i].status(app).split("\n"))
            for i in range(len(self.entries))
            if self.entries[i].status is not None
        }
        self.status_s = 0.0

    def back(self) -> Transition | None:
        """Esc: a page one level down goes back to the top (the tile it came from focused); on the top
        page it asks before the game closes."""
        if self.page == TOP:
            question = "Quit Mastermind? Kept games stay kept."
            return Push(go("confirm", question=question, result=QuitAsked(), yes="Quit", no="Stay"))
        came_from = NAV_OF_FAMILY.get(self.layout().pages.family(self.page), NAV_MORE)
        self.open_page(TOP, focus=came_from)
        return None

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
        if isinstance(result, QuitAsked):
            return Quit()
        if isinstance(result, ForgetKept) and self.app.store is not None:
            self.app.store.drop_kept(result.slot)
            self._arrange(default_entries(self.app))
            self.open_page(self.page)
            self.focus = min(self.focus, len(self.entries) - 1)
            shown = self.layout().shown()
            if self.focus not in shown and shown:
                self.focus = shown[0]
            self.read_store()
        return None

    def activate(self, index: int) -> Any:
        self.app.sound.play("click")
        entry = self.entries[index]
        route = entry.route
        if getattr(route, "name", None) == "menu":  # a tile of this screen: another page of it
            if index == self.plan.back:
                return self.back()
            self.open_page(route.args.get("page", TOP), route.args.get("focus"))
            return None
        if isinstance(route, Route) and self.kept(index) is None:  # asks before replacing a kept game
            return self.app.start_game(entry.slot, route)
        return route

    # --- time and input -------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | State | None:
        if not self.first_run_asked:  # once, as the menu first shows (a new player's offer)
            self.first_run_asked = True
            offer = first_run_offer(self.app) if self._given is None else None
            if offer is not None:
                return offer
        self.behind.update(self.app, dt)
        self.status_s += dt
        if self.status_s >= STATUS_REFRESH_S:
            self.read_store()
        self.idle_s += dt
        if self.idle_s >= ATTRACT_IDLE_S:  # left alone: the full demo loop, as arcade cabinets do
            self.idle_s = 0.0
            return Push(go("attract"))
        return None

    @property
    def backdrop(self) -> State | None:
        """The demo game behind the menu (an AttractState), once begun."""
        return self.behind.demo

    @property
    def live_backdrop(self) -> bool:
        """The demo plays behind the menu (not with reduced motion)."""
        return self.behind.live

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        self.idle_s = 0.0
        if event.type == pygame.MOUSEMOTION:
            hit = self.layout().hit_test(event.pos)
            if hit is not None:
                self.focus = hit
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.turn_page(-1 if event.y > 0 else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.layout().hit_test(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            layout = self.layout()
            for step, rect in ((-1, layout.page_prev), (1, layout.page_next)):
                if rect is not None and rect.collidepoint(event.pos):
                    self.pressed = None
                    if self.turn_page(step):
                        self.app.sound.play("click")
                    return None
            hit = layout.hit_test(event.pos)
            pressed, self.pressed = self.pressed, None
            if hit is not None and hit == pressed:
                self.focus = hit
                return self.activate(hit)
        elif event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: (0, 1),
                pygame.K_UP: (0, -1),
                pygame.K_LEFT: (-1, 0),
                pygame.K_RIGHT: (1, 0),
            }
            if event.key in moves:
                self.step(*moves[event.key])
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # a pad's shoulders too
                self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            elif event.key == pygame.K_TAB:
                self.cycle(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            elif event.key in (pygame.K_HOME, pygame.K_END):
                shown = self.layout().shown()
                self.focus = shown[0 if event.key == pygame.K_HOME else -1] if shown else self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.activate(self.focus)
            elif event.key in (pygame.K_h, pygame.K_F1):
                return Push(go("help"))
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                if self.kept(self.focus) is not None:
                    return self.forget(self.focus)
                if event.key == pygame.K_BACKSPACE and self.page != TOP:
                    return self.back()
            elif event.key == pygame.K_ESCAPE:
                return self.back()
        elif event.type == PAD_ACTION and event.action is PadAction.BACK and self.page != TOP:
            return self.back()  # a pad's B goes back a page, never out of the game from the top
        return None

    def holding(self) -> Holding:
        """Notices (such as "Sound off") stand over the key line at the bottom, never over a card."""
        return Holding(notice_floor=None)

    # --- drawing ----------------------------------------------------------------------------------
    def view(self) -> menu_view.TitleView:
        configs = {i: self.entries[i].route.args["config"] for i in self.plan.presets}
        return menu_view.TitleView(self.entries, self.focus, configs, self.bests, self.status)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        art = board_art(self.app)
        if not self.live_backdrop or self.page != TOP:  # the demo belongs to the top page alone
            surface.fill(pal.BACKGROUND)
            menu_view.draw(surface, layout, self.view(), art)
            return
        settings = self.app.settings
        labels = tuple(entry.label for entry in self.entries)
        status = tuple(sorted(self.status.items())), tuple(sorted(self.bests.items()))
        key = (surface.get_size(), self.page, self.focus, labels, status, settings.palette, settings.symbols)
        key += (settings.theme, settings.pieces)
        view = self.view()
        self.behind.draw(surface, layout.backdrop, key, lambda on: menu_view.draw(on, layout, view, art))
