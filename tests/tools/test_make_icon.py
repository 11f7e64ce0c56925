"""tools/make_icon.py is the source of the committed icons: a fresh drawing matches each PNG, every
size is drawn (not missing, not the wrong size), and each is an icon: a transparent margin round an
opaque board that carries the peg colours."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pygame
import pytest

from game import assets
from game.ui import palette as pal

TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_icon.py"
# smoothscale's SIMD paths may round a channel differently on another processor: allow a step or two
MAX_CHANNEL_STEP = 3


def load_tool():
    spec = importlib.util.spec_from_file_location("make_icon", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rgba(surface: pygame.Surface) -> np.ndarray:
    """(w, h, 4) array of a surface's colours and alpha."""
    return np.dstack([pygame.surfarray.array3d(surface), pygame.surfarray.array_alpha(surface)]).astype(int)


@pytest.mark.parametrize("size", assets.ICON_SIZES_PX)
def test_make_icon__committed_png_matches_a_fresh_drawing(size):
    committed = pygame.image.load(assets.icon_path(size))
    assert committed.get_size() == (size, size)
    fresh = load_tool().draw_icon(size)
    difference = np.abs(rgba(committed) - rgba(fresh))
    assert int(difference.max()) <= MAX_CHANNEL_STEP, f"{size} px icon differs: rerun tools/make_icon.py"


@pytest.mark.parametrize("size", (256, 64, 16))
def test_make_icon__transparent_corners_round_an_opaque_board_with_the_peg_colours(size):
    icon = rgba(load_tool().draw_icon(size))
    for x, y in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)):
        assert icon[x, y, 3] == 0, (size, x, y)
    assert icon[size // 2, size // 2, 3] == 255
    colours = icon[..., :3].reshape(-1, 3)
    safe = pal.palette("safe")
    for wanted in safe[:4]:  # each of the four code pegs shows its colour somewhere
        nearest = np.min(np.abs(colours - np.array(wanted)).sum(axis=1))
        assert nearest <= 30 if size >= 64 else nearest <= 90, (size, wanted, nearest)


def test_make_icon__writes_every_size(tmp_path, capsys):
    assert load_tool().main(["--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"{assets.APP_ID}-{size}.png" for size in assets.ICON_SIZES_PX)
    for size in assets.ICON_SIZES_PX:
        assert pygame.image.load(tmp_path / f"{assets.APP_ID}-{size}.png").get_size() == (size, size)
    assert len(capsys.readouterr().out.splitlines()) == len(assets.ICON_SIZES_PX)  # one JSON line each
