"""Board rendering: the static board (holes, played rows, grades, labels, secret cover) is drawn
once into a cached surface and blitted every frame; the moving parts (the row being filled, the
cursor, grading pegs popping in, the dragged peg) are drawn on top by the state.

BoardView is view state: it can be thrown away at any time and rebuilds itself from the layout,
the game state and the look settings; its cache key holds everything the static image depends on,
the current look (game/ui/looks.py: theme and piece set) included.
Also here: the palette column and the top bar, shared by the playing, solving and result screens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from game.core.records import CUSTOM_KEY, stats_key
from game.core.state import GameState
from game.core.variants.wordmarks import Marks
from game.play.timeline import Track
from game.ui import looks, theme
from game.ui import palette as pal
from game.ui.grid_board import grade_kind, grade_total, key_image
from game.ui.juice import drop_scale
from game.ui.layout import PlayLayout
from game.ui.pegs import PegArt
from game.ui.text import TextRenderer
from game.ui.widgets import button_label_px, draw_button

KEY_CAP_PER_PITCH = 0.33  # a palette key digit's capitals, of the palette's pitch
RULED_OUT_VEIL_ALPHA = 170  # how much of the palette's background covers a ruled-out colour


@dataclass(frozen=True)
class Art:
    """What every board screen draws with: peg art, text, the palette's colours and the symbols choice."""

    pegs: PegArt
    text: TextRenderer
    colours: tuple[pal.RGB, ...]
    symbols: bool

    @property
    def key(self) -> tuple:
        """What cached images drawn with this art depend on (the look drawn in among them)."""
        return (self.colours, self.symbols, looks.current().key)


def draw_board_screen(
    surface: pygame.Surface,
    layout: PlayLayout,
    art: Art,
    board: BoardView,
    game: GameState,
    *,
    title: str | None = None,
    mouse: tuple[int, int] | None = None,
    palette: bool = True,
    selected: int | None = None,
    hot_colour: int | None = None,
    graded_rows: int | None = None,
    show_secret: bool = False,
    active_row: int | None = None,
    palette_labels: tuple[str, ...] | None = None,
    struck: frozenset[int] = frozenset(),
) -> None:
    """The prologue every board screen shares: background, top bar, palette column, board.
    `palette_labels` stand beside the palette's colours instead of their keys; `struck` colours are
    veiled and struck through (draw_ruled_out).

    It is drawn into the BoardView's screen cache and blitted as one opaque image while nothing in it
    changes (the key holds everything it depends on), so a frame of a board screen costs one blit
    plus what moves; the full render happens when a row is played, the hover changes and so on."""
    title = title if title is not None else config_title(game.config)
    board_key = board.key(layout, game, art.colours, art.symbols, graded_rows, show_secret, active_row)
    hot_buttons = tuple(name for name in TOP_BAR_LABELS if _top_button_hot(layout, name, mouse))
    key = (board_key, title, hot_buttons, palette, selected, hot_colour, art.key, id(art.text))
    key += (palette_labels, struck)

    def render(image: pygame.Surface) -> None:
        image.fill(pal.BACKGROUND)
        draw_top_bar(image, layout, art.text, title, mouse)
        draw_palette(
            image,
            layout,
            art.pegs,
            art.text,
            art.colours,
            art.symbols,
            selected,
            hot_colour,
            enabled=palette,
            labels=palette_labels,
        )
        draw_ruled_out(image, layout, struck)
        theme.draw_slab_shadow(image, layout.board, max(4, round(layout.unit * 0.25)))
        board.draw(
            image,
            layout,
            game,
            art.pegs,
            art.text,
            art.colours,
            art.symbols,
            graded_rows=graded_rows,
            show_secret=show_secret,
            active_row=active_row,
        )

    board.screen.blit(surface, key, render)


def _top_button_hot(layout: PlayLayout, name: str, mouse: tuple[int, int] | None) -> bool:
    rect = layout.button_rect(name)
    return mouse is not None and rect is not None and rect.collidepoint(mouse)


