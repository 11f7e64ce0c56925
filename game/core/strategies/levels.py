"""A complete walk (walk.py) a turn at a time: every secret still playing moves one guess a turn.

With the secrets of every node exactly its consistent codes, the secrets are grouped by node each
turn, and only the nodes a strategy must be asked at cost a Python call:
- a strategy that plays the lower of the last one or two codes (solver.lowest_of_last_two) is not
  asked there: most nodes of a whole tree are such, and their guesses are read off in one numpy pass;
- nor is one that plays the first code left splitting them into singletons (solver.
  first_perfect_split) where a code does: the nodes of each size are graded member against member
  in one block (the row's grades; other variants node by node).
Given a decider (`decide`, a LevelDecider: tools/compiled_nodes.py compiles one), the nodes where
the strategy's choice is the tie rule's over every code (partition.exact_rule) are decided a turn at
a time in one call. A strategy that hands over to another below some depth (solver.hands_over:
`optimal` below its book) is treated as that one there.
Each secret is graded against its node's guess in one pass per turn (the row's grades; other
variants node by node). A node's history is made only where the strategy is asked there (read off
one of its secrets' rows), and the games are kept as arrays (Played): a sweep reads its totals off
them and makes Game objects only for a trace.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

import numpy as np

from ..codes import code_index, colour_counts, decode, index_code
from ..config import GameConfig
from ..headtail import sorted_unique
from ..solver import History, Think, plays_first_perfect_split, plays_lowest_of_last_two, think_at
from ..variants.row import RowVariant
from .games import Played, Runner, _Grader, _seed_text, _SeededOnFirstUse
from .partition import ExactRule, exact_rule


class LevelDecider(Protocol):
    """Decides a turn's nodes under an ExactRule in one call: `codes` are the code numbers of every
    secret still playing, grouped by node (ascending in each; node i is codes[firsts[i]:firsts[i] +
    sizes[i]], exactly its codes left), `played` each node's colours guessed so far as bits (colour c
    is 1 << c); returns the guess (a code number) of each node in `nodes`."""

    def __call__(
        self,
        config: GameConfig,
        rule: ExactRule,
        codes: np.ndarray,
        firsts: np.ndarray,
        sizes: np.ndarray,
        nodes: np.ndarray,
        played: np.ndarray,
    ) -> np.ndarray: ...


def _perfect_splits(
    grade_of: _Grader,
    row: bool,
    members: np.ndarray,
    firsts: np.ndarray,
    sizes: np.ndarray,
    nodes: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Of the given nodes, those where a member's grades against every member differ, and the first
    such member of each (an index into the walk's secrets)."""
    config = grade_of.config
    found_nodes, found_members = [], []
    for size in sorted_unique(sizes[nodes]).tolist():
        same = nodes[sizes[nodes] == size]
        if not row:  # node by node, the variant's grades
            for node in same.tolist():
                here = members[firsts[node] : firsts[node] + size]
                codes, counts = grade_of.codes[here], grade_of.counts[here]
                grades = config.variant.grades_between(codes, counts, codes, counts)
                ordered = np.sort(grades, axis=1)
                distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
                if distinct.any():
                    found_nodes.append(np.array([node]))
                    found_members.append(here[np.argmax(distinct)][None])
            continue
        block = members[firsts[same][:, None] + np.arange(size)]  # (nodes, size) secrets
        codes, counts = grade_of.codes[block], grade_of.counts[block]
        # black * (pegs + 1) + common: one number per (black, common), so one per grade
        grades = (codes[:, :, None, :] == codes[:, None, :, :]).sum(axis=3, dtype=np.uint8)
        grades *= np.uint8(config.pegs + 1)
        grades += np.minimum(counts[:, :, None, :], counts[:, None, :, :]).sum(axis=3, dtype=np.uint8)
        grades.sort(axis=2)
        distinct = (grades[:, :, 1:] != grades[:, :, :-1]).all(axis=2)
        has = distinct.any(axis=1)
        found_nodes.append(same[has])
        found_members.append(block[has, np.argmax(distinct[has], axis=1)])
    if not found_nodes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(found_nodes), np.concatenate(found_members)


def _colour_bits(codes: np.ndarray, config: GameConfig) -> np.ndarray:
    """(n,) code numbers -> (n,) int64: the colours each uses, as bits."""
    pegs = decode(codes, config.pegs, config.colours).astype(np.int64)
    return np.bitwise_or.reduce(np.left_shift(1, pegs), axis=1)


