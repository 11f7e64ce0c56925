"""High-score tables and the initials editor (game.core.highscores)."""

from __future__ import annotations

import math
import random

import pytest

from game.core.highscores import (
    TABLE_SIZE,
    HighScore,
    HighScoreError,
    HighScoreTable,
    InitialsEditor,
    book_from_dict,
    book_to_dict,
    empty_book,
    table_from_dict,
    table_to_dict,
)

DAY = "2026-11-23"


def entry(score, initials="AAA"):
    return HighScore(initials, score, DAY)


def full_table(scores):
    return HighScoreTable(tuple(entry(s) for s in sorted(scores, reverse=True)))


def test_insert__matches_a_sort_of_every_score_seen_keeping_the_earlier_of_equals():
    rng = random.Random(21)
    for _ in range(300):
        table = HighScoreTable()
        seen = []  # (score, arrival) of every score offered
        for arrival in range(rng.randrange(1, 30)):
            score = rng.choice((rng.randrange(1, 50), rng.randrange(1, 5000)))
            initials = "".join(rng.choice("ABCXYZ") for _ in range(3))
            seen.append((score, arrival, initials))
            top = sorted(seen, key=lambda s: (-s[0], s[1]))[:TABLE_SIZE]
            expected_rank = next((i + 1 for i, s in enumerate(top) if s[1] == arrival), None)
            assert table.qualifies(score) is (expected_rank is not None)
            assert table.rank_for(score) == expected_rank
            table, rank = table.insert(HighScore(initials, score, DAY))
            assert rank == expected_rank
            assert [(e.score, e.initials) for e in table.entries] == [(s[0], s[2]) for s in top]


def test_qualifies__must_beat_the_tenth_of_a_full_table_and_score_at_least_one():
    table = full_table([900, 800, 700, 600, 600, 500, 500, 500, 500, 500])
    assert not table.qualifies(500)
    assert table.qualifies(501) and table.rank_for(501) == 6
    assert table.rank_for(600) == 6  # below the two 600s already there
    assert table.rank_for(10_000) == 1
    same, rank = table.insert(entry(500, "ZZZ"))
    assert rank is None and same is table
    short = full_table([300])
    assert short.qualifies(1) and short.rank_for(1) == 2
    for score in (0, -5, True, 2.5):
        assert not short.qualifies(score)
    assert not HighScoreTable().qualifies(0)


def test_high_score__refuses_bad_initials_scores_and_dates():
    for initials in ("AB", "ABCD", "abc", "A1C", "ÄBC", "A C", 123):
        with pytest.raises(HighScoreError):
            HighScore(initials, 10, DAY)
    for score in (0, -1, 1.0, math.inf, math.nan, True, "10", 10**9 + 1):
        with pytest.raises(HighScoreError):
            HighScore("ABC", score, DAY)
    for date in ("2026-13-01", "20261123", "2026-11-23T10:00", "", None, 20261123):
        with pytest.raises(HighScoreError):
            HighScore("ABC", 10, date)


def press(editor, keys):
    for key in keys:
        if key in ("up", "down", "left", "right", "backspace"):
            editor = getattr(editor, key)()
        elif key.startswith("select"):
            editor = editor.select(int(key[-1]))
        else:
            editor = editor.type_letter(key)
    return editor


EDITOR_CASES = [
    ([], "AAA", 0),
    (["up"], "BAA", 0),
    (["down"], "ZAA", 0),  # A wraps back to Z
    (["down", "down", "up"], "ZAA", 0),
    (["up"] * 26, "AAA", 0),  # a full cycle
    (["up", "right", "up", "up", "right", "down"], "BCZ", 2),
    (["right", "right", "right", "up"], "AAB", 2),  # Right stops at the last letter
    (["left", "up"], "BAA", 0),  # Left stops at the first
    (["j", "o", "e"], "JOE", 2),
    (["J", "O", "E", "Y"], "JOY", 2),  # typing past the end replaces the last letter
    (["j", "o", "e", "backspace"], "JOA", 2),
    (["j", "o", "e", "backspace", "backspace", "backspace", "backspace"], "AAA", 0),
    (["j", "o", "backspace", "e"], "JEA", 2),
    (["j", "1", " ", "", "é", "ß", "ﬆ", "o"], "JOA", 2),  # only A-Z letters count
    (["j", "o", "e", "select0", "up"], "KOE", 0),
    (["select2", "x", "left", "left", "m"], "MAX", 1),
    (["up", "right", "backspace"], "AAA", 0),  # Backspace steps back and clears that letter
]


@pytest.mark.parametrize(("keys", "initials", "position"), EDITOR_CASES)
def test_initials_editor__keys_give_the_expected_letters(keys, initials, position):
    editor = press(InitialsEditor(), keys)
    assert editor.initials == initials
    assert editor.position == position
    HighScore(editor.initials, 1, DAY)  # always valid initials


def test_initials_editor__methods_return_new_values_and_refuse_bad_selections():
    start = InitialsEditor()
    assert start.up() != start and start.initials == "AAA"
    for index in (-1, 3, True, "1"):
        with pytest.raises(HighScoreError):
            start.select(index)
    with pytest.raises(HighScoreError):
        InitialsEditor("AA1")
    with pytest.raises(HighScoreError):
        InitialsEditor("AAA", 4)


def test_table_dict__round_trips_and_rejects_damage():
    table = full_table([9, 9, 8, 7, 3])
    assert table_from_dict(table_to_dict(table)) == table
    good = table_to_dict(table)
    item = good[0]
    damaged = [
        {"initials": "ABC"},
        [item] * (TABLE_SIZE + 1),
        [good[-1], good[0]],  # out of order
        [{**item, "score": 9.5}],
        [{**item, "score": float("inf")}],
        [{**item, "score": float("nan")}],
        [{**item, "score": -3}],
        [{**item, "initials": "abc"}],
        [{**item, "initials": "ABCD"}],
        [{**item, "date": "23/11/2026"}],
        [{**item, "extra": 1}],
        [{"initials": "ABC", "score": 5}],
        ["ABC 5"],
    ]
    for data in damaged:
        with pytest.raises(HighScoreError):
            table_from_dict(data)


def test_book_dict__every_mode_present_a_newer_versions_table_kept_bad_names_refused():
    tables = ("Classic", "Super", "Daily", "Blitz")  # the tables are the modes' to name
    book = empty_book(tables)
    assert tuple(book) == tables
    book["Blitz"], _ = book["Blitz"].insert(entry(2300, "JOE"))
    assert book_from_dict(book_to_dict(book, tables), tables) == book
    assert book_from_dict({"Blitz": book_to_dict(book, tables)["Blitz"]}, tables) == book
    newer = {
        **book_to_dict(book, tables),
        "Marathon": [{"initials": "ANN", "score": 7, "date": "2026-11-20"}],
    }
    kept = book_from_dict(newer, tables)  # a table this version does not show is kept as it is
    assert book_to_dict(kept, tables) == newer and kept["Marathon"].entries[0].initials == "ANN"
    for data in ({"": []}, {"x" * 21: []}, {"Ca$h": []}, [], {"Classic": {}}):
        with pytest.raises(HighScoreError):
            book_from_dict(data)
    with pytest.raises(HighScoreError):
        book_to_dict({"Ca$h": HighScoreTable()})
    with pytest.raises(HighScoreError):
        HighScoreTable(tuple(entry(5) for _ in range(TABLE_SIZE + 1)))
    with pytest.raises(HighScoreError):
        HighScoreTable((entry(1), entry(2)))
