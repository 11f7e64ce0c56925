"""Command lines that refuse bad arguments the same way everywhere: exit status 2 and one line.

The game (game/app.py) and the tools build their parsers from OneLineParser, and check every value
before doing any work, so a mistake costs nothing and the message fits a terminal line or a CI log:
"<prog>: error: <what is wrong and what is allowed> (see --help)". argparse's own errors (an unknown
option, a value of the wrong type) come out the same way, and a bad value is quoted back at most
MAX_SHOWN_CHARS long. Numbers are ASCII digits only (whole_number). Pure standard library: tools
that never open a window import it without pulling in pygame. A tool never makes a tree of folders
it was not asked for: an output folder is made only when its parent exists (writable_folder).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

USAGE_ERROR = 2  # the exit status of a command-line mistake, as argparse and POSIX tools use
MAX_SHOWN_CHARS = 40  # of a bad value quoted back: a 10,000-character argument is not echoed whole
MAX_LINE_CHARS = 400  # the whole error line, whatever argparse puts in it
MAX_DIGITS = 18  # of a whole number on a command line (fits 64 bits; more is a slip, or an attack)
# argparse quotes a bad value as '...' ("invalid choice: 'x'"); a long one is shortened the same way
UNRECOGNISED = "unrecognized arguments:"  # argparse's words (in English, as its other messages here)
_QUOTED = re.compile("'([^']{" + str(MAX_SHOWN_CHARS + 1) + ",})'")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(error_line(self.prog, message) + "\n")
        sys.exit(USAGE_ERROR)


def error_line(prog: str, message: str) -> str:
    """The one line a command-line mistake prints: "<prog>: error: <message> (see --help)", on one
    line, bad values quoted short (tools that check arguments themselves print it too)."""
    words = message.split()
    if message.startswith(UNRECOGNISED):  # argparse lists them unquoted: a long one is shown short
        given = (word if len(word) <= MAX_SHOWN_CHARS else shown(word) for word in words[2:])
        words = [*UNRECOGNISED.split(), *given]
    line = _QUOTED.sub(lambda match: shown(match.group(1)), " ".join(words))
    if len(line) > MAX_LINE_CHARS:
        line = line[:MAX_LINE_CHARS] + "..."
    return f"{prog}: error: {line} (see --help)"


def shown(value: str) -> str:
    """`value` quoted for an error message: at most MAX_SHOWN_CHARS of it, and how long it was."""
    if len(value) <= MAX_SHOWN_CHARS:
        return repr(value)
    return f"{value[:MAX_SHOWN_CHARS]!r}... ({len(value):,} characters)"


def whole_number(text: str) -> int:
    """An argparse type: a whole number written with the ASCII digits 0-9 (an optional sign first),
    at most MAX_DIGITS of them. int() alone would take "٣" or "１０" and choke on 5,000 digits with
    its own words."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number in the digits 0-9, not {shown(text)}")
    if len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {MAX_DIGITS} digits")
    return int(text)


def writable_folder(parser: argparse.ArgumentParser, path: Path, option: str = "--out") -> Path:
    """`path` as a folder the tool can write into, checked before any work: made if it is missing and
    its parent is a folder (only the folder asked for, never the ones above it); otherwise, or when it
    is a file or cannot be written, one line and exit status 2."""
    if path.exists() and not path.is_dir():
        parser.error(f"{option} {path} is a file, not a folder")
    if not path.exists():
        if not path.parent.is_dir():
            parser.error(f"{option} {path}: its folder {path.parent} does not exist")
        try:
            path.mkdir()
        except OSError as exc:
            parser.error(f"cannot make {option} {path}: {exc.strerror or exc}")
    try:
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        parser.error(f"cannot write in {option} {path}: {exc.strerror or exc}")
    return path
