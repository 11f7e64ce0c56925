"""tools/screenshots.py --readme: the README's pictures, made through the real app, of a
modest size (1280x800, a few hundred KB at most)."""

from __future__ import annotations

import json

import pygame

from tools.screenshots import main

README_PICTURES = (
    "menu",
    "playing",
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
