"""tools/bench_frames.py --scenario attract: the menu left idle, then demo games; one JSON object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_frames.py"


def test_bench_frames__attract_scenario_measures_the_demo_and_prints_json() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "attract", "--frames", "120", "--warmup", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(done.stdout)
    assert result["scenario"] == "attract" and result["frames"] == 120
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert "attract" in done.stderr


def test_bench_frames__win_scenario_measures_a_win_from_its_last_row_to_the_initials() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "win", "--pegs", "4", "--colours", "6"]
    command += ["--difficulty", "classic", "--size", "800x600"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(done.stdout)
    # the flash and the shield, the count, the streak, the celebration and a pause: seconds of frames,
    # and the run stops when the initials are asked, before the 600 frames allowed
    assert result["scenario"] == "win" and 180 <= result["frames"] < 600
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]


def test_bench_frames__solve_scenario_without_a_strategy_named_solves_with_the_strongest() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "solve", "--pegs", "4", "--colours", "6"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["scenario"] == "solve" and result["solved"] and result["guesses"] >= 1


def test_bench_frames__online_duel_plays_a_race_through_a_real_server_with_latency() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "online-duel", "--frames", "900", "--warmup", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(done.stdout)
    assert result["scenario"] == "online-duel" and result["latency_ms"] == 100
    assert result["rows"] == result["turns"] == 10 and result["opponent_rows"] == 10
    assert result["ended"] and result["frames"] < 900  # the race reached its end screen
