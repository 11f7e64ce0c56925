"""The client off the frame loop: send and poll never block, a server that is not there is reported
within the 3 s connect timeout with a reason, and close() ends the thread."""

from __future__ import annotations

import socket
import time

import pytest

from game.net.client import CONNECT_TIMEOUT_S, Client, new_device_token

POLL_BUDGET_S = 0.005  # a poll or a send must fit in a frame with room to spare


def wait_status(client: Client, state: str, timeout: float) -> tuple[dict, float, float]:
    """(the status message, seconds it took, the slowest poll meanwhile)."""
    start = time.monotonic()
    slowest = 0.0
    while time.monotonic() - start < timeout:
        before = time.perf_counter()
        found = client.poll()
        slowest = max(slowest, time.perf_counter() - before)
        for message in found:
            if message.get("type") == "status" and message["state"] == state:
                return message, time.monotonic() - start, slowest
        time.sleep(0.002)
    raise AssertionError(f"no {state} within {timeout} s")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_client__no_server_is_reported_at_once_with_what_to_do():
    client = Client(f"ws://127.0.0.1:{free_port()}", new_device_token(), "Ann").start()
    before = time.perf_counter()
    client.send("create", size="Classic", kind="race")  # queued, never waits for the connection
    assert time.perf_counter() - before < POLL_BUDGET_S
    message, took, slowest = wait_status(client, "failed", CONNECT_TIMEOUT_S + 2)
    assert "connection refused" in message["reason"] and "mastermind-server" in message["reason"]
    assert took < CONNECT_TIMEOUT_S and slowest < POLL_BUDGET_S
    client.close()
    assert not client._thread.is_alive()


def test_client__a_silent_server_times_out_within_3_s():
    with socket.socket() as silent:  # accepts connections (the backlog) and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        port = silent.getsockname()[1]
        client = Client(f"ws://127.0.0.1:{port}", new_device_token(), "Ann").start()
        message, took, slowest = wait_status(client, "failed", CONNECT_TIMEOUT_S + 3)
        assert "within 3 s" in message["reason"]
        assert CONNECT_TIMEOUT_S - 0.5 < took < CONNECT_TIMEOUT_S + 1.5 and slowest < POLL_BUDGET_S
        client.close()


@pytest.mark.parametrize("url", ["http://nowhere", "ws://127.0.0.1:8765q"])
def test_client__a_bad_address_is_said_plainly(url):
    client = Client(url, new_device_token(), "Ann").start()
    message, _, _ = wait_status(client, "failed", CONNECT_TIMEOUT_S + 2)
    assert "not a server address" in message["reason"]
    client.close()
