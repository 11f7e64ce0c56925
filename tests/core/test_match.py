"""Two-player matches (game.core.match): roles, points per round, totals, winner and saved form."""

from __future__ import annotations

import random

import pytest

from game.core.config import GameConfig, preset
from game.core.match import (
    ROUND_CHOICES,
    Match,
    MatchError,
    MatchRules,
    match_from_dict,
    match_to_dict,
    new_match,
    round_points,
)
from game.core.variants import GridVariant

# Classic has 10 turns, so a failed round is worth 11 to the codemaker.
# Each case: rounds as (guesses, cracked) in order; the totals worked out by hand
# (Ann makes the code in rounds 1, 3, 5; Bob in 2, 4, 6); the winner (None = tie).
CASES = [
    ([(4, True), (6, True)], (4, 6), 1),
    ([(10, False), (10, True)], (11, 10), 0),
    ([(5, True), (5, True)], (5, 5), None),
    ([(3, False), (1, True)], (11, 1), 0),  # gave up after 3 rows: scored as a full failure
    ([(1, True), (10, False)], (1, 11), 1),
    ([(4, True), (5, True), (6, True), (2, True)], (10, 7), 0),
    ([(10, False), (10, False), (2, True), (3, True)], (13, 14), 1),
    ([(7, True), (3, True), (5, True), (9, True), (10, False), (2, True)], (23, 14), 0),
    ([(2, True), (4, True), (6, True), (4, True), (4, True), (4, True)], (12, 12), None),
]


@pytest.mark.parametrize(("rounds", "totals", "winner"), CASES)
def test_match__totals_and_winner_from_a_table_of_hand_scored_matches(rounds, totals, winner):
    match = new_match(("Ann", "Bob"), len(rounds))
    for guesses, cracked in rounds:
        assert not match.over
        match = match.record(guesses, cracked)
    assert match.over
    assert match.totals == totals
    assert match.winner() == winner


def test_match__players_swap_roles_every_round_starting_with_the_first_as_codemaker():
    match = new_match(("Ann", "Bob"), 6)
    makers = []
    while not match.over:
        assert match.breaker == 1 - match.maker
        assert {match.maker_name, match.breaker_name} == {"Ann", "Bob"}
        makers.append(match.maker_name)
        match = match.record(5, True)
    assert makers == ["Ann", "Bob"] * 3
    assert match.round_number == 7


def test_match__scoreboard_rows_sum_to_the_totals_after_each_round():
    rng = random.Random(8)
    for _ in range(100):
        rounds = rng.choice(ROUND_CHOICES)
        match = new_match(("Ann", "Bob"), rounds)
        by_hand = [0, 0]
        for index in range(rounds):
            cracked = rng.random() < 0.8
            guesses = rng.randrange(1, 11) if cracked else rng.randrange(0, 11)
            match = match.record(guesses, cracked)
            by_hand[index % 2] += guesses if cracked else 11
            row = match.scoreboard[-1]
            assert (row.round, row.maker, row.breaker) == (index + 1, index % 2, 1 - index % 2)
            assert row.totals == tuple(by_hand) == match.totals
        assert sum(row.points for row in match.scoreboard) == sum(by_hand)


def test_round_points__uses_the_configs_turns():
    super_config = preset("Super").config()
    assert round_points(super_config, super_config.turns, False) == super_config.turns + 1
    assert round_points(GameConfig(3, 4, turns=5), 5, False) == 6
    assert round_points(GameConfig(3, 4, turns=5), 5, True) == 5
    for guesses, cracked in [(0, True), (11, True), (11, False), (-1, False), (2.0, True), (True, True)]:
        with pytest.raises(MatchError):
            round_points(preset("Classic").config(), guesses, cracked)


def test_match__refuses_bad_setups_and_extra_rounds():
    for names, rounds in [
        (("Ann", "ann"), 2),
        (("Ann", "  "), 2),
        (("Ann",), 2),
        (("Ann", "A" * 13), 2),
        (("Ann", 7), 2),
        (("Ann", "Bob"), 3),
        (("Ann", "Bob"), 0),
        (("Ann", "Bob"), 8),
        (("Ann", "Bob"), True),
    ]:
        with pytest.raises(MatchError):
            MatchRules(names, rounds)
    assert MatchRules(("  Ann  Lee ", "Bob"), 4).names == ("Ann Lee", "Bob")
    match = new_match(("Ann", "Bob")).record(3, True)
    with pytest.raises(MatchError):
        match.winner()
    with pytest.raises(MatchError):
        match.record(3, 1)
    match = match.record(4, True)
    with pytest.raises(MatchError):
        match.record(2, True)


def test_match_dict__round_trips_and_rejects_damage():
    match = new_match(("Ann", "Bob"), 4, preset("Super").config()).record(6, True).record(13, False)
    assert match_from_dict(match_to_dict(match)) == match
    assert match_from_dict(match_to_dict(Match(MatchRules(("A", "B"))))).results == ()
    grid = new_match(("A", "B"), 2, GameConfig(variant=GridVariant(2, 2), colours=4)).record(3, True)
    assert match_from_dict(match_to_dict(grid)) == grid
    good = match_to_dict(match)
    damaged = [
        [],
        {**good, "rounds": 5},
        {**good, "names": ["Ann"]},
        {**good, "names": "Ann,Bob"},
        {**good, "results": [[6, True], [14, False]]},  # more guesses than Super's 13 turns
        {**good, "results": [[6, "yes"]]},
        {**good, "results": [[1, True]] * 5},  # more rounds than the match has
        {**good, "results": {"1": [6, True]}},
        {**good, "config": good["config"].replace("pegs=5", "pegs=11")},
        {**good, "config": good["config"].replace("duplicates=yes", "duplicates=1")},
        {**good, "config": good["config"].replace("classic", "brutal")},
        {**good, "config": {"pegs": 5, "colours": 8}},
        {k: v for k, v in good.items() if k != "config"},
    ]
    for data in damaged:
        with pytest.raises(MatchError):
            match_from_dict(data)
