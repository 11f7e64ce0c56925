"""Every tool refuses bad arguments like the game does: exit status 2, one line on stderr saying what
is allowed, nothing on stdout and no file or folder written, before any work (a refused --pegs 9 to
the exact search would otherwise try to allocate terabytes; a bad --trace would fail after the
sweep), and a long bad value is quoted back short.

The listed cases run the real command line in a subprocess. The walk below takes every option of
every tool (each tool's build_parser(), found by reading tools/) and of the game, and gives each the
values a hostile or careless user would: "--" (--seed=--), digits that are not ASCII ("١٢", "１２"),
40 digits, one past each bound, a 300-character path. Every one is refused in one line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import options
from game.cli import decimal, number, path_arg

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
    ("regrade.py", ["{missing}", "--pegs", "4", "--colours", "27"], "--colours: expected at most 26"),
    ("regrade.py", ["{missing}", "--pegs", "5", "--colours", "9", "--secrets", "{missing}"], "--secrets"),
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


# --- every option of every tool, and of the game -------------------------------------------------

TOOL_FILES = sorted(path.name for path in (REPO / "tools").glob("*.py") if "\ndef main(" in path.read_text())
NOT_DIGITS = ["\u0661\u0662", "\uff11\uff12", "1\u00b2", "12abc", "", "1_000"]  # Arabic-Indic, full-width
FORTY_DIGITS = "9" * 40


def parser_of(name: str) -> argparse.ArgumentParser:
    if name == "mastermind":
        return options.build_parser()
    return importlib.import_module(f"tools.{name.removesuffix('.py')}").build_parser()


def value_options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every option that takes a value (flags and --help take none)."""
    return [action for action in parser._actions if action.option_strings and action.nargs != 0]


def refusal(parser: argparse.ArgumentParser, argv: list[str], capsys) -> str:
    """The one line `parser` refuses `argv` with ("" when it takes it)."""
    capsys.readouterr()
    try:
        parser.parse_args(argv)
    except SystemExit as exit_info:
        err = capsys.readouterr().err
        assert exit_info.code == 2 and len(err.splitlines()) == 1, (argv, err)
        assert err.startswith(f"{parser.prog}: error: ") and "Traceback" not in err
        return err.strip()
    return ""


def test_tool_args__every_tool_with_a_main_is_walked():
    assert len(TOOL_FILES) >= 15 and {"book.py", "bench_frames.py", "regrade.py", "kill_probe.py"} <= set(
        TOOL_FILES
    )


@pytest.mark.parametrize("name", [*TOOL_FILES, "mastermind"])
def test_tool_args__every_option_refuses_a_double_dash_in_one_line(name, capsys):
    parser = parser_of(name)
    actions = value_options(parser)
    assert actions
    for action in actions:
        for option in action.option_strings:
            line = refusal(parser, [f"{option}=--"], capsys)
            assert f"argument {option}" in line, (option, line)


@pytest.mark.parametrize("name", [*TOOL_FILES, "mastermind"])
def test_tool_args__numbers_are_ascii_digits_within_a_bound(name, capsys):
    parser = parser_of(name)
    for action in value_options(parser):
        assert action.type not in (int, float), f"{action.option_strings[0]} takes {action.type.__name__}()"
        if not isinstance(action.type, number | decimal):
            continue
        option = action.option_strings[0]
        below = action.type.low - 1 if isinstance(action.type, number) else 0
        outside = [str(action.type.high + 1), str(below), FORTY_DIGITS, *NOT_DIGITS]
        if isinstance(action.type, decimal):
            outside += ["nan", "inf", "1e999", "0.5e1", "1."]
        for value in outside:
            line = refusal(parser, [f"{option}={value}"], capsys)
            assert f"argument {option}" in line, (option, value, line)
        assert action.type.high < 10**18  # within MAX_DIGITS: the bound, not the digit count, is what refuses


@pytest.mark.parametrize("name", [*TOOL_FILES, "mastermind"])
def test_tool_args__paths_that_no_file_system_holds_are_refused(name, capsys, tmp_path):
    parser = parser_of(name)
    for action in value_options(parser):
        if action.type is not path_arg:
            continue
        option = action.option_strings[0]
        for value in ["x" * 300, str(tmp_path / ("y" * 256) / "out.txt"), "", "a/" * 2100]:
            line = refusal(parser, [f"{option}={value}"], capsys)
            assert f"argument {option}" in line and len(line) < 300, (option, line)


def test_tool_args__a_path_at_the_limits_is_taken(tmp_path):
    longest = tmp_path / ("z" * 255)
    assert path_arg(str(longest)) == longest
    assert path_arg("\u00e9" * 127) == Path("\u00e9" * 127)  # 254 bytes in UTF-8
    with pytest.raises(argparse.ArgumentTypeError):
        path_arg("\u00e9" * 128)  # 128 characters, but 256 bytes: a name is counted in bytes


