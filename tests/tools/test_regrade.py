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


def test_regrade__variant_traces_pass_their_own_rules_and_fail_anothers(tmp_path):
    trace = tmp_path / "bc.jsonl"
    done = tool(
        "sweep.py", "--variant", "bulls-and-cows:3", "--strategy", "knuth", "--all", "--trace", str(trace)
    )
    assert done.returncode == 0, done.stderr
    status, result = regrade_with(trace, "--pegs", "3", "--colours", "10", "--no-repeats", "--all")
    assert status == 0 and result["games"] == 720, result
    status, result = regrade_with(
        trace, "--pegs", "3", "--colours", "10", "--all"
    )  # 1,000 codes with repeats
    assert status == 1 and result["errors"] == 280
    lists = ("--secrets", "assets/words/answers.txt", "--guesses", "assets/words/allowed.txt")
    for variant, marks in (("words", ()), ("word-marks", ("--marks",))):
        trace = tmp_path / f"{variant}.jsonl"
        args = (
            "--variant",
            variant,
            "--strategy",
            "most-parts",
            "--games",
            "30",
            "--seed",
            "3",
            "--trace",
            str(trace),
        )
        assert tool("sweep.py", *args).returncode == 0
        status, result = regrade_with(trace, "--pegs", "5", "--colours", "26", *marks, *lists)
        assert status == 0 and result["games"] == 30, result
        other = () if marks else ("--marks",)  # graded the other way, every game is wrong
        status, result = regrade_with(trace, "--pegs", "5", "--colours", "26", *other, *lists)
        assert status == 1 and result["errors"] == 30
        status, result = regrade_with(trace, "--pegs", "5", "--colours", "26", *marks, *lists, "--all")
        assert status == 1 and result["errors"] == 2000 - 30  # the answers never drawn


def regrade_with(trace, *args):
    done = tool("regrade.py", str(trace), *args)
    return done.returncode, json.loads(done.stdout)
