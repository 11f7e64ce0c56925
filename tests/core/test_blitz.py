"""Blitz runs (game.core.blitz): the clock, the bonus, the points, the secrets and the saved form."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

from game.core.blitz import (
    BLITZ_CONFIG,
    HINTS_ALLOWED,
    SOLVE_ALLOWED,
    BlitzError,
    BlitzSession,
    blitz_from_dict,
    blitz_secret,
    blitz_to_dict,
    new_blitz,
    points_for,
)


def test_blitz__two_codes_cracked_then_the_clock_runs_out():
    run = new_blitz(seed=5)
    assert (run.time_left_s, run.score, run.over, run.is_urgent) == (180.0, 0, False, False)
    assert run.config.pegs == 4 and run.config.colours == 6 and run.config.turns == 10
    assert run.secret == blitz_secret(5, 0)
    run = run.tick(60.0).crack(4)  # 700 points, 15 s back
    assert (run.time_left_s, run.score, run.cracked) == (135.0, 700, 1)
    assert run.code_number == 1 and run.secret == blitz_secret(5, 1)
    run = run.tick(100.0).crack(1)
    assert (run.time_left_s, run.score, run.cracked) == (50.0, 1700, 2)
    run = run.tick(40.0)
    assert run.time_left_s == 10.0 and run.is_urgent and not run.over
    run = run.tick(9.5)
    assert run.is_urgent and run.time_left_s == 0.5
    run = run.tick(2.0)
    assert run.over and not run.is_urgent and run.time_left_s == 0.0
    assert run.elapsed_s == 210.0  # 3 minutes plus two bonuses: the clock stops at zero
    assert run.tick(5.0) == run
    with pytest.raises(BlitzError):
        run.crack(3)
    with pytest.raises(BlitzError):
        run.miss()
    assert not HINTS_ALLOWED and not SOLVE_ALLOWED


def test_points_for__falls_by_100_per_guess_from_1000():
    assert [points_for(g) for g in range(1, 11)] == [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100]
    for bad in (0, 11, -1, 2.0, True):
        with pytest.raises(BlitzError):
            points_for(bad)


class ReferenceClock:
    """A countdown written the plain way: subtract each dt, add the bonus on a crack."""

    def __init__(self):
        self.remaining, self.score, self.over = 180.0, 0, False

    def tick(self, dt):
        if not self.over:
            self.remaining -= dt
            if self.remaining <= 0:
                self.remaining, self.over = 0.0, True

    def crack(self, guesses):
        assert not self.over
        self.score += {g: 1100 - 100 * g for g in range(1, 11)}[guesses]
        self.remaining += 15


def test_blitz_session__matches_a_plain_countdown_on_random_runs():
    rng = random.Random(2)
    for _ in range(200):
        run, ref = new_blitz(rng.randrange(10**6)), ReferenceClock()
        while not ref.over:
            action = rng.random()
            if action < 0.6:
                dt = rng.randrange(0, 160) / 8  # eighths of a second: exact in binary floats
                run, _ = run.tick(dt), ref.tick(dt)
            elif action < 0.85:
                g = rng.randrange(1, 11)
                run, _ = run.crack(g), ref.crack(g)
            else:
                run = run.miss()
            assert run.time_left_s == ref.remaining
            assert run.over is ref.over
            assert run.is_urgent is (not ref.over and ref.remaining <= 10)
            assert run.score == ref.score


def test_blitz_session__refuses_bad_time_steps():
    run = new_blitz(1)
    for bad in (-0.1, math.nan, math.inf, "1", None):
        with pytest.raises(BlitzError):
            run.tick(bad)
    assert run.tick(0) == run


def test_blitz_secret__follows_the_hash_recipe_and_moves_on_with_each_code():
    def recipe(seed, k):
        n = int.from_bytes(hashlib.sha256(f"mastermind-arcade blitz v1|{seed}|{k}".encode()).digest(), "big")
        out = []
        for _ in range(4):
            n, peg = divmod(n, 6)
            out.append(peg)
        return tuple(out)

    run = new_blitz(42)
    seen = []
    for k in range(30):
        assert run.code_number == k
        assert run.secret == recipe(42, k) == blitz_secret(42, k)
        assert BLITZ_CONFIG.is_legal(run.secret)
        seen.append(run.secret)
        run = run.crack(5) if k % 3 else run.miss()
    assert len(set(seen)) > 25
    assert [blitz_secret(43, k) for k in range(30)] != seen


def test_blitz_dict__round_trips_a_run_in_progress():
    run = new_blitz(-7).tick(12.25).crack(3).miss().tick(1.5).crack(10)
    again = blitz_from_dict(blitz_to_dict(run))
    assert again == run and again.secret == run.secret


def test_blitz_dict__rejects_damaged_runs():
    good = blitz_to_dict(new_blitz(3).tick(30.0).crack(2))
    damaged = [
        None,
        {**good, "seed": "3"},
        {**good, "seed": True},
        {**good, "elapsed_s": math.nan},
        {**good, "elapsed_s": -1.0},
        {**good, "elapsed_s": 196.0},  # beyond 180 + 15
        {**good, "cracked": -1},
        {**good, "score": 850},  # not a multiple of 100
        {**good, "score": 1100},  # more than one crack can give
        {**good, "cracked": 0},  # points without a crack
        {k: v for k, v in good.items() if k != "missed"},
        {**good, "extra": 0},
    ]
    for data in damaged:
        with pytest.raises(BlitzError):
            blitz_from_dict(data)
    with pytest.raises(BlitzError):
        new_blitz(1.5)
    assert isinstance(blitz_from_dict(good), BlitzSession)
