"""HandGradeRun on the grid puzzle (grades of black, grey and white) without pygame: honest games end
with the secret, the counts stay within the cells, grading pegs cycle through every kind, refusals
name rows in three counts, undo; and the hand-grade analysis checked against a brute-force reference
over a whole 2x2 code space."""

from __future__ import annotations

import functools
import itertools
import random

from game.core import strategies
from game.core.analysis import check_grade, count_possible
from game.core.config import GameConfig
from game.core.variants import GradeError, GridVariant
from game.play.handgrade import Ending, HandGradeRun
from game.tables import bind

GRID = GameConfig(colours=6, variant=GridVariant(2, 2))


def new_run(config: GameConfig, strategy: str, seed: int) -> HandGradeRun:
    run = HandGradeRun(config, bind(strategies.get(strategy)), random.Random(seed))
    run.finish_pending()
    return run


def grade(run: HandGradeRun, counts) -> bool:
    """Set the counts kind by kind, confirm, let the check and the next guess finish. True if accepted."""
    rows = len(run.game.rows)
    run.clear_grade()
    for kind, count in zip(run.kinds, counts, strict=True):
        run.set_count(kind, count)
    assert run.counts == tuple(counts)
    run.confirm()
    run.finish_pending()
    return len(run.game.rows) == rows + 1


@functools.cache
def every_code(config: GameConfig) -> tuple[tuple[int, ...], ...]:
    return tuple(
        c for c in itertools.product(range(config.colours), repeat=config.pegs) if config.is_legal(c)
    )


