"""A small card for typing one thing in and starting a game from it: Play by number, the Daily archive.

EntryLayout gives every rectangle (title, a paragraph, the field, steppers either side of it when
asked, a line under it, a row of choices, the buttons) from the window size, and hit-tests over the
same rectangles; draw_entry() draws the card from plain values. Drawing only reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import palette as pal
from game.ui.layout import button_height_px, button_row, dialog_rect, margin_px
from game.ui.text import TextRenderer
from game.ui.widgets import button_label_px, draw_button, draw_card

FIELD_W_FRAC = 0.62  # the field's share of the card's width (steppers sit beside it)
CARET = "|"  # measured as the caret's room; drawn as a bar


class EntryLayout:
    """The card's rectangles; `choices` segments under the field, `steppers` a - and + beside it.
    `choice_weights` (one a choice) share the row's width among them, so a long name ("Bulls & Cows")
    gets a wider button; the row then spans the steppers too."""

    def __init__(
        self,
        size: tuple[int, int],
        buttons: Sequence[str],
        choices: int = 0,
        steppers: bool = False,
        choice_weights: Sequence[float] | None = None,
    ) -> None:
        self.size = size
        self.card = card = dialog_rect(size, 0.62, 0.66, 480, 400)
        m = margin_px(size)
        bh = button_height_px(size)
        self.buttons = button_row(card, buttons, bh, 2 * m)
        inner = card.inflate(-4 * m, 0)
        self.title = pygame.Rect(inner.x, card.y + m, inner.w, round(card.h * 0.14))
        bottom = min(rect.y for rect in self.buttons.values()) - m
        field_h = round(bh * 1.15)
        status_h = round(bh * 0.75)
        choices_h = bh if choices else 0
        below = field_h + status_h + (choices_h + m if choices else 0) + 2 * m
        intro_top = self.title.bottom + m
        self.intro = pygame.Rect(inner.x, intro_top, inner.w, bottom - below - intro_top)
        field_w = round(card.w * FIELD_W_FRAC)
        y = self.intro.bottom + m
        self.field = pygame.Rect(card.centerx - field_w // 2, y, field_w, field_h)
        self.minus = self.plus = None
        if steppers:
            side = field_h
            self.minus = pygame.Rect(self.field.x - m - side, y, side, side)
            self.plus = pygame.Rect(self.field.right + m, y, side, side)
        self.status = pygame.Rect(inner.x, self.field.bottom + m // 2, inner.w, status_h)
        self.choices: list[pygame.Rect] = []
        if choices:
            top = self.status.bottom + m // 2
            left, right = self.field.x, self.field.right
            weights = [1.0] * choices
            if choice_weights is not None:
                weights = list(choice_weights)
                left, right = (self.minus or self.field).x, (self.plus or self.field).right
            room = right - left - (choices - 1) * m
            x = float(left)
            for weight in weights:
                width = room * weight / sum(weights)
                self.choices.append(pygame.Rect(round(x), top, round(width), choices_h))
                x += width + m

    def hit_test(self, pos: tuple[int, int]) -> str | int | None:
        """A button's name, "minus" or "plus", a choice's index, "field", or None."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        for name, rect in (("minus", self.minus), ("plus", self.plus), ("field", self.field)):
            if rect is not None and rect.collidepoint(pos):
                return name
        for index, rect in enumerate(self.choices):
            if rect.collidepoint(pos):
                return index
        return None


@dataclass(frozen=True)
class EntryView:
    """What the card shows: `value` typed so far (or `placeholder` in its place, dimmed), `status` under it
    (`warn`: as a warning), the choices with the one `chosen`, and the buttons' labels."""

    title: str
    intro: str
    value: str
    placeholder: str
    status: str
    warn: bool
    buttons: dict[str, str]
    primary: str
    enabled: frozenset[str]
    choices: tuple[str, ...] = ()
    chosen: int = 0
    caret: bool = True  # False: `value` is a choice shown, not text being typed


def draw_entry(
    surface: pygame.Surface, text: TextRenderer, layout: EntryLayout, view: EntryView, mouse: tuple[int, int]
) -> None:
    draw_card(surface, layout.card)
    text.draw_in(surface, view.title, layout.title, pal.TEXT, 56)
    size, lines = text.fit_wrapped(view.intro, layout.intro.w, layout.intro.h, 26)
    line_h = text.font(size).get_linesize()
    top = layout.intro.centery - len(lines) * line_h / 2
    for i, line in enumerate(lines):
        text.draw(surface, line, size, pal.TEXT_DIM, (layout.intro.centerx, top + i * line_h), align="midtop")
    field = layout.field
    pygame.draw.rect(surface, pal.HOLE, field, border_radius=8)
    pygame.draw.rect(surface, pal.SELECTION, field, width=2, border_radius=8)
    box = field.inflate(-field.h // 2, -field.h // 4)
    if view.value and view.caret:  # the value and a caret after it, fitted together, the caret drawn
        px = text.fit_size(view.value + CARET, box.w, box.h, 48)  # as a bar: the face's "|" is taller
        left = box.centerx - text.size(view.value + CARET, px)[0] // 2  # than its line
        drawn = text.draw(surface, view.value, px, pal.TEXT, (left, box.centery), align="midleft")
        bar = pygame.Rect(drawn.right + max(1, px // 16), drawn.y, max(2, px // 12), drawn.h)
        pygame.draw.rect(surface, pal.TEXT, bar)
    else:
        ink = pal.TEXT if view.value else pal.TEXT_DIM
        text.draw_in(surface, view.value or view.placeholder, box, ink, 48)
    for label, rect in (("-", layout.minus), ("+", layout.plus)):
        if rect is not None:
            draw_button(surface, text, rect, label, hot=rect.collidepoint(mouse))
    size, lines = text.fit_wrapped(view.status, layout.status.w, layout.status.h, 26)
    colour = pal.TEXT_WARN if view.warn else pal.SELECTION
    for i, line in enumerate(lines):
        at = (layout.status.centerx, layout.status.y + i * text.font(size).get_linesize())
        text.draw(surface, line, size, colour, at, align="midtop")
    shown = list(zip(view.choices, layout.choices, strict=False))
    # one label size for the row (narrow buttons would otherwise each fit their own)
    px = button_label_px(text, [rect for _, rect in shown], [label for label, _ in shown]) if shown else None
    for index, (label, rect) in enumerate(shown):
        hot = rect.collidepoint(mouse)
        draw_button(surface, text, rect, label, primary=index == view.chosen, hot=hot, label_px=px)
    for name, rect in layout.buttons.items():
        draw_button(
            surface,
            text,
            rect,
            view.buttons[name],
            primary=name == view.primary,
            enabled=name in view.enabled,
            hot=rect.collidepoint(mouse),
        )
