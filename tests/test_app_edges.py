"""The command line and the shell at their edges: a quit signal in the first moments (while pygame
loads) ends cleanly, --frames N ends like a quit (settings and the game in progress are saved),
numbers are ASCII digits only, and a long bad value is quoted back short, on one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import MAX_SHOWN_CHARS
from game.launch import main
from game.store import Store
from tests.test_app_hostile import PLAY_ONE_ROW

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

# The real entry point (game/__main__.py), with SIGINT sent to itself while pygame is being imported.
SIGNAL_WHILE_LOADING = """
import builtins, os, signal, sys
real_import = builtins.__import__
sent = []

def importing(name, *args, **kwargs):
    if name == "pygame" and not sent:
        sent.append(name)
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)

builtins.__import__ = importing
from game.__main__ import main
sys.argv = ["mastermind", *sys.argv[1:]]
sys.exit(main())
"""


def run(code: str, *args: str, data_home: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=REPO,
        env=dict(ENV, XDG_DATA_HOME=str(data_home)),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(os.name != "posix", reason="a signal held while modules load is POSIX")
def test_app__a_signal_while_pygame_loads_ends_like_a_quit(tmp_path):
    result = run(SIGNAL_WHILE_LOADING, "--frames", "100000", data_home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "KeyboardInterrupt" not in result.stderr
    settings = json.loads((tmp_path / "mastermind-arcade" / "settings.json").read_text())
    assert settings["kind"] == "settings"


def test_app__frames_ends_like_a_quit_saving_settings_and_the_game_in_progress(tmp_path):
    result = run(PLAY_ONE_ROW, "--preset", "classic", "--seed", "3", "--frames", "12", data_home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["rows", "1", "over", "False"]
    data = tmp_path / "mastermind-arcade"
    kept = Store(data).load_kept()
    assert kept["classic:Classic"]["data"]["moves"] == ["g0011"]
    assert json.loads((data / "settings.json").read_text())["data"]["window_size"] == [1024, 720]


def one_line_error(args: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    return lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["--frames", "\u0663"],  # Arabic-Indic three
        ["--size", "\uff11\uff10\uff12\uff14x\uff17\uff12\uff10"],  # full-width 1024x720
        ["--seed", "\u0663"],
        ["--pegs", "\u0664"],
        ["--colours", "\uff16"],
        ["--grid", "\u0662x\u0662"],
        ["--frames", "1" * 5000],
        ["--grid", "2" * 5000 + "x2"],
    ],
    ids=["frames-٣", "size-fullwidth", "seed-٣", "pegs-٤", "colours-６", "grid-٢x٢", "frames-5k", "grid-5k"],
)
def test_app__numbers_are_ascii_digits_of_a_sensible_length(args, capsys):
    line = one_line_error(args, capsys)
    assert "Exceeds the limit" not in line and "set_int_max_str_digits" not in line
    assert len(line) < 200


@pytest.mark.parametrize("option", ["--preset", "--difficulty", "--size", "--grid", "--frames", "--bogus"])
def test_app__a_long_bad_value_is_quoted_at_most_forty_characters(option, capsys):
    value = "q" * 10_000
    line = one_line_error([option, value], capsys)
    longest_run = max(len(run) for run in line.replace("'", " ").split())
    assert longest_run <= MAX_SHOWN_CHARS and len(line) < 300
