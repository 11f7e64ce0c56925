"""Keep the C heap from holding on to freed window-sized surfaces while the window is resized.

Every new window size brings new full-window surfaces (the display's, backgrounds, cached boards),
each a few megabytes, and frees the previous size's. glibc's malloc serves blocks past its mmap
threshold from mmap and hands them back when freed, but it raises that threshold to the size of each
mmapped block freed, so after the first frees the later surfaces come from the heap, where freed
holes of odd sizes are kept rather than returned. Measured on the title drag-resized for 4,000
frames (tools/bench_frames.py --scenario resize): Python's objects and the cached surfaces stay the
same size from frame 1,000 on, yet the resident size rose 100 -> 112 MB, and malloc_trim(0) at the
end gave back 24 MB. Fixing the threshold at glibc's default (setting it turns the raising off)
keeps large surfaces on mmap; nothing changes elsewhere (another C library: nothing is done).

Done once, at the first resize, so a start-up never pays for loading ctypes.
"""

from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h
MMAP_THRESHOLD_BYTES = 128 * 1024  # glibc's default: blocks this large and larger come from mmap

_state: dict[str, bool] = {}  # "set": the answer of the one attempt


def bound_heap() -> bool:
    """Fix glibc's mmap threshold (tried once); True when it is fixed, False elsewhere."""
    if "set" not in _state:
        _state["set"] = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                libc = ctypes.CDLL("libc.so.6")
                _state["set"] = bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
            except (OSError, AttributeError):  # not glibc (musl: no libc.so.6, or no mallopt)
                pass
    return _state["set"]
