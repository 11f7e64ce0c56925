"""game/assets.py: one place finds the shipped sounds, tables, icons and typeface, and names what is
missing.

The installed-wheel case is tests/test_packaging.py; here the checkout, and a folder with holes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame

from game import assets, tables
from game.app import App
from game.ui import sound

REPO = Path(__file__).resolve().parent.parent


def test_assets__checkout_uses_the_top_level_folder_for_tables_sounds_and_icons():
    assert assets.root() == REPO / "assets"
    assert tables.TABLES_DIR == REPO / "assets" / "strategies"
    assert sound.SOUND_DIR == REPO / "assets" / "sounds"
    assert assets.icon_path() == REPO / "assets" / "icons" / "mastermind-arcade-64.png"
    assert assets.font_path() == REPO / "assets" / "fonts" / "Inter-SemiBold.otf"
    assert assets.missing(sound.SOUND_NAMES) == []


def test_assets__typeface_ships_with_its_licence_and_every_text_uses_it():
    licence = (assets.directory(assets.FONTS) / assets.FONT_LICENCE).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "The Inter Project Authors" in licence
    app = App(size=(800, 600), seed=1)
    assert app.text.font_path == assets.font_path()
    face = pygame.font.Font(str(assets.font_path()), app.text.pixel_size(80))
    assert face.size("Submit")[0] == app.text.size("Submit", 80)[0]


def test_assets__missing_typeface_is_named_and_text_falls_back(tmp_path, monkeypatch):
    root = tmp_path / "assets"
    shutil.copytree(REPO / "assets", root)
    shutil.rmtree(root / "fonts")
    monkeypatch.setattr(assets, "root", lambda: root)
    (problem,) = assets.missing(sound.SOUND_NAMES)
    assert problem.startswith("No typeface found") and "default font" in problem
    app = App(size=(800, 600), seed=1)
    app.step([], 1 / 60)
    assert app.running and app.text.font_path is None


def copy_with_holes(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(REPO / "assets", root)
    (root / "sounds" / "win.wav").unlink()
    (root / "strategies" / "optimal_4x6.txt").unlink()
    return root


def test_assets__window_shows_the_shipped_icon(monkeypatch):
    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    App(size=(800, 600), seed=1)
    assert len(given) == 1
    shipped = pygame.image.load(REPO / "assets" / "icons" / f"mastermind-arcade-{assets.WINDOW_ICON_PX}.png")
    assert given[0].get_size() == shipped.get_size() == (assets.WINDOW_ICON_PX,) * 2
    assert pygame.image.tobytes(given[0], "RGBA") == pygame.image.tobytes(shipped, "RGBA")


def test_assets__missing_icon_is_named_and_the_window_still_opens(tmp_path, monkeypatch):
    root = tmp_path / "assets"
    shutil.copytree(REPO / "assets", root)
    shutil.rmtree(root / "icons")
    monkeypatch.setattr(assets, "root", lambda: root)
    (problem,) = assets.missing(sound.SOUND_NAMES)
    assert problem.startswith("No window icon found") and "icons" in problem
    app = App(size=(800, 600), seed=1)
    app.step([], 1 / 60)
    assert app.running


def test_assets__missing_sound_and_table_are_named(tmp_path, monkeypatch):
    root = copy_with_holes(tmp_path)
    monkeypatch.setattr(assets, "root", lambda: root)
    problems = assets.missing(sound.SOUND_NAMES)
    assert len(problems) == 2
    assert "win" in problems[0] and "silent" in problems[0]
    assert "optimal_4x6.txt" in problems[1] and "entropy" in problems[1]
    for name in ("sounds", "strategies"):
        shutil.rmtree(root / name)
    assert [p.split(" found")[0] for p in assets.missing(sound.SOUND_NAMES)] == [
        "No sound files",
        "No strategy tables",
    ]


START_WITH_HOLES = """
import sys
from pathlib import Path
from game import assets, launch
root = Path(sys.argv[1])
assets.root = lambda: root
sys.exit(launch.main(["--frames", "3"]))
"""


def test_assets__game_names_each_missing_asset_once_at_start(tmp_path):
    root = copy_with_holes(tmp_path)
    (root / "icons" / "mastermind-arcade-64.png").unlink()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", START_WITH_HOLES, str(root)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()  # the store's notices are logged (warnings reach stderr)
    assert sum("Sound files missing" in line for line in lines) == 1
    assert sum("optimal_4x6.txt" in line for line in lines) == 1
    assert sum("No window icon found" in line for line in lines) == 1
