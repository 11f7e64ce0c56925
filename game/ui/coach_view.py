"""The coach beside the board: Why not?, What we know and Par, and hard mode's reason for a refusal.

A coached or hard game is played on an AsideLayout: the playing screen's layout with a column (the
aside) carved off the right of the board's area, so the board and palette fit the rest and nothing
the coach says ever covers a peg. A lesson's callouts (game/modes/learn/) use the same column.

What the aside says is a list of Lines made from the run, the coach and the aids (coach_lines(),
a function of what they expose, so a test can read it without drawing); draw_aside() flows them
top-down into the aside's card, wrapped to its width, and drops the facts that do not fit (the
strongest come first). The card is drawn into a cached image (AsideCache), redrawn only when its
lines or size change: an idle frame costs one blit, however long the coach's text.

Drawing only reads: the coach is pumped by the playing screen's hooks (game/screens/play_hooks.py),
never here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.config import GameConfig
from game.core.par import Par, ParMove
from game.core.variants.base import Nouns
from game.play.aids import Aids
from game.play.breaker import BreakerRun
from game.play.coach import Coach
from game.ui import looks
from game.ui import palette as pal
from game.ui.board import Art
from game.ui.layout import PlayLayout
from game.ui.text import TextRenderer
from game.ui.widgets import draw_card

ASIDE_FRAC = 0.34  # the aside's share of the board's area (board, palette and aside side by side)
ASIDE_MIN_PX, ASIDE_MAX_PX = 150, 440
ASIDE_PAD_FRAC = 0.06  # the card's padding, of its width
LINE_PX = (15, 24)  # the aside's text size: from the window's height, within these
HEAD_SCALE = 1.2  # a heading is this much larger than the text under it
SECTION_GAP_LINES = 0.5  # air above a heading, in lines
MOVES_SHOWN = 2  # the par moves of this many latest rows
COLOUR_NOUNS = Nouns()  # a game of colours' words for its codes


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


class AsideLayout(PlayLayout):
    """The playing screen's layout with `aside`, a column on the right of the board's area."""

    aside: pygame.Rect

    def _fit_board(self, area: pygame.Rect) -> None:
        width = round(_clamp(area.w * ASIDE_FRAC, ASIDE_MIN_PX, ASIDE_MAX_PX))
        width = min(width, area.w // 2)  # a very narrow window still keeps half for the board
        self.aside = pygame.Rect(area.right - width, area.y, width, area.h)
        super()._fit_board(pygame.Rect(area.x, area.y, area.w - width - self.margin, area.h))


def aside_layout(
    size: tuple[int, int], config: GameConfig, items: tuple[tuple[str, float], ...], buttons: tuple[str, ...]
) -> AsideLayout:
    """An AsideLayout for `config` with the side panel `items` (`buttons` clickable among them)."""
    shape = config.variant.shape
    return AsideLayout(size, config.pegs, config.colours, config.turns, items, buttons, shape=shape)


@dataclass(frozen=True)
class Line:
    """One paragraph of the aside: `style` is "head", "text", "dim", "warn" or "fact" (a bullet)."""

    text: str
    style: str = "text"


COLOURS = {"head": "SELECTION", "text": "TEXT", "dim": "TEXT_DIM", "warn": "TEXT_WARN", "fact": "TEXT"}


def _guesses(value: float, exact: bool) -> str:
    return f"{value:.2f}" if exact else f"~{value:.1f}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def why_not_lines(run: BreakerRun, hard: bool) -> list[Line]:
    """Why the full row being built cannot be the code, or that it can; how to get a reason."""
    if run.game.over:
        return []
    if None in run.draft:
        return [Line("Fill the row: it is checked against every grade so far.", "dim")]
    reason = run.why_not
    if reason is None:
        noun = run.config.variant.nouns.code
        return [Line(f"Row {run.turn} fits every grade so far: it could be the {noun}.", "dim")]
    refused = " Hard mode refuses it." if hard else ""
    return [Line(_capital(reason.text()) + "." + refused, "warn")]


def known_lines(coach: Coach, config: GameConfig) -> list[Line]:
    known = coach.known
    if coach.error is not None:
        return [Line(_capital(coach.error), "warn")]
    if known is None:
        return [Line("Working it out…", "dim")]
    fit = "fits" if known.possible == 1 else "fit"
    lines = [Line(f"{config.variant.nouns.count(known.possible)} {fit} every grade so far.", "dim")]
    if not known.facts:
        lines.append(Line("Nothing else is certain yet.", "dim"))
    return lines + [Line(_capital(fact.text(config)), "fact") for fact in known.facts]


def par_lines(coach: Coach, rows: int, nouns: Nouns = COLOUR_NOUNS) -> list[Line]:
    par: Par | None = coach.par
    lines = []
    if par is None:
        lines.append(Line("Working it out…", "dim"))
    elif par.possible == 1:
        lines.append(Line(f"Par 1: the {nouns.code} is known; play it.", "text"))
    else:
        said = f"Par {par.text()}: guesses best play needs from here, the next one included."
        lines.append(Line(said, "text"))
    for row in range(rows - 1, max(-1, rows - 1 - MOVES_SHOWN), -1):
        move: ParMove | None = coach.moves.get(row)
        if move is None:
            lines.append(Line(f"Row {row + 1}: weighing it…", "dim"))
            continue
        mine = _guesses(move.guess_value, move.guess_exact)
        best = move.before.text()
        verdict = "a best guess" if move.cost < 0.005 else f"{move.cost:.2f} more than the best guess"
        said = f"Row {row + 1}: par {best} to {move.after.text()}; your guess {mine}, {verdict}."
        lines.append(Line(said, "dim"))
    return lines


def coach_lines(run: BreakerRun, coach: Coach | None, aids: Aids) -> list[Line]:
    """Everything the aside says for a game played with `aids`, strongest first within each section."""
    lines: list[Line] = []
    if aids.hard:
        lines += [Line("Hard mode", "head"), Line("Every guess must fit every grade so far.", "dim")]
    if coach is None or not aids.coached:
        if aids.hard and None not in run.draft and run.why_not is not None:
            lines += why_not_lines(run, hard=True)
        return lines
    lines.append(Line("Why not?", "head"))
    lines += why_not_lines(run, aids.hard)
    lines.append(Line("What we know", "head"))
    lines += known_lines(coach, run.config)
    lines.append(Line("Par", "head"))
    lines += par_lines(coach, len(run.game.rows), run.config.variant.nouns)
    return lines


def text_px(size: tuple[int, int]) -> int:
    return round(_clamp(size[1] * 0.03, *LINE_PX))


def draw_lines(
    surface: pygame.Surface | None, text: TextRenderer, box: pygame.Rect, lines: Sequence[Line], px: int
) -> int:
    """Flow `lines` into `box` from its top; a line that no longer fits is left out, and so is the
    rest of its section's facts. Returns the y below the last line drawn (`surface` None: only
    measures, by the same rules)."""
    y = box.y
    for index, line in enumerate(lines):
        size = round(px * HEAD_SCALE) if line.style == "head" else px
        line_h = text.font(size).get_linesize()
        if line.style == "head" and index:
            y += round(line_h * SECTION_GAP_LINES)
        indent = round(px * 0.9) if line.style == "fact" else 0
        wrapped = text.wrap(line.text, size, box.w - indent)
        if y + line_h * len(wrapped) > box.bottom:
            if line.style == "fact":
                continue  # a weaker fact gives way; a later heading may still fit
            break
        if surface is None:
            y += line_h * len(wrapped)
            continue
        if line.style == "fact":
            centre = (box.x + indent // 3, y + line_h // 2)
            pygame.draw.circle(surface, pal.SELECTION, centre, max(2, px // 7))
        ink = getattr(pal, COLOURS[line.style])
        for part in wrapped:
            text.draw(surface, part, size, ink, (box.x + indent, y), align="topleft")
            y += line_h
    return y


class AsideCache:
    """The aside's card as an image, redrawn only when what it shows or its size changes."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._image: pygame.Surface | None = None

    def blit(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple, render) -> None:
        key = (rect.size, looks.current().key, *key)
        if self._image is None or key != self._key:
            self._image = pygame.Surface(rect.size, pygame.SRCALPHA)
            render(self._image, self._image.get_rect())
            self._key = key
        surface.blit(self._image, rect)


def draw_aside(
    surface: pygame.Surface, layout: AsideLayout, lines: Sequence[Line], art: Art, cache: AsideCache
) -> None:
    """The aside's card with `lines` flowed into it (through `cache`)."""

    def render(image: pygame.Surface, rect: pygame.Rect) -> None:
        draw_card(image, rect)
        pad = max(6, round(rect.w * ASIDE_PAD_FRAC))
        px = art.text.at_least(text_px(layout.size))  # never below what a player must read
        draw_lines(image, art.text, rect.inflate(-2 * pad, -2 * pad), lines, px)

    cache.blit(surface, layout.aside, (tuple(lines), art.key), render)
