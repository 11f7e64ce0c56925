"""Where the shipped assets are: the one place that knows, for sounds, strategy tables and the font alike.

The repository keeps them in the top-level assets/ folder (assets/sounds, assets/strategies). The
build maps that folder into the package as game/data (setup.py: package_dir {"game.data": "assets"}),
so a wheel or a plain `pip install .` carries them, and they are found with importlib.resources.
A source checkout or an editable install has no game/data: there the folder next to the package is
used. directory() answers for both, so game/tables.py and game/ui/sound.py never build paths of
their own.

missing() lists, as sentences for the screen, any asset the game expects and cannot find (a sound
named by the game, the strategy tables listed in assets/strategies/README.md, the window icon); the
shell hands each to the store's notices once, which shows it on screen and logs it. The icons
(assets/icons, drawn by tools/make_icon.py), the freedesktop entry (assets/mastermind-arcade.desktop)
the typeface with its licence (assets/fonts: Inter, SIL Open Font License) and the word variants'
lists with theirs (assets/words, read by game/words.py) ship the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

PACKAGED_NAME = "data"  # assets/ inside an installed package: game/data
SOUNDS = "sounds"
STRATEGIES = "strategies"
ICONS = "icons"
FONTS = "fonts"
WORDS = "words"  # the word variants' lists (game/words.py reads them)
# the lists, the first guesses worth weighing, and the lists' README and licences, which travel with them
WORD_FILES = (
    "answers.txt",
    "allowed.txt",
    "first_guesses.txt",
    "README.md",
    "LICENCE-wordfreq.txt",
    "LICENCE-english-words.txt",
)
FONT_FILE = "Inter-SemiBold.otf"  # the one face every text is drawn in (assets/fonts/README.md)
FONT_LICENCE = "OFL.txt"  # the SIL Open Font License, which must travel with the font
APP_ID = "mastermind-arcade"  # the icon's and the desktop file's name, and the built program's
ICON_SIZES_PX = (256, 128, 64, 48, 32, 16)  # tools/make_icon.py draws each (hicolor's usual sizes)
WINDOW_ICON_PX = 64  # the one the window shows; window managers scale it for title bars and docks
DESKTOP_FILE = f"{APP_ID}.desktop"
INDEX_ROW = re.compile(r"^\|\s*(optimal_[^|\s]+\.txt)\s*\|", re.MULTILINE)  # a table in the README index


def root() -> Path:
    """The assets folder: game/data in an installed package, else assets/ beside the package."""
    packaged = resources.files("game") / PACKAGED_NAME
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def directory(kind: str) -> Path:
    """The folder of one kind of asset (SOUNDS, STRATEGIES, ICONS or FONTS); it may not exist (see
    missing())."""
    return root() / kind


def icon_path(size_px: int = WINDOW_ICON_PX) -> Path:
    """The PNG of the icon `size_px` square (it may not exist: see missing())."""
    return directory(ICONS) / f"{APP_ID}-{size_px}.png"


def font_path() -> Path:
    """The typeface's file (it may not exist: see missing(); game/ui/text.py then falls back to
    pygame's default font)."""
    return directory(FONTS) / FONT_FILE


def indexed_tables() -> list[str] | None:
    """The exact tables the strategies folder's index (its README.md) lists; None without an index."""
    try:
        return INDEX_ROW.findall((directory(STRATEGIES) / "README.md").read_text(encoding="utf-8"))
    except (OSError, UnicodeError):
        return None


def missing(sound_names: Iterable[str]) -> list[str]:
    """Sentences naming every expected asset that cannot be found (empty when all are there)."""
    problems = []
    names = list(sound_names)
    sounds = directory(SOUNDS)
    absent = [name for name in names if not (sounds / f"{name}.wav").is_file()]
    if absent and len(absent) == len(names):
        problems.append(f"No sound files found in {sounds}: the game plays silently.")
    elif absent:
        problems.append(f"Sound files missing in {sounds}: {_some(absent)}; those effects stay silent.")
    tables = directory(STRATEGIES)
    expected = indexed_tables()
    if expected is None and not tables.is_dir():
        problems.append(f"No strategy tables found in {tables}: the optimal strategy plays entropy instead.")
    elif expected is None:
        problems.append(f"The strategy tables in {tables} have no index (README.md) to check them against.")
    elif absent_tables := [name for name in expected if not (tables / name).is_file()]:
        problems.append(
            f"Strategy tables missing in {tables}: {_some(absent_tables)}; the optimal strategy plays "
            "entropy at those sizes."
        )
    if not icon_path().is_file():
        problems.append(f"No window icon found at {icon_path()}: the window shows the system's own.")
    if not font_path().is_file():
        problems.append(f"No typeface found at {font_path()}: text is drawn in pygame's default font.")
    words = directory(WORDS)
    if not all((words / name).is_file() for name in WORD_FILES[:2]):
        problems.append(f"No word lists found in {words}: the word variants cannot be played.")
    return problems


def _some(names: list[str], shown: int = 3) -> str:
    """'a, b, c and 4 more': short enough for a notice on screen."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")
