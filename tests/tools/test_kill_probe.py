"""Killing the game (SIGKILL, no chance to save) at random moments, just after a winning row, or at
any database statement of a decision loses no submitted row and no decided game and counts none
twice: tools/kill_probe.py plays real games in child processes and reads what they left. (The tool
runs hundreds of kills by hand; here a bounded number.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "kill_probe.py"


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_kill_probe__ten_kills_at_random_moments_lose_no_submitted_row():
    done = subprocess.run(
        [sys.executable, str(TOOL), "--kills", "10", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    totals = json.loads(done.stdout)
    assert totals["kills"] == 10 and totals["rows_submitted"] > 0  # the children really played
    assert (totals["rows_lost"], totals["decided_lost"], totals["counted_twice"]) == (0, 0, 0)
    assert done.returncode == 0


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_kill_probe__kills_just_after_a_winning_row_count_each_game_once():
    done = subprocess.run(
        [sys.executable, str(TOOL), "--kills", "6", "--decisive", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    totals = json.loads(done.stdout)
    assert totals["kills"] == 6 and totals["games"] >= 6
    assert (totals["rows_lost"], totals["decided_lost"], totals["counted_twice"]) == (0, 0, 0)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("mode", ["classic", "blitz", "daily-deduce"])
def test_kill_probe__a_decision_killed_at_any_database_statement_is_all_or_nothing(mode):
    done = subprocess.run(
        [sys.executable, str(TOOL), "--writes", mode], capture_output=True, text=True, timeout=900
    )
    figures = json.loads(done.stdout)
    assert figures["kills"] >= 4 and figures["kills"] == figures["writes"]  # every statement was a kill point
    assert (figures["bad"], figures["problems"]) == (0, [])
    assert done.returncode == 0


@pytest.mark.parametrize("args", [["--kills", "0"], ["--kills", "x"], ["--seed", "-1"]])
def test_kill_probe__bad_arguments_exit_2_with_one_line(args):
    done = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
