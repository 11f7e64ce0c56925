"""One daily per variant of its own (Bulls and Cows, Words, Word marks): a legal secret of the
variant's drawn from the day, the same every time, its share text and its record read back."""

from __future__ import annotations

import datetime as dt

import pytest

from game.core.daily import (
    DAILY_PRESETS,
    VARIANT_DAILIES,
    DailyError,
    DailyRecord,
    daily_config,
    daily_record_from_dict,
    daily_record_to_dict,
    daily_secret,
    hashed_number,
    record_daily,
    share_text,
)
from game.core.wordlists import word_code, word_lists

DAY = dt.date(2026, 11, 30)


@pytest.mark.parametrize("name", list(VARIANT_DAILIES))
def test_daily_variant__draws_a_legal_secret_of_its_variant_by_the_recipe(name):
    config = daily_config(name)
    assert config.variant.text == VARIANT_DAILIES[name]
    secrets = [daily_secret(DAY + dt.timedelta(days=n), name) for n in range(30)]
    assert all(config.is_legal(secret) for secret in secrets) and len(set(secrets)) > 20
    text = f"mastermind-arcade daily v1|{DAY.isoformat()}|{name.lower()}"
    rank = hashed_number(text) % config.variant.legal_codes(config.colours, config.duplicates)
    assert secrets[0] == config.variant.secret_of_rank(config.colours, config.duplicates, rank)
    if config.variant.listed:  # a word daily is one of the answers
        assert all(word_lists().answer_rank(secret) >= 0 for secret in secrets)
    assert name not in DAILY_PRESETS  # the Daily mode's own list is unchanged


def test_daily_variant__word_marks_share_each_letter_and_the_record_reads_back():
    name = "Word marks"
    config = daily_config(name)
    secret = daily_secret(DAY, name)
    guesses = [
        word
        for word in ("crane", "moist")
        if config.variant.score(word_code(word), secret) != config.variant.win_grade
    ]
    grades = [config.variant.score(word_code(word), secret) for word in guesses] + [config.variant.win_grade]
    text = share_text(DAY, name, grades)
    lines = text.split("\n")
    assert lines[1] == f"{DAY.isoformat()} Word marks {len(grades)}/{config.turns}" and lines[-1] == "●●●●●"
    for line, grade in zip(lines[2:], grades, strict=True):
        assert [("·○●").index(ch) for ch in line] == list(grade)
    record = record_daily(DailyRecord(), DAY, grades, name)
    assert record.won and daily_record_from_dict(daily_record_to_dict(record), name, DAY) == record
    with pytest.raises(DailyError):
        record_daily(DailyRecord(), DAY, [(2, 2, 2, 2, 1)], name)


def test_daily_variant__bulls_and_cows_shares_bulls_then_cows():
    text = share_text(DAY, "Bulls and Cows", [(1, 2), (4, 0)])
    assert text.split("\n")[2:] == ["●○○·", "●●●●"]

