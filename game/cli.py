"""Command lines that refuse bad arguments the same way everywhere: exit status 2 and one line.

The game (game/app.py) and the tools build their parsers from OneLineParser, and check every value
before doing any work, so a mistake costs nothing and the message fits a terminal line or a CI log:
"<prog>: error: <what is wrong and what is allowed> (see --help)". argparse's own errors (an unknown
option, a value of the wrong type) come out the same way. Pure standard library: tools that never
open a window import it without pulling in pygame.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

USAGE_ERROR = 2  # the exit status of a command-line mistake, as argparse and POSIX tools use


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        sys.stderr.write(f"{self.prog}: error: {line} (see --help)\n")
        sys.exit(USAGE_ERROR)
