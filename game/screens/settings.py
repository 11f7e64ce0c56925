"""The settings screen: palette, symbols on pegs, sound, volume, music, music volume, animation speed,
reduced motion, fullscreen, the coach and hard mode (for the games started from then on).

An overlay. Every change makes a new app.settings value at once (Session.change_settings, which
the sound follows) and is written to the store when the screen closes (Session.persist_settings,
also called on quit). Keyboard: Up/Down pick a row, Left/Right change it, Space/Enter toggle,
Esc closes; the mouse works on every control. A strip of pegs previews the palette and symbols.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pygame

from game.screens.base import Pop, State, Transition
from game.settings import ANIMATION_SPEEDS
from game.ui import palette as pal
from game.ui.layout_screens import SettingsLayout
from game.ui.pad_actions import pad_keys
from game.ui.widgets import draw_button, draw_card, draw_stepper, draw_toggle, shade

ROWS = (
    "palette",
    "symbols",
    "sound",
    "volume",
    "music",
    "music_volume",
    "animation_speed",
    "reduced_motion",
    "fullscreen",
    "coach",
    "hard_mode",
)
LABELS = MappingProxyType(
    {
        "palette": "Colours",
        "symbols": "Symbols on pegs",
        "sound": "Sound (M)",
        "volume": "Volume",
        "music": "Music",
        "music_volume": "Music volume",
        "animation_speed": "Animation speed",
        "reduced_motion": "Reduced motion",
        "fullscreen": "Fullscreen (F11)",
        "coach": "Coach",
        "hard_mode": "Hard mode",
    }
)
HINTS = MappingProxyType(
    {
        "palette": "Colour-blind safe uses the Okabe-Ito colours; symbols tell pegs apart in either palette.",
        "symbols": "A shape on every peg, so no colour has to be told apart by hue alone.",
        "sound": "Effects for pegs, grades, wins and losses. M switches them off or on anywhere.",
        "volume": "Loudness of every effect.",
        "music": "A quiet synthesised loop behind every screen; M silences it with the effects.",
        "music_volume": "Loudness of the music on its own; the effects keep their volume.",
        "animation_speed": "How fast pegs snap and grading pegs pop in.",
        "reduced_motion": "No fades, no confetti, no pulsing; animations finish quickly.",
        "fullscreen": "The whole screen at its own resolution. F11 or Alt+Enter switches anywhere.",
        "coach": "New games show Why not?, What we know and Par; they score nothing and count apart.",
        "hard_mode": "New games refuse a guess that cannot be the code; scored, with statistics apart.",
    }
)
# The lines for a setting that is off, where the line above describes it on.
HINTS_OFF = MappingProxyType(
    {
        "palette": "Colour-blind safe uses the Okabe-Ito colours; symbols are off: pegs differ by colour.",
        "symbols": "Off: pegs differ by colour alone. Turn on for a shape on every peg.",
        "sound": "Off: no effects and no music. M switches them back on anywhere.",
        "music": "Off: effects only. Turn on for a quiet synthesised loop behind every screen.",
        "fullscreen": "Off: a window you can resize. F11 or Alt+Enter switches anywhere.",
        "coach": "Off: no coach. On: new games explain what the grades rule out (no score).",
        "hard_mode": "Off: any guess goes. On: new games take only guesses that fit every grade.",
    }
)
VOLUME_STEP = 0.1
SPEED_LABELS = MappingProxyType({0.5: "Slow", 1.0: "Normal", 1.5: "Fast", 2.0: "Fastest"})
KINDS: Mapping[str, tuple[str, int]] = MappingProxyType(
    {
        "palette": ("segments", len(pal.PALETTE_NAMES)),
        "symbols": ("toggle", 0),
        "sound": ("toggle", 0),
        "volume": ("stepper", 0),
        "music": ("toggle", 0),
        "music_volume": ("stepper", 0),
        "animation_speed": ("segments", len(ANIMATION_SPEEDS)),
        "reduced_motion": ("toggle", 0),
        "fullscreen": ("toggle", 0),
        "coach": ("toggle", 0),
        "hard_mode": ("toggle", 0),
    }
)


def hint(name: str, settings: Any) -> str:
    """The line under the rows for setting `name`, describing `settings` as they are."""
    off = {"palette": not settings.symbols, "symbols": not settings.symbols}.get(name)
    if off is None and name in HINTS_OFF:
        off = not getattr(settings, name)
    return HINTS_OFF[name] if off else HINTS[name]


def _nearest(values: tuple[float, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


class SettingsState(State):
    """All the player's settings on one card."""

    is_overlay = True
    pad_keys = pad_keys(confirm=pygame.K_SPACE)  # a pad's A switches a row, never closes the screen

    def __init__(self) -> None:
        self.focus = 0
        self.mouse = (-1, -1)

    def layout(self) -> SettingsLayout:
        return SettingsLayout(self.app.surface.get_size(), ROWS)

    def value(self, name: str) -> Any:
        return getattr(self.app.settings, name)

    def change(self, name: str, part: int | str | tuple[str, int]) -> None:
        """Apply one click or key to row `name`.

        part: a segment index (click), ("step", +-1) (arrow keys), "minus"/"plus" (volume), "toggle".
        """
        if name == "palette":
            names = pal.PALETTE_NAMES
            current = names.index(self.value("palette")) if self.value("palette") in names else 0
            value: Any = names[self._step_or_pick(current, part, len(names))]
        elif name == "animation_speed":
            current = _nearest(ANIMATION_SPEEDS, float(self.value(name)))
            value = ANIMATION_SPEEDS[self._step_or_pick(current, part, len(ANIMATION_SPEEDS))]
        elif KINDS[name][0] == "stepper":
            delta = {"minus": -1, "plus": 1}.get(part, 0) if isinstance(part, str) else 0
            value = min(1.0, max(0.0, round(float(self.value(name)) + delta * VOLUME_STEP, 2)))
        else:
            value = not bool(self.value(name))
        self.app.session.change_settings(**{name: value})
        self.app.sound.play("click")

    @staticmethod
    def _step_or_pick(current: int, part: int | str | tuple[str, int], count: int) -> int:
        """A segment click picks it; ("step", +-1) moves and stops at the ends; "toggle" cycles."""
        if isinstance(part, tuple):
            return max(0, min(count - 1, current + part[1]))
        if isinstance(part, int):
            return max(0, min(count - 1, part))
        return (current + 1) % count

    def handle(self, event: pygame.event.Event) -> Transition | State | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            layout = self.layout()
            if layout.hit_button(event.pos) == "back":
                return self._close()
            hit = layout.hit_row(event.pos, KINDS)
            if hit is not None:
                name, part = hit
                self.focus = ROWS.index(name)
                if part != "label" or KINDS[name][0] == "toggle":
                    self.change(name, "toggle" if part == "label" else part)
        elif event.type == pygame.KEYDOWN:
            name = ROWS[self.focus]
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self._close()
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(ROWS)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(ROWS)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                kind = KINDS[name][0]
                if kind == "segments":
                    self.change(name, ("step", step))
                elif kind == "stepper":
                    self.change(name, "plus" if step > 0 else "minus")
                else:
                    self.change(name, "toggle")
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                if KINDS[name][0] == "toggle" or name == "palette":
                    self.change(name, "toggle")
                elif event.key != pygame.K_SPACE:
                    return self._close()
        return None

    def _close(self) -> Transition:
        self.app.session.persist_settings()
        return Pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        layout = self.layout()
        text = self.app.text
        draw_card(surface, layout.card)
        text.draw_in(
            surface, "Settings", layout.title_rect.inflate(0, -layout.title_rect.h // 4), pal.TEXT, 56
        )
        for i, name in enumerate(ROWS):
            label = layout.labels[name]
            focused = i == self.focus
            if focused:
                pygame.draw.rect(surface, pal.SELECTION, layout.row_rect(name), width=2, border_radius=8)
            ink = pal.TEXT if focused else pal.TEXT_DIM
            text.draw_in(surface, LABELS[name], label.inflate(-8, -label.h // 3), ink, 40, align="midleft")
            self._draw_control(surface, layout, name)
        hint_box = layout.hint_rect
        words = hint(ROWS[self.focus], self.app.settings)
        size_px, lines = text.fit_wrapped(words, hint_box.w, hint_box.h, 26)
        line_h = text.font(size_px).get_linesize()
        for i, line in enumerate(lines):
            at = (hint_box.centerx, hint_box.y + i * line_h)
            text.draw(surface, line, size_px, pal.TEXT_DIM, at, "midtop")
        self._draw_preview(surface, layout)
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Done", primary=True, hot=back.collidepoint(self.mouse))

    def _draw_control(self, surface: pygame.Surface, layout: SettingsLayout, name: str) -> None:
        text = self.app.text
        kind = KINDS[name][0]
        if name == "palette":
            current = self.value(name)
            for rect, option in zip(
                layout.segments(name, len(pal.PALETTE_NAMES)), pal.PALETTE_NAMES, strict=True
            ):
                draw_button(
                    surface,
                    text,
                    rect,
                    pal.PALETTE_LABELS[option],
                    primary=option == current,
                    hot=rect.collidepoint(self.mouse),
                )
        elif name == "animation_speed":
            current = _nearest(ANIMATION_SPEEDS, float(self.value(name)))
            for i, rect in enumerate(layout.segments(name, len(ANIMATION_SPEEDS))):
                draw_button(
                    surface,
                    text,
                    rect,
                    SPEED_LABELS[ANIMATION_SPEEDS[i]],
                    primary=i == current,
                    hot=rect.collidepoint(self.mouse),
                )
        elif kind == "stepper":
            volume = float(self.value(name))  # volume or music_volume
            parts = layout.stepper_parts(name)
            hot = (
                "minus"
                if parts[0].collidepoint(self.mouse)
                else "plus"
                if parts[2].collidepoint(self.mouse)
                else None
            )
            draw_stepper(surface, text, parts, f"{round(volume * 100)}%", volume > 0, volume < 1, hot)
        else:
            rect = layout.toggle_rect(name)
            draw_toggle(surface, text, rect, bool(self.value(name)), hot=rect.collidepoint(self.mouse))

    def _draw_preview(self, surface: pygame.Surface, layout: SettingsLayout) -> None:
        preview = layout.preview_rect
        colours = pal.palette(self.value("palette"))
        symbols = bool(self.value("symbols"))
        pitch = preview.w / len(colours)
        d = min(round(pitch * 0.85), preview.h)
        if d < 6:
            return
        for i, rgb in enumerate(colours):
            peg = self.app.pegs.peg(rgb, i, d, symbols)
            x = round(preview.x + i * pitch + (pitch - d) / 2)
            surface.blit(peg, (x, preview.centery - d // 2))
