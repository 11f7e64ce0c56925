"""Solver strategies: the registry, published figures at 4x6, the applet's walk-through."""

import ast
import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from game.core import space
from game.core.codes import code_index, decode, score, score_many
from game.core.config import GameConfig
from game.core.solver import Progress, run
from game.core.strategies import STRATEGIES, STRONGEST, UnknownStrategy, get, partition
from game.core.strategies.walk import node_rng, walk


def play(config, name, secret, seed=0):
    rng = random.Random(seed)
    history = []
    while len(history) < 40:
        guess = run(get(name).think(config, tuple(history), rng))
        feedback = score(guess, secret)
        history.append((guess, feedback))
        if feedback.black == config.pegs:
            break
    return [guess for guess, _ in history]


def test_registry__is_immutable_and_lists_names_when_unknown():
    assert STRONGEST in STRATEGIES
    with pytest.raises(TypeError):
        STRATEGIES["x"] = STRATEGIES["lowest"]  # type: ignore[index]
    with pytest.raises(UnknownStrategy, match="lowest"):
        get("nope")
    assert isinstance(UnknownStrategy("x"), ValueError)


def test_registry__optimal_falls_back_to_the_strongest_entry_itself():
    from game.core.strategies import optimal

    assert get(optimal.FALLBACK) is get(STRONGEST)
    assert get(STRONGEST).think is partition.think_entropy


def test_strategy_modules__never_import_the_registry_that_imports_them():
    # The registry (the package's __init__) imports every strategy module; one importing it back,
    # even inside a function, would be an import cycle.
    folder = Path(partition.__file__).parent
    submodules = {path.stem for path in folder.glob("*.py")}
    for path in folder.glob("*.py"):
        if path.stem == "__init__":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                assert {alias.name for alias in node.names} <= submodules, path.name
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
                assert node.module != "game.core.strategies", path.name
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert node.module != "strategies", path.name


def test_lowest__applet_walk_through_3x3_ends_with_021():
    assert play(GameConfig(3, 3), "lowest", (0, 2, 1)) == [(0, 0, 0), (0, 1, 1), (0, 1, 2), (0, 2, 1)]


def test_lowest__all_4x6_secrets_total_7471_max_9_played_game_by_game():
    config = GameConfig(4, 6)
    lengths = [len(play(config, "lowest", secret)) for secret in itertools.product(range(6), repeat=4)]
    assert (sum(lengths), max(lengths)) == (7471, 9)


PUBLISHED_4X6 = {
    # name: (total guesses over all 1296 secrets counting the final one, worst case, histogram or None)
    "lowest": (7471, 9, [1, 4, 25, 108, 305, 602, 196, 49, 6]),
    "knuth": (5801, 5, [1, 6, 62, 533, 694]),
    "irving": (5696, 6, None),
    "entropy": (5722, 6, None),
    "most-parts": (5668, 6, None),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED_4X6))
def test_strategy__all_4x6_secrets_match_the_published_figures(name):
    games = walk(GameConfig(4, 6), get(name).think, np.arange(1296))
    lengths = [len(game.guesses) for game in games]
    total, worst, histogram = PUBLISHED_4X6[name]
    assert (sum(lengths), max(lengths)) == (total, worst)
    if histogram is not None:
        assert np.bincount(lengths)[1:].tolist() == histogram


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategy__solves_every_4x6_secret_within_the_classic_limit(name):
    config = GameConfig(4, 6)
    games = walk(config, get(name).think, np.arange(1296), seed=7)
    assert all(game.solved and len(game.guesses) <= config.turns for game in games)
    assert all(game.secret == game.guesses[-1] for game in games)
    for game in games[::97]:
        for turn, guess in enumerate(game.guesses):
            assert score(guess, game.secret) == game.feedback[turn]


def test_walk__gives_the_same_guesses_as_playing_one_game_at_a_time():
    config = GameConfig(4, 6)
    secrets = [(0, 1, 2, 3), (5, 5, 4, 0), (2, 2, 2, 2)]
    indices = np.array([code_index(s, 6) for s in secrets])
    for name in ("random", "entropy", "lowest-random-first"):
        games = walk(config, get(name).think, indices, seed=11)
        for secret, game in zip(secrets, games, strict=True):
            history = []
            while not history or history[-1][1].black < 4:
                guess = run(get(name).think(config, tuple(history), node_rng(11, history)))
                history.append((guess, score(guess, secret)))
            assert tuple(h[0] for h in history) == game.guesses


