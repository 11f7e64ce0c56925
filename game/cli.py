"""Command lines that refuse bad arguments the same way everywhere: exit status 2 and one line.

The game (game/app.py) and the tools build their parsers from OneLineParser, and check every value
before doing any work, so a mistake costs nothing and the message fits a terminal line or a CI log:
"<prog>: error: <what is wrong and what is allowed> (see --help)". argparse's own errors (an unknown
option, a value of the wrong type) come out the same way, and a bad value is quoted back at most
MAX_SHOWN_CHARS long. Numbers are ASCII digits only (whole_number), and an option that counts work
says how much it takes (number(low, high)): a 40-digit --frames is refused, not run for ever. A path
is refused when no file system could hold it (path_arg), and an option's value is never "--" (as in
--seed=--, which argparse would otherwise hand on as an empty list). Pure standard library: tools
that never open a window import it without pulling in pygame. A tool never makes a tree of folders
it was not asked for: an output folder is made only when its parent exists (writable_folder).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

USAGE_ERROR = 2  # the exit status of a command-line mistake, as argparse and POSIX tools use
MAX_SHOWN_CHARS = 40  # of a bad value quoted back: a 10,000-character argument is not echoed whole
MAX_LINE_CHARS = 400  # the whole error line, whatever argparse puts in it
MAX_DIGITS = 18  # of a whole number on a command line (fits 64 bits; more is a slip, or an attack)
MAX_SEED = 10**MAX_DIGITS - 1  # seeds: any whole number of MAX_DIGITS digits
NAME_MAX_BYTES = 255  # of one file or folder name: ext4, APFS, NTFS and the others refuse longer
PATH_MAX_BYTES = 4096  # of a whole path (Linux's PATH_MAX)
# argparse quotes a bad value as '...' ("invalid choice: 'x'"); a long one is shortened the same way
UNRECOGNISED = "unrecognized arguments:"  # argparse's words (in English, as its other messages here)
_QUOTED = re.compile("'([^']{" + str(MAX_SHOWN_CHARS + 1) + ",})'")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(error_line(self.prog, message) + "\n")
        sys.exit(USAGE_ERROR)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        given = list(sys.argv[1:] if args is None else args)
        for arg in given:
            if arg == "--":  # what follows is positional: "--" is no option's value there
                break
            option, equals, value = arg.partition("=")
            if equals and value == "--" and option.startswith(tuple(self.prefix_chars)):
                # argparse (3.11) drops the "--" and hands the option [] unchecked: --size=-- would
                # silently be no size, and --seed=-- a list where a number belongs
                self.error(f"argument {option}: expected a value, not '--'")
        return super().parse_known_args(given, namespace)


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


class number:  # noqa: N801 - an argparse type, named as int is
    """An argparse type: a whole number in the digits 0-9 from `low` to `high` (whole_number's rules,
    and a bound, so a slip of the finger cannot start a run that never ends). With `what` ("pegs"),
    a refusal names the whole range: "pegs must be a whole number from 2 to 10"."""

    def __init__(self, low: int, high: int, what: str = "") -> None:
        self.low, self.high, self.what = low, high, what
        self.__name__ = "number"  # argparse names the type in some messages

    def __call__(self, text: str) -> int:
        value = whole_number(text)
        if self.low <= value <= self.high:
            return value
        if self.what:
            wanted = f"{self.what} must be a whole number from {self.low:,} to {self.high:,}"
        else:
            wanted = (
                f"expected at least {self.low:,}" if value < self.low else f"expected at most {self.high:,}"
            )
        raise argparse.ArgumentTypeError(f"{wanted}, not {shown(text)}")

    def __repr__(self) -> str:
        return f"number({self.low}, {self.high})"


class decimal:  # noqa: N801 - an argparse type, named as float is
    """An argparse type: a number such as 12 or 0.5 in the digits 0-9 (no "inf", "nan", "1e999" or
    "١٢", which float() takes), from `low` to `high`."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high
        self.__name__ = "decimal"

    def __call__(self, text: str) -> float:
        whole, point, fraction = text.partition(".")
        digits = whole + fraction
        if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS) or (
            point and not fraction
        ):
            raise argparse.ArgumentTypeError(f"expected a number such as 12 or 0.5, not {shown(text)}")
        value = float(text)
        if not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(
                f"expected a number from {self.low:g} to {self.high:g}, not {shown(text)}"
            )
        return value

    def __repr__(self) -> str:
        return f"decimal({self.low}, {self.high})"


SEED = number(0, MAX_SEED)  # the type of every --seed


def path_arg(text: str) -> Path:
    """An argparse type: a path some file system could hold (not empty, no name over NAME_MAX_BYTES,
    at most PATH_MAX_BYTES), refused in one line before the tool tries it (open() would raise
    "File name too long" in the middle of the work)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a path, not an empty string")
    encoded = os.fsencode(text)
    for separator in {os.sep, os.altsep or os.sep} - {"/"}:  # Windows: either slash parts a path
        encoded = encoded.replace(os.fsencode(separator), b"/")
    longest = max(len(part) for part in encoded.split(b"/"))
    if longest > NAME_MAX_BYTES:
        raise argparse.ArgumentTypeError(
            f"a file or folder name is at most {NAME_MAX_BYTES} bytes; {shown(text)} has one of {longest:,}"
        )
    if len(encoded) > PATH_MAX_BYTES:
        raise argparse.ArgumentTypeError(f"a path is at most {PATH_MAX_BYTES:,} bytes, not {shown(text)}")
    return Path(text)


class address:  # noqa: N801 - an argparse type, named like number and decimal
    """An argparse type: a service address with one of `schemes` ("postgresql://host/db"), at most
    MAX_ADDRESS_CHARS long, refused in one line before anything tries to connect to it."""

    MAX_ADDRESS_CHARS = 2048

    def __init__(self, *schemes: str) -> None:
        self.schemes = schemes

    def __call__(self, text: str) -> str:
        if len(text) > self.MAX_ADDRESS_CHARS or not text.startswith(tuple(f"{s}://" for s in self.schemes)):
            wanted = " or ".join(f"{s}://..." for s in self.schemes)
            raise argparse.ArgumentTypeError(f"expected an address {wanted}, not {shown(text)}")
        return text

    def __repr__(self) -> str:
        return f"address{self.schemes}"


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
