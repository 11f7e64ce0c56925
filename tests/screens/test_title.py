"""The title screen through the real app: every entry the registry brings is reachable by a player
and nothing on any page is clipped, at every window size (a new group, a crowd of entries too: a
page that is full flows onto the next, turned by wheel, keys, shoulders, arrows and the page
control), the presets' bests and TODAY's state read through the store, kept games first and
focused, one focus moved by arrows in their direction, by Tab, by the mouse, Esc going back a page
and asking before it quits."""

from __future__ import annotations

import datetime as dt
import itertools

import pygame
import pytest

from game.app import App
from game.core.config import PRESETS, GameConfig, preset
from game.core.records import GameEnd, GameResult
from game.modes.base import MenuEntry
from game.modes.classic.setup import SetupState
from game.modes.deduce.screens import DeduceState
from game.screens.base import go, to_menu
from game.screens.confirm import ConfirmOverlay
from game.screens.help import HelpOverlay
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.settings import SettingsState
from game.screens.title_plan import NAV_BACK, NAV_MORE, default_entries
from game.store import Store
from tests.screens import pad_driver as pad
from tests.screens.driver import (
    choose_entry,
    click,
    drawn_lines,
    font_spy,
    kept_lines,
    key,
    make_app,
    motion,
    post,
    press_key,
    text_spy,
)
from tests.screens.test_daily import play_to_the_end, release_apps  # noqa: F401  (an autouse fixture)

SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080))
NOW = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)


def store_app(tmp_path, size=(1280, 800), **kwargs) -> App:
    app = App(size=size, seed=4, store=Store(tmp_path), now=lambda: NOW, **kwargs)
    pygame.event.clear()
    return app


def label_of(menu: MenuState) -> str:
    return menu.entries[menu.focus].label


def labels(menu: MenuState) -> list[str]:
    return [entry.label for entry in menu.entries]


def page_is_clean(app: App) -> list[int]:
    """The entries the title screen's page shows, after checking nothing on it is clipped: every
    entry and page control inside the window and clear of each other, every text drawn inside the
    window, each entry's name drawn inside its own rect."""
    menu = app.state
    layout = menu.layout()
    window = app.surface.get_rect()
    drawn = font_spy(app)
    shown = layout.shown()
    controls = [rect for rect in (layout.page_prev, layout.page_next) if rect is not None]
    rects = [layout.entries[i] for i in shown] + controls
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (menu.page, a, b)
    for i in shown:
        rect = layout.entries[i]
        assert window.contains(rect), menu.entries[i].label
        names = [d.rect for d in drawn if d.text == menu.entries[i].label]
        assert any(rect.contains(name) for name in names), (menu.entries[i].label, rect, names)
    for d in drawn:
        assert window.contains(d.rect), d
        assert not any(d.rect.colliderect(control) for control in controls), d
    return shown


def every_page(app: App) -> dict[int, str]:
    """Walk the title screen's pages as a player does (the page control's next button, clicked) and
    return where each entry was seen, checking each page on the way."""
    menu = app.state
    if menu.page != "top":
        click(app, menu.layout().entries[menu.plan.back].center)
    seen: dict[int, str] = {}
    while True:
        for i in page_is_clean(app):
            seen.setdefault(i, menu.page)
        layout = menu.layout()
        if layout.page_next is None or layout.page_number == len(layout.pages.names) - 1:
            return seen
        before = menu.page
        click(app, layout.page_next.center)
        assert menu.page != before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title__every_entry_is_reachable_and_nothing_is_clipped(size):
    app = make_app(size=size)
    menu = app.state
    seen = every_page(app)
    assert set(seen) == set(range(len(menu.entries)))
    registry = {entry.label for entry in default_entries()}
    assert registry <= {entry.label for entry in menu.entries}
    top = {menu.entries[i].label for i, page in seen.items() if page == "top"}
    assert {"Daily code", "Blitz", "Help", "Settings", NAV_MORE} <= top
    assert {p.name for p in PRESETS} & top  # the presets start on the top page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title__a_page_names_each_section_once_and_never_repeats_its_own_title(size):
    """A section flowing on into the next column keeps its rule but is not named twice (two PUZZLES
    side by side read as two groups); a section named as its page is (Play people) is not named."""
    app = make_app(size=size)
    menu = app.state
    while True:
        layout = menu.layout()
        lines = drawn_lines(app)
        if menu.page != "top":
            title = lines[0]
            headings = [line for line in lines if line.isupper() and len(line) > 3]
            assert len(headings) == len(set(headings)), (menu.page, headings)
            assert title.upper() not in headings, (menu.page, title)
        if layout.page_next is None or layout.page_number == len(layout.pages.names) - 1:
            break
        click(app, layout.page_next.center)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title__a_crowd_of_entries_flows_onto_more_pages_and_none_is_dropped(size):
    presets = [
        MenuEntry(f"Size {p}x{c}", f"{p} × {c}", go("new_game", config=GameConfig(p, c)))
        for p in range(2, 9)
        for c in (7, 9)
    ]
    extra = [MenuEntry(f"Puzzle {k}", "one more puzzle", go("help"), "Puzzles") for k in range(12)]
    daily = [MenuEntry(f"Today {k}", "one more daily", go("help"), "Today") for k in range(5)]
    menu = MenuState(entries=default_entries() + presets + extra + daily)
    app = make_app(size=size, start=menu)
    seen = every_page(app)
    assert set(seen) == set(range(len(menu.entries)))
    choose_entry(app, "Puzzle 11")  # from wherever the walk ended, as a player finds it
    assert isinstance(app.state, HelpOverlay)


