"""tools/sweep.py run as a subprocess: the JSON it prints, the trace it writes, and exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.codes import score

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"strategy", "pegs", "colours", "games", "total_guesses", "mean", "max", "histogram", "failures"}
KEYS |= {"seconds"}


def sweep(*args):
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "sweep.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_sweep__json_for_all_secrets_at_3x4(tmp_path):
    trace = tmp_path / "games.jsonl"
    args = ["--pegs", "3", "--colours", "4", "--strategy", "lowest", "--all", "--json"]
    done = sweep(*args, "--trace", str(trace))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert KEYS <= set(result)
    assert (result["strategy"], result["pegs"], result["colours"], result["games"]) == ("lowest", 3, 4, 64)
    assert sum(result["histogram"].values()) == 64
    assert sum(int(k) * v for k, v in result["histogram"].items()) == result["total_guesses"]
    assert result["max"] == max(int(k) for k in result["histogram"])
    assert result["failures"] == 0
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(lines) == 64
    assert sorted(tuple(line["secret"]) for line in lines) == sorted(
        (a, b, c) for a in range(4) for b in range(4) for c in range(4)
    )
    assert sum(len(line["guesses"]) for line in lines) == result["total_guesses"]
    for line in lines:
        assert line["guesses"][-1] == line["secret"]
        for guess, feedback in zip(line["guesses"], line["feedback"], strict=True):
            assert list(score(tuple(guess), tuple(line["secret"]))) == feedback


def test_sweep__knuth_at_4x6_gives_the_published_total():
    done = sweep("--pegs", "4", "--colours", "6", "--strategy", "knuth", "--all", "--json")
    result = json.loads(done.stdout)
    assert (result["total_guesses"], result["max"], result["games"]) == (5801, 5, 1296)
    assert result["histogram"] == {"1": 1, "2": 6, "3": 62, "4": 533, "5": 694}


def test_sweep__sampled_games_are_reproducible_and_respect_no_duplicates(tmp_path):
    runs = []
    for name in ("a", "b"):
        trace = tmp_path / f"{name}.jsonl"
        args = ["--pegs", "4", "--colours", "7", "--no-duplicates", "--strategy", "entropy"]
        done = sweep(*args, "--games", "25", "--seed", "3", "--json", "--trace", str(trace))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["games"] == 25
        runs.append(trace.read_text())
    assert runs[0] == runs[1]
    for line in runs[0].splitlines():
        game = json.loads(line)
        assert all(len(set(code)) == 4 for code in game["guesses"] + [game["secret"]])


def test_sweep__human_summary_has_a_text_histogram():
    done = sweep("--pegs", "2", "--colours", "3", "--strategy", "random")
    assert done.returncode == 0
    assert "guesses" in done.stdout and "#" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--pegs", "11"],
        ["--jobs", "0"],
        ["--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"],
        ["--colours", "1"],
        ["--strategy", "nope"],
        ["--games", "0"],
        ["--games", "5", "--all"],
        ["--bogus"],
        ["--pegs", "4", "--colours", "3", "--no-duplicates"],
        ["--pegs", "8", "--colours", "10"],
    ],
)
def test_sweep__bad_arguments_exit_2_with_one_line(args):
    done = sweep(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("sweep.py: error: ")


@pytest.mark.parametrize("where", ["missing/games.jsonl", "."])
def test_sweep__unwritable_trace_exits_2_before_the_sweep(tmp_path, where):
    # A missing directory, or a directory where the file should be; the 5x8 sweep would take a minute.
    done = sweep(
        "--pegs", "5", "--colours", "8", "--all", "--strategy", "entropy", "--trace", str(tmp_path / where)
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("sweep.py: error: cannot write the trace")


def traced_games(tmp_path, name, *args):
    trace = tmp_path / f"{name}.jsonl"
    size = ["--pegs", "4", "--colours", "5", "--strategy", "entropy", "--all"]
    done = sweep(*size, "--json", "--quiet", "--trace", str(trace), *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), trace.read_text()


def test_sweep__jobs_split_plays_exactly_the_games_of_one_process(tmp_path):
    one, one_trace = traced_games(tmp_path, "one")
    two, two_trace = traced_games(tmp_path, "two", "--jobs", "2")
    assert (two["workers"], one["workers"]) == (2, 1)
    assert two_trace == one_trace
    assert (
        two["total_guesses"]
        == one["total_guesses"]
        == sum(len(json.loads(line)["guesses"]) for line in one_trace.splitlines())
    )


def test_sweep__dask_local_cluster_plays_exactly_the_games_of_one_process(tmp_path):
    distributed = pytest.importorskip("distributed")
    one, one_trace = traced_games(tmp_path, "one")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        dask, dask_trace = traced_games(tmp_path, "dask", "--scheduler", cluster.scheduler_address)
    assert dask["workers"] == 2
    assert dask_trace == one_trace
    assert dask["total_guesses"] == one["total_guesses"]


def test_sweep__a_variant_by_name_plays_every_secret_of_its_own_graded_its_way(tmp_path):
    import itertools

    from game.core.variants.bullscows import BullsAndCowsVariant

    trace = tmp_path / "games.jsonl"
    args = ["--variant", "bulls-and-cows:3", "--strategy", "knuth", "--all", "--json"]
    done = sweep(*args, "--trace", str(trace))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["variant"], result["colours"], result["duplicates"], result["games"]) == (
        "bulls-and-cows:3",
        10,
        False,
        720,
    )
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert sorted(tuple(line["secret"]) for line in lines) == list(itertools.permutations(range(10), 3))
    variant = BullsAndCowsVariant(3)
    for line in lines:
        assert line["guesses"][-1] == line["secret"]
        for guess, feedback in zip(line["guesses"], line["feedback"], strict=True):
            assert list(variant.score(tuple(guess), tuple(line["secret"]))) == feedback


@pytest.mark.parametrize("variant", ["words", "word-marks"])
def test_sweep__word_games_guess_listed_words_against_sampled_answers(tmp_path, variant):
    from game.core.variants import variant_from_name
    from game.core.wordlists import word_lists

    trace = tmp_path / "games.jsonl"
    args = ["--variant", variant, "--strategy", "most-parts", "--games", "25", "--seed", "4", "--json"]
    done = sweep(*args, "--trace", str(trace))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["games"], result["failures"], result["pegs"]) == (25, 0, 5)
    lists, graded = word_lists(), variant_from_name(variant)
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len({tuple(line["secret"]) for line in lines}) == 25
    for line in lines:
        lists.answer_rank(tuple(line["secret"]))  # an answer, else ValueError
        assert all(lists.is_allowed(tuple(guess)) for guess in line["guesses"])
        for guess, feedback in zip(line["guesses"], line["feedback"], strict=True):
            assert list(graded.score(tuple(guess), tuple(line["secret"]))) == feedback
