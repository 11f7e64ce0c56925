"""The real server on 127.0.0.1 (port 0) with real clients: a race and a codemaker match played to
the end, a dropped socket that reconnects and catches up, the hold and the claimed win on a clock
the test moves, results that survive a restart, and hostile clients beside a duel that finishes."""

from __future__ import annotations

import contextlib
import gc
import json
import socket
import time
import types

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.core.codes import score
from game.net.client import new_device_token
from game.net.protocol import MAX_MESSAGE_BYTES, VERSION, encode
from game.server.results import SqliteStore, player_id
from game.server.rooms import HOLD_S
from game.server.server import MAX_STRIKES
from game.server.solo import derived_code, label

from .netkit import WAIT_S, FakeClock, Player, fixed_secret, pair, start_server

SECRET = (1, 2, 3, 4)


@pytest.fixture
def store(tmp_path):
    store = SqliteStore(tmp_path / "server.sqlite3")
    yield store
    store.close()


@pytest.fixture
def running(store):
    """A server whose race secret is SECRET; stopped after the test, with its clients."""
    started = []

    def make(**options):
        options.setdefault("rooms", fixed_secret(SECRET))
        server = start_server(store, **options)
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


def close_all(*players: Player) -> None:
    for player in players:
        player.close()


def test_server__two_clients_race_to_the_end(running, store):
    server = running()
    ann, bob = pair(server.port, "race")
    ann.send("guess", code=[4, 3, 2, 1])
    assert ann.event("graded")["grade"] == list(score((4, 3, 2, 1), SECRET))
    assert bob.event("opponent_row") == {"kind": "opponent_row", "row": 1, "grade": [0, 4]}
    bob.send("guess", code=list(SECRET))
    over = [player.event("over") for player in (ann, bob)]
    assert [o["winner"] for o in over] == [1, 1] and [o["you"] for o in over] == [0, 1]
    assert over[0]["secret"] == list(SECRET)
    before_over = [e for _, e in ann.events()][: [e["kind"] for _, e in ann.events()].index("over")]
    assert before_over and all("secret" not in e for e in before_over)  # told only once it was over
    [result] = store.results()
    assert result["reason"] == "cracked" and result["players"][1] == player_id(bob.token)
    assert bob.token not in json.dumps(result)
    close_all(ann, bob)


def test_server__two_clients_play_a_codemaker_match_to_the_end(running, store):
    server = running()
    ann, bob = pair(server.port, "codemaker", rounds=2)
    assert ann.event("round")["role"] == "maker" and bob.event("round")["role"] == "breaker"
    ann.send("secret", code=[0, 1, 2, 3])
    bob.event("secret_set")
    bob.send("guess", code=[0, 1, 2, 2])
    assert bob.event("graded")["grade"] == list(score((0, 1, 2, 2), (0, 1, 2, 3)))
    bob.send("guess", code=[0, 1, 2, 3])
    assert bob.event("round_over")["secret"] == [0, 1, 2, 3]
    assert bob.event("round")["role"] == "maker"
    bob.send("secret", code=[5, 4, 5, 4])
    ann.event("secret_set")
    ann.send("guess", code=[5, 4, 5, 4])
    over = ann.event("over")
    assert over["totals"] == [2, 1] and over["winner"] == 0 and bob.event("over")["winner"] == 0
    [result] = store.results()
    assert result["game"] == "codemaker" and result["totals"] == [2, 1]
    close_all(ann, bob)


def test_server__a_client_with_latency_injected_still_plays_in_order(running):
    server = running()
    ann, bob = pair(server.port, "race", latency_s=0.1)
    codes = ([0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2])
    started = time.monotonic()
    for code in codes:
        ann.send("guess", code=code)  # sent back to back: the delay keeps their order
    rows = [ann.event("graded") for _ in codes]
    assert time.monotonic() - started >= 0.2  # 100 ms there and 100 ms back
    assert [row["code"] for row in rows] == [list(code) for code in codes]
    close_all(ann, bob)


def test_server__a_dropped_socket_reconnects_and_catches_up(running):
    server = running()
    ann, bob = pair(server.port, "race", backoff=(2.0, 2.0))  # away long enough for bob to play on
    ann.client.drop_socket()
    bob.event("opponent_away")
    for code in ([0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]):
        bob.send("guess", code=code)
        bob.event("graded")
    ann.status("reconnecting")
    ann.status("connected")
    rows = [ann.event("opponent_row") for _ in range(3)]
    assert [row["row"] for row in rows] == [1, 2, 3]
    deadline = time.monotonic() + WAIT_S
    while (
        "opponent_back" not in (kinds := [e["kind"] for _, e in bob.events()]) and time.monotonic() < deadline
    ):
        time.sleep(0.01)
    assert kinds.index("graded") < kinds.index("opponent_back")  # at least one row was played while away
    ann.send("guess", code=list(SECRET))
    assert ann.event("over")["winner"] == 0
    numbers = [n for n, _ in ann.events()]
    assert numbers == list(range(1, len(numbers) + 1))  # each event once, none missing
    close_all(ann, bob)


