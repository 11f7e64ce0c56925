"""The daily code (game.core.daily): its secret, share text, countdown and record of days played."""

from __future__ import annotations

import datetime as dt
import hashlib
import random

import pytest

from game.core.codes import Feedback, score
from game.core.config import preset
from game.core.daily import (
    DAILY_PRESETS,
    DailyError,
    DailyRecord,
    daily_book_from_dict,
    daily_book_to_dict,
    daily_config,
    daily_day,
    daily_record_from_dict,
    daily_record_to_dict,
    daily_secret,
    record_daily,
    seconds_until_next_daily,
    share_text,
)

DAY = dt.date(2026, 11, 23)


def recipe(text: str, pegs: int, colours: int) -> tuple[int, ...]:
    """The README recipe, written out again without the implementation."""
    n = int(hashlib.sha256(text.encode()).hexdigest(), 16)
    out = []
    for _ in range(pegs):
        out.append(n % colours)
        n //= colours
    return tuple(out)


def test_daily_secret__pinned_values_for_a_fixed_date():
    # Computed once from the recipe with hashlib alone (see test below); a change here breaks every
    # player's shared results, so it must never change.
    assert daily_secret(DAY, "Classic") == (0, 2, 3, 0)
    assert daily_secret(DAY, "Super") == (3, 2, 2, 7, 3)
    assert recipe("mastermind-arcade daily v1|2026-11-23|classic", 4, 6) == (0, 2, 3, 0)
    assert recipe("mastermind-arcade daily v1|2026-11-23|super", 5, 8) == (3, 2, 2, 7, 3)


def test_daily_secret__follows_the_recipe_on_a_year_of_days_and_ignores_name_case():
    for offset in range(366):
        day = DAY + dt.timedelta(days=offset)
        for name, pegs, colours in (("classic", 4, 6), ("super", 5, 8)):
            expected = recipe(f"mastermind-arcade daily v1|{day.isoformat()}|{name}", pegs, colours)
            assert daily_secret(day, name) == expected
            assert daily_secret(day, name.upper()) == expected


def test_daily_secret__changes_from_day_to_day_and_covers_the_colours():
    secrets = [daily_secret(DAY + dt.timedelta(days=i), "Classic") for i in range(400)]
    assert len(set(secrets)) > 300  # 1296 codes: 400 draws repeat a code about 55 times by chance
    assert {peg for code in secrets for peg in code} == set(range(6))


def test_daily_secret__refuses_other_presets_and_non_dates():
    for name in ("Easy", "Expert", "Custom", ""):
        with pytest.raises(DailyError):
            daily_secret(DAY, name)
    noon = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
    with pytest.raises(DailyError):
        daily_secret(noon, "Classic")
    with pytest.raises(DailyError):
        share_text(noon, "Classic", [Feedback(4, 0)])
    with pytest.raises(DailyError):
        record_daily(DailyRecord(), "2026-11-23", [Feedback(4, 0)], "Classic")


def test_daily_config__is_the_presets_own_size_and_turns():
    for name in DAILY_PRESETS:
        assert daily_config(name) == preset(name).config()


def play(secret, guesses):
    return [score(g, secret) for g in guesses]


def test_share_text__exact_format_for_a_won_game():
    secret = daily_secret(DAY, "Classic")
    assert secret == (0, 2, 3, 0)
    grades = play(secret, [(0, 0, 1, 1), (2, 3, 0, 0), (0, 2, 3, 0)])
    assert grades == [Feedback(1, 1), Feedback(1, 3), Feedback(4, 0)]
    assert (
        share_text(DAY, "Classic", grades)
        == "Mastermind Arcade Daily\n2026-11-23 Classic 3/10\n●○··\n●○○○\n●●●●"
    )


def test_share_text__a_loss_shows_x_and_every_row_and_no_colour_or_code():
    config = daily_config("Super")
    secret = daily_secret(DAY, "Super")
    rng = random.Random(7)
    guesses = []
    while len(guesses) < config.turns:
        g = tuple(rng.randrange(8) for _ in range(5))
        if g != secret:
            guesses.append(g)
    text = share_text(DAY, "super", play(secret, guesses))
    lines = text.split("\n")
    assert lines[:2] == ["Mastermind Arcade Daily", f"2026-11-23 Super X/{config.turns}"]
    assert len(lines) == 2 + config.turns
    for line, guess in zip(lines[2:], guesses, strict=True):
        black, white = score(guess, secret)
        # Marks in the fixed order black, white, empty: nothing about where a peg was right.
        assert line == "●" * black + "○" * white + "·" * (5 - black - white)
    assert set("".join(lines[2:])) <= {"●", "○", "·"}


def test_share_text__refuses_grades_that_cannot_be_a_finished_game():
    bad = [
        [],  # nothing played
        [Feedback(4, 0), Feedback(4, 0)],  # a row after the crack
        [Feedback(3, 2)],  # more marks than pegs
        [Feedback(-1, 0)],
        [(1.0, 0)],
        [Feedback(0, 0)] * 11,  # more rows than turns
    ]
    for grades in bad:
        with pytest.raises(DailyError):
            share_text(DAY, "Classic", grades)


