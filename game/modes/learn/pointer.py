"""The lesson's pointer: a line from the callout card to what it talks about that crosses nothing drawn.

A straight line from the card to a target on the board cuts through whatever lies between (a row's
grading pegs, another row, the Submit label, the whole board on the way to the palette). So the
pointer runs along lanes, the empty gutters of the layout: between rows (below one row's pegs and
above the next's), beside the board, between its columns and the palette, around the card. A route
leaves the card from one of its edges, turns onto a lane, and reaches the target's ring from the side
facing it; it bends at right angles only. Of every route whose segments miss every obstacle (pegs,
holes, grading panels, row numbers, palette colours, buttons and panel text, all but what the rings
enclose) the shortest, bends counted, wins; when none is clear no line is drawn (the rings still
show what the card means).

Pure geometry over a layout's rectangles (pygame.Rect, nothing drawn here), so a test can check the
route against the same rectangles drawing uses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.layout import PlayLayout

Point = tuple[int, int]
BEND_COST_PX = 24  # a bend costs this much length: of two routes nearly as long, the straighter
CLEAR_PX = 2  # a segment keeps this far from an obstacle (besides half its width)
END_INSET_PX = 12  # where a route leaves the card: this far from its corners


def obstacles(layout: PlayLayout) -> list[pygame.Rect]:
    """Everything drawn that a pointer must not cross: code pegs and holes (each slot's peg-sized
    middle), grading panels, row numbers, the secret, palette colours and keys, buttons and panel text."""
    rects: list[pygame.Rect] = []
    peg = layout.peg_diameter()
    for row in range(layout.turns):
        for col in range(layout.pegs):
            slot = layout.slot_rect(row, col)
            rects.append(pygame.Rect(0, 0, peg, peg).move(slot.centerx - peg // 2, slot.centery - peg // 2))
        rects.append(layout.grade_rect(row))
        label = layout.label_rect(row)
        rects.append(label.inflate(-label.w // 2, -label.h // 3))
    rects.append(layout.secret_rect())
    for colour in range(layout.colours):
        rects.append(layout.palette_peg_rect(colour))
        rects.append(layout.palette_key_rect(colour).inflate(-4, -layout.palette_pitch // 3))
    for name in layout.buttons:
        rect = layout.button_rect(name)
        if rect is not None:
            rects.append(rect)
    return rects


def _row_gaps(layout: PlayLayout) -> list[int]:
    """The y of the gutter between each pair of rows one above the other (between pegs, not cells),
    above the first row (below the secret) and below the last."""
    peg = layout.peg_diameter()
    lanes = []
    tops = sorted({layout.slot_rect(row, 0).centery for row in range(layout.turns)})
    secret = layout.secret_rect()
    for upper, lower in zip(tops, tops[1:], strict=False):
        lanes.append((upper + lower) // 2)
    if tops:
        lanes.append((secret.bottom + tops[0] - peg // 2) // 2)
        lanes.append((tops[-1] + peg // 2 + layout.board.bottom) // 2)
    return lanes


def _column_gaps(layout: PlayLayout) -> list[int]:
    """The x of the gutters beside and between the board's columns, and between palette and board."""
    board, palette = layout.board, layout.palette_panel
    lanes = [(board.x + layout.row_rect(0).x) // 2, (palette.right + board.x) // 2, max(0, palette.x - 4)]
    rights = sorted({layout.row_rect(row).right for row in range(layout.turns)})
    lefts = sorted({layout.row_rect(row).x for row in range(layout.turns)})
    for right in rights:
        later = [left for left in lefts if left > right]
        lanes.append((right + (min(later) if later else board.right)) // 2)
    return lanes


def _clear(points: Sequence[Point], blocks: Sequence[pygame.Rect]) -> bool:
    """Whether the route's segments (each level or upright, so its own one-pixel-wide rectangle) miss
    every block."""
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        segment = pygame.Rect(min(ax, bx), min(ay, by), abs(ax - bx) + 1, abs(ay - by) + 1)
        if segment.collidelist(blocks) != -1:
            return False
    return True


def _length(points: Sequence[Point]) -> float:
    length = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(points, points[1:], strict=False))
    return length + BEND_COST_PX * max(0, len(points) - 2)


def _simplify(points: list[Point]) -> list[Point]:
    """Drop repeated points and the middle of three in a line."""
    out: list[Point] = []
    for p in points:
        if out and out[-1] == p:
            continue
        if len(out) >= 2 and (out[-2][0] == out[-1][0] == p[0] or out[-2][1] == out[-1][1] == p[1]):
            out[-1] = p
            continue
        out.append(p)
    return out


def _candidates(
    lanes: tuple[list[int], list[int]], card: pygame.Rect, ring: pygame.Rect, gap: int
) -> list[list[Point]]:
    """Every route this module tries from `card` to `ring` along `lanes` (the level lanes' ys, the
    upright lanes' xs) or the ring's own centre lines (see the module docstring)."""
    ys = sorted({ring.centery, *lanes[0]})
    xs = sorted({ring.centerx, *lanes[1]})

    def clamp(v: int, low: int, high: int) -> int:
        return max(low, min(high, v))

    routes = []
    for y in ys:
        for x in xs:
            # the end: from the lane at (x, y) into the ring's side that faces it
            if x == ring.centerx and not ring.top <= y <= ring.bottom:
                end = [(x, y), (x, ring.top if y < ring.top else ring.bottom)]
            elif not ring.left <= x <= ring.right:
                end = [(x, y), (x, ring.centery), (ring.right if x > ring.right else ring.left, ring.centery)]
            else:
                continue
            # the start: out of one of the card's edges onto the lane
            sy = clamp(y, card.y + END_INSET_PX, card.bottom - END_INSET_PX)
            sx = clamp(x, card.x + END_INSET_PX, card.right - END_INSET_PX)
            left, right = card.x - gap // 2, card.right + gap // 2
            starts = [
                [(card.x, sy), (left, sy), (left, y)],
                [(card.right, sy), (right, sy), (right, y)],
            ]
            if y > card.bottom:
                starts.append([(sx, card.bottom), (sx, y)])
            if y < card.y:
                starts.append([(sx, card.y), (sx, y)])
            for start in starts:
                routes.append(_simplify(start + end))
    return routes


def route(layout: PlayLayout, card: pygame.Rect, rings: Sequence[pygame.Rect], width: int) -> list[Point]:
    """The shortest clear route (a list of points) from `card` to one of `rings`; [] when none is clear."""
    pad = width // 2 + CLEAR_PX
    blocks = [
        rect.inflate(2 * pad, 2 * pad)
        for rect in obstacles(layout)
        if not any(ring.contains(rect) for ring in rings)
    ]
    own = card.inflate(-2, -2)  # after leaving the card, a route never runs back over it
    gap = max(6, layout.margin)
    board = layout.board
    lanes = ([*_row_gaps(layout), board.y - gap // 2, board.bottom + gap // 2], _column_gaps(layout))
    best: tuple[float, list[Point]] = (math.inf, [])
    for ring in rings:
        for length, points in sorted((_length(p), p) for p in _candidates(lanes, card, ring, gap)):
            if length >= best[0]:
                break
            if _clear(points, blocks) and _clear(points[1:], [own]):
                best = (length, points)
                break
    return best[1]