def test_server__a_game_process_started_again_gets_the_duel_back_where_the_server_is(running):
    server = running()
    ann, bob = pair(server.port, "race")
    ann.send("guess", code=[1, 1, 2, 2])
    ann.event("graded")
    bob.send("guess", code=[4, 3, 2, 1])
    ann.event("opponent_row")
    ann.close()  # the process is gone; only its device token is kept
    bob.event("opponent_away")
    again = Player(server.port, "Ann", token=ann.token)
    view = again.event("resume")
    assert view["state"] == "playing" and view["you"] == 0 and view["opponent"] == "Bob"
    assert view["rows"] == [{"code": [1, 1, 2, 2], "grade": list(score((1, 1, 2, 2), SECRET))}]
    assert view["opponent_rows"] == [{"grade": [0, 4]}]  # grades only, as in play
    assert [e["kind"] for _, e in again.events()] == ["resume"]  # the view, not the pieces again
    bob.event("opponent_back")
    again.send("guess", code=list(SECRET))
    assert again.event("over")["winner"] == 0
    close_all(again, bob)


def test_server__a_second_window_with_the_same_token_takes_over_and_the_first_does_not_fight_back(running):
    server = running()
    ann, bob = pair(server.port, "race")
    second = Player(server.port, "Ann", token=ann.token)
    assert second.event("resume")["state"] == "playing"
    assert "another window" in ann.status("failed")["reason"]
    second.send("guess", code=list(SECRET))
    assert second.event("over")["winner"] == 0 and bob.event("over")["winner"] == 0
    close_all(ann, second, bob)


def test_server__the_room_is_held_60_s_then_the_other_claims_the_win(running, store):
    clock = FakeClock()
    server = running(clock=clock)
    ann, bob = pair(server.port, "race")
    bob.send("claim")
    assert "here" in bob.error()["reason"]
    ann.close()  # gone for good
    bob.event("opponent_away")
    clock.now += HOLD_S - 5
    bob.send("claim")
    assert "5 s left" in bob.error()["reason"]
    clock.now += 5
    bob.event("claim_ready")  # the server's own tick saw the hold run out
    bob.send("claim")
    over = bob.event("over")
    assert over["winner"] == 1 and over["reason"] == "claimed"
    assert [r["reason"] for r in store.results()] == ["claimed"]
    close_all(bob)


def test_server__a_restart_keeps_finished_results_and_clients_come_back(tmp_path):
    path = tmp_path / "server.sqlite3"
    first_store = SqliteStore(path)
    server = start_server(first_store, rooms=fixed_secret(SECRET))
    port = server.port
    ann, bob = pair(port, "race")
    bob.send("guess", code=list(SECRET))
    bob.event("over")
    ann.event("over")
    ann.send("create", size="Classic", kind="race")
    ann.event("waiting")  # a second game under way when the server goes
    server.stop()
    first_store.close()
    ann.status("reconnecting")
    second_store = SqliteStore(path)
    second = start_server(second_store, port=port, rooms=fixed_secret(SECRET))
    try:
        [kept] = second_store.results()
        assert kept["winner"] == 1 and kept["players"] == [player_id(ann.token), player_id(bob.token)]
        ann.status("connected")
        bob.status("connected", timeout=20)
        ann.send("create", size="Classic", kind="race")  # the new server lets them play again
        invite = ann.event("waiting")["invite"]
        bob.send("join", invite=invite)
        assert bob.event("start")["opponent"] == "Ann"
    finally:
        close_all(ann, bob)
        second.stop()
        second_store.close()


# --- hostile clients -----------------------------------------------------------------------------


def raw_client(stack: contextlib.ExitStack, port: int, hello: bool = True):
    """A websocket that speaks whatever the test sends (closed when `stack` closes)."""
    ws = stack.enter_context(
        connect(
            f"ws://127.0.0.1:{port}", open_timeout=WAIT_S, close_timeout=1, max_size=None, compression=None
        )
    )
    if hello:
        ws.send(encode("hello", token=new_device_token(), nick="Mallory"))
        assert json.loads(ws.recv(WAIT_S))["type"] == "welcome"
    return ws


def answer(ws) -> dict:
    return json.loads(ws.recv(WAIT_S))


