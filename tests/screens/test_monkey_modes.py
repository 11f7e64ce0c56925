"""Monkey test of the screens around play: seeded random events through the real app, with a real
store in a temporary folder and a calendar that moves on, over the result and analysis screens and
every mode (daily, Blitz, duel, two players, high scores, statistics, help, settings, make the code
and hand grading), not only the playing screen. Zero errors, and every game on the stack valid after
every frame.

Each episode starts where a player could be, in turn: on a menu entry chosen by keys, or on an end
screen of a finished game (won, lost, revealed before any row or mid-game, solved by the computer;
a Blitz run with its last code, a daily, a duel). Then random keys, clicks on the screen's own
rectangles, pointer moves, wheel turns and window sizes, and now and then a careful player's row (so
games end and the end screens and their analysis come up), until the app quits or the episode is
spent.

MONKEY_FRAMES (default 20,000) and MONKEY_SEED run it longer or otherwise; with -s it prints one JSON
line: frames, seconds, errors, episodes, screens seen.
"""

from __future__ import annotations

import datetime as dt
import gc
import json
import os
import random
import tempfile
import time
import traceback
from pathlib import Path

import pygame

from game.app import App
from game.core.blitz import new_blitz
from game.core.codes import index_code
from game.core.config import GameConfig, preset
from game.core.daily import daily_config, daily_day, daily_secret
from game.core.duel import LEVELS, DuelRules, duel_outcome
from game.core.solver import run
from game.core.space import consistent_steps, is_small
from game.core.state import Guess, Reveal, apply_move, new_game
from game.core.variants import GridVariant
from game.modes.blitz.screens import BlitzResultState
from game.modes.daily.result import DailyResultState
from game.modes.duel.result import DuelResultState
from game.play.record import GameRecord, Player, random_secret
from game.screens.base import State
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from game.screens.result import ResultState
from game.store import Store
from game.ui.layout_title import TOP, TitleLayout
from tests.screens.test_monkey import check_app

FRAMES = int(os.environ.get("MONKEY_FRAMES", "20000"))
SEED = int(os.environ.get("MONKEY_SEED", "1919"))
DRAW_EVERY = 4  # drawing every frame would triple the run time; every 4th still draws every screen
EPISODE_FRAMES = (100, 700)
MENU_ENTRIES = (
    "Classic", "Custom game", "Daily code", "Blitz", "Make the code", "Make the code, you grade",
    "Watch the computer", "Duel", "Two players", "Deduce", "Help", "Statistics", "High scores", "Settings",
)  # fmt: skip
END_SCREENS = ("result", "blitz", "daily", "duel")
# a menu entry, then an end screen, in turn (26 starts: every end screen three or four times)
START_PLAN = tuple(
    start for i, entry in enumerate(MENU_ENTRIES) for start in (entry, END_SCREENS[i % len(END_SCREENS)])
)
# Screens the monkey must have been on (overlays included) for the run to count.
MUST_SEE = {
    "MenuState", "PlayingState", "ResultState", "AnalysisOverlay", "DailyState", "DailyResultState",
    "BlitzResultState", "PlayingState+DuelHooks", "DuelResultState", "MatchSetupState", "HighScoresState",
    "DeduceState", "PlayingState+DeduceHooks", "DeduceResultState",
    "StatsState", "HelpOverlay", "SettingsState", "CodemakerState", "HandGradeState", "ConfirmOverlay",
}  # fmt: skip
LETTERS = [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz"]
KEYS = (
    [pygame.K_0 + i for i in range(10)] * 2 + LETTERS
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_SPACE]
    + [pygame.K_RETURN] * 4 + [pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END]
    + [pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, pygame.K_MINUS, pygame.K_PLUS, pygame.K_ESCAPE]
)  # fmt: skip


def screen_name(state: State) -> str:
    """A screen's class, and for the playing screen the mode's hooks it plays with too."""
    hooks = getattr(state, "hooks", None)
    name = type(state).__name__
    return name if hooks is None else f"{name}+{type(hooks).__name__}"


class Calendar:
    """The app's and the store's clock; the monkey moves it on (a new day's daily code)."""

    def __init__(self) -> None:
        self.now = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now


def key(k: int, mod: int = 0) -> pygame.event.Event:
    name = pygame.key.name(k)
    text = name if len(name) == 1 else ""
    text = text.upper() if mod else text
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def careful_guess(game, rng: random.Random) -> tuple[int, ...]:
    """A code that fits the board's grades (a small space: all of them are listed, one is drawn);
    a random code in a large one."""
    config = game.config
    if is_small(config) and game.history:
        possible = run(consistent_steps(config, game.history))
        if possible.shape[0]:
            return index_code(int(possible[rng.randrange(possible.shape[0])]), config.pegs, config.colours)
    return random_secret(config, rng)


