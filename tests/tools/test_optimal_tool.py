"""tools/optimal.py and its search: tables are optimal (checked by a plain exhaustive search), well formed."""

import functools
import itertools
import json
import random

import pytest

from game.core.codes import score
from game.core.optimal import parse_table
from tools.optimal import main, optimal_table
from tools.optimal_search import INFINITE_COST, build_space, child_symmetry, first_guess_symmetry, tree_bound

SMALL_SIZES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5), (3, 4)]


def exhaustive_optimum(pegs, colours, duplicates=True, max_depth=None):
    """Fewest total guesses over all secrets: plain memoised minimisation over every guess, no pruning."""
    codes = [c for c in itertools.product(range(colours), repeat=pegs) if duplicates or len(set(c)) == pegs]
    grades = {(g, s): score(g, s) for g in codes for s in codes}
    win = (pegs, 0)
    depth_cap = max_depth if max_depth is not None else len(codes)

    @functools.cache
    def cost(cands, depth):
        if depth == 0:
            return INFINITE_COST
        best = INFINITE_COST
        for guess in codes:
            classes = {}
            for secret in cands:
                classes.setdefault(grades[guess, secret], []).append(secret)
            if len(classes) == 1 and win not in classes:
                continue  # learns nothing: the same position again
            total = len(cands)
            for grade, members in classes.items():
                if grade != win:
                    total += cost(tuple(members), depth - 1)
            best = min(best, total)
        return best

    return cost(tuple(codes), depth_cap)


def walk_totals(table, pegs, colours, duplicates=True):
    secrets = [c for c in itertools.product(range(colours), repeat=pegs) if duplicates or len(set(c)) == pegs]
    counts = table.guess_counts(secrets)
    return sum(counts), max(counts)


@pytest.mark.parametrize(("pegs", "colours"), SMALL_SIZES)
def test_optimal_table__total_matches_exhaustive_search(pegs, colours):
    table, summary = optimal_table(pegs, colours)
    expected = exhaustive_optimum(pegs, colours)
    assert summary["total"] == expected
    assert walk_totals(table, pegs, colours) == (expected, summary["worst"])


@pytest.mark.parametrize(("pegs", "colours", "cap"), [(3, 3, 3), (3, 4, 3), (2, 5, 3), (2, 4, 3)])
def test_optimal_table__capped_total_matches_exhaustive_search(pegs, colours, cap):
    expected = exhaustive_optimum(pegs, colours, max_depth=cap)
    if expected >= INFINITE_COST:
        with pytest.raises(ValueError, match="within"):
            optimal_table(pegs, colours, max_depth=cap)
        return
    table, summary = optimal_table(pegs, colours, max_depth=cap)
    total, worst = walk_totals(table, pegs, colours)
    assert (summary["total"], total) == (expected, expected)
    assert worst <= cap


def test_optimal_table__cap_that_cannot_be_met_raises():
    with pytest.raises(ValueError, match="within 2 guesses"):
        optimal_table(3, 3, max_depth=2)


# 2x6 and 2x8: most classes leave two or more colours unheld (guesses alike but for them weighed once)
@pytest.mark.parametrize(("pegs", "colours"), [(3, 4), (4, 4), (2, 6), (2, 8)])
def test_optimal_table__no_duplicates_matches_exhaustive_search(pegs, colours):
    table, summary = optimal_table(pegs, colours, duplicates=False)
    expected = exhaustive_optimum(pegs, colours, duplicates=False)
    assert summary["total"] == expected
    assert walk_totals(table, pegs, colours, duplicates=False)[0] == expected
    assert all(len(set(guess)) == pegs for guess in table.moves.values())


def test_tree_bound__never_exceeds_the_exhaustive_optimum_of_any_small_set():
    # Every subset of codes reached in a real game costs at least the bound for its size.
    pegs, colours = 2, 4
    codes = list(itertools.product(range(colours), repeat=pegs))
    bound = tree_bound(len(codes), len(build_space(pegs, colours).grades) - 1, None)
    for size in range(1, 7):
        for subset in itertools.islice(itertools.combinations(codes, size), 40):
            best = INFINITE_COST
            for guess in codes:
                parts = {}
                for secret in subset:
                    parts.setdefault(score(guess, secret), []).append(secret)
                # one level of exact lookahead, with 2s-1 for each class: itself a lower bound
                total = size + sum(2 * len(p) - 1 for g, p in parts.items() if g != (pegs, 0))
                best = min(best, total)
            assert bound[size] <= best


