"""Scores and statistics per difficulty (game.core.records)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import (
    MAX_COLOURS,
    MAX_PEGS,
    MIN_COLOURS,
    MIN_PEGS,
    PRESETS,
    Difficulty,
    GameConfig,
)
from game.core.records import (
    CUSTOM_KEY,
    GRID_KEY,
    DifficultyStats,
    GameEnd,
    GameResult,
    RecordError,
    book_from_dict,
    book_to_dict,
    record_game,
    record_in_book,
    score_game,
    stats_from_dict,
    stats_key,
    stats_keys,
    stats_to_dict,
)
from game.core.variants import GRID_SHAPES, GridVariant
from game.core.variants.bullscows import BullsAndCowsVariant
from game.core.variants.wordmarks import WordMarksVariant
from game.core.variants.words import WordVariant

CLASSIC = GameConfig(4, 6)


def win(config: GameConfig = CLASSIC, guesses: int = 5, seconds: float = 60.0, assisted: bool = False):
    return GameResult(config, GameEnd.WON, guesses, seconds, assisted)


def test_score_game__zero_for_assisted_lost_revealed_and_solved():
    assert score_game(win(assisted=True)) == 0
    for end in (GameEnd.LOST, GameEnd.REVEALED, GameEnd.SOLVED):
        assert score_game(GameResult(CLASSIC, end, 10, 30.0)) == 0
    assert score_game(win()) > 0


def test_score_game__strictly_falls_with_each_extra_guess():
    scores = [score_game(win(guesses=g)) for g in range(1, CLASSIC.turns + 1)]
    assert all(a > b for a, b in zip(scores, scores[1:], strict=False))
    assert scores[-1] > 0


def test_score_game__never_rises_with_time():
    scores = [score_game(win(seconds=s)) for s in (0, 1, 10, 30, 60, 120, 600, 3600, 86400)]
    assert all(a >= b for a, b in zip(scores, scores[1:], strict=False))
    assert scores[0] > scores[-1]


sizes = st.tuples(st.integers(MIN_PEGS, MAX_PEGS), st.integers(MIN_COLOURS, MAX_COLOURS))


@settings(max_examples=200, deadline=None)
@given(sizes, sizes, st.sampled_from(list(Difficulty)), st.floats(0, 10_000))
def test_score_game__more_pegs_or_colours_score_more_for_same_guesses_and_time(a, b, difficulty, seconds):
    small = (min(a[0], b[0]), min(a[1], b[1]))
    big = (max(a[0], b[0]), max(a[1], b[1]))
    small_cfg = GameConfig(*small, difficulty=difficulty)
    big_cfg = GameConfig(*big, difficulty=difficulty)
    used = small_cfg.turns
    s_small = score_game(win(small_cfg, used, seconds))
    s_big = score_game(win(big_cfg, used, seconds))
    if big != small:
        assert s_big > s_small
    else:
        assert s_big == s_small


def test_score_game__relaxed_below_classic_below_tight_at_every_size_and_guess_count():
    # Brute force over every size the game offers, every guess count the tightest limit allows.
    for pegs in range(MIN_PEGS, MAX_PEGS + 1):
        for colours in range(MIN_COLOURS, MAX_COLOURS + 1):
            relaxed, classic, tight = (GameConfig(pegs, colours, difficulty=d) for d in Difficulty)
            for used in range(1, tight.turns + 1):
                r, c, t = (score_game(win(cfg, used, 45.0)) for cfg in (relaxed, classic, tight))
                assert r <= c <= t, (pegs, colours, used, r, c, t)


def test_record_game__counts_streaks_and_records_like_a_hand_count():
    rng = random.Random(5)
    stats = DifficultyStats()
    games = wins = streak = best_streak = best_score = 0
    best_time = None
    histogram: dict[int, int] = {}
    for _ in range(300):
        end = rng.choice(list(GameEnd))
        assisted = end is GameEnd.SOLVED or rng.random() < 0.2
        result = GameResult(CLASSIC, end, rng.randint(1, 10), rng.uniform(5, 500), assisted)
        before = stats
        stats = record_game(stats, result)
        assert before is not stats
        games += 1
        if end is GameEnd.WON:
            wins += 1
            streak += 1
            best_streak = max(best_streak, streak)
            if not assisted:
                histogram[result.guesses] = histogram.get(result.guesses, 0) + 1
                best_score = max(best_score, score_game(result))
                best_time = result.seconds if best_time is None else min(best_time, result.seconds)
        else:
            streak = 0
        assert (stats.games, stats.wins, stats.current_streak, stats.best_streak) == (
            games,
            wins,
            streak,
            best_streak,
        )
        assert stats.best_score == best_score
        assert stats.best_time_s == best_time
        assert dict(stats.guesses_needed) == histogram
    assert stats.losses == games - wins


def test_record_game__assisted_win_keeps_streak_but_sets_no_record():
    stats = record_game(DifficultyStats(), win(guesses=3, seconds=10, assisted=True))
    assert (stats.wins, stats.current_streak, stats.best_score, stats.best_time_s) == (1, 1, 0, None)
    assert dict(stats.guesses_needed) == {}


def test_record_game__solved_game_ends_the_streak():
    stats = record_game(
        record_game(DifficultyStats(), win()), GameResult(CLASSIC, GameEnd.SOLVED, 6, 9, True)
    )
    assert (stats.games, stats.wins, stats.current_streak, stats.best_streak) == (2, 1, 0, 1)


def test_stats_key__presets_by_name_grids_in_grid_and_everything_else_custom():
    for p in PRESETS:
        assert stats_key(p.config()) == p.name
    assert stats_key(GameConfig(4, 6, difficulty=Difficulty.TIGHT)) == CUSTOM_KEY
    for shape in GRID_SHAPES:  # every grid, even one the size of a preset (2x2 has Easy's 4 cells)
        assert stats_key(GameConfig(colours=3, variant=GridVariant(*shape))) == GRID_KEY
    own = ("Bulls and Cows", "Words", "Marks")  # Bulls and Cows and the word games, each in its own
    for variant, key in zip((BullsAndCowsVariant(3), WordVariant(), WordMarksVariant()), own, strict=True):
        assert stats_key(GameConfig(variant=variant)) == key
    assert stats_keys() == tuple(p.name for p in PRESETS) + (GRID_KEY, *own, CUSTOM_KEY)


def test_record_in_book__adds_to_the_right_bucket_and_returns_the_score():
    book, points = record_in_book({}, win())
    assert set(book) == {"Classic"} and points == score_game(win())
    book2, _ = record_in_book(book, GameResult(GameConfig(3, 4, difficulty="relaxed"), GameEnd.LOST, 9, 5))
    assert book2["Easy"].games == 1 and book2["Classic"].games == 1 and book["Classic"].games == 1


def test_stats_to_dict__round_trips_through_json_text():
    import json

    stats = DifficultyStats()
    for g in (3, 4, 4, 7):
        stats = record_game(stats, win(guesses=g, seconds=12.5 * g))
    book = {"Classic": stats, "Custom": DifficultyStats()}
    again = book_from_dict(json.loads(json.dumps(book_to_dict(book))))
    assert again == book


@pytest.mark.parametrize(
    "damaged",
    [
        [],
        {"games": -1},
        {"games": "3"},
        {"games": True},
        {"games": 1, "wins": 2},
        {"best_time_s": "fast"},
        {"guesses_needed": {"four": 1}},
        {"guesses_needed": {"4": -2}},
        {"guesses_needed": [1, 2]},
    ],
)
def test_stats_from_dict__rejects_damaged_records(damaged):
    with pytest.raises(RecordError):
        stats_from_dict(damaged)


def test_stats_from_dict__missing_fields_take_defaults():
    assert stats_from_dict({}) == DifficultyStats()
    assert stats_to_dict(stats_from_dict({"games": 2, "wins": 1})) == stats_to_dict(
        DifficultyStats(games=2, wins=1)
    )
