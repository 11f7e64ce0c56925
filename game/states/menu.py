"""The main menu: title, difficulty presets (pegs x colours x turns), Custom, Help, Settings, Quit.

Entries are a plain list of MenuEntry(label, detail, action): `default_entries()` builds it, and a
new mode is one more entry whose action returns a transition (or a State), for example
    MenuEntry("Watch the computer", "it breaks a random code", lambda menu: WatchState(...)).
Arrow keys, Home/End and Enter work as well as the mouse; in two columns Left/Right move to the
entry beside the focused one. A menu that comes back puts its focus on the entry it is given (Back
from Custom: Custom), else on the difficulty played last (settings.last_difficulty), so Enter plays
it again.

The menu is alive: a demo game (game/states/attract.py, as a backdrop the menu owns) plays behind a
translucent card (game/ui/juice.draw_panel) under a veil that keeps every text at its contrast;
with reduced motion the menu stands on its plain background. Left idle, the full attract loop
(demo, high scores, title) takes over as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.config import PRESETS, GameConfig, Preset
from game.states.base import Push, Quit, State, Transition
from game.ui import palette as pal
from game.ui.juice import draw_panel
from game.ui.layout_screens import MenuLayout

Action = Callable[["MenuState"], "Transition | State | None"]
BACKDROP_SEED = 1864  # the menu's demo games have their own secrets (never the app's generator)
BACKDROP_VEIL_ALPHA = 150  # how much of the background colour dims the demo behind the whole menu
SUBTITLE = "Break the secret code: black = right colour, right place; white = right colour only"
GRID_PRESETS = ((2, 2, 6), (3, 3, 4))  # (rows, columns, colours) of the grid games on the menu
FOOTER = "Arrows + Enter or the mouse · H help · Esc quits"


@dataclass(frozen=True)
class MenuEntry:
    label: str
    detail: str
    action: Action


def _play_preset(preset: Preset) -> Action:
    def action(menu: MenuState) -> State:
        from game.states.playing import PlayingState

        return PlayingState(preset.config())

    return action


def _play_grid(rows: int, columns: int, colours: int) -> Action:
    """The 2-D puzzle: a rows x columns grid graded black, grey and white (README, "The 2-D puzzle")."""

    def action(menu: MenuState) -> State:
        from game.states.playing import PlayingState

        return PlayingState(GameConfig(colours=colours, grid=(rows, columns)))

    return action


def _grid_entry(label: str, rows: int, columns: int, colours: int) -> MenuEntry:
    turns = GameConfig(colours=colours, grid=(rows, columns)).turns
    detail = f"{colours} colours · {turns} turns · grey pegs"
    return MenuEntry(label, detail, _play_grid(rows, columns, colours))


def _custom(menu: MenuState) -> State:
    from game.states.setup import SetupState

    return SetupState()


def _help(menu: MenuState) -> Transition:
    from game.states.help import HelpOverlay

    return Push(HelpOverlay())


def _settings(menu: MenuState) -> Transition:
    from game.states.settings import SettingsState

    return Push(SettingsState())


def _statistics(menu: MenuState) -> Transition:
    from game.states.stats import StatsState

    return Push(StatsState())


def _codemaker(mode: str) -> Action:
    """The computer at work: make the code, grade by hand, or watch a random code."""

    def action(menu: MenuState) -> State:
        from game.states.codemaker import CodemakerState

        return CodemakerState(mode)

    return action


def _duel(menu: MenuState) -> State:
    from game.states.duel_setup import DuelSetupState

    return DuelSetupState()


def _two_players(menu: MenuState) -> State:
    from game.states.match_setup import MatchSetupState

    return MatchSetupState()


def _daily(menu: MenuState) -> State:
    from game.states.daily import DailyState

    return DailyState()


def _blitz(menu: MenuState) -> State:
    from game.states.blitz import new_run_state

    return new_run_state(menu.app)


def _high_scores(menu: MenuState) -> Transition:
    from game.states.highscores import HighScoresState

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
            from game.states.attract import AttractState

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
        from game.states.attract import attract_when_idle  # the demo game after a while idle

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
            self._draw_front(surface, layout)
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
            draw_panel(self._front, self._card_rect(layout))
            self._draw_front(self._front, layout)
            self._front_key = key
        surface.blit(self._front, (0, 0))

    def _draw_front(self, surface: pygame.Surface, layout: MenuLayout) -> None:
        """Title, subtitle, entries and footer."""
        text = self.app.text
        self._draw_title(surface, layout)
        text.draw_in(
            surface,
            SUBTITLE,
            layout.subtitle_rect.inflate(0, -layout.subtitle_rect.h // 4),
            pal.TEXT_DIM,
            26,
        )
        label_px, detail_px, two_lines = self._entry_text_sizes(layout)
        for i, (entry, rect) in enumerate(zip(self.entries, layout.entries, strict=True)):
            focused = i == self.focus
            fill = pal.BUTTON_HOT if focused else pal.BUTTON
            radius = max(4, rect.h // 5)
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            edge = pal.SELECTION if focused else pal.BOARD_EDGE
            pygame.draw.rect(surface, edge, rect, width=3 if focused else 1, border_radius=radius)
            label_box, detail_box = self._entry_boxes(rect, two_lines)
            text.draw(surface, entry.label, label_px, pal.TEXT, label_box.midleft, align="midleft")
            if entry.detail:
                anchor, align = (
                    (detail_box.midleft, "midleft") if two_lines else (detail_box.midright, "midright")
                )
                text.draw(surface, entry.detail, detail_px, pal.TEXT_DIM, anchor, align=align)
        text.draw_in(
            surface, FOOTER, layout.footer_rect, pal.TEXT_DIM, 22
        )

    def _card_rect(self, layout: MenuLayout) -> pygame.Rect:
        """The card under the menu: it spans the entries, and the subtitle and footer lines where
        they are wider."""
        entries = layout.entries[0].unionall(layout.entries)
        text = self.app.text
        widest = max(
            text.size(line, text.fit_size(line, box.w, box.h, largest))[0]
            for line, box, largest in (
                (SUBTITLE, layout.subtitle_rect.inflate(0, -layout.subtitle_rect.h // 4), 26),
                (FOOTER, layout.footer_rect, 22),
            )
        )
        left = min(entries.x, layout.subtitle_rect.centerx - widest // 2)
        right = max(entries.right, layout.subtitle_rect.centerx + widest // 2 + 1)
        pad = max(8, layout.footer_rect.h // 3)
        top, bottom = layout.subtitle_rect.y, layout.footer_rect.bottom
        return pygame.Rect(left, top, right - left, bottom - top).inflate(2 * pad, 2 * pad)

    @staticmethod
    def _entry_boxes(rect: pygame.Rect, two_lines: bool) -> tuple[pygame.Rect, pygame.Rect]:
        """Label and detail boxes of one entry: side by side, or the detail under the label."""
        pad = max(6, rect.h // 4)
        if two_lines:
            inner = rect.inflate(-2 * pad, -round(rect.h * 0.16))
            top = round(inner.h * 0.56)
            return (
                pygame.Rect(inner.x, inner.y, inner.w, top),
                pygame.Rect(inner.x, inner.y + top, inner.w, inner.h - top),
            )
        inner = rect.inflate(-2 * pad, -round(rect.h * 0.42))
        label_w = round(inner.w * 0.45)
        return (
            pygame.Rect(inner.x, inner.y, label_w, inner.h),
            pygame.Rect(inner.x + label_w + pad, inner.y, inner.w - label_w - pad, inner.h),
        )

    def _entry_text_sizes(self, layout: MenuLayout) -> tuple[int, int, bool]:
        """One label size and one detail size for every entry (a menu of mixed sizes looks broken);
        the details go under the labels when beside them they would be too small to read."""
        text = self.app.text
        rect = layout.entries[0]
        for two_lines in (False, True):
            label_box, detail_box = self._entry_boxes(rect, two_lines)
            label_px = min(text.fit_size(e.label, label_box.w, label_box.h, 40) for e in self.entries)
            details = [e.detail for e in self.entries if e.detail] or [" "]
            detail_px = min(text.fit_size(d, detail_box.w, detail_box.h * 0.9, label_px) for d in details)
            if two_lines or detail_px >= 0.7 * label_px:
                return label_px, detail_px, two_lines
        raise AssertionError("unreachable")

    def _draw_title(self, surface: pygame.Surface, layout: MenuLayout) -> None:
        rect = layout.title_rect
        colours = pal.palette(self.app.settings.palette)
        symbols = self.app.settings.symbols
        d = round(rect.h * 0.55)
        title_box = rect.inflate(-2 * (d + 12) * 2, -round(rect.h * 0.2))
        drawn = self.app.text.draw_in(surface, "MASTERMIND ARCADE", title_box, pal.TEXT, 90)
        for i, x in enumerate((drawn.left - d - 12, drawn.right + 12)):
            colour = (0, 2)[i]
            peg = self.app.pegs.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, (x, rect.centery - d // 2))