class BoardView:
    """Draws a board from a PlayLayout and a GameState, caching everything that does not move."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self.screen = FrameCache()  # the whole board screen's still image (draw_board_screen)

    @staticmethod
    def key(
        layout: PlayLayout,
        game: GameState,
        colours: Sequence[pal.RGB],
        symbols: bool,
        graded_rows: int | None,
        show_secret: bool,
        active_row: int | None,
    ) -> tuple:
        """Everything the static board image depends on."""
        if graded_rows is None:
            graded_rows = len(game.rows)
        return (
            layout.size,
            layout.board.topleft,
            layout.unit,
            game.config,
            game.rows,
            game.secret,
            tuple(colours),
            symbols,
            graded_rows,
            show_secret,
            active_row,
            looks.current().key,
        )

    def draw(
        self,
        surface: pygame.Surface,
        layout: PlayLayout,
        game: GameState,
        art: PegArt,
        text: TextRenderer,
        colours: Sequence[pal.RGB],
        symbols: bool,
        *,
        graded_rows: int | None = None,
        show_secret: bool = False,
        active_row: int | None = None,
    ) -> None:
        """Blit the static board. Rows >= graded_rows are drawn without their grade (it is animating)."""
        if graded_rows is None:
            graded_rows = len(game.rows)
        key = self.key(layout, game, colours, symbols, graded_rows, show_secret, active_row)
        if key != self._key or self._surface is None:
            self._surface = self._render(
                layout, game, art, text, colours, symbols, graded_rows, show_secret, active_row
            )
            self._key = key
        surface.blit(self._surface, layout.board)

    def _render(
        self, layout, game, art, text, colours, symbols, graded_rows, show_secret, active_row
    ) -> pygame.Surface:
        board = layout.board
        image = pygame.Surface(board.size, pygame.SRCALPHA)
        offset = (-board.x, -board.y)

        def local(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(offset)

        radius = max(4, round(layout.unit * 0.25))
        theme.draw_slab(image, image.get_rect(), radius)  # the theme's board: a bevelled slab
        d = layout.peg_diameter()
        hole = art.hole(layout.hole_diameter())
        label_px = text.at_least(layout.unit * 0.42)
        # secret row
        secret_row = local(layout.secret_rect()).inflate(round(layout.unit * 0.1), round(layout.unit * 0.06))
        pygame.draw.rect(image, pal.HOLE, secret_row, border_radius=radius)
        mark = "?" if not show_secret else "="
        # the mark is trimmed to the row's middle, but never below the height of readable text (a small
        # board, such as a duel's end card's, would clip it)
        label = local(layout.secret_label_rect())
        trim = min(round(layout.unit * 0.5), max(0, label.h - text.size(mark, text.floor())[1]))
        text.draw_in(image, mark, label.inflate(-4, -trim), pal.TEXT_DIM)
        for col in range(layout.pegs):
            cell = local(layout.secret_slot_rect(col))
            if show_secret and game.secret is not None:
                colour = game.secret[col]
                peg = art.peg(colours[colour], colour, d, symbols)
                image.blit(peg, peg.get_rect(center=cell.center))
            else:
                cover = cell.inflate(-round(layout.unit * 0.18), -round(layout.unit * 0.18))
                pygame.draw.rect(image, pal.BOARD_EDGE, cover, border_radius=max(2, cover.w // 5))
        # turn rows
        for row in range(layout.turns):
            row_rect = local(layout.row_rect(row))
            if row == active_row:
                pygame.draw.rect(image, pal.ACTIVE_ROW, row_rect.inflate(4, 2), border_radius=radius)
                pygame.draw.rect(
                    image, pal.ACTIVE_EDGE, row_rect.inflate(4, 2), width=2, border_radius=radius
                )
            label_colour = pal.ACTIVE_EDGE if row == active_row else pal.TEXT_DIM
            label = local(layout.label_rect(row))
            text.draw(image, str(row + 1), label_px, label_colour, label.center)
            played = game.rows[row] if row < len(game.rows) else None
            for col in range(layout.pegs):
                cell = local(layout.slot_rect(row, col))
                if played is not None:
                    colour = played.guess[col]
                    peg = art.peg(colours[colour], colour, d, symbols)
                    image.blit(peg, peg.get_rect(center=cell.center))
                elif row != active_row:
                    image.blit(hole, hole.get_rect(center=cell.center))
            grade = local(layout.grade_rect(row))
            pygame.draw.rect(
                image,
                pal.GRADE_AREA,
                grade.inflate(round(layout.unit * 0.08), 0),
                border_radius=max(2, radius // 2),
            )
            shown = played.feedback if (played is not None and row < graded_rows) else None
            draw_grade_pegs(image, layout, row, shown, art, offset)
        return image


def draw_grade_pegs(
    surface, layout: PlayLayout, row: int, feedback, art: PegArt, offset=(0, 0), count: int | None = None
) -> None:
    """Grading pegs of `row`: blacks first, then (a grid's) greys, then whites, then empty holes; only
    the first `count` pegs of the grade are shown (None: all of them). Word marks are also a peg
    under each letter (mark_rect), the panel counting them as for colours."""
    if isinstance(feedback, Marks):
        for i, mark in enumerate(feedback):
            if count is None or i < count:
                image = mark_image(art, mark, mark_rect(layout, row, i).w)
                surface.blit(image, image.get_rect(center=mark_rect(layout, row, i).move(offset).center))
    kd = layout.grade_peg_rect(row, 0).w
    total = grade_total(feedback) if feedback is not None else 0
    shown = total if count is None else min(count, total)
    for i in range(layout.pegs):
        rect = layout.grade_peg_rect(row, i).move(offset)
        if i < shown:
            image = key_image(art, grade_kind(feedback, i), kd)
        else:
            image = art.hole(max(2, round(kd * 0.55)), pal.GRADE_HOLE)
        surface.blit(image, image.get_rect(center=rect.center))


MARK_DIAMETER_U = 0.34  # a word mark's peg, of the board's unit
MARK_DROP_U = 0.1  # its centre, above the bottom of its letter's cell: over the tile's lower edge


def mark_rect(layout: PlayLayout, row: int, col: int) -> pygame.Rect:
    """Where the mark of letter `col` of `row` sits: a small peg over the lower edge of its tile."""
    cell = layout.slot_rect(row, col)
    d = max(4, round(layout.unit * MARK_DIAMETER_U))
    rect = pygame.Rect(0, 0, d, d)
    rect.center = (cell.centerx, round(cell.bottom - layout.unit * MARK_DROP_U))
    return rect


def mark_image(art: PegArt, mark: int, diameter: int) -> pygame.Surface:
    """A letter's mark as our grading pegs: black right place, white elsewhere, an empty hole absent."""
    if mark == 0:
        return art.hole(max(3, round(diameter * 0.7)), pal.GRADE_HOLE)
    return art.key(mark == 2, diameter)


def track_pop(track: Callable[[int], Track | None]) -> Callable[[int], float | None]:
    """The pop of each grading peg from its track (`track(i)`, None once in place): it drops in a
    little big, then lands (juice.drop_scale); None until it starts. Every run's grade looks alike."""

    def pop(i: int) -> float | None:
        t = track(i)
        return 1.0 if t is None else (drop_scale(t.progress) if t.started else None)

    return pop


def draw_grade_pop(
    surface, layout: PlayLayout, row: int, feedback, pop: Callable[[int], float | None], art: PegArt
) -> None:
    """The grade of `row` appearing: empty holes, then each grading peg `i` at the size `pop(i)` says
    (None: not showing yet; 1.0: in place). One drawing for every screen that grades a row."""
    if isinstance(feedback, Marks):  # a mark under each letter, left to right
        for i, mark in enumerate(feedback):
            value = pop(i)
            if value is None:
                break
            rect = mark_rect(layout, row, i)
            image = mark_image(art, mark, rect.w)
            if value != 1.0:
                side = max(2, round(rect.w * value))
                image = pygame.transform.smoothscale(image, (side, side))
            surface.blit(image, image.get_rect(center=rect.center))
    draw_grade_pegs(surface, layout, row, None, art)
    kd = layout.grade_peg_rect(row, 0).w
    for i in range(grade_total(feedback)):
        value = pop(i)
        if value is None:
            break
        image = key_image(art, grade_kind(feedback, i), kd)
        if value != 1.0:
            # the popping peg: the cached image scaled, not a new image per size
            side = max(2, round(kd * value))
            image = pygame.transform.smoothscale(image, (side, side))
        surface.blit(image, image.get_rect(center=layout.grade_peg_rect(row, i).center))


def draw_palette(
    surface: pygame.Surface,
    layout: PlayLayout,
    art: PegArt,
    text: TextRenderer,
    colours: Sequence[pal.RGB],
    symbols: bool,
    selected: int | None = None,
    hot: int | None = None,
    enabled: bool = True,
    labels: Sequence[str] | None = None,
) -> None:
    """One peg per colour with its key number (or its one of `labels`, in any look); the selected
    colour is ringed (nothing for a layout without a palette)."""
    panel = layout.palette_panel
    if not layout.has_palette:
        return
    pygame.draw.rect(surface, pal.BOARD, panel.inflate(6, 6), border_radius=8)
    # a key's digit: capitals a third of the pitch tall, within its cell, never below the floor
    key_cell = layout.palette_key_rect(0)
    widest = max(labels, key=len) if labels else "0"
    fitting = text.fit_size(widest or "0", key_cell.w * 0.9, key_cell.h, text.grown(40))
    key_px = max(text.floor(), min(fitting, text.size_for_cap(layout.palette_pitch * KEY_CAP_PER_PITCH)))
    for colour in range(layout.colours):
        cell = layout.palette_rect(colour)
        peg_rect = layout.palette_peg_rect(colour)
        if colour == hot and enabled:
            pygame.draw.rect(surface, pal.BUTTON_HOT, cell, border_radius=6)
        peg = art.peg(colours[colour], colour, peg_rect.w, symbols)
        surface.blit(peg, peg_rect)
        if colour == selected:
            pygame.draw.circle(surface, pal.SELECTION, peg_rect.center, peg_rect.w / 2 + 3, 3)
        if labels is not None:
            if labels[colour]:
                text.draw(surface, labels[colour], key_px, pal.TEXT, layout.palette_key_rect(colour).center)
        elif not looks.current().glyphs:  # a digit or letter tile is its own key
            text.draw(
                surface, pal.KEY_LABELS[colour], key_px, pal.TEXT_DIM, layout.palette_key_rect(colour).center
            )


def draw_ruled_out(surface, layout: PlayLayout, ruled_out) -> None:
    """Palette colours ruled out: the peg and its key number under a veil, struck through."""
    for colour in sorted(ruled_out):
        if not 0 <= colour < layout.colours:
            continue
        cell = layout.palette_rect(colour)
        veil = pygame.Surface(cell.size, pygame.SRCALPHA)
        veil.fill((*pal.BOARD, RULED_OUT_VEIL_ALPHA))
        surface.blit(veil, cell)
        peg = layout.palette_peg_rect(colour)
        inset = round(peg.w * 0.18)
        width = max(2, round(peg.w * 0.08))
        box = peg.inflate(-inset, -inset)
        pygame.draw.line(surface, pal.TEXT_WARN, box.topleft, box.bottomright, width)
        pygame.draw.line(surface, pal.TEXT_WARN, box.bottomleft, box.topright, width)


TOP_BAR_LABELS = MappingProxyType({"help": "Help", "menu": "Menu"})


def draw_top_bar(
    surface: pygame.Surface,
    layout: PlayLayout,
    text: TextRenderer,
    title: str,
    mouse: tuple[int, int] | None = None,
) -> None:
    """The bar across the top: the title on the left, the layout's top-bar buttons (Help, Menu) right."""
    pygame.draw.rect(surface, pal.BOARD, layout.top_bar)
    pygame.draw.line(surface, pal.BOARD_EDGE, layout.top_bar.bottomleft, layout.top_bar.bottomright, 2)
    text.draw_in(
        surface,
        title,
        layout.title_rect.inflate(0, -round(layout.title_rect.h * 0.3)),
        pal.TEXT,
        theme.type_px(layout.size, "heading"),  # grows with the window as the bar does
        align="midleft",
    )
    shown = top_bar_buttons(layout)
    label_px = top_bar_label_px(layout, text)
    for name, rect in shown.items():
        hot = mouse is not None and rect.collidepoint(mouse)
        draw_button(surface, text, rect, TOP_BAR_LABELS[name], hot=hot, label_px=label_px)


def top_bar_buttons(layout: PlayLayout) -> dict[str, pygame.Rect]:
    """The top bar's buttons this layout has, by name (Help, Menu)."""
    rects = {name: layout.button_rect(name) for name in TOP_BAR_LABELS}
    return {name: rect for name, rect in rects.items() if rect is not None and layout.top_bar.contains(rect)}


def top_bar_label_px(layout: PlayLayout, text: TextRenderer) -> int:
    """One size for the top bar's buttons, never larger than the title beside them (a tall window's
    bar is tall, and its buttons' height alone would make them shout). A screen that draws one of
    them again (hot under the mouse) draws it in this size."""
    shown = top_bar_buttons(layout)
    if not shown:
        return theme.type_px(layout.size, "heading")
    labels = [TOP_BAR_LABELS[name] for name in shown]
    return min(theme.type_px(layout.size, "heading"), button_label_px(text, list(shown.values()), labels))


def config_title(config) -> str:
    """The title of a game configuration by the name a player knows it by: the preset's ("Super · 5
    pegs × 8 colours · 13 turns"), a grid's, or Custom with its turns rule ("Custom, relaxed · ...")."""
    # a variant that fixes repeats (Bulls and Cows' different digits) says so in its own size text
    dup = "" if config.duplicates or config.variant.fixed_duplicates is not None else ", no repeats"
    size = config.variant.size_text(config.colours)
    key = stats_key(config)
    name = f"Custom, {config.difficulty.value}" if key == CUSTOM_KEY else key
    if size.startswith(name):  # "Bulls and Cows, 4 digits": its bucket's name said once
        return f"{size} · {config.turns} turns{dup}"
    return f"{name} · {size} · {config.turns} turns{dup}"


class FrameCache:
    """A whole-window image of everything that did not change since the last frame.

    A state draws its still parts into the cache only when `key` (everything they depend on)
    changes, then blits one image per frame and draws only the moving parts on top, so idle frames
    cost one blit. A screen's first frame draws straight onto the window and the image is made on the
    second (a window-sized surface costs a few ms to allocate): the frame that switches screens, which
    also meets new text first, pays no more than drawing once.
    """

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._first: tuple | None = None  # the key of a frame drawn straight, before any image exists
        self._surface: pygame.Surface | None = None

    def blit(self, surface: pygame.Surface, key: tuple, render) -> None:
        """Blit the cached image; re-render it with render(image) first when key, size or the look
        (theme and pieces: a change in Settings shows at once) changed."""
        key = (key, looks.current().key)
        size = surface.get_size()
        if self._surface is None or self._surface.get_size() != size:
            if self._surface is None and key != self._first:
                self._first = key
                render(surface)
                return
            # the target's own pixel format, so the frame's blit is a plain copy (no conversion)
            depth = surface.get_bitsize()
            self._surface = pygame.Surface(size, 0, surface) if depth else pygame.Surface(size)
            self._key = None
        if key != self._key:
            render(self._surface)
            self._key = key
        surface.blit(self._surface, (0, 0))
