"""Test set-up: SDL dummy drivers before anything imports pygame, so tests run headless.

Each App keeps its fonts' files open until its reference cycles are collected; hundreds of UI
tests in one process would otherwise pile up past select()'s 1024-descriptor limit, which the
signal and subprocess tests use. The guard below collects only when many descriptors are open,
so it costs nothing in the common case.
"""

import gc
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

OPEN_FILES_BEFORE_COLLECT = 256  # well under select()'s 1024, far above one test's needs
FD_DIR = Path("/proc/self/fd")


@pytest.fixture(autouse=True)
def _collect_when_files_pile_up():
    yield
    if FD_DIR.is_dir() and len(os.listdir(FD_DIR)) > OPEN_FILES_BEFORE_COLLECT:
        gc.collect()


# The word variants play the shipped lists, as the game does once it starts (game.words.install()).
import game.words  # noqa: E402

game.words.install()