def test_first_guesses__are_the_published_ones_at_4x6():
    config = GameConfig(4, 6)
    expected = {"knuth": (0, 0, 1, 1), "irving": (0, 0, 1, 2), "entropy": (0, 1, 2, 3)}
    expected |= {"most-parts": (0, 0, 1, 2), "random": (0, 0, 1, 1), "lowest": (0, 0, 0, 0)}
    for name, first in expected.items():
        assert run(get(name).think(config, (), random.Random(0))) == first


def test_symmetry__pool_reduction_does_not_change_the_choice():
    config = GameConfig(4, 6)
    rng = random.Random(5)
    for _ in range(12):
        secret = tuple(rng.randrange(6) for _ in range(4))
        history = [((0, 0, 1, 1), score((0, 0, 1, 1), secret))]
        consistent = space.consistent_indices(config, history)
        everything = np.arange(1296)
        for criterion in (
            partition.largest_part,
            partition.sum_of_squares,
            partition.negative_information,
            partition.negative_parts,
        ):
            chosen = run(partition.think_partition(config, history, random.Random(0), criterion=criterion))
            grades = space.score_table(GameConfig(4, 6))[everything[:, None], consistent[None, :]]
            counts = np.stack([np.bincount(row, minlength=25) for row in grades])
            scores = criterion(counts)
            ties = np.flatnonzero(partition._ties(scores, criterion))
            fits = ties[np.isin(ties, consistent)]
            assert code_index(chosen, 6) == (fits[0] if fits.shape[0] else ties[0])


def test_strategies__report_possible_codes_before_returning():
    config = GameConfig(4, 6)
    history = (((0, 0, 1, 1), score((0, 0, 1, 1), (2, 3, 1, 0))),)
    for name, info in STRATEGIES.items():
        updates = []
        gen = info.think(config, history, random.Random(1))
        try:
            while True:
                updates.append(next(gen))
        except StopIteration as stop:
            guess = stop.value
        assert all(isinstance(p, Progress) for p in updates), name
        assert any(p.possible == 208 for p in updates), name
        assert config.is_legal(guess), name


def test_strategies__respect_no_duplicates():
    config = GameConfig(4, 6, duplicates=False)
    for name in STRATEGIES:
        for secret in [(0, 1, 2, 3), (5, 4, 3, 2), (1, 3, 5, 0)]:
            guesses = play(config, name, secret, seed=3)
            assert guesses[-1] == secret, name
            assert all(len(set(g)) == 4 for g in guesses), name


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategy__streams_a_space_too_large_to_list_and_still_solves(name):
    config = GameConfig(6, 7)  # 117649 codes: above SMALL_SPACE_CODES, so the head x tail path
    assert not space.is_small(config)
    secrets = np.array([code_index(s, 7) for s in [(0, 1, 2, 3, 4, 5), (6, 6, 0, 3, 3, 1)]])
    games = walk(config, get(name).think, secrets, seed=2)
    assert all(game.solved and len(game.guesses) <= config.turns for game in games)


def test_consistent_only_variants__play_only_codes_that_could_be_the_secret():
    for config in (GameConfig(4, 6), GameConfig(6, 7), GameConfig(5, 7, duplicates=False)):
        secret = tuple(range(config.pegs))[::-1]
        for name in ("knuth-consistent", "entropy-consistent", "most-parts-consistent", "lowest", "random"):
            game = walk(config, get(name).think, np.array([code_index(secret, config.colours)]), seed=4)[0]
            for turn, guess in enumerate(game.guesses):
                history = list(zip(game.guesses[:turn], game.feedback[:turn], strict=True))
                assert all(score(g, guess) == fb for g, fb in history), (name, guess)


