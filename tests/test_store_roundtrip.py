"""Whatever the store writes reads back unchanged through a new store (a second start): statistics of
any sequence of games, kept games, high scores, a mode's record, and the days of one attempt each."""

from __future__ import annotations

import datetime as dt
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig
from game.core.daily import day_streaks
from game.core.highscores import MAX_SCORE, HighScore
from game.core.records import MAX_PLAY_S, DifficultyStats, GameEnd, GameResult, record_game
from game.modes.blitz.book import BLITZ_BOOK, BlitzBook, BlitzStats
from game.store import Store

CLASSIC = GameConfig(4, 6)

games = st.lists(
    st.tuples(st.sampled_from(list(GameEnd)), st.integers(1, 10), st.floats(0, MAX_PLAY_S), st.booleans()),
    max_size=12,
)


@settings(max_examples=25, deadline=None)
@given(games)
def test_store_roundtrip__statistics_read_back_as_the_games_made_them(tmp_path_factory, played):
    folder = tmp_path_factory.mktemp("stats")
    store = Store(folder)
    expected = DifficultyStats()
    for n, (end, guesses, seconds, assisted) in enumerate(played):
        result = GameResult(CLASSIC, end, guesses, seconds, assisted)
        store.record(result, f"game-{n}")
        store.record(result, f"game-{n}")  # the same decision twice: a no-op
        expected = record_game(expected, result)
    assert Store(folder).load_stats().get("Classic", DifficultyStats()) == expected


initials = st.text(string.ascii_uppercase, min_size=3, max_size=3)
days = st.dates(dt.date(2000, 1, 1), dt.date(9999, 12, 31)).map(dt.date.isoformat)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["Classic", "Blitz"]), initials, st.integers(1, MAX_SCORE), days),
        max_size=15,
    )
)
def test_store_roundtrip__high_scores_read_back_as_ten_best_first_come_first(tmp_path_factory, entries):
    folder = tmp_path_factory.mktemp("scores")
    store = Store(folder)
    for table, who, score, day in entries:
        store.add_high_score(table, HighScore(who, score, day))
    tables = Store(folder).load_high_scores()
    for table in ("Classic", "Blitz"):
        mine = [(i, HighScore(w, s, d)) for i, (t, w, s, d) in enumerate(entries) if t == table]
        best = [entry for _, entry in sorted(mine, key=lambda pair: (-pair[1].score, pair[0]))][:10]
        assert list(tables[table].entries) == best


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(st.dates(dt.date(2026, 1, 1), dt.date(2026, 3, 1)), st.booleans(), max_size=20),
    st.dates(dt.date(2026, 1, 1), dt.date(2026, 3, 5)),
)
def test_store_roundtrip__attempts_read_back_and_streaks_count_days_won_in_a_row(
    tmp_path_factory, won, today
):
    folder = tmp_path_factory.mktemp("days")
    store = Store(folder)
    for day, win in won.items():
        store.decide_attempt(day.isoformat(), "daily:Classic", {"won": win})
    stored = Store(folder).attempts("daily:Classic")
    assert {dt.date.fromisoformat(day): a.result["won"] for day, a in stored.items()} == won
    # brute force: the longest run of consecutive won days; the run ending at today or yesterday
    best = max(
        (n for start in won for n in range(1, 80) if all(won.get(start + dt.timedelta(i)) for i in range(n))),
        default=0,
    )
    past = [day for day in won if day <= today]
    current = 0
    if past and (today - max(past)).days <= 1:
        while won.get(max(past) - dt.timedelta(current)):
            current += 1
    assert day_streaks(won, today) == (current, best)


@given(st.builds(BlitzStats, st.integers(1, 50), st.just(0), st.integers(0, 10), st.integers(10, 99)))
@settings(max_examples=10, deadline=None)
def test_store_roundtrip__a_modes_record_reads_back_unchanged(tmp_path_factory, stats):
    folder = tmp_path_factory.mktemp("record")
    Store(folder).update_record(BLITZ_BOOK, lambda _: BlitzBook(stats))
    assert Store(folder).load_record(BLITZ_BOOK) == BlitzBook(stats)
