"""tools/bench_frames.py --solve: one JSON object describing a whole computer solve of the real app."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_frames.py"


def test_bench_frames__solve_prints_one_json_object_with_the_solve_fields() -> None:
    command = [
        sys.executable,
        str(TOOL),
        "--solve",
        "lowest",
        "--pegs",
        "3",
        "--colours",
        "4",
        "--speed",
        "fast",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(done.stdout)
    for key in ("frames", "p50_ms", "p99_ms", "max_ms", "budget_ms", "guesses", "solved", "seconds"):
        assert key in result
    assert result["solved"] is True and 1 <= result["guesses"] <= result["turns"] == 7
    assert result["strategy"] == "lowest" and result["frames"] > 10
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]


def test_bench_frames__unknown_strategy_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--solve", "nope"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "no strategy called 'nope'" in done.stderr


def test_bench_frames__solve_of_a_word_game_by_variant_name() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "solve", "--variant", "words", "--speed", "fast"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout)
    assert (result["pegs"], result["colours"], result["turns"]) == (5, 26, 10)  # the variant's own
    assert result["solved"] is True and 1 <= result["guesses"] <= 10


def test_bench_frames__an_unknown_variant_exits_2_naming_the_registered_ones() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--variant", "chess"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "no variant called 'chess'" in done.stderr and "words" in done.stderr
