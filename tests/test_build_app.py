"""The one program: tools/build_app.py builds it with PyInstaller, and the built program runs
--version, --check-assets and --frames 60 from another directory with an empty HOME and none of the
build's environment (no virtual environment, no PYTHONPATH), finding every asset inside itself.

Marked `build` (about half a minute to build here): `-m "not build"` leaves it out of a quick local
run; without PyInstaller (`pip install -e '.[build]'`) it is skipped, except in CI (.ci/run installs
the extra), where a skip would hide a broken build.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
BUILD_TIMEOUT_S = 900


def pyinstaller_available() -> bool:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.build
def test_build_app__program_runs_from_elsewhere_with_an_empty_home(tmp_path):
    if not pyinstaller_available():
        if os.environ.get("CI"):
            pytest.fail("PyInstaller is missing: .ci/run installs the build extra")
        pytest.skip("PyInstaller is needed to build the program: pip install -e '.[build]'")
    dist, work = tmp_path / "dist", tmp_path / "work"
    built = subprocess.run(
        [sys.executable, str(REPO / "tools" / "build_app.py"), "--dist", str(dist), "--work", str(work)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    summary = json.loads(built.stdout)
    print(built.stderr.strip())  # the build's size and time, for `pytest -s -m build`
    program = dist / "mastermind-arcade" / "mastermind-arcade"
    assert Path(summary["program"]) == program and os.access(program, os.X_OK)
    for beside in ("mastermind-arcade.desktop", "mastermind-arcade.png"):
        assert (program.parent / beside).is_file(), beside

    elsewhere, home = tmp_path / "elsewhere", tmp_path / "home"
    elsewhere.mkdir()
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(program), *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120
        )

    version = run("--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout == f"mastermind-arcade {PYPROJECT_VERSION}\n"

    check = run("--check-assets")
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert report["missing"] == [] and report["found"] == report["expected"]
    assert Path(report["assets"]).is_relative_to(program.parent)  # its own copy, not the checkout's
    assert report["found"]["tables"] == len(list((REPO / "assets" / "strategies").glob("*.txt")))

    frames = run("--frames", "60")
    assert frames.returncode == 0, frames.stderr
    assert "Traceback" not in frames.stderr and frames.stdout == ""
