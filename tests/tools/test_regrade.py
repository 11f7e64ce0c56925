"""tools/regrade.py: a sweep's own trace passes with the sweep's totals; a wrong grade, a lost game, a
repeated or missing secret each fail with exit status 1."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tool(name, *args):
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / name), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def traced_sweep(tmp_path):
    trace = tmp_path / "games.jsonl"
    args = ("--pegs", "3", "--colours", "4", "--strategy", "knuth", "--all", "--json", "--trace", str(trace))
    done = tool("sweep.py", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), trace


def regrade(trace, *extra):
    done = tool("regrade.py", str(trace), "--pegs", "3", "--colours", "4", *extra)
    return done.returncode, json.loads(done.stdout)


def test_regrade__a_sweeps_trace_passes_with_the_sweeps_totals(tmp_path):
    summary, trace = traced_sweep(tmp_path)
    status, result = regrade(trace, "--all")
    assert status == 0 and result["errors"] == 0, result
    assert result["games"] == 64
    assert (result["total_guesses"], result["max"]) == (summary["total_guesses"], summary["max"])
    assert result["histogram"] == summary["histogram"]


def test_regrade__a_wrong_grade_a_lost_game_and_a_repeated_secret_fail(tmp_path):
    _, trace = traced_sweep(tmp_path)
    games = [json.loads(line) for line in trace.read_text().splitlines()]
    long_game = next(g for g in games if len(g["guesses"]) >= 2)
    broken = dict(long_game, feedback=[[9, 9], *long_game["feedback"][1:]])
    cases = {
        "grade": [broken] + [g for g in games if g is not long_game],
        "lost": [dict(long_game, guesses=long_game["guesses"][:-1], feedback=long_game["feedback"][:-1])]
        + [g for g in games if g is not long_game],
        "repeated": games + [games[0]],
    }
    for name, lines in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(g) + "\n" for g in lines))
        status, result = regrade(path)
        assert status == 1 and result["errors"] == 1, (name, result)
    status, result = regrade(tmp_path / "lost.jsonl")
    assert "never found" in result["problems"][0]
    missing = tmp_path / "missing.jsonl"
    missing.write_text("".join(json.dumps(g) + "\n" for g in games[1:]))
    status, _ = regrade(missing)
    assert status == 0  # without --all a subset of the secrets is fine
    status, result = regrade(missing, "--all")
    assert status == 1 and result["errors"] == 1 and "never the secret" in result["problems"][0]
