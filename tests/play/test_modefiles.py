"""What the Daily code and Blitz keep (game/play/modefiles.py): text forms that round-trip, and every
inconsistency refused (a game in progress that is not its day's code or of a day already played,
Blitz bests beyond their totals, a saved Blitz code that is not the run's)."""

from __future__ import annotations

import datetime as dt

import pytest

from game.core.blitz import BLITZ_CONFIG, new_blitz
from game.core.daily import DailyError, daily_config, daily_secret
from game.modes.blitz.screens import BLITZ_SAVE, BlitzSave
from game.play.modefiles import (
    BlitzBook,
    BlitzStats,
    DailyBook,
    ModeFileError,
    blitz_file_from_dict,
    blitz_file_to_dict,
    daily_file_from_dict,
    daily_file_to_dict,
)
from game.play.record import GameRecord, Player

DAY = dt.date(2026, 11, 23)


def daily_game(day: dt.date, preset: str = "Classic", rows: int = 1) -> GameRecord:
    config = daily_config(preset)
    secret = daily_secret(day, preset)
    wrong = tuple((peg + 1) % config.colours for peg in secret)
    record = GameRecord.new(config, secret)
    for _ in range(rows):
        record = record.played(wrong, Player.PLAYER)
    return record


def test_modefiles__daily_book_round_trips_with_results_and_games_in_progress():
    won = daily_game(DAY, rows=2).played(daily_secret(DAY, "Classic"), Player.PLAYER)
    book = DailyBook().finished("Classic", DAY, won).with_game("Super", DAY, daily_game(DAY, "Super", 3))
    assert daily_file_from_dict(daily_file_to_dict(book)) == book
    assert book.result("Classic").grades[-1].black == 4 and book.game_for("Classic", DAY) is None


def test_modefiles__a_daily_game_not_started_is_not_kept():
    assert DailyBook().with_game("Classic", DAY, daily_game(DAY, rows=0)) == DailyBook()


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["in_progress"]["Classic"].update(day="2026-11-24"),  # another day's code
        lambda data: data["in_progress"]["Classic"].update(day="20261123"),
        lambda data: data["in_progress"].update(Expert=data["in_progress"]["Classic"]),
        lambda data: data.update(extra=1),
        lambda data: data["results"]["Classic"].update(
            last_day="2026-11-23", grades=[[4, 0]], streak=1, best_streak=1
        ),  # a day already played
    ],
)
def test_modefiles__inconsistent_daily_files_are_refused(change):
    data = daily_file_to_dict(DailyBook().with_game("Classic", DAY, daily_game(DAY)))
    change(data)
    with pytest.raises((ModeFileError, DailyError)):
        daily_file_from_dict(data)


def test_modefiles__blitz_stats_round_trip_and_count_a_finished_run():
    run = new_blitz(9).crack(2).miss().crack(4).tick(400.0)
    book = BlitzBook(BlitzStats(1, 800, 1, 1)).finished(run)
    assert book.stats == BlitzStats(2, 1600, 2, 3)
    assert blitz_file_from_dict(blitz_file_to_dict(book)) == book


@pytest.mark.parametrize(
    "stats",
    [
        {"runs": 1, "best_score": 850, "best_cracked": 1, "total_cracked": 1},  # not a multiple of 100
        {"runs": 1, "best_score": 900, "best_cracked": 3, "total_cracked": 2},  # best beyond the total
        {"runs": 0, "best_score": 900, "best_cracked": 1, "total_cracked": 1},  # codes in no run
        {"runs": True, "best_score": 0, "best_cracked": 0, "total_cracked": 0},
    ],
)
def test_modefiles__inconsistent_blitz_statistics_are_refused(stats):
    with pytest.raises(ModeFileError):
        blitz_file_from_dict({"stats": stats})


def test_modefiles__a_kept_blitz_code_must_be_the_runs_current_code():
    run = new_blitz(4).crack(3)
    record = GameRecord.new(BLITZ_CONFIG, run.secret)
    assert BLITZ_SAVE.decode(BLITZ_SAVE.encode(BlitzSave(run, record))) == BlitzSave(run, record)
    earlier = GameRecord.new(BLITZ_CONFIG, new_blitz(4).secret)  # the first code: already cracked
    assert earlier.game.secret != run.secret
    with pytest.raises(ValueError):
        BLITZ_SAVE.decode(BLITZ_SAVE.encode(BlitzSave(run, earlier)))
    with pytest.raises(ValueError):
        BLITZ_SAVE.decode(BLITZ_SAVE.encode(BlitzSave(run.tick(10_000.0), record)))  # a run already over
