"""The pure parts of results that count: rating-paired queues, the server-made codes, streaks, the
nickname filter, the share text, and the store (its migration from the first server's file, one
attempt per device, ranks against a brute-force ranking)."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from game.core.codes import score
from game.net.protocol import challenge_in, share_text
from game.server.matching import MAX_GAP, WIDEN, WINDOW, Queues, Waiting
from game.server.names import board_nick
from game.server.results import SqliteStore
from game.server.rooms import RoomError
from game.server.solo import SoloGame, derived_code, label, streak

KEY = (
    ("Easy", "race", 2),
    ("Classic", "race", 2),
)


def test_matching__the_nearest_rating_within_the_window_is_chosen():
    queues = Queues()
    for name, rating in [("far", 2100.0), ("near", 1560.0), ("nearer", 1530.0)]:
        queues.add(KEY[0], Waiting(name, name, rating, since=0.0))
    assert queues.find(KEY[0], 1500.0, now=0.0).player == "nearer"
    assert queues.find(KEY[1], 1500.0, now=0.0) is None  # another game's queue


def test_matching__a_wide_gap_waits_until_the_windows_have_grown():
    queues = Queues()
    queues.add(KEY[0], Waiting("low", "low", 1200.0, since=0.0))
    queues.add(KEY[0], Waiting("high", "high", 1700.0, since=0.0))
    reach_s = (500.0 - WINDOW) / WIDEN
    assert queues.pairs(now=reach_s - 0.5) == []
    [(key, first, second)] = queues.pairs(now=reach_s + 0.01)
    assert key == KEY[0] and {first.player, second.player} == {"low", "high"}
    assert queues.players() == []


def test_matching__pairs_never_repeat_a_player_and_match_brute_force_reach():
    rng = random.Random(7)
    for _ in range(200):
        queues = Queues()
        entries = [
            Waiting(f"p{i}", "n", rng.uniform(800, 2400), rng.uniform(0, 30))
            for i in range(rng.randint(0, 9))
        ]
        for entry in entries:
            queues.add(KEY[0], entry)
        now = 30.0
        made = queues.pairs(now)
        paired = [p.player for _, a, b in made for p in (a, b)]
        assert len(paired) == len(set(paired)) and set(paired) | set(queues.players()) == {
            e.player for e in entries
        }
        for _, a, b in made:
            reach = max(min(MAX_GAP, WINDOW + WIDEN * (now - e.since)) for e in (a, b))
            assert abs(a.rating - b.rating) <= reach
        left = [e for e in entries if e.player in queues.players()]
        for i, a in enumerate(left):  # nobody left over could have played anyone left over
            for b in left[i + 1 :]:
                reach = max(min(MAX_GAP, WINDOW + WIDEN * (now - e.since)) for e in (a, b))
                assert abs(a.rating - b.rating) > reach


def test_solo__codes_come_from_the_key_and_the_label_only():
    first = derived_code(b"k" * 32, label("daily", "2026-11-27"), 4, 6)
    assert first == derived_code(b"k" * 32, label("daily", "2026-11-27"), 4, 6)
    assert len(first) == 4 and all(0 <= peg < 6 for peg in first)
    others = {derived_code(b"k" * 32, label("daily", f"2026-11-{d:02d}"), 4, 6) for d in range(1, 29)}
    assert len(others) > 20  # days differ
    assert derived_code(b"j" * 32, label("daily", "2026-11-27"), 5, 8) != derived_code(
        b"k" * 32, label("daily", "2026-11-27"), 5, 8
    )


def test_solo__a_game_grades_with_the_rules_times_and_flags_rows_too_fast():
    game = SoloGame("daily", "2026-11-27", "Classic", (1, 2, 3, 4), started=100.0)
    assert game.guess([4, 3, 2, 1], 101.0) == score((4, 3, 2, 1), (1, 2, 3, 4))
    with pytest.raises(RoomError):
        game.guess([1, 2, 3], 102.0)
    assert not game.flagged
    game.guess([1, 2, 3, 4], 101.02)
    assert game.flagged and game.done and game.cracked and game.ms(999.0) == 1020
    with pytest.raises(RoomError):
        game.guess([1, 2, 3, 4], 103.0)


def test_solo__a_streak_counts_consecutive_days_to_today_or_yesterday():
    days = ["2026-11-27", "2026-11-26", "2026-11-25", "2026-11-23"]
    assert streak(days, "2026-11-27") == 3
    assert streak(days, "2026-11-28") == 3  # today not played yet: the streak still stands
    assert streak(days, "2026-11-29") == 0
    assert streak([], "2026-11-27") == 0


def test_names__insults_are_hidden_even_spelled_with_digits_and_others_kept():
    assert board_nick("sh1t") == "Player" and board_nick("F.U.C.K") == "Player"
    assert (
        board_nick("Ann") == "Ann" and board_nick("Peacock") == "Peacock" and board_nick("Grapes") == "Grapes"
    )


def test_share_text__carries_the_id_and_a_pasted_text_gives_it_back():
    text = share_text("ABCD2345")
    assert challenge_in(text) == "ABCD2345" and challenge_in("try abcd2345 now") == "ABCD2345"
    assert challenge_in("no id here") is None and challenge_in("ABCD23456") is None


def test_store__the_first_servers_file_is_migrated_and_kept(tmp_path):
    path = tmp_path / "server.sqlite3"
    with sqlite3.connect(path) as db:  # the file the first server wrote
        db.executescript(
            "CREATE TABLE players(id TEXT PRIMARY KEY, nick TEXT NOT NULL, seen REAL NOT NULL);"
            "CREATE TABLE results(game TEXT PRIMARY KEY, at REAL NOT NULL, data TEXT NOT NULL);"
        )
        db.execute("INSERT INTO results VALUES ('g1', 1.0, ?)", (json.dumps({"game_id": "g1", "winner": 0}),))
    store = SqliteStore(path)
    try:
        assert store.results() == [{"game_id": "g1", "winner": 0}]
        assert store.rows("SELECT value FROM meta WHERE key='schema'") == [("2",)]
        assert store.record({"game_id": "g1", "players": ["a", "b"], "winner": 1}) == "g1"
        assert store.count_results() == 1 and store.rating("a").games == 0  # recorded once, rated once
    finally:
        store.close()


def test_store__one_attempt_per_device_and_ranks_match_a_brute_force_ranking(tmp_path):
    store = SqliteStore(tmp_path / "s.sqlite3")
    rng = random.Random(3)
    try:
        first = store.open_attempt("daily", "d", "p0", "P0", "Classic")
        assert store.open_attempt("daily", "d", "p0", "again", "Classic")["started"] == first["started"]
        played = {}
        for i in range(30):
            store.open_attempt("daily", "d", f"p{i}", f"P{i}", "Classic")
            rows, cracked, ms = rng.randint(1, 10), rng.random() < 0.8, rng.randint(1000, 5000)
            store.save_attempt(
                "daily", "d", f"p{i}", [[[0, 0, 0, 0], [0, 0]]] * rows, True, cracked, ms, False
            )
            played[f"p{i}"] = (rows if cracked else 99, ms)
        store.save_attempt(
            "daily", "d", "p0", [], False, False, 1, False
        )  # a late write cannot undo a result
        for player, key in played.items():
            board = store.board("daily", "d", player)
            assert board["rank"] == 1 + sum(other < key for other in played.values())
            assert board["total"] == 30 and len(board["top"]) == 10
        best = sorted(played.values())[:10]
        assert [
            (e["guesses"] if e["cracked"] else 99, e["ms"]) for e in store.board("daily", "d")["top"]
        ] == best
    finally:
        store.close()
