"""Drawing of the title screen (game/screens/menu.py holds its entries, pages, focus and input): the
logo, the kept games, the presets as cards with a tiny board and your best, the other ways to start,
TODAY's cards with their state, the tile to the other ways of playing, the utility buttons with
their icons, and the sub pages. Drawing only reads; geometry comes from TitleLayout
(game/ui/layout_title.py), the look from game/ui/theme.py.

One size per kind of text on a page (every card's name at one size, every detail at one), so the
screen reads as a hierarchy: the logo, then PLAY and its cards, then the rest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import palette as pal
from game.ui import theme
from game.ui.board import Art
from game.ui.layout_title import TOP, TitleLayout
from game.ui.text import TextRenderer
from game.ui.widgets import draw_button

# the line of keys, longest first: the longest that fits the footer at a readable size is drawn
FOOTER = (
    "Arrows and Enter, or the mouse · Del forgets a kept game · H help · Esc quits",
    "Arrows, Enter or the mouse · Del forgets · H help · Esc quits",
    "H help · Esc quits",
)
FOOTER_NONE_KEPT = (  # with no kept game Del has nothing to forget: the line does not offer it
    "Arrows and Enter, or the mouse · H help · Esc quits",
    "Arrows, Enter or the mouse · H help · Esc quits",
    "H help · Esc quits",
)
SUB_FOOTER = (
    "Arrows and Enter, or the mouse · PgUp/PgDn turn pages · Esc goes back",
    "PgUp/PgDn turn pages · Esc goes back",
    "Esc goes back",
)
# a family of pages one level down
PAGE_TITLES = {"more": "More ways to play", "kept": "Kept games", "people": "Play people"}
ICONS = {"Help": "help", "Statistics": "stats", "High scores": "trophy", "Settings": "gear", "Quit": "power"}
MINI_ROWS = 2  # rows on a preset card's tiny board
MINI_ONE_ROW_BELOW_PX = 12  # ...one row when two would make its pegs smaller than this


@dataclass(frozen=True)
class TitleView:
    """What the title screen shows besides the entries themselves: each preset's best line and each
    card's state lines (by entry index), the entries and which has the focus."""

    entries: Sequence[Any]
    focus: int
    configs: dict[int, Any] = field(default_factory=dict)  # a preset card's GameConfig
    bests: dict[int, str] = field(default_factory=dict)
    status: dict[int, tuple[str, ...]] = field(default_factory=dict)
    more_detail: str = ""


def draw(surface: pygame.Surface, layout: TitleLayout, view: TitleView, art: Art) -> None:
    """The whole page of `layout` (the background or the demo is already drawn)."""
    text = art.text
    title = "" if layout.page == TOP else PAGE_TITLES.get(layout.pages.family(layout.page), "")
    if layout.page == TOP:
        theme.draw_logo(surface, text, layout.logo, art.pegs, art.colours, art.symbols)
    else:
        text.draw_in(surface, title, layout.title, pal.TEXT, theme.type_px(layout.size, "title"))
    heading_px = min(
        (
            text.fit_size(words.upper(), rect.w, rect.h, theme.type_px(layout.size, "label"))
            for words, rect in layout.headings
        ),
        default=0,
    )
    named: set[str] = set()
    for words, rect in layout.headings:
        # a heading stands on the plain background: the demo behind the top page never shows through
        # its words or its rule (a peg behind TODAY)
        surface.fill(pal.BACKGROUND, rect)
        if words.casefold() == title.casefold():
            continue  # the page's own title names it already (Play people)
        if words in named:  # a section flowing on into the next column: its rule, not its name again
            pygame.draw.line(surface, pal.BOARD_EDGE, rect.midleft, rect.midright, 2)
            continue
        named.add(words)
        colour = theme.ACCENT if words == "Play" else pal.TEXT_DIM
        drawn = text.draw(surface, words.upper(), heading_px, colour, rect.midleft, align="midleft")
        if rect.right - drawn.right > 24:
            pygame.draw.line(
                surface, pal.BOARD_EDGE, (drawn.right + 12, drawn.centery), (rect.right, drawn.centery), 2
            )
    kinds = _kinds(layout)
    sizes = _shared_sizes(text, layout, view, kinds)
    for index, rect in enumerate(layout.entries):
        if rect is None:
            continue
        kind = kinds[index]
        focused = index == view.focus
        entry = view.entries[index]
        if kind == "preset":
            _draw_preset(surface, rect, entry, view, index, focused, art, sizes)
        elif kind == "utility":
            _draw_utility(
                surface, rect, entry.label, focused, text, sizes["utility"], sizes["utility_stacked"]
            )
        elif kind == "back":
            draw_button(surface, text, rect, entry.label, focused=focused, hot=focused)
        elif kind == "card":
            _draw_card(
                surface, rect, entry.label, view.status.get(index) or (entry.detail,), focused, text, sizes
            )
        else:
            _draw_bar(surface, rect, entry, focused, text, sizes, accent=kind == "resume")
    kept = any(entry.group == "Resume" for entry in view.entries)
    choices = (FOOTER if kept else FOOTER_NONE_KEPT) if layout.page == TOP else SUB_FOOTER
    fitting = [words for words in choices if text.size(words, text.floor())[0] <= layout.footer.w]
    if fitting:
        text.draw_in(surface, fitting[0], layout.footer, pal.TEXT_DIM, theme.type_px(layout.size, "label"))
    _draw_page_control(surface, layout, text)


