"""The server's log: the event loop hands lines over and never writes, so a slow reader stalls no game.

One log line per room event goes to standard output. Written from the event loop, a line blocks the
loop whenever the reader falls behind (a pipe to a busy log collector, a terminal scrolled back):
every game on the process waits with it. So the loop only puts records on a bounded queue
(LoggedAside) and one thread writes them out (QueueListener), flushing at most every FLUSH_S. When the
reader stops altogether the queue fills; later lines are dropped and counted, and the count is
written as one line once there is room again, so memory stays bounded and the log says what it lost.
"""

from __future__ import annotations

import logging
import logging.handlers
import queue
import sys
import threading
import time
from typing import TextIO

FLUSH_S = 0.5
QUEUED_LINES = 10_000  # held for a reader that has fallen behind; more are counted and dropped


class BatchedLog(logging.StreamHandler):
    """A handler that writes each line at once but flushes the stream at most every FLUSH_S."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream if stream is not None else sys.stdout)
        self.flusher = threading.Timer(FLUSH_S, self._flush_now)
        self.flusher.daemon = True

    def flush(self) -> None:
        if not self.flusher.is_alive():
            self.flusher = threading.Timer(FLUSH_S, self._flush_now)
            self.flusher.daemon = True
            self.flusher.start()

    def _flush_now(self) -> None:
        with self.lock:  # type: ignore[union-attr]
            self.stream.flush()

    def close(self) -> None:
        self.flusher.cancel()
        self._flush_now()
        super().close()


class SecondsFormatter(logging.Formatter):
    """"%(asctime)s %(message)s" with the time text made once a second, not once a line (strftime
    was a twentieth of the server's time under load)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(message)s")
        self._second = -1
        self._text = ""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802
        second = int(record.created)
        if second != self._second:
            self._second, self._text = second, time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(second))
        return self._text


class LoggedAside(logging.handlers.QueueHandler):
    """Puts records on a bounded queue and returns at once; a record that finds it full is counted
    and dropped, and the count goes on the queue as a line of its own when there is room."""

    def __init__(self, records: queue.Queue) -> None:
        super().__init__(records)
        self.dropped = 0

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            if self.dropped:
                self.queue.put_nowait(self._dropped_record(record))
                self.dropped = 0
            self.queue.put_nowait(record)
        except queue.Full:
            self.dropped += 1

    def _dropped_record(self, after: logging.LogRecord) -> logging.LogRecord:
        return logging.LogRecord(
            after.name, logging.WARNING, __file__, 0,
            f"{self.dropped} log lines dropped: the log's reader fell behind", None, None,
        )  # fmt: skip


class ServerLog:
    """The loop's handler (LoggedAside) and the thread that writes its records out (start() to stop())."""

    def __init__(self, stream: TextIO | None = None, lines: int = QUEUED_LINES) -> None:
        self.writer = BatchedLog(stream)
        self.writer.setFormatter(SecondsFormatter())
        self.handler = LoggedAside(queue.Queue(lines))
        self.listener = logging.handlers.QueueListener(self.handler.queue, self.writer)

    def start(self) -> ServerLog:
        self.listener.start()
        return self

    def stop(self, seconds: float = 2.0) -> None:
        """Write out what is queued while the reader reads, waiting at most about `seconds` for one
        that has stopped reading (the writing thread is a daemon: it cannot keep the process up)."""
        try:
            self.handler.queue.put(self.listener._sentinel, timeout=seconds)
        except queue.Full:
            return
        thread = self.listener._thread
        if thread is not None:
            thread.join(seconds)
        if thread is None or not thread.is_alive():
            self.writer.close()
