"""Glicko-2 against Glickman's worked example, and the properties a duel's update must have."""

from __future__ import annotations

import pytest

from game.server.glicko2 import MAX_RD, MIN_RD, Rating, duel, rate


def test_glicko2__the_papers_worked_example():
    # Glickman's example: a 1500/200 player beats 1400/30, loses to 1550/100 and to 1700/300.
    # The paper rounds every intermediate step to four places, so its 1464.06 is 1464.05 unrounded.
    player = Rating(1500.0, 200.0, 0.06)
    after = rate(
        player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)], clamp=False
    )
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=1e-5)
    assert after.games == 3


def test_glicko2__a_period_without_games_only_widens_the_deviation():
    before = Rating(1500.0, 200.0, 0.06)
    after = rate(before, [], clamp=False)
    assert after.rating == before.rating and after.rd > before.rd and after.games == 0


def test_glicko2__a_duel_moves_the_two_ratings_apart_and_a_draw_between_equals_moves_neither():
    ann, bob = duel(Rating(), Rating(), 1.0)
    assert ann.rating > 1500 > bob.rating
    assert ann.rating - 1500 == pytest.approx(1500 - bob.rating)
    assert MIN_RD <= ann.rd < MAX_RD
    even = duel(Rating(1600, 80), Rating(1600, 80), 0.5)
    assert even[0].rating == pytest.approx(1600) and even[1].rating == pytest.approx(1600)


def test_glicko2__an_upset_moves_more_than_an_expected_win():
    strong, weak = Rating(1800, 60, games=20), Rating(1400, 60, games=20)
    expected = duel(strong, weak, 1.0)[0].rating - strong.rating
    upset = duel(weak, strong, 1.0)[0].rating - weak.rating
    assert upset > expected > 0


def test_glicko2__provisional_while_the_deviation_is_wide_or_games_are_few():
    assert Rating().provisional and Rating().shown() == "1500?"
    settled = Rating(1623.4, 60.0, 0.06, games=30)
    assert not settled.provisional and settled.shown() == "1623"
    assert Rating(1623.4, 60.0, 0.06, games=2).provisional
