"""The shell against signals, missing displays, odd window sizes and contradictory command lines.

Signals are sent to a real game in a subprocess (SDL dummy drivers, data in a temporary
XDG_DATA_HOME) after a row has been played with real key events, so there is a game in progress to
save. Everything else runs the real app in this process.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig
from game.launch import main
from game.modes.classic.hooks import ClassicHooks
from game.options import MAX_SIZE, MIN_SIZE
from game.screens.playing import PlayingState
from game.store import Store
from tests.screens.driver import FRAME_S, make_app

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

# Runs the real `main()`; once the game is on screen it plays one row with key events and says so.
PLAY_ONE_ROW = """
import sys
import pygame
from game import app as shell
from game import launch

real_step = shell.App.step

def step(self, events=None, dt=1 / 60, draw=True):
    if self.frames == 5:
        for k in (pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_2, pygame.K_RETURN):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    real_step(self, events, dt, draw)
    game = getattr(self.state, "game", None)
    if self.frames == 8:
        print("rows", len(game.rows), "over", game.over, flush=True)

shell.App.step = step
sys.exit(launch.main(sys.argv[1:]))
"""


def read_line(process: subprocess.Popen, timeout_s: float) -> str:
    ready, _, _ = select.select([process.stdout], [], [], timeout_s)
    assert ready, f"no line from the game within {timeout_s} s"
    return process.stdout.readline()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT/SIGHUP to a child process is POSIX")
@pytest.mark.parametrize("signame", ["SIGINT", "SIGHUP", "SIGTERM"])
def test_app__signal_saves_settings_and_the_game_in_progress_and_exits_cleanly(tmp_path, signame):
    env = dict(ENV, XDG_DATA_HOME=str(tmp_path))
    process = subprocess.Popen(
        [sys.executable, "-c", PLAY_ONE_ROW, "--preset", "classic", "--seed", "3"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert read_line(process, 90).split() == ["rows", "1", "over", "False"]
        process.send_signal(getattr(signal, signame))
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    data = tmp_path / "mastermind-arcade"
    assert process.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    kept = Store(data).load_kept()
    assert kept["classic:Classic"]["data"]["moves"] == ["g0011"]
    assert json.loads((data / "settings.json").read_text())["kind"] == "settings"


@pytest.mark.parametrize("driver, display", [("nosuchdriver", None), ("x11", "")])
def test_app__no_display_exits_1_with_one_line_naming_the_dummy_driver(driver, display, tmp_path):
    if driver == "x11" and sys.platform != "linux":
        pytest.skip("an X11 driver without a display is a Linux case")
    env = dict(ENV, SDL_VIDEODRIVER=driver, XDG_DATA_HOME=str(tmp_path))
    env.pop("WAYLAND_DISPLAY", None)
    if display is not None:
        env["DISPLAY"] = display
    result = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "2"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "needs a display" in lines[0] and "SDL_VIDEODRIVER=dummy" in lines[0]
    assert not (tmp_path / "mastermind-arcade").exists()  # nothing done before the check


@pytest.mark.parametrize(
    "args, reason",
    [
        (["--preset", ""], "--preset takes one of easy, classic"),
        (["--preset", "custom"], "for any other game give --pegs"),
        (["--preset", "Custom"], "for any other game give --pegs"),
        (["--preset", "classic", "--pegs", "5"], "drop --pegs or drop --preset"),
        (["--preset", "super", "--colours", "6", "--difficulty", "tight"], "drop --colours and --difficulty"),
        (["--preset", "nope"], "no preset called 'nope'; choose one of easy, classic, super, expert"),
        (["--size", "99999x99999"], f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}"),
        (["--size", "0x0"], f"from {MIN_SIZE[0]}x{MIN_SIZE[1]}"),
    ],
)
def test_app__contradictory_or_empty_options_exit_2_with_one_line(args, reason, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and reason in lines[0]
    if args[:2] in (["--preset", "custom"], ["--preset", "Custom"]):
        assert "custom" not in lines[0].lower()  # Custom is not offered as a preset


def test_app__resize_is_clamped_between_the_minimum_and_the_maximum():
    app = make_app(start=PlayingState(GameConfig(4, 6), hooks=ClassicHooks()))
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(99999, 99999), w=99999, h=99999)], FRAME_S)
    assert app.size == MAX_SIZE
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(10, 10), w=10, h=10)], FRAME_S)
    assert app.size == MIN_SIZE


@pytest.mark.parametrize("forced", [(1, 1), (100, 50), (50, 480), (639, 479), (2000, 300)])
@pytest.mark.parametrize("pegs, colours", [(4, 6), (8, 10)])
def test_app__window_forced_below_the_minimum_draws_the_minimum_canvas(forced, pegs, colours):
    app = make_app(start=PlayingState(GameConfig(pegs, colours), hooks=ClassicHooks()))
    pygame.display.set_mode(forced, pygame.RESIZABLE)  # as a window manager may, whatever we asked
    app.step([], FRAME_S)
    app.step([], FRAME_S)
    width, height = app.size
    assert (width, height) == (max(MIN_SIZE[0], forced[0]), max(MIN_SIZE[1], forced[1]))
    assert pygame.display.get_surface().get_size() == forced
    # What the window shows is the top-left of the canvas the layouts were drawn on.
    window = pygame.display.get_surface()
    corner = (min(forced[0], width) - 1, min(forced[1], height) - 1)
    assert window.get_at(corner) == app.surface.get_at(corner)
