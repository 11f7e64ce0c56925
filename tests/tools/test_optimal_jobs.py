"""tools/optimal.py --jobs: the first guesses' subtrees solved in worker processes give the same table."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def table_without_timings(tmp_path, *args):
    out = tmp_path / f"table{len(args)}.txt"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "optimal.py"), *args, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    kept = [line for line in lines if not line.startswith(("# search", "# command"))]  # timings, node counts
    return json.loads(done.stdout.splitlines()[0]), kept


@pytest.mark.parametrize("size", [["--pegs", "3", "--colours", "5"], ["--pegs", "4", "--colours", "4"]])
def test_optimal__jobs_2_writes_the_table_of_one_process(tmp_path, size):
    one, one_table = table_without_timings(tmp_path, *size)
    two, two_table = table_without_timings(tmp_path, *size, "--jobs", "2")
    assert two_table == one_table
    assert (two["total"], two["first_guess"]) == (one["total"], one["first_guess"])


def test_optimal__bad_jobs_exit_2_with_one_line():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "optimal.py"), "--jobs", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "optimal.py: error: argument --jobs: expected at least 1, not '0' (see --help)"
    ]