def test_tree_bound__with_the_most_classes_of_a_superset_never_exceeds_the_optimum_of_a_subset():
    # The search bounds each class with the most classes any guess leaves of its parent's codes.
    pegs, colours = 3, 5
    codes = [c for c in itertools.product(range(colours), repeat=pegs) if len(set(c)) == pegs]
    win = (pegs, 0)

    def classes(guess, members):
        parts = {}
        for secret in members:
            parts.setdefault(score(guess, secret), []).append(secret)
        return parts

    @functools.cache
    def cost(members):
        best = INFINITE_COST
        for guess in codes:
            parts = classes(guess, members)
            if len(parts) > 1 or win in parts:
                rest = sum(cost(tuple(p)) for g, p in parts.items() if g != win)
                best = min(best, len(members) + rest)
        return best

    plain = tree_bound(len(codes), len(build_space(pegs, colours, False).grades) - 1, None)
    rng = random.Random(5)
    checked = tight = 0
    for _ in range(30):
        parent = tuple(sorted(rng.sample(codes, rng.randint(6, 14))))
        most = max(len([g for g in classes(guess, parent) if g != win]) for guess in codes)
        bound = tree_bound(len(parent), most, None)
        for size in range(3, len(parent)):
            subset = tuple(sorted(rng.sample(parent, size)))
            assert bound[size] <= cost(subset), (parent, subset, most)
            checked += 1
            tight += bound[size] > plain[size]
    assert checked > 100 and tight > 0


def test_tree_bound__fills_levels_greedily():
    assert tree_bound(20, 13, None)[:16].tolist() == [0, 1, 3, 5] + [2 * s - 1 for s in range(4, 15)] + [30]
    assert tree_bound(20, 13, 2)[15] == INFINITE_COST  # 1 + 13 codes at most within 2 guesses


def test_main__writes_a_table_whose_header_says_how_it_was_made(tmp_path, capsys):
    out = tmp_path / "optimal_3x3.txt"
    assert main(["--pegs", "3", "--colours", "3", "--out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[0])
    text = out.read_text(encoding="utf-8")
    table = parse_table(text)
    assert (table.pegs, table.colours, table.duplicates) == (3, 3, True)
    assert table.header["total"] == str(summary["total"]) == str(exhaustive_optimum(3, 3))
    assert table.header["command"].startswith("python tools/optimal.py --pegs 3 --colours 3")
    assert "search seconds" in table.header and table.header["cap"] == "none"
    assert walk_totals(table, 3, 3) == (summary["total"], summary["worst"])


def brute_orbit_minimum(space, fixed_codes):
    """Smallest code index in each orbit of the permutations (positions x colours) fixing fixed_codes."""
    codes = [tuple(c) for c in space.codes.tolist()]
    index = {c: i for i, c in enumerate(codes)}
    best = list(range(len(codes)))
    for positions in itertools.permutations(range(space.pegs)):
        for colours in itertools.permutations(range(space.colours)):

            def act(code, positions=positions, colours=colours):
                return tuple(colours[code[positions[i]]] for i in range(space.pegs))

            if all(act(g) == g for g in fixed_codes):
                for i, code in enumerate(codes):
                    best[i] = min(best[i], index[act(code)])
    return best


def test_symmetry__canonical_guesses_are_the_orbit_minima_of_a_brute_force_group():
    space = build_space(3, 4)
    number = {tuple(c): i for i, c in enumerate(space.codes.tolist())}
    for history in [[], [(0, 0, 1)], [(0, 1, 2)], [(0, 0, 1), (1, 2, 2)], [(0, 1, 2), (3, 3, 0)]]:
        symmetry = first_guess_symmetry(space)
        for guess in history:
            symmetry = child_symmetry(space, symmetry, number[guess])
        expected = brute_orbit_minimum(space, history)
        if symmetry is None:
            assert expected == list(range(space.size)), history
        else:
            assert symmetry.canon(space).tolist() == expected, history


def test_main_index__lists_every_table_with_its_header_totals(tmp_path, capsys):
    runs = [("2", "3", []), ("3", "3", []), ("2", "3", ["--max-depth", "3"])]
    for pegs, colours, extra in runs:
        name = f"optimal_{pegs}x{colours}{'_cap3' if extra else ''}.txt"
        assert main(["--pegs", pegs, "--colours", colours, *extra, "--out", str(tmp_path / name)]) == 0
    capsys.readouterr()
    assert main(["--index", str(tmp_path)]) == 0
    text = (tmp_path / "README.md").read_text()
    lines = [line for line in text.splitlines() if line.startswith("| optimal_")]
    names = [line.split(" | ")[0] for line in lines]
    assert names == ["| optimal_2x3.txt", "| optimal_2x3_cap3.txt", "| optimal_3x3.txt"]
    assert lines[2].split(" | ")[5] == str(exhaustive_optimum(3, 3))
