"""The settings screen: every setting the player's Settings declares (game/settings.py: one
`setting(...)` field each, its SettingRow saying its label, what on and off mean, its kind and its
section), in sections, in plain words, with live previews.

An overlay. Every change makes a new app.settings value at once (Session.change_settings, which
the sound follows) and is written to the store when the screen closes (Session.persist_settings,
also called on quit). Keyboard and pad: Up/Down pick a row (wrapping), PageUp/PageDown (the
shoulders) the first row of the section before or after, Left/Right change it, Space/Enter toggle,
Esc closes; the mouse works on every control.

The list scrolls when the window is too small for it (SettingsLayout): the focused row is always
scrolled into view, the wheel scrolls, and the scroll bar's thumb can be dragged (a click on its
track moves a page). The sections stand in aligned cards (Look, Sound, Motion, Window, Games; a
section no one listed after them); the look's card shows a row of pegs graded as on the board in
the chosen colours and symbols, the motion's a peg dropping into its hole again and again at the
chosen speed (still under reduced motion).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pygame

from game.screens.base import Pop, State, Transition
from game.settings import SettingRow, setting_rows
from game.ui import palette as pal
from game.ui import theme
from game.ui.juice import drop_position, drop_scale
from game.ui.layout_screens import SettingsLayout
from game.ui.pad_actions import pad_keys
from game.ui.widgets import draw_button, draw_card, draw_stepper, draw_toggle, shade

ROWS = tuple(row.key for row in setting_rows())  # the settings of the game's own Settings, in order
PREVIEWS = MappingProxyType({"Look": "look", "Motion": "motion"})  # a section's live preview
PREVIEW_DROP_S = 1.4  # one loop of the motion preview (a peg dropping in, then resting), at speed 1
LEVEL_STEP = 0.1  # a level (a volume) moves in tenths
WHEEL_ROWS = 1.0  # one notch of the mouse wheel scrolls this many rows


def sections(rows: tuple[SettingRow, ...]) -> tuple[tuple[str, tuple[str, ...], str | None], ...]:
    """The rows by section, in their order: (title, row keys, preview kind or None)."""
    titles = dict.fromkeys(row.section for row in rows)
    return tuple(
        (title, tuple(row.key for row in rows if row.section == title), PREVIEWS.get(title))
        for title in titles
    )


def _nearest(values: tuple, value: Any) -> int:
    if value in values:
        return values.index(value)
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


class SettingsState(State):
    """Every setting, in sections, on one card (see the module docstring)."""

    is_overlay = True
    pad_keys = pad_keys(confirm=pygame.K_SPACE)  # a pad's A switches a row, never closes the screen

    def __init__(self) -> None:
        self.focus = 0
        self.mouse = (-1, -1)
        self.time_s = 0.0  # drives the motion preview
        self.scroll = 0.0  # px from the list's top (SettingsLayout clamps it)
        self.grab: float | None = None  # dragging the scroll bar's thumb: where on it it was taken

    @property
    def rows(self) -> tuple[SettingRow, ...]:
        """The rows the player's Settings declares (a Settings that declares more shows more)."""
        return setting_rows(type(self.app.settings))

    def row(self, name: str) -> SettingRow:
        return next(row for row in self.rows if row.key == name)

    def layout(self) -> SettingsLayout:
        rows = self.rows
        layout = SettingsLayout(
            self.app.surface.get_size(), [r.key for r in rows], sections(rows), self.scroll
        )
        self.scroll = layout.scroll
        return layout

    def focus_on(self, index: int) -> None:
        """Focus row `index` (wrapping) and scroll it into view."""
        rows = self.rows
        self.focus = index % len(rows)
        layout = self.layout()
        self.scroll = layout.scroll_to_show(rows[self.focus].key)

    def update(self, dt: float) -> Transition | State | None:
        self.time_s += dt * self.app.settings.animation_speed
        return None

    def value(self, name: str) -> Any:
        return getattr(self.app.settings, name)

    def change(self, name: str, part: int | str | tuple[str, int]) -> None:
        """Apply one click or key to row `name`.

        part: ("step", +-1) (arrow keys), "minus"/"plus" (a stepper's buttons), "toggle".
        """
        row = self.row(name)
        if isinstance(part, str) and part in ("minus", "plus"):
            part = ("step", -1 if part == "minus" else 1)
        if row.kind in ("cycle", "steps"):
            choices = row.choices
            current = _nearest(choices, self.value(name))
            if isinstance(part, tuple):  # an arrow steps, and stops at the ends
                at = max(0, min(len(choices) - 1, current + part[1]))
            else:
                at = (current + 1) % len(choices)
            value: Any = choices[at]
        elif row.kind == "level":
            step = part[1] if isinstance(part, tuple) else 0
            value = min(1.0, max(0.0, round(float(self.value(name)) + step * LEVEL_STEP, 2)))
        else:
            value = not bool(self.value(name))
        self.app.session.change_settings(**{name: value})
        self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        rows = self.rows
        keys = [row.key for row in rows]
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.grab is not None:
                self.scroll = self.layout().scroll_for_thumb(event.pos[1] - self.grab)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.layout().row_h * WHEEL_ROWS
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self.layout()
            if layout.thumb is not None and layout.thumb.collidepoint(event.pos):
                self.grab = event.pos[1] - layout.thumb.y
            elif layout.track is not None and layout.track.collidepoint(event.pos):
                step = layout.viewport.h if event.pos[1] > layout.thumb.centery else -layout.viewport.h
                self.scroll += step
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.grab is not None:
                self.grab = None
                return None
            layout = self.layout()
            if layout.hit_button(event.pos) == "back":
                return self._close()
            hit = layout.hit_row(event.pos, {row.key: row.kind for row in rows})
            if hit is not None:
                name, part = hit
                self.focus = keys.index(name)
                if part != "label" or self.row(name).kind in ("toggle", "cycle"):
                    self.change(name, "toggle" if part == "label" else part)
        elif event.type == pygame.KEYDOWN:
            row = rows[self.focus % len(rows)]
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self._close()
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus_on(self.focus + 1)
            elif event.key == pygame.K_UP:
                self.focus_on(self.focus - 1)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                firsts = [i for i, r in enumerate(rows) if i == 0 or rows[i - 1].section != r.section]
                if event.key == pygame.K_PAGEDOWN:
                    self.focus_on(next((i for i in firsts if i > self.focus), len(rows) - 1))
                else:
                    self.focus_on(max((i for i in firsts if i < self.focus), default=0))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.change(row.key, ("step", step) if row.kind != "toggle" else "toggle")
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                if row.kind in ("toggle", "cycle"):
                    self.change(row.key, "toggle")
                elif event.key != pygame.K_SPACE:
                    return self._close()
        return None

    def _close(self) -> Transition:
        self.app.session.persist_settings()
        return Pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        rows = self.rows
        text = self.app.text
        size = surface.get_size()
        draw_card(surface, layout.card)
        title = layout.title_rect.inflate(0, -layout.title_rect.h // 4)
        text.draw_in(surface, "Settings", title, pal.TEXT, theme.type_px(size, "title"))
        clip = surface.get_clip()
        surface.set_clip(layout.viewport.clip(clip))  # the list scrolls inside its viewport
        for _, rect in layout.groups:
            theme.draw_raised(
                surface, rect, pal.BUTTON_DISABLED, radius=theme.card_radius(rect), shadow=False
            )
        heading_px = min(
            text.fit_size(words.upper(), rect.w / 2, rect.h, theme.type_px(size, "label"))
            for words, rect in layout.headings
        )
        for words, rect in layout.headings:
            if rect.colliderect(layout.viewport):  # scrolled out of view: not drawn at all
                text.draw(surface, words.upper(), heading_px, pal.TEXT_DIM, rect.midleft, align="midleft")
        label_px = min(
            text.fit_size(
                row.label,
                layout.labels[row.key].w - 8,
                layout.labels[row.key].h * 0.62,
                theme.type_px(size, "body"),
            )
            for row in rows
        )
        for i, row in enumerate(rows):
            label = layout.labels[row.key]
            if not label.colliderect(layout.viewport):
                continue
            focused = i == self.focus
            if focused:
                pygame.draw.rect(surface, pal.SELECTION, layout.row_rect(row.key), width=2, border_radius=8)
            ink = pal.TEXT if focused else pal.TEXT_DIM
            text.draw(surface, row.label, label_px, ink, label.move(4, 0).midleft, align="midleft")
            self._draw_control(surface, layout, row)
        self._draw_look(surface, layout.previews.get("look"))
        self._draw_motion(surface, layout.previews.get("motion"))
        surface.set_clip(clip)
        if layout.track is not None and layout.thumb is not None:
            pygame.draw.rect(surface, pal.BUTTON_DISABLED, layout.track, border_radius=layout.track.w // 2)
            hot = self.grab is not None or layout.thumb.collidepoint(self.mouse)
            colour = pal.SELECTION if hot else pal.BUTTON_HOT
            pygame.draw.rect(surface, colour, layout.thumb, border_radius=layout.thumb.w // 2)
        hint_box = layout.hint_rect
        words = rows[self.focus % len(rows)].line(self.app.settings)
        size_px, lines = text.fit_wrapped(words, hint_box.w, hint_box.h, theme.type_px(size, "body"))
        line_h = text.font(size_px).get_linesize()
        top = hint_box.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size_px, pal.TEXT_DIM, (hint_box.centerx, top + i * line_h), "midtop")
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Done", primary=True, hot=back.collidepoint(self.mouse))

    def _draw_control(self, surface: pygame.Surface, layout: SettingsLayout, row: SettingRow) -> None:
        text = self.app.text
        name, value = row.key, self.value(row.key)
        if row.kind == "cycle":  # one button naming the choice; a click or an arrow switches it
            rect = layout.controls[name]
            at = _nearest(row.choices, value)
            words = row.names[at] if at < len(row.names) else str(value)
            draw_button(surface, text, rect, f"< {words} >", hot=rect.collidepoint(self.mouse))
        elif row.kind == "steps":
            current = _nearest(row.choices, value)
            parts = layout.stepper_parts(name)
            words = row.names[current] if current < len(row.names) else str(row.choices[current])
            hot = _stepper_hot(parts, self.mouse)
            draw_stepper(surface, text, parts, words, current > 0, current < len(row.choices) - 1, hot)
        elif row.kind == "level":
            level = float(value)
            parts = layout.stepper_parts(name)
            hot = _stepper_hot(parts, self.mouse)
            draw_stepper(surface, text, parts, f"{round(level * 100)}%", level > 0, level < 1, hot)
        else:
            rect = layout.toggle_rect(name)
            draw_toggle(surface, text, rect, bool(value), hot=rect.collidepoint(self.mouse))

    def _draw_look(self, surface: pygame.Surface, box: pygame.Rect | None) -> None:
        """A row as the board shows it, in the chosen colours and symbols: six pegs and their grade."""
        if box is None or box.h < 8:
            return
        colours = pal.palette(self.value("palette"))
        symbols = bool(self.value("symbols"))
        count = 6
        d = min(round(box.h * 0.84), round(box.w / (count + 2.2)))
        pitch = d * 1.12
        left = box.right - pitch * count - d * 1.6
        for i in range(count):
            peg = self.app.pegs.peg(colours[i], i, d, symbols)
            surface.blit(peg, peg.get_rect(center=(round(left + (i + 0.5) * pitch), box.centery)))
        key_d = max(3, round(d * 0.42))
        # the grade on its light panel, as the board shows it (a black peg on the bare card of a dark
        # theme would all but vanish)
        pad = max(2, round(key_d * 0.35))
        panel = pygame.Rect(0, 0, round(key_d * 2.2) + 2 * pad, round(key_d * 2.2) + 2 * pad)
        panel.center = (round(box.right - d * 1.2 + key_d * 0.6), box.centery)
        pygame.draw.rect(surface, pal.GRADE_AREA, panel, border_radius=max(2, key_d // 2))
        for k, black in enumerate((True, True, False)):
            x = box.right - d * 1.2 + (k % 2) * key_d * 1.2
            y = box.centery + (k // 2 - 0.5) * key_d * 1.2
            image = self.app.pegs.key(black, key_d)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_motion(self, surface: pygame.Surface, box: pygame.Rect | None) -> None:
        """A peg dropping into its hole with a small overshoot, again and again at the chosen speed;
        with reduced motion it rests in the hole."""
        if box is None or box.h < 8:
            return
        d = round(box.h * 0.8)
        hole_at = (box.right - d, box.centery)
        hole = self.app.pegs.hole(round(d * 0.66))
        surface.blit(hole, hole.get_rect(center=hole_at))
        if self.app.settings.reduced_motion:
            progress = 1.0
        else:
            progress = min(1.0, (self.time_s % PREVIEW_DROP_S) / (PREVIEW_DROP_S * 0.45))
        start = (box.right - d - box.w * 0.5, box.centery - box.h * 0.2)
        centre = drop_position(start, hole_at, progress)
        size = max(4, round(d * drop_scale(progress)))
        peg = self.app.pegs.peg(pal.palette(self.value("palette"))[1], 1, size, bool(self.value("symbols")))
        surface.blit(peg, peg.get_rect(center=centre))


def _stepper_hot(parts, mouse: tuple[int, int]) -> str | None:
    """Which of a stepper's buttons (its -, value, + parts) the mouse is over."""
    if parts[0].collidepoint(mouse):
        return "minus"
    return "plus" if parts[2].collidepoint(mouse) else None
