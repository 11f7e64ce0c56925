"""tools/bench_deduce.py: one JSON line per level with the dealing figures, and the pump's frame count."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.core.deduce import level

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_deduce.py"
sys.path.insert(0, str(TOOL.parent))

from bench_deduce import frames_for  # noqa: E402


def test_bench_deduce__prints_one_json_line_per_level_with_its_figures() -> None:
    command = [sys.executable, str(TOOL), "--level", "4x6", "--level", "5x8", "--puzzles", "3", "--seed", "7"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["level"] for r in lines] == ["4x6", "5x8"]
    for result in lines:
        lv = level(result["level"])
        assert result["puzzles"] == 3 and result["seed"] == 7
        assert 0 < result["total_s"]["mean"] <= result["total_s"]["max"]
        assert 0 < result["step_ms"]["max"] and result["step_ms"]["steps"] > 3
        assert (
            lv.min_rows
            <= result["rows"]["min"]
            <= result["rows"]["mean"]
            <= result["rows"]["max"]
            <= lv.max_rows
        )
        assert sum(result["rows"]["histogram"].values()) == 3 and result["attempts"]["mean"] >= 1
        assert result["frames"]["max"] >= 1 and result["from_dict_ms"]["max"] > 0
    assert len(done.stderr.splitlines()) == 2


def test_bench_deduce__frames_pack_steps_like_the_pump() -> None:
    # budget 5: [3, 3] is one call (6 >= 5), [1, 6] the next (the 6 crosses), [1, 1, 1] a third
    assert frames_for([3.0, 3.0, 1.0, 6.0, 1.0, 1.0, 1.0], 5.0) == 3
    assert frames_for([], 5.0) == 0
    assert frames_for([0.1] * 100, 5.0) == 2
