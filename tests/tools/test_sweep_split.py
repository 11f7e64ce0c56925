"""tools/sweep.py's split in-process: subtrees walked from a root with their consistent sets handed to
the cache play the games of one whole walk; node rngs seeded on first use draw as eagerly seeded
ones; workers that forbid glibc to keep freed memory get it back only while they walk. The compiled
node decider (tools/compiled_nodes.py, where numba is installed) plays the numpy walk's games; without
numba the sweep plays the numpy path; the game never imports numba."""

import json
import random
import subprocess
import sys

import numpy as np
import pytest

from game.core.codes import code_index, decode
from game.core.config import GameConfig
from game.core.optimal import StrategyTable
from game.core.strategies import STRATEGIES, get
from game.core.strategies.optimal import make_think
from game.core.strategies.partition import exact_rule
from game.core.strategies.walk import _SeededOnFirstUse, node_rng, walk
from game.core.variants import variant_from_name
from game.tables import bind
from tools import sweep


@pytest.mark.parametrize("size", [(4, 5), (5, 5)])  # a score table; node tables (3125 codes, no table)
def test_walk__subtrees_from_a_root_with_complete_sets_play_the_games_of_one_walk(size):
    config = GameConfig(*size)
    secrets = np.arange(config.code_count)
    think = get("entropy").think
    whole = walk(config, think, secrets, seed=4)
    assert walk(config, think, secrets, seed=4, complete=True) == whole
    tasks = sweep.split_tasks(config, "entropy", secrets, 4, sweep.Pump(False), complete=True)
    sizes = [task.secrets.shape[0] for task in tasks]
    assert sum(sizes) == config.code_count and sizes == sorted(sizes, reverse=True)
    for task in tasks:
        packed, _ = sweep.play_subtree(task)
        games = sweep.unpack_games(config, task.secrets, packed)
        assert games == [whole[int(secret)] for secret in task.secrets]


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_walk__a_complete_walk_plays_every_strategy_as_asking_it_at_every_node(name):
    # The complete walk plays the last two codes and the first singleton split without asking the
    # strategies marked for it; asked at every node, they play the same games.
    config = GameConfig(4, 5)
    secrets = np.arange(config.code_count)
    think = bind(get(name)).think
    assert walk(config, think, secrets, seed=2, complete=True) == walk(config, think, secrets, seed=2)


@pytest.mark.parametrize(
    ("variant", "name"),
    [("bulls-and-cows:3", "entropy"), ("grid:2x3", "knuth"), ("word-marks", "most-parts-consistent")],
)
def test_walk__a_complete_walk_of_every_variant_plays_the_games_of_one_asked_at_every_node(variant, name):
    # The variants whose grades are not the row's are graded node by node in a complete walk.
    config = GameConfig(colours=3, variant=variant_from_name(variant))
    if variant.startswith("bulls"):
        config = GameConfig(colours=10, duplicates=False, variant=variant_from_name(variant))
    secrets = sweep.pick_secrets(config, None, 0)
    think = get(name).think
    assert walk(config, think, secrets, seed=1, complete=True) == walk(config, think, secrets, seed=1)


def test_walk__a_root_that_already_won_ends_those_games_there():
    config = GameConfig(4, 5)
    first = (0, 0, 1, 2)
    root = ((first, (4, 0)),)
    games = walk(config, get("entropy").think, np.array([code_index(first, 5)]), root=root, complete=True)
    assert [(game.guesses, game.solved) for game in games] == [((first,), True)]


def test_walk__complete_needs_sorted_distinct_secrets():
    with pytest.raises(ValueError, match="sorted"):
        walk(GameConfig(3, 4), get("lowest").think, np.array([5, 3]), complete=True)


