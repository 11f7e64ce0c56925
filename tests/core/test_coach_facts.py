"""What we know (game/core/facts.py): every fact shown holds for every code still possible, every fact
that holds is shown unless marked or implied (a brute force over every 4x6 code at many seeded
positions), marked facts never come back, and the streamed paths (a sample then head x tail at 5x8
and 8x10, mitm's survey at 9 pegs) agree with plain decoding of every consistent code."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from game.core import facts
from game.core.codes import decode
from game.core.config import GameConfig
from game.core.facts import Fact, FactKind, facts_steps, ruled_out_facts, what_we_know
from game.core.mitm import survey_steps
from game.core.solver import NoCodeLeft, run
from game.core.space import consistent_indices
from game.core.variants import GridVariant
from game.play.pump import Pump


def brute_grade(guess, secret) -> tuple[int, int]:
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def holds(fact: Fact, code) -> bool:
    if fact.kind is FactKind.FIXED:
        return code[fact.place] == fact.colour
    if fact.kind is FactKind.ABSENT:
        return fact.colour not in code
    if fact.kind is FactKind.EXACTLY:
        return code.count(fact.colour) == fact.count
    return code.count(fact.colour) >= fact.count


def brute_facts(codes, pegs: int, colours: int) -> set[Fact]:
    """Every fact of the four kinds true of all `codes`, the strongest count per colour."""
    found = set()
    for place in range(pegs):
        seen = {code[place] for code in codes}
        if len(seen) == 1:
            found.add(Fact(FactKind.FIXED, seen.pop(), place))
    for colour in range(colours):
        counts = {code.count(colour) for code in codes}
        low = min(counts)
        if counts == {0}:
            found.add(Fact(FactKind.ABSENT, colour))
        elif len(counts) == 1:
            found.add(Fact(FactKind.EXACTLY, colour, count=low))
        elif low >= 1:
            found.add(Fact(FactKind.AT_LEAST, colour, count=low))
    return found


def implied(fact: Fact, true_facts: set[Fact], pegs: int) -> bool:
    fixed = [f for f in true_facts if f.kind is FactKind.FIXED]
    if len(fixed) == pegs and fact.kind is not FactKind.FIXED:
        return True
    return fact.kind is FactKind.AT_LEAST and fact.count <= sum(f.colour == fact.colour for f in fixed)


def seeded_history(rng: random.Random, config: GameConfig, rows: int):
    secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
    history = []
    for _ in range(rows):
        guess = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        history.append((guess, brute_grade(guess, secret)))
    return history


ALL_4X6 = list(itertools.product(range(6), repeat=4))


def test_coach_facts__every_fact_shown_holds_for_every_code_still_possible_at_4x6() -> None:
    config = GameConfig(4, 6)
    rng = random.Random(2024)
    kinds = Counter()
    for _ in range(150):
        history = seeded_history(rng, config, rng.randint(1, 5))
        possible = [c for c in ALL_4X6 if all(brute_grade(g, c) == f for g, f in history)]
        marked = ruled_out_facts(rng.sample(range(6), rng.randint(0, 2)))
        known = what_we_know(config, history, marked)
        assert known.possible == len(possible)
        for fact in known.facts:
            assert all(holds(fact, code) for code in possible), fact
            assert fact not in marked
            kinds[fact.kind] += 1
        true_facts = brute_facts(possible, 4, 6)
        expected = {f for f in true_facts if f not in marked and not implied(f, true_facts, 4)}
        assert set(known.facts) == expected
        assert list(known.facts) == sorted(known.facts, key=lambda f: f.strength)
    assert all(kinds[kind] > 5 for kind in FactKind)  # every kind was met and checked


def test_coach_facts__ruled_out_colours_are_not_repeated_but_other_facts_stay() -> None:
    config = GameConfig(4, 6)
    history = [((0, 0, 1, 1), (0, 0)), ((2, 2, 3, 3), (0, 0))]  # the code is made of 4s, 5s and 6s
    plain = what_we_know(config, history)
    assert [f.text(config) for f in plain.facts] == [
        "1 is not in the code",
        "2 is not in the code",
        "3 is not in the code",
        "4 is not in the code",
    ]
    marked = what_we_know(config, history, ruled_out_facts([0, 3]))
    assert [f.text(config) for f in marked.facts] == ["2 is not in the code", "3 is not in the code"]


def test_coach_facts__strongest_first_and_implied_counts_left_out() -> None:
    config = GameConfig(4, 6)
    # 1 1 1 1 graded 2 black: exactly two 1s; 1 1 2 2 graded 2 black 0 white: the 1s are in places 1-2
    history = [((0, 0, 0, 0), (2, 0)), ((0, 0, 1, 1), (2, 0))]
    known = what_we_know(config, history)
    texts = [f.text(config) for f in known.facts]
    assert texts == ["1 is in place 1", "1 is in place 2", "2 is not in the code", "exactly 2 pegs are 1"]


def test_coach_facts__a_known_code_is_told_by_its_places_only() -> None:
    config = GameConfig(3, 4)
    known = what_we_know(config, [((0, 1, 2), (3, 0))])
    assert [f.text(config) for f in known.facts] == ["1 is in place 1", "2 is in place 2", "3 is in place 3"]


def test_coach_facts__words_for_grids_and_games_without_repeats() -> None:
    grid = GameConfig(colours=3, variant=GridVariant(2, 2))
    assert Fact(FactKind.FIXED, 2, 3).text(grid) == "3 is in row 2, column 2"
    assert Fact(FactKind.EXACTLY, 0, count=2).text(grid) == "exactly 2 cells are 1"
    norep = GameConfig(4, 6, duplicates=False)
    assert Fact(FactKind.EXACTLY, 9 - 9, count=1).text(norep) == "1 is in the code"
    assert Fact(FactKind.AT_LEAST, 9, count=2).text(GameConfig(4, 10)) == "at least 2 pegs are 0"
    assert Fact(FactKind.EXACTLY, 1, count=1).text(GameConfig(4, 6)) == "exactly 1 peg is 2"


def test_coach_facts__whole_space_without_repeats_at_full_colours_uses_every_colour() -> None:
    config = GameConfig(4, 4, duplicates=False)
    known = what_we_know(config, [])
    assert known.possible == 24
    assert {f.text(config) for f in known.facts} == {f"{c} is in the code" for c in "1234"}
    assert what_we_know(GameConfig(5, 8), []).facts == ()


def test_coach_facts__a_wrong_grade_leaves_no_code_and_says_so() -> None:
    with pytest.raises(NoCodeLeft):
        what_we_know(GameConfig(4, 6), [((0, 0, 0, 0), (4, 0)), ((1, 1, 1, 1), (1, 0))])


def decoded_facts(config: GameConfig, indices: np.ndarray) -> set[Fact]:
    """brute_facts over every code of `indices`, decoded whole and counted with numpy."""
    codes = decode(indices, config.pegs, config.colours)
    found = set()
    for place in range(config.pegs):
        seen = np.unique(codes[:, place])
        if seen.shape[0] == 1:
            found.add(Fact(FactKind.FIXED, int(seen[0]), place))
    for colour in range(config.colours):
        counts = (codes == colour).sum(axis=1)
        low, high = int(counts.min()), int(counts.max())
        if high == 0:
            found.add(Fact(FactKind.ABSENT, colour))
        elif low == high:
            found.add(Fact(FactKind.EXACTLY, colour, count=low))
        elif low >= 1:
            found.add(Fact(FactKind.AT_LEAST, colour, count=low))
    return found


@pytest.mark.parametrize("size, rows, seeds", [((5, 8), 1, range(8)), ((8, 10), 2, range(3))])
def test_coach_facts__streamed_scan_agrees_with_decoding_every_code(size, rows, seeds) -> None:
    config = GameConfig(*size)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        secret = tuple(rng.randrange(config.colours) for _ in range(config.pegs))
        history = [(g, brute_grade(g, secret)) for g in (random_code(config, rng) for _ in range(rows))]
        if seed % 2:  # a colour graded 0 0 is absent from every code: the scan must visit them all
            missing = next(c for c in range(config.colours) if c not in secret)
            history.append(((missing,) * config.pegs, (0, 0)))
        indices = consistent_indices(config, tuple(history))
        true_facts = decoded_facts(config, indices)
        expected = {f for f in true_facts if not implied(f, true_facts, config.pegs)}
        known = what_we_know(config, history)
        assert set(known.facts) == expected and known.possible == indices.shape[0]
        checked += indices.shape[0] > 4_096  # large enough for the sample-then-scan path
    assert checked >= 2


def random_code(config: GameConfig, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randrange(config.colours) for _ in range(config.pegs))


def test_coach_facts__huge_space_survey_agrees_with_its_listing() -> None:
    config = GameConfig(9, 8)
    rng = random.Random(5)
    checked = 0
    for _ in range(8):
        history = seeded_history(rng, config, 4)
        survey = run(survey_steps(config, history))
        if not 0 < survey.count <= 200_000:
            continue
        indices = run(survey.listing_steps())
        true_facts = decoded_facts(config, indices)
        expected = {f for f in true_facts if not implied(f, true_facts, config.pegs)}
        assert set(what_we_know(config, history).facts) == expected
        checked += 1
    assert checked >= 2


def test_coach_facts__pumped_in_small_steps_at_8x10() -> None:
    config = GameConfig(8, 10)
    history = [((0, 0, 0, 0, 1, 1, 1, 1), (0, 0)), ((2, 3, 4, 5, 2, 3, 4, 5), (1, 2))]
    clock = iter(range(10**9))
    pump = Pump(facts_steps(config, history, ruled_out_facts([0])), clock=lambda: next(clock) / 1000)
    calls = 0
    while not pump.pump(budget_ms=1):  # one step per call on this clock
        calls += 1
    assert pump.error is None and calls > 10
    assert Fact(FactKind.ABSENT, 1) in pump.answer.facts and Fact(FactKind.ABSENT, 0) not in pump.answer.facts


def test_coach_facts__a_code_the_first_sample_skips_still_breaks_a_fact() -> None:
    config = GameConfig(6, 8)
    # every code starting with 1 but one, then a single code starting with 2, last: the first pass
    # takes every 8th code and misses it, so only the full pass shows that place 1 is not fixed
    indices = np.concatenate([np.delete(np.arange(8**5), 5), [8**5 + 12_345]])
    sample = decode(indices[:: indices.shape[0] // facts.SAMPLE_CODES], 6, 8)
    assert (sample[:, 0] == 0).all()
    summary = facts.Summary.empty(config)
    run(facts._scan_steps(config, indices, summary, frozenset()))
    assert Fact(FactKind.FIXED, 0, 0) not in summary.facts()
    assert set(summary.facts()) == decoded_facts(config, indices)


@pytest.mark.parametrize(
    "config",
    [GameConfig(colours=3, variant=GridVariant(2, 3)), GameConfig(colours=2, variant=GridVariant(3, 3))],
    ids=["2x3x3", "3x3x2"],
)
def test_coach_facts__grid_facts_hold_for_every_grid_code_still_possible(config: GameConfig) -> None:
    rng = random.Random(31)
    codes = list(itertools.product(range(config.colours), repeat=config.pegs))
    for _ in range(40):
        secret = rng.choice(codes)
        history = [(g, config.variant.score(g, secret)) for g in rng.sample(codes, rng.randint(1, 3))]
        possible = [c for c in codes if all(config.variant.score(g, c) == f for g, f in history)]
        true_facts = brute_facts(possible, config.pegs, config.colours)
        expected = {f for f in true_facts if not implied(f, true_facts, config.pegs)}
        known = what_we_know(config, history)
        assert set(known.facts) == expected and known.possible == len(possible)


NO_REPEATS_4X6 = [code for code in ALL_4X6 if len(set(code)) == 4]


def test_coach_facts__without_repeats_no_fact_shown_is_implied_by_another_at_4x6() -> None:
    """A brute force over seeded 4x6 positions without repeats: every fact shown holds for every code
    still possible; none follows from another one shown (over every legal code: "3 is in the code"
    beside "3 is in place 2"); and every fact that holds is shown or follows from those shown."""
    config = GameConfig(4, 6, duplicates=False)
    rng = random.Random(6)
    fixed_and_present = 0
    for _ in range(400):
        secret = rng.choice(NO_REPEATS_4X6)
        history = []
        for _ in range(rng.randint(1, 3)):
            guess = rng.choice(NO_REPEATS_4X6)
            history.append((guess, brute_grade(guess, secret)))
        possible = [c for c in NO_REPEATS_4X6 if all(brute_grade(g, c) == f for g, f in history)]
        shown = what_we_know(config, history).facts
        for fact in shown:
            assert all(holds(fact, code) for code in possible), (history, fact)
            for other in shown:
                follows = all(holds(other, code) for code in NO_REPEATS_4X6 if holds(fact, code))
                assert other == fact or not follows, (history, f"{fact} implies {other}")
        said = [code for code in NO_REPEATS_4X6 if all(holds(f, code) for f in shown)]
        for fact in brute_facts(possible, 4, 6):
            assert all(holds(fact, code) for code in said), (history, f"{fact} is neither shown nor implied")
        fixed = {f.colour for f in brute_facts(possible, 4, 6) if f.kind is FactKind.FIXED}
        fixed_and_present += bool(fixed)
    assert fixed_and_present > 40  # positions where a colour is both fixed and in the code were met


@pytest.mark.parametrize("duplicates", [True, False], ids=["repeats", "no-repeats"])
def test_coach_facts__colour_counts_from_the_facts_match_every_code_still_possible(duplicates) -> None:
    """Per colour, the counts read back from the facts shown (implied ones put back) against a brute
    force over the codes still possible: exactly n where every code holds n, at least n where every
    code holds n or more and some more (the least there is), nothing said where some code has none and
    some have it."""
    config = GameConfig(4, 6, duplicates=duplicates)
    codes = ALL_4X6 if duplicates else NO_REPEATS_4X6
    rng = random.Random(31)
    met = Counter()
    for _ in range(200):
        secret = rng.choice(codes)
        history = []
        for _ in range(rng.randint(1, 4)):
            guess = rng.choice(codes)
            history.append((guess, brute_grade(guess, secret)))
        possible = [c for c in codes if all(brute_grade(g, c) == f for g, f in history)]
        known = facts.colour_counts_known(config, what_we_know(config, history).facts)
        for colour, said in enumerate(known):
            counts = {code.count(colour) for code in possible}
            if len(counts) == 1:
                expected = facts.ColourCount(counts.pop(), True)
            elif min(counts) >= 1:
                expected = facts.ColourCount(min(counts), False)
            else:
                expected = None
            assert said == expected, (history, colour)
            if said is None:
                met["nothing"] += 1
            else:
                met["absent" if said.absent else "exactly" if said.exact else "at least"] += 1
    assert met["absent"] > 20 and met["exactly"] > 20 and met["nothing"] > 20
    assert met["at least"] > 5 or not duplicates  # at least n: only where a colour can repeat
