"""The lesson's callouts on the real board: a card beside the board, a ring round what it talks about
and a line from the card to it. Functions of (layout, run, lesson, art); drawing only reads.

The card sits in the AsideLayout's column (game/ui/coach_view.py), level with the first thing it
points at where it fits, and a line joins it to the nearest of them along the layout's gutters, never
across a peg, a grading panel or a button (pointer.py); it holds the step's text, why
a full row will be refused (not the row the step asks for; at the last step, the Why-not reason of a
row that cannot be the code), and Next (or "Play Classic" at the end) when the step waits for it.
next_button() gives that button's rectangle to drawing and to the hooks' hit test alike. The card
is drawn into a cached image (redrawn when the step or the reason changes); rings and the line are
drawn live, as they follow the window.
"""

from __future__ import annotations

import pygame

from game.modes.learn import pointer
from game.modes.learn.lesson import Lesson, Target, Wait
from game.play.breaker import BreakerRun
from game.ui import coach_view
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.coach_view import AsideCache, AsideLayout, Line
from game.ui.layout import PlayLayout
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button, draw_card

RING_PX = 3  # the ring round a target
RING_PAD_PX = 5
LINE_PX = 3  # the line from the card to the first target
BUTTON_H_LINES = 1.9  # Next's height, in text lines
PAD_FRAC = 0.07  # the card's padding, of its width


def target_rect(layout: PlayLayout, target: Target) -> pygame.Rect | None:
    """Where `target` is on this layout (None: not on it, such as a button the panel lacks)."""
    kind = target.kind
    if kind == "palette":
        return layout.palette_rect(target.col)
    if kind == "slot":
        return layout.slot_rect(target.row, target.col)
    if kind == "button":
        return layout.button_rect(target.name)
    if kind == "grades":
        return layout.grade_rect(target.row)
    if kind == "grade":
        return layout.grade_peg_rect(target.row, target.col)
    if kind == "row":
        return layout.row_rect(target.row)
    if kind == "secret":
        return layout.secret_cover_rect()
    raise ValueError(f"a lesson points at palette, slot, button, grades, grade, row or secret, not {kind!r}")


def card_lines(lesson: Lesson, run: BreakerRun) -> list[Line]:
    """What the card says: where the lesson is, the step, and a refused row's reason at the end."""
    step = lesson.step
    steps = len(lesson.steps)
    lines = [Line(f"Step {lesson.index + 1} of {steps}", "head"), Line(step.text)]
    if None not in run.draft and not run.game.over:  # a full row the step will not take: why, here
        if step.wait is Wait.WIN:
            reason = run.why_not
            if reason is not None:
                lines.append(Line(f"Not that one: {reason.text()}.", "warn"))
        elif step.wait is Wait.SUBMIT and (refused := lesson.refusal(run.draft)) is not None:
            lines.append(Line(f"Not that row: {refused}.", "warn"))
    lines.append(Line("Esc leaves the lesson.", "dim"))
    return lines


def button_h(layout: PlayLayout, text: TextRenderer) -> int:
    """Next's height: as tall as the panel's buttons (at least), so a Next beside Clear row reads at
    its size."""
    return max(round(text.font(_px(layout)).get_linesize() * BUTTON_H_LINES), layout.button_h)


def _px(layout: PlayLayout) -> int:
    return coach_view.text_px(layout.size) + 3  # a lesson is read closely: a little larger


def card_rect(layout: AsideLayout, text: TextRenderer, lesson: Lesson, run: BreakerRun) -> pygame.Rect:
    """The card: the aside's width, as tall as its text (and button), level with what it points at."""
    aside = layout.aside
    pad = max(6, round(aside.w * PAD_FRAC))
    px = _px(layout)
    inner = pygame.Rect(0, 0, aside.w - 2 * pad, aside.h)
    height = coach_view.draw_lines(None, text, inner, card_lines(lesson, run), px) + 2 * pad
    if lesson.step.wait in (Wait.NEXT, Wait.DONE):
        height += button_h(layout, text) + pad
    height = min(aside.h, height)
    targets = [r for r in (target_rect(layout, t) for t in lesson.step.targets) if r is not None]
    centre = targets[0].centery if targets else aside.centery
    top = max(aside.y, min(aside.bottom - height, centre - height // 3))
    return pygame.Rect(aside.x, top, aside.w, height)


def next_button(layout: PlayLayout, text: TextRenderer, lesson: Lesson, run: BreakerRun) -> pygame.Rect:
    """Next's rectangle at the bottom of the card (an empty one when the step does not wait for it)."""
    if not isinstance(layout, AsideLayout) or lesson.step.wait not in (Wait.NEXT, Wait.DONE):
        return pygame.Rect(0, 0, 0, 0)
    card = card_rect(layout, text, lesson, run)
    pad = max(6, round(card.w * PAD_FRAC))
    height = button_h(layout, text)
    width = min(card.w - 2 * pad, max(card.w // 2, 140))
    return pygame.Rect(card.right - pad - width, card.bottom - pad - height, width, height)


def draw_lesson(
    surface: pygame.Surface,
    layout: PlayLayout,
    run: BreakerRun,
    lesson: Lesson,
    art: Art,
    cache: AsideCache,
    mouse: tuple[int, int],
    routes: dict,
) -> None:
    """The rings, the pointer (its route kept in `routes`, view state), the card and its Next."""
    if not isinstance(layout, AsideLayout):
        return
    targets = [r for r in (target_rect(layout, t) for t in lesson.step.targets) if r is not None]
    for rect in targets:
        pygame.draw.rect(surface, pal.SELECTION, rect.inflate(2 * RING_PAD_PX, 2 * RING_PAD_PX), RING_PX, 8)
    card = card_rect(layout, art.text, lesson, run)
    rings = [rect.inflate(2 * RING_PAD_PX, 2 * RING_PAD_PX) for rect in targets]
    key = (layout.size, lesson.index, tuple(card))
    if key not in routes:  # worked out once a step and window size (drawing reads it every frame)
        routes.clear()
        routes[key] = pointer.route(layout, card, rings, LINE_PX) if rings else []
    points = routes[key]
    if len(points) >= 2:  # along the gutters, from the card's edge to the nearest ring's side
        pygame.draw.lines(surface, pal.SELECTION, False, points, LINE_PX)
        for corner in points[1:-1]:  # rounded bends
            pygame.draw.circle(surface, pal.SELECTION, corner, LINE_PX // 2)
        pygame.draw.circle(surface, pal.SELECTION, points[-1], LINE_PX + 2)
    lines = card_lines(lesson, run)
    px = _px(layout)

    def render(image: pygame.Surface, rect: pygame.Rect) -> None:
        draw_card(image, rect, edge=pal.SELECTION)
        pad = max(6, round(rect.w * PAD_FRAC))
        coach_view.draw_lines(image, art.text, rect.inflate(-2 * pad, -2 * pad), lines, px)

    cache.blit(surface, card, (lesson.index, tuple(lines), art.key), render)
    button = next_button(layout, art.text, lesson, run)
    if button.w:
        label = "Play Classic" if lesson.step.wait is Wait.DONE else "Next"
        draw_button(surface, art.text, button, label, primary=True, hot=button.collidepoint(mouse))
