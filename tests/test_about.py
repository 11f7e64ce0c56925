"""--version and --check-assets: the version from package metadata, else pyproject.toml; the asset
check counts what the game would load against what it expects and names what is missing, exit 1
then; neither opens a window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import game
from game import about, assets
from game.launch import main
from game.ui.sound import SOUND_NAMES

REPO = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
# a video driver that does not exist: anything that opened a window would fail with it
NO_DISPLAY = dict(os.environ, SDL_VIDEODRIVER="no-such-driver", SDL_AUDIODRIVER="dummy")


def not_installed(name: str) -> str:
    raise metadata.PackageNotFoundError(name)


def test_about__version_is_the_metadata_else_pyproject_else_unknown(monkeypatch, tmp_path):
    monkeypatch.setattr(metadata, "version", lambda name: "9.8.7" if name == "mastermind-arcade" else "")
    assert about.version() == "9.8.7"
    monkeypatch.setattr(metadata, "version", not_installed)
    assert about.version() == PYPROJECT_VERSION
    monkeypatch.setattr(about, "PYPROJECT", tmp_path / "pyproject.toml")
    assert about.version() == "unknown"
    (tmp_path / "pyproject.toml").write_text("[project\n")  # broken TOML
    assert about.version() == "unknown"


def test_about__package_version_agrees_with_pyproject():
    assert game.__version__ == PYPROJECT_VERSION


def test_about__version_option_prints_one_line_without_a_display():
    result = subprocess.run(
        [sys.executable, "-m", "game", "--version"],
        env=NO_DISPLAY,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"mastermind-arcade {PYPROJECT_VERSION}\n"


def test_about__check_assets_in_the_checkout_finds_everything_without_a_display():
    result = subprocess.run(
        [sys.executable, "-m", "game", "--check-assets"],
        env=NO_DISPLAY,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    report = json.loads(line)
    assert report["missing"] == [] and report["found"] == report["expected"]
    assert report["assets"] == str(REPO / "assets") and report["version"] == PYPROJECT_VERSION
    assert report["found"]["sounds"] == len(SOUND_NAMES) + 1  # the effects and the music loop
    # every table shipped is one the check expects, and nothing else
    assert report["found"]["tables"] == len(list((REPO / "assets" / "strategies").glob("*.txt")))
    assert report["found"]["icons"] == len(assets.ICON_SIZES_PX) and report["found"]["desktop"] == 1
    assert report["found"]["fonts"] == 2  # the typeface and its licence
    # every word file but the blocklist and the names, the tool's inputs
    inputs = ("blocklist.txt", "names.txt")
    shipped = [p for p in (REPO / "assets" / "words").iterdir() if p.name not in inputs]
    assert report["found"]["words"] == len(shipped)


def test_about__check_assets_names_what_is_missing_and_exits_1(tmp_path, monkeypatch, capsys):
    root = tmp_path / "assets"
    shutil.copytree(REPO / "assets", root)
    gone = [
        "sounds/win.wav",
        "sounds/music.wav",
        "strategies/optimal_4x6.txt",
        "strategies/book_6x9.txt",
        "icons/mastermind-arcade-16.png",
        "mastermind-arcade.desktop",
        "fonts/OFL.txt",
        "words/LICENCE-wordfreq.txt",
    ]
    for path in gone:
        (root / path).unlink()
    monkeypatch.setattr(assets, "root", lambda: root)
    assert main(["--check-assets"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert sorted(report["missing"]) == sorted(gone)
    expected, found = report["expected"], report["found"]
    assert {kind: expected[kind] - found[kind] for kind in expected} == {
        "sounds": 2,
        "tables": 2,
        "icons": 1,
        "desktop": 1,
        "fonts": 1,
        "words": 1,
    }


def test_about__check_assets_without_a_table_index_names_the_index(tmp_path, monkeypatch, capsys):
    root = tmp_path / "assets"
    shutil.copytree(REPO / "assets", root)
    (root / "strategies" / "README.md").unlink()
    monkeypatch.setattr(assets, "root", lambda: root)
    assert main(["--check-assets"]) == 1
    assert json.loads(capsys.readouterr().out)["missing"] == ["strategies/README.md"]


@pytest.mark.parametrize("args", [["--version", "--check-assets"], ["--check-assets", "--version"]])
def test_about__both_at_once_is_a_one_line_usage_error(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "not allowed with" in err[0]
