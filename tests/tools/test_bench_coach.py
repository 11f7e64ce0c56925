"""tools/bench_coach.py: one JSON object per size with the step times of the coach's generators."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_coach.py"


def test_bench_coach__prints_step_times_of_each_generator_per_size() -> None:
    command = [sys.executable, str(TOOL), "--size", "3x4", "--size", "4x6", "--positions", "3", "--seed", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["size"] for r in results] == ["3x4", "4x6"]
    for result in results:
        assert result["positions"] == 3 and result["seed"] == 2
        for name in ("facts", "par", "par_move"):
            times = result[name]
            assert times["steps"] >= 1 and times["total_s"] >= 0
            assert 0 <= times["p50_ms"] <= times["p99_ms"] <= times["max_ms"]
            assert times["max_cpu_ms"] >= 0 and "->" in times["worst_step"]
        frames = result["coach_update"]
        assert frames["frames"] >= 1 and 0 <= frames["p50_ms"] <= frames["p99_ms"] <= frames["max_ms"]
    assert done.stderr.count("facts max") == 2