@pytest.mark.parametrize(
    "draw",
    [
        lambda r: r.getrandbits(64),
        lambda r: r.random(),
        lambda r: [r.randrange(1000) for _ in range(5)],
        lambda r: r.sample(range(50), 10),
        lambda r: r.gauss(0, 1),
        lambda r: r.randbytes(9),
        lambda r: r.getstate(),
    ],
)
def test_seeded_on_first_use__draws_as_random_seeded_with_the_same_text(draw):
    history = (((0, 0, 1, 1), (1, 2)), ((2, 3, 4, 5), (0, 1)))
    eager, lazy = node_rng(7, history), _SeededOnFirstUse("7|0011=1,2;2345=0,1")
    assert draw(lazy) == draw(eager)
    assert draw(lazy) == draw(eager)  # and on from there, as a plain Random
    assert type(lazy) is random.Random


def test_numpy_friendly_malloc__lifts_a_workers_trim_threshold_only_while_inside(monkeypatch):
    calls = []
    monkeypatch.setattr(sweep, "_mallopt", lambda: lambda param, value: calls.append((param, value)))
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    with sweep.numpy_friendly_malloc():
        assert calls == []  # glibc's own dynamic thresholds are left alone
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")  # as Dask's nanny starts its workers
    with sweep.numpy_friendly_malloc():
        assert calls == [(sweep.M_MMAP_THRESHOLD, 32 << 20), (sweep.M_TRIM_THRESHOLD, 64 << 20)]
    assert calls[2:] == [(sweep.M_MMAP_THRESHOLD, 128 << 10), (sweep.M_TRIM_THRESHOLD, 65536)]


class _Counted:
    """A LevelDecider that counts the nodes it was handed (so a test knows the compiled path played)."""

    def __init__(self, decide) -> None:
        self.decide = decide
        self.nodes = 0

    def __call__(self, config, rule, codes, firsts, sizes, nodes, played):
        self.nodes += nodes.shape[0]
        return self.decide(config, rule, codes, firsts, sizes, nodes, played)


def _compiled():
    return _Counted(pytest.importorskip("tools.compiled_nodes", reason="numba is not installed").decide)


def _secrets_below(config: GameConfig, root) -> np.ndarray:
    """Every code consistent with `root` (sorted), as a complete walk from it takes them."""
    secrets = np.arange(config.code_count)
    codes = decode(secrets, config.pegs, config.colours)
    keep = np.ones(secrets.shape[0], dtype=bool)
    for guess, feedback in root:
        keep &= config.variant.score_many(guess, codes, config.colours) == config.variant.pack(feedback)
    return secrets[keep]


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_compiled_walk__plays_the_numpy_walks_games_for_every_strategy_at_4x6(name):
    config = GameConfig(4, 6)
    secrets = np.arange(config.code_count)
    think = bind(get(name)).think
    decide = _compiled()
    compiled = walk(config, think, secrets, seed=3, complete=True, decide=decide)
    assert compiled == walk(config, think, secrets, seed=3, complete=True)
    assert (decide.nodes > 0) == (exact_rule(config, think) is not None)


# Below 00112 (the partition rules' opening at 5x8) and a second guess: subtrees of 100-300 codes.
ROOTS_5X8 = [
    (((0, 0, 1, 1, 2), (2, 1)), ((1, 3, 3, 4, 5), (0, 1))),
    (((0, 0, 1, 1, 2), (2, 0)), ((0, 3, 4, 5, 6), (1, 1))),
    (((0, 0, 1, 1, 2), (2, 0)), ((3, 3, 4, 4, 5), (0, 0))),
]


@pytest.mark.parametrize("name", ["entropy", "knuth", "most-parts", "irving", "entropy-consistent"])
@pytest.mark.parametrize("root", ROOTS_5X8, ids=["a", "b", "c"])
def test_compiled_walk__plays_the_numpy_walks_games_below_two_guesses_at_5x8(name, root):
    config = GameConfig(5, 8)
    secrets = _secrets_below(config, root)
    think = get(name).think
    decide = _compiled()
    compiled = walk(config, think, secrets, seed=5, root=root, complete=True, decide=decide)
    assert compiled == walk(config, think, secrets, seed=5, root=root, complete=True)
    assert decide.nodes > 0 and 100 <= secrets.shape[0] <= 300