def test_title__pages_turn_by_wheel_keys_shoulders_arrows_and_the_page_control():
    app = make_app(size=(800, 600))
    menu = app.state
    names = menu.layout().pages.names
    assert len(names) > 1
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert menu.page == names[1]
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert menu.page == "top"
    press_key(app, pygame.K_PAGEDOWN)
    assert menu.page == names[1] and menu.focus in menu.layout().shown()
    press_key(app, pygame.K_PAGEUP)
    assert menu.page == "top"
    pad.press(app, pad.RB)  # the right shoulder
    assert menu.page == names[1]
    pad.press(app, pad.LB)
    assert menu.page == "top"
    for _ in range(len(menu.entries)):  # Right until the last entry that way, and once more
        press_key(app, pygame.K_RIGHT)
        if menu.page != "top":
            break
    assert menu.page == names[1]
    press_key(app, pygame.K_LEFT)  # Left past the first entry that way: back a page
    for _ in range(len(menu.entries)):
        if menu.page == "top":
            break
        press_key(app, pygame.K_LEFT)
    assert menu.page == "top"
    click(app, menu.layout().page_next.center)
    assert menu.page == names[1]
    click(app, menu.layout().page_prev.center)
    assert menu.page == "top"
    click(app, menu.layout().page_prev.center)  # the first page: nothing before it
    assert menu.page == "top"


def test_title__a_group_or_entry_a_new_mode_brings_finds_its_place_by_itself():
    weekly = MenuEntry("Puzzle of the week", "one code a week", go("help"), "Weekly")
    replay = MenuEntry("Replay a game", "any game played before", go("setup"), "Play")
    app = make_app(size=(1280, 800), start=MenuState(entries=default_entries() + [weekly, replay]))
    menu = app.state
    labels = [entry.label for entry in menu.entries]
    assert menu.layout().entries[labels.index("Replay a game")] is not None  # a bar under the presets
    more = menu.entries[menu.plan.nav_more]
    assert "Weekly" in more.detail and "Puzzles" in more.detail
    assert ("more", "Weekly", (labels.index("Puzzle of the week"),)) in menu.plan.groups
    choose_entry(app, "Puzzle of the week")
    assert isinstance(app.state, HelpOverlay)


def test_title__a_player_reaches_a_mode_one_level_down_esc_comes_back_and_asks_before_quitting():
    app = make_app(size=(1024, 720))
    choose_entry(app, "Deduce")
    assert isinstance(app.state, DeduceState)
    press_key(app, pygame.K_ESCAPE)  # Deduce's Back: the menu, Deduce focused on its page
    menu = app.state
    assert isinstance(menu, MenuState) and menu.page == "more" and label_of(menu) == "Deduce"
    press_key(app, pygame.K_ESCAPE)
    assert menu.page == "top" and label_of(menu) == NAV_MORE
    press_key(app, pygame.K_ESCAPE)  # the top page asks first
    assert isinstance(app.state, ConfirmOverlay) and app.running
    press_key(app, pygame.K_ESCAPE)  # no answer: still here
    assert isinstance(app.state, MenuState) and app.running
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_y)
    assert not app.running


def test_title__focus_given_by_label_opens_the_page_that_holds_it():
    app = make_app(start=to_menu(focus="Watch the computer").state)
    menu = app.state
    assert menu.page == "more" and label_of(menu) == "Watch the computer"
    back = menu.layout().entries[[e.label for e in menu.entries].index(NAV_BACK)]
    click(app, back.center)
    assert menu.page == "top"


def test_title__arrows_move_the_focus_in_their_direction_and_the_mouse_moves_the_same_focus():
    app = make_app(size=(1280, 800))
    menu = app.state
    names = [p.name for p in PRESETS]
    assert label_of(menu) == "Classic"
    for before in reversed(names[: names.index("Classic")]):  # Left: the presets listed before it
        press_key(app, pygame.K_LEFT)
        assert label_of(menu) == before
    press_key(app, pygame.K_DOWN)
    assert label_of(menu) == "Custom game"
    press_key(app, pygame.K_DOWN)
    assert label_of(menu) == "Daily code"
    press_key(app, pygame.K_RIGHT)
    assert label_of(menu) == "Blitz"
    press_key(app, pygame.K_DOWN)
    below = menu.layout().entries[menu.focus]
    assert menu.entries[menu.focus].group == "Utility" and below.y > menu.layout().entries[0].y
    press_key(app, pygame.K_UP)
    assert label_of(menu) in ("Daily code", "Blitz")
    last = next(p for p in reversed(PRESETS) if menu.layout().entries[labels(menu).index(p.name)])
    post(app, motion(menu.layout().entries[labels(menu).index(last.name)].center, (0, 0, 0)))
    assert label_of(menu) == last.name
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.state, PlayingState) and app.state.config == last.config()