def _draw_page_control(surface: pygame.Surface, layout: TitleLayout, text: TextRenderer) -> None:
    """Previous and next page as arrow buttons (dim at the first and last page), the page number
    between them."""
    if layout.page_prev is None or layout.page_next is None:
        return
    number, count = layout.page_number, len(layout.pages.names)
    for rect, step, live in ((layout.page_prev, -1, number > 0), (layout.page_next, 1, number < count - 1)):
        face = theme.draw_raised(
            surface, rect, pal.BUTTON if live else pal.BUTTON_DISABLED, radius=theme.card_radius(rect)
        )
        colour = pal.TEXT if live else pal.TEXT_DIM
        r = face.h * 0.22
        cx, cy = face.centerx, face.centery
        tip = (cx + step * r, cy)
        pygame.draw.polygon(
            surface, colour, [tip, (cx - step * r, cy - r * 1.2), (cx - step * r, cy + r * 1.2)]
        )
    words = f"{number + 1} / {count}"
    text.draw_in(surface, words, layout.page_label, pal.TEXT, theme.type_px(layout.size, "label"))


def _kinds(layout: TitleLayout) -> dict[int, str]:
    plan = layout.plan
    kinds = {i: "bar" for i in range(plan.count)}
    if layout.page != TOP:  # one level down every entry is a bar (a preset's card is the top page's)
        if plan.back is not None:
            kinds[plan.back] = "back"
        return kinds
    kinds.update({i: "preset" for i in plan.presets})
    kinds.update({i: "utility" for i in plan.utilities})
    kinds.update({i: "card" for i in plan.today})
    kinds.update({i: "resume" for i in plan.resume})
    if plan.nav_more is not None:
        kinds[plan.nav_more] = "card"
    if plan.nav_kept is not None:
        kinds[plan.nav_kept] = "resume"
    if plan.back is not None:
        kinds[plan.back] = "back"
    return kinds


