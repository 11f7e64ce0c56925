"""Build hook: the packages, with the top-level assets/ folder mapped into the package as game/data.

Everything else about the project is in pyproject.toml. assets/ stays where the repository keeps it
(sounds, strategy tables and icons, each with the command that remakes it, the typeface with its
licence, and the freedesktop entry); the build copies it into the wheel as the package game.data,
where game/assets.py finds it with importlib.resources. An editable install maps game.data to
assets/ too, and game/assets.py falls back to assets/ beside the package when game/data is absent
(a source checkout).
"""

from setuptools import find_packages, setup

ASSET_PACKAGES = [
    "game.data",
    "game.data.fonts",
    "game.data.icons",
    "game.data.sounds",
    "game.data.strategies",
    "game.data.words",
]

setup(
    packages=find_packages(include=["game", "game.*"]) + ASSET_PACKAGES,
    package_dir={"game.data": "assets"},
)