def test_title__utilities_open_from_their_icon_buttons():
    app = make_app(size=(640, 480))
    choose_entry(app, "Settings")
    assert isinstance(app.state, SettingsState)
    press_key(app, pygame.K_ESCAPE)
    choose_entry(app, "Custom game")
    assert isinstance(app.state, SetupState)


def test_title__cards_show_the_bests_and_todays_state_read_through_the_store(tmp_path):
    store = Store(tmp_path)
    store.record(GameResult(preset("Super").config(), GameEnd.WON, 6, 120.0))
    best = store.load_stats()["Super"].best_score
    app = store_app(tmp_path, settings={"reduced_motion": True})  # the menu drawn afresh each frame
    shown = text_spy(app)
    app.draw()
    assert f"Best {best:,}" in shown and "No best yet" in shown  # Super's best; Expert never won
    assert "Classic: not played" in shown and "Super: not played" in shown
    assert "Next codes in 12 h 00 min" in shown and "No run yet" in shown
    del app.text.draw
    choose_entry(app, "Daily code")
    post(app, key(pygame.K_RETURN))  # Daily Classic
    guesses = play_to_the_end(app)
    while not isinstance(app.state, MenuState):
        post(app, key(pygame.K_ESCAPE))
    shown = text_spy(app)
    app.draw()
    assert f"Classic: cracked in {len(guesses)}" in shown


def test_title__kept_games_come_first_focused_and_delete_asks_before_forgetting(tmp_path):
    app = store_app(tmp_path)
    for name in ("Classic", "Super", "Expert"):  # three games left with a row each
        app.apply(go("new_game", config=preset(name).config()))
        type_keys = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
        for k in type_keys[: preset(name).config().pegs]:
            press_key(app, k)
        press_key(app, pygame.K_RETURN)
        app.apply(to_menu())
    menu = app.state
    assert len(kept_lines(app)) == 3
    assert menu.entries[menu.focus].group == "Resume"  # the first kept game has the focus
    assert menu.layout().entries[menu.focus] is not None  # on the top page
    assert menu.plan.nav_kept is not None  # more than fit on the top: a tile to all of them
    kept = {i for i, entry in enumerate(menu.entries) if entry.group == "Resume"}
    assert kept <= set(every_page(app))
    choose_entry(app, kept_lines(app)[2])  # one on the page of kept games
    assert isinstance(app.state, PlayingState)
    app.apply(to_menu())
    menu = app.state
    press_key(app, pygame.K_DELETE)
    assert isinstance(app.state, ConfirmOverlay)
    post(app, key(pygame.K_y))
    assert len(kept_lines(app)) == 2 and app.state.plan.nav_kept is None


def test_title__the_key_line_offers_del_only_while_a_game_is_kept(tmp_path):
    app = store_app(tmp_path)

    def footer() -> list[str]:
        return [line for line in drawn_lines(app) if "H help" in line]

    assert footer() and not any("Del" in line for line in footer())  # nothing kept: nothing to forget
    app.apply(go("new_game", config=preset("Classic").config()))
    for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_RETURN):
        press_key(app, k)
    app.apply(to_menu())
    assert kept_lines(app) and any("Del forgets" in line for line in footer())
    press_key(app, pygame.K_DELETE)
    post(app, key(pygame.K_y))
    assert not kept_lines(app) and not any("Del" in line for line in footer())


def frames(app: App, seconds: float) -> pygame.Surface:
    """Let the app run `seconds` (the demo behind the menu plays on), then a copy of its frame."""
    for _ in range(round(seconds / 0.25)):
        post(app, dt=0.25)
    app.draw()
    return app.surface.copy()


def same(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


@pytest.mark.parametrize(
    "size", ((640, 480), (1000, 560), (1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_title__the_demo_shows_behind_the_top_page_only_and_never_beside_its_cards(size):
    app = make_app(size=size)
    menu = app.state
    top = [frames(app, 2.0) for _ in range(3)]
    assert menu.live_backdrop
    assert any(a.get_view("2").raw != b.get_view("2").raw for a, b in itertools.pairwise(top))  # it plays
    content = menu.layout().content
    beside = [
        pygame.Rect(0, 0, content.x, size[1]),
        pygame.Rect(content.right, 0, size[0] - content.right, size[1]),
    ]
    still = make_app(size=size, settings={"reduced_motion": True})  # the same menu with no demo
    frames(still, 2.0)
    assert not still.state.live_backdrop
    for frame in top:  # nothing of the demo sticks out beside the cards, nor through a heading
        assert all(same(frame, still.surface, rect) for rect in beside)
        assert all(same(frame, still.surface, rect) for _, rect in menu.layout().headings)
    press_key(app, pygame.K_PAGEDOWN)  # More ways to play: the demo plays on, and is not seen
    assert menu.page != "top"
    more = [frames(app, 2.0) for _ in range(3)]
    assert all(a.get_view("2").raw == more[0].get_view("2").raw for a in more)
