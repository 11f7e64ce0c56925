"""The wheel ships its assets: build it, install it into a fresh venv, and from another directory
check that the optimal strategy plays the shipped 4x6 table (5,625 guesses over all 1,296 secrets,
as tools/sweep.py counts them; entropy, the fallback without a table, needs 5,722), that every
sound the game plays, every icon and the desktop entry are found, and that the installed scripts
answer --version from the wheel's metadata and --check-assets with nothing missing.

Offline by design: the wheel is built with `pip wheel --no-build-isolation --no-index` from the
build backend already installed (.ci/run installs it), and the fresh venv takes the game from the
wheel and only the third-party dependencies (numpy, pygame-ce, platformdirs) from this environment.
Marked `packaging` (about a minute): `-m "not packaging"` leaves it out of a quick local run.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from game.assets import ICON_SIZES_PX

REPO = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "assets")  # what the build reads
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")

CHECK = """
import json, os
import numpy as np
import game
from game import assets
from game.core.config import GameConfig
from game.core.strategies import get
from game.core.strategies.walk import walk
from game.tables import bind, cached_table
from game.ui.sound import SOUND_DIR, SOUND_NAMES
from game.words import install
from game.core.wordlists import word_lists

install()
config = GameConfig(4, 6)
games = walk(config, bind(get("optimal")).think, np.arange(config.code_count, dtype=np.int64), 0, 40)
print(json.dumps({
    "game": game.__file__,
    "assets": str(assets.root()),
    "table": cached_table(4, 6) is not None,
    "secrets": len(games),
    "total": sum(len(g.guesses) for g in games),
    "sounds": sorted(n for n in SOUND_NAMES if (SOUND_DIR / (n + ".wav")).is_file()),
    "expected_sounds": sorted(SOUND_NAMES),
    "missing": assets.missing(SOUND_NAMES),
    "icons": sorted(p.name for p in (assets.root() / assets.ICONS).glob("*.png")),
    "desktop": (assets.root() / assets.DESKTOP_FILE).read_text(encoding="utf-8"),
    "fonts": sorted(p.name for p in (assets.root() / assets.FONTS).iterdir()),
    "font": str(assets.font_path()),
    "words": sorted(p.name for p in (assets.root() / assets.WORDS).iterdir()),
    "answers": len(word_lists().answers),
}))
"""


def backend_available() -> bool:
    try:
        import setuptools
        import wheel  # noqa: F401
    except ImportError:
        return False
    return int(setuptools.__version__.split(".")[0]) >= 68


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"
    return result


@pytest.mark.packaging
def test_packaging__wheel_installed_in_a_fresh_venv_finds_tables_and_sounds(tmp_path):
    if not backend_available():
        if os.environ.get("CI"):
            pytest.fail("the build backend (setuptools>=68, wheel) is missing: .ci/run installs it")
        pytest.skip("setuptools>=68 and wheel are needed to build the wheel offline")
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=IGNORED)
        else:
            shutil.copy2(REPO / name, source / name)
    dist = tmp_path / "dist"
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-build-isolation",
        "--no-deps",
        "--no-index",
        "-w",
        dist,
        source,
        cwd=tmp_path,
    )
    (wheel_file,) = dist.glob("mastermind_arcade-*.whl")

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", wheel_file, cwd=tmp_path)
    # Third-party dependencies from this environment (its .pth files, the editable game among them,
    # are not processed for a path added this way), after the venv's own site-packages.
    fresh_site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
        ).strip()
    )
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
    (fresh_site / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH="")
    result = subprocess.run(
        [str(python), "-c", CHECK], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert Path(report["game"]).is_relative_to(venv), report["game"]  # the wheel's game, not the repo's
    assert Path(report["assets"]).is_relative_to(venv) and Path(report["assets"]).name == "data"
    assert report["table"] and report["secrets"] == 1296 and report["total"] == 5625
    assert report["sounds"] == report["expected_sounds"] and report["missing"] == []
    assert report["icons"] == sorted(f"mastermind-arcade-{size}.png" for size in ICON_SIZES_PX)
    assert report["desktop"] == (REPO / "assets" / "mastermind-arcade.desktop").read_text(encoding="utf-8")
    assert report["fonts"] == sorted(p.name for p in (REPO / "assets" / "fonts").iterdir())
    assert Path(report["font"]).is_relative_to(venv) and Path(report["font"]).is_file()
    assert report["words"] == sorted(p.name for p in (REPO / "assets" / "words").iterdir())
    assert report["answers"] == len((REPO / "assets" / "words" / "answers.txt").read_text().split())

    # The installed scripts answer --version from the wheel's metadata and find every asset in it.
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    def script(name: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(scripts / name), *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120
        )

    for name in ("mastermind", "mastermind-arcade"):
        version = script(name, "--version")
        assert version.returncode == 0 and version.stdout == f"mastermind-arcade {PYPROJECT_VERSION}\n"
    check = script("mastermind-arcade", "--check-assets")
    assert check.returncode == 0, check.stdout + check.stderr
    checked = json.loads(check.stdout)
    assert checked["missing"] == [] and checked["found"] == checked["expected"]
    assert Path(checked["assets"]) == Path(report["assets"])
