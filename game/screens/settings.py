"""The settings screen: palette, symbols on pegs, sound, volume, music, music volume, animation speed,
reduced motion, fullscreen, the coach and hard mode (for the games started from then on).

An overlay. Every change makes a new app.settings value at once (Session.change_settings, which
the sound follows) and is written to the store when the screen closes (Session.persist_settings,
also called on quit). Keyboard: Up/Down pick a row, Left/Right change it, Space/Enter toggle,
Esc closes; the mouse works on every control.

The rows stand in aligned cards by what they change (GROUPS: Look, Sound, Motion, Window; a row
no group names, as a new setting, goes in "More"), in plain words, with live previews: the look's
card shows a row of pegs graded as on the board in the chosen colours and symbols, the motion's a
peg dropping into its hole again and again at the chosen speed (still under reduced motion).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pygame

from game.screens.base import Pop, State, Transition
from game.settings import ANIMATION_SPEEDS
from game.ui import palette as pal
from game.ui import theme
from game.ui.juice import drop_position, drop_scale
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
        "palette": "Peg colours",
        "symbols": "Shapes on pegs",
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
GROUPS: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("Look", ("palette", "symbols"), "look"),
    ("Sound", ("sound", "volume", "music", "music_volume"), None),
    ("Motion", ("animation_speed", "reduced_motion"), "motion"),
    ("Window", ("fullscreen",), None),
)
PREVIEW_DROP_S = 1.4  # one loop of the motion preview (a peg dropping in, then resting), at speed 1
VOLUME_STEP = 0.1
SPEED_LABELS = MappingProxyType({0.5: "Slow", 1.0: "Normal", 1.5: "Fast", 2.0: "Fastest"})
KINDS: Mapping[str, tuple[str, int]] = MappingProxyType(
    {
        "palette": ("cycle", len(pal.PALETTE_NAMES)),
        "symbols": ("toggle", 0),
        "sound": ("toggle", 0),
        "volume": ("stepper", 0),
        "music": ("toggle", 0),
        "music_volume": ("stepper", 0),
        "animation_speed": ("stepper", len(ANIMATION_SPEEDS)),
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


def groups() -> tuple[tuple[str, tuple[str, ...], str | None], ...]:
    """GROUPS, and every row none of them names in a last group, "More"."""
    named = {row for _, rows, _ in GROUPS for row in rows}
    rest = tuple(row for row in ROWS if row not in named)
    return GROUPS + ((("More", rest, None),) if rest else ())


def _nearest(values: tuple[float, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


class SettingsState(State):
    """All the player's settings on one card."""

    is_overlay = True
    pad_keys = pad_keys(confirm=pygame.K_SPACE)  # a pad's A switches a row, never closes the screen

    def __init__(self) -> None:
        self.focus = 0
        self.mouse = (-1, -1)
        self.time_s = 0.0  # drives the motion preview

    def layout(self) -> SettingsLayout:
        return SettingsLayout(self.app.surface.get_size(), ROWS, groups())

    def update(self, dt: float) -> Transition | State | None:
        self.time_s += dt * self.app.settings.animation_speed
        return None

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
            part = (
                {"minus": ("step", -1), "plus": ("step", 1)}.get(part, part)
                if isinstance(part, str)
                else part
            )
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
                if part != "label" or KINDS[name][0] in ("toggle", "cycle"):
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
                if kind in ("segments", "cycle"):  # an arrow steps, and stops at the ends
                    self.change(name, ("step", step))
                elif kind == "stepper":
                    self.change(name, "plus" if step > 0 else "minus")
                else:
                    self.change(name, "toggle")
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                if KINDS[name][0] in ("toggle", "cycle"):
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
        size = surface.get_size()
        draw_card(surface, layout.card)
        title = layout.title_rect.inflate(0, -layout.title_rect.h // 4)
        text.draw_in(surface, "Settings", title, pal.TEXT, theme.type_px(size, "title"))
        for _, rect in layout.groups:
            theme.draw_raised(
                surface, rect, pal.BUTTON_DISABLED, radius=theme.card_radius(rect), shadow=False
            )
        heading_px = min(
            text.fit_size(words.upper(), rect.w / 2, rect.h, theme.type_px(size, "label"))
            for words, rect in layout.headings
        )
        for words, rect in layout.headings:
            text.draw(surface, words.upper(), heading_px, pal.TEXT_DIM, rect.midleft, align="midleft")
        label_px = min(
            text.fit_size(
                LABELS.get(name, name),
                layout.labels[name].w - 8,
                layout.labels[name].h * 0.62,
                theme.type_px(size, "body"),
            )
            for name in ROWS
        )
        for i, name in enumerate(ROWS):
            label = layout.labels[name]
            focused = i == self.focus
            if focused:
                pygame.draw.rect(surface, pal.SELECTION, layout.row_rect(name), width=2, border_radius=8)
            ink = pal.TEXT if focused else pal.TEXT_DIM
            text.draw(
                surface, LABELS.get(name, name), label_px, ink, label.move(4, 0).midleft, align="midleft"
            )
            self._draw_control(surface, layout, name)
        hint_box = layout.hint_rect
        words = hint(ROWS[self.focus], self.app.settings)
        size_px, lines = text.fit_wrapped(words, hint_box.w, hint_box.h, theme.type_px(size, "body"))
        line_h = text.font(size_px).get_linesize()
        top = hint_box.centery - len(lines) * line_h / 2
        for i, line in enumerate(lines):
            text.draw(surface, line, size_px, pal.TEXT_DIM, (hint_box.centerx, top + i * line_h), "midtop")
        self._draw_look(surface, layout.previews.get("look"))
        self._draw_motion(surface, layout.previews.get("motion"))
        back = layout.buttons["back"]
        draw_button(surface, text, back, "Done", primary=True, hot=back.collidepoint(self.mouse))

    def _draw_control(self, surface: pygame.Surface, layout: SettingsLayout, name: str) -> None:
        text = self.app.text
        kind = KINDS[name][0]
        if name == "palette":  # one button naming the palette in use; a click or an arrow switches it
            rect = layout.controls[name]
            words = pal.PALETTE_LABELS.get(self.value(name), str(self.value(name)))
            draw_button(surface, text, rect, f"< {words} >", hot=rect.collidepoint(self.mouse))
        elif name == "animation_speed":
            current = _nearest(ANIMATION_SPEEDS, float(self.value(name)))
            parts = layout.stepper_parts(name)
            hot = _stepper_hot(parts, self.mouse)
            words = SPEED_LABELS[ANIMATION_SPEEDS[current]]
            draw_stepper(surface, text, parts, words, current > 0, current < len(ANIMATION_SPEEDS) - 1, hot)
        elif kind == "stepper" and name != "animation_speed":
            volume = float(self.value(name))  # volume or music_volume
            parts = layout.stepper_parts(name)
            hot = _stepper_hot(parts, self.mouse)
            draw_stepper(surface, text, parts, f"{round(volume * 100)}%", volume > 0, volume < 1, hot)
        else:
            rect = layout.toggle_rect(name)
            draw_toggle(surface, text, rect, bool(self.value(name)), hot=rect.collidepoint(self.mouse))

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
