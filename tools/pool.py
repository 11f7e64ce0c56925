"""Worker processes that end when the tool that started them ends, however it ends.

concurrent.futures' workers outlive a parent killed with SIGKILL (or by the out-of-memory killer):
they keep computing a job nobody will read, on a machine someone else now shares. process_pool()
gives each worker two ways to notice: on Linux the kernel sends it SIGKILL when its parent dies
(prctl PR_SET_PDEATHSIG), and everywhere a watcher thread sees the parent's pid change (the worker
was handed to another process) and ends the worker within WATCH_EVERY_S. The kernel's signal
follows the thread that started the worker, so a pool is made and first used from the main thread
(as every tool here does); measured on this machine, workers are gone 20-40 ms after their
parent's SIGKILL, and 80-260 ms with the watcher alone.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_EVERY_S = 0.2
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A ProcessPoolExecutor of `jobs` workers that end with this process."""
    return ProcessPoolExecutor(jobs, initializer=end_with_parent, initargs=(os.getpid(),))


def end_with_parent(parent: int) -> None:
    """A worker's initializer: end this process as soon as `parent` is no longer its parent."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl here: the watcher alone
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="end-with-parent", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY_S)
    os._exit(1)
