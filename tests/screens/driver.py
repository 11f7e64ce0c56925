"""Drive the real app with real pygame events (posted to pygame's queue), frame by frame.

Every helper posts events with pygame.event.post and then runs one App.step with an explicit dt,
so tests are deterministic and go through exactly the code a player's input goes through.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app import App
from game.core.codes import index_code
from game.core.solver import is_consistent
from game.play.record import GameRecord, Player

FRAME_S = 1 / 60


def make_app(size=(1024, 720), seed=7, start=None, settings=None) -> App:
    app = App(size=size, seed=seed, start=start, settings=settings)
    pygame.event.clear()
    return app


def post(app: App, *events: pygame.event.Event, dt: float = FRAME_S) -> None:
    for event in events:
        pygame.event.post(event)
    app.step(None, dt)


def mouse_down(pos, button=1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def mouse_up(pos, button=1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)


def motion(pos, buttons=(1, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=buttons)


def key(k, mod=0, unicode="") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def click(app: App, pos, button=1) -> None:
    post(app, motion(pos, (0, 0, 0)), mouse_down(pos, button), mouse_up(pos, button))


def wheel_to_row(app: App, name: str) -> None:
    """On the settings screen, the mouse wheel turned until the row `name` shows whole (the list
    scrolls; where a row sits depends on every declaration before it)."""
    for _ in range(100):
        layout = app.state.layout()
        if layout.visible(name):
            return
        rows = list(layout.rows)
        first_shown = next(i for i, row in enumerate(rows) if layout.visible(row))
        up = rows.index(name) < first_shown
        post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if up else -1, flipped=False))
    raise AssertionError(f"the row {name!r} never came into view")


def drag(app: App, start, end) -> None:
    """Press at start, move there in two frames, release at end."""
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(app, motion(start, (0, 0, 0)), mouse_down(start))
    post(app, motion(mid))
    post(app, motion(end), mouse_up(end))


def press_key(app: App, k, dt: float = FRAME_S) -> None:
    post(app, key(k), dt=dt)


def type_code(app: App, code) -> None:
    """`code` typed into the row with the digit keys, as a player types it (colour c is key c + 1)."""
    for colour in code:
        post(app, key(pygame.K_1 + colour, unicode=str(colour + 1)))


def grade_by_keys(app: App, grade) -> None:
    """A hand grade given as a player gives it: B for each black, W for each white, then Enter."""
    for _ in range(grade.black):
        press_key(app, pygame.K_b)
    for _ in range(grade.white):
        press_key(app, pygame.K_w)
    press_key(app, pygame.K_RETURN)


def submit_code(app: App, code) -> None:
    """`code` typed and handed in with Enter."""
    type_code(app, code)
    post(app, key(pygame.K_RETURN))


def settle(app: App, seconds: float = 3.0, dt: float = 0.05) -> None:
    """Let animations run (grading pegs, win flash) by stepping frames with no input."""
    for _ in range(round(seconds / dt)):
        if not app.running:
            return
        app.step([], dt)


def lowest_consistent(state) -> tuple[int, ...]:
    """The guess a careful player makes from what the board shows: the lowest code that fits every grade."""
    config = state.config
    for index in range(config.code_count):
        code = index_code(index, config.pegs, config.colours)
        if config.is_legal(code) and is_consistent(code, state.history):
            return code
    raise AssertionError("no consistent code: the grades on the board contradict each other")


def record_of(game, seconds: float = 0.0, by: Player = Player.PLAYER) -> GameRecord:
    """A record of `game` (finished or not) whose rows `by` played in `seconds` of play."""
    return GameRecord(game, (by,) * len(game.rows), seconds)


def text_rects(app: App) -> dict[str, list[pygame.Rect]]:
    """Where each line of text the app draws from now on lands (`del app.text.draw` stops it)."""
    drawn: dict[str, list[pygame.Rect]] = {}
    real_draw = app.text.draw

    def spy(surface, line, *args, **kwargs):
        rect = real_draw(surface, line, *args, **kwargs)
        drawn.setdefault(line, []).append(rect)
        return rect

    app.text.draw = spy
    return drawn


def text_spy(app: App) -> list[str]:
    """Every line of text the app draws from now on, in order (`del app.text.draw` stops it)."""
    shown: list[str] = []
    real_draw = app.text.draw

    def spy(surface, line, *args, **kwargs):
        shown.append(line)
        return real_draw(surface, line, *args, **kwargs)

    app.text.draw = spy
    return shown


def drawn_lines(app: App) -> list[str]:
    """Every line of text one frame draws."""
    shown = text_spy(app)
    try:
        app.draw()
    finally:
        del app.text.draw
    return shown


def kept_lines(app: App) -> list[str]:
    """The menu's Resume lines (one per kept game), top first."""
    return [entry.label for entry in app.state.entries if entry.group == "Resume"]


def choose_entry(app: App, prefix: str) -> None:
    """Click the menu entry whose label starts with `prefix` (exactly one must), as a player does:
    on the title screen, or one level down (the tile to its page clicked first)."""
    menu = app.state
    hits = [i for i, entry in enumerate(menu.entries) if entry.label.startswith(prefix)]
    assert len(hits) == 1, f"menu entries starting {prefix!r}: {[menu.entries[i].label for i in hits]}"
    rect = menu.layout().entries[hits[0]]
    if rect is None:  # on another page: its tile first (the top page's "More ways to play"), then
        # the page control's next button until the page that holds it
        page = menu.layout().page_of(hits[0])
        if menu.page != "top":
            click(app, menu.layout().entries[menu.plan.back].center)
        tile = menu.plan.nav_kept if page.startswith("kept") else menu.plan.nav_more
        if page != "top" and tile is not None:
            click(app, menu.layout().entries[tile].center)
        for _ in range(len(menu.layout().pages.names)):
            if menu.layout().entries[hits[0]] is not None:
                break
            click(app, menu.layout().page_next.center)
        rect = menu.layout().entries[hits[0]]
    click(app, rect.center)


@dataclass(frozen=True)
class DrawnText:
    """One text the app drew: its words, the size given to the text renderer, whether it was tagged
    fine print, its role ("button": a button's label) and where it landed."""

    text: str
    px: int
    fine: bool
    role: str
    rect: pygame.Rect


def font_spy(app: App) -> list[DrawnText]:
    """Every text one frame draws, as DrawnText: every label goes through the renderer's draw()."""
    drawn: list[DrawnText] = []
    real_draw = app.text.draw

    def spy(surface, line, size_px, colour, anchor, align="center", fine=False, role=""):
        rect = real_draw(surface, line, size_px, colour, anchor, align, fine, role)
        drawn.append(DrawnText(line, int(size_px), fine, role, rect.copy()))
        return rect

    app.text.draw = spy
    try:
        app.draw()
    finally:
        del app.text.draw
    return [d for d in drawn if d.text.strip()]