def _boxes(rect: pygame.Rect, two_lines: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """Label and detail boxes of a bar: side by side, or the detail under the label."""
    pad = max(8, rect.h // 4)
    # two lines share the bar's height nearly to its edges: the face's line is 1.66 of its capitals
    inner = rect.inflate(-2 * pad, -round(rect.h * (0.1 if two_lines else 0.42)))
    if two_lines:
        top = round(inner.h * 0.5)
        return pygame.Rect(inner.x, inner.y, inner.w, top), pygame.Rect(
            inner.x, inner.y + top, inner.w, inner.h - top
        )
    label_w = round(inner.w * 0.42)
    return (
        pygame.Rect(inner.x, inner.y, label_w, inner.h),
        pygame.Rect(inner.x + label_w + pad, inner.y, inner.w - label_w - pad, inner.h),
    )


def _shared_sizes(text: TextRenderer, layout: TitleLayout, view: TitleView, kinds: dict[int, str]) -> dict:
    """One size per kind of text on the page (card names, details, bar labels, utility labels)."""
    size = layout.size
    by_kind: dict[str, list[int]] = {}
    for i, rect in enumerate(layout.entries):
        if rect is not None:
            by_kind.setdefault(kinds[i], []).append(i)
    sizes: dict[str, Any] = {}
    presets = by_kind.get("preset", [])
    least = text.font(text.floor()).get_height()  # a box never lower than one line at the floor

    def room(i: int, frac: float) -> float:
        return max(layout.entries[i].h * frac, least)

    sizes["name"] = min(
        [
            text.fit_size(
                view.entries[i].label,
                layout.entries[i].w * 0.86,
                room(i, 0.2),
                theme.type_px(size, "heading"),
            )
            for i in presets + by_kind.get("card", [])
        ]
        or [0]
    )
    # a card's lines wrap (a TODAY card's state), a preset's detail and best must fit as they are
    lines = [view.entries[i].detail for i in presets] + [view.bests.get(i, "") for i in presets]
    sizes["line"] = min(
        [
            text.fit_size(words, layout.entries[i].w * 0.88, room(i, 0.14), theme.type_px(size, "label"))
            for i in presets
            for words in lines
            if words
        ]
        + [
            text.fit_size("Hg", 10**6, room(i, 0.14), theme.type_px(size, "label"))
            for i in by_kind.get("card", [])
        ]
        or [0]
    )
    for i in by_kind.get("card", []):  # every line of a card's state fits under its name
        lines_of = view.status.get(i) or (view.entries[i].detail,)
        while sizes["line"] > text.floor() and not _card_fits(text, layout.entries[i], lines_of, sizes):
            sizes["line"] -= 1
    bars = by_kind.get("bar", []) + by_kind.get("resume", [])
    two_lines = any(_needs_two_lines(text, layout.entries[i], view.entries[i]) for i in bars)
    sizes["two_lines"] = two_lines
    label_px, detail_px = [], []
    for i in bars:
        label_box, detail_box = _boxes(layout.entries[i], two_lines)
        entry = view.entries[i]
        label_px.append(text.fit_size(entry.label, label_box.w, label_box.h, theme.type_px(size, "body")))
        if entry.detail:
            detail_px.append(
                text.fit_size(entry.detail, detail_box.w, detail_box.h, theme.type_px(size, "label"))
            )
    sizes["bar"] = min(label_px, default=0)
    sizes["detail"] = min(detail_px + [sizes["bar"] or 10**6]) if detail_px else 0
    utilities = by_kind.get("utility", [])
    labels = [(view.entries[i].label, layout.entries[i]) for i in utilities]
    # the icon beside its label where every label of the row fits so at the floor (else the icon
    # above its label, a narrow window's buttons): one arrangement and one size for the whole row
    floor = text.floor()
    sizes["utility_stacked"] = any(
        text.size(label, floor)[0] > _utility_boxes(rect, False)[1].w for label, rect in labels
    )
    sizes["utility"] = min(
        [
            text.fit_size(
                label, *_utility_boxes(rect, sizes["utility_stacked"])[1].size, theme.type_px(size, "label")
            )
            for label, rect in labels
        ]
        or [0]
    )
    return sizes


def _needs_two_lines(text: TextRenderer, rect: pygame.Rect, entry: Any) -> bool:
    if not entry.detail:
        return False
    label_box, detail_box = _boxes(rect, False)
    floor = text.floor()
    return text.size(entry.label, floor)[0] > label_box.w or text.size(entry.detail, floor)[0] > detail_box.w


def _face(surface: pygame.Surface, rect: pygame.Rect, focused: bool, accent: bool = False) -> pygame.Rect:
    fill = pal.BUTTON_HOT if focused else (pal.BUTTON if accent else pal.BOARD)
    face = theme.draw_raised(surface, rect, fill, radius=theme.card_radius(rect))
    edge = theme.ACCENT if focused else (theme.ACCENT if accent else pal.BOARD_EDGE)
    width = 3 if focused else (2 if accent else 1)
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=theme.card_radius(rect))
    return face


def _draw_bar(surface, rect, entry, focused: bool, text: TextRenderer, sizes: dict, accent: bool) -> None:
    face = _face(surface, rect, focused, accent)
    two = sizes["two_lines"]
    label_box, detail_box = _boxes(face, two)
    text.draw(surface, entry.label, sizes["bar"], pal.TEXT, label_box.midleft, align="midleft")
    if entry.detail:
        align = "midleft" if two else "midright"
        anchor = detail_box.midleft if two else detail_box.midright
        text.draw(surface, entry.detail, sizes["detail"], pal.TEXT_DIM, anchor, align=align)


def _card_box(text: TextRenderer, rect: pygame.Rect, sizes) -> tuple[int, float, float]:
    """(pad, name height, top of the lines) of a card drawn in `rect`."""
    face_h = rect.h - theme.lip_px(rect)
    pad = max(8, round(rect.w * 0.06))
    name_h = max(face_h * 0.34, text.font(sizes["name"]).get_linesize())
    return pad, name_h, rect.y + name_h + pad / 3


def _card_fits(text: TextRenderer, rect: pygame.Rect, lines: Sequence[str], sizes) -> bool:
    pad, _, top = _card_box(text, rect, sizes)
    wrapped = [part for line in lines for part in text.wrap(line, sizes["line"], rect.w - 2 * pad)]
    bottom = rect.y + rect.h - theme.lip_px(rect) - pad / 2
    return top + len(wrapped) * text.font(sizes["line"]).get_linesize() <= bottom


def _draw_card(
    surface, rect, label: str, lines: Sequence[str], focused: bool, text: TextRenderer, sizes
) -> None:
    face = _face(surface, rect, focused)
    pad = max(8, round(face.w * 0.06))
    name_h = max(face.h * 0.34, text.font(sizes["name"]).get_linesize())
    text.draw(
        surface,
        label,
        sizes["name"],
        pal.TEXT,
        (face.x + pad, face.y + name_h / 2 + pad / 3),
        align="midleft",
    )
    line_h = text.font(sizes["line"]).get_linesize()
    top = face.y + name_h + pad / 3
    room = max(1, int((face.bottom - pad / 2 - top) // line_h))
    wrapped = [part for line in lines for part in text.wrap(line, sizes["line"], face.w - 2 * pad)]
    for k, line in enumerate(wrapped[:room]):
        colour = pal.TEXT if k == 0 and len(lines) > 1 else pal.TEXT_DIM
        text.draw(surface, line, sizes["line"], colour, (face.x + pad, top + k * line_h), align="topleft")


def _draw_preset(surface, rect, entry, view: TitleView, index: int, focused: bool, art: Art, sizes) -> None:
    text = art.text
    face = _face(surface, rect, focused)
    pad = max(6, round(face.w * 0.06))
    line_h = text.font(sizes["line"]).get_linesize()
    name_h = max(round(face.h * 0.2), text.font(sizes["name"]).get_linesize())
    text.draw(
        surface,
        entry.label,
        sizes["name"],
        theme.ACCENT if focused else pal.TEXT,
        (face.centerx, face.y + pad // 2 + name_h // 2),
    )
    lines = [entry.detail, view.bests.get(index, "")]
    bottom = face.bottom - pad // 2
    for k, line in enumerate(reversed([w for w in lines if w])):
        colour = theme.ACCENT if line.startswith("Best") and focused else pal.TEXT_DIM
        text.draw(surface, line, sizes["line"], colour, (face.centerx, bottom - (k + 0.5) * line_h))
    board = pygame.Rect(
        face.x + pad,
        face.y + pad // 2 + name_h,
        face.w - 2 * pad,
        bottom - 2 * line_h - (face.y + pad // 2 + name_h) - pad // 2,
    )
    config = view.configs.get(index)
    if config is not None and board.h > 12:
        draw_mini_board(surface, board, config, art)


def draw_mini_board(surface: pygame.Surface, box: pygame.Rect, config: Any, art: Art) -> int:
    """A tiny board of `config`: two played rows with their grades, and its colours as a strip of
    small pegs under them (how many pegs and colours a preset is, at a glance); one row in a short box.
    Returns the diameter of the row's pegs."""
    pegs, colours = config.pegs, config.colours
    grade_cols = math.ceil(pegs / 2)
    across = pegs + 0.35 + grade_cols * 0.5 + 0.3

    def unit(rows: int) -> float:
        return max(4, min(box.w / across, box.h / (rows * 1.15 + 0.9)))

    # a short card (640x480's) shows one row, at larger pegs, rather than two too small to tell apart
    rows = MINI_ROWS if unit(MINI_ROWS) >= MINI_ONE_ROW_BELOW_PX else 1
    d = unit(rows)
    slab = pygame.Rect(0, 0, round(d * across), round(d * (rows * 1.15 + 0.2)))
    strip_h = round(d * 0.62)
    slab.midtop = (box.centerx, round(box.centery - (slab.h + strip_h + d * 0.15) / 2))
    radius = max(3, round(d * 0.25))
    theme.draw_slab(surface, slab, radius)
    peg_d = max(4, round(d * 0.86))
    for r in range(rows):
        cy = slab.y + round(d * (0.1 + 1.15 * r + 0.575))
        code = [(r * 3 + i * (r + 2)) % colours for i in range(pegs)]
        for i, colour in enumerate(code):
            peg = art.pegs.peg(art.colours[colour], colour, peg_d, art.symbols)
            surface.blit(peg, peg.get_rect(center=(round(slab.x + d * (0.15 + i + 0.5)), cy)))
        black, white = (1, 1) if r == 0 else (2, 1)
        key_d = max(3, round(d * 0.4))
        # the grades on their light panel, as on the real board (a black one on the bare slab of a
        # dark theme all but vanishes)
        panel = pygame.Rect(0, 0, round(d * grade_cols * 0.5 + d * 0.1), round(d * 0.98))
        panel.center = (round(slab.x + d * (0.15 + pegs + 0.35 + grade_cols * 0.25)), cy)
        pygame.draw.rect(surface, pal.GRADE_AREA, panel, border_radius=max(2, round(d * 0.12)))
        for k in range(pegs):
            line, col = divmod(k, grade_cols)
            x = slab.x + d * (0.15 + pegs + 0.35 + (col + 0.5) * 0.5)
            y = cy + (line - 0.5) * d * 0.46
            if k < black + white:
                image = art.pegs.key(k < black, key_d)
            else:
                image = art.pegs.hole(max(2, key_d // 2), pal.GRADE_HOLE)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
    dot = max(3, min(strip_h, round(box.w / (colours * 1.25))))
    left = box.centerx - (colours - 1) * dot * 1.25 / 2
    for colour in range(colours):
        peg = art.pegs.peg(art.colours[colour], colour, dot, False)
        surface.blit(
            peg,
            peg.get_rect(
                center=(round(left + colour * dot * 1.25), slab.bottom + round(d * 0.15) + strip_h // 2)
            ),
        )
    return peg_d


def _utility_boxes(rect: pygame.Rect, stacked: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """A utility button's icon square and its label's box: side by side (the pair centred later, by
    the label's width), or the icon above the label."""
    rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - theme.lip_px(rect))  # the face (theme.draw_raised)
    pad = max(4, round(min(rect.w, rect.h) * 0.12))
    inner = rect.inflate(-2 * pad, -2 * pad)
    if stacked:
        label_h = round(inner.h * 0.36)
        icon_d = min(inner.h - label_h - 2, inner.w)
        icon = pygame.Rect(0, 0, icon_d, icon_d)
        icon.midtop = (inner.centerx, inner.y)
        return icon, pygame.Rect(inner.x, inner.bottom - label_h, inner.w, label_h)
    icon_d = round(min(rect.h * 0.62, rect.w * 0.3))
    icon = pygame.Rect(inner.x, rect.centery - icon_d // 2, icon_d, icon_d)
    gap = round(icon_d * 0.4)
    return icon, pygame.Rect(icon.right + gap, inner.y, inner.right - icon.right - gap, inner.h)


def _draw_utility(
    surface, rect, label: str, focused: bool, text: TextRenderer, px: int, stacked: bool
) -> None:
    _face(surface, rect, focused)
    icon, box = _utility_boxes(rect, stacked)
    colour = theme.ACCENT if focused else pal.TEXT
    if stacked:
        draw_icon(surface, ICONS.get(label, ""), icon, colour)
        text.draw(surface, label, px, pal.TEXT, box.center)
        return
    words_w = text.size(label, px)[0]
    shift = (rect.centerx - (box.x - icon.x + words_w) // 2) - icon.x  # the icon and label centred as a pair
    draw_icon(surface, ICONS.get(label, ""), icon.move(shift, 0), colour)
    text.draw(surface, label, px, pal.TEXT, (box.x + shift, icon.centery), align="midleft")


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: pal.RGB) -> None:
    """A small line icon: help (a question in a ring), stats (bars), trophy, gear, power."""
    cx, cy = rect.center
    r = rect.w / 2
    width = max(2, round(r * 0.18))
    if name == "help":
        pygame.draw.circle(surface, colour, (cx, cy), r, width)
        arc = pygame.Rect(0, 0, round(r * 0.8), round(r * 0.7))
        arc.midtop = (cx, round(cy - r * 0.58))
        pygame.draw.arc(surface, colour, arc, math.radians(-70), math.radians(180), width)
        end = (
            arc.centerx + arc.w / 2 * math.cos(math.radians(-70)),
            arc.centery + arc.h / 2 * math.sin(math.radians(70)),
        )
        pygame.draw.line(surface, colour, (round(end[0]), round(end[1])), (cx, round(cy + r * 0.22)), width)
        pygame.draw.circle(surface, colour, (cx, round(cy + r * 0.52)), max(1, width * 0.7))
    elif name == "stats":
        for k, frac in enumerate((0.45, 0.85, 0.65)):
            bar_w = r * 0.42
            x = rect.x + r * 0.2 + k * r * 0.58
            h = rect.h * frac
            pygame.draw.rect(surface, colour, (round(x), round(rect.bottom - h), round(bar_w), round(h)))
    elif name == "trophy":
        cup = [
            (cx - r * 0.8, cy - r * 0.8),
            (cx + r * 0.8, cy - r * 0.8),
            (cx + r * 0.5, cy + r * 0.1),
            (cx - r * 0.5, cy + r * 0.1),
        ]
        pygame.draw.polygon(surface, colour, cup)
        pygame.draw.rect(surface, colour, (round(cx - r * 0.12), round(cy), round(r * 0.24), round(r * 0.6)))
        pygame.draw.rect(
            surface, colour, (round(cx - r * 0.5), round(cy + r * 0.6), round(r), round(r * 0.3))
        )
    elif name == "gear":
        teeth = []
        for k in range(16):
            angle = k * math.pi / 8
            radius = r * (0.98 if k % 2 == 0 else 0.72)
            teeth.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, colour, teeth)
        pygame.draw.circle(surface, pal.BOARD, (cx, cy), r * 0.34)
    elif name == "power":
        box = rect.inflate(-round(r * 0.2), -round(r * 0.2))
        pygame.draw.arc(surface, colour, box, math.radians(120), math.radians(420), width)
        pygame.draw.line(surface, colour, (cx, round(cy - r)), (cx, cy), width)
