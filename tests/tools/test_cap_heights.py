"""tools/cap_heights.py: the smallest capitals drawn, counted on rendered pixels; one JSON object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame

TOOL = Path(__file__).resolve().parents[2] / "tools" / "cap_heights.py"
sys.path.insert(0, str(TOOL.parent.parent))

from tools.cap_heights import ink_rows  # noqa: E402


def test_cap_heights__ink_rows_count_rows_at_least_half_covered() -> None:
    image = pygame.Surface((6, 10), pygame.SRCALPHA)
    image.fill((255, 255, 255, 0))
    image.fill((255, 255, 255, 255), pygame.Rect(1, 2, 3, 5))  # five solid rows
    image.fill((255, 255, 255, 90), pygame.Rect(1, 1, 3, 1))  # a faint antialiased row above them
    assert ink_rows(image) == 5
    image.fill((255, 255, 255, 128), pygame.Rect(0, 8, 1, 1))  # one half-covered pixel is a row
    assert ink_rows(image) == 6


def test_cap_heights__prints_the_smallest_readable_and_fine_capitals_per_size() -> None:
    command = [sys.executable, str(TOOL), "--size", "640x480", "--size", "1280x800", "--scene", "menu"]
    command += ["--scene", "help-controls"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout)
    assert list(result) == ["640x480", "1280x800"]
    small, large = result["640x480"], result["1280x800"]
    assert small["texts"] > 20 and small["readable"]["smallest_cap_px"] >= 8
    assert large["readable"]["smallest_cap_px"] >= small["readable"]["smallest_cap_px"]
    assert small["fine_print"]["smallest_cap_px"] >= 7 and small["fine_print"]["scenes"] == ["help-controls"]
    assert "640x480: readable text's capitals at least" in done.stderr