def test_partition__large_space_weighs_every_code_like_a_brute_force_from_six_codes_left():
    # 6x7 is past the listed small spaces, so its pools are samples while many codes are left; from
    # 6 left up to every code weighed exactly (EVAL_CAP), the choice must be the best of all 117,649
    # codes under the tie rule, found here by grading every code against each code still possible.
    config = GameConfig(6, 7)
    rng = random.Random(3)
    codes = decode(np.arange(7**6), 6, 7)
    checked = []
    for most in (400, 150, 60, 25, 12, 8):
        secret = tuple(rng.randrange(7) for _ in range(6))
        history: list = []
        consistent = np.arange(7**6)
        while consistent.shape[0] > most:  # entropy's own guesses (random ones, slower) until few are left
            guess = run(
                partition.think_partition(
                    config, history, random.Random(len(history)), criterion=partition.negative_information
                )
            )
            if most > 60:
                guess = tuple(rng.randrange(7) for _ in range(6))
            history.append((guess, score(guess, secret)))
            consistent = space.consistent_indices(config, history)
        if consistent.shape[0] < partition.EVERY_CODE_MIN_LEFT:
            continue
        chosen = run(
            partition.think_partition(
                config, history, random.Random(9), criterion=partition.negative_information
            )
        )
        grades = np.stack([score_many(tuple(codes[i]), codes, 7) for i in consistent], axis=1)
        counts = np.stack([np.bincount(row, minlength=49) for row in grades])
        ties = np.flatnonzero(
            partition._ties(partition.negative_information(counts), partition.negative_information)
        )
        fits = ties[np.isin(ties, consistent)]
        assert code_index(chosen, 7) == (fits[0] if fits.shape[0] else ties[0])
        checked.append(consistent.shape[0])
    assert len(checked) >= 4 and max(checked) > 60, checked


def test_first_guesses__at_5x8_are_the_opening_that_plays_fewest_guesses():
    config = GameConfig(5, 8)
    for name in ("entropy", "knuth", "irving", "most-parts"):
        assert run(get(name).think(config, (), random.Random(0))) == (0, 0, 1, 1, 2)


@pytest.mark.parametrize(
    "criterion",
    [
        partition.largest_part,
        partition.sum_of_squares,
        partition.negative_information,
        partition.negative_parts,
    ],
)
def test_partition__5x8_node_larger_than_the_sample_cap_chooses_like_a_brute_force(criterion):
    # A listed space weighs every code left, however many: the choice is the best split of all of
    # them over every code of the space, a code that could be the secret first, then the lowest.
    from game.core.kernels import part_counts, scorer_for

    config = GameConfig(5, 8)
    everything = np.arange(8**5)
    codes = decode(everything, 5, 8)
    opening = (0, 0, 1, 1, 2)
    grades = score_many(opening, codes, 8)
    sizes = np.bincount(grades)
    # the smallest part the opening leaves that is still larger than the sample cap of large spaces
    packed = min((int(g) for g in np.flatnonzero(sizes > partition.EVAL_CAP)), key=lambda g: sizes[g])
    history = ((opening, tuple(config.variant.unpack(packed))),)
    consistent = everything[grades == packed]
    chosen = run(partition.think_partition(config, history, random.Random(0), criterion=criterion))
    scorer = scorer_for(5, 8)
    ids = scorer.multiset_ids(codes)
    columns = np.ascontiguousarray(codes[consistent].T)
    scores = np.concatenate(
        [
            criterion(
                part_counts(
                    np.ascontiguousarray(
                        scorer.grades(
                            codes[start : start + 2048], ids[start : start + 2048], columns, ids[consistent]
                        )
                    ),
                    31,
                )
            )
            for start in range(0, everything.shape[0], 2048)
        ]
    )
    ties = np.flatnonzero(partition._ties(scores, criterion))
    fits = ties[np.isin(ties, consistent)]
    assert code_index(chosen, 8) == (fits[0] if fits.shape[0] else ties[0])


@pytest.mark.parametrize(
    "name", ["knuth", "most-parts-consistent", "lowest", "lowest-random-first", "random"]
)
def test_walk__complete_walk_plays_the_games_of_a_walk_that_asks_at_every_node(name):
    # A complete walk plays the lower of the last two codes itself for the strategies marked so
    # (solver.lowest_of_last_two); `random` is not marked and is asked everywhere.
    config = GameConfig(4, 5)
    secrets = np.arange(config.code_count)
    think = get(name).think
    assert walk(config, think, secrets, seed=3, complete=True) == walk(config, think, secrets, seed=3)
