"""The store's file primitives: one hardened read path, atomic writes, stale-file cleanup, free names.

game/store.py decides what the files mean (settings.json, and earlier versions' files read into the
database by game/storemigrate.py); this module only makes touching them safe, whatever a careless or
hostile user left at the path.

Invariants:
- read_document() never hangs and never lets anything but its four outcomes out: it returns the
  parsed document, raises FileNotFoundError for "nothing stored here" (the file or its directory is
  missing), raises Unreadable for a file that exists but cannot be read (permissions, a path too
  long, an I/O error: not the file's fault, so it must be left alone), or raises DamagedFile for
  content that cannot be trusted. Only regular files are read (the open is non-blocking, so a
  FIFO returns at once), at most MAX_FILE_BYTES of them, and the JSON is strict: no NaN or
  Infinity, no float that overflows to infinity, no integer longer than MAX_INT_DIGITS, no nesting
  deeper than MAX_DEPTH (checked before the parser sees the text, so no RecursionError);
  RecursionError and MemoryError are still caught and reported as damage.
- write_atomically() never leaves a half-written file: text goes to a temporary file in the same
  directory, is flushed and fsynced, then os.replace()d over the old one.
- remove_stale_temporaries() deletes only this module's own temporary files, and only those older
  than STALE_TEMP_S (a younger one may belong to a write in progress in another window).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 1 << 20  # a real statistics file is a few KB; a megabyte is far beyond any honest one
MAX_DEPTH = 16  # the deepest real document (statistics) nests 4 levels
MAX_INT_DIGITS = 20  # counts and seconds fit in far fewer; a longer integer is not ours
STALE_TEMP_S = 60.0  # temporary files older than this are left over from a killed write
TEMP_SUFFIX = ".tmp"

# A JSON string, or an unterminated one running to the end: every match succeeds where it starts, so
# the scan stays linear (a closing quote that must be found could make it retry from every quote).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class DamagedFile(ValueError):
    """A stored document that cannot be trusted; the message says why."""


class NewerFile(ValueError):
    """A stored document written by a newer version of the game."""


class Unreadable(OSError):
    """A stored file that exists but cannot be read (not its content's fault); wraps the OSError."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.cause = cause


def read_document(path: Path) -> Any:
    """The strictly parsed JSON at `path`; FileNotFoundError if nothing is stored (see the module doc)."""
    return parse_json(read_limited(path))


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; raises FileNotFoundError if it is missing."""
    flags = os.O_RDONLY | _flag("O_NONBLOCK") | _flag("O_NOCTTY") | _flag("O_BINARY")
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        raise FileNotFoundError(errno.ENOENT, "no such file", str(path)) from None
    except OSError as exc:
        raise Unreadable(exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile(f"is not a regular file but {_file_type(info.st_mode)}")
        if info.st_size > limit:
            raise DamagedFile(f"is too large ({info.st_size:,} bytes; at most {limit:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow after fstat: never read past the limit
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise DamagedFile(f"is too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(exc) from None
    finally:
        os.close(fd)


def _flag(name: str) -> int:
    """An os.open flag, or 0 where the platform has none (O_NONBLOCK is POSIX, O_BINARY Windows)."""
    return getattr(os, name, 0)


def parse_json(data: bytes) -> Any:
    """Strict JSON from UTF-8 bytes; raises DamagedFile for anything else (see the module doc)."""
    try:
        text = data.decode("utf-8")
        if nesting_depth(text) > MAX_DEPTH:
            raise DamagedFile(f"is nested more than {MAX_DEPTH} levels deep")
        return json.loads(
            text, parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_bounded_int
        )
    except DamagedFile:
        raise
    except UnicodeError:
        raise DamagedFile("is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DamagedFile(f"is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise DamagedFile(f"is not valid JSON ({type(exc).__name__})") from None


def unwrap(doc: Any, kind: str, schema_version: int) -> Any:
    """The "data" of a stored {"schema_version", "kind", "data"} document; DamagedFile or NewerFile."""
    if not isinstance(doc, dict):
        raise DamagedFile("is not a JSON object")
    version = doc.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DamagedFile(f"has no valid schema_version ({version!r})")
    if version > schema_version:
        raise NewerFile(
            f"was written by a newer version of the game (schema {version}; this one reads {schema_version})"
        )
    if doc.get("kind") != kind:
        raise DamagedFile(f"holds {doc.get('kind')!r}, not {kind}")
    if "data" not in doc:
        raise DamagedFile("has no data")
    return doc["data"]


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in JSON text (brackets inside strings do not count); the
    count stops at limit + 1, so a hostile file costs no more than the first levels past the limit."""
    depth = deepest = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
    return deepest


def _reject_constant(name: str) -> Any:
    raise DamagedFile(f"holds {name}, which is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise DamagedFile(f"holds a number too large to be real ({text[:20]}...)")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise DamagedFile(f"holds an integer of {len(text)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something else"


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` by `text` in one step; raises OSError with the old file untouched."""
    directory = path.parent
    tmp_name: str | None = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.stem}-", suffix=TEMP_SUFFIX)
        with os.fdopen(fd, "w", encoding="utf-8") as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
        fsync_directory(directory)
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def fsync_directory(directory: Path) -> None:
    """Make a rename durable where the platform allows it (POSIX); harmless elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(directory: Path, stems: tuple[str, ...], now: float | None = None) -> list[str]:
    """Delete .<stem>-*.tmp files older than STALE_TEMP_S; returns the names removed. Never raises."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if not (
            entry.name.endswith(TEMP_SUFFIX) and any(entry.name.startswith(f".{stem}-") for stem in stems)
        ):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_S:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed


def free_name(path: Path, label: str, limit: int = 1000) -> Path | None:
    """<stem>.<label>-N<suffix> beside `path`, the first N not taken (None past `limit`)."""
    for n in range(1, limit + 1):
        aside = path.with_name(f"{path.stem}.{label}-{n}{path.suffix}")
        if not os.path.lexists(aside):
            return aside
    return None
