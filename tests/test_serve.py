"""The built program serves too: `python -m game --serve --port 0` (what `mastermind-arcade --serve`
and the built executable run) starts the game server, not the game: it says where it listens on
127.0.0.1, answers a real client's hello, and stops on SIGTERM. No window is opened for it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.server.netkit import WAIT_S, Player

REPO = Path(__file__).resolve().parents[1]


def test_serve__the_game_program_runs_the_server_and_it_answers(tmp_path):
    data = tmp_path / "results.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(REPO), SDL_VIDEODRIVER="no-such-driver")  # a window would fail
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "--serve", "--port", "0", "--data", str(data)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)", first)
        assert found, first
        ann = Player(int(found.group(1)), "Ann")
        welcome = ann.wait(lambda m: m["type"] == "welcome", "welcome")
        assert welcome["nick"] == "Ann"
        ann.send("create", size="Classic", kind="race")
        assert len(ann.event("waiting")["invite"]) == 5
        ann.close()
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=WAIT_S)
    assert process.returncode == 0, err
    assert "stopped" in out and data.exists()
