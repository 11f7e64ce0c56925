"""Results that count, on real server processes: a duel, the online Daily's board, a challenge and
ratings, each run on one process with SQLite and on two processes sharing PostgreSQL and Redis
(players of one game on different processes); and one of two processes killed mid-run."""

from __future__ import annotations

import json
import time

import pytest

from game.core.codes import score
from game.core.config import preset
from game.net.protocol import challenge_in
from game.server.results import open_store, player_id
from game.server.solo import DAILY_SIZE, derived_code, label, today
from tools import local_services

from .netkit import WAIT_S, Player
from .services import Balancer


def close_all(*players: Player) -> None:
    for player in players:
        player.close()


def secret_of(url: str, kind: str, ref: str, size: str) -> tuple[int, ...]:
    """The code the servers derive, worked out from the key in their database (as a test may)."""
    store = open_store(url)
    try:
        key = store.server_key()
    finally:
        store.close()
    config = preset(size).config()
    return derived_code(key, label(kind, ref), config.pegs, config.colours)


def wrong_guess(secret: tuple[int, ...], colours: int) -> list[int]:
    return [(peg + 1) % colours for peg in secret]


def play_solo(player: Player, secret: tuple[int, ...], misses: int, colours: int) -> dict:
    """Play `misses` wrong rows then the secret, a person's pace apart; the over event."""
    for _ in range(misses):
        player.send("solo_guess", code=wrong_guess(secret, colours))
        graded = player.event("solo_graded")
        assert graded["grade"] == list(score(tuple(graded["code"]), secret))
        time.sleep(0.06)  # slower than the 50 ms a person needs
    player.send("solo_guess", code=list(secret))
    return player.event("solo_over")


def results_in(url: str) -> list[dict]:
    store = open_store(url)
    try:
        return store.results()
    finally:
        store.close()


def test_cluster__a_duel_between_players_on_different_processes_is_graded_kept_and_rated(deployment):
    ann = Player(deployment.ports[0], "Ann")
    bob = Player(deployment.ports[1], "Bob")
    ann.send("create", size="Classic", kind="race")
    invite = ann.event("waiting")["invite"]
    bob.send("join", invite=invite)
    assert ann.event("start")["opponent"] == "Bob" and bob.event("start")["opponent"] == "Ann"
    bob.send("guess", code=[0, 0, 1, 1])
    graded = bob.event("graded")
    assert ann.event("opponent_row") == {"kind": "opponent_row", "row": 1, "grade": graded["grade"]}
    time.sleep(0.06)
    bob.send("guess", code=[2, 3, 4, 5])
    bob.event("graded")
    ann.send("leave")  # Ann gives up: Bob wins (as he does if one of his rows cracked it)
    over = [ann.event("over"), bob.event("over")]
    assert [o["winner"] for o in over] == [1, 1]
    [kept] = [r for r in results_in(deployment.url) if r["game_id"] == over[0]["game_id"]]
    assert kept["players"] == [player_id(ann.token), player_id(bob.token)]
    ratings = [ann.event("rating"), bob.event("rating")]
    assert ratings[1]["rating"] > 1500 > ratings[0]["rating"] and ratings[1]["provisional"]
    assert ratings[0]["shown"].endswith("?")
    close_all(ann, bob)


def test_cluster__quick_match_pairs_players_connected_to_different_processes(deployment):
    ann = Player(deployment.ports[0], "Ann")
    bob = Player(deployment.ports[1], "Bob")
    ann.send("quick", size="Easy", kind="race")
    ann.event("queued")
    bob.send("quick", size="Easy", kind="race")
    assert bob.event("start")["opponent"] == "Ann"
    ann_start = ann.event("start")
    assert ann_start["opponent"] == "Bob"
    bob.send("leave")
    over = ann.event("over")
    assert over["winner"] == over["you"] == ann_start["you"]
    close_all(ann, bob)


def shared_queue(deployment, game: str) -> list[str]:
    """The nicknames waiting in the cluster's shared quick-match queue for `game`."""
    members = local_services.redis.Redis.from_url(deployment.redis).zrange(f"mm:q:{game}", 0, -1)
    return [json.loads(member)["n"] for member in members]