def finished(rng: random.Random) -> GameRecord:
    """A finished game as each end comes about: won, lost, revealed (before any row or mid-game),
    finished by the computer; on a classic board, a grid or ten pegs."""
    grid = GameConfig(colours=3, variant=GridVariant(2, 2))
    config = rng.choice([GameConfig(4, 6), preset("Super").config(), grid])
    if rng.random() < 0.1:
        config = GameConfig(10, 10)
    secret = random_secret(config, rng)
    game = new_game(config, secret)
    end = rng.choice(["won", "lost", "revealed", "revealed-mid", "solved"])
    rows = 0 if end == "revealed" else rng.randrange(1, config.turns)
    owners = []
    while len(game.rows) < (config.turns if end == "lost" else rows) and not game.over:
        game = apply_move(game, Guess(random_secret(config, rng)))
        owners.append(Player.PLAYER)
    if end in ("won", "solved") and not game.over:
        game = apply_move(game, Guess(secret))
        owners.append(Player.COMPUTER if end == "solved" else Player.PLAYER)
    if not game.over:
        game = apply_move(game, Reveal())
    record = GameRecord(game, tuple(owners), rng.uniform(0, 900))
    return record.with_solver("entropy") if end == "solved" else record


def targets(app: App) -> list[pygame.Rect]:
    """Every rectangle the top screen's layout names (buttons, options, tabs, slots...)."""
    layout_of = getattr(app.state, "layout", None)
    if not callable(layout_of):
        return []
    try:
        layout = layout_of()
    except TypeError:
        return []
    found: list[pygame.Rect] = []

    def collect(value, depth=0):
        if isinstance(value, pygame.Rect):
            found.append(value)
        elif depth < 2 and isinstance(value, dict):
            for item in value.values():
                collect(item, depth + 1)
        elif depth < 2 and isinstance(value, list | tuple):
            for item in value:
                collect(item, depth + 1)

    for value in getattr(layout, "__dict__", {}).values():
        collect(value)
    return found