def test_compiled_walk__plays_the_numpy_walks_games_in_a_6x9_subtree():
    # Entropy weighs every code at 6x9 from 6 to 3,000 codes left: those nodes are compiled.
    config = GameConfig(6, 9)
    root = (((0, 0, 1, 1, 2, 3), (2, 0)), ((1, 4, 4, 5, 6, 7), (0, 0)))
    secrets = _secrets_below(config, root)
    think = get("entropy").think
    decide = _compiled()
    compiled = walk(config, think, secrets, seed=0, root=root, complete=True, decide=decide)
    assert compiled == walk(config, think, secrets, seed=0, root=root, complete=True)
    assert decide.nodes > 0


def test_compiled_walk__plays_a_tables_fallback_below_its_deepest_move():
    # A table of the first guess only: below it `optimal` hands over to entropy, which is compiled.
    config = GameConfig(4, 6)
    think = make_think([StrategyTable(4, 6, True, {(): (0, 0, 1, 1)})])
    secrets = np.arange(config.code_count)
    decide = _compiled()
    compiled = walk(config, think, secrets, seed=1, complete=True, decide=decide)
    assert compiled == walk(config, think, secrets, seed=1)  # asked at every node
    assert decide.nodes > 0 and {game.guesses[0] for game in compiled} == {(0, 0, 1, 1)}


def _sweep_json(capsys, *argv) -> dict:
    assert sweep.main([*argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_sweep__without_numba_plays_the_numpy_path_with_the_same_games(monkeypatch, capsys, tmp_path):
    argv = ["--pegs", "4", "--colours", "5", "--strategy", "irving", "--all"]
    compiled = _sweep_json(capsys, *argv, "--trace", str(tmp_path / "a.jsonl"))
    monkeypatch.setitem(sys.modules, "numba", None)  # as if not installed: importing it fails
    monkeypatch.delitem(sys.modules, "tools.compiled_nodes", raising=False)
    assert sweep.level_decider("auto") is None and not sweep.numba_installed()
    numpy = _sweep_json(capsys, *argv, "--trace", str(tmp_path / "b.jsonl"))
    assert numpy["engine"] == "numpy"
    assert {key: numpy[key] for key in ("total_guesses", "max", "histogram")} == {
        key: compiled[key] for key in ("total_guesses", "max", "histogram")
    }
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert sweep.main([*argv, "--engine", "numba"]) == 2  # insisting on it says what is missing


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("name", ["knuth", "lowest"])
def test_sweep__the_json_says_which_nodes_compiled_code_decided(capsys, name, jobs):
    # Knuth's rule is exact at 4x6, so compiled code decides its nodes of 3 codes or more; no exact
    # rule covers `lowest`, so however numba is installed its every node is the strategy's.
    pytest.importorskip("tools.compiled_nodes", reason="numba is not installed")
    argv = ["--pegs", "4", "--colours", "6", "--strategy", name, "--all", "--jobs", jobs]
    result = _sweep_json(capsys, *argv)
    numpy = _sweep_json(capsys, *argv, "--engine", "numpy")
    assert numpy["engine"] == "numpy" and numpy["nodes_compiled"] == 0 and numpy["nodes_strategy"] > 0
    covered = exact_rule(GameConfig(4, 6), get(name).think) is not None
    assert result["engine"] == ("numba" if covered else "numpy")
    assert (result["nodes_compiled"] > 0) == covered
    # the same tree: each node compiled code decides is one the strategy is not asked at (or one a
    # code left splitting into singletons would have settled without asking)
    assert result["histogram"] == numpy["histogram"]
    if covered:
        assert result["nodes_strategy"] < numpy["nodes_strategy"]
        assert result["nodes_strategy"] + result["nodes_compiled"] >= numpy["nodes_strategy"]
    else:
        assert result["nodes_strategy"] == numpy["nodes_strategy"]


def test_game__starting_the_app_and_its_solvers_imports_no_numba():
    code = (
        "import sys, game.app, game.tables, game.core.strategies.levels\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite', 'tools')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