@functools.cache
def grades_against_all(config: GameConfig, guess: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The scalar grade of `guess` against every code of `config`, in every_code() order."""
    return tuple(tuple(config.variant.score(guess, c)) for c in every_code(config))


def fitting(config: GameConfig, history) -> list[tuple[int, ...]]:
    """Brute force: the codes that would give every row its grade."""
    rows = [(grades_against_all(config, tuple(g)), tuple(f)) for g, f in history]
    return [c for i, c in enumerate(every_code(config)) if all(grades[i] == f for grades, f in rows)]


def test_handgrade_grid__honest_grades_end_with_the_secret() -> None:
    rng = random.Random(31)
    v = GRID.variant
    for strategy in ("lowest", "random", "knuth"):
        for _ in range(4):
            secret = tuple(rng.randrange(GRID.colours) for _ in range(GRID.pegs))
            run = new_run(GRID, strategy, rng.randrange(1 << 30))
            while not run.over:
                assert grade(run, v.score(run.guess, secret)), run.refusal
            assert run.ending is Ending.SOLVED and run.found_code == secret
            assert [tuple(r.feedback) for r in run.game.rows] == [
                tuple(v.score(r.guess, secret)) for r in run.game.rows
            ]
            assert all(type(r.feedback) is type(v.win_grade) for r in run.game.rows)
            assert run.possible == 1
            cols = GRID.variant.shape[1]
            keys = "".join(str(peg + 1) for peg in secret)
            assert f"Your code is {keys[:cols]}/{keys[cols:]}" in run.message()


def test_handgrade_grid__counts_reachable_are_exactly_those_within_the_cells() -> None:
    """Every control from every state: the counts reachable from an empty grade are every triple of at
    most 4 pegs (nothing more), and the ones confirm takes are exactly the grades the variant can give."""
    run = new_run(GRID, "lowest", 1)
    v, pegs = GRID.variant, GRID.pegs
    seen, todo = {run.counts}, [run.counts]
    while todo:
        counts = todo.pop()
        for kind, delta in itertools.product(run.kinds, (-1, 1)):
            run.counts = counts
            run.set_count(kind, run.count(kind) + delta)
            if run.counts not in seen:
                seen.add(run.counts)
                todo.append(run.counts)
        for index in range(pegs):
            run.counts = counts
            run.cycle_peg(index)
            if run.counts not in seen:
                seen.add(run.counts)
                todo.append(run.counts)
    within = {t for t in itertools.product(range(pegs + 1), repeat=3) if sum(t) <= pegs}
    assert seen == within
    for counts in sorted(within):
        run = new_run(GRID, "lowest", 1)
        run.counts = counts
        assert all(run.can_add(kind) == (sum(counts) < pegs) for kind in run.kinds)
        try:
            v.check_grade(counts)
            possible_grade = True
        except GradeError:
            possible_grade = False
        # confirm refuses at once what no game could give; it sends the rest on to be checked
        assert run.confirm() == possible_grade, counts
        assert (run.refusal is not None) == (not possible_grade)


def test_handgrade_grid__a_peg_click_cycles_empty_black_grey_white() -> None:
    run = new_run(GRID, "lowest", 1)
    seen = []
    for _ in range(4):
        run.cycle_peg(0)
        seen.append(run.counts)
    assert seen == [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 0)]
    run.counts = (1, 1, 1)  # shown black, grey, white, empty: the white peg turns empty
    run.cycle_peg(2)
    assert run.counts == (1, 1, 0)
    row = new_run(GameConfig(4, 6), "lowest", 1)  # a row cycles empty, black, white
    for expected in ((1, 0), (0, 1), (0, 0)):
        row.cycle_peg(0)
        assert row.counts == expected


def test_handgrade_grid__more_blacks_take_from_grey_then_white() -> None:
    run = new_run(GRID, "lowest", 1)
    run.counts = (0, 2, 2)
    run.set_count("black", 1)
    assert run.counts == (1, 2, 1)
    run.set_count("grey", 9)
    assert run.counts == (1, 3, 0)
    run.set_count("white", 5)
    assert run.counts == (1, 3, 0)


def test_handgrade_grid__contradiction_refused_in_three_counts_then_undo() -> None:
    v = GRID.variant
    secret = (0, 1, 2, 3)
    run = new_run(GRID, "lowest", 1)
    assert grade(run, v.score(run.guess, secret))
    assert grade(run, v.score(run.guess, secret))
    rows = run.game.rows
    guess = run.guess
    bad = next(
        g
        for g in itertools.product(range(GRID.pegs + 1), repeat=3)
        if sum(g) <= GRID.pegs
        and fitting(GRID, [(guess, g)])
        and not fitting(GRID, [*run.game.history, (guess, g)])
    )
    assert not grade(run, bad)
    assert run.game.rows == rows and run.refusal is not None
    first = run.conflict_rows[0]
    earlier = run.game.rows[first].feedback
    words = f"{earlier.black} black, {earlier.grey} grey, {earlier.white} white"
    assert f"row 3 graded {bad[0]} black, {bad[1]} grey, {bad[2]} white contradicts" in run.refusal
    assert f"row {first + 1}" in run.refusal and words in run.refusal
    assert grade(run, v.score(guess, secret))
    after = run.possible
    assert run.undo()
    assert run.game.rows == rows and run.guess == guess and run.pending == v.score(guess, secret)
    assert run.possible == len(fitting(GRID, run.game.history)) != after


def test_handgrade_grid__analysis_matches_brute_force_on_a_grid() -> None:
    """count_possible and check_grade's conflicts against every code of 2x2 x 4: the count is the
    brute-force count; a conflict's rows with the new row admit no code, and (marked smallest) no
    smaller set of earlier rows does."""
    config = GameConfig(colours=4, variant=GridVariant(2, 2))
    v = config.variant
    codes = every_code(config)
    rng = random.Random(5)
    conflicts = 0
    for _ in range(40):
        secret = rng.choice(codes)
        history = [(g, v.score(g, secret)) for g in rng.sample(list(codes), rng.randrange(1, 4))]
        assert count_possible(config, history) == len(fitting(config, history))
        guess = rng.choice(codes)
        for new in {v.score(guess, c) for c in codes}:
            result = check_grade(config, history, guess, new)
            assert result.possible == len(fitting(config, [*history, (guess, new)]))
            if result.conflict is None:
                continue
            conflicts += 1
            rows = result.conflict.rows
            assert not fitting(config, [*(history[r] for r in rows), (guess, new)])
            if result.conflict.smallest:
                for size in range(len(rows)):
                    for subset in itertools.combinations(range(len(history)), size):
                        assert fitting(config, [*(history[r] for r in subset), (guess, new)])
            assert f"{new.black} black, {new.grey} grey, {new.white} white" in result.conflict.message
    assert conflicts > 10