def walk_levels(
    config: GameConfig,
    think: Think,
    secrets: np.ndarray,
    grade_of: _Grader,
    seed: int,
    max_turns: int,
    runner: Runner,
    on_node: Callable[[int, int], None] | None,
    start: History,
    decide: LevelDecider | None = None,
) -> Played:
    """walk() of a complete set of secrets (sorted, every legal code consistent with `start`, which
    is not over yet), as arrays; `decide` plays the nodes its rule covers (module docstring)."""
    variant = config.variant
    win = variant.win
    count = secrets.shape[0]
    # graded the row's way (black per place plus colours in common): in one pass over every secret
    row = type(variant).grades_between is RowVariant.grades_between and type(variant).pack is RowVariant.pack
    grade_span = variant.grade_count
    if grade_of.counts is None:
        grade_of.counts = colour_counts(grade_of.codes, config.colours)
    played = np.full((count, max(1, max_turns)), -1, dtype=np.int64)  # code numbers
    graded = np.full(played.shape, -1, dtype=np.int64)  # packed grades
    for column, (guess, feedback) in enumerate(start):
        played[:, column] = code_index(guess, config.colours)
        graded[:, column] = variant.pack(feedback)
    turns = np.zeros(count, dtype=np.int64)
    won = np.zeros(count, dtype=bool)
    members = np.arange(count)  # the secrets still playing, grouped by node, ascending in each
    node_of = np.zeros(count, dtype=np.int64)

    def history_of(secret: int, turn: int) -> History:
        """The history every secret of this one's node shares (read off its row of the arrays)."""
        columns = slice(len(start), turn)
        guessed, grades = played[secret, columns].tolist(), graded[secret, columns].tolist()
        return start + tuple(
            (index_code(guess, config.pegs, config.colours), variant.unpack(grade))
            for guess, grade in zip(guessed, grades, strict=True)
        )

    # each node's colours played so far, as bits (for a decider's colour symmetry)
    colours_played = np.array([np.bitwise_or.reduce(_colour_bits(played[0, : len(start)], config))])

    def rule_at(turn: int) -> ExactRule | None:
        return exact_rule(config, think_at(think, config, turn)) if decide is not None and turn else None

    rule = rule_at(len(start))
    finished = 0
    for turn in range(len(start), max_turns):
        here_think = think_at(think, config, turn)
        lowest_last = plays_lowest_of_last_two(here_think)
        perfect_up_to = variant.grade_count if plays_first_perfect_split(here_think) else 0
        sizes = np.bincount(node_of)
        firsts = np.cumsum(sizes) - sizes
        guesses = np.empty(sizes.shape[0], dtype=np.int64)
        asked = np.ones(sizes.shape[0], dtype=bool)
        if lowest_last and turn:  # members ascend: the first of a node is its lowest code
            asked = sizes > 2
            guesses[~asked] = secrets[members[firsts[~asked]]]
        if rule is not None:
            nodes = np.flatnonzero(asked & (sizes >= rule.fewest) & (sizes <= rule.most))
            if nodes.shape[0]:
                guesses[nodes] = decide(config, rule, secrets[members], firsts, sizes, nodes, colours_played)
                asked[nodes] = False
        if turn and perfect_up_to:
            small = np.flatnonzero(asked & (sizes > 2) & (sizes <= perfect_up_to))
            nodes, firsts_perfect = _perfect_splits(grade_of, row, members, firsts, sizes, small)
            guesses[nodes] = secrets[firsts_perfect]
            asked[nodes] = False
        for node in np.flatnonzero(asked).tolist():
            first, size = int(firsts[node]), int(sizes[node])
            here = members[first : first + size]
            history = history_of(int(here[0]), turn)
            if turn:
                variant.remember_consistent(config, history, secrets[here])
            rng = _SeededOnFirstUse(functools.partial(_seed_text, seed, history))
            guess = tuple(int(p) for p in runner(here_think(config, history, rng)))
            guesses[node] = code_index(guess, config.colours)
            if on_node is not None:
                on_node(finished, count)
        guess_of = guesses[node_of]
        if row:  # black * pegs + common, as codes.grades_between packs them
            guess_codes = decode(guess_of, config.pegs, config.colours)
            grades = (guess_codes == grade_of.codes[members]).sum(axis=1, dtype=np.int64) * config.pegs
            guess_counts = colour_counts(decode(guesses, config.pegs, config.colours), config.colours)
            common = np.minimum(guess_counts[node_of], grade_of.counts[members])
            grades += common.sum(axis=1, dtype=np.int64)
        else:
            grades = np.empty(members.shape[0], dtype=np.int64)
            for node, guess in enumerate(guesses.tolist()):
                here = slice(int(firsts[node]), int(firsts[node] + sizes[node]))
                grades[here] = grade_of(index_code(guess, config.pegs, config.colours), members[here])
        played[members, turn] = guess_of
        graded[members, turn] = grades
        going = grades != win if turn + 1 < max_turns else np.zeros(members.shape[0], dtype=bool)
        turns[members[~going]] = turn + 1
        won[members[grades == win]] = True
        finished += int(members.shape[0] - np.count_nonzero(going))
        if on_node is not None:
            on_node(finished, count)
        if not going.any():
            break
        keys = node_of[going] * grade_span + grades[going]
        ordered = np.argsort(keys, kind="stable")  # members stay ascending within each child
        members, keys = members[going][ordered], keys[ordered]
        new = np.ones(keys.shape[0], dtype=bool)
        new[1:] = keys[1:] != keys[:-1]
        node_of = np.cumsum(new) - 1
        parents = keys[new] // grade_span
        if decide is not None:
            colours_played = colours_played[parents] | _colour_bits(guesses, config)[parents]
        rule = rule_at(turn + 1)
    return Played(config, grade_of.codes, played, graded, turns, won)