class Monkey:
    def __init__(self, rng: random.Random, folder: Path) -> None:
        self.rng = rng
        self.folder = folder
        self.calendar = Calendar()
        self.app: App | None = None
        self.left = 0
        self.episodes = 0
        self.held = False
        self.first: list[pygame.event.Event] = []

    def store(self) -> Store:
        return Store(self.folder, clock=self.calendar)

    def start(self) -> None:
        """A new episode: the menu and an entry chosen by keys, or an end screen."""
        rng = self.rng
        if self.app is not None:
            self.app.close()  # as quitting does: the game in progress and the settings are saved
        self.episodes += 1
        if self.episodes % 25 == 0:
            gc.collect()  # each app's fonts hold files open until collected
        self.calendar.now += dt.timedelta(hours=rng.choice((0, 1, 7, 30)))
        size = (rng.randrange(640, 1300), rng.randrange(480, 920))
        # Starts take turns, so every one comes up whatever the frame times (solvers and the
        # analysis think within a time budget, so two runs of one seed may part ways).
        kind = START_PLAN[self.episodes % len(START_PLAN)]
        start = None if kind in MENU_ENTRIES else self.end_screen(kind)
        app = App(size=size, seed=rng.randrange(10**6), start=start, store=self.store(), now=self.calendar)
        pygame.event.clear()
        self.app, self.held = app, False
        self.left = rng.randrange(*EPISODE_FRAMES)
        self.first = self.choose(kind) if start is None else []

    def end_screen(self, kind: str) -> State:
        """An end screen over a finished game of its kind, as its mode would hand it over."""
        rng = self.rng
        if kind == "blitz":
            run = new_blitz(rng.randrange(1000)).crack(rng.randrange(1, 11)).tick(400.0)
            return BlitzResultState(run, finished(rng) if rng.random() < 0.8 else None)
        if kind == "daily":
            day = daily_day(self.calendar.now)
            config, secret = daily_config("Classic"), daily_secret(day, "Classic")
            record = GameRecord.new(config, secret)
            while not record.over:
                guess = secret if rng.random() < 0.2 else random_secret(config, rng)
                record = record.played(guess, Player.PLAYER)
            return DailyResultState("Classic", day, record)
        if kind == "duel":
            rules = DuelRules(preset("Classic").config(), rng.choice(LEVELS))
            config = rules.config
            secret = random_secret(config, rng)
            rows = rng.randrange(1, 6)
            player, computer = (GameRecord.new(config, secret) for _ in range(2))

            def miss() -> tuple[int, ...]:  # a row that does not crack it (the duel is decided last)
                code = random_secret(config, rng)
                return code if code != secret else tuple((c + 1) % config.colours for c in code)

            for row in range(rows):
                last = row == rows - 1
                player = player.played(secret if last else miss(), Player.PLAYER)
                draw = last and rng.random() < 0.3  # both crack it on the same turn
                computer = computer.played(secret if draw else miss(), Player.COMPUTER)
            grades = [[r.feedback for r in board.game.rows] for board in (player, computer)]
            return DuelResultState(rules, player, computer, duel_outcome(rules, *grades))
        return ResultState(finished(rng))

    def choose(self, label: str) -> list[pygame.event.Event]:
        """The keys that open the title screen's entry `label`: Home, Tab to it in reading order,
        Enter (through the tile to its page first when it is one level down)."""
        menu = self.app.state
        labels = [entry.label for entry in menu.entries] if isinstance(menu, MenuState) else []
        if label not in labels:
            return []
        target = labels.index(label)
        layout = menu.layout()
        page = layout.page_of(target)
        keys: list[pygame.event.Event] = []
        if page != menu.page:
            keys += [key(pygame.K_ESCAPE)] if menu.page != TOP else []  # back to the top page first
            family = layout.pages.family(page)
            keys += self.tab_to(menu, TOP, menu.plan.nav_kept if family == "kept" else menu.plan.nav_more)
            keys += [key(pygame.K_PAGEDOWN)] * (
                layout.pages.names.index(page) - layout.pages.names.index(family)
            )
        return keys + self.tab_to(menu, page, target)

    def tab_to(self, menu: MenuState, page: str, index: int) -> list[pygame.event.Event]:
        shown = TitleLayout(self.app.surface.get_size(), menu.plan, page).shown()
        return [key(pygame.K_HOME)] + [key(pygame.K_TAB)] * shown.index(index) + [key(pygame.K_RETURN)]

    def events(self) -> list[pygame.event.Event]:
        rng, app, state = self.rng, self.app, self.app.state
        if self.first:
            first, self.first = self.first, []
            return first
        roll = rng.random()
        if isinstance(state, PlayingState) and not state.game.over and roll < 0.08:
            code = careful_guess(state.game, rng)  # a careful row: games end, end screens come up
            typed = [key(pygame.K_1 + c if c < 9 else pygame.K_0) for c in code]
            return [key(pygame.K_BACKSPACE)] * state.config.pegs + typed + [key(pygame.K_RETURN)]
        if isinstance(state, MenuState) and roll < 0.2:
            return self.choose(rng.choice(MENU_ENTRIES))
        if hasattr(state, "analysis") and roll < 0.12:
            return [key(pygame.K_a)]
        if roll < 0.45:
            mod = rng.choice((0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            return [key(rng.choice(KEYS), mod)]
        rects = targets(app)
        w, h = app.size
        anywhere = (rng.randrange(w), rng.randrange(h))
        pos = rng.choice(rects).center if rects and rng.random() < 0.8 else anywhere
        if roll < 0.75:
            button = 1 if rng.random() < 0.9 else 3
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            if rng.random() < 0.2:  # a press now, the release later: a drag
                self.held = not self.held
                return [move, up if not self.held else down]
            return [move, down, up]
        if roll < 0.93:
            buttons = (1, 0, 0) if self.held else (0, 0, 0)
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)]
        if roll < 0.99:
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), flipped=False)]
        size = (rng.randrange(640, 1300), rng.randrange(480, 920))
        return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def run_monkey(frames: int, seed: int) -> dict:
    rng = random.Random(seed)
    errors: list[str] = []
    seen: set[str] = set()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="monkey-") as folder:
        monkey = Monkey(rng, Path(folder))
        monkey.start()
        for frame in range(frames):
            try:
                if not monkey.app.running or monkey.left <= 0:
                    monkey.start()
                monkey.left -= 1
                events = monkey.events()
                if monkey.app.running:
                    dt_s = rng.choice((0.0, 1 / 60, 1 / 60, 0.05, 0.1))
                    monkey.app.step(events, dt_s, draw=frame % DRAW_EVERY == 0)
                if monkey.app.running:
                    check_app(monkey.app)
                    for state in monkey.app.stack:
                        seen.update((type(state).__name__, screen_name(state)))
            except Exception:  # noqa: BLE001  (counted and shown: the run goes on in a fresh app)
                stack = [type(state).__name__ for state in monkey.app.stack] if monkey.app else []
                errors.append(f"frame {frame} on {stack}: {traceback.format_exc(limit=-12)}")
                monkey.app = None
                monkey.start()
        monkey.app.close()
    seconds = time.perf_counter() - started
    return {
        "frames": frames,
        "seconds": round(seconds, 1),
        "errors": len(errors),
        "episodes": monkey.episodes,
        "screens": sorted(seen),
        "first_errors": errors[:3],
    }


def test_monkey_modes__random_events_over_every_screen_raise_nothing():
    report = run_monkey(FRAMES, SEED)
    print(json.dumps({k: v for k, v in report.items() if k != "first_errors"}))
    assert report["errors"] == 0, "\n".join(report["first_errors"])
    missing = MUST_SEE - set(report["screens"])
    assert not missing, f"the monkey never reached {sorted(missing)}"
