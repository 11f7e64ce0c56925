"""tools/screenshots.py --readme: the README's pictures, made through the real app, of a
modest size (1280x800, a few hundred KB at most); --looks: a game in each theme and piece set;
--pictures: the rest of docs/pictures/, so every picture there has a command that remakes it."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.ui import looks
from tools.screenshots import DOC_PICTURES, LOOK_SHOTS, LOOK_SIZES, main

README_PICTURES = (
    "menu",
    "playing",
    "win",
    "end-card",
    "deduce",
    "solving",
    "analysis",
    "grid",
    "grid-2x2",
    "grid-3x3",
    "grid-help",
    "learn",
    "coach",
)
MAX_BYTES = 400_000


def test_screenshots__readme_writes_its_modest_pngs(tmp_path, capsys):
    assert main(["--readme", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert sorted(printed["files"]) == sorted(str(tmp_path / f"{name}.png") for name in README_PICTURES)
    for name in README_PICTURES:
        path = tmp_path / f"{name}.png"
        assert 10_000 < path.stat().st_size <= MAX_BYTES
        image = pygame.image.load(str(path))
        assert image.get_size() == (1280, 800)


def test_screenshots__sheet_writes_each_screen_at_the_five_window_sizes_and_an_index(tmp_path, capsys):
    assert main(["--sheet", str(tmp_path), "--scenes", "menu", "blitz-end"]) == 0
    printed = json.loads(capsys.readouterr().out)
    sizes = ((640, 480), (800, 600), (1024, 720), (1280, 800), (1920, 1080))  # 4:3, small and wide
    assert printed["files"] == 2 * len(sizes)
    for name in ("menu", "blitz-end"):
        for size in sizes:
            path = tmp_path / f"{size[0]}x{size[1]}_{name}.png"
            assert pygame.image.load(str(path)).get_size() == size
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert index.count("<img") == 2 * len(sizes) and "1024x720_blitz-end.png" in index


def test_screenshots__looks_writes_each_theme_and_piece_set_at_two_sizes(tmp_path, capsys):
    assert main(["--looks", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert len(printed["files"]) == len(LOOK_SHOTS) * len(LOOK_SIZES) == 12
    assert {t for t, _ in LOOK_SHOTS} == set(looks.THEME_NAMES)
    assert {p for _, p in LOOK_SHOTS} == set(looks.PIECE_SET_NAMES)
    total = 0
    for theme, pieces in LOOK_SHOTS:
        for w, h in LOOK_SIZES:
            path = tmp_path / f"look-{theme}-{pieces}_{w}x{h}.png"
            total += path.stat().st_size
            image = pygame.image.load(str(path))
            assert image.get_size() == (w, h)
            # drawn in its theme: the window's own colour at the left edge, halfway down
            assert tuple(image.get_at((1, h // 2)))[:3] == looks.THEMES[theme].background
    assert total < 1_500_000  # small enough to keep in the repository


PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def test_screenshots__every_picture_in_docs_has_a_command_that_remakes_it():
    sizes = [f"{w}x{h}" for w, h in LOOK_SIZES]
    looks_ = {f"look-{theme}-{pieces}_{size}.png" for theme, pieces in LOOK_SHOTS for size in sizes}
    others = {f"{name}_{size}.png" for name, _, _ in DOC_PICTURES for size in sizes}
    assert not looks_ & others
    assert {path.name for path in PICTURES.glob("*.png")} == looks_ | others


def test_screenshots__pictures_writes_each_at_two_sizes(tmp_path, capsys):
    assert main(["--pictures", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert len(printed["files"]) == len(DOC_PICTURES) * len(LOOK_SIZES)
    for name, _, _ in DOC_PICTURES:
        for w, h in LOOK_SIZES:
            image = pygame.image.load(str(tmp_path / f"{name}_{w}x{h}.png"))
            assert image.get_size() == (w, h)
