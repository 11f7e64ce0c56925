"""Hard mode in BreakerRun: a row that cannot be the code is refused with the Why-not reason, and only
such rows; checked against a brute-force consistency test over every code of seeded 4x6 positions."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from game.core.config import GameConfig
from game.core.state import Outcome
from game.core.variants import GridVariant
from game.play.breaker import BreakerRun
from game.play.cues import Cue
from game.play.record import GameRecord, Player

CONFIG = GameConfig(4, 6)


def brute_grade(guess, secret) -> tuple[int, int]:
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def fits(history, code) -> bool:
    return all(brute_grade(guess, code) == tuple(got) for guess, got in history)


def seeded_position(seed: int, rows: int) -> GameRecord:
    """A 4x6 game with `rows` random rows already played (any rows: the easy game allowed them)."""
    rng = random.Random(seed)
    secret = tuple(rng.randrange(6) for _ in range(4))
    record = GameRecord.new(CONFIG, secret)
    while len(record.game.rows) < rows:
        guess = tuple(rng.randrange(6) for _ in range(4))
        if guess != secret:
            record = record.played(guess, Player.PLAYER)
    return record


def fill(run: BreakerRun, code) -> None:
    run.draft = list(code)


def test_hard_mode__refuses_exactly_the_codes_that_cannot_be_the_secret() -> None:
    refused = accepted = 0
    for seed in range(12):
        record = seeded_position(seed, 1 + seed % 4)
        history = record.game.history
        run = BreakerRun(record, hard=True)
        for code in itertools.product(range(6), repeat=4):
            fill(run, code)
            problem = run.submit_problem()
            if fits(history, code):
                assert problem is None
                accepted += 1
            else:
                assert problem is not None and problem.startswith("hard mode: if the code were ")
                refused += 1
    assert refused > 10_000 and accepted > 20


def test_hard_mode__refused_submit_keeps_the_row_and_says_which_row_rules_it_out() -> None:
    # 0 0 1 1 against 0 1 2 3 is graded 1 black 1 white
    record = GameRecord.new(CONFIG, (0, 1, 2, 3)).played((0, 0, 1, 1), Player.PLAYER)
    run = BreakerRun(record, hard=True)
    fill(run, (0, 0, 0, 0))
    reason = run.submit()
    assert reason == (
        "hard mode: if the code were 1 1 1 1, row 1 would have been graded 2 black 0 white; "
        "it got 1 black 1 white"
    )
    assert run.message == reason and run.take_cues() == (Cue.ERROR,)
    assert len(run.game.rows) == 1 and run.draft == [0, 0, 0, 0]
    fill(run, (1, 0, 2, 2))  # fits: its 0 in place 2 is black, its 1 white
    assert run.submit() is None and len(run.game.rows) == 2


def test_hard_mode__off_by_default_and_the_reason_is_still_there_for_a_coach() -> None:
    record = GameRecord.new(CONFIG, (0, 1, 2, 3)).played((0, 0, 1, 1), Player.PLAYER)
    run = BreakerRun(record)
    fill(run, (0, 0, 0, 0))
    assert run.why_not is not None and run.why_not.row == 0
    assert run.submit() is None and len(run.game.rows) == 2
    run.draft = [0, None, 1, 2]
    assert run.why_not is None


def test_hard_mode__seeded_games_played_to_the_end_only_take_fitting_rows() -> None:
    for seed in range(6):
        rng = random.Random(100 + seed)
        run = BreakerRun(GameRecord.new(CONFIG, tuple(rng.randrange(6) for _ in range(4))), hard=True)
        tries = 0
        while not run.game.over and tries < 5000:
            tries += 1
            code = tuple(rng.randrange(6) for _ in range(4))
            before = run.game.history
            fill(run, code)
            refused = run.submit() is not None
            assert refused == (not fits(before, code))
        assert run.game.over and run.game.outcome in (Outcome.WON, Outcome.LOST)


def test_hard_mode__legality_comes_first_and_grids_use_their_own_grades() -> None:
    run = BreakerRun(GameRecord.new(GameConfig(4, 6, duplicates=False), (0, 1, 2, 3)), hard=True)
    fill(run, (0, 0, 1, 2))
    assert run.submit_problem() == "this game does not allow a colour twice"
    grid = GameConfig(colours=3, variant=GridVariant(2, 2))
    record = GameRecord.new(grid, (1, 1, 0, 0)).played((0, 0, 1, 1), Player.PLAYER)
    run = BreakerRun(record, hard=True)
    fill(run, (0, 0, 1, 1))
    assert run.submit_problem() == (
        "hard mode: if the code were 1 1 / 2 2, row 1 would have been graded 4 black 0 grey 0 white; "
        "it got 0 black 4 grey 0 white"
    )
    fill(run, (1, 1, 0, 0))
    assert run.submit_problem() is None
