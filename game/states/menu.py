"""The main menu: title, difficulty presets (pegs x colours x turns), Custom, Help, Settings, Quit.

Entries are a plain list of MenuEntry(label, detail, action): `default_entries()` builds it, and a
new mode is one more entry whose action returns a transition (or a State), for example
    MenuEntry("Watch the computer", "it breaks a random code", lambda menu: WatchState(...)).
Arrow keys, Home/End and Enter work as well as the mouse. Also here: SettingsOverlay, the small
settings screen of this issue (palette and symbols), until a full settings screen replaces it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.config import PRESETS, Preset
from game.states.base import Pop, Push, Quit, State, Transition
from game.ui import palette as pal
from game.ui.layout import MenuLayout, button_height_px, button_row, dialog_rect, margin_px
from game.ui.widgets import draw_button, draw_card, draw_toggle, shade

Action = Callable[["MenuState"], "Transition | State | None"]


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


def _custom(menu: MenuState) -> State:
    from game.states.setup import SetupState

    return SetupState()


def _help(menu: MenuState) -> Transition:
    from game.states.help import HelpOverlay

    return Push(HelpOverlay())


def _settings(menu: MenuState) -> Transition:
    from game.states.settings import SettingsState  # the full settings screen (issue 5)

    return Push(SettingsState())


def _statistics(menu: MenuState) -> Transition:
    from game.states.stats import StatsState

    return Push(StatsState())


def _codemaker(mode: str) -> Action:
    """The computer at work (issue 4): make the code, grade by hand, or watch a random code."""

    def action(menu: MenuState) -> State:
        from game.states.codemaker import CodemakerState

        return CodemakerState(mode)

    return action


def default_entries() -> list[MenuEntry]:
    """The menu as shipped: one entry per preset, then Custom, Help, Settings, Quit."""
    entries = [
        MenuEntry(p.name, f"{p.pegs} × {p.colours} · {p.config().turns} turns", _play_preset(p))
        for p in PRESETS
    ]
    entries += [
        MenuEntry("Custom game", "choose pegs, colours, turns", _custom),
        MenuEntry("Make the code", "the computer breaks your secret", _codemaker("make")),
        MenuEntry("Make the code, you grade", "grade the computer's guesses", _codemaker("grade")),
        MenuEntry("Watch the computer", "a random secret, any strategy", _codemaker("watch")),
        MenuEntry("Help", "how to play, controls", _help),
        MenuEntry("Statistics", "wins, streaks, best scores", _statistics),
        MenuEntry("Settings", "colours, symbols, sound, motion", _settings),
        MenuEntry("Quit", "", lambda menu: Quit()),
    ]
    return entries


class MenuState(State):
    """Pick what to play."""

    def __init__(self, entries: list[MenuEntry] | None = None) -> None:
        self.entries = entries if entries is not None else default_entries()
        self.focus = 0
        self.mouse = (-1, -1)
        self.pressed: int | None = None

    def layout(self) -> MenuLayout:
        return MenuLayout(self.app.surface.get_size(), len(self.entries))

    def activate(self, index: int) -> Transition | State | None:
        self.app.sound.play("click")
        return self.entries[index].action(self)

    def update(self, dt: float) -> Transition | State | None:
        from game.states.attract import attract_when_idle  # the demo game after a while idle (issue 5)

        return attract_when_idle(self, dt)

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

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        text = self.app.text
        surface.fill(pal.BACKGROUND)
        self._draw_title(surface, layout)
        text.draw_in(
            surface,
            "Break the secret code: black = right colour, right place; white = right colour only",
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
            surface, "Arrows + Enter or the mouse · H help · Esc quits", layout.footer_rect, pal.TEXT_DIM, 22
        )

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
        colours = pal.palette(self.app.settings.get("palette", "safe"))
        symbols = bool(self.app.settings.get("symbols", True))
        d = round(rect.h * 0.55)
        title_box = rect.inflate(-2 * (d + 12) * 2, -round(rect.h * 0.2))
        drawn = self.app.text.draw_in(surface, "MASTERMIND ARCADE", title_box, pal.TEXT, 90)
        for i, x in enumerate((drawn.left - d - 12, drawn.right + 12)):
            colour = (0, 2)[i]
            peg = self.app.pegs.peg(colours[colour], colour, d, symbols)
            surface.blit(peg, (x, rect.centery - d // 2))


class SettingsOverlay(State):
    """Palette and symbols, changed at once and kept in app.settings."""

    is_overlay = True
    ROWS = ("palette", "symbols")

    def __init__(self) -> None:
        self.mouse = (-1, -1)
        self.focus = 0

    def geometry(self):
        size = self.app.surface.get_size()
        card = dialog_rect(size, 0.6, 0.55, 460, 320)
        m = margin_px(size)
        bh = button_height_px(size)
        title = pygame.Rect(card.x + m, card.y + m, card.w - 2 * m, round(bh * 1.1))
        rows = {}
        for i, name in enumerate(self.ROWS):
            y = title.bottom + m + i * (bh + m)
            label = pygame.Rect(card.x + 2 * m, y, round(card.w * 0.45), bh)
            control = pygame.Rect(label.right + m, y, card.right - 2 * m - label.right - m, bh)
            rows[name] = (label, control)
        preview_y = title.bottom + m + len(self.ROWS) * (bh + m)
        done = button_row(card, ("done",), bh, m)["done"]
        preview = pygame.Rect(card.x + 2 * m, preview_y, card.w - 4 * m, max(10, done.y - m - preview_y))
        return card, title, rows, preview, done

    def toggle(self, name: str) -> None:
        settings = self.app.settings
        if name == "palette":
            names = pal.PALETTE_NAMES
            settings["palette"] = names[(names.index(settings.get("palette", "safe")) + 1) % len(names)]
        elif name == "symbols":
            settings["symbols"] = not settings.get("symbols", True)
        self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            _, _, rows, _, done = self.geometry()
            if done.collidepoint(event.pos):
                return Pop(("settings", True))
            for i, (name, (_, control)) in enumerate(rows.items()):
                if control.collidepoint(event.pos):
                    self.focus = i
                    self.toggle(name)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                return Pop(("settings", True))
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.ROWS)
            if event.key in (pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT):
                self.toggle(self.ROWS[self.focus])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        card, title, rows, preview, done = self.geometry()
        text = self.app.text
        draw_card(surface, card)
        text.draw_in(surface, "Settings", title.inflate(0, -title.h // 4), pal.TEXT, 48)
        settings = self.app.settings
        labels = {"palette": "Colours", "symbols": "Symbols on pegs"}
        for i, (name, (label, control)) in enumerate(rows.items()):
            text.draw_in(
                surface, labels[name], label.inflate(0, -label.h // 3), pal.TEXT, 32, align="midleft"
            )
            hot = control.collidepoint(self.mouse)
            if name == "palette":
                draw_button(
                    surface,
                    text,
                    control,
                    pal.PALETTE_LABELS[settings.get("palette", "safe")],
                    hot=hot,
                    focused=i == self.focus,
                )
            else:
                draw_toggle(surface, text, control, bool(settings.get("symbols", True)), hot=hot)
                if i == self.focus:
                    pygame.draw.rect(surface, pal.SELECTION, control, width=3, border_radius=6)
        colours = pal.palette(settings.get("palette", "safe"))
        count = len(colours)
        d = min(round(preview.w / (count * 1.15)), preview.h)
        if d >= 6:
            left = preview.centerx - count * d * 1.15 / 2
            for i, rgb in enumerate(colours):
                peg = self.app.pegs.peg(rgb, i, d, bool(settings.get("symbols", True)))
                surface.blit(peg, (round(left + i * d * 1.15), preview.centery - d // 2))
        draw_button(surface, text, done, "Done", primary=True, hot=done.collidepoint(self.mouse))
