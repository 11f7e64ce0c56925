"""The daily archive (game/core/daily.py): past daily codes by date or by number, #1 the first day,
never today's or a future one, the codes those days' dailies had (the README recipe, rewritten here)."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.daily import (
    DAILY_EPOCH,
    DailyError,
    archive_day,
    archive_numbers,
    archive_secret,
    daily_number,
    daily_number_day,
)

FIRST = dt.date(2026, 11, 23)  # the day the daily code began


def recipe(day: dt.date, name: str, pegs: int, colours: int) -> tuple[int, ...]:
    n = int(hashlib.sha256(f"mastermind-arcade daily v1|{day.isoformat()}|{name}".encode()).hexdigest(), 16)
    out = []
    for _ in range(pegs):
        out.append(n % colours)
        n //= colours
    return tuple(out)


def test_daily_archive__number_one_is_the_first_day_and_numbers_count_days() -> None:
    assert DAILY_EPOCH == FIRST
    assert daily_number(FIRST) == 1 and daily_number_day(1) == FIRST
    assert daily_number(dt.date(2026, 12, 23)) == 31
    assert daily_number(dt.date(2027, 11, 23)) == 366


@given(st.dates(min_value=FIRST, max_value=dt.date(9000, 1, 1)))
def test_daily_archive__number_and_date_round_trip(day: dt.date) -> None:
    assert daily_number_day(daily_number(day)) == day


def test_daily_archive__by_date_and_by_number_give_that_days_daily_code() -> None:
    today = dt.date(2027, 3, 1)
    numbers = archive_numbers(today)
    assert numbers == range(1, daily_number(today)) and len(numbers) == (today - FIRST).days
    for number in numbers:
        day = FIRST + dt.timedelta(days=number - 1)
        assert archive_day(today, number) == archive_day(today, day) == day
        assert archive_secret(today, number, "Classic") == recipe(day, "classic", 4, 6)
        assert archive_secret(today, day, "super") == recipe(day, "super", 5, 8)


def test_daily_archive__never_today_or_a_future_day() -> None:
    today = dt.date(2027, 1, 10)
    yesterday = today - dt.timedelta(days=1)
    assert archive_day(today, yesterday) == yesterday
    with pytest.raises(DailyError, match="today's code is the daily itself"):
        archive_secret(today, today, "Classic")
    with pytest.raises(DailyError, match="has not come yet"):
        archive_secret(today, daily_number(today) + 1, "Classic")
    with pytest.raises(DailyError, match="has not come yet"):
        archive_day(today, dt.date(2030, 1, 1))
    assert archive_numbers(FIRST) == range(1, 1)  # nothing on the first day


@pytest.mark.parametrize(
    "which, words",
    [
        (0, "numbered from 1"),
        (-3, "numbered from 1"),
        (True, "numbered from 1"),
        ("7", "numbered from 1"),
        (dt.date(2026, 11, 22), "began on 2026-11-23"),
        (dt.datetime(2026, 12, 1, 8, tzinfo=dt.UTC), "calendar date"),
        (10**9, "past the last date"),
    ],
)
def test_daily_archive__refuses_what_is_not_a_past_daily_with_a_reason(which, words: str) -> None:
    with pytest.raises(DailyError, match=words):
        archive_day(dt.date(2027, 1, 10), which)


def test_daily_archive__asks_for_the_day_not_a_moment() -> None:
    with pytest.raises(DailyError, match="calendar date"):
        archive_numbers(dt.datetime(2027, 1, 10, tzinfo=dt.UTC))
