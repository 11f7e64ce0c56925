"""game.play stays pygame-free, like game.core (checked in a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys


def test_play__does_not_import_pygame():
    probe = "import sys, importlib, pkgutil, game.play as p; "
    probe += "[importlib.import_module(m.name) for m in pkgutil.walk_packages(p.__path__, 'game.play.')]; "
    probe += "print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
