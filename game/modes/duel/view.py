"""The duel screen's geometry and drawing: the player's board (with the palette) and the computer's
board side by side, both at one size, with a name strip above each and the playing panel on the right.

DuelLayout is a PlayLayout (so the breaker view, hit-testing and the panel work unchanged on the
player's side) whose board area holds two boards: it searches the width given to the player's side
so that palette + board + gap + a second board of the same unit fit, and `opponent` is the same
geometry moved onto the computer's board (no palette there: nothing on it can be clicked).

The computer's guesses are secret until the duel ends: draw_opponent_board() draws its rows as
covered pegs (the guess's colours are never blitted, so no pixel can give them away) with their
grades, the grade popping in as the ComputerRun says; once `reveal` is set it draws the real board.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pygame

from game.core.state import GameState
from game.play.computer import ComputerRun, Phase
from game.ui import palette as pal
from game.ui.board import Art, BoardView, draw_grade_pegs, draw_grade_pop, track_pop
from game.ui.juice import draw_shield
from game.ui.layout import PlayLayout, margin_px

BOARD_GAP_FRAC = 1.2  # between the two boards, in margins
NAME_STRIP_FRAC = 0.055  # the name above each board, of the window height
NAME_STRIP_MIN_PX, NAME_STRIP_MAX_PX = 22, 52
COVER_U = 0.74  # a covered guess peg, in slot units: larger than a hole so none shows through
FIT_STEPS = 18  # bisection steps over the player's share of the width (sub-pixel at 4K)


class DuelLayout(PlayLayout):
    """Top bar, [palette | your board | computer's board], side panel; name strips over the boards."""

    def __init__(
        self,
        size: tuple[int, int],
        pegs: int,
        colours: int,
        turns: int,
        panel_items: Sequence[tuple[str, float]] = (),
        buttons: Sequence[str] = (),
        top_buttons: Sequence[str] = ("help", "menu"),
    ) -> None:
        super().__init__(size, pegs, colours, turns, panel_items, buttons, top_buttons)
        area = self.board_area
        strip_h = round(max(NAME_STRIP_MIN_PX, min(NAME_STRIP_MAX_PX, self.size[1] * NAME_STRIP_FRAC)))
        boards = pygame.Rect(area.x, area.y + strip_h, area.w, area.h - strip_h)
        gap = round(margin_px(self.size) * BOARD_GAP_FRAC)
        self._fit_pair(boards, gap)
        self.opponent = self._moved(self.board.w + gap)
        self.opponent.palette_panel = pygame.Rect(self.opponent.board.x, self.opponent.board.y, 0, 0)
        self.player_name_rect = pygame.Rect(self.board.x, area.y, self.board.w, strip_h)
        self.opponent_name_rect = pygame.Rect(self.opponent.board.x, area.y, self.opponent.board.w, strip_h)

    def _fit_pair(self, area: pygame.Rect, gap: int) -> None:
        """Fit palette + board into the widest left part of `area` that leaves room for a second board."""

        def used(left_w: int) -> int:
            self._fit_board(pygame.Rect(area.x, area.y, left_w, area.h))
            return self.board.right - self.palette_panel.x + gap + self.board.w

        low, high = area.w // 3, area.w
        for _ in range(FIT_STEPS):
            mid = (low + high + 1) // 2
            if used(mid) <= area.w:
                low = mid
            else:
                high = mid - 1
        total = used(low)
        shift = area.x + max(0, area.w - total) // 2 - self.palette_panel.x
        self._shift(shift)

    def _shift(self, dx: int) -> None:
        self.board = self.board.move(dx, 0)
        self.palette_panel = self.palette_panel.move(dx, 0)
        self._origin = (self._origin[0] + dx, self._origin[1])

    def _moved(self, dx: int) -> PlayLayout:
        """This layout's board geometry, `dx` pixels to the right (the computer's board)."""
        other = copy.copy(self)
        other.board = self.board.move(dx, 0)
        other._origin = (self._origin[0] + dx, self._origin[1])
        return other


def draw_names(surface: pygame.Surface, layout: DuelLayout, art: Art, mine: str, theirs: str, turn) -> None:
    """The two name strips; the side to move is lit."""
    for rect, name, lit in (
        (layout.player_name_rect, mine, turn == "player"),
        (layout.opponent_name_rect, theirs, turn == "computer"),
    ):
        if lit:
            pygame.draw.rect(surface, pal.ACTIVE_ROW, rect.inflate(0, -4), border_radius=6)
            pygame.draw.rect(surface, pal.ACTIVE_EDGE, rect.inflate(0, -4), width=2, border_radius=6)
        art.text.draw_in(surface, name, rect.inflate(-12, -round(rect.h * 0.3)), pal.TEXT, art.text.grown(36))


def draw_revealed_board(
    surface: pygame.Surface, layout: PlayLayout, view: BoardView, game: GameState, art: Art
) -> None:
    """The computer's board once the duel is decided: its real guesses, and the secret."""
    view.draw(surface, layout, game, art.pegs, art.text, art.colours, art.symbols, show_secret=True)


def draw_opponent_board(
    surface: pygame.Surface,
    layout: PlayLayout,
    view: BoardView,
    run: ComputerRun,
    art: Art,
    *,
    to_move: bool,
) -> None:
    """The computer's board while the duel is on: covered guesses and their grades."""
    game = run.game
    blank = GameState(game.config, None)  # an empty board: holes and grade areas, the secret covered
    active = len(game.rows) if to_move and not game.over else None
    view.draw(surface, layout, blank, art.pegs, art.text, art.colours, art.symbols, active_row=active)
    draw_shield(surface, layout.secret_cover_rect(), 0.0)  # closed, as over the player's secret
    unit = layout.unit
    side = max(4, round(unit * COVER_U))
    radius = max(2, side // 4)
    hole = art.pegs.hole(layout.hole_diameter())
    placing = run.placed_pegs if run.phase is Phase.PLACING else 0
    for row in range(len(game.rows) + (1 if placing else 0)):
        covered = layout.pegs if row < len(game.rows) else placing
        for col in range(layout.pegs):
            centre = layout.slot_rect(row, col).center
            if col < covered:
                cover = pygame.Rect(0, 0, side, side)
                cover.center = centre
                pygame.draw.rect(surface, pal.BOARD_EDGE, cover, border_radius=radius)
                pygame.draw.rect(surface, pal.GRADE_HOLE, cover, width=1, border_radius=radius)
            elif row == active:
                surface.blit(hole, hole.get_rect(center=centre))
    if active is not None and not placing:
        for col in range(layout.pegs):
            surface.blit(hole, hole.get_rect(center=layout.slot_rect(active, col).center))
    for row in range(min(run.shown_rows, len(game.rows))):
        draw_grade_pegs(surface, layout, row, game.rows[row].feedback, art.pegs)
    if run.grading_row is not None:
        row = run.grading_row
        draw_grade_pop(surface, layout, row, game.rows[row].feedback, track_pop(run.grade_track), art.pegs)
