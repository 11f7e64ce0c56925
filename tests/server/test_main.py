"""mastermind-server's command line: bad arguments are refused in one line (exit 2) like every
tool's, and the real process listens where it says, logs room events and stops on SIGTERM."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from game.server.__main__ import build_parser
from tests.tools.test_tool_args import FORTY_DIGITS, NOT_DIGITS, refusal, value_options

from .netkit import WAIT_S, Player

REPO = Path(__file__).resolve().parents[2]


def test_main__every_option_refuses_a_double_dash_and_bad_numbers_in_one_line(capsys):
    parser = build_parser()
    actions = value_options(parser)
    assert {a.option_strings[0] for a in actions} >= {"--host", "--port", "--data"}
    for action in actions:
        option = action.option_strings[0]
        assert f"argument {option}" in refusal(parser, [f"{option}=--"], capsys)
    for value in ["65536", "-1", FORTY_DIGITS, *NOT_DIGITS]:
        assert "argument --port" in refusal(parser, ["--port", value], capsys), value
    assert "bytes" in refusal(parser, ["--data", "x" * 300], capsys)


def run_server(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "game.server", *args],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_main__a_folder_for_data_is_refused_in_one_line(tmp_path):
    process = run_server("--data", str(tmp_path), "--port", "0")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and out == ""
    assert err.splitlines() == [
        f"mastermind-server: error: --data {tmp_path} is a folder; give a file name (see --help)"
    ]


def test_main__the_server_says_where_it_listens_logs_rooms_and_stops_on_sigterm(tmp_path):
    data = tmp_path / "results.sqlite3"
    process = run_server("--port", "0", "--data", str(data))
    try:
        first = process.stdout.readline()
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)", first)
        assert found and str(data) in first, first
        ann = Player(int(found.group(1)), "Ann")
        ann.send("create", size="Super", kind="codemaker", rounds=4)
        invite = ann.event("waiting")["invite"]
        ann.close()
        logged = process.stdout.readline()
        assert "room 1 opened" in logged and "codemaker Super" in logged and invite in logged
    finally:
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate(timeout=WAIT_S)
    assert process.returncode == 0 and "stopped" in out and data.exists()
