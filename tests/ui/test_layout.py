"""Layout geometry: hit-testing agrees with drawing rects, nothing overlaps, everything is on screen,
for every size from 2x2 to 8x10 with its turn limit and window sizes from 640x480 to 2560x1440."""

from __future__ import annotations

import itertools

import pytest

from game.core.config import GameConfig
from game.ui.layout import (
    Board,
    Button,
    PaletteItem,
    PlayLayout,
    SecretSlot,
    Slot,
    centre,
)
from game.ui.layout_screens import SetupLayout
from game.ui.layout_title import TitleLayout, TitlePlan, title_pages

SIZES = [(800, 600), (1024, 720), (1280, 800), (1920, 1080), (640, 480), (2560, 1440)]
CONFIGS = [
    GameConfig(2, 2),
    GameConfig(3, 4, difficulty="relaxed"),
    GameConfig(4, 6),
    GameConfig(5, 8),
    GameConfig(6, 9, difficulty="tight"),
    GameConfig(8, 10, difficulty="relaxed"),  # 20 rows
    GameConfig(8, 2),
    GameConfig(2, 10, difficulty="relaxed"),
]
PANEL = [
    ("info", 1.3),
    ("submit", 1.15),
    ("message", 1.3),
    ("clear", 1),
    ("reveal", 1),
    ("new", 1),
    ("solve", 1),
]
BUTTONS = ["submit", "clear", "reveal", "new", "solve"]


def make(size, config) -> PlayLayout:
    return PlayLayout(size, config.pegs, config.colours, config.turns, PANEL, BUTTONS)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.pegs}x{c.colours}x{c.turns}")
def test_layout__hit_test_of_every_slot_centre_is_that_slot(size, config):
    layout = make(size, config)
    for row, col in itertools.product(range(config.turns), range(config.pegs)):
        assert layout.hit_test(centre(layout.slot_rect(row, col))) == Slot(row, col)
    for colour in range(config.colours):
        assert layout.hit_test(centre(layout.palette_rect(colour))) == PaletteItem(colour)
    for col in range(config.pegs):
        assert layout.hit_test(centre(layout.secret_slot_rect(col))) == SecretSlot(col)
    for name in BUTTONS + ["help", "menu"]:
        assert layout.hit_test(centre(layout.button_rect(name))) == Button(name)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.pegs}x{c.colours}x{c.turns}")
def test_layout__regions_do_not_overlap_and_stay_on_screen(size, config):
    layout = make(size, config)
    screen = (0, 0, *size)
    regions = [layout.board, layout.palette_panel, layout.panel, layout.top_bar]
    for a, b in itertools.combinations(regions, 2):
        assert not a.colliderect(b), (a, b)
    for rect in regions:
        assert rect.clamp(screen) == rect, rect
    rows = [layout.row_rect(r) for r in range(config.turns)] + [layout.secret_rect()]
    for a, b in itertools.combinations(rows, 2):
        assert not a.colliderect(b)
    for rect in rows:
        assert layout.board.contains(rect)
    for r in range(config.turns):
        assert layout.row_rect(r).contains(layout.grade_rect(r))
        for i in range(config.pegs):
            assert layout.grade_rect(r).inflate(2, 2).contains(layout.grade_peg_rect(r, i))
    buttons = [layout.button_rect(n) for n in BUTTONS]
    for a, b in itertools.combinations(buttons, 2):
        assert not a.colliderect(b)
    for rect in buttons:
        assert layout.panel.contains(rect)
        assert rect.h >= 24  # still a clickable button


def test_layout__twenty_rows_keep_usable_pegs_and_palette_cells_at_800x600():
    layout = make((800, 600), GameConfig(8, 10, difficulty="relaxed"))
    assert layout.peg_diameter() >= 16
    assert layout.palette_peg_rect(0).w >= layout.peg_diameter()
    assert layout.palette_rect(0).h >= 24


def test_layout__off_board_is_none_and_board_gap_is_board():
    layout = make((1024, 720), GameConfig(4, 6))
    assert layout.hit_test((layout.board.right + 3, layout.board.centery)) in (None, Button("submit"))
    assert layout.hit_test((layout.board.x + 2, layout.board.bottom - 2)) == Board()


def title_plan(kept: int, presets: int, bars: int, today: int, groups: tuple[int, ...]) -> TitlePlan:
    """A title screen's plan with these many entries in each place (indices counted up)."""
    counter = itertools.count()

    def take(n: int) -> tuple[int, ...]:
        return tuple(next(counter) for _ in range(n))

    resume, presets_, bars_, today_, utilities = (
        take(min(kept, 2)),
        take(presets),
        take(bars),
        take(today),
        take(5),
    )
    sections = tuple(("more", f"Group {k}", take(n)) for k, n in enumerate(groups))
    nav_more = next(counter) if groups else None
    back = next(counter) if groups else None
    return TitlePlan(
        resume, presets_, bars_, today_, utilities, sections, nav_more, None, back, next(counter)
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "counts",
    [
        (0, 4, 1, 2, (2, 3, 3)),
        (2, 4, 2, 2, (2, 3, 3, 1)),
        (1, 5, 0, 3, (4,)),
        (0, 3, 1, 0, ()),
        (2, 11, 4, 6, (2, 14, 3, 9, 1)),  # more than any window holds: it flows onto more pages
    ],
)
def test_layout__title_entries_fit_the_window_and_do_not_overlap(size, counts):
    plan = title_plan(*counts)
    pages = title_pages(size, plan).names
    assert len(set(pages)) == len(pages)
    for page in pages:
        layout = TitleLayout(size, plan, page)
        assert layout.page == page
        controls = [r for r in (layout.page_prev, layout.page_next) if r is not None]
        assert len(controls) == (2 if len(pages) > 1 else 0)
        shown = [(i, r) for i, r in enumerate(layout.entries) if r is not None]
        assert shown
        for (_, a), (_, b) in itertools.combinations(shown, 2):
            assert not a.colliderect(b)
        for i, rect in shown:
            assert rect.clamp((0, 0, *size)) == rect
            assert not rect.colliderect(layout.logo) and not rect.colliderect(layout.footer)
            assert not any(rect.colliderect(control) for control in controls)
            assert layout.hit_test(centre(rect)) == i
            assert rect.h >= 24
        assert set(layout.shown()) == {i for i, _ in shown}
    every = set()
    for page in pages:
        every |= set(TitleLayout(size, plan, page).shown())
    assert every == set(range(plan.count))  # every entry has a place on some page


@pytest.mark.parametrize("size", SIZES)
def test_layout__setup_controls_fit_on_screen(size):
    layout = SetupLayout(size)
    rects = list(layout.controls.values()) + list(layout.labels.values()) + list(layout.buttons.values())
    rects += [layout.turns_rect, layout.message_rect]
    for rect in rects:
        assert rect.clamp((0, 0, *size)) == rect
    for a, b in itertools.combinations(list(layout.controls.values()) + list(layout.buttons.values()), 2):
        assert not a.colliderect(b)
