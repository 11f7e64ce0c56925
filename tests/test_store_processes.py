"""Two game processes on one data folder, through the real app in each: both finish Classic games (every
game counted once), both try to resume the same kept game (one wins, the other is told), both play
today's Daily (one attempt: the second is shown the first's result)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.config import GameConfig
from game.modes.classic.hooks import ClassicHooks
from game.modes.daily.book import kind_of
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import press_key, settle
from tests.screens.test_lifetime import SECRET, type_code

REPO = Path(__file__).resolve().parents[1]
CHILD = r"""
import datetime as dt, os, sys, time
from pathlib import Path
import pygame
from game.app import App
from game.core.config import GameConfig
from game.core.daily import daily_secret
from game.screens.base import go
from game.screens.playing import PlayingState
from game.store import Store

role, folder, barrier = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
NOW = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)

def key(k, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)

def row(app, code):
    app.step([key(pygame.K_1 + c) for c in code] + [key(pygame.K_RETURN)], 1 / 30)
    for _ in range(60):
        app.step([], 1 / 30)

def wait_for_the_other():
    print("ready", flush=True)
    while not barrier.exists():
        time.sleep(0.01)

if role == "classic":
    start = go("new_game", config=GameConfig(4, 6))
    app = App(size=(800, 600), seed=os.getpid(), store=Store(folder), start=start)
    wait_for_the_other()
    for _ in range(5):
        row(app, app.state.game.secret)
        for _ in range(120):
            app.step([], 1 / 30)
        for _ in range(10):  # the initials of a top-ten score (Enter signs them), then Play again
            app.step([key(pygame.K_RETURN)], 1 / 30)
            if isinstance(app.state, PlayingState) and not app.state.game.rows:
                break
        assert isinstance(app.state, PlayingState) and not app.state.game.rows
elif role == "resume":
    app = App(size=(800, 600), seed=1, store=Store(folder))
    wait_for_the_other()
    app.step([key(pygame.K_RETURN)], 1 / 30)  # Resume, the menu's first line
    print("resumed" if isinstance(app.state, PlayingState) else "refused", flush=True)
    if isinstance(app.state, PlayingState):
        row(app, app.state.game.secret)
elif role == "daily":
    day = NOW.date()
    app = App(size=(800, 600), seed=1, store=Store(folder), now=lambda: NOW, start=go("daily"))
    wait_for_the_other()
    app.step([key(pygame.K_RETURN)], 1 / 30)  # today's Daily Classic
    secret = daily_secret(day, "Classic")
    if isinstance(app.state, PlayingState):
        row(app, tuple((c + 1) % 6 for c in secret))
        row(app, secret)
        for _ in range(300):
            app.step([], 1 / 30)
    shown = [state for state in app.stack if not state.is_overlay][-1]  # under any initials overlay
    print(type(shown).__name__, getattr(shown, "refused", None), flush=True)
app.close()
print("done", flush=True)
"""


def run_two(role: str, folder: Path) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    barrier = folder.parent / f"{folder.name}.go"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, role, str(folder), str(barrier)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    for child in children:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
    barrier.touch()  # both are up (menus listed, boards dealt) before either goes on
    outputs = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        outputs.append(out)
    return outputs


@pytest.mark.skipif(os.name != "posix", reason="runs child processes the POSIX way")
def test_store_processes__two_processes_finishing_classic_games_count_every_one(tmp_path):
    run_two("classic", tmp_path / "data")
    stats = Store(tmp_path / "data").load_stats()["Classic"]
    assert (stats.games, stats.wins) == (10, 10)


@pytest.mark.skipif(os.name != "posix", reason="runs child processes the POSIX way")
def test_store_processes__one_of_two_processes_resumes_a_kept_game(tmp_path):
    folder = tmp_path / "data"
    app = App(
        size=(800, 600),
        seed=1,
        store=Store(folder),
        start=PlayingState(GameConfig(4, 6), secret=SECRET, hooks=ClassicHooks()),
    )
    type_code(app, (5, 5, 5, 5))
    press_key(app, pygame.K_RETURN)
    settle(app, 1.0)
    app.close()
    outputs = run_two("resume", folder)
    said = sorted(out.split()[0] for out in outputs)
    assert said == ["refused", "resumed"]
    stats = Store(folder).load_stats()["Classic"]
    assert (stats.games, stats.wins) == (1, 1) and Store(folder).load_kept() == {}


@pytest.mark.skipif(os.name != "posix", reason="runs child processes the POSIX way")
def test_store_processes__two_processes_playing_todays_daily_make_one_attempt(tmp_path):
    folder = tmp_path / "data"
    outputs = run_two("daily", folder)
    shown = sorted(out.split()[:2] for out in outputs)
    assert shown == [["DailyResultState", "False"], ["DailyResultState", "True"]]  # the second: refused
    attempts = Store(folder).attempts(kind_of("Classic"))
    assert list(attempts) == ["2026-11-25"] and attempts["2026-11-25"].state == "decided"


OPEN_AT_ONCE = r"""
import sys, time
from pathlib import Path
from game.store import Store
folder, start = Path(sys.argv[1]), float(sys.argv[2])
while time.time() < start:  # both open the new database at the same instant
    pass
store = Store(folder)
store.db
print("memory" if store._in_memory else "file", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="runs child processes the POSIX way")
def test_store_processes__two_windows_opening_a_new_database_at_once_both_write_to_the_file(tmp_path):
    # Switching a new file to WAL in two processes at once answers one "locked" without waiting:
    # before the store tried again, about half of such starts kept one window's games in memory only.
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for round_ in range(8):
        start = f"{time.time() + 0.5:.3f}"
        folder = str(tmp_path / f"data{round_}")
        children = [
            subprocess.Popen(
                [sys.executable, "-c", OPEN_AT_ONCE, folder, start],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for _ in range(2)
        ]
        answers = [child.communicate(timeout=60)[0].strip() for child in children]
        assert answers == ["file", "file"], (round_, answers)
