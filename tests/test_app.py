"""The command line and the shell: --help, bad options exit 2 with a one-line reason, --frames
quits by itself, start options go straight into a game, and the state stack obeys transitions."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.core.config import MAX_PEGS, ConfigError, GameConfig
from game.launch import main
from game.modes.classic.hooks import ClassicHooks
from game.options import build_parser, config_from_args
from game.screens.base import Pop, Push, Replace, Reset, State
from game.screens.menu import MenuState
from game.screens.playing import PlayingState
from tests.screens.driver import make_app

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run_game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, env=ENV, timeout=60
    )


def test_app__help_lists_the_options():
    result = run_game("--help")
    assert result.returncode == 0
    for option in ("--frames", "--pegs", "--colours", "--difficulty", "--preset", "--seed", "--size"):
        assert option in result.stdout


@pytest.mark.parametrize(
    "args, reason",
    [
        (["--pegs", str(MAX_PEGS + 1)], f"pegs must be a whole number from 2 to {MAX_PEGS}"),
        (["--colours", "11"], "colours must be a whole number from 2 to 10"),
        (["--size", "big"], "size is WIDTHxHEIGHT"),
        (["--frames", "0"], "expected at least 1"),
        (["--preset", "nope"], "no preset called 'nope'"),
        (["--pegs", "6", "--colours", "4", "--no-duplicates"], "without repeated colours"),
        (["--difficulty", "insane"], "invalid choice"),
    ],
)
def test_app__bad_options_exit_2_with_one_line_reason(args, reason, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err_lines = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(err_lines) == 1 and reason in err_lines[0]


def test_app__frames_option_quits_by_itself_in_a_subprocess():
    result = run_game("--frames", "3", "--preset", "classic", "--seed", "1", "--size", "800x600")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""


def test_app__start_options_build_the_game_config():
    args = build_parser().parse_args(["--pegs", "5", "--colours", "7", "--difficulty", "tight"])
    assert config_from_args(args) == GameConfig(5, 7, difficulty="tight")
    args = build_parser().parse_args(["--preset", "super", "--no-duplicates"])
    assert config_from_args(args) == GameConfig(5, 8, duplicates=False)
    assert config_from_args(build_parser().parse_args([])) is None
    with pytest.raises(ConfigError):
        config_from_args(build_parser().parse_args(["--no-duplicates"]))


def test_app__same_seed_same_secret():
    secrets = [
        make_app(seed=42, start=PlayingState(GameConfig(5, 8), hooks=ClassicHooks())).state.game.secret
        for _ in range(2)
    ]
    assert secrets[0] == secrets[1]


class Recorder(State):
    def __init__(self, name, log, answer=None):
        self.name, self.log, self.answer = name, log, answer

    def enter(self, app):
        super().enter(app)
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def resume(self, result):
        self.log.append(f"resume {self.name} {result}")
        return self.answer


def test_app__transitions_call_enter_exit_and_resume_in_order():
    log: list[str] = []
    app = make_app(start=Recorder("a", log, answer=Replace(Recorder("c", log))))
    app.apply(Push(Recorder("b", log)))
    assert [type(s) for s in app.stack] == [Recorder, Recorder]
    app.apply(Pop("yes"))
    assert log == ["enter a", "enter b", "exit b", "resume a yes", "exit a", "enter c"]
    app.apply(Reset(MenuState()))
    assert len(app.stack) == 1 and isinstance(app.state, MenuState) and log[-1] == "exit c"
    app.apply(Pop())
    assert not app.running
