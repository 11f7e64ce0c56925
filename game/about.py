"""What the program says about itself without opening a window: `--version` and `--check-assets`.

version() is the installed distribution's version (package metadata: a wheel, an editable install,
or the built program, which carries the metadata); from a checkout that was never installed it is
pyproject.toml's. asset_check() counts what the game ships against what it expects: every sound it
plays and its music loop (game/ui/sound.py), every exact strategy table the strategies index lists
and the opening books (game/tables.py), every icon size, the desktop entry and the typeface with its
licence (game/assets.py). It
looks where the game looks (game.assets.root(): inside the package when installed or built, else
the checkout's assets/), so a build that left something out says so. Standard library only besides
the game's own modules: neither opens a window nor starts pygame.
"""

from __future__ import annotations

import json
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

from game import assets
from game.tables import OPENING_BOOKS, book_file_name
from game.ui.sound import MUSIC_NAME, SOUND_NAMES

DISTRIBUTION = "mastermind-arcade"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"  # in a checkout only


def version() -> str:
    """The game's version: package metadata, else the checkout's pyproject.toml, else 'unknown'."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        return str(tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"])
    except (OSError, UnicodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"


def expected_assets() -> dict[str, list[str]]:
    """Every asset file the game expects, by kind, as paths relative to the assets folder."""
    tables = assets.indexed_tables()
    return {
        "sounds": [f"{assets.SOUNDS}/{name}.wav" for name in (*SOUND_NAMES, MUSIC_NAME)],
        "tables": [
            f"{assets.STRATEGIES}/{name}"
            for name in [
                *(tables if tables is not None else ["README.md"]),  # no index: name the index itself
                *(book_file_name(*book) for book in OPENING_BOOKS),
            ]
        ],
        "icons": [f"{assets.ICONS}/{assets.icon_path(size).name}" for size in assets.ICON_SIZES_PX],
        "desktop": [assets.DESKTOP_FILE],
        "fonts": [f"{assets.FONTS}/{name}" for name in (assets.FONT_FILE, assets.FONT_LICENCE)],
        "words": [f"{assets.WORDS}/{name}" for name in assets.WORD_FILES],
    }


def asset_check() -> dict[str, Any]:
    """{"version", "assets": the folder, "found"/"expected": counts by kind, "missing": paths}."""
    root = assets.root()
    expected = expected_assets()
    missing = [path for paths in expected.values() for path in paths if not (root / path).is_file()]
    return {
        "version": version(),
        "assets": str(root),
        "found": {kind: sum((root / p).is_file() for p in paths) for kind, paths in expected.items()},
        "expected": {kind: len(paths) for kind, paths in expected.items()},
        "missing": missing,
    }


def print_version(out: TextIO | None = None) -> int:
    print(f"{DISTRIBUTION} {version()}", file=out or sys.stdout)
    return 0


def print_asset_check(out: TextIO | None = None) -> int:
    """One JSON line; exit status 1 when anything is missing, else 0."""
    report = asset_check()
    print(json.dumps(report), file=out or sys.stdout)
    return 1 if report["missing"] else 0