def test_daily_day_and_countdown__follow_utc_and_refuse_naive_times():
    tz_plus = dt.timezone(dt.timedelta(hours=5, minutes=30))
    cases = [
        (dt.datetime(2026, 11, 23, 0, 0, tzinfo=dt.UTC), DAY, 86_400.0),
        (dt.datetime(2026, 11, 23, 23, 59, 59, tzinfo=dt.UTC), DAY, 1.0),
        (dt.datetime(2026, 11, 23, 12, 0, 0, 500_000, tzinfo=dt.UTC), DAY, 43_199.5),
        # 02:00 at +05:30 is 20:30 UTC the day before: still that day's code, 3.5 hours to go.
        (dt.datetime(2026, 11, 24, 2, 0, tzinfo=tz_plus), DAY, 3.5 * 3600),
        (dt.datetime(2026, 12, 31, 23, 0, tzinfo=dt.UTC), dt.date(2026, 12, 31), 3600.0),
    ]
    for now, day, seconds in cases:
        assert daily_day(now) == day
        assert seconds_until_next_daily(now) == pytest.approx(seconds)
    for naive in (dt.datetime(2026, 11, 23, 12, 0), DAY):
        with pytest.raises(DailyError):
            seconds_until_next_daily(naive)
        with pytest.raises(DailyError):
            daily_day(naive)


def test_daily_countdown__reaches_zero_exactly_when_the_day_changes():
    start = dt.datetime(2026, 11, 23, 0, 0, tzinfo=dt.UTC)
    for minutes in range(0, 24 * 60, 7):
        now = start + dt.timedelta(minutes=minutes)
        then = now + dt.timedelta(seconds=seconds_until_next_daily(now))
        assert daily_day(then) == daily_day(now) + dt.timedelta(days=1)
        assert daily_day(then - dt.timedelta(microseconds=1)) == daily_day(now)


WIN = [Feedback(1, 1), Feedback(4, 0)]
LOSS = [Feedback(0, 0)] * 10


def reference_streaks(days_and_wins):
    """Hand-written rule: count consecutive calendar days won; a loss or a gap breaks the run."""
    streak, best, last = 0, 0, None
    for day, won in days_and_wins:
        if not won:
            streak = 0
        elif last is not None and day == last + dt.timedelta(days=1):
            streak += 1
        else:
            streak = 1
        best = max(best, streak)
        last = day
    return streak, best


def test_record_daily__streaks_match_the_reference_on_random_histories():
    rng = random.Random(13)
    for _ in range(300):
        record = DailyRecord()
        day = DAY
        history = []
        for _ in range(rng.randrange(1, 12)):
            day += dt.timedelta(days=rng.choice((1, 1, 1, 2, 3)))
            won = rng.random() < 0.7
            history.append((day, won))
            record = record_daily(record, day, WIN if won else LOSS, "Classic")
            assert (record.streak, record.best_streak) == reference_streaks(history)
            assert record.won is won
            assert record.last_day == day


def test_record_daily__one_attempt_a_day():
    record = record_daily(DailyRecord(), DAY, WIN, "Classic")
    assert not record.can_play(DAY)
    assert not record.can_play(DAY - dt.timedelta(days=1))
    assert record.can_play(DAY + dt.timedelta(days=1))
    for day in (DAY, DAY - dt.timedelta(days=3)):
        with pytest.raises(DailyError):
            record_daily(record, day, WIN, "Classic")


def test_daily_record__current_streak_lapses_after_a_missed_day():
    record = record_daily(DailyRecord(), DAY, WIN, "Classic")
    record = record_daily(record, DAY + dt.timedelta(days=1), WIN, "Classic")
    assert record.current_streak(DAY + dt.timedelta(days=1)) == 2
    assert record.current_streak(DAY + dt.timedelta(days=2)) == 2  # today's code not played yet
    assert record.current_streak(DAY + dt.timedelta(days=3)) == 0
    assert record.best_streak == 2
    assert DailyRecord().current_streak(DAY) == 0


def test_daily_record_dict__round_trips_through_json_values():
    record = DailyRecord()
    for i, grades in enumerate([WIN, WIN, LOSS, WIN]):
        record = record_daily(record, DAY + dt.timedelta(days=i), grades, "Classic")
        assert daily_record_from_dict(daily_record_to_dict(record), "Classic") == record
    book = {"Classic": record, "Super": DailyRecord()}
    assert daily_book_from_dict(daily_book_to_dict(book)) == book
    assert daily_book_from_dict({}) == {"Classic": DailyRecord(), "Super": DailyRecord()}


def test_daily_record_dict__rejects_damaged_records():
    good = daily_record_to_dict(record_daily(DailyRecord(), DAY, WIN, "Classic"))
    damaged = [
        [],
        {**good, "last_day": "20261123"},
        {**good, "last_day": "2026-02-30"},
        {**good, "last_day": 20261123},
        {**good, "streak": -1},
        {**good, "streak": True},
        {**good, "streak": 2, "best_streak": 1},
        {**good, "streak": 0},  # a won day with no streak
        {**good, "grades": [[1, 1], [4, 0], [0, 0]]},
        {**good, "grades": [[1, 1, 0]]},
        {**good, "grades": "11,40"},
        {**good, "extra": 1},
        {"last_day": None, "streak": 3},
    ]
    for data in damaged:
        with pytest.raises(DailyError):
            daily_record_from_dict(data, "Classic")
    with pytest.raises(DailyError):
        daily_book_from_dict({"Expert": good})
    with pytest.raises(DailyError):
        daily_book_from_dict([good])