def test_cluster__quick_match_pairs_two_players_on_one_process_before_one_waiting_on_another(deployment):
    if not deployment.two:
        pytest.skip("two processes only")
    bob = Player(deployment.ports[1], "Bob")
    bob.send("quick", size="Easy", kind="race")
    bob.event("queued")
    deadline = time.monotonic() + WAIT_S  # alone on his process, Bob is offered to the other one
    while shared_queue(deployment, "Easy:race:2") != ["Bob"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert shared_queue(deployment, "Easy:race:2") == ["Bob"]
    ann, cy = Player(deployment.ports[0], "Ann"), Player(deployment.ports[0], "Cy")
    for player in (ann, cy):
        player.status("connected")
    ann.send("quick", size="Easy", kind="race")
    cy.send("quick", size="Easy", kind="race")
    # Bob fits and has waited longest, but a pair on one process plays with no move forwarded
    assert {ann.event("start")["opponent"], cy.event("start")["opponent"]} == {"Cy", "Ann"}
    assert shared_queue(deployment, "Easy:race:2") == ["Bob"]
    bob.send("leave")
    bob.event("left")
    deadline = time.monotonic() + WAIT_S
    while shared_queue(deployment, "Easy:race:2") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert shared_queue(deployment, "Easy:race:2") == []
    close_all(ann, bob, cy)


def test_cluster__the_daily_board_written_through_both_processes_reads_the_same_from_each(deployment):
    colours = preset(DAILY_SIZE).config().colours
    day = today(time.time())
    players = [Player(deployment.ports[i % 2], nick) for i, nick in enumerate(["Ann", "Bob", "Cy", "sh1t"])]
    for player in players:
        player.send("daily")
        shown = player.event("solo")
        assert shown["ref"] == day and shown["rows"] == []
    secret = secret_of(deployment.url, "daily", day, DAILY_SIZE)
    overs = [
        play_solo(player, secret, misses, colours)
        for player, misses in zip(players, [2, 0, 1, 3], strict=True)
    ]
    assert [o["guesses"] for o in overs] == [3, 1, 2, 4] and all(o["cracked"] for o in overs)
    # each is ranked among those finished before: Ann alone, then Bob first of two, Cy second of three
    assert [(o["rank"], o["total"]) for o in overs] == [(1, 1), (1, 2), (2, 3), (4, 4)]
    assert [o["better_than"] for o in overs] == [0.0, 50.0, 33.3, 0.0] and overs[1]["streak"] == 1
    # one attempt a day: asking again (here or through the other process) shows the result, no new game
    again = Player(deployment.ports[1], "Ann", token=players[0].token)
    again.send("daily")
    repeat = again.event("solo_over")
    assert repeat["guesses"] == 3 and repeat["rank"] == 3
    boards = []
    for reader in (players[1], again):  # one on each process
        reader.send("board")
        boards.append(reader.event("board"))
    strip = [{k: v for k, v in b.items() if k not in ("rank", "better_than")} for b in boards]
    assert strip[0] == strip[1]
    assert [e["nick"] for e in boards[0]["top"]] == ["Bob", "Cy", "Ann", "Player"]  # the rude nick hidden
    assert boards[0]["total"] == 4 and boards[0]["days"][0] == {"day": day, "players": 4}
    close_all(*players, again)


def test_cluster__a_device_playing_faster_than_a_person_is_kept_off_the_board(deployment):
    colours = preset(DAILY_SIZE).config().colours
    day = today(time.time())
    fast, slow = Player(deployment.ports[0], "Fast"), Player(deployment.ports[1], "Slow")
    for player in (fast, slow):
        player.send("daily")
        player.event("solo")
    secret = secret_of(deployment.url, "daily", day, DAILY_SIZE)
    fast.send("solo_guess", code=wrong_guess(secret, colours))
    fast.send("solo_guess", code=list(secret))  # two rows in the same instant
    assert fast.event("solo_over")["flagged"]
    assert play_solo(slow, secret, 1, colours)["rank"] == 1
    slow.send("board")
    board = slow.event("board")
    assert [e["nick"] for e in board["top"]] == ["Slow"] and board["total"] == 1
    close_all(fast, slow)


def test_cluster__a_challenge_made_on_one_process_is_opened_and_graded_on_the_other(deployment):
    maker, friend = Player(deployment.ports[0], "Ann"), Player(deployment.ports[1], "Bob")
    maker.send("challenge_new", size="Classic")
    made = maker.event("challenge_made")
    challenge = challenge_in(made["share"])
    assert challenge == made["id"]
    secret = secret_of(deployment.url, "challenge", challenge, "Classic")
    assert [str(peg) for peg in secret] != [] and str(list(secret)) not in made["share"]
    friend.send("challenge_play", id=challenge)
    assert friend.event("solo")["mode"] == "challenge"
    colours = preset("Classic").config().colours
    assert play_solo(friend, secret, 1, colours)["guesses"] == 2
    maker.send("challenge_play", id=challenge)
    maker.event("solo")
    assert play_solo(maker, secret, 0, colours)["rank"] == 1
    maker.send("challenge_show", id=challenge)
    page = maker.event("challenge")
    assert page["maker"] == "Ann" and page["size"] == "Classic"
    assert [(e["nick"], e["guesses"], e["cracked"]) for e in page["entries"]] == [
        ("Ann", 1, True),
        ("Bob", 2, True),
    ]
    assert all(e["ms"] >= 0 for e in page["entries"])
    friend.send("challenge_play", id="ZZZZZZZZ")
    assert "no challenge" in friend.error()["reason"]
    close_all(maker, friend)


def test_cluster__killing_one_of_two_processes_loses_no_finished_result(deployment):
    if not deployment.two:
        pytest.skip("two processes only")
    balancer = Balancer([p.port for p in deployment.processes])
    players = []
    for i in range(8):  # one at a time, so the balancer puts even ones on the first, odd on the second
        players.append(Player(balancer.port, f"P{i}", backoff=(0.2,) * 40))
        players[-1].status("connected")
    finished: set[str] = set()

    def duels(makers: list[int]) -> None:
        """A room made by each of `makers`, joined by its neighbour (i ^ 1)."""
        for maker in makers:
            players[maker].send("create", size="Easy", kind="race")
            players[maker ^ 1].send("join", invite=players[maker].event("waiting")["invite"])
        for player in players:
            player.event("start")

    duels([0, 2, 4, 6])  # all held by the first process
    for player in players[::2]:
        player.send("leave")
    for player in players:
        finished.add(player.event("over")["game_id"])
    before = len(results_in(deployment.url))
    assert before == len(finished) == 4
    duels([0, 3, 4, 7])  # rooms of 0 and 4 on the first process, of 3 and 7 on the second
    deployment.processes[1].kill()
    for index in (2, 3, 6, 7):  # their room was on the process that died: told so, wherever they are
        assert "stopped" in players[index].event("room_lost", timeout=WAIT_S * 2)["reason"]
    for index in (1, 5):  # connected to the dead process, their room on the other: back, and shown it
        players[index].status("reconnecting")
        players[index].status("connected", timeout=WAIT_S * 2)
        assert players[index].event("resume")["state"] == "playing"
    for index in (3, 7):  # reconnected too (the survivor told them their room was lost)
        assert players[index].client.state == "connected"
    for index in (0, 4):  # their games play on: given up, won by the player who came back
        players[index].send("leave")
        over = players[index ^ 1].event("over")
        assert over["winner"] == 1
        finished.add(over["game_id"])
    kept = {r["game_id"] for r in results_in(deployment.url)}
    assert finished <= kept and len(kept) == before + 2
    players[3].send("quick", size="Easy", kind="race")  # and the survivors play on
    players[7].send("quick", size="Easy", kind="race")
    assert players[3].event("start")["opponent"] == "P7"
    close_all(*players)
    balancer.stop()
