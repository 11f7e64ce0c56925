"""The main menu: title, difficulty presets (pegs x colours x turns), Custom, Help, Settings, Quit.

Entries are a plain list of MenuEntry(label, detail, action): `default_entries()` builds it, and a
new mode is one more entry whose action returns a transition (or a State), for example
    MenuEntry("Watch the computer", "it breaks a random code", lambda menu: WatchState(...)).
Arrow keys, Home/End and Enter work as well as the mouse; in two columns Left/Right move to the
entry beside the focused one. A menu that comes back puts its focus on the entry it is given (Back
from Custom: Custom), else on the difficulty played last (settings.last_difficulty), so Enter plays
it again.

The menu is alive: a demo game (game/screens/attract.py, as a backdrop the menu owns) plays behind a
translucent card (game/ui/juice.draw_panel) under a veil that keeps every text at its contrast;
with reduced motion the menu stands on its plain background. Left idle, the full attract loop
(demo, high scores, title) takes over as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.config import PRESETS, GameConfig, Preset
from game.screens.base import Push, Quit, State, Transition
from game.ui import menu_view
from game.ui import palette as pal
from game.ui.juice import draw_panel
from game.ui.layout_screens import MenuLayout

Action = Callable[["MenuState"], "Transition | State | None"]
BACKDROP_SEED = 1864  # the menu's demo games have their own secrets (never the app's generator)
BACKDROP_VEIL_ALPHA = 150  # how much of the background colour dims the demo behind the whole menu
GRID_PRESETS = ((2, 2, 6), (3, 3, 4))  # (rows, columns, colours) of the grid games on the menu


@dataclass(frozen=True)
class MenuEntry:
    label: str
    detail: str
    action: Action


def _play_preset(preset: Preset) -> Action:
    def action(menu: MenuState) -> State:
        from game.screens.playing import PlayingState

        return PlayingState(preset.config())

    return action


def _play_grid(rows: int, columns: int, colours: int) -> Action:
    """The 2-D puzzle: a rows x columns grid graded black, grey and white (README, "The 2-D puzzle")."""

    def action(menu: MenuState) -> State:
        from game.screens.playing import PlayingState

        return PlayingState(GameConfig(colours=colours, grid=(rows, columns)))

    return action


def _grid_entry(label: str, rows: int, columns: int, colours: int) -> MenuEntry:
    turns = GameConfig(colours=colours, grid=(rows, columns)).turns
    detail = f"{colours} colours · {turns} turns · grey pegs"
    return MenuEntry(label, detail, _play_grid(rows, columns, colours))


def _custom(menu: MenuState) -> State:
    from game.screens.setup import SetupState

    return SetupState()


def _help(menu: MenuState) -> Transition:
    from game.screens.help import HelpOverlay

    return Push(HelpOverlay())


def _settings(menu: MenuState) -> Transition:
    from game.screens.settings import SettingsState

    return Push(SettingsState())


def _statistics(menu: MenuState) -> Transition:
    from game.screens.stats import StatsState

    return Push(StatsState())


def _codemaker(mode: str) -> Action:
    """The computer at work: make the code, grade by hand, or watch a random code."""

    def action(menu: MenuState) -> State:
        from game.screens.codemaker import CodemakerState

        return CodemakerState(mode)

    return action


def _duel(menu: MenuState) -> State:
    from game.screens.duel_setup import DuelSetupState

    return DuelSetupState()


def _two_players(menu: MenuState) -> State:
    from game.screens.match_setup import MatchSetupState

    return MatchSetupState()


def _daily(menu: MenuState) -> State:
    from game.screens.daily import DailyState

    return DailyState()


def _blitz(menu: MenuState) -> State:
    from game.screens.blitz import new_run_state

    return new_run_state(menu.app)


def _high_scores(menu: MenuState) -> Transition:
    from game.screens.highscores import HighScoresState

    return Push(HighScoresState())


def default_entries() -> list[MenuEntry]:
    """The menu as shipped: one entry per preset, then Custom, Help, Settings, Quit."""
    entries = [
        MenuEntry(p.name, f"{p.pegs} × {p.colours} · {p.config().turns} turns", _play_preset(p))
        for p in PRESETS
    ]
    entries += [
        _grid_entry("Grid 2×2", *GRID_PRESETS[0]),
        _grid_entry("Grid 3×3", *GRID_PRESETS[1]),
        MenuEntry("Custom game", "choose pegs, colours, turns", _custom),
        MenuEntry("Daily code", "one code a day for all", _daily),
        MenuEntry("Blitz", "codes against the clock", _blitz),
        MenuEntry("Make the code", "the computer breaks your secret", _codemaker("make")),
        MenuEntry("Make the code, you grade", "grade the computer's guesses", _codemaker("grade")),
        MenuEntry("Watch the computer", "a random secret, any strategy", _codemaker("watch")),
        MenuEntry("Duel", "race the computer to the same code", _duel),
        MenuEntry("Two players", "one screen, swap the roles", _two_players),
        MenuEntry("Help", "how to play, controls", _help),
        MenuEntry("Statistics", "wins, streaks, best scores", _statistics),
        MenuEntry("High scores", "top ten of each mode", _high_scores),
        MenuEntry("Settings", "colours, symbols, sound, motion", _settings),
        MenuEntry("Quit", "", lambda menu: Quit()),
    ]
    return entries


class MenuState(State):
    """Pick what to play."""

    def __init__(self, entries: list[MenuEntry] | None = None, focus: str | None = None) -> None:
        self.entries = entries if entries is not None else default_entries()
        self.focus = 0
        self._focus_label = focus  # the entry to focus on entering, by label
        self.mouse = (-1, -1)
        self.pressed: int | None = None
        self.backdrop: State | None = None  # the demo game behind the menu (an AttractState)
        self._front: pygame.Surface | None = None  # veil, card and menu over the demo (view cache)
        self._front_key: tuple | None = None

    def enter(self, app) -> None:
        super().enter(app)
        if self.backdrop is None:
            from game.screens.attract import AttractState

            self.backdrop = AttractState(seed=BACKDROP_SEED, backdrop=True)
            self.backdrop.enter(app)
        labels = [entry.label for entry in self.entries]
        if self._focus_label in labels:
            self.focus = labels.index(self._focus_label)
            self._focus_label = None
        elif self.focus == 0 and app.settings.last_difficulty in labels:
            self.focus = labels.index(app.settings.last_difficulty)

    def layout(self) -> MenuLayout:
        return MenuLayout(self.app.surface.get_size(), len(self.entries))

    def activate(self, index: int) -> Transition | State | None:
        self.app.sound.play("click")
        return self.entries[index].action(self)

    def update(self, dt: float) -> Transition | State | None:
        from game.screens.attract import attract_when_idle  # the demo game after a while idle

        if self.live_backdrop:
            self.backdrop.update(dt)
        return attract_when_idle(self, dt)

    @property
    def live_backdrop(self) -> bool:
        """The demo plays behind the menu (not with reduced motion)."""
        return self.backdrop is not None and not self.app.settings.reduced_motion

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
                return _help(self)
            elif event.key == pygame.K_ESCAPE:
                return Quit()
        return None

    @property
    def notice_floor(self) -> int:
        """Notices (such as "Sound off") stack above the footer line, never over it."""
        return self.layout().footer_rect.y

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