def closed_within(ws, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ws.recv(max(0.01, deadline - time.monotonic()))
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
    return False


def test_server__hostile_clients_are_answered_or_dropped_while_a_duel_beside_them_finishes(running, store):
    server = running(handshake_s=0.5, open_timeout_s=0.5)
    ann, bob = pair(server.port, "race")
    stack = contextlib.ExitStack()

    bad = raw_client(stack, server.port)
    bad.send("{not json")
    assert "not JSON" in answer(bad)["reason"]
    bad.send(json.dumps({"v": VERSION, "type": "teleport"}))
    assert "unknown message type" in answer(bad)["reason"]
    bad.send(json.dumps({"v": 99, "type": "ping"}))
    assert "version" in answer(bad)["reason"]
    bad.send(json.dumps({"v": VERSION, "type": "guess", "code": [1, 2, 99]}))
    assert "colour" in answer(bad)["reason"]
    bad.send(encode("ping", id=7))
    assert answer(bad) == {"v": VERSION, "type": "pong", "id": 7}  # still served after its mistakes
    ann.send("guess", code=[0, 0, 0, 0])
    ann.event("graded")

    huge = raw_client(stack, server.port)
    huge.send("x" * 10_000_000)
    assert closed_within(huge, WAIT_S) and huge.close_code == 1009  # message too big

    flood = raw_client(stack, server.port)
    for _ in range(1000):
        try:
            flood.send(encode("teleport"))
        except ConnectionClosed:
            break
    assert closed_within(flood, WAIT_S)
    assert flood.close_code == 1008

    no_hello = raw_client(stack, server.port, hello=False)
    assert closed_within(no_hello, WAIT_S)
    half_open = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT_S)
    half_open.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # the upgrade never finishes
    assert half_open.recv(1024) == b""  # closed by the server, not left open
    half_open.close()
    guess_first = raw_client(stack, server.port, hello=False)
    guess_first.send(encode("guess", code=[0, 0, 0, 0]))
    assert answer(guess_first)["fatal"] is True and closed_within(guess_first, WAIT_S)

    bob.send("guess", code=list(SECRET))
    assert ann.event("over")["winner"] == 1 and bob.event("over")["winner"] == 1
    assert [r["reason"] for r in store.results()] == ["cracked"]
    assert len(encode("guess", code=[0] * 10)) < MAX_MESSAGE_BYTES and MAX_STRIKES < 1000
    stack.close()
    close_all(ann, bob)


def test_server__the_clients_methods_play_a_daily_and_a_challenge_from_its_share_text(running, store):
    server = running()
    ann = Player(server.port, "Ann")
    ann.client.daily()
    shown = ann.event("solo")
    secret = derived_code(store.server_key(), label("daily", shown["ref"]), shown["pegs"], shown["colours"])
    ann.client.solo_guess(secret)
    over = ann.event("solo_over")
    assert over["cracked"] and over["guesses"] == 1 and over["rank"] == 1 and over["streak"] == 1
    ann.client.board()
    assert [e["nick"] for e in ann.event("board")["top"]] == ["Ann"]
    ann.client.rating()
    assert ann.event("rating")["shown"] == "1500?"
    ann.client.new_challenge("Easy")
    made = ann.event("challenge_made")
    bob = Player(server.port, "Bob")
    assert bob.client.play_challenge(f"look: {made['share']}") == made["id"]
    assert bob.event("solo")["size"] == "Easy"
    with pytest.raises(ValueError):
        bob.client.play_challenge("nothing to see")
    close_all(ann, bob)


def test_server__a_played_game_leaves_the_servers_code_no_cyclic_garbage(running, store):
    # Cycles wait for the collector, whose full passes hold the loop for every player at once.
    server = running()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(3):
            ann, bob = pair(server.port, "race")
            bob.send("guess", code=list(SECRET))
            for player in (ann, bob):
                player.event("over")
                player.event("rating")  # told once the result is kept
            close_all(ann, bob)
        gc.collect()
        # type() rather than isinstance(): the garbage holds dead weak proxies too, and
        # isinstance() asks a proxy for its __class__, which raises once its referent is gone.
        ours = [
            thing.__qualname__
            for thing in gc.garbage
            if type(thing) is types.FunctionType and thing.__module__.startswith("game.server")
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert len(store.results()) == 3
    assert ours == []


def test_server__a_duel_given_up_before_any_row_is_kept_but_not_rated_and_one_after_a_row_is(running, store):
    server = running()
    ann, bob = pair(server.port, "race")
    ann.send("leave")  # at once: an abort, as a game is aborted before its first moves
    aborted = [ann.event("over"), bob.event("over")]
    assert [o["rated"] for o in aborted] == [False, False] and aborted[1]["winner"] == 1
    assert ann.event("rating")["rating"] == bob.event("rating")["rating"] == 1500
    close_all(ann, bob)

    ann, bob = pair(server.port, "race")
    ann.send("guess", code=[0, 0, 1, 1])
    bob.event("opponent_row")
    ann.send("leave")  # a row was played: giving up now loses
    assert [ann.event("over")["rated"], bob.event("over")["rated"]] == [True, True]
    assert ann.event("rating")["rating"] < 1500 < bob.event("rating")["rating"]
    kept = store.results()
    assert [r["rated"] for r in kept] == [False, True] and len({r["game_id"] for r in kept}) == 2
    close_all(ann, bob)
