"""tools/bench_frames.py --scenario resize: the title screen dragged through a new size every frame,
its resident memory reported as it goes; one JSON object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_frames.py"
sys.path.insert(0, str(TOOL.parent.parent))

from game.ui.text import RENDER_CACHE_BYTES  # noqa: E402
from tools.frame_scenarios import RSS_EVERY_FRAMES, drag_size  # noqa: E402


def test_bench_frames__drag_sizes_sweep_the_window_a_few_pixels_a_frame() -> None:
    sizes = [drag_size(frame) for frame in range(4000)]
    assert len(set(sizes)) > 3500  # nearly every frame a size not seen before
    assert min(w for w, _ in sizes) == 640 and max(w for w, _ in sizes) == 1920
    assert min(h for _, h in sizes) == 480 and max(h for _, h in sizes) == 1080
    steps = [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(sizes, sizes[1:], strict=False)]
    assert 0 < max(steps) <= 3  # a drag, not jumps


def test_bench_frames__resize_scenario_reports_memory_every_so_many_frames() -> None:
    frames = RSS_EVERY_FRAMES + 20
    command = [sys.executable, str(TOOL), "--scenario", "resize", "--frames", str(frames), "--warmup", "0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout)
    assert result["scenario"] == "resize" and result["frames"] == frames
    assert list(result["rss_mb"]) == ["0", str(RSS_EVERY_FRAMES), str(frames)]
    assert all(mb is None or mb > 10 for mb in result["rss_mb"].values())
    assert result["sizes"] == frames and result["size"] == "{}x{}".format(*drag_size(frames))
    assert 0 < result["text_cache_mb"] <= RENDER_CACHE_BYTES / 2**20
