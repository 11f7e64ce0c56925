"""Every tool refuses bad arguments like the game does: exit status 2, one line on stderr saying what
is allowed, nothing on stdout and no file written, before any work (a refused --pegs 9 to the
exact search would otherwise try to allocate terabytes; a bad --trace would fail after the sweep).

Each case runs the real command line in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

# (tool, arguments, words the one line must contain); {blocked} is a path under a regular file
# (no one can write there, root included) and {missing} a path in a folder that does not exist.
CASES = [
    ("optimal.py", ["--pegs", "9"], "codes"),
    ("optimal.py", ["--pegs", "0"], "pegs must be a whole number from 2"),
    ("optimal.py", ["--pegs", "x"], "invalid int value"),
    ("optimal.py", ["--colours", "11"], "colours must be a whole number from 2 to 10"),
    ("optimal.py", ["--max-depth", "0"], "too few guesses"),
    ("optimal.py", ["--max-depth", "2"], "too few guesses"),
    ("optimal.py", ["--out", "{blocked}"], "cannot write --out"),
    ("optimal.py", ["--out", "{folder}"], "is a directory"),
    ("optimal.py", ["--index", "{missing}"], "--index needs a directory"),
    ("bench_frames.py", ["--size", "0x0"], "size must be from 640x480"),
    ("bench_frames.py", ["--size", "99999x99999"], "to 4096x4096"),
    ("bench_frames.py", ["--size", "big"], "size is WIDTHxHEIGHT"),
    ("bench_frames.py", ["--pegs", "0"], "pegs must be a whole number from 2"),
    ("bench_frames.py", ["--frames", "0"], "--frames must be at least 1"),
    ("bench_frames.py", ["--warmup", "-1"], "--warmup must be 0 or more"),
    ("bench_frames.py", ["--solve", "nope"], "no strategy called 'nope'"),
    ("sweep.py", ["--trace", "{missing}"], "cannot write the trace"),
    ("sweep.py", ["--trace", "{blocked}"], "cannot write the trace"),
    ("sweep.py", ["--colours", "11"], "colours must be a whole number from 2 to 10"),
    ("sweep.py", ["--grid", "2x\u00b2"], "rows x columns"),  # "²" is a digit to str.isdigit(), not to int()
    ("sweep.py", ["--strategy", "nope"], "nope"),
    ("sweep.py", ["--games", "0"], "--games must be from 1"),
    ("regrade.py", ["{missing}", "--pegs", "4", "--colours", "6"], "cannot read the trace"),
    ("regrade.py", ["{missing}", "--pegs", "4", "--colours", "11"], "--colours from 2 to 10"),
]


@pytest.mark.parametrize("tool, args, reason", CASES, ids=[f"{t}-{' '.join(a)}" for t, a, _ in CASES])
def test_tool_args__bad_argument_exits_2_with_one_line_before_any_work(tmp_path, tool, args, reason):
    (tmp_path / "a-file").write_text("not a folder")
    places = {
        "blocked": tmp_path / "a-file" / "out.txt",
        "missing": tmp_path / "no" / "such" / "folder" / "out.txt",
        "folder": tmp_path,
    }
    argv = [a.format(**places) for a in args]
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / tool), *argv],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{tool}: error: ") and reason in lines[0]
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # nothing written