def test_tool_args__every_file_option_takes_a_checked_path():
    """A tool's file or folder option is a path_arg (checked in one line), never a bare Path or str."""
    for name in TOOL_FILES:
        for action in value_options(parser_of(name)):
            assert action.type is not Path, (name, action.option_strings)


# The game's own command line, end to end (game.launch.main): each refused in one line, before a window.
GAME_OPTIONS = ["--seed", "--preset", "--pegs", "--grid", "--size", "--difficulty", "--frames", "--colours"]


@pytest.mark.parametrize("option", GAME_OPTIONS)
def test_tool_args__the_game_refuses_a_double_dash_before_a_window(option, capsys):
    from game.launch import main

    with pytest.raises(SystemExit) as exit_info:
        main([f"{option}=--", "--frames", "1"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.splitlines() == [
        f"mastermind: error: argument {option}: expected a value, not '--' (see --help)"
    ]


# Through the real command line in a subprocess: what the probe found.
PROBES = [
    ("book.py", ["--jobs", "\u0661\u0662"], "--jobs: expected a whole number in the digits 0-9"),
    ("book.py", ["--jobs", "12", "--pegs=--"], "argument --pegs: expected a value, not '--'"),
    ("bench_frames.py", ["--frames", FORTY_DIGITS], "--frames: expected a whole number of at most 18 digits"),
    ("bench_frames.py", ["--frames", "1000001"], "--frames: expected at most 1,000,000"),
    ("bench_frames.py", ["--frames=--"], "argument --frames: expected a value, not '--'"),
    ("bench_frames.py", ["--budget-ms", "nan"], "--budget-ms: expected a number such as 12 or 0.5"),
    ("bench_solvers.py", ["--size", "\u0664x\u0666"], "--size is PEGSxCOLOURS"),
    ("bench_coach.py", ["--size", "\u0664x\u0666"], "a size is PEGSxCOLOURS"),
    ("screenshots.py", ["--sizes"], "expected at least one argument"),
    ("regrade.py", ["{binary}", "--pegs", "4", "--colours", "6"], "not UTF-8 text"),
    ("regrade.py", ["x" * 300, "--pegs", "4", "--colours", "6"], "at most 255 bytes"),
    ("book.py", ["--prune", "{binary}"], "is not a strategy table"),
    ("book.py", ["--prune", "{nested}"], "is not a strategy table"),
    ("book.py", ["--prune", "{folder}"], "must be a book file"),
    ("book.py", ["--prune", "x" * 300], "at most 255 bytes"),
    ("sweep.py", ["--trace", "y" * 300], "at most 255 bytes"),
    ("optimal.py", ["--out", "z" * 300], "at most 255 bytes"),
]


@pytest.mark.parametrize("tool, args, reason", PROBES, ids=[f"{t}-{' '.join(a)[:40]}" for t, a, _ in PROBES])
def test_tool_args__what_a_hostile_user_types_is_one_line(tmp_path, tool, args, reason):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "binary").write_bytes(bytes(range(256)) * 64)
    (inputs / "nested").write_text("[" * 200_000 + "]" * 200_000 + "\n")
    places = {"binary": inputs / "binary", "nested": inputs / "nested", "folder": inputs}
    line = refused(tool, [a.format(**places) for a in args], tmp_path)
    assert reason in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_tool_args__regrade_takes_an_over_nested_line_as_a_bad_line(tmp_path):
    trace = tmp_path / "trace.jsonl"
    trace.write_text("[" * 200_000 + "]" * 200_000 + "\n")
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "regrade.py"), str(trace), "--pegs", "4", "--colours", "6"],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and result.stderr == "", result.stderr
    assert '"line 1: not a JSON object"' in result.stdout and len(result.stdout.splitlines()) == 1


# --- book.py --jobs: workers end with their parent ------------------------------------------------


def children_of(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent's wait is missing


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_tool_args__book_workers_end_when_their_parent_is_killed(tmp_path):
    process = subprocess.Popen(
        [sys.executable, str(REPO / "tools" / "book.py"), "--pegs", "5", "--colours", "8", "--jobs", "2"],
        cwd=tmp_path,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        workers: set[int] = set()
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            workers = children_of(process.pid)
        assert len(workers) >= 2, "book.py started no workers"
        time.sleep(1.0)  # the workers are computing
        assert all(alive(pid) for pid in workers)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        deadline = time.monotonic() + 5.0
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers), "workers still computing after their parent died"
    finally:
        process.kill()
        for pid in children_of(process.pid) | workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
