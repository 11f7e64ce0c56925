"""Text a player can read, measured on every screen and overlay through the real app (tools/scenes.py
reaches each one as a player does) at 640x480, 1280x800 and 1920x1080, with a spy on the text
renderer that sees every text drawn and its size, measured as the shipped face draws it:

- every label, button, title, number and instruction has capitals at least 8 px tall at 640x480,
  10 at 1280x800 and 13 at 1920x1080; only text tagged fine print in the code may go down to 7,
  and the only fine print is FINE_PRINT's;
- every text fits the box it was fitted to, even at that floor (a renderer that notes misfits), and
  lies inside the window;
- buttons side by side in one row share one label size;
- at 1920x1080 the top bar's and the side panel's text is at least 1.3 times its 1280x800 size.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from game.core.config import preset
from game.screens.base import go
from game.ui.text import MIN_CAP_PX
from tests.screens.driver import DrawnText, font_spy, make_app
from tests.screens.test_render import CheckingText
from tools import scenes

CAP_FLOORS = {(640, 480): 8, (1280, 800): 10, (1920, 1080): 13}  # capitals' height in pixels
# the logo's second word, part of the picture; a pad glyph's letters, the ones printed on the pad
# (the action each does is written beside it)
FINE_PRINT = {"A R C A D E", "A", "B", "X", "Y", "LB", "RB"}
GROWTH = 1.3
# a display figure (Blitz's clock) is sized by the room it has, which a band below the board at 1280x800
# gives generously: past this size a text must only not shrink
DISPLAY_PX = 80
SCENES = [(name, config) for name, config in scenes.SHEET if config in (None, scenes.DEFAULT_CONFIG)]


def measure(size, name, config) -> tuple[object, list[DrawnText]]:
    app = scenes.build(size, name, config)
    app.text = CheckingText()
    return app, font_spy(app)


def button_rows(drawn: list[DrawnText]) -> list[list[DrawnText]]:
    """Button labels grouped into rows: level with each other and close beside each other (two
    controls far apart at one height, in two columns of cards, are two rows)."""
    labels = sorted((d for d in drawn if d.role == "button"), key=lambda d: (d.rect.centery, d.rect.x))
    rows: list[list[DrawnText]] = []
    for label in labels:
        for row in rows:
            last = row[-1]
            level = abs(last.rect.centery - label.rect.centery) <= 3
            near = label.rect.x - last.rect.right < 8 * max(last.rect.h, label.rect.h)
            if level and near:
                row.append(label)
                break
        else:
            rows.append([label])
    return rows


@pytest.mark.parametrize("size", list(CAP_FLOORS), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "config"), SCENES, ids=[name for name, _ in SCENES])
def test_text_sizes__every_screen_is_readable_fits_its_boxes_and_shares_button_sizes(size, name, config):
    app, drawn = measure(size, name, config)
    assert drawn, "the scene drew no text"
    caps = [app.text.cap_px(d.px) for d in drawn]
    floor = CAP_FLOORS[size]
    small = [(d.text, cap) for d, cap in zip(drawn, caps, strict=True) if cap < floor and not d.fine]
    assert small == [], f"capitals below {floor} px"
    fine = {d.text for d in drawn if d.fine}
    assert fine <= FINE_PRINT and min(caps) >= MIN_CAP_PX
    window = app.surface.get_rect()
    assert [d.text for d in drawn if not window.contains(d.rect)] == []
    assert app.text.misfits == []
    for row in button_rows(drawn):
        assert len({d.px for d in row}) == 1, [(d.text, d.px) for d in row]


def region_sizes(size, name) -> dict[str, dict[str, int]]:
    """The largest size each text is drawn at in the top bar and in the side panel."""
    app, drawn = measure(size, name, scenes.DEFAULT_CONFIG)
    layout = app.stack[0].layout()  # the board screen under any card
    regions: dict[str, dict[str, int]] = defaultdict(dict)
    for d in drawn:
        if d.rect.bottom <= layout.top_bar.bottom:
            regions["top bar"][d.text] = max(d.px, regions["top bar"].get(d.text, 0))
        elif layout.panel.contains(d.rect):  # a column beside the board or a band below it
            regions["panel"][d.text] = max(d.px, regions["panel"].get(d.text, 0))
    return regions


@pytest.mark.parametrize(
    "name", ["playing-mid", "solving-mid", "result-won", "daily-playing", "blitz-urgent"]
)
def test_text_sizes__top_bar_and_panel_text_grow_with_the_window(name):
    small, large = region_sizes((1280, 800), name), region_sizes((1920, 1080), name)
    for region in ("top bar", "panel"):
        common = set(small[region]) & set(large[region])
        assert common, region
        shrunk = {
            t: (small[region][t], large[region][t])
            for t in common
            if large[region][t] < (1 if small[region][t] >= DISPLAY_PX else GROWTH) * small[region][t]
        }
        assert shrunk == {}, region


@pytest.mark.parametrize("size", [(700, 900), (640, 960), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_text_sizes__the_top_bar_buttons_never_outgrow_its_title(size):
    """A tall window has a tall top bar; Help and Menu stay the size of the game's name beside them,
    not the size the bar's height alone would give them."""
    app = make_app(size=size, start=go("new_game", config=preset("Classic").config()))
    drawn = {
        shown.text: shown.px
        for shown in font_spy(app)
        if shown.rect.bottom <= app.state.layout().top_bar.bottom
    }
    assert {"Classic", "Help", "Menu"} <= set(drawn), drawn
    assert drawn["Help"] <= drawn["Classic"] and drawn["Menu"] <= drawn["Classic"], drawn


@pytest.mark.parametrize("size", [(700, 900), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["codemaker-make", "match-secret"])
def test_text_sizes__a_top_bar_button_drawn_again_under_the_mouse_keeps_its_size(size, name):
    """The codemaker draws its Menu a second time (lit under the mouse): in the top bar's one size."""
    app, drawn = measure(size, name, scenes.DEFAULT_CONFIG)
    menus = [d.px for d in drawn if d.text == "Menu"]
    assert len(menus) >= 1 and len(set(menus)) == 1, menus
