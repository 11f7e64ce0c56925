"""tools/bench_frames.py --scenario coach: a coached game fed rows by posted keys; one JSON object
whose rows were really submitted and whose frames really carried the coach's work."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_frames.py"


def test_bench_frames__coach_scenario_feeds_rows_and_counts_the_coachs_frames() -> None:
    command = [sys.executable, str(TOOL), "--scenario", "coach", "--pegs", "5", "--colours", "8"]
    command += ["--frames", "200", "--warmup", "1", "--size", "800x600"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout)
    assert result["scenario"] == "coach" and result["frames"] == 200 and result["pegs"] == 5
    assert result["rows"] == 3  # frames 0 (warm-up), 90 and 180: a new row each
    assert 0 < result["busy_frames"] <= 201 and result["coach_budget_ms"] > 0
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
