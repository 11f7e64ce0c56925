"""Every tool refuses bad arguments like the game does: exit status 2, one line on stderr saying what
is allowed, nothing on stdout and no file or folder written, before any work (a refused --pegs 9 to
the exact search would otherwise try to allocate terabytes; a bad --trace would fail after the
sweep), and a long bad value is quoted back short.

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
# (no one can write there, root included), {missing} a path in a folder that does not exist, {afile}
# a regular file (not a folder, nor a strategy table).
CASES = [
    ("optimal.py", ["--pegs", "9"], "codes"),
    ("optimal.py", ["--pegs", "0"], "pegs must be a whole number from 2"),
    ("optimal.py", ["--pegs", "x"], "expected a whole number in the digits 0-9"),
    ("optimal.py", ["--colours", "11"], "colours must be a whole number from 2 to 10"),
    ("optimal.py", ["--max-depth", "0"], "argument --max-depth: expected at least 1"),
    ("optimal.py", ["--max-depth", "2"], "too few guesses"),
    ("optimal.py", ["--out", "{blocked}"], "cannot write --out"),
    ("optimal.py", ["--out", "{folder}"], "is a directory"),
    ("optimal.py", ["--index", "{missing}"], "--index needs a directory"),
    ("bench_frames.py", ["--size", "0x0"], "size must be from 640x480"),
    ("bench_frames.py", ["--size", "99999x99999"], "to 4096x4096"),
    ("bench_frames.py", ["--size", "big"], "size is WIDTHxHEIGHT"),
    ("bench_frames.py", ["--pegs", "0"], "pegs must be a whole number from 2"),
    ("bench_frames.py", ["--frames", "0"], "argument --frames: expected at least 1"),
    ("bench_frames.py", ["--warmup", "-1"], "argument --warmup: expected at least 0"),
    ("bench_frames.py", ["--solve", "nope"], "no strategy called 'nope'"),
    ("sweep.py", ["--trace", "{missing}"], "cannot write the trace"),
    ("sweep.py", ["--trace", "{blocked}"], "cannot write the trace"),
    ("sweep.py", ["--colours", "11"], "colours must be a whole number from 2 to 10"),
    ("sweep.py", ["--grid", "2x\u00b2"], "rows x columns"),  # "²" is a digit to str.isdigit(), not to int()
    ("sweep.py", ["--strategy", "nope"], "nope"),
    ("sweep.py", ["--games", "0"], "argument --games: expected at least 1"),
    ("bench_deduce.py", ["--level", "7x7"], "--level must be one of 4x6, 5x8, 6x9"),
    ("bench_deduce.py", ["--puzzles", "0"], "argument --puzzles: expected at least 1"),
    ("bench_deduce.py", ["--seed", "-1"], "argument --seed: expected at least 0"),
    ("make_icon.py", ["--out", "{blocked}"], "cannot write --out"),
    ("make_icon.py", ["--out", "{afile}"], "--out must be a directory"),
    ("build_app.py", ["--dist", "{afile}"], "--dist must be a directory"),
    ("build_app.py", ["--work", "{blocked}"], "cannot write --work"),
    ("build_app.py", ["--onefile"], "unrecognized arguments"),
    ("bench_coach.py", ["--size", "big"], "a size is PEGSxCOLOURS"),
    ("bench_coach.py", ["--size", "11x6"], "pegs must be a whole number from 2"),
    ("bench_coach.py", ["--positions", "0"], "argument --positions: expected at least 1"),
    ("bench_kernels.py", ["--pegs", "-1"], "argument --pegs: expected at least 2"),
    ("bench_kernels.py", ["--seed", "-1"], "argument --seed: expected at least 0"),
    ("bench_kernels.py", ["--rows", "100000", "--codes", "100000"], "at most 20,000,000 cells"),
    ("bench_solvers.py", ["--games", "2000"], "--games must be from 1 to 1,296"),
    ("bench_solvers.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("bench_solvers.py", ["--size", "0x6"], "pegs must be a whole number from 2"),
    ("bench_solvers.py", ["--size", "big"], "--size is PEGSxCOLOURS"),
    ("bench_solvers.py", ["--strategy", "nope"], "nope"),
    ("bench_solvers.py", ["--size", "8x10"], "pass --games N"),
    ("book.py", ["--seconds-from", "{missing}"], "--seconds-from"),
    ("book.py", ["--seconds-from", "{afile}"], "is not a strategy table"),
    ("book.py", ["--pegs", "0"], "pegs must be a whole number from 2"),
    ("book.py", ["--deepen", "-1"], "argument --deepen: expected at least 1"),
    ("book.py", ["--pool", "0"], "argument --pool: expected at least 1"),
    ("book.py", ["--secrets", "99999"], "--secrets must be from 1"),
    ("book.py", ["--max-guesses", "0"], "argument --max-guesses: expected at least 1"),
    ("make_sounds.py", ["--out", "{afile}"], "is a file, not a folder"),
    ("make_sounds.py", ["--out", "{missing}"], "does not exist"),
    ("make_sounds.py", ["--bogus"], "unrecognized arguments"),
    ("screenshots.py", ["--out", "{afile}"], "is a file, not a folder"),
    ("screenshots.py", ["--out", "{missing}"], "does not exist"),
    ("screenshots.py", ["--readme", "{missing}"], "does not exist"),
    ("screenshots.py", ["--sizes", "big"], "size is WIDTHxHEIGHT"),
    ("readme_shots.py", ["--bogus"], "unrecognized arguments: --bogus"),
    ("readme_shots.py", ["--out", "{afile}"], "is a file, not a folder"),
    ("readme_shots.py", ["--out", "{missing}"], "does not exist"),
    ("optimal.py", ["--out", "{missing}"], "does not exist"),
    ("regrade.py", ["{missing}", "--pegs", "4", "--colours", "6"], "cannot read the trace"),
    ("regrade.py", ["{missing}", "--pegs", "4", "--colours", "11"], "--colours: expected at most 10"),
]
TOOLS = sorted({tool for tool, _, _ in CASES})


@pytest.mark.parametrize("tool, args, reason", CASES, ids=[f"{t}-{' '.join(a)}" for t, a, _ in CASES])
def test_tool_args__bad_argument_exits_2_with_one_line_before_any_work(tmp_path, tool, args, reason):
    (tmp_path / "a-file").write_text("not a folder")
    places = {
        "blocked": tmp_path / "a-file" / "out.txt",
        "missing": tmp_path / "no" / "such" / "folder" / "out.txt",
        "folder": tmp_path,
        "afile": tmp_path / "a-file",
    }
    argv = [a.format(**places) for a in args]
    line = refused(tool, argv, tmp_path)
    assert reason in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # nothing written, no folder made


def refused(tool: str, argv: list[str], cwd: Path) -> str:
    """The one line `tool` refuses `argv` with (exit status 2, nothing on stdout)."""
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / tool), *argv],
        cwd=cwd,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{tool}: error: ")
    assert result.stdout == ""
    return lines[0]


@pytest.mark.parametrize("tool", TOOLS)
def test_tool_args__a_long_unknown_argument_is_quoted_short(tmp_path, tool):
    line = refused(tool, ["--" + "q" * 10_000], tmp_path)
    assert "unrecognized arguments" in line and "10,002 characters" in line and len(line) < 200
