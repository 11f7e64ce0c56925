"""The server's log never holds up the event loop: a reader that stops costs dropped, counted lines."""

from __future__ import annotations

import logging
import re
import threading
import time

from game.server.serverlog import ServerLog

WAIT_S = 10.0


class StuckReader:
    """A stream whose writes wait until `reading` is set, like a pipe nobody drains."""

    def __init__(self) -> None:
        self.reading = threading.Event()
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        self.reading.wait()
        self.lines.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_server_log__a_stuck_reader_never_blocks_the_caller_and_every_line_is_written_or_counted():
    reader = StuckReader()
    server_log = ServerLog(reader, lines=50).start()
    logger = logging.getLogger("test_serverlog.stuck")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(server_log.handler)
    try:
        done = threading.Event()

        def loop_side() -> None:
            for n in range(2_000):
                logger.info("room %d opened", n)
            done.set()

        threading.Thread(target=loop_side, daemon=True).start()
        assert done.wait(WAIT_S), "logging waited for the stuck reader"
        reader.reading.set()
        deadline = time.monotonic() + WAIT_S
        while not server_log.handler.queue.empty():  # the reader catches up
            assert time.monotonic() < deadline
            time.sleep(0.01)
        logger.info("room %d opened", 2_000)
        while not any("room 2000 opened" in line for line in reader.lines):
            assert time.monotonic() < deadline
            time.sleep(0.01)
    finally:
        reader.reading.set()
        logger.removeHandler(server_log.handler)
        server_log.stop()
    written = [int(m.group(1)) for line in reader.lines if (m := re.search(r"room (\d+) opened", line))]
    dropped = [int(m.group(1)) for line in reader.lines if (m := re.search(r"(\d+) log lines dropped", line))]
    # in order, the last one written after the reader came back
    assert written == sorted(written) and written[-1] == 2_000
    assert dropped and min(dropped) > 0
    assert len(written) + sum(dropped) == 2_001  # each line written once or counted once
    assert all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ", line) for line in reader.lines)


def test_server_log__stop_writes_out_what_was_queued():
    reader = StuckReader()
    reader.reading.set()
    server_log = ServerLog(reader).start()
    logger = logging.getLogger("test_serverlog.stop")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    logger.addHandler(server_log.handler)
    for n in range(300):
        logger.info("room %d started", n)
    logger.removeHandler(server_log.handler)
    server_log.stop()
    assert [line.split(" ", 2)[2] for line in reader.lines] == [f"room {n} started\n" for n in range(300)]
